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

`options` are the match options (Paargus: {"hands": 1} makes a game one hand
instead of a match played until a player is cleaned out); the report then
says which options were used. `seat_option` (key, one value per entrant)
makes one option a list by seat in which each seat holds its entrant's value,
so a deck or faction follows its entrant from seat to seat (the balance
measurement plays starting choices against each other this way). `jobs` > 1 plays the games in that many worker
processes; the results are the same as with one (game i always has seed S+i
and rotation i), only the timings differ with the machine's load.

Bots that search report their effort through a `last_search` attribute
({"iterations": n, "seconds": t} after each decision, None when they did not
search); the report then gives each such entrant a "search" entry with the
decisions searched and the iterations per second.

Decision times are summarised in bounded memory (`Quantiles`): the median and
p95 are exact up to 2000 decisions per bot, within 1% (relative) past that, and
the report then says so under "timing_error".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Callable, Sequence

from tabletop.bots.base import make_bot, parse_entrant, resolve_plugin
from tabletop.lab.quantiles import EXACT_LIMIT, REL_ERROR, Quantiles
from tabletop.bots.worker import choose_with_fallback
from tabletop.core.plugin import Plugin
from tabletop.core import Game, Rng
from tabletop.core.match import Match, Seat
from tabletop.store.saves import SaveStore

MAX_MOVES = 5000
_BOT_SEED_SALT = 0xB075_EED5  # keeps bot streams apart from a game that seeds Rng(seed) itself
TIMING_ERROR = (f"medians and p95s are within {REL_ERROR:.0%} (relative) of the exact figures: "
                f"past {EXACT_LIMIT} decisions a bot's times are kept as a histogram")


@dataclass
class _Entrant:
    spec: str                 # as given, e.g. "greedy:hard"
    bot: str
    difficulty: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    times_ms: Quantiles = field(default_factory=Quantiles)    # bounded: not every time
    searched: int = 0           # decisions the bot reported a search for
    iterations: int = 0
    search_s: float = 0.0
    search_ms: Quantiles = field(default_factory=Quantiles)
    # by entrant: the games this one finished ahead of that one (Result.places), so a table
    # of more than two ranks every pair, not the winner alone
    ahead: list[int] = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"bot": self.spec, "wins": self.wins, "losses": self.losses, "draws": self.draws,
               "ahead": list(self.ahead), "decision_ms": _figures(self.times_ms)}
        if self.searched:
            out["search"] = {
                "decisions": self.searched, "iterations": self.iterations,
                "iterations_per_decision": round(self.iterations / self.searched, 1),
                "iterations_per_s": round(self.iterations / self.search_s, 1) if self.search_s else 0.0,
                "searched_ms": _figures(self.search_ms)}
        return out

    def merge(self, other: "_Entrant") -> None:
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.times_ms.merge(other.times_ms)
        self.searched += other.searched
        self.iterations += other.iterations
        self.search_s += other.search_s
        self.search_ms.merge(other.search_ms)
        if other.ahead:
            self.ahead = [a + b for a, b in zip(self.ahead or [0] * len(other.ahead), other.ahead)]

    def exact(self) -> bool:
        return self.times_ms.exact and self.search_ms.exact

    def state(self) -> dict:
        """All it counts, as JSON (to_json is the report's summary of it)."""
        return {"spec": self.spec, "bot": self.bot, "difficulty": self.difficulty,
                "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "times_ms": self.times_ms.to_json(), "searched": self.searched,
                "iterations": self.iterations, "search_s": self.search_s,
                "search_ms": self.search_ms.to_json(), "ahead": self.ahead}

    @classmethod
    def from_state(cls, d: dict) -> "_Entrant":
        return cls(d["spec"], d["bot"], d["difficulty"], d["wins"], d["losses"], d["draws"],
                   Quantiles.from_json(d["times_ms"]), d["searched"], d["iterations"],
                   d["search_s"], Quantiles.from_json(d["search_ms"]), list(d.get("ahead", [])))


def _figures(times: Quantiles) -> dict:
    return {"median": round(times.median(), 3), "p95": round(times.percentile(95), 3)}


@dataclass
class _Tally:
    errors: int = 0
    illegal: int = 0
    unfinished: int = 0

    def merge(self, other: "_Tally") -> None:
        self.errors += other.errors
        self.illegal += other.illegal
        self.unfinished += other.unfinished


def run_arena(game_id: str | Game, bots: Sequence[str], games: int = 100, seed: int = 0,
              save_dir: str | Path | None = None,
              progress: Callable[[int, int], None] | None = None,
              max_moves: int = MAX_MOVES, options: dict | None = None,
              jobs: int = 1, preload: Sequence[str] = (),
              seat_option: tuple[str, Sequence] | None = None,
              resume_dir: str | Path | None = None) -> dict:
    """Play `games` games between `bots` (one per seat) and report as JSON-ready dict.

    `game_id` is a registry id, "module:ATTR", or a Game. `bots` are names with an
    optional difficulty ("greedy:hard"). `progress(done, total)` is called after
    each game (with jobs > 1: after each batch of games). With `save_dir`, every
    game that reached its end is saved there. `options` are the match options
    (reported back under "options" when given); `jobs` worker processes share
    the games, each importing the `preload` modules first (bots registered
    with register_bot in this process exist only here). With `resume_dir` (and
    jobs > 1), each finished batch is kept there, and a run of the same games
    started again plays only the batches still missing: a run of hours may be
    stopped and taken up later.
    """
    found = resolve_plugin(game_id)
    game = found.game
    entrants = [_Entrant(spec, *parse_entrant(spec)) for spec in bots]
    if len(entrants) not in game.info.players:
        raise ValueError(f"{game.info.title} is for {_counts(game)} players, "
                         f"not {len(entrants)}")
    for e in entrants:
        make_bot(e.bot, e.difficulty)     # unknown names fail now, not in game 1
    if options is not None and not isinstance(options, dict):
        raise ValueError("match options must be a JSON object (a dict)")
    if seat_option is not None:
        key, values = seat_option
        if len(values) != len(entrants):
            raise ValueError(f"seat_option {key!r} needs one value per entrant")
        seat_option = (key, list(values))
    tally = _Tally()
    earlier = 0.0
    if jobs > 1 and games > 1:
        earlier = _run_parallel(game_id if isinstance(game_id, str) else found, list(bots),
                                games, seed, save_dir, progress, max_moves, options, jobs,
                                entrants, tally, tuple(preload), seat_option, resume_dir,
                                game.info.version)
    else:
        store = _save_store(save_dir) if save_dir is not None else None
        for i in range(games):
            _play_game(found, entrants, i, seed + i, max_moves, tally, store, options,
                       seat_option)
            if progress is not None:
                progress(i + 1, games)
    report = {"game": game.info.id, "games": games, "errors": tally.errors,
              "illegal": tally.illegal, "unfinished": tally.unfinished,
              "entrants": [e.to_json() for e in entrants]}
    if not all(e.exact() for e in entrants):
        report["timing_error"] = TIMING_ERROR
    if earlier:
        report["earlier_seconds"] = round(earlier, 1)   # batches a stopped run had kept
    if options is not None:
        report["options"] = dict(options)
    if seat_option is not None:
        report["seat_option"] = {"key": seat_option[0], "values": seat_option[1]}
    return report


def _play_chunk(args) -> tuple[int, _Tally, list[_Entrant]]:
    """Games [first, first + count) in a worker process (module level: picklable)."""
    (game_id, bots, first, count, seed, save_dir, max_moves, options, sys_path, preload,
     seat_option) = args
    import sys
    for p in sys_path:              # the parent's import path (tests' helper modules)
        if p not in sys.path:
            sys.path.append(p)
    for module in preload:
        import_module(module)
    found = resolve_plugin(game_id)
    entrants = [_Entrant(spec, *parse_entrant(spec)) for spec in bots]
    store = _save_store(save_dir) if save_dir is not None else None
    tally = _Tally()
    for i in range(first, first + count):
        _play_game(found, entrants, i, seed + i, max_moves, tally, store, options, seat_option)
    return first, tally, entrants


def _run_parallel(game_ref, bots, games, seed, save_dir, progress, max_moves, options, jobs,
                  entrants: list[_Entrant], tally: _Tally, preload: tuple[str, ...],
                  seat_option=None, resume_dir=None, version: int = 0) -> float:
    """Plays the games in batches over `jobs` processes; returns the seconds that batches kept
    by earlier runs took (0 without `resume_dir`)."""
    import sys
    size = max(1, min(10, games // (jobs * 4)))
    chunks = [(game_ref, bots, first, min(size, games - first), seed,
               None if save_dir is None else str(save_dir), max_moves, options, list(sys.path),
               preload, seat_option)
              for first in range(0, games, size)]
    # the rules version is in the key: batches played under other rules are never taken up
    kept = _Batches(resume_dir, (str(game_ref), version, bots, games, seed, max_moves, options,
                                 seat_option, size)) if resume_dir is not None else None
    results, earlier = kept.load() if kept is not None else ({}, 0.0)
    todo = [c for c in chunks if c[2] not in results]
    done = sum(c[3] for c in chunks if c[2] in results)
    if progress is not None and done:
        progress(done, games)
    ctx = multiprocessing.get_context("spawn")
    last = time.perf_counter()
    with ctx.Pool(max(1, min(jobs, len(todo)))) as pool:
        for first, part, got in pool.imap_unordered(_play_chunk, todo):
            results[first] = (part, got)
            if kept is not None:
                now = time.perf_counter()
                kept.keep(first, part, got, now - last)
                last = now
            done += next(c[3] for c in chunks if c[2] == first)
            if progress is not None:
                progress(done, games)
    for first in sorted(results):   # merged in game order, whatever order they finished in
        part, got = results[first]
        tally.merge(part)
        for mine, theirs in zip(entrants, got):
            mine.merge(theirs)
    return earlier


class _Batches:
    """Finished batches of a long run, one JSON file each in a folder named after the run's
    games (bots, seeds, options, batch size): a different run never reads another's."""

    def __init__(self, folder, what: tuple) -> None:
        digest = hashlib.sha1(repr(what).encode()).hexdigest()[:12]
        self.folder = Path(folder) / digest

    def load(self) -> tuple[dict, float]:
        """The kept batches by first game, and the wall time they took when they were played
        (batches kept before 2026-11-24 stored none and count 0)."""
        found, seconds = {}, 0.0
        for path in sorted(self.folder.glob("batch-*.json")):
            try:
                d = json.loads(path.read_text(encoding="utf-8"))
                part = _Tally(**d["tally"])
                got = [_Entrant.from_state(e) for e in d["entrants"]]
                first = int(d["first"])
                took = float(d.get("seconds", 0.0))
            except Exception:      # a batch cut short when the run was stopped: play it again
                continue
            found[first] = (part, got)
            seconds += took
        return found, seconds

    def keep(self, first: int, part, got, seconds: float) -> None:
        """`seconds`: the wall time since the run's previous batch finished (or it started),
        so the batches of a run resumed several times add up to the time it took."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f"batch-{first:06d}.tmp"
        tmp.write_text(json.dumps({"first": first, "tally": vars(part),
                                   "entrants": [e.state() for e in got],
                                   "seconds": seconds}), encoding="utf-8")
        os.replace(tmp, self.folder / f"batch-{first:06d}.json")


def _counts(game: Game) -> str:
    return " or ".join(str(n) for n in game.info.players)


def _save_store(save_dir):
    return SaveStore(folder=Path(save_dir))


def _play_game(found: Plugin, entrants: list[_Entrant], index: int, game_seed: int,
               max_moves: int, tally: _Tally, store, options: dict | None = None,
               seat_option: tuple[str, list] | None = None) -> None:
    n = len(entrants)
    seat_of = [(s + index) % n for s in range(n)]              # seat -> entrant index
    if seat_option is not None:
        key, values = seat_option
        options = {**(options or {}), key: [values[k] for k in seat_of]}
    order = [entrants[k] for k in seat_of]
    seats = [Seat(kind="bot", name=e.spec, bot=e.bot, difficulty=e.difficulty) for e in order]
    stream = Rng(game_seed ^ _BOT_SEED_SALT)
    rngs = [stream.fork() for _ in entrants]                    # one stream per entrant
    game = found.game
    bots = [make_bot(e.bot, e.difficulty, found.policy) for e in entrants]
    failed = False
    try:
        match = Match(game, seats, game_seed, options)
        while match.to_act is not None and len(match.log) < max_moves:
            seat = match.to_act
            k = seat_of[seat]
            entrant, rng = entrants[k], rngs[k]
            legal = match.legal_actions()
            view = game.view(match.state, seat)     # the bot never sees the state
            start = time.perf_counter()
            action, error = choose_with_fallback(game, view, legal, bots[k],
                                                 entrant.difficulty, rng)
            elapsed_ms = (time.perf_counter() - start) * 1000.0
            entrant.times_ms.add(elapsed_ms)
            search = getattr(bots[k], "last_search", None)
            if search and error is None:
                entrant.searched += 1
                entrant.iterations += int(search.get("iterations", 0))
                entrant.search_s += float(search.get("seconds", 0.0))
                entrant.search_ms.add(elapsed_ms)
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
        places = result.places()
        for seat, entrant in enumerate(order):
            if not result.winners:
                entrant.draws += 1
            elif seat in result.winners:
                entrant.wins += 1
            else:
                entrant.losses += 1
            if not entrant.ahead:
                entrant.ahead = [0] * n
            for other in range(n):
                entrant.ahead[seat_of[other]] += places[seat] < places[other]


def format_table(report: dict) -> str:
    """The report as a plain-text table for a terminal."""
    games = report["games"]
    opts = f" (options {json.dumps(report['options'])})" if report.get("options") else ""
    lines = [f"{report['game']}: {games} games{opts}, {report['errors']} errors, "
             f"{report['illegal']} illegal, {report['unfinished']} unfinished",
             f"{'bot':<20} {'wins':>6} {'losses':>6} {'draws':>6} {'win %':>6} "
             f"{'median ms':>10} {'p95 ms':>9}"]
    for e in report["entrants"]:
        rate = 100.0 * e["wins"] / games if games else 0.0
        lines.append(f"{e['bot']:<20} {e['wins']:>6} {e['losses']:>6} {e['draws']:>6} "
                     f"{rate:>6.1f} {e['decision_ms']['median']:>10.2f} "
                     f"{e['decision_ms']['p95']:>9.2f}"
                     + (f"  {e['search']['iterations_per_s']:.0f} it/s" if "search" in e else ""))
    if "timing_error" in report:
        lines.append(f"({report['timing_error']})")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tabletop.lab.arena GAME BOT BOT [...]` (the CLI may wrap this)."""
    parser = argparse.ArgumentParser(prog="arena", description="Bots play each other.")
    parser.add_argument("game")
    parser.add_argument("bots", nargs="+", help='one per seat, e.g. greedy:hard random')
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save-dir")
    parser.add_argument("--options", type=json.loads, default=None,
                        help='match options as JSON, e.g. \'{"hands": 1}\'')
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--preload", nargs="*", default=[],
                        help="modules to import first (they may register bots)")
    parser.add_argument("--json", action="store_true", help="print the JSON report")
    args = parser.parse_args(argv)
    for module in args.preload:
        import_module(module)
    report = run_arena(args.game, args.bots, games=args.games, seed=args.seed,
                       save_dir=args.save_dir, options=args.options, jobs=args.jobs,
                       preload=args.preload)
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
