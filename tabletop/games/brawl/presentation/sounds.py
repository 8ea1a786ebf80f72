"""The sound each Champions' Brawl event makes (names from tabletop.table.sound); the table
plays them."""

from tabletop.table.sound import CARD_DRAWN, CARD_PLAYED, DAMAGE, PIECE_MOVED

SOUNDS = {
    "play": CARD_PLAYED,
    "lay_trap": CARD_PLAYED,
    "draw": CARD_DRAWN,
    "redraw": CARD_DRAWN,
    "deploy": PIECE_MOVED,
    "move": PIECE_MOVED,
    "strike": DAMAGE,
    "damage": DAMAGE,
}
