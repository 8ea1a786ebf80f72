"""Card sizes, colours and sprite ids shared by the modules of the Pariah table."""

from __future__ import annotations

from tabletop.table.presenter import GOLD, INK, MUTED, RED  # noqa: F401 (the modules take them from here)

LINE_CARD = (150, 210)
HAND_CARD = (134, 188)
DRAWN_CARD = (190, 266)
ARMY_CARD = (166, 232)
SHOP_CARD = (210, 294)
MINI_CARD = (56, 78)
DAMAGE = (196, 44, 40)
SIDE_COLORS = ((214, 160, 60), (70, 120, 200))   # my side, the other side (track chips)
STAT_ORDER = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")


def cid(sprite_id: str | None) -> int | None:
    if sprite_id and sprite_id.startswith(("card:", "trk:")):
        try:
            return int(sprite_id.split(":", 1)[1])
        except ValueError:
            return None
    return None
