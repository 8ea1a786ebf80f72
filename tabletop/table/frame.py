"""Draw only what changed: the table's frames are recorded, compared and repainted in part.

At a device pixel ratio of 2 a whole table is 3840x2160 pixels of alpha blits, more than a
frame's time. Most frames change a few places (a glow's pulse, the thinking pill's spinner, a
card lifting under the pointer), so a frame is drawn in two steps:

1. The scene draws into a `Recorder` instead of the screen's surface. It keeps every blit as an
   op: the surface blitted (the object itself: pictures are memoised by what they show, so the
   same object is the same picture), where, which part of it and at what alpha.
2. `FrameCache.paint` compares the ops with the last frame's. Where the two lists differ (an op
   added, gone, or drawn with another picture, place or alpha) the old and the new op's
   rectangles are dirty; only those are drawn again, from the felt up, with every op that
   touches them, in order, clipped to the rectangle. Everywhere else every op is the same, in
   the same order, so the pixels there are the same as last frame's.

Nothing has to remember to call "invalidate": a change is found in what would be drawn. The
Recorder takes blits only: pygame.draw on it fails loudly (it is no Surface), so drawing that
bypasses the record cannot creep in unseen; draw shapes on a small surface and blit that.
"""

from __future__ import annotations

from difflib import SequenceMatcher

import pygame

FULL_SHARE = 0.4       # dirty rectangles covering more of the window than this: one full redraw
# (rectangles narrower than the window copy and fill row by row: at about half of it, slower)


class Recorder:
    """Stands in for the target surface while a frame is drawn: records blits, draws nothing."""

    def __init__(self, target: pygame.Surface) -> None:
        self._size = target.get_size()
        self._bounds = pygame.Rect((0, 0), self._size)
        self.ops: list[tuple] = []      # (surface, dest rect, area, flags, alpha)

    def get_size(self) -> tuple[int, int]:
        return self._size

    def get_width(self) -> int:
        return self._size[0]

    def get_height(self) -> int:
        return self._size[1]

    def get_rect(self, **kw) -> pygame.Rect:
        r = pygame.Rect(self._bounds)
        for k, v in kw.items():
            setattr(r, k, v)
        return r

    def blit(self, source: pygame.Surface, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        x, y = int(dest[0]), int(dest[1])     # pygame truncates a float position so
        sw, sh = source.get_size()
        if area is None:
            src = None
            w, h = sw, sh
        else:                            # as SDL clips a source rectangle (SDL_UpperBlit)
            ax, ay, w, h = pygame.Rect(area)
            if ax < 0:
                w += ax
                x -= ax
                ax = 0
            if ay < 0:
                h += ay
                y -= ay
                ay = 0
            w, h = min(w, sw - ax), min(h, sh - ay)
            src = (ax, ay, w, h)
        rect = pygame.Rect(x, y, max(0, w), max(0, h))
        shown = rect.clip(self._bounds)
        if shown.w and shown.h:
            self.ops.append((source, rect, src, special_flags, source.get_alpha()))
        return shown


def _signature(op: tuple) -> tuple:
    surf, rect, area, flags, alpha = op
    return (id(surf), rect.x, rect.y, rect.w, rect.h, area, flags, alpha)


class FrameCache:
    """The last frame's ops on one target, and the repaint of what differs from them."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget the last frame: the next paint draws the whole window."""
        self._target: pygame.Surface | None = None
        self._base: pygame.Surface | None = None
        self._ops: list[tuple] = []
        self._sigs: list[tuple] = []
        self._size = (0, 0)

    def forget(self, target: pygame.Surface) -> None:
        """`target` was drawn on outside the record: its next paint draws it whole."""
        if target is self._target:
            self.reset()

    def paint(self, target: pygame.Surface, base: pygame.Surface, ops: list[tuple]) -> list[pygame.Rect]:
        """Bring `target` (which holds the last frame painted here) to `base` with `ops` drawn
        over it; returns the rectangles repainted."""
        sigs = [_signature(op) for op in ops]
        full = pygame.Rect((0, 0), target.get_size())
        if target is not self._target or base is not self._base or target.get_size() != self._size:
            dirty = [full]
        else:
            dirty = merge(_changed(self._ops, self._sigs, ops, sigs), full)
        boxes = [op[1] for op in ops]
        for rect in dirty:
            _repaint(target, base, ops, boxes, rect)
        # the ops hold their surfaces: none is freed, so no new one can take an id seen here
        self._target, self._base, self._ops, self._sigs = target, base, ops, sigs
        self._size = target.get_size()
        return dirty


def _changed(old: list, old_sigs: list, new: list, new_sigs: list) -> list[pygame.Rect]:
    """The rectangles of the ops in one frame that the other does not have at the same place
    in the order (both lists aligned as a diff aligns lines)."""
    if old_sigs == new_sigs:
        return []
    # the same start and end are common: align only the middle
    lo, n = 0, min(len(old_sigs), len(new_sigs))
    while lo < n and old_sigs[lo] == new_sigs[lo]:
        lo += 1
    hi_old, hi_new = len(old_sigs), len(new_sigs)
    while hi_old > lo and hi_new > lo and old_sigs[hi_old - 1] == new_sigs[hi_new - 1]:
        hi_old -= 1
        hi_new -= 1
    rects = []
    matcher = SequenceMatcher(None, old_sigs[lo:hi_old], new_sigs[lo:hi_new], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        rects += [op[1] for op in old[lo + i1:lo + i2]]
        rects += [op[1] for op in new[lo + j1:lo + j2]]
    return rects


def merge(rects: list[pygame.Rect], full: pygame.Rect) -> list[pygame.Rect]:
    """The dirty rectangles clipped to the window, overlapping ones joined; the whole window
    when they cover most of it (one redraw is then cheaper than many clipped ones)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.clip(full)
        if not (r.w and r.h):
            continue
        # join every rectangle it touches, again until it touches none
        while True:
            i = r.collidelist(out)
            if i < 0:
                break
            r = r.union(out.pop(i))
        out.append(r)
    if sum(r.w * r.h for r in out) > FULL_SHARE * full.w * full.h:
        return [full]
    return out


def _repaint(target: pygame.Surface, base: pygame.Surface, ops: list[tuple],
             boxes: list[pygame.Rect], rect: pygame.Rect) -> None:
    """Draw `rect` afresh: the base, then every op over it in order, clipped to it."""
    target.set_clip(rect)
    try:
        target.blit(base, rect, rect)
        for i in rect.collidelistall(boxes):
            surf, r, area, flags, alpha = ops[i]
            was = surf.get_alpha()
            if was != alpha:
                surf.set_alpha(alpha)
            target.blit(surf, r.topleft, area, flags)
            if was != alpha:
                surf.set_alpha(was)
    finally:
        target.set_clip(None)
