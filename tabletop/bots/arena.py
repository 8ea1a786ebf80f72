"""The arena: bots play each other many times; strength is measured, not guessed.

Game i is set up from seed S+i with the entrants' seats rotated by i, so every
entrant plays every seat equally often. Each game is a real `Match` (the log
is what a save holds) and every bot decides from `game.view(state, seat)`.

Counting rules:
- errors: games in which something raised. An engine error ends the game; a
  bot error is replaced by the fallback move (as the app would) and the game
  goes on, so the log can be saved and read, but neither counts for results.
- illegal: decisions where a bot answered an action not in the legal list; a
  random legal action is played instead and the game counts normally.
- unfinished: games still running after `max_moves` moves.
So for each entrant, wins + losses + draws == games - errors - unfinished.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from tabletop.bots.base import make_bot, parse_entrant, resolve_game
from tabletop.bots.worker import choose_with_fallback
from tabletop.core import Game, Rng
from tabletop.core.match import Match, Seat

MAX_MOVES = 5000
_BOT_SEED_SALT = 0xB075_EED5  # keeps bot streams apart from a game that seeds Rng(seed) itself


@dataclass
class _Entrant:
    spec: str                 # as given, e.g. "greedy:hard"
    bot: str
    difficulty: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    times_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"bot": self.spec, "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "decision_ms": {"median": _median(self.times_ms), "p95": _p95(self.times_ms)}}


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 3) if xs else 0.0


def _p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    ordered = sorted(xs)      # nearest-rank percentile
    return round(ordered[max(0, -(-95 * len(ordered) // 100) - 1)], 3)


@dataclass
class _Tally:
    errors: int = 0
    illegal: int = 0
    unfinished: int = 0


def run_arena(game_id: str | Game, bots: Sequence[str], games: int = 100, seed: int = 0,
              save_dir: str | Path | None = None,
              progress: Callable[[int, int], None] | None = None,
              max_moves: int = MAX_MOVES) -> dict:
    """Play `games` games between `bots` (one per seat) and report as JSON-ready dict.

    `game_id` is a registry id, "module:ATTR", or a Game. `bots` are names with an
    optional difficulty ("greedy:hard"). `progress(done, total)` is called after
    each game. With `save_dir`, every game that reached its end is saved there.
    """
    game = resolve_game(game_id) if isinstance(game_id, str) else game_id
    entrants = [_Entrant(spec, *parse_entrant(spec)) for spec in bots]
    if len(entrants) not in game.info.players:
        raise ValueError(f"{game.info.title} is for {_counts(game)} players, "
                         f"not {len(entrants)}")
    for e in entrants:
        make_bot(e.bot, e.difficulty)     # unknown names fail now, not in game 1
    store = _save_store(save_dir) if save_dir is not None else None
    tally = _Tally()
    for i in range(games):
        _play_game(game, entrants, i, seed + i, max_moves, tally, store)
        if progress is not None:
            progress(i + 1, games)
    return {"game": game.info.id, "games": games, "errors": tally.errors,
            "illegal": tally.illegal, "unfinished": tally.unfinished,
            "entrants": [e.to_json() for e in entrants]}


def _counts(game: Game) -> str:
    return " or ".join(str(n) for n in game.info.players)


def _save_store(save_dir):
    try:   # written in parallel by the store owner; only needed when saving
        from tabletop.store.saves import SaveStore
    except ImportError as exc:
        raise RuntimeError(f"saving arena games needs tabletop.store.saves: {exc}") from exc
    return SaveStore(folder=Path(save_dir))


def _play_game(game: Game, entrants: list[_Entrant], index: int, game_seed: int,
               max_moves: int, tally: _Tally, store) -> None:
    n = len(entrants)
    seat_of = [(s + index) % n for s in range(n)]              # seat -> entrant index
    order = [entrants[k] for k in seat_of]
    seats = [Seat(kind="bot", name=e.spec, bot=e.bot, difficulty=e.difficulty) for e in order]
    stream = Rng(game_seed ^ _BOT_SEED_SALT)
    rngs = [stream.fork() for _ in entrants]                    # one stream per entrant
    bots = [make_bot(e.bot, e.difficulty) for e in entrants]
    failed = False
    try:
        match = Match(game, seats, game_seed)
        while match.to_act is not None and len(match.log) < max_moves:
            seat = match.to_act
            k = seat_of[seat]
            entrant, rng = entrants[k], rngs[k]
            legal = match.legal_actions()
            view = game.view(match.state, seat)     # the bot never sees the state
            start = time.perf_counter()
            action, error = choose_with_fallback(game, view, legal, bots[k],
                                                 entrant.difficulty, rng)
            entrant.times_ms.append((time.perf_counter() - start) * 1000.0)
            failed = failed or error is not None
            if action not in legal:
                tally.illegal += 1
                action = rng.choice(legal)
            else:
                action = legal[legal.index(action)]  # the engine's copy, with its label
            match.play(action)
    except Exception:
        tally.errors += 1
        return
    result = match.result()
    if result is not None and store is not None:
        store.save(match)
    if failed:
        tally.errors += 1
    elif result is None:
        tally.unfinished += 1
    else:
        for seat, entrant in enumerate(order):
            if not result.winners:
                entrant.draws += 1
            elif seat in result.winners:
                entrant.wins += 1
            else:
                entrant.losses += 1


def format_table(report: dict) -> str:
    """The report as a plain-text table for a terminal."""
    games = report["games"]
    lines = [f"{report['game']}: {games} games, {report['errors']} errors, "
             f"{report['illegal']} illegal, {report['unfinished']} unfinished",
             f"{'bot':<20} {'wins':>6} {'losses':>6} {'draws':>6} {'win %':>6} "
             f"{'median ms':>10} {'p95 ms':>9}"]
    for e in report["entrants"]:
        rate = 100.0 * e["wins"] / games if games else 0.0
        lines.append(f"{e['bot']:<20} {e['wins']:>6} {e['losses']:>6} {e['draws']:>6} "
                     f"{rate:>6.1f} {e['decision_ms']['median']:>10.2f} "
                     f"{e['decision_ms']['p95']:>9.2f}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tabletop.bots.arena GAME BOT BOT [...]` (the CLI may wrap this)."""
    parser = argparse.ArgumentParser(prog="arena", description="Bots play each other.")
    parser.add_argument("game")
    parser.add_argument("bots", nargs="+", help='one per seat, e.g. greedy:hard random')
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save-dir")
    parser.add_argument("--json", action="store_true", help="print the JSON report")
    args = parser.parse_args(argv)
    report = run_arena(args.game, args.bots, games=args.games, seed=args.seed,
                       save_dir=args.save_dir)
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
