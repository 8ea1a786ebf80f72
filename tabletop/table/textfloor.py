"""The text floor: no table text under FLOOR logical pixels, and the way to know.

Text reaches the table two ways: pygame draws a line at window pixels (paint.text, fonts.draw_text,
the chrome's wrapped blocks), or Pillow draws it into a composed picture (a card face, a board
space) that is then scaled onto the table. Each place that rasterises text tells this module its
size: a pygame line its pixel size, a Pillow font its design size inside the compose that made
the picture (FaceCache.pil), and the picture's scaling onto the table (FaceCache.surface) turns the
smallest design size into pixels on screen.

Text pygame draws is lifted to the floor where it is rasterised (`lift`): a layout asks for sizes
in virtual pixels, and at a small window they would shrink under it. Pictures cannot be lifted
after they are composed: a face shown small must be one made for that size (the games' table
faces), and the test of the floor finds the ones that are not.

Nothing is collected unless a test watches (`watching()`): then every size drawn is converted
to logical pixels (window pixels / `ratio`) and the ones under FLOOR are collected with their
words or face key. Without a watch a line drawn costs one test of a module global, and a
composed picture keeps one number (its smallest font) in the face cache.
"""

from __future__ import annotations

import math
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

FLOOR = 11            # logical pixels: the smallest table text a player is asked to read


def virtual_size(size: float, scale: float, ratio: float) -> float:
    """The virtual font size text of `size` is drawn at on a table of `scale` window px per
    virtual px and `ratio` window px per logical px, once lifted to the floor (what a layout
    must measure with)."""
    if scale <= 0:
        return size
    return max(size, math.ceil(FLOOR * ratio - 0.05) / scale)


@dataclass
class Watch:
    """What was drawn while watched: the smallest size and every line under the floor."""
    ratio: float = 1.0                                   # window pixels per logical pixel
    least: float | None = None
    small: dict[str, float] = field(default_factory=dict)    # words or face key -> smallest px
    spilled: set[str] = field(default_factory=set)           # words drawn wider than their room
    cut: dict[str, str] = field(default_factory=dict)        # words shortened -> what was drawn

    def note(self, px: float, what: str) -> None:
        self.least = px if self.least is None else min(self.least, px)
        if px < FLOOR - 0.05:           # a rounding hair under 11 is 11 on screen
            self.small[what] = min(px, self.small.get(what, px))


_watch: Watch | None = None
# window pixels per logical pixel of the table being drawn (Scene.render sets it; the table is
# drawn on the UI thread only)
_ratio = 1.0


def set_ratio(ratio: float) -> bool:
    """The ratio of the table about to be drawn; True when it changed (text drawn before is
    sized for the other floor)."""
    global _ratio
    changed, _ratio = ratio != _ratio, ratio
    return changed


def floor_px() -> int:
    """The floor in window pixels of the table being drawn."""
    return math.ceil(FLOOR * _ratio - 0.05)


def lift(px: int) -> int:
    """`px` window pixels, or the floor's if that is more: the one place the floor is kept for
    text pygame draws (paint.text, fonts.draw_text and the chrome's blocks ask here)."""
    return max(int(px), floor_px())
_composing = threading.local()         # the fonts of the pictures being composed, per thread


@contextmanager
def watching(ratio: float = 1.0):
    """Collect the sizes of the text drawn inside the block (a test's tool)."""
    global _watch
    old, _watch = _watch, Watch(ratio)
    try:
        yield _watch
    finally:
        _watch = old


def active() -> bool:
    return _watch is not None


def drawn(px: float, text: str) -> None:
    """A line of `text` rasterised at `px` window pixels straight onto the table."""
    if _watch is not None:
        _watch.note(px / _watch.ratio, text)


def spilled(text: str) -> None:
    """A line of `text` drawn wider than the room it was given (a name past a card's edge)."""
    if _watch is not None:
        _watch.spilled.add(text)


def cut(text: str, shown: str) -> None:
    """A line of `text` drawn shortened to `shown` (ending with "…") to fit its room."""
    if _watch is not None:
        _watch.cut[text] = shown


def face_font(px: float) -> None:
    """A Pillow font of `px` design pixels asked for while a picture is being composed."""
    stack = getattr(_composing, "stack", None)
    if stack:
        stack[-1].append(px)


@contextmanager
def composing():
    """Around a picture's composition: yields the list of the font sizes it used (kept with the
    picture, a number a face, so a picture composed ahead of need by the warmer is known too)."""
    stack = _composing.__dict__.setdefault("stack", [])
    sizes: list[float] = []
    stack.append(sizes)
    try:
        yield sizes
    finally:
        stack.pop()


def shrunk(k: float) -> None:
    """The picture being composed was drawn at `k` times the size it is returned at (a
    supersampled canvas reduced at the end): its fonts are `k` times smaller on the picture."""
    stack = getattr(_composing, "stack", None)
    if stack:
        stack[-1][:] = [px / k for px in stack[-1]]


@contextmanager
def ornament():
    """Around lettering that is a picture, not words to read (a card back's game name): its
    fonts are not the face's text."""
    stack = getattr(_composing, "stack", None)
    if not stack:
        yield
        return
    stack.append([])
    try:
        yield
    finally:
        stack.pop()


def face_shown(key: str, least_px: float, picture_w: int, shown_w: int) -> None:
    """A picture whose smallest text is `least_px` design pixels on its `picture_w` width, shown
    `shown_w` window pixels wide."""
    if _watch is not None and picture_w > 0:
        _watch.note(least_px * shown_w / picture_w / _watch.ratio, key)
