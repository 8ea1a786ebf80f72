"""All table sprites in one place for presenters: `from tabletop.table.sprites import ...`."""

from .base import HIGHLIGHT_COLORS, LIFT, Sprite
from .card import BACK_KEY, CardSprite, default_back
from .pieces import ChipStack, DieSprite, TokenSprite, chips_for
from .widgets import ButtonSprite, CounterSprite, LabelSprite, Panel

__all__ = ["Sprite", "CardSprite", "TokenSprite", "ChipStack", "DieSprite", "CounterSprite",
           "ButtonSprite", "LabelSprite", "Panel", "HIGHLIGHT_COLORS", "LIFT", "BACK_KEY",
           "default_back", "chips_for"]
