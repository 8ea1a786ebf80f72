"""The engine and search speed figures of `tabletop bench GAME` (benchmarks, not tests);
tabletop/bench.py adds the table's frame time.

Games are set up with the options of the game's bots plan (the unit docs/BOTS.md measures:
one Paargus hand, one pre-constructed Paragons game), so a playout here is the playout the
search runs, not a whole drafted best of three."""

from __future__ import annotations

import statistics
import time

from tabletop.bots.base import resolve_plugin
from tabletop.bots.ismcts import ISMCTSBot, level_for
from tabletop.core import Rng
from tabletop.core.policy import Policy


def _playouts_per_s(game, options: dict, seconds: float = 2.0) -> float:
    rng = Rng(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.setup(options, done)
        while game.to_act(s) is not None:
            game.apply(s, rng.choice(game.legal_actions(s)))
        done += 1
    return done / (time.perf_counter() - start)


def _apply_and_clone_us(game, options: dict, samples: int = 3000) -> tuple[float, float]:
    rng = Rng(2)
    s = game.setup(options, 2)
    applies, clones = [], []
    while len(applies) < samples:
        if game.to_act(s) is None:
            s = game.setup(options, len(applies))
        a = rng.choice(game.legal_actions(s))
        t = time.perf_counter()
        c = game.clone(s)
        clones.append(time.perf_counter() - t)
        t = time.perf_counter()
        game.apply(c, a)
        applies.append(time.perf_counter() - t)
        s = c
    return statistics.median(applies) * 1e6, statistics.median(clones) * 1e6


def _search_us(game, hooks: Policy, options: dict, samples: int = 1500) -> dict:
    """Medians of what one search iteration is made of, with the game's search hooks:
    `search_apply` (apply without checks) and `evaluate`; empty without the hooks."""
    if hooks.search_apply is None or hooks.rollout_action is None:
        return {}
    rng = Rng(3)
    s = game.setup(options, 3)
    applies, evals = [], []
    while len(applies) < samples:
        if game.to_act(s) is None:
            s = game.setup(options, len(applies))
        a = hooks.rollout_action(s, rng) if rng.below(2) else rng.choice(game.legal_actions(s))
        t = time.perf_counter()
        hooks.value(game, s, game.to_act(s))
        evals.append(time.perf_counter() - t)
        t = time.perf_counter()
        hooks.search_apply(s, a)
        applies.append(time.perf_counter() - t)
    return {"search_apply_us": round(statistics.median(applies) * 1e6, 2),
            "evaluate_us": round(statistics.median(evals) * 1e6, 2)}


SECONDS = 2.0            # per playout figure
SEARCH_POSITIONS = 12    # hard decisions timed for the iterations figure


def _search_figures(game, policy: Policy, options: dict) -> dict:
    """What the bots' search gets done: full games played by the game's own fast
    playout (the path the search uses instead of the engine's checked apply),
    and hard ISMCTS iterations per second over the first decisions of a game."""
    out = {}
    playout = policy.playout
    if playout is not None:
        rng, done, start = Rng(3), 0, time.perf_counter()
        while time.perf_counter() - start < SECONDS:
            s = game.setup(options, done)
            while game.to_act(s) is not None:
                if not playout(s, rng, 1 << 20):    # a step the policy leaves to the engine
                    game.apply(s, rng.choice(game.legal_actions(s)))
            done += 1
        out["fast_playouts_per_s"] = round(done / (time.perf_counter() - start), 2)
    bot = ISMCTSBot(level_for(policy, "hard"), "hard", policy)
    rng, s = Rng(4), game.setup(options, 4)
    iterations, seconds, seen = 0, 0.0, 0
    while seen < SEARCH_POSITIONS and game.to_act(s) is not None:
        seat = game.to_act(s)
        legal = game.legal_actions(s)
        a = bot.choose(game, game.view(s, seat), legal, rng)
        if bot.last_search and bot.last_search["iterations"]:     # not a move played unsearched
            iterations += bot.last_search["iterations"]
            seconds += bot.last_search["seconds"]
            seen += 1
        game.apply(s, a)
    if seconds:
        out["search_iterations_per_s"] = round(iterations / seconds, 1)
    return out


def bench(game_id: str, search: bool = True) -> dict:
    found = resolve_plugin(game_id)
    game = found.game
    options = dict(found.measured_options)
    apply_us, clone_us = _apply_and_clone_us(game, options)
    figures = {"game": game_id, "options": options,
               "playouts_per_s": round(_playouts_per_s(game, options), 2),
               "apply_us": round(apply_us, 2), "clone_us": round(clone_us, 2)}
    if search:
        figures.update(_search_figures(game, found.policy, options))
        figures.update(_search_us(game, found.policy, options))
    return figures
