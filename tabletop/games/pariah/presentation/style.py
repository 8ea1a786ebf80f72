"""Card sizes, colours and sprite ids shared by the modules of the Pariah table."""

from __future__ import annotations

from tabletop.table.presenter import GOLD, INK, MUTED, RED  # noqa: F401 (the modules take them from here)
from tabletop.table.ids import number

# Cards are sized from their zones (tabletop.table.cardfit); these are the largest widths
# (the hand's is its medium size) and the shape every card has.
ASPECT = 1.4
LINE_CARD = (150, 210)     # where a unit enters from before it has a place
LINE_MAX = 236
HAND_MAX = 210
DRAWN_MAX = 250
ARMY_MAX = 236
SHOP_MAX = 290
MINI_CARD = (56, 78)       # a thumbnail in the shop's panel: the picture only
DAMAGE = (196, 44, 40)
SIDE_COLORS = ((214, 160, 60), (70, 120, 200))   # my side, the other side (track chips)
STAT_ORDER = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")


def cid(sprite_id: str | None) -> int | None:
    """The card a sprite shows (card:…, trk:…)."""
    return number(sprite_id, "card", "trk")
