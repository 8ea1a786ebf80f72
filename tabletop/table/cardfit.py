"""How large a zone's cards may be: sized from the zone's fitted rectangle, not fixed.

Zones grow with the window (a stretchable layout gets taller), so a card size read from the
zone uses the room there is; every game's presenter asks here instead of keeping its own
numbers. Sizes are virtual (layout) pixels; `aspect` is a card's height over its width.
"""

from __future__ import annotations

from tabletop.table.layout import Zone

LABEL_ROOM = 34.0     # a zone's caption (chrome.draw_zone) takes the top 10..32 px of the zone
PAD = 8.0             # kept clear inside a zone's edge

# the player's card-size setting, as a factor on the hand's fitted size
HAND_SCALE = {"small": 0.85, "medium": 1.0, "large": 1.3}


def room(rect, top: float = LABEL_ROOM, pad: float = PAD, bottom: float = 0.0, left: float | None = None,
         right: float | None = None) -> tuple[float, float, float, float]:
    """The part of a zone cards may use: under its caption (`top`), `pad` in from the other
    edges (or `left` / `right` from those sides) and `bottom` kept free below (a line of text
    under the cards)."""
    x, y, w, h = rect
    left = pad if left is None else left
    right = pad if right is None else right
    return (x + left, y + top, max(1.0, w - left - right), max(1.0, h - top - pad - bottom))


def fit_size(n: int, room_w: float, room_h: float, aspect: float, gap: float = 14.0,
             largest: float | None = None, smallest: float | None = None) -> tuple[float, float]:
    """The largest card (w, w * aspect) of which `n` stand side by side with `gap` between them
    inside room_w x room_h, at most `largest` wide. `smallest` is a floor on the width for a
    crowded zone (the row then overlaps, as Zone.positions squeezes it), never above the
    height the room allows."""
    n = max(1, n)
    w = min((room_w - (n - 1) * gap) / n, room_h / aspect)
    if largest is not None:
        w = min(w, largest)
    if smallest is not None:
        w = max(w, min(smallest, room_h / aspect))
    w = max(1.0, w)
    return (w, w * aspect)


def fit_rows(n: int, room_w: float, room_h: float, aspect: float, gap: float = 14.0,
             largest: float | None = None, max_rows: int = 3) -> tuple[tuple[float, float], int]:
    """The largest card size for `n` cards in a grid of up to `max_rows` rows, and how many
    columns that takes (a hand or an army that is better on two rows than on one)."""
    best, cols = fit_size(n, room_w, room_h, aspect, gap, largest), n
    for rows in range(2, max_rows + 1):
        c = -(-max(1, n) // rows)
        size = fit_size(c, room_w, (room_h - (rows - 1) * gap) / rows, aspect, gap, largest)
        if size[0] > best[0] + 0.5:
            best, cols = size, c
    return best, max(1, cols)


HEADROOM = 1.2       # a medium hand card is at most this much shorter than its room: "large" grows into it


def hand_size(scale: float, n: int, room_w: float, room_h: float, aspect: float,
              largest: float, visible: float = 0.35) -> tuple[float, float]:
    """A hand card's size: `largest` (the medium size, kept to 1/HEADROOM of the room's height
    so that "large" has room to grow) times the player's `scale`, never taller than the room,
    and never so wide that `n` cards overlapping with `visible` of each showing would leave
    the room (Zone.positions then squeezes the row to fit)."""
    medium = min(largest, room_h / aspect / HEADROOM)
    w = medium * scale
    w = min(w, room_h / aspect, room_w / (1 + visible * max(0, n - 1)))
    w = max(1.0, w)
    return (w, w * aspect)


def row(rect, n: int, size: tuple[float, float], gap: float = 14.0) -> list[tuple[float, float]]:
    """Top-left positions of `n` cards in a centred row inside `rect` (a room), overlapping
    only when they must (as a zone's row does)."""
    return Zone(id="", rect=tuple(rect), kind="row").positions(n, size, gap)


def grid(rect, n: int, size: tuple[float, float], cols: int, gap: float = 14.0) -> list[tuple[float, float]]:
    """Top-left positions of `n` cards, `cols` to a row, the block centred in `rect`."""
    x, y, w, h = rect
    cols = max(1, cols)
    rows = -(-max(1, n) // cols)
    bw = cols * size[0] + (cols - 1) * gap
    bh = rows * size[1] + (rows - 1) * gap
    x0, y0 = x + max(0.0, (w - bw) / 2), y + max(0.0, (h - bh) / 2)
    return [(x0 + (i % cols) * (size[0] + gap), y0 + (i // cols) * (size[1] + gap)) for i in range(n)]
