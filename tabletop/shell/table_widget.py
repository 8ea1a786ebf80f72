"""The pygame table inside a Qt widget.

pygame draws offscreen into a 32-bit surface; paintEvent wraps the surface's
pixels as a QImage without copying (Format_RGB32 matches the surface's masks)
and releases the view right after. Qt owns input and hands it to the scene;
the scene's intents go to the game's presenter, whose candidate actions go to
the controller, which asks the engine whether they are legal.

The surface has the device's pixels, not the widget's logical ones: on a 150% or
200% screen (or painted into a high-resolution screenshot) the table is drawn at
1.5 or 2 pixels per logical pixel, so cards and text are sharp, not upscaled.
The scene works in those pixels; mouse positions are scaled to match.

A frame redraws only the rectangles where the table changed (table/frame.py), and the
widget asks Qt to paint only those: the table is drawn as soon as it changes (on the
timer, after input) and the rectangles it repainted become the widget's update region.
Qt clips the image's drawing to it (a whole 3840x2160 image costs several milliseconds a
paint; a spinner's rectangle almost nothing).
"""

from __future__ import annotations

import time

import math

from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter, QRegion
from PySide6.QtWidgets import QSizePolicy, QWidget

from tabletop.table.pgsetup import init_offscreen, make_target

_BUTTONS = {Qt.LeftButton: 1, Qt.MiddleButton: 2, Qt.RightButton: 3}
_KEYS = {Qt.Key_Left: "left", Qt.Key_Right: "right", Qt.Key_Up: "up", Qt.Key_Down: "down",
         Qt.Key_Return: "enter", Qt.Key_Enter: "enter", Qt.Key_Space: "space",
         Qt.Key_Escape: "escape", Qt.Key_Tab: "tab", Qt.Key_Backtab: "shift+tab",
         Qt.Key_Backspace: "backspace"}


class TableWidget(QWidget):
    intents = Signal(list)        # what the player did on the table
    shown = Signal()              # a scene's first frame is on the screen

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        init_offscreen()
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(640, 360)
        # the table's picture covers every pixel: Qt need not fill the page's background under
        # each repainted place first (a third of Qt's painting at a ratio of 2)
        self.setAttribute(Qt.WA_OpaquePaintEvent)
        self.scene = None
        self._shown = None
        self._target = None
        self.ratio = self.devicePixelRatioF()   # device pixels per logical pixel the scene has
        self.frames = 0
        # the player's presses and keys so far: a pass the table was about to make for them
        # waits for none (table_page._maybe_auto_pass)
        self.touched = 0
        self._last = time.monotonic()
        self.timer = QTimer(self)
        self.timer.setInterval(16)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def set_scene(self, scene) -> None:
        self.scene = scene
        scene.ratio = self.ratio
        self.update()

    # --- drawing -------------------------------------------------------------------
    def _tick(self) -> None:
        now = time.monotonic()
        dt, self._last = now - self._last, now
        if self.scene is None:
            return
        self.scene.update(dt)
        self._draw_changes()

    def pixel_size(self, ratio: float) -> tuple[int, int]:
        """The widget's size in device pixels at `ratio`."""
        return max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio))

    def render_surface(self, ratio: float | None = None):
        """Draw the scene into the pygame surface at the widget's size times `ratio` (by
        default the ratio of the last paint); returns the surface."""
        if ratio is not None and ratio != self.ratio:
            self.ratio = ratio
            self.scene.ratio = ratio
        w, h = self.pixel_size(self.ratio)
        if self._target is None or self._target.get_size() != (w, h):
            self._target = make_target(w, h)
            self.scene.ratio = self.ratio
            self.scene.resize(w, h)
            self.scene.invalidate()
        if self.scene.needs_redraw:
            self.scene.render(self._target)
            self.frames += 1
        return self._target

    def _draw_changes(self) -> None:
        """Draw what changed on the table now and have Qt paint only those rectangles."""
        if self.scene is None or not self.scene.needs_redraw or self._target is None:
            if self.scene is not None and self.scene.needs_redraw:
                self.update()      # the first frame: the paint learns the device's ratio
            return
        self.render_surface()
        self.update(self.repainted_region())      # Qt coalesces these into one paint

    def draw_now(self) -> None:
        """Draw what changed and paint it on the screen before returning (the bench's moves)."""
        if self.scene is not None and self.scene.needs_redraw and self._target is not None:
            self.render_surface()
            self.repaint(self.repainted_region())

    def repainted_region(self) -> QRegion:
        """The last frame's repainted rectangles in the widget's (logical) pixels."""
        region, k = QRegion(), self.ratio
        for r in self.scene.repainted:
            x0, y0 = math.floor(r.x / k), math.floor(r.y / k)
            x1, y1 = math.ceil(r.right / k), math.ceil(r.bottom / k)
            region += QRect(x0, y0, x1 - x0, y1 - y0)
        return region

    def paintEvent(self, event) -> None:
        if self.scene is None:
            painter = QPainter(self)         # opaque: nothing drawn yet, the page's colour
            painter.fillRect(event.rect(), self.palette().window())
            painter.end()
            return
        painter = QPainter(self)
        try:
            drawn = self.frames
            surface = self.render_surface(_device_ratio(painter, self.devicePixelRatioF()))
            if self._shown is not self.scene:       # told once the paint is done
                self._shown = self.scene
                QTimer.singleShot(0, self, self.shown.emit)      # not if the widget is gone
            if self.frames != drawn:       # drawn in this paint: show what changed outside it
                rest = self.repainted_region() - event.region()
                if not rest.isEmpty():
                    self.update(rest)
            w, h = surface.get_size()
            view = surface.get_view("1")
            try:
                image = QImage(view, w, h, surface.get_pitch(), QImage.Format_RGB32)
                image.setDevicePixelRatio(self.ratio)
                painter.drawImage(QRectF(0, 0, self.width(), self.height()), image)
                del image
            finally:
                view = None            # unlock the surface for the next frame
        finally:
            painter.end()

    def grab_png(self, size: tuple[int, int] = (384, 216), cover: str | None = None) -> bytes | None:
        """A thumbnail of the table for the saved-games list; with `cover`, of the curtain
        saying it (the table itself may show a hand that only one player may see)."""
        if self.scene is None:
            return None
        import io

        import pygame
        from PIL import Image
        shown = self.scene.curtain
        if cover is not None:
            self.scene.set_curtain(cover)
        try:
            surface = self.render_surface()
            if cover is None:        # the table alone: no card drawn large over it, no pills
                self.scene.render(surface, bare=True)
        finally:
            if cover is not None:
                self.scene.set_curtain(shown)       # and the next paint shows the table again
        small = pygame.transform.smoothscale(surface, size)
        img = Image.frombytes("RGB", size, pygame.image.tobytes(small, "RGB"))
        out = io.BytesIO()
        img.save(out, "PNG", compress_level=1)
        return out.getvalue()

    def event(self, e) -> bool:
        # moved to a screen of another scale: the next paint draws at the new ratio
        if e.type() in (QEvent.DevicePixelRatioChange, QEvent.ScreenChangeInternal):
            self.update()
        return super().event(e)

    # --- input -----------------------------------------------------------------------
    def _at(self, e) -> tuple[float, float]:
        """The event's position in the scene's (device) pixels."""
        p = e.position()
        return p.x() * self.ratio, p.y() * self.ratio

    def _emit(self, intents) -> None:
        if intents:
            self.intents.emit(list(intents))
        self._draw_changes()

    def mousePressEvent(self, e) -> None:
        self.setFocus()
        self.touched += 1
        if self.scene is not None:
            self._emit(self.scene.mouse_down(*self._at(e), _BUTTONS.get(e.button(), 1)))

    def mouseMoveEvent(self, e) -> None:
        if self.scene is not None:
            self._emit(self.scene.mouse_move(*self._at(e)))

    def mouseReleaseEvent(self, e) -> None:
        if self.scene is not None:
            mark = bool(e.modifiers() & Qt.ControlModifier)
            self._emit(self.scene.mouse_up(*self._at(e), _BUTTONS.get(e.button(), 1), mark))

    def leaveEvent(self, _e) -> None:
        if self.scene is not None:
            self._emit(self.scene.mouse_leave())

    def resizeEvent(self, e) -> None:
        if self.scene is not None:
            self.scene.resize(*self.pixel_size(self.ratio))
        super().resizeEvent(e)

    def keyPressEvent(self, e) -> None:
        self.touched += 1
        name = _KEYS.get(e.key()) or (e.text().lower() if e.text().isprintable() else "")
        if name in ("space", "enter") and e.modifiers() & Qt.ControlModifier:
            name = "ctrl+" + name            # mark the focused piece, as Ctrl+click does
        if name and self.scene is not None:
            self._emit(self.scene.key(name))
        else:
            super().keyPressEvent(e)

    def focusNextPrevChild(self, _next: bool) -> bool:
        return False               # Tab moves the table's own selection


def _device_ratio(painter: QPainter, fallback: float) -> float:
    """Device pixels per logical pixel of what `painter` paints on: the screen's ratio for a
    window, the image's for a widget rendered into a high-resolution image (a screenshot)."""
    k = painter.deviceTransform().m11()
    return k if math.isfinite(k) and 0.25 <= k <= 16 else fallback
