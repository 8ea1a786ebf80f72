"""The statistics page's plots, painted by Qt (no plotting library): a line of the win rate
over time and bars of the win rate by starting choice.

Each is a small widget that paints from a list of points in logical pixels, with antialiasing,
so a 200% screen draws it with twice the pixels (crisp, never scaled up). With nothing to show
it paints a sentence, never empty axes. Its accessible description says every value it shows,
for a screen reader and for whoever cannot see the colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tabletop.shell.theme import EDGE, GOLD, GOLD_HI, INK, MUTED, PANEL, PANEL_HI

EVEN_LINE = QColor(MUTED)        # the 50% mark: as many wins as not


@dataclass(frozen=True)
class Point:
    """One period of the line: its first day, the player's win rate then, and of how many."""

    day: date
    rate: float
    matches: int
    label: str          # the period in words on the axis ("27 Jan", "Jan 2025")


@dataclass(frozen=True)
class Bar:
    """One starting choice: its words, the player's win rate with it, and of how many."""

    label: str
    rate: float
    matches: int


def percent(rate: float) -> str:
    return f"{rate:.0%}"


def matches_words(n: int) -> str:
    return f"{n} match{'es' if n != 1 else ''}"


class _Plot(QWidget):
    """A framed panel with a title; paints `_draw` inside, or the empty sentence."""

    def __init__(self, title: str, empty: str, parent=None) -> None:
        super().__init__(parent)
        self.title = title
        self.empty = empty
        self.setAccessibleName(title)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(320, 200)

    def sizeHint(self) -> QSize:
        return QSize(560, 260)

    def set_empty_text(self, text: str) -> None:
        self.empty = text
        self._described()
        self.update()

    def _has_data(self) -> bool:
        raise NotImplementedError

    def _described(self) -> None:
        raise NotImplementedError

    def _font(self, size: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(round(size))
        font.setBold(bold)
        return font

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.TextAntialiasing)
        frame = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(QColor(EDGE), 1))
        p.setBrush(QColor(PANEL))
        p.drawRoundedRect(frame, 12, 12)
        p.setFont(self._font(16, bold=True))
        p.setPen(QColor(GOLD_HI))
        head = QRectF(frame.left() + 16, frame.top() + 10, frame.width() - 32, 24)
        p.drawText(head, Qt.AlignLeft | Qt.AlignVCenter, self.title)
        body = QRectF(frame.left() + 16, head.bottom() + 8, frame.width() - 32,
                      frame.bottom() - head.bottom() - 20)
        if not self._has_data():
            p.setFont(self._font(15))
            p.setPen(QColor(MUTED))
            p.drawText(body, Qt.AlignCenter | Qt.TextWordWrap, self.empty)
        else:
            self._draw(p, body)
        p.end()

    def _draw(self, p: QPainter, body: QRectF) -> None:
        raise NotImplementedError


class WinRateLine(_Plot):
    """The player's win rate per period, each period placed by its date, 50% dashed."""

    def __init__(self, parent=None) -> None:
        super().__init__("Win rate over time", "No finished matches to plot yet.", parent)
        self.points: list[Point] = []
        self._described()

    def set_points(self, points: list[Point]) -> None:
        self.points = sorted(points, key=lambda pt: pt.day)
        self._described()
        self.update()

    def _has_data(self) -> bool:
        return bool(self.points)

    def _described(self) -> None:
        self.setAccessibleDescription(
            "; ".join(f"{pt.label}: {percent(pt.rate)} of {matches_words(pt.matches)}"
                      for pt in self.points) or self.empty)

    def _draw(self, p: QPainter, body: QRectF) -> None:
        small = self._font(12)
        fm = QFontMetricsF(small)
        p.setFont(small)
        axis_w = fm.horizontalAdvance("100%") + 8
        # inset by a dot's radius, so a dot at either end stays clear of the scale's words
        plot = QRectF(body.left() + axis_w + 10, body.top() + 8, body.width() - axis_w - 20,
                      body.height() - fm.height() - 18)
        # the scale: 0-100%, a line every quarter, 50% dashed (as many wins as not)
        for q in (0, 25, 50, 75, 100):
            y = plot.bottom() - plot.height() * q / 100
            pen = QPen(EVEN_LINE if q == 50 else QColor(PANEL_HI), 1,
                       Qt.DashLine if q == 50 else Qt.SolidLine)
            p.setPen(pen)
            p.drawLine(QPointF(plot.left() - 8, y), QPointF(plot.right() + 8, y))
            p.setPen(QColor(MUTED))
            p.drawText(QRectF(body.left(), y - fm.height() / 2, axis_w - 6, fm.height()),
                       Qt.AlignRight | Qt.AlignVCenter, f"{q}%")
        first, last = self.points[0].day, self.points[-1].day
        span = max(1, (last - first).days)

        def x_of(pt: Point) -> float:
            if first == last:
                return plot.center().x()
            return plot.left() + plot.width() * (pt.day - first).days / span

        xy = [QPointF(x_of(pt), plot.bottom() - plot.height() * pt.rate) for pt in self.points]
        # the periods under the axis, as many as fit without touching
        p.setPen(QColor(MUTED))
        right_edge = -1e9
        for pt, at in zip(self.points, xy):
            w = fm.horizontalAdvance(pt.label)
            left = min(max(at.x() - w / 2, plot.left() - axis_w / 2), body.right() - w)
            if left < right_edge + 10:
                continue
            p.drawText(QRectF(left, plot.bottom() + 6, w + 2, fm.height()), Qt.AlignLeft, pt.label)
            right_edge = left + w
        if len(xy) > 1:
            path = QPainterPath(xy[0])
            for at in xy[1:]:
                path.lineTo(at)
            p.setPen(QPen(QColor(GOLD), 2.5, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.setBrush(Qt.NoBrush)
            p.drawPath(path)
        # a dot a period, larger for more matches, so one lucky match looks like one
        most = max(pt.matches for pt in self.points)
        p.setPen(QPen(QColor(PANEL), 1.5))
        p.setBrush(QColor(GOLD_HI))
        for pt, at in zip(self.points, xy):
            r = 3.5 + 3.5 * (pt.matches / most) ** 0.5
            p.drawEllipse(at, r, r)


class ChoiceBars(_Plot):
    """A bar a starting choice, its length the player's win rate, most played first; the
    ones that do not fit are counted under the last."""

    ROW = 30

    def __init__(self, parent=None) -> None:
        super().__init__("Win rate by starting choice", "No starting choices to compare yet.",
                         parent)
        self.bars: list[Bar] = []
        self.shown = 0              # how many bars the last paint had room for
        self._described()

    def set_bars(self, bars: list[Bar]) -> None:
        self.bars = list(bars)
        self._described()
        self.update()

    def _has_data(self) -> bool:
        return bool(self.bars)

    def _described(self) -> None:
        self.setAccessibleDescription(
            "; ".join(f"{b.label}: {percent(b.rate)} of {matches_words(b.matches)}"
                      for b in self.bars) or self.empty)

    def _draw(self, p: QPainter, body: QRectF) -> None:
        text = self._font(13)
        fm = QFontMetricsF(text)
        rows = max(1, int(body.height() // self.ROW))
        shown = self.bars if len(self.bars) <= rows else self.bars[:rows - 1]
        self.shown = len(shown)
        label_w = min(body.width() * 0.5,
                      max(fm.horizontalAdvance(b.label) for b in shown) + 12)
        figure_w = fm.horizontalAdvance("100% of 999 matches") + 12
        track = QRectF(body.left() + label_w, 0, max(40.0, body.width() - label_w - figure_w), 0)
        p.setFont(text)
        for i, b in enumerate(shown):
            top = body.top() + i * self.ROW
            p.setPen(QColor(INK))
            p.drawText(QRectF(body.left(), top, label_w - 10, self.ROW), Qt.AlignLeft | Qt.AlignVCenter,
                       fm.elidedText(b.label, Qt.ElideRight, label_w - 10))
            bar = QRectF(track.left(), top + 6, track.width(), self.ROW - 12)
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(PANEL_HI))
            p.drawRoundedRect(bar, 4, 4)
            if b.rate > 0:
                p.setBrush(QColor(GOLD))
                p.drawRoundedRect(QRectF(bar.left(), bar.top(), max(6.0, bar.width() * b.rate),
                                         bar.height()), 4, 4)
            p.setPen(QPen(EVEN_LINE, 1, Qt.DashLine))
            p.drawLine(QPointF(bar.center().x(), bar.top() - 3), QPointF(bar.center().x(), bar.bottom() + 3))
            p.setPen(QColor(MUTED))
            p.drawText(QRectF(bar.right() + 10, top, figure_w, self.ROW), Qt.AlignLeft | Qt.AlignVCenter,
                       f"{percent(b.rate)} of {b.matches}")
        left = len(self.bars) - len(shown)
        if left:
            p.setPen(QColor(MUTED))
            p.drawText(QRectF(body.left(), body.top() + len(shown) * self.ROW, body.width(), self.ROW),
                       Qt.AlignLeft | Qt.AlignVCenter,
                       f"and {left} more, played less often (Export CSV lists every match)")
