"""The autosave journal: a constant cost per move, written off the UI thread.

Rewriting and fsyncing the whole save after every move cost more as the match grew (a long
match is hundreds of KB) and stalled the table. Instead each autosave appends one JSON line
to `<save>.journal` beside the save and fsyncs it; the full save (the snapshot) is rewritten
only now and then (when the journal has grown as large as the last snapshot, so the bytes
written per move stay bounded however long the match), when the match is closed, and when
the player saves.

The journal file:

    {"journal": 1, "follows": "<token>", "moves": 57}              the header
    {"n": 57, "add": [<log entry>], "updated": ..., "saved_at": ..., "summary": {...}}
    {"n": 55, "add": [], ...}                                     an undo back to 55 moves

A line says: cut the log to `n` entries, then append `add` (log entries as in the save). The
header binds the journal to the snapshot whose "journal" field holds the same token: a
journal left behind by an older snapshot (a crash between writing a snapshot and starting
its journal) follows another token and is ignored, its moves being in the newer snapshot.
When a snapshot replaces the save, the old journal becomes `<save>.journal.bak`, so the
save's `.bak` (the previous snapshot) still has the moves that followed it.

A crash can tear the last line (no newline at its end): it is dropped. The first autosave
after a resume writes a new snapshot and journal, so nothing is ever appended after a torn
line. Any other bad line is damage (DamagedSave).

Durability, what the app promises: a move is *acknowledged* (counted in `durable`, reported
"saved", or waited for by close and quit) only once its line is fsynced. The table shows a
move at once, before its line reaches the disk; a crash or power cut in those few
milliseconds loses at most the moves not yet acknowledged, never one the app said was saved.
Closing a match, quitting and an explicit save wait until every queued write is on disk.
"""

from __future__ import annotations

import atexit
import errno
import json
import logging
import os
import queue
import threading
import uuid
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tabletop.store.atomic import write_atomic

log = logging.getLogger(__name__)

JOURNAL_VERSION = 1
# A journal shorter than this is never folded into a snapshot before the match is closed:
# at a few hundred bytes a move that is a long stretch of play, and the loader replays the
# whole log from the seed anyway.
MIN_SNAPSHOT_BYTES = 64 * 1024


def journal_path(save: Path) -> Path:
    """`abc.json` -> `abc.journal` (a save renamed `copy.json` has `copy.journal`)."""
    return save.with_name(save.stem + ".journal")


def journal_backup_path(save: Path) -> Path:
    return save.with_name(save.stem + ".journal.bak")


def new_token() -> str:
    return uuid.uuid4().hex[:16]


def header_bytes(token: str, moves: int) -> bytes:
    return _line({"journal": JOURNAL_VERSION, "follows": token, "moves": moves})


def _line(obj) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            + "\n").encode("utf-8")


def line_bytes(n: int, add: list[dict], updated: float, saved_at: str, summary: dict) -> bytes:
    return _line({"n": n, "add": add, "updated": updated, "saved_at": saved_at,
                  "summary": summary})


# --- the writer thread --------------------------------------------------------------------
@dataclass
class Track:
    """What the store knows of one match it autosaves (the UI thread's side, and the
    writer's answers)."""

    path: Path
    match: object                        # the Match being autosaved (identity matters)
    token: str = ""
    recorded: list = field(default_factory=list)   # the log entries already queued
    journal_bytes: int = 0               # bytes queued into the current journal
    snapshot_bytes: int = 0              # what the last snapshot held (estimated: see autosave)
    needs_snapshot: bool = True          # no usable journal yet (new, resumed, or a write failed)
    dirty: bool = False                  # journal lines queued since the last snapshot
    durable: int = -1                    # log length on disk, fsynced (-1: nothing yet)
    failed: bool = False                 # (writer) the journal may be garbled until a snapshot
    error: Exception | None = None       # the first background write that failed, to report
    fd: int | None = None                # (writer) the open journal
    end: int = 0                         # (writer) its length: every line whole, all fsynced


class Writer:
    """One background thread doing a store's disk work in order, each job fsynced before
    the next starts. Jobs are callables; `wait` blocks until everything queued is done. The
    thread ends after IDLE_SECONDS without work and starts again with the next job.

    `put` is one call into C (a SimpleQueue) and takes no lock the writer holds: measured
    through the shell, a queue.Queue's Python-level locking cost the UI thread a GIL switch
    interval (5 ms) on one move in four on a busy machine."""

    IDLE_SECONDS = 10.0

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._queued = 0                     # jobs put (the callers' count)
        self._done = 0                       # jobs finished (the writer's count)
        self._finished = threading.Condition()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()        # starting and ending the thread
        _WRITERS.add(self)

    def put(self, job: Callable[[], None]) -> None:
        self._queued += 1
        self._jobs.put(job)
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="tabletop-autosave",
                                                    daemon=True)
                    self._thread.start()

    def wait(self) -> None:
        with self._finished:
            while self._done < self._queued:
                self._finished.wait(0.5)

    def _run(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=self.IDLE_SECONDS)
            except queue.Empty:
                with self._lock:             # a put after this sees no thread and starts one
                    if self._jobs.empty():
                        self._thread = None
                        return
                continue
            try:
                job()
            except BaseException:       # a job records its own errors; never lose the thread
                log.exception("autosave job failed")
            with self._finished:
                self._done += 1
                self._finished.notify_all()


_WRITERS: "weakref.WeakSet[Writer]" = weakref.WeakSet()


@atexit.register
def _flush_at_exit() -> None:
    """The app never exits with a move acknowledged to nobody and still in memory: daemon
    threads die at exit, so their queues are drained first."""
    for writer in list(_WRITERS):
        writer.wait()


# --- the disk work (run on the writer thread) ----------------------------------------------
def append(track: Track, data: bytes) -> None:
    """Append `data` (whole lines) to the track's journal and fsync it, or raise OSError. The
    file stays open between moves: the fewer calls the writer makes, the less it competes with
    the UI thread for the GIL.

    All or nothing: `os.write` may write only part of what it is given (a disk filling up),
    so it is called again for the rest; when the disk takes no more, the part written is cut
    off again (the journal ends with its last whole line) before the error is raised. A line
    cut short and then followed by the next move's would make the whole journal unreadable.
    If even the cut fails, the torn tail is what a crash leaves (the reader drops it), and
    the caller appends nothing more to this journal (Track.failed: a snapshot replaces it)."""
    if track.fd is None:                # not O_CREAT: a vanished journal must fail, not restart
        track.fd = os.open(journal_path(track.path), os.O_WRONLY | os.O_APPEND
                           | getattr(os, "O_BINARY", 0))
        track.end = os.fstat(track.fd).st_size
    view, done = memoryview(data), 0
    try:
        while done < len(data):
            n = os.write(track.fd, view[done:])
            if n <= 0:                  # no progress and no error: as good as a full disk
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            done += n
        os.fsync(track.fd)
    except BaseException:
        if done:
            _cut_back(track)
        raise
    track.end += len(data)


def _cut_back(track: Track) -> None:
    """Truncate the journal to its last whole line after a failed append (best effort)."""
    try:
        os.ftruncate(track.fd, track.end)
        os.fsync(track.fd)
    except OSError as err:
        log.warning("Could not cut a partly written line off %s (%s); the journal is not "
                    "appended to again.", journal_path(track.path), err)


def close_journal(track: Track) -> None:
    if track.fd is not None:
        fd, track.fd = track.fd, None
        try:
            os.close(fd)
        except OSError:
            pass


def start_journal(track: Track, token: str, moves: int) -> int:
    """After a snapshot: keep the old journal as `.journal.bak` (the save's `.bak` may need
    it) and start an empty one following `token`. Returns the bytes written."""
    close_journal(track)
    current, backup = journal_path(track.path), journal_backup_path(track.path)
    if current.exists():
        os.replace(current, backup)
    data = header_bytes(token, moves)
    write_atomic(current, data, backup=False)
    return len(data)
