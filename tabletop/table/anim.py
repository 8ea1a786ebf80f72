"""Tweens, a queue of animation steps, and 'this changed' pulses.

Sprites are found by id on every frame, so a sprite replaced with put() keeps
animating. `pace` stretches every duration: 0 makes everything instant (tests,
impatient players), 1 is normal, 2 is slow. Queued steps ("then") run one after
another, each waiting until the tweens it started have finished, so a burst of
game events plays back in order at a readable pace.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable

PULSE_SECONDS = 0.7


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass
class Tween:
    sprite_id: str
    attr: str
    start: float
    end: float
    duration: float
    delay: float = 0.0
    t: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    group: int | None = None
    on_done: Callable[[], None] | None = None


class Animator:
    """Drives sprite attributes over time; `resolve(id)` finds a sprite, `live()` lists them all."""

    def __init__(self, resolve: Callable[[str], object | None],
                 live: Callable[[], Iterable[object]] = tuple, pace: float = 1.0):
        self._resolve = resolve
        self._live = live
        self.pace = pace
        self._tweens: dict[tuple[str, str], Tween] = {}
        self._queue: deque[tuple[Callable[[], None] | None, float]] = deque()
        self._ids = itertools.count(1)
        self._capture: int | None = None   # group id given to tweens made by the running step
        self._step: int | None = None      # group the queue is waiting on
        self._hold = 0.0                   # the running step's pause still to wait
        self._pulses: dict[str, float] = {}

    # -- tweens --------------------------------------------------------------
    def tween(self, sprite_id: str, attr: str, to: float, duration: float = 0.3,
              delay: float = 0.0, paced: bool = True, ease: Callable[[float], float] = ease_out_cubic,
              on_done: Callable[[], None] | None = None) -> None:
        """Move `sprite.attr` to `to`; a newer tween of the same attribute replaces the old one."""
        sprite = self._resolve(sprite_id)
        if sprite is None:
            return
        k = self.pace if paced else min(self.pace, 1.0)
        duration, delay = duration * k, delay * k
        self._tweens.pop((sprite_id, attr), None)
        if duration <= 0 and delay <= 0:
            setattr(sprite, attr, to)
            if on_done:
                on_done()
            return
        self._tweens[(sprite_id, attr)] = Tween(
            sprite_id, attr, float(getattr(sprite, attr)), float(to), max(duration, 1e-6),
            delay, ease=ease, group=self._capture, on_done=on_done)

    def animate(self, sprite_id: str, duration: float = 0.3, delay: float = 0.0,
                paced: bool = True, **attrs: float) -> None:
        """Tween several attributes of one sprite together, e.g. animate(id, x=10, y=20)."""
        for attr, to in attrs.items():
            self.tween(sprite_id, attr, to, duration, delay, paced)

    def target(self, sprite_id: str, attr: str) -> float | None:
        """Where a running tween is taking an attribute (None if it is not moving)."""
        tw = self._tweens.get((sprite_id, attr))
        return tw.end if tw else None

    def cancel(self, sprite_id: str, attr: str | None = None, finish: bool = False) -> None:
        """Stop tweens of a sprite (jumping to their end values when `finish`)."""
        for key in [k for k in self._tweens if k[0] == sprite_id and attr in (None, k[1])]:
            tw = self._tweens.pop(key)
            sprite = self._resolve(sprite_id)
            if finish and sprite is not None:
                setattr(sprite, tw.attr, tw.end)

    # -- queue ---------------------------------------------------------------
    def then(self, step: Callable[[], None] | None = None, pause: float = 0.0) -> None:
        """Run `step` once everything queued before it has finished animating.

        Tweens the step starts are waited for before the next step runs; `pause`
        adds a beat after them. When nothing is queued the step runs at once.
        """
        self._queue.append((step, pause))
        self._advance()

    def wait(self, seconds: float) -> None:
        self.then(None, seconds)

    def _step_moving(self) -> bool:
        """The running step's tweens (or a self-animating sprite, e.g. a die) still moving."""
        if any(tw.group == self._step for tw in self._tweens.values()):
            return True
        return any(getattr(s, "animating", False) for s in self._live())

    def _step_running(self) -> bool:
        return self._step is not None and (self._hold > 0 or self._step_moving())

    def _advance(self) -> None:
        while not self._step_running() and self._queue:
            step, pause = self._queue.popleft()
            self._step = self._capture = next(self._ids)
            try:
                if step is not None:
                    step()
            finally:
                self._capture = None
            self._hold = pause * self.pace
        if not self._step_running():
            self._step = None

    # -- pulses --------------------------------------------------------------
    def pulse(self, sprite_id: str) -> None:
        """A brief expanding ring around a sprite: 'this just changed'."""
        if self.pace > 0:
            self._pulses[sprite_id] = 0.0

    def pulses(self) -> dict[str, float]:
        """Running pulses as sprite id -> progress in [0, 1)."""
        span = PULSE_SECONDS * max(self.pace, 0.5)
        return {sid: t / span for sid, t in self._pulses.items()}

    # -- time ----------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True while anything is still moving."""
        settled = self._step is not None and not self._step_moving()
        for key, tw in list(self._tweens.items()):
            sprite = self._resolve(tw.sprite_id)
            if sprite is None:
                self._tweens.pop(key, None)
                continue
            if tw.delay > 0:
                tw.delay -= dt
                if tw.delay > 0:
                    continue
                dt_left, tw.delay = -tw.delay, 0.0
            else:
                dt_left = dt
            tw.t = min(1.0, tw.t + dt_left / tw.duration)
            setattr(sprite, tw.attr, tw.start + (tw.end - tw.start) * tw.ease(tw.t))
            if tw.t >= 1.0:
                self._tweens.pop(key, None)     # an on_done may already have removed the sprite
                if tw.on_done:
                    tw.on_done()
        ticking = False
        for sprite in list(self._live()):
            if getattr(sprite, "animating", False):
                sprite.tick(dt)
                ticking = True
        span = PULSE_SECONDS * max(self.pace, 0.5)
        for sid in list(self._pulses):
            self._pulses[sid] += dt
            if self._pulses[sid] >= span:
                del self._pulses[sid]
        if settled:  # the pause starts counting once the step's movement has ended
            self._hold = max(0.0, self._hold - dt)
        self._advance()
        return ticking or self.busy

    @property
    def busy(self) -> bool:
        return bool(self._tweens or self._queue or self._pulses or self._step_running()
                    or any(getattr(s, "animating", False) for s in self._live()))

    def finish(self) -> None:
        """Jump every tween and queued step to its end (e.g. the player skips ahead)."""
        for _ in range(10_000):
            if not self.busy:
                break
            for tw in list(self._tweens.values()):
                tw.delay = 0.0
            self.update(1e6)
