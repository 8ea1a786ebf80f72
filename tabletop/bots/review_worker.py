"""A match's review in a process of its own, so the app stays live and a review can stop.

A second worker beside the bot's (tabletop/bots/worker.py): a review takes minutes and the
match's bot must not wait behind it. The process is started for one review and answers with
a progress message per rated decision, then the whole document; Cancel kills it (a search
cannot be interrupted from outside, and a fresh process is cheap next time).

Messages from the process: ("ready",), ("progress", done, total), ("done", document) or
("error", sentence). What crosses the pipe is the match's JSON, never a state.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import traceback

from tabletop.bots.base import resolve_plugin
from tabletop.bots.review import review_match
from tabletop.bots.worker import exit_with_parent
from tabletop.core.match import Match


def _review(conn, game_id: str, match_json: dict, seats: list[int], budget, by_main: bool) -> None:
    exit_with_parent(linux_pdeathsig=by_main)
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def send(message) -> None:
        try:
            conn.send(message)
        except (EOFError, OSError):             # the app has gone: nobody to tell
            raise SystemExit(0)

    send(("ready",))
    try:
        match = Match.from_json(match_json, resolve_plugin(game_id).game)
        doc = review_match(match, seats, budget,
                           progress=lambda done, total, _r: send(("progress", done, total)))
    except SystemExit:
        raise
    except Exception as exc:
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        send(("error", f"The review stopped on an error: {text}"))
        return
    send(("done", doc))


class ReviewWorker:
    """One review at a time: `start`, then `poll()` each tick for the messages so far."""

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None

    def start(self, match: Match, seats: list[int], budget=None) -> None:
        self.cancel()
        parent, child = self._ctx.Pipe()
        by_main = threading.current_thread() is threading.main_thread()
        self._proc = self._ctx.Process(
            target=_review, args=(child, match.game.info.id, match.to_json(), list(seats),
                                  budget, by_main),
            name="tabletop-review", daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent

    @property
    def running(self) -> bool:
        return self._proc is not None

    def poll(self) -> list[tuple]:
        """The messages that arrived, never blocking; ("error", ...) if the process died."""
        if self._proc is None:
            return []
        got = []
        try:
            while self._conn.poll(0):
                got.append(self._conn.recv())
        except (EOFError, OSError):
            pass
        if any(m[0] in ("done", "error") for m in got):
            self._forget()
        elif not self._proc.is_alive():
            self._forget()
            got.append(("error", "The review process stopped unexpectedly."))
        return got

    def cancel(self) -> None:
        """Stop the review now; nothing of it is kept."""
        if self._proc is not None and self._proc.is_alive():
            self._proc.kill()
        self._forget()

    def _forget(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None:       # reaped off the UI's thread (worker.py's _stop says why)
            threading.Thread(target=proc.join, name="tabletop-review-reaper", daemon=True).start()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None
