"""What the player meant, as the scene reports it to the presenter.

The scene knows pixels and pieces, never rules: it reports intents, and the
game's presenter turns them into actions (or a reason why not).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Click:
    target: str | None          # a sprite id, else a zone id, else None (bare table)


@dataclass(frozen=True)
class RightClick:
    target: str | None


@dataclass(frozen=True)
class Hover:
    target: str | None          # the sprite under the pointer, None when it leaves


@dataclass(frozen=True)
class DragStart:
    sprite_id: str


@dataclass(frozen=True)
class Drop:
    sprite_id: str
    target: str | None          # droppable sprite, else zone, else None
    vx: float                   # the pointer, in virtual coordinates
    vy: float


@dataclass(frozen=True)
class ButtonPress:
    button_id: str              # a ButtonSprite id, or "curtain" when the curtain is clicked


@dataclass(frozen=True)
class KeyPress:
    name: str                   # a key the scene did not use itself (shortcuts for the presenter)


Intent = Click | RightClick | Hover | DragStart | Drop | ButtonPress | KeyPress
