"""The home tiles' covers, made away from the UI thread.

Composing the five covers with Pillow (each fans three card faces) took about two seconds, all
of it on the UI thread before the home screen's first frame. Now the tiles show a plain
placeholder and a thread of this process hands each cover over when it is ready: read from the
disk face cache (keyed on the game, the size and what the picture shows), or composed and
written there. The thread starts only after the home screen's first frame, so it imports the
games' drawing code and composes while the player is already looking at the page.
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage

from tabletop.shell.presentations import presentation
from tabletop.table.cover import cover_key
from tabletop.table.faces import FaceCache

log = logging.getLogger(__name__)


def to_qimage(img) -> QImage:
    """A Pillow image as a QImage that owns its pixels (safe to hand from a thread to the UI)."""
    rgba = img if img.mode == "RGBA" else img.convert("RGBA")
    data = rgba.tobytes("raw", "RGBA")
    return QImage(data, rgba.width, rgba.height, rgba.width * 4, QImage.Format_RGBA8888).copy()


ENABLED = True          # the test suite turns covers off but in the tests about them


class CoverLoader(QObject):
    """Covers asked for by (game, size); `ready(game, w, h, image)` comes on the UI thread.

    One thread at a time, started by `start` (or by `ask` once started) and ending when no
    cover is wanted; a tile resized while its cover is made gets the one of its latest size."""

    ready = Signal(str, int, int, QImage)

    def __init__(self, faces: FaceCache, parent=None) -> None:
        super().__init__(parent)
        self.faces = faces
        self.started = False
        self._wanted: dict[str, tuple[int, int]] = {}     # game -> the size its tile has now
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._idle = threading.Event()                    # set while nothing is wanted or made
        self._idle.set()
        stop = self._stop
        self.destroyed.connect(lambda *_: stop.set())     # the page went: nobody to hand them to

    def ask(self, game_id: str, size: tuple[int, int]) -> None:
        """The tile of `game_id` is `size` now; only its latest size is made."""
        with self._lock:
            self._wanted[game_id] = size
            self._idle.clear()
            self._spawn()

    def start(self) -> None:
        with self._lock:
            self.started = True
            self._spawn()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every cover asked for is made (benchmarks); False on timeout."""
        return self._idle.wait(timeout)

    def _spawn(self) -> None:          # under the lock
        if self.started and ENABLED and self._wanted and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="home-covers", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                if not self._wanted:
                    self._thread = None
                    self._idle.set()
                    return
                game_id = next(iter(self._wanted))         # in the tiles' order
                size = self._wanted.pop(game_id)
            image = self._make(game_id, size)
            if image is not None and not self._stop.is_set():
                try:
                    self.ready.emit(game_id, size[0], size[1], image)
                except RuntimeError:   # the page was deleted meanwhile
                    return

    def _make(self, game_id: str, size: tuple[int, int]) -> QImage | None:
        try:
            shown = presentation(game_id)
        except Exception:              # the game's drawing code is broken: its tile stays plain
            log.exception("The cover of %s cannot be drawn.", game_id)
            return None
        try:
            version = shown.cover_version() if shown.cover_version is not None else None
        except Exception:              # e.g. a cover card renamed: drawn, but not kept on disk
            log.exception("The cover of %s has no version; it is not cached.", game_id)
            version = None
        img = self.faces.pil(cover_key(game_id, size, version or ""),
                             lambda: shown.cover(*size), persist=version is not None)
        if img.size != size:           # the cover failed (FaceCache said why): the tile stays plain
            return None
        return to_qimage(img)
