"""Card faces and other pictures: composed once by Pillow, cached on disk and in memory.

A game composes a face with Pillow from its card data; the key names
everything that changes the picture ("paargus/card/17/v1/palette=normal"), so
a new key means a new picture and stale files are simply never read again.
The disk cache is only an optimisation: a corrupt or unwritable file means we
compose again, never that the table fails.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Hashable

import pygame
from PIL import Image

from . import textfloor
from .pgsetup import init_offscreen

log = logging.getLogger(__name__)

Compose = Callable[[], Image.Image]


class LRU:
    """A least-recently-used map bounded by an approximate byte budget."""

    def __init__(self, budget_bytes: int):
        self.budget = budget_bytes
        self.used = 0
        self._items: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()

    def get(self, key: Hashable):
        hit = self._items.get(key)
        if hit is None:
            return None
        self._items.move_to_end(key)
        return hit[0]

    def put(self, key: Hashable, value, nbytes: int) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= old[1]
        self._items[key] = (value, nbytes)
        self.used += nbytes
        while self.used > self.budget and len(self._items) > 1:
            _, (_, n) = self._items.popitem(last=False)
            self.used -= n

    def clear(self) -> None:
        self._items.clear()
        self.used = 0

    def __len__(self) -> int:
        return len(self._items)


def _surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4 + 64


def pil_to_surface(img: Image.Image) -> pygame.Surface:
    """A PIL image as a display-format pygame surface with per-pixel alpha."""
    init_offscreen()
    img = img if img.mode == "RGBA" else img.convert("RGBA")
    return pygame.image.frombytes(img.tobytes(), img.size, "RGBA").convert_alpha()


def placeholder(size: tuple[int, int] = (300, 420)) -> Image.Image:
    """A neutral grey card with a question mark, for pictures that failed to compose."""
    from PIL import ImageDraw
    img = Image.new("RGBA", size, (92, 96, 104, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((8, 8, size[0] - 9, size[1] - 9), outline=(150, 154, 160), width=4)
    d.text((size[0] / 2, size[1] / 2), "?", fill=(220, 222, 226), anchor="mm",
           font_size=size[1] // 4)
    return img


LAYERS_MB = 160      # the felt, three layouts' felt and zones and a hex board at 3840x2160


class FaceCache:
    """Composed pictures by key: PNG files on disk, pygame surfaces in memory."""

    def __init__(self, cache_dir: Path | None = None, memory_mb: int = 192):
        # the folder is handed in (the shell's user cache); without one, faces live in memory only
        self._root = Path(cache_dir) if cache_dir is not None else None
        self._pil = LRU(128 << 20)           # decoded PIL images by key
        self._full = LRU(64 << 20)           # unscaled pygame surfaces by key
        self._scaled = LRU(memory_mb << 20)  # (key, size) and memo() results
        # whole-window layers (the felt, and the felt with each layout's zones): a few, kept
        # apart so the cards' churn never pushes out the table's own background (33 MB each at
        # a ratio of 2, and 30-100 ms to draw again when a game switches back to a layout)
        self._layers = LRU(LAYERS_MB << 20)
        self._write_failed = False
        # PNGs the UI thread composed are written by a thread of their own: a write is 4-5 ms a
        # face, and Pillow's encoder lets the UI thread run meanwhile
        self._writes: queue.Queue = queue.Queue()
        self._writer: threading.Thread | None = None
        # keys the UI thread had to read or compose itself, newest last (the warmer learns them)
        self.ui_misses: OrderedDict[str, None] = OrderedDict()
        # the PIL layer is shared with the warmer's thread (pygame surfaces stay on the UI's)
        self._lock = threading.Lock()
        # the smallest font of each picture composed here (what the text floor counts on screen)
        self.text_px: dict[str, float] = {}

    # -- disk ----------------------------------------------------------------
    @property
    def folder(self) -> Path | None:
        return self._root / "faces" if self._root is not None else None

    def path_for(self, key: str) -> Path:
        return self.folder / (hashlib.sha1(key.encode("utf-8")).hexdigest() + ".png")

    def pil(self, key: str, compose: Compose, persist: bool = True) -> Image.Image:
        """The picture for `key`, composing it (and saving a PNG) only when not cached."""
        with self._lock:
            img = self._pil.get(key)
        if img is not None:
            return img
        persist = persist and self._root is not None
        if persist and threading.current_thread() is threading.main_thread():
            self.ui_misses[key] = None
            self.ui_misses.move_to_end(key)
        img = self._read(key) if persist else None
        if img is None:
            try:
                with textfloor.composing() as sizes:
                    img = compose()
                if sizes:
                    self.text_px[key] = min(sizes)
                img = img if img.mode == "RGBA" else img.convert("RGBA")
            except Exception:
                # A face that cannot be drawn must not take the table down: show a
                # placeholder, keep it out of the disk cache, and say loudly why.
                log.exception("Composing the picture %r failed; showing a placeholder.", key)
                img = placeholder()
                persist = False
            if persist:
                self._write_later(key, img)
        with self._lock:
            self._pil.put(key, img, img.width * img.height * 4)
        return img

    def _write_later(self, key: str, img: Image.Image) -> None:
        """Write `img` now off the UI thread, or hand it to the writer thread (pictures in the
        cache are never drawn on, so it can read this one while the table shows it)."""
        if threading.current_thread() is not threading.main_thread():
            self._write(key, img)
            return
        self._writes.put((key, img))
        if self._writer is None:
            self._writer = threading.Thread(target=self._write_queued, name="face-writer", daemon=True)
            self._writer.start()

    def _write_queued(self) -> None:
        while True:
            key, img = self._writes.get()
            try:
                self._write(key, img)
            finally:
                self._writes.task_done()

    def flush(self) -> None:
        """Wait until every picture handed to the writer thread is on disk (or failed)."""
        if self._writer is not None:
            self._writes.join()

    def warm(self, faces, stop: threading.Event | None = None) -> int:
        """Make each (key, compose[, keep]) of `faces` ready ahead of need, off the UI thread:
        composed or read into memory, or with `keep` False (large pictures seen now and then,
        like the zoom's) only composed into the disk cache, so they do not push the table's
        faces out of memory. `compose` None: read from disk if there, else skipped. Stops
        early when `stop` is set; returns how many it did."""
        done = 0
        for key, compose, *keep in faces:
            if stop is not None and stop.is_set():
                break
            with self._lock:
                if self._pil.get(key) is not None:
                    continue
            if compose is None:            # known by its key only: ready if it is on disk
                img = self._read(key) if self._root is not None else None
                if img is None:
                    continue
                with self._lock:
                    self._pil.put(key, img, img.width * img.height * 4)
            elif keep and not keep[0]:
                if self._root is None or self.path_for(key).is_file():
                    continue
                try:
                    self._write(key, compose())
                except Exception:   # the UI thread will try again, and say why
                    continue
            else:
                self.pil(key, compose)
            done += 1
        return done

    def _read(self, key: str) -> Image.Image | None:
        path = self.path_for(key)
        try:
            if not path.is_file():
                return None
            with Image.open(path) as f:
                f.load()
                return f.convert("RGBA")
        except Exception as exc:  # truncated, not a PNG, unreadable
            log.warning("Face cache file %s for %r is unusable (%s); composing it again.",
                        path, key, exc)
            return None

    def _write(self, key: str, img: Image.Image) -> None:
        path = self.path_for(key)
        # one temporary name per thread: the warmer and the table may write the same face
        tmp = path.with_name(f"{path.name}.{threading.get_ident()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            img.save(tmp, "PNG", compress_level=1)  # a cache: fast beats small
            os.replace(tmp, path)  # atomic: a reader never sees half a file
        except Exception as exc:
            if not self._write_failed:  # an unwritable cache is worth one line, not one per card
                self._write_failed = True
                log.warning("Cannot write the face cache in %s (%s); faces will be "
                            "composed in memory only.", path.parent, exc)
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass

    # -- memory --------------------------------------------------------------
    def surface(self, key: str, compose: Compose, size: tuple[int, int],
                persist: bool = True) -> pygame.Surface:
        """The picture scaled smoothly to exactly `size` pixels (memoised per key and size)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        mkey = ("face", key, size)
        surf = self._scaled.get(mkey)
        if surf is not None:
            return surf
        full = self._full.get(key)
        if full is None:
            full = self._load_surface(key) if persist else None
            if full is None:
                full = pil_to_surface(self.pil(key, compose, persist))
            self._full.put(key, full, _surface_bytes(full))
        if key in self.text_px:
            textfloor.face_shown(key, self.text_px[key], full.get_width(), size[0])
        if full.get_size() == size:
            surf = full
        else:
            surf = pygame.transform.smoothscale(full, size).convert_alpha()
        self._scaled.put(mkey, surf, _surface_bytes(surf))
        return surf

    def _load_surface(self, key: str) -> pygame.Surface | None:
        """A face on disk that no thread has read yet, straight into a surface: pygame's PNG
        reader takes half the time of Pillow's and the picture need not be copied across (a
        move that shows a card not warmed reads it on the UI thread). None when it is not on
        disk or does not read: Pillow's path composes it again and says why."""
        if self._root is None:
            return None
        with self._lock:
            if self._pil.get(key) is not None:       # decoded already: only copied across
                return None
        path = self.path_for(key)
        if not path.is_file():
            return None
        init_offscreen()
        try:
            surf = pygame.image.load(str(path)).convert_alpha()
        except (pygame.error, OSError, ValueError):
            return None
        if threading.current_thread() is threading.main_thread():
            self.ui_misses[key] = None
            self.ui_misses.move_to_end(key)
        return surf

    def memo(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """Any derived surface (shadows, rings, text), built once per key and kept in the LRU."""
        mkey = ("memo", key)
        surf = self._scaled.get(mkey)
        if surf is None:
            surf = build()
            self._scaled.put(mkey, surf, _surface_bytes(surf))
        return surf

    def layer(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A whole-window surface, built once per key and kept among the few layers."""
        surf = self._layers.get(key)
        if surf is None:
            surf = build()
            self._layers.put(key, surf, _surface_bytes(surf))
        return surf

    def clear_memory(self) -> None:
        self._layers.clear()
        self._pil.clear()
        self._full.clear()
        self._scaled.clear()
