"""The sound each Paargus event makes (names from tabletop.table.sound); the table plays them."""

from tabletop.table.sound import CARD_DRAWN, CARD_PLAYED

SOUNDS = {
    "deal": CARD_DRAWN,
    "draw": CARD_DRAWN,
    "sweep": CARD_DRAWN,
    "to_tableau": CARD_PLAYED,
    "trade": CARD_PLAYED,
    "conjoin": CARD_PLAYED,
    "trail": CARD_PLAYED,
}
