"""Events played back on the table, one after another, through the animation queue.

A presenter's sync puts every sprite where the new view has it. Playback then turns the
action's events into queued steps (tabletop.table.anim.Animator.then), in order:

- a card an event moves (its data names it under "card", "unit" or "cards") travels from
  where it was (the sprite that showed it before, or where the presenter spawned it) to
  its new place, so a played card goes from the hand to the stack, the line or the tableau,
  and several stack items arrive one at a time;
- damage and healing float up from the card or unit as numbers ("-3", "+2");
- anything else that names a card on the table makes it pulse;
- an event whose kind makes a sound (the game's `sounds`) cues it as its step begins, each
  sound once in a batch: ten cards dealt at once make one sound, not ten.

Each step waits for the tweens it started, so the queue keeps the table busy until the
last event has been shown: the match controller lets the next bot move start only then.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Callable, Mapping

from tabletop.core.event import Event
from tabletop.table.sprites import LabelSprite

RED = (240, 120, 100)
GREEN = (120, 220, 130)

# event kind -> (sign, colour) of the number that floats up from the card it names
FLOATS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "damage": ("-", RED), "lose_hp": ("-", RED), "heal": ("+", GREEN),
}
TRAVEL_SECONDS = 0.45
FLOAT_SECONDS = 0.9
FLOAT_RISE = 70.0


def event_cards(data: dict) -> list[int]:
    """The cards or units an event's data names (DATA_KEYS: card, unit, cards)."""
    out = [data[k] for k in ("card", "unit") if isinstance(data.get(k), int)]
    out += [c for c in data.get("cards") or [] if isinstance(c, int)]
    return list(dict.fromkeys(out))


Float = tuple[str, str, tuple[int, int, int]]      # (sprite id, text, colour)


@dataclass
class Step:
    """What one event shows: sprites that travel, numbers that float, a pulse."""
    moves: list[tuple[str, float, float]] = field(default_factory=list)
    floats: list[Float] = field(default_factory=list)
    pulse: str | None = None


class Playback:
    """Remembers what each sync added and removed, and plays events back from that."""

    def __init__(self, scene, card_id: Callable[[str], int | None],
                 origin: Callable[[Event, dict[str, tuple[float, float]]], tuple[float, float] | None]
                 = lambda e, gone: None, extra: Callable[[Event], list[Float]] = lambda e: [],
                 floats: dict | None = None) -> None:
        self.scene = scene
        self.card_id = card_id
        self.origin = origin          # where a card nothing showed before comes from
        self.extra = extra            # numbers a game floats on other pieces (chips, energy)
        self.floats = FLOATS if floats is None else floats
        self.before: set[str] = set()
        self.fresh: set[str] = set()
        self.gone: dict[str, tuple[float, float]] = {}
        self._ids = itertools.count(1)

    # --- what the last sync changed ---------------------------------------------------
    def settled(self, seen: set[str], gone: dict[str, tuple[float, float]]) -> None:
        """Called at the end of a sync with the sprites it kept and the ones it removed."""
        self.fresh = set(seen) - self.before
        self.before = set(seen)
        self.gone = gone

    def _came_from(self, sid: str, card: int) -> tuple[float, float] | None:
        """Where a new sprite of `card` comes from: the sprite that showed it and left, else one
        still showing it (an attacker in play whose attack goes on the stack)."""
        for gone, pos in self.gone.items():
            if self.card_id(gone) == card:
                return pos
        for other in self.scene.sprites():
            if other.id != sid and other.id not in self.fresh and self.card_id(other.id) == card:
                return (other.x, other.y)
        return None

    def _end_of(self, sid: str, sprite) -> tuple[float, float]:
        anim = self.scene.anim
        x, y = anim.target(sid, "x"), anim.target(sid, "y")
        return (sprite.x if x is None else x, sprite.y if y is None else y)

    # --- events to steps ------------------------------------------------------------
    def plan(self, event: Event, claimed: set[str]) -> Step:
        step = Step(floats=[f for f in self.extra(event) if self.scene.get(f[0]) is not None])
        cards = event_cards(event.data)
        if not cards:
            return step
        anim = self.scene.anim
        for sprite in self.scene.sprites():
            sid = sprite.id
            if sid in claimed or self.card_id(sid) not in cards:
                continue
            fresh = sid in self.fresh
            moving = anim.target(sid, "x") is not None or anim.target(sid, "y") is not None
            if not (fresh or moving):
                continue
            start = None
            if fresh:
                start = self._came_from(sid, self.card_id(sid)) or self.origin(event, self.gone)
            if start is None:
                start = (sprite.x, sprite.y)
            end = self._end_of(sid, sprite)
            if abs(start[0] - end[0]) + abs(start[1] - end[1]) < 1:
                continue
            claimed.add(sid)
            # hold it where it comes from until its turn in the queue
            anim.cancel(sid, "x")
            anim.cancel(sid, "y")
            sprite.x, sprite.y = start
            step.moves.append((sid, *end))
        target = next((f"card:{c}" for c in cards if self.scene.get(f"card:{c}") is not None), None)
        spec = self.floats.get(event.kind)
        amount = event.data.get("amount")
        if spec and target and isinstance(amount, int) and amount:
            step.floats.append((target, f"{spec[0]}{amount}", spec[1]))
        elif target and not step.moves and not step.floats:
            step.pulse = target
        return step

    def play(self, events: list[Event], sounds: Mapping[str, str] = {},
             cue: Callable[[str], None] | None = None) -> int:
        """Queue every event's step in order, the sound its kind makes (`sounds`) cued as it
        begins; returns how many steps show something."""
        claimed: set[str] = set()
        heard: set[str] = set()
        shown = 0
        for e in events:
            sound = sounds.get(e.kind)
            if cue is not None and sound is not None and sound not in heard:
                heard.add(sound)
                self.scene.anim.then(lambda sound=sound: cue(sound))
            step = self.plan(e, claimed)
            if step.moves or step.floats or step.pulse:
                shown += 1
                self.scene.anim.then(lambda step=step: self._run(step))
        self.fresh = set()
        return shown

    def _run(self, step: Step) -> None:
        for sid, x, y in step.moves:
            self.scene.move(sid, x, y, duration=TRAVEL_SECONDS)
        for on, text, color in step.floats:
            self.float_number(on, text, color)
        if step.pulse:
            self.scene.pulse(step.pulse)

    def float_number(self, on: str, text: str, color) -> str | None:
        """A number that rises from the middle of a sprite and fades: damage, healing."""
        sprite = self.scene.get(on)
        if sprite is None:
            return None
        sid = f"fx:float:{next(self._ids)}"
        x, y = sprite.x + sprite.w / 2, sprite.y + sprite.h * 0.4
        self.scene.put(LabelSprite(sid, text=text, size=56, color=color, anchor="center", bold=True,
                                   x=x, y=y, z=5000))
        anim = self.scene.anim
        anim.tween(sid, "y", y - FLOAT_RISE, FLOAT_SECONDS)
        # readable first, then gone: the fade waits for most of the rise
        anim.tween(sid, "alpha", 0.0, FLOAT_SECONDS, ease=lambda t: t ** 3,
                   on_done=lambda: self.scene.remove(sid))
        return sid
