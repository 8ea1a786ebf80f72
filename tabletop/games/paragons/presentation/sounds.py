"""The sound each Paragons event makes (names from tabletop.table.sound); the table plays them."""

from tabletop.table.sound import CARD_DRAWN, CARD_PLAYED, DAMAGE, PIECE_MOVED

SOUNDS = {
    "declare_play": CARD_PLAYED,
    "recruit": CARD_PLAYED,
    "draw": CARD_DRAWN,
    "enter": PIECE_MOVED,
    "garrison": PIECE_MOVED,
    "strike": DAMAGE,
    "cast": DAMAGE,
    "clash": DAMAGE,
    "damage": DAMAGE,
    "destroy": DAMAGE,
}
