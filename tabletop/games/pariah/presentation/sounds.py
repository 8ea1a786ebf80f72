"""The sound each Pariah event makes (names from tabletop.table.sound); the table plays them."""

from tabletop.table.sound import CARD_DRAWN, CARD_PLAYED, DAMAGE, DICE_ROLLED

SOUNDS = {
    "deploy": CARD_PLAYED,
    "revive": CARD_PLAYED,
    "evolve": CARD_PLAYED,
    "equip": CARD_PLAYED,
    "consumable": CARD_PLAYED,
    "relic_draw": CARD_DRAWN,
    "dice": DICE_ROLLED,
    "damage": DAMAGE,
    "destroyed": DAMAGE,
}
