"""Colours, angles and sprite ids shared by the modules of the Trials table."""

from __future__ import annotations

from tabletop.table.presenter import GOLD, INK, MUTED, RED, short, wrap_words  # noqa: F401 (the modules take them from here)
from tabletop.table.ids import number

HEART = (206, 46, 58)
SHIELD = (90, 150, 220)
ENERGY = (60, 120, 215)
ROUND = (70, 160, 80)
EXHAUSTED = -45.0                 # degrees: an exhausted card turns 45° clockwise


def cid(sprite_id: str | None) -> int | None:
    """The card a sprite shows (card:…, stk:…)."""
    return number(sprite_id, "card", "stk")
