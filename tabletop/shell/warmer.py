"""Card faces composed before they are needed, away from the UI thread.

Composing a card's face with Pillow takes 20-150 ms; done on the UI thread the first time a
card shows, it is the hitch a player feels on a move. The table page hands the presenter's
`faces_to_warm()` to a FaceWarmer when a match opens (and again now and then, as the view
learns more cards). A helper process composes the faces into the disk cache: a thread would
hold the GIL against the UI for most of a face (the bots' worker explains the same choice).
A thread of this process then reads the table's faces into memory (decoding a PNG leaves the
GIL free), so the UI thread only turns a ready picture into a surface. Without a disk cache,
or when a face cannot cross to the helper, the thread composes it itself.

The presenter lists only what its view knows, so a card the opponent reveals, a die's face or
a token still reaches the UI thread cold. The warmer learns those: the keys the UI thread had
to read itself are kept per game (`learned-GAME.json` beside the faces, the most recent
LEARN_MAX) and read into memory at the next match's start, after the presenter's list.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import json
import logging
import multiprocessing
import queue
import threading
import time

from tabletop.bots.worker import exit_with_parent

log = logging.getLogger(__name__)

ENABLED = True          # the test suite turns warming off (each test has an empty cache)
LEARN_MAX = 160         # learned keys kept per game: about 80 MB of card faces at most

_pool: cf.ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _compose_to(path: str, compose) -> str:
    """In the helper process: compose one face and write its PNG atomically. A write that
    fails (a full disk) removes its temporary file before the error goes back."""
    import os
    from PIL import Image
    img = compose()
    img = img if img.mode == "RGBA" else img.convert("RGBA")
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        img.save(tmp, "PNG", compress_level=1)
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise
    finally:
        Image.Image.close(img)
    return path


def _remove(path) -> None:
    """Delete a temporary file if it is there (nothing to say if it cannot be)."""
    import os
    try:
        os.unlink(path)
    except OSError:
        pass


def _helper() -> cf.ProcessPoolExecutor | None:
    """One helper process for the app's life ("spawn": the same on every OS and frozen)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            try:
                # the helper must die with the app: it waits on a queue whose write end it holds
                # too, so a killed app would leave it (and the resource tracker) running forever
                _pool = cf.ProcessPoolExecutor(max_workers=1,
                                               mp_context=multiprocessing.get_context("spawn"),
                                               initializer=exit_with_parent)
                atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
            except Exception:
                log.exception("No helper process for faces; they are composed in a thread.")
                return None
        return _pool


def _asked_as(item) -> tuple[str, bool]:
    """A (key, compose[, keep]) item's key and whether it is to be kept in memory."""
    return item[0], len(item) < 3 or bool(item[2])


class FaceWarmer:
    def __init__(self, faces, game: str | None = None) -> None:
        self.faces = faces
        self.game = game
        self._learned = self._load_learned()
        self._queue: queue.Queue = queue.Queue()
        self._asked: set[tuple[str, bool]] = set()
        self._stop = threading.Event()
        self._busy = threading.Event()     # set while something waits or is being made
        self._thread: threading.Thread | None = None
        self.started = time.perf_counter()
        self.seconds = 0.0                 # from the start until the queue last emptied

    def ask(self, items) -> int:
        """Queue the (key, compose[, keep]) items not asked for before; how many were new."""
        if not ENABLED:
            return 0
        items, self._learned = list(items) + [(k, None) for k in self._learned], []
        # a face asked for the disk only (a detail the table did not draw yet) is asked again
        # when the table draws it, to be read into memory
        new = [item for item in items if _asked_as(item) not in self._asked]
        if not new or self._stop.is_set():
            return 0
        self._asked.update(_asked_as(item) for item in new)
        self._busy.set()
        self._queue.put(new)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="face-warmer", daemon=True)
            self._thread.start()
        return len(new)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                batch = self._queue.get(timeout=0.5)
            except queue.Empty:
                continue
            try:
                self._warm(batch)
            except Exception:          # only an optimisation: the table composes what it needs
                log.exception("Warming faces failed.")
            if self._queue.empty():
                self.seconds = time.perf_counter() - self.started
                self._busy.clear()

    def _warm(self, batch: list) -> None:
        faces = self.faces
        pool = _helper() if faces.folder is not None else None
        sent: list[tuple[cf.Future, tuple]] = []
        here: list[tuple] = []
        for item in batch:
            key, compose = item[0], item[1]
            if pool is None or compose is None or faces.path_for(key).is_file():
                here.append(item)
                continue
            try:
                sent.append((pool.submit(_compose_to, str(faces.path_for(key)), compose), item))
            except Exception:          # the helper is gone: compose here
                here.append(item)
        # what is ready on disk (or has to be composed here) first, then what the helper made
        faces.warm(here, self._stop)
        for future, item in sent:
            if self._stop.is_set():
                future.cancel()
                continue
            try:
                future.result()
            except Exception:          # it could not cross to the helper (a local function),
                pass                   # or failed there: composed here, and logged if it fails
            faces.warm([item], self._stop)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every face asked for is ready (benchmarks, tests); False on timeout."""
        end = None if timeout is None else time.perf_counter() + timeout
        while self._busy.is_set():
            if end is not None and time.perf_counter() > end:
                return False
            time.sleep(0.01)
        return True

    def stop(self) -> None:
        """The match left the table: the thread finishes what it holds and ends, and what the
        UI thread had to read itself is remembered for the next match of this game."""
        self._stop.set()
        self._save_learned()

    # -- what the UI thread needed that no list named ---------------------------------------
    def _learned_path(self):
        folder = self.faces.folder
        return folder / f"learned-{self.game}.json" if folder is not None and self.game else None

    def _load_learned(self) -> list[str]:
        path = self._learned_path()
        if path is None or not ENABLED or not path.is_file():
            return []
        try:
            keys = json.loads(path.read_text(encoding="utf-8"))
            return [k for k in keys if isinstance(k, str)][-LEARN_MAX:]
        except (OSError, ValueError, TypeError) as exc:   # only an optimisation: start afresh
            log.warning("Ignoring the learned faces in %s (%s).", path, exc)
            return []

    def _save_learned(self) -> None:
        path = self._learned_path()
        misses = list(self.faces.ui_misses)
        self.faces.ui_misses.clear()
        if path is None or not ENABLED or not misses:
            return
        fresh = set(misses)
        keys = [k for k in self._load_learned() if k not in fresh] + misses
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(keys[-LEARN_MAX:]), encoding="utf-8")
            tmp.replace(path)
        except OSError as exc:
            _remove(tmp)               # a full disk keeps no half-written file
            log.warning("Cannot remember the faces to warm in %s (%s).", path, exc)
