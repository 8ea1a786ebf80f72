"""Bots think in a separate process, so the table never freezes.

A thread would not do: a bot is pure-Python CPU work and would hold the GIL
against the UI. One long-lived "spawn" process (the only start method that
behaves the same on Windows, macOS and Linux, and in a frozen app) serves one
request at a time over a pipe. Views and actions cross the pipe pickled; that
is in-memory only, saves on disk stay JSON.

A frozen app must call `multiprocessing.freeze_support()` in its main; the
process entry point here (`_serve`) is a module-level function for that reason.

When a bot raises or runs out of time, the caller gets an error text and
falls back to `fallback_choice` (one-sample greedy), so a match never stalls.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from importlib import import_module
from typing import Any, Sequence

from tabletop.bots.base import Bot, make_bot, resolve_plugin
from tabletop.bots.greedy import GreedyBot
from tabletop.core import Action, Game, Rng

DEFAULT_TIME_LIMIT = 10.0          # seconds a bot may think before it is stopped
STARTUP_LIMIT = 60.0               # seconds a fresh process may take to import its modules
_READY = "ready"                   # the process's first message: the clock starts now
PARENT_CHECK_S = 0.25              # the worker checks this often that the app is alive

Outcome = tuple[int, "Action | None", "str | None"]   # (ticket, action, error text)


# --- in this process -----------------------------------------------------------
def choose_in_process(game: Game, view: Any, legal: list[Action], bot: str | Bot,
                      difficulty: str = "normal", rng: Rng | None = None) -> Action:
    """The bot's choice, computed here and now. Not checked for legality."""
    if isinstance(bot, str):
        bot = make_bot(bot, difficulty, resolve_plugin(game).policy)
    return bot.choose(game, view, list(legal), rng if rng is not None else Rng(0))


def fallback_choice(game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
    """What to play when the chosen bot failed: greedy on one sample, else random."""
    try:
        action = GreedyBot(samples=1, policy=resolve_plugin(game).policy).choose(
            game, view, list(legal), rng)
        if action in legal:
            return action
    except Exception:               # the game's evaluate may be what failed
        pass
    return rng.choice(legal)


def choose_with_fallback(game: Game, view: Any, legal: list[Action], bot: str | Bot,
                         difficulty: str = "normal", rng: Rng | None = None
                         ) -> tuple[Action, str | None]:
    """(action, None) from the bot, or (fallback action, error text) if it raised.

    A legal-but-wrong answer is returned as is: the arena counts illegal
    answers separately from crashes.
    """
    rng = rng if rng is not None else Rng(0)
    try:
        return choose_in_process(game, view, legal, bot, difficulty, rng), None
    except Exception as exc:
        return fallback_choice(game, view, legal, rng), _error_text(exc)


def _error_text(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()


# --- the worker process ----------------------------------------------------------
def _serve(conn, preload: tuple[str, ...], started_by_main_thread: bool = False) -> None:
    """The worker's main loop: answer (ticket, index into legal, error) per request.

    It ends quietly when the app goes away: at once if the app dies (even in the
    middle of a search), or when the pipe breaks.
    """
    exit_with_parent(linux_pdeathsig=started_by_main_thread)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the app's to handle, not ours
    startup_error = None
    try:
        for module in preload:     # lets tests and plugins register bots/games here
            import_module(module)
    except Exception as exc:
        startup_error = f"the bot process could not load {module!r}: {_error_text(exc)}"
    if not _send(conn, _READY):    # time spent starting up is not thinking time
        return
    bots: dict[tuple[str, str, str], Bot] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return                  # the app went away
        if message is None or not _send(conn, _answer(message, bots, startup_error)):
            return


def _answer(message: tuple, bots: dict[tuple[str, str, str], Bot],
            startup_error: str | None) -> tuple[int, int | None, str | None]:
    ticket, game_id, seat, view, legal_raw, bot_name, difficulty, seed = message
    try:
        if startup_error:
            raise RuntimeError(startup_error)
        found = resolve_plugin(game_id)
        game = found.game
        if isinstance(view, dict):  # a view in JSON form: games that can, rebuild it
            view = getattr(game, "view_from_json", game.state_from_json)(view)
        legal = [Action(kind, args, label) for kind, args, label in legal_raw]
        key = (game_id, bot_name, difficulty)
        if key not in bots:
            bots[key] = make_bot(bot_name, difficulty, found.policy)
        action = bots[key].choose(game, view, legal, Rng(seed))
        if action not in legal:
            raise ValueError(f"the bot chose an action that is not legal: {action}")
        return ticket, legal.index(action), None
    except Exception as exc:
        return ticket, None, _error_text(exc)


def _send(conn, message) -> bool:
    """Send to the app; False when it is gone (nobody to tell, nothing to print)."""
    try:
        conn.send(message)
        return True
    except (EOFError, OSError):     # BrokenPipeError among them
        return False


def exit_with_parent(linux_pdeathsig: bool = False) -> None:
    """Exit at once, quietly, when the app dies: a watchdog thread (and on Linux the kernel).

    Call it first thing in a process started by multiprocessing. Without it the bot
    worker searched on until its decision ended, then died on the broken pipe, and
    a face helper waited on its queue forever (it holds the queue's write end too,
    so it never sees the end of it). The parent's sentinel
    (multiprocessing.parent_process) wakes the watchdog the moment the app dies,
    on every platform; a changed os.getppid() (the worker was adopted) covers a
    sentinel held open elsewhere.

    `linux_pdeathsig`: on Linux, also have the kernel SIGKILL this process when its
    parent dies (PR_SET_PDEATHSIG), which works even while this process is stuck
    in C code holding the GIL. Only for a process started by the app's main
    thread: the kernel sends it when the *thread* that started the process ends.
    """
    parent, ppid = multiprocessing.parent_process(), os.getppid()
    if linux_pdeathsig and sys.platform.startswith("linux"):
        _die_with_parent_thread()

    def watch() -> None:
        while os.getppid() == ppid and (parent is None or parent.is_alive()):
            if parent is not None:
                parent.join(PARENT_CHECK_S)     # returns as soon as the app dies
            else:
                time.sleep(PARENT_CHECK_S)
        os._exit(0)                 # now, mid-search: no traceback, no flush

    threading.Thread(target=watch, name="tabletop-watchdog", daemon=True).start()


def _die_with_parent_thread() -> None:
    """prctl(PR_SET_PDEATHSIG, SIGKILL); best effort, the watchdog stays the rule."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):   # no libc prctl (musl without it, a sandbox)
        pass


class BotWorker:
    """One bot process, started on the first request and kept for the next ones.

    One request is in flight at a time; a new request cancels the previous one.
    Typical use from the UI's timer: `t = w.request(...)`, then `w.poll()` each
    tick until it returns `(t, action, error)`; on error, `fallback_choice`.
    """

    def __init__(self, time_limit: float = DEFAULT_TIME_LIMIT, preload: Sequence[str] = ()) -> None:
        self.time_limit = time_limit
        self.preload = tuple(preload)
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._tickets = 0
        self._pending: int | None = None
        self._legal: list[Action] = []
        self._deadline = 0.0
        self._ready = False         # the process has started and said so

    # --- lifecycle ---------------------------------------------------------------
    def _start(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._stop()
        parent, child = self._ctx.Pipe()
        # PR_SET_PDEATHSIG follows the starting thread: only the main thread lives as long as the app
        by_main = threading.current_thread() is threading.main_thread()
        self._proc = self._ctx.Process(target=_serve, args=(child, self.preload, by_main),
                                       name="tabletop-bot", daemon=True)
        self._proc.start()
        child.close()               # only the child holds its end now
        self._conn = parent
        self._ready = False

    def _stop(self) -> None:
        """Kill the process and return at once; a daemon thread reaps it.

        Never wait on the caller's (the UI's) thread: a frozen process (stopped,
        or stuck where SIGTERM is not seen) held the UI for seconds. SIGKILL
        cannot be ignored, so the reaper's join ends as soon as the kernel is done.
        """
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        self._pending = None
        if conn is not None:
            conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            threading.Thread(target=proc.join, name="tabletop-bot-reaper", daemon=True).start()

    def close(self) -> None:
        """Stop the process now, thinking or not. The worker restarts on the next request."""
        self._stop()

    def is_alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def __enter__(self) -> "BotWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- requests ----------------------------------------------------------------
    def request(self, game_id: str, seat: int, view: Any, legal_actions: Sequence[Action],
                bot_name: str, difficulty: str = "normal", seed: int = 0) -> int:
        """Ask for a decision; returns a ticket that `poll` hands back with the answer.

        `view` is the seat's view object (pickled across) or its JSON dict (the
        game must then offer `view_from_json`, else `state_from_json` is used).
        """
        if self._pending is not None:
            self.cancel()
        self._start()
        self._tickets += 1
        ticket = self._tickets
        self._legal = list(legal_actions)
        raw = [(a.kind, a.args, a.label) for a in self._legal]
        message = (ticket, game_id, seat, view, raw, bot_name, difficulty, seed)
        try:
            self._conn.send(message)
        except (BrokenPipeError, EOFError):   # it died since the last answer: once more, fresh
            self._stop()
            self._start()
            self._conn.send(message)
        self._pending = ticket
        self._deadline = time.monotonic() + self.time_limit
        if not self._ready:         # the clock restarts when the process is ready
            self._deadline += STARTUP_LIMIT
        return ticket

    def _got_ready(self) -> None:
        self._ready = True
        if self._pending is not None:
            self._deadline = time.monotonic() + self.time_limit

    @property
    def busy(self) -> bool:
        return self._pending is not None

    @property
    def thinking(self) -> bool:
        """Busy, and the process is on it (it has started and said so)."""
        return self._pending is not None and self._ready

    def poll(self) -> Outcome | None:
        """The answer to the pending request if there is one now; never blocks."""
        if self._pending is None:
            return None
        ticket = self._pending
        try:
            while self._conn.poll(0):
                message = self._conn.recv()
                if message == _READY:
                    self._got_ready()
                    continue
                got, index, error = message
                if got != ticket:
                    continue        # an answer to a cancelled request
                self._pending = None
                return ticket, (None if index is None else self._legal[index]), error
        except (EOFError, OSError):
            pass                    # the pipe broke: handled as a dead process below
        if not self._proc.is_alive():
            self._stop()
            return ticket, None, "the bot process stopped unexpectedly"
        if time.monotonic() > self._deadline:
            self._stop()            # it may never finish: a fresh process is cheaper
            return ticket, None, f"the bot took longer than {self.time_limit:g} s"
        return None

    def wait(self, timeout: float | None = None, interval: float = 0.01) -> Outcome | None:
        """Block until `poll` answers (for tests and scripts, not the UI thread)."""
        end = None if timeout is None else time.monotonic() + timeout
        while self._pending is not None:
            outcome = self.poll()
            if outcome is not None:
                return outcome
            if end is not None and time.monotonic() > end:
                return None
            time.sleep(interval)
        return None

    def cancel(self) -> None:
        """Forget the pending request. A process still thinking on it is stopped,
        so the next request is answered without waiting for stale work."""
        if self._pending is None:
            return
        try:
            answered = False
            while self._conn.poll(0):
                if self._conn.recv() == _READY:
                    self._ready = True
                else:
                    answered = True     # already answered: drop the answer
        except (EOFError, OSError):
            answered = False
        if answered:
            self._pending = None
        else:
            self._stop()
