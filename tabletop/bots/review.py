"""Turning points: the hard bot's judgement of each decision a player made.

For every decision of a rated seat with more than one legal move, the match is replayed to
that moment and the hard bot searches it from that seat's view (game.view and the legal
moves, never the state), exactly as it would choose there. One search gives both figures:
the root of the ISMCTS tree holds, for every move tried, how often it was tried and the mean
value of the playouts through it (the game's evaluation, in [-1, 1] for the seat). A move's
value here is that mean as a share, (mean + 1) / 2: 1.0 a sure win in the bot's eyes, 0.5
even, 0.0 a sure loss. The player's move is rated against the bot's (its most visited move);
the swing is how much value the player's move gave away.

Noise: a value is a mean of playouts over dealt-in guesses of the hidden cards, judged by a
heuristic evaluation where a playout stops early; it is the bot's opinion, not a measured
win rate. The player's move is tried at least `focus_visits` times so its mean does not rest
on a handful of playouts (UCB tries a bad move rarely: that is how it finds the good ones).
docs/notes/review.md has the figures.

The search runs on iterations only (no clock) with a seed per decision made from the match's
seed and the move's number, so a review is the same on every machine for a given budget.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from tabletop.bots.base import resolve_plugin
from tabletop.bots.ismcts import ISMCTSBot, SearchBudget, level_for
from tabletop.core import Action, Game, Rng
from tabletop.core.match import LogEntry, Match

FORMAT = 1
TOP = 3                       # turning points and disagreements listed
_MASK = (1 << 64) - 1


# --- the budget ------------------------------------------------------------------------------
def review_budget(game: "str | Game", budget: "str | int | None" = None) -> SearchBudget:
    """The search a review makes per decision: a difficulty's ("hard" unless named) for
    this game, or that with `budget` iterations; never a clock, so it is deterministic.
    Raises ValueError for anything else."""
    policy = resolve_plugin(game).policy
    level = "hard"
    iterations = None
    if isinstance(budget, int):
        iterations = budget
    elif isinstance(budget, str) and budget.strip():
        text = budget.strip().lower()
        if text.isdigit():
            iterations = int(text)
        elif text in ("easy", "normal", "hard"):
            level = text
        else:
            raise ValueError(f"a budget is a number of iterations or easy, normal or hard, "
                             f"not {budget!r}")
    if iterations is not None and not 1 <= iterations <= 1_000_000:
        raise ValueError(f"a budget is 1 to 1000000 iterations, not {iterations}")
    search = replace(level_for(policy, level), seconds=None)
    if iterations is not None:
        search = replace(search, iterations=iterations,
                         min_iterations=min(search.min_iterations, iterations))
    return search


def focus_floor(budget: SearchBudget) -> int:
    """The tries the player's move gets at least: a tenth of the budget, 8 at the least."""
    return max(8, budget.iterations // 10)


def decision_seed(match_seed: int, move: int) -> int:
    """The search seed of the decision before log entry `move`: the match's seed and the
    move's number mixed (SplitMix64), the same on every machine."""
    rng = Rng((int(match_seed) * 0x100000001B3 + move) & _MASK)
    return rng.next64()


# --- a rated decision ---------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    move: int                 # the decision's place in the log, from 1
    seat: int                 # the engine's seat number, from 0
    legal: int                # how many legal moves there were
    chosen: Action
    chosen_value: float | None
    chosen_visits: int
    bot: Action
    bot_value: float | None
    bot_visits: int
    iterations: int

    @property
    def same(self) -> bool:
        return self.chosen == self.bot

    @property
    def swing(self) -> float:
        """Value the player's move gave away against the bot's (never below 0: where the
        player's move has the higher mean the bot simply tried it less)."""
        if self.same or self.chosen_value is None or self.bot_value is None:
            return 0.0
        return max(0.0, self.bot_value - self.chosen_value)

    @property
    def disagreement(self) -> float:
        """How much surer the search was of its move than of the player's: the difference of
        their shares of the root's tries (0 when they agree)."""
        if self.same or not self.iterations:
            return 0.0
        return max(0.0, (self.bot_visits - self.chosen_visits) / self.iterations)

    def to_json(self) -> dict:
        return {"move": self.move, "seat": self.seat, "legal": self.legal,
                "chosen": _move_json(self.chosen, self.chosen_value, self.chosen_visits),
                "bot": _move_json(self.bot, self.bot_value, self.bot_visits),
                "same": self.same, "swing": round(self.swing, 4),
                "disagreement": round(self.disagreement, 4), "iterations": self.iterations}

    @classmethod
    def from_json(cls, d: dict) -> "Rating":
        c, b = d["chosen"], d["bot"]
        return cls(int(d["move"]), int(d["seat"]), int(d["legal"]),
                   _action(c), _value(c["value"]), int(c["visits"]),
                   _action(b), _value(b["value"]), int(b["visits"]), int(d["iterations"]))


def _move_json(action: Action, value: float | None, visits: int) -> dict:
    return {"label": str(action), "action": action.to_json(),
            "value": None if value is None else round(value, 4), "visits": visits}


def _action(d: dict) -> Action:
    a = Action.from_json(d["action"])
    return Action(a.kind, a.args, str(d["label"]))


def _value(v) -> float | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
        raise ValueError(f"not a value: {v!r}")
    return float(v)


def _share(mean: float | None) -> float | None:
    return None if mean is None else (mean + 1.0) / 2.0


def rate(game: Game, bot: ISMCTSBot, view: Any, legal: list[Action], chosen: Action,
         seed: int, floor: int, move: int, seat: int) -> Rating:
    """One decision, searched from `view` with `legal`, the player's `chosen` among them."""
    found = bot.analyse(game, view, legal, Rng(seed), focus=chosen, focus_visits=floor)
    visits_c, mean_c = found.stats.get(chosen, (0, None))
    visits_b, mean_b = found.stats.get(found.best, (0, None))
    total = sum(v for v, _ in found.stats.values())
    return Rating(move, seat, len(legal), chosen, _share(mean_c), visits_c,
                  found.best, _share(mean_b), visits_b, total if found.iterations else 0)


# --- a match ------------------------------------------------------------------------------
@dataclass
class Decision:
    move: int
    seat: int
    view: Any
    legal: list[Action]
    chosen: Action


def decisions(game: Game, start: Any, log: Iterable[LogEntry],
              seats: set[int]) -> list[Decision]:
    """The decisions of `seats` with more than one legal move, each with the seat's view
    just before it; the log is replayed from `start` through the one door."""
    state = game.clone(start)
    found = []
    for i, entry in enumerate(log):
        seat = game.to_act(state)
        if seat in seats:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                chosen = next((a for a in legal if a == entry.action), entry.action)
                found.append(Decision(i + 1, seat, game.view(state, seat), legal, chosen))
        game.apply(state, entry.action, checked=True)
    return found


def log_digest(match: Match) -> str:
    """What a review depends on: the game, its rules version, options, seats, seed, the
    starting position of a branch dealt anew, and the log."""
    basis = [match.game.info.id, match.game.info.version, match.options,
             [s.to_json() for s in match.seats], match.seed, match.start,
             [e.action.to_json() for e in match.log]]
    text = json.dumps(basis, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def human_seats(match: Match) -> list[int]:
    return [i for i, s in enumerate(match.seats) if not s.is_bot]


Progress = Callable[[int, int, Rating], None]       # (rated so far, to rate, the last one)


def review_match(match: Match, seats: Iterable[int] | None = None,
                 budget: "str | int | SearchBudget | None" = None,
                 progress: Progress | None = None, start: Any = None) -> dict:
    """The review of `match` (the human seats unless `seats` are named) as a JSON document.

    `start` replaces the match's opening position (a test's planted position); the log is
    replayed from it."""
    game = match.game
    plugin = resolve_plugin(game)
    search = budget if isinstance(budget, SearchBudget) else review_budget(plugin, budget)
    rated = sorted(set(human_seats(match) if seats is None else seats))
    opening = start if start is not None else match.initial_state()
    todo = decisions(game, opening, match.log, set(rated))
    bot = ISMCTSBot(search, "hard", plugin.policy)
    floor = focus_floor(search)
    began = time.perf_counter()
    ratings = []
    for d in todo:
        r = rate(game, bot, d.view, d.legal, d.chosen, decision_seed(match.seed, d.move),
                 floor, d.move, d.seat)
        ratings.append(r)
        if progress is not None:
            progress(len(ratings), len(todo), r)
    return document(match, rated, search, ratings, time.perf_counter() - began)


def document(match: Match, seats: list[int], search: SearchBudget, ratings: list[Rating],
             seconds: float) -> dict:
    return {"format": FORMAT, "game": match.game.info.id, "moves": len(match.log),
            "digest": log_digest(match), "seats": seats,
            "players": [s.name or f"Player {i + 1}" for i, s in enumerate(match.seats)],
            "budget": {"iterations": search.iterations, "rollout_depth": search.rollout_depth,
                       "focus_visits": focus_floor(search)},
            "seconds": round(seconds, 2),
            "decisions": [r.to_json() for r in ratings],
            "turning_points": [r.move for r in turning_points(ratings)],
            "disagreements": [r.move for r in disagreements(ratings)]}


def turning_points(ratings: list[Rating], top: int = TOP) -> list[Rating]:
    """The biggest swings, biggest first (the earlier move first on a tie)."""
    lost = [r for r in ratings if r.swing > 0]
    return sorted(lost, key=lambda r: (-r.swing, r.move))[:top]


def disagreements(ratings: list[Rating], top: int = TOP) -> list[Rating]:
    """Where the bot was surest its move was not the player's, surest first."""
    differ = [r for r in ratings if not r.same]
    return sorted(differ, key=lambda r: (-r.disagreement, r.move))[:top]


def ratings_of(doc: dict) -> list[Rating]:
    """The ratings of a review document; ValueError (or KeyError, TypeError) if malformed."""
    return [Rating.from_json(d) for d in doc["decisions"]]


def _pct(value: float | None) -> str:
    return "  ?" if value is None else f"{round(value * 100):3d}%"


def format_review(doc: dict) -> str:
    """The review as lines for a terminal: every rated decision, then the turning points."""
    players = doc.get("players", [])
    name = (lambda s: players[s] if 0 <= s < len(players) else f"Player {s + 1}")
    by_move = {d["move"]: d for d in doc["decisions"]}
    lines = [f"{len(doc['decisions'])} decisions rated in {doc['moves']} moves "
             f"({doc['budget']['iterations']} iterations each). Value: the bot's estimate of "
             f"the seat's chances after the move."]
    for d in doc["decisions"]:
        c, b = d["chosen"], d["bot"]
        tail = "  (the bot agrees)" if d["same"] else (
            f"  bot: {b['label']} {_pct(b['value'])}  swing {round(d['swing'] * 100)}")
        lines.append(f"move {d['move']:4d}  {name(d['seat'])}: {c['label']} {_pct(c['value'])}{tail}")

    def listed(title: str, moves: list[int], figure) -> None:
        lines.append(title + ("" if moves else " none."))
        for m in moves:
            d = by_move[m]
            lines.append(f"  move {m}, {name(d['seat'])} chose {d['chosen']['label']} "
                         f"{_pct(d['chosen']['value'])}; the bot's move: {d['bot']['label']} "
                         f"{_pct(d['bot']['value'])} ({figure(d)})")
    listed("Turning points (the biggest swings):", doc["turning_points"],
           lambda d: f"swing {round(d['swing'] * 100)} points")
    listed("Where the bot disagreed most:", doc["disagreements"],
           lambda d: f"{round(d['bot']['visits'] / max(1, d['iterations']) * 100)}% of its tries "
                     f"on its move, {round(d['chosen']['visits'] / max(1, d['iterations']) * 100)}% on yours")
    return "\n".join(lines)
