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


class SpinnerBot:
    """Thinks in pure Python for a minute, as a long search does (it holds the GIL)."""
    name = "spinner"

    def choose(self, game, view, legal, rng):
        end = time.monotonic() + 60
        while time.monotonic() < end:
            sum(range(1000))
        return legal[0]


class IllegalBot:
    name = "illegal"

    def choose(self, game, view, legal, rng):
        return Action("take", (99, 1))


register_bot("boom", lambda difficulty, policy: BoomBot())
register_bot("sleepy", lambda difficulty, policy: SleepyBot())
register_bot("spinner", lambda difficulty, policy: SpinnerBot())
register_bot("illegal", lambda difficulty, policy: IllegalBot())


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


register_bot("spy", lambda difficulty, policy: SpyBot())


class BrokenNim(ToyNim):
    """Every second game set up raises on its first move (an engine bug)."""

    def __init__(self):
        self.setups = 0

    def setup(self, options, seed, players=2):
        self.setups += 1
        return super().setup(options, seed, players)

    def apply(self, s, a, **how):
        if self.setups % 2 == 0:
            raise RuntimeError("engine bug")
        return super().apply(s, a, **how)


def assert_choice_blind_to_hidden_cards(game, s, alt, seat: int, bot: str, iterations: int,
                                        to_json=None) -> None:
    """The fairness check of the bots issue: `alt` differs from `s` only in cards `seat` cannot
    see, so the views are equal and the bot (`ismcts` by iterations, never the clock, or
    `greedy`) must choose the same action from either."""
    from tabletop.bots.base import make_bot, resolve_plugin
    from tabletop.bots.ismcts import ISMCTSBot
    from tabletop.core import Rng
    to_json = to_json or game.view_to_json
    view, alt_view = game.view(s, seat), game.view(alt, seat)
    assert to_json(view) == to_json(alt_view)
    legal = game.legal_actions(s)
    assert game.legal_actions(alt) == legal
    policy = resolve_plugin(game).policy
    player = (ISMCTSBot.for_difficulty("normal", policy, seconds=None, iterations=iterations)
              if bot == "ismcts" else make_bot("greedy", "hard", policy))
    assert len({player.choose(game, v, legal, Rng(5)) for v in (view, alt_view)}) == 1
