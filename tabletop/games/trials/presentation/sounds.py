"""The sound each Trials event makes (names from tabletop.table.sound); the table plays them."""

from tabletop.table.sound import CARD_DRAWN, CARD_PLAYED, DAMAGE

SOUNDS = {
    "play": CARD_PLAYED,
    "attach": CARD_PLAYED,
    "draw": CARD_DRAWN,
    "scout": CARD_DRAWN,
    "attack": DAMAGE,
    "damage": DAMAGE,
    "lose_hp": DAMAGE,
    "fall": DAMAGE,
}
