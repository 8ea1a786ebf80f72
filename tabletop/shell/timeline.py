"""The replay's timeline: play and pause, a move back or forward, the first and last position,
a slider over every move with the turns and any marks drawn on it, a list of turns to jump
to, and the speed.

It only says where to go (`seek`); the replay page decides what that shows. Marks are the
public way others annotate a replay (turning points): `set_marks([(move, text, kind)])` draws
a tick per mark on the strip above the slider and lists them; clicking either jumps there.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QSlider, QSizePolicy,
                               QVBoxLayout, QWidget)

from tabletop.shell.widgets import button

# what a mark's colour_kind names, in the theme's colours
MARK_COLOURS = {"good": "#6cc070", "bad": "#f08c78", "swing": "#e8c35a", "info": "#7fb2f0"}
SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Fastest", 4.0))
MOVE_MS = 900                     # one move a step at normal speed


class MarkStrip(QWidget):
    """Ticks over the slider: a thin one where each turn begins, a tall coloured one per mark."""

    clicked = Signal(int)          # the move of the mark clicked

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFixedHeight(18)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.length = 0
        self.turns: list[int] = []
        self.marks: list[tuple[int, str, str]] = []
        self.inset = 8             # the slider's groove starts this far in

    def _x(self, move: int) -> float:
        span = max(1, self.width() - 2 * self.inset)
        return self.inset + span * (move / max(1, self.length))

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.setPen(QPen(QColor("#5d6b7a"), 1))
        for move in self.turns:
            x = self._x(move)
            p.drawLine(int(x), self.height() - 5, int(x), self.height())
        for move, _text, kind in self.marks:
            x = self._x(move)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(MARK_COLOURS.get(kind, MARK_COLOURS["info"])))
            p.drawRoundedRect(QRectF(x - 3, 1, 6, self.height() - 2), 2, 2)
        p.end()

    def mark_at(self, x: float) -> int | None:
        near = [(abs(self._x(m) - x), m) for m, _t, _k in self.marks]
        hit = min(near, default=None)
        return hit[1] if hit is not None and hit[0] <= 6 else None

    def mousePressEvent(self, e) -> None:
        move = self.mark_at(e.position().x())
        if move is not None:
            self.clicked.emit(move)


class Timeline(QWidget):
    seek = Signal(int)             # go to this position (moves made)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("timeline")
        self.length = 0
        self.position = 0
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 6, 12, 8)
        lay.setSpacing(2)
        self.strip = MarkStrip()
        self.strip.clicked.connect(self.seek.emit)
        lay.addWidget(self.strip)
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setFocusPolicy(Qt.NoFocus)      # the page's keys step, never the slider's
        self.slider.valueChanged.connect(self._slid)
        lay.addWidget(self.slider)
        row = QHBoxLayout()
        self.first_btn = button("Start", False, lambda: self.seek.emit(0), "The start of the match (Home)")
        self.back_btn = button("◀", False, lambda: self.step(-1), "A move back (Left)")
        self.play_btn = button("Play", True, self.toggle, "Play or pause (Space)")
        self.next_btn = button("▶", False, lambda: self.step(1), "A move forward (Right)")
        self.last_btn = button("End", False, lambda: self.seek.emit(self.length), "The last move (End)")
        for b in (self.first_btn, self.back_btn, self.play_btn, self.next_btn, self.last_btn):
            b.setFocusPolicy(Qt.NoFocus)
            row.addWidget(b)
        self.where = QLabel("")
        self.where.setObjectName("muted")
        row.addWidget(self.where, 1)
        self.turns = QComboBox()
        self.turns.setToolTip("Jump to the start of a turn or round")
        self.turns.activated.connect(self._turn_chosen)
        self.turns.setFocusPolicy(Qt.NoFocus)
        row.addWidget(self.turns)
        self.marks_box = QComboBox()
        self.marks_box.setToolTip("Jump to a marked move")
        self.marks_box.activated.connect(self._mark_chosen)
        self.marks_box.setFocusPolicy(Qt.NoFocus)
        self.marks_box.setVisible(False)
        row.addWidget(self.marks_box)
        self.speed = QComboBox()
        self.speed.setToolTip("How fast Play steps through the moves")
        for name, _k in SPEEDS:
            self.speed.addItem(name)
        self.speed.setCurrentIndex(1)
        self.speed.currentIndexChanged.connect(lambda _i: self._pace())
        self.speed.setFocusPolicy(Qt.NoFocus)
        row.addWidget(self.speed)
        lay.addLayout(row)
        self._turn_starts: list[tuple[int, str]] = []
        self._marks: list[tuple[int, str, str]] = []

    # --- what it spans ------------------------------------------------------------
    def set_length(self, length: int, turn_starts: list[tuple[int, str]]) -> None:
        self.pause()
        self.length = length
        self._turn_starts = list(turn_starts)
        self.slider.blockSignals(True)
        self.slider.setRange(0, length)
        self.slider.blockSignals(False)
        self.strip.length = length
        self.strip.turns = [p for p, _ in turn_starts]
        self.turns.clear()
        for p, label in turn_starts:
            self.turns.addItem(f"{label} (move {p})")
        self.set_marks([])

    def set_marks(self, marks: list[tuple[int, str, str]]) -> None:
        """Marks on the timeline: (move, a few words, colour kind: good, bad, swing or info).
        Moves past the end are left out."""
        self._marks = sorted((int(m), str(t), str(k)) for m, t, k in marks if 0 <= int(m) <= self.length)
        self.strip.marks = self._marks
        self.strip.update()
        self.marks_box.clear()
        for move, text, _kind in self._marks:
            self.marks_box.addItem(f"Move {move}: {text}")
        self.marks_box.setVisible(bool(self._marks))

    def marks(self) -> list[tuple[int, str, str]]:
        return list(self._marks)

    # --- where it is ----------------------------------------------------------------
    def show_position(self, position: int, turn: str) -> None:
        """The page went to `position`: the slider and the words follow (no seek back)."""
        self.position = position
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.where.setText(f"Move {position} of {self.length}" + (f" · {turn}" if turn else ""))
        self.back_btn.setEnabled(position > 0)
        self.first_btn.setEnabled(position > 0)
        self.next_btn.setEnabled(position < self.length)
        self.last_btn.setEnabled(position < self.length)
        current = max((i for i, (p, _l) in enumerate(self._turn_starts) if p <= position), default=-1)
        if current >= 0:
            self.turns.setCurrentIndex(current)
        if position >= self.length:
            self.pause()

    def step(self, delta: int) -> None:
        target = max(0, min(self.length, self.position + delta))
        if target != self.position:
            self.seek.emit(target)

    def _slid(self, value: int) -> None:
        self.seek.emit(value)

    def _turn_chosen(self, index: int) -> None:
        if 0 <= index < len(self._turn_starts):
            self.seek.emit(self._turn_starts[index][0])

    def _mark_chosen(self, index: int) -> None:
        if 0 <= index < len(self._marks):
            self.seek.emit(self._marks[index][0])

    # --- playing ----------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.position >= self.length:
            self.seek.emit(0)              # from the end, Play starts again
        self._pace()
        self.timer.start()
        self.play_btn.setText("Pause")

    def pause(self) -> None:
        self.timer.stop()
        self.play_btn.setText("Play")

    def speed_factor(self) -> float:
        return SPEEDS[self.speed.currentIndex()][1]

    def _pace(self) -> None:
        self.timer.setInterval(int(MOVE_MS / self.speed_factor()))

    def _tick(self) -> None:
        if self.position >= self.length:
            self.pause()
        else:
            self.step(1)
