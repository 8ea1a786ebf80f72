"""What the player meant, as the scene reports it to the presenter.

The scene knows pixels and pieces, never rules: it reports intents, and the
game's presenter turns them into actions (or a reason why not).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tabletop.table.ids import SpriteId, sprite_id


class _Typed:
    """An intent's ids arrive typed (see ids.py), whoever made the intent: the scene or a test."""

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name in ("target", "sprite_id", "button_id"):
                object.__setattr__(self, f.name, sprite_id(getattr(self, f.name)))


@dataclass(frozen=True)
class Click(_Typed):
    target: SpriteId | None     # a sprite id, else a zone id, else None (bare table)
    mark: bool = False          # Ctrl+click (Ctrl+Space on the focused piece): mark it, one of several


@dataclass(frozen=True)
class RightClick(_Typed):
    target: SpriteId | None


@dataclass(frozen=True)
class Hover(_Typed):
    target: SpriteId | None     # the sprite under the pointer, None when it leaves


@dataclass(frozen=True)
class DragStart(_Typed):
    sprite_id: SpriteId


@dataclass(frozen=True)
class Drop(_Typed):
    sprite_id: SpriteId
    target: SpriteId | None     # droppable sprite, else zone, else None
    vx: float                   # the pointer, in virtual coordinates
    vy: float


@dataclass(frozen=True)
class ButtonPress(_Typed):
    button_id: SpriteId          # a ButtonSprite id, or "curtain" when the curtain is clicked


@dataclass(frozen=True)
class KeyPress:
    name: str                   # a key the scene did not use itself (shortcuts for the presenter)


Intent = Click | RightClick | Hover | DragStart | Drop | ButtonPress | KeyPress
