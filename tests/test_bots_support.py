"""Helpers for the bot tests (no tests here): test bots and instrumented toy games.

Importing this module registers the test bots; the worker tests pass it to
`BotWorker(preload=[...])` so the bot process registers them too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from toygame import NimState, ToyNim

from tabletop.bots.base import register_bot
from tabletop.core import Action


class BoomBot:
    name = "boom"

    def choose(self, game, view, legal, rng):
        raise RuntimeError("boom: the bot fell over")


class SleepyBot:
    name = "sleepy"

    def choose(self, game, view, legal, rng):
        time.sleep(30)
        return legal[0]


class IllegalBot:
    name = "illegal"

    def choose(self, game, view, legal, rng):
        return Action("take", (99, 1))


register_bot("boom", lambda difficulty: BoomBot())
register_bot("sleepy", lambda difficulty: SleepyBot())
register_bot("illegal", lambda difficulty: IllegalBot())


@dataclass
class NimView(NimState):
    """A view is a different type from a state, so a leak of the state shows."""
    seat: int | None = None


class SpyNim(ToyNim):
    """Toy Nim whose views are NimView and whose sample refuses anything else."""

    def __init__(self):
        self.samples = 0

    def view(self, s, seat):
        v = super().view(s, seat)
        return NimView(v.piles, v.secrets, v.turn, v.rng, v.winner, seat)

    def sample(self, view, rng):
        assert isinstance(view, NimView), f"sample() got {type(view).__name__}, not a view"
        self.samples += 1
        return super().sample(NimState(view.piles, view.secrets, view.turn, view.rng, view.winner),
                              rng)


class SpyBot:
    """Checks that it is handed the acting seat's view, with the other secret hidden."""
    name = "spy"
    seen = 0

    def choose(self, game, view, legal, rng):
        assert isinstance(view, NimView), f"the bot got {type(view).__name__}, not a view"
        assert view.seat == view.turn
        assert all(x is None for i, x in enumerate(view.secrets) if i != view.seat)
        SpyBot.seen += 1
        return rng.choice(legal)


register_bot("spy", lambda difficulty: SpyBot())


class BrokenNim(ToyNim):
    """Every second game set up raises on its first move (an engine bug)."""

    def __init__(self):
        self.setups = 0

    def setup(self, options, seed, players=2):
        self.setups += 1
        return super().setup(options, seed, players)

    def apply(self, s, a):
        if self.setups % 2 == 0:
            raise RuntimeError("engine bug")
        return super().apply(s, a)
