"""Stress: kill -9 and freeze (SIGSTOP) the bot worker mid-decision while real Paargus
matches are driven through the app's controller, and kill the app under its worker.

    QT_QPA_PLATFORM=offscreen python stress/worker_faults.py [--count N] [--parent-deaths M]

Checks that every match goes on (the in-app fallback or a replacement worker makes the
move), that no move is lost (the log grows by one per turn; replay and the autosave agree
with it), that no UI-thread call into the worker blocks more than 0.2 s, that a worker
whose app is killed is gone within 2 s without a traceback, and that no worker process
is left. Prints the figures; exits 1 on any failure. Linux (it reads /proc).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
for var, value in [("QT_QPA_PLATFORM", "offscreen"), ("SDL_VIDEODRIVER", "dummy"),
                   ("SDL_AUDIODRIVER", "dummy")]:
    os.environ.setdefault(var, value)

from PySide6.QtCore import QCoreApplication  # noqa: E402
from process_helpers import children, freeze, gone  # noqa: E402

from tabletop.bots.worker import BotWorker  # noqa: E402
from tabletop.core.match import Match, Seat  # noqa: E402
from tabletop.games.registry import get_game  # noqa: E402
from tabletop.shell.controller import MatchController  # noqa: E402
from tabletop.store.saves import SaveStore  # noqa: E402

QUICK = 0.2            # seconds a UI-thread call into the worker may take
TIME_LIMIT = 1.5       # the worker's limit (the app's is 10 s): a freeze is noticed after this
ORPHAN_LIMIT = 2.0     # seconds a worker may outlive its killed app
BOTS = ("ismcts:normal", "ismcts:easy")
FAULTS = {"kill": "stopped unexpectedly", "freeze": "took longer"}   # -> the fallback's reason


@dataclass
class Figures:
    hits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    missed: int = 0                  # the bot's answer came before the fault
    other_fallbacks: int = 0         # e.g. a worker frozen after answering, found on its next move
    matches: int = 0
    moves: int = 0
    slowest: dict[str, float] = field(default_factory=dict)   # UI call -> seconds
    recovery: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0.0))
    orphan_exit: list[float] = field(default_factory=list)
    orphan_tracebacks: int = 0
    disagreements: int = 0           # matches whose replay or autosave differs from the log
    failures: list[str] = field(default_factory=list)

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.failures.append(what)
            print("FAILED:", what, flush=True)


class TimedWorker(BotWorker):
    """The app's worker, timing each call the UI thread makes into it."""

    def __init__(self, figures: Figures) -> None:
        super().__init__(time_limit=TIME_LIMIT)
        self.figures = figures

    def _timed(self, name, method, *args, **kwargs):
        start = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            took = time.perf_counter() - start
            slowest = self.figures.slowest
            slowest[name] = max(slowest.get(name, 0.0), took)

    def request(self, *args, **kwargs):
        return self._timed("request", super().request, *args, **kwargs)

    def poll(self):
        return self._timed("poll", super().poll)

    def cancel(self):
        return self._timed("cancel", super().cancel)

    def close(self):
        return self._timed("close", super().close)


def new_controller(seed: int, store: SaveStore, worker: BotWorker) -> MatchController:
    """A one-hand bot-vs-bot Paargus match, ticked by hand (the app's timer does the same)."""
    seats = [Seat("bot", f"Bot {i + 1}", *bot.split(":")) for i, bot in enumerate(BOTS)]
    ctrl = MatchController(Match(get_game("paargus"), seats, seed, {"hands": 1}), store, worker)
    ctrl.timer.stop()
    ctrl.pace = 0.0
    return ctrl


def tick_until_a_move(ctrl: MatchController, problems: list[str], limit: float = 60.0) -> str:
    """Tick until one move is played; returns the fallback's reason, or "" for the bot's move."""
    before, seen = len(ctrl.match.log), len(problems)
    end = time.monotonic() + limit
    while len(ctrl.match.log) == before:
        if time.monotonic() > end:
            raise TimeoutError(f"no move in {limit:g} s: the match is stuck")
        ctrl.tick()
        time.sleep(0.005)
    if len(ctrl.match.log) != before + 1:
        raise AssertionError(f"{len(ctrl.match.log) - before} moves in one turn")
    return problems[-1] if len(problems) > seen else ""


def wait_until_thinking(ctrl: MatchController, worker: BotWorker) -> bool:
    """Tick until the worker is on a real choice (more than one legal action); False if a
    move got played first."""
    before = len(ctrl.match.log)
    while len(ctrl.match.log) == before and ctrl.match.to_act is not None:
        if worker.thinking and len(ctrl.match.legal_actions()) > 1:
            return True
        ctrl.tick()
        time.sleep(0.005)
    return False


def inject(kind: str, ctrl: MatchController, worker: BotWorker, problems: list[str],
           rng: random.Random, figures: Figures) -> None:
    """One fault mid-decision, then the move it must not cost."""
    time.sleep(rng.uniform(0.0, 0.03))
    if kind == "freeze":
        freeze(worker.pid)
    else:
        os.kill(worker.pid, signal.SIGKILL)
    start = time.monotonic()
    got = tick_until_a_move(ctrl, problems)
    if FAULTS[kind] in got:
        figures.hits[kind] += 1
        figures.recovery[kind] = max(figures.recovery[kind], time.monotonic() - start)
    elif not got:
        figures.missed += 1


def finish_match(ctrl: MatchController, store: SaveStore, figures: Figures) -> None:
    """Nothing lost: replaying the log and loading the autosave give the match as played."""
    match = ctrl.match
    game = match.game
    replayed = game.setup(match.options, match.seed, len(match.seats))
    for entry in match.log:
        game.apply(replayed, entry.action)
    saved = store.load(match.id, games=get_game)
    agree = (game.state_to_json(replayed) == game.state_to_json(match.state)
             and len(saved.log) == len(match.log)
             and game.state_to_json(saved.state) == game.state_to_json(match.state))
    figures.disagreements += not agree
    figures.check(agree, f"match {match.id}: the replay or the autosave ({len(saved.log)} "
                         f"moves) differs from the match ({len(match.log)} moves)")
    figures.matches += 1
    figures.moves += len(match.log)
    ctrl.close()


def run_faults(count: int, seed: int, saves: Path, figures: Figures) -> None:
    rng = random.Random(seed)
    store = SaveStore(saves)
    worker = TimedWorker(figures)
    problems: list[str] = []        # every fallback's sentence, from every match
    kinds = [kind for _ in range(count) for kind in FAULTS][:count]
    ctrl = None
    while kinds:
        if ctrl is None or ctrl.match.to_act is None:
            if ctrl is not None:
                finish_match(ctrl, store, figures)
            ctrl = new_controller(seed + figures.matches, store, worker)
            ctrl.problem.connect(problems.append)
        elif not wait_until_thinking(ctrl, worker):
            continue                # a move with nothing to think about
        elif rng.random() < 0.5:
            inject(kinds.pop(), ctrl, worker, problems, rng, figures)
        else:
            tick_until_a_move(ctrl, problems)
    if wait_until_thinking(ctrl, worker):
        freeze(worker.pid)          # the app closes the match on a frozen bot
    finish_match(ctrl, store, figures)
    figures.other_fallbacks = len(problems) - sum(figures.hits.values())


# --- the app killed under its worker ---------------------------------------------------
def as_app(seed: int, saves: Path) -> None:
    """The child side: play on and print the worker's pid once it is mid-search."""
    worker = BotWorker(time_limit=60)
    ctrl = new_controller(seed, SaveStore(saves), worker)
    while not wait_until_thinking(ctrl, worker):
        if ctrl.match.to_act is None:
            raise SystemExit("the match ended before the bot searched")
    print(worker.pid, flush=True)
    while True:                      # playing on, until killed
        ctrl.tick()
        time.sleep(0.03)


def kill_the_app(seed: int, saves: Path, rng: random.Random, figures: Figures) -> None:
    with tempfile.TemporaryFile() as errors:
        app = subprocess.Popen([sys.executable, __file__, "--as-app", str(seed), "--saves",
                                str(saves)], stdout=subprocess.PIPE, stderr=errors)
        pid = int(app.stdout.readline())
        time.sleep(rng.uniform(0.05, 0.3))
        app.kill()
        start = time.monotonic()
        app.wait()
        app.stdout.close()
        exited = gone(pid, within=ORPHAN_LIMIT)
        figures.orphan_exit.append(time.monotonic() - start)
        figures.check(exited, f"the worker {pid} outlived its killed app by {ORPHAN_LIMIT:g} s")
        if not exited:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.1)
        errors.seek(0)
        text = errors.read().decode(errors="replace")
        figures.orphan_tracebacks += "Traceback" in text
        figures.check("Traceback" not in text, f"the orphaned worker wrote:\n{text}")


# --- the run ---------------------------------------------------------------------------
def summary(figures: Figures, faults: int, seconds: float) -> str:
    slow = ", ".join(f"{name} {s * 1000:.0f} ms" for name, s in sorted(figures.slowest.items()))
    hits = " and ".join(f"{n} {kind}s" for kind, n in figures.hits.items())
    orphans = figures.orphan_exit
    return (f"{faults} faults injected into the bot worker while it thought, over {figures.matches} "
            f"one-hand Paargus matches ({figures.moves} moves, bots {' vs '.join(BOTS)}, worker "
            f"time limit {TIME_LIMIT:g} s): {hits} hit a decision in progress and the fallback "
            f"made that move; {figures.missed} came after the bot had answered (its move "
            f"played), {figures.other_fallbacks} other moves fell back (a worker frozen idle, "
            f"found on its next request). Slowest recovery to the next move: kill "
            f"{figures.recovery['kill']:.2f} s, freeze {figures.recovery['freeze']:.2f} s. "
            f"Slowest UI-thread call into the worker (limit {QUICK * 1000:.0f} ms): {slow}. "
            f"Log, replay and autosave disagreed in {figures.disagreements} matches (a move "
            f"lost or doubled). App killed under its worker {len(orphans)} times: the worker "
            f"was gone within {max(orphans, default=0):.2f} s at worst, with a traceback "
            f"{figures.orphan_tracebacks} times. "
            f"{len(figures.failures)} failures in {seconds:.0f} s.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=80, help="kills and freezes (half each)")
    parser.add_argument("--parent-deaths", type=int, default=6, help="times the app is killed")
    parser.add_argument("--seed", type=int, default=1900)
    parser.add_argument("--as-app", type=int, help=argparse.SUPPRESS)   # the seed
    parser.add_argument("--saves", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    app = QCoreApplication.instance() or QCoreApplication([])   # noqa: F841 (QTimer needs one)
    if args.as_app is not None:
        as_app(args.as_app, args.saves)
    logging.getLogger("tabletop.shell.controller").setLevel(logging.ERROR)  # fallbacks: counted
    start = time.monotonic()
    figures = Figures()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="worker-faults-") as saves:
        try:
            run_faults(args.count, args.seed, Path(saves), figures)
            for i in range(args.parent_deaths):
                kill_the_app(args.seed + 1000 + i, Path(saves) / "app", rng, figures)
        except (AssertionError, TimeoutError) as exc:     # a stuck match or a lost move
            figures.check(False, str(exc))
    for name, took in figures.slowest.items():
        figures.check(took < QUICK, f"the UI waited {took:.2f} s on the worker's {name}()")
    figures.check(gone_within(children("spawn_main"), 2.0), "worker processes were left")
    figures.check(sum(figures.hits.values()) >= args.count // 2,
                  "fewer than half the faults hit a decision in progress")
    print(summary(figures, args.count, time.monotonic() - start))
    return 1 if figures.failures else 0


def gone_within(pids: list[int], seconds: float) -> bool:
    return all(gone(pid, within=seconds) for pid in pids)


if __name__ == "__main__":
    raise SystemExit(main())
