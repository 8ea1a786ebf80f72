"""The panel beside the table: players, what to do now, the zoomed card, every
legal move as a list (the keyboard route to every action), and the log below a
splitter the player drags to give the log more room."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QTextCursor
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QListView, QListWidget,
                               QListWidgetItem, QSizePolicy, QSplitter, QTextBrowser, QVBoxLayout,
                               QWidget)

from tabletop.core import Action
from tabletop.shell import theme
from tabletop.shell.access import Announcer, name
from tabletop.shell.widgets import button, label, pil_to_pixmap


class SeatBox(QFrame):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("panel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        lay.setSpacing(2)
        self.name = label("", "h2")
        lay.addWidget(self.name)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(8)
        lay.addLayout(self.grid)
        self.cells: list[tuple[QLabel, QLabel]] = []
        self.pairs = 2               # key-value pairs a row: 1 in the narrowed panel
        self._to_act: bool | None = None

    def set_pairs(self, pairs: int) -> None:
        """Lay the figures out `pairs` to a row (two fit the full-width panel only)."""
        if pairs == self.pairs:
            return
        self.pairs = pairs
        # one pair a row makes the box twice as tall: its rows close up, its margins narrow
        self.grid.setVerticalSpacing(0 if pairs == 1 else -1)
        edge = 8 if pairs == 2 else 5
        self.layout().setContentsMargins(12, edge, 12, edge)
        for i, (key, value) in enumerate(self.cells):
            self.grid.removeWidget(key)
            self.grid.removeWidget(value)
            self._place(i, key, value)
        self.layout().invalidate()           # and the size it asks for is measured afresh

    def _place(self, i: int, key: QLabel, value: QLabel) -> None:
        row, pair = divmod(i, self.pairs)
        self.grid.addWidget(key, row, pair * 2)
        self.grid.addWidget(value, row, pair * 2 + 1)

    def paintEvent(self, e) -> None:
        super().paintEvent(e)
        if self._to_act:
            p = QPainter(self)
            p.setRenderHint(QPainter.Antialiasing)
            p.setPen(QPen(QColor(theme.GOLD), 1))
            p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 12, 12)
            p.end()

    def show_seat(self, who: str, kind: str, rows: list[tuple[str, str]], to_act: bool) -> None:
        mark = "▶ " if to_act else ""
        self.name.setTextFormat(Qt.RichText)
        self.name.setText(f"{mark}{who}  <span style='color:{theme.MUTED};font-size:13px'>{kind}</span>")
        if to_act != self._to_act:
            # the gold edge is painted over the styled frame: re-polishing the box for it sent
            # its labels new fonts and re-laid the panel out (3 ms a turn at a ratio of 2)
            self._to_act = to_act
            self.update()
        # labels are reused: deleting and re-creating them would flash stale values
        while len(self.cells) < len(rows):
            i = len(self.cells)
            key, value = label("", "muted"), label("")
            # two pairs a row in 13 px: "Relics in hand  1  Points in play  15" fits the panel
            key.setStyleSheet("font-size: 13px;")
            value.setStyleSheet("font-weight: 600; font-size: 13px;")
            self._place(i, key, value)
            self.cells.append((key, value))
        for i, (key, value) in enumerate(self.cells):
            shown = i < len(rows)
            key.setVisible(shown)
            value.setVisible(shown)
            if shown:
                key.setText(rows[i][0])
                value.setText(rows[i][1])
        # one sentence for a screen reader: whose box, whose turn, and its figures
        name(self, f"{who} ({kind}){', to play' if to_act else ''}: "
             + ", ".join(f"{k} {v}" for k, v in rows))


class ZoomView(QWidget):
    """The hovered card, as large as the panel's free height allows (never stretched)."""

    def __init__(self) -> None:
        super().__init__()
        self.pixmap: QPixmap | None = None
        # it gives way first when the window is short: the seats and the moves must fit
        self.setMinimumHeight(0)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(240, 240)

    def set_pixmap(self, pixmap: QPixmap | None) -> None:
        self.pixmap = pixmap
        self.update()

    def paintEvent(self, _event) -> None:
        if self.pixmap is None or self.pixmap.isNull() or self.height() < 90:
            return                  # a stamp-sized card helps nobody: the caption tells it
        p = QPainter(self)
        p.setRenderHint(QPainter.SmoothPixmapTransform)
        pw, ph = self.pixmap.width(), self.pixmap.height()
        scale = min(self.width() / pw, self.height() / ph, 240 / ph * 1.25)
        w, h = pw * scale, ph * scale
        p.drawPixmap(QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h), self.pixmap,
                     QRectF(0, 0, pw, ph))
        p.end()


def log_paragraph(text: str, important: bool) -> str:
    """A line of a match's log as HTML (the table's side panel, the replay viewer)."""
    color = theme.GOLD_HI if important else theme.INK
    return f"<p style='margin:0 0 6px 0; color:{color}'>{html.escape(text)}</p>"


class SidePanel(QWidget):
    action_chosen = Signal(object)
    undo = Signal()
    hint = Signal()
    rules = Signal()
    rules_term = Signal(str)        # a glossary entry linked from the zoomed card
    home = Signal()

    ZOOM_HELP = "Hover a card to see it large; right-click for full size."

    def __init__(self) -> None:
        super().__init__()
        self.setFixedWidth(380)          # the table page narrows it on a small window
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 10, 10, 10)
        lay.setSpacing(8)
        self.title = label("", "h2", wrap=True)     # a long game title takes two lines
        lay.addWidget(self.title)
        self.seats_lay = QVBoxLayout()
        lay.addLayout(self.seats_lay)
        self.seat_boxes: list[SeatBox] = []
        self.prompt = label("", wrap=True)
        self.prompt.setStyleSheet(f"color: {theme.GOLD_HI}; font-size: 15px; padding: 4px 2px;")
        self._prompt_width, self._prompt_lowest = -1, None
        lay.addWidget(self.prompt)
        # above the splitter's handle: the zoomed card and the moves; below it, the log
        top = QWidget()
        top_lay = QVBoxLayout(top)
        top_lay.setContentsMargins(0, 0, 0, 0)
        top_lay.setSpacing(8)
        self.zoom = ZoomView()
        name(self.zoom, "Card shown large")
        self.zoom_text = label(self.ZOOM_HELP, "muted", wrap=True)
        top_lay.addWidget(self.zoom, 3)
        top_lay.addWidget(self.zoom_text)
        self.zoom_text.setTextFormat(Qt.RichText)
        self.zoom_text.linkActivated.connect(self._link)
        self.zoom_terms: list[str] = []
        top_lay.addWidget(label("Your moves", "muted"))
        self.moves = QListWidget()
        self.moves.setToolTip("Double-click or press Enter to play a move")
        name(self.moves, "Your moves", "Every move you can make now. Enter plays the one chosen; "
             "F6 goes back to the table.")
        self.moves.itemActivated.connect(self._activated)
        self.moves.setWordWrap(True)
        self.moves.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        # the scroll bar's room is kept, so moves wrap to a width that does not change when
        # the list grows long enough to scroll (Qt would elide the lines laid out before)
        self.moves.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOn)
        self.moves.setResizeMode(QListView.Adjust)
        # Qt sizes a wrapped item without its stylesheet padding: none at the sides, so a
        # line that just fits is never cut with "…"
        self.moves.setStyleSheet("QListWidget { padding: 4px 8px; } "
                                 "QListWidget::item { padding: 5px 0px; }")
        self.moves.setMinimumHeight(64)
        top_lay.addWidget(self.moves, 2)
        # below it: the log, as tall as the player drags it
        bottom = QWidget()
        bottom_lay = QVBoxLayout(bottom)
        bottom_lay.setContentsMargins(0, 0, 0, 0)
        bottom_lay.setSpacing(4)
        bottom_lay.addWidget(label("Log", "muted"))
        # a text view, not a list: every line is a paragraph wrapped to the panel's width,
        # re-wrapped when it changes, never elided
        self.log = QTextBrowser()
        name(self.log, "Log", "What has happened in the match, newest last.")
        self.announce = Announcer(self.log)      # each new line, to a screen reader
        self.log.setOpenLinks(False)
        self.log.setFocusPolicy(Qt.NoFocus)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.log.document().setDocumentMargin(6)
        self.log.setMinimumHeight(72)
        self._log_lines: list[str] = []
        # the log follows its latest line unless the player scrolled up to read back
        self._follow = True
        bar = self.log.verticalScrollBar()
        bar.rangeChanged.connect(self._log_range_changed)
        bar.valueChanged.connect(self._log_scrolled)
        bottom_lay.addWidget(self.log, 1)
        self.splitter = QSplitter(Qt.Vertical)
        self.splitter.setObjectName("panelSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(12)
        # the zoom gives way first when the player gives the log more room
        self.top = top
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.splitterMoved.connect(self._split_moved)
        self.splitter.installEventFilter(self)
        self._split_set = False          # True once the player has dragged the handle
        self.splitter.handle(1).setToolTip("Drag to give the log more or less room")
        lay.addWidget(self.splitter, 1)
        row = QHBoxLayout()
        self.undo_btn = button("Undo", False, self.undo.emit, "Take back your last move (Ctrl+Z)")
        row.addWidget(self.undo_btn)
        self.hint_btn = button("Hint", False, self.hint.emit, "What would the hard bot play? (H)")
        row.addWidget(self.hint_btn)
        row.addWidget(button("Rules", False, self.rules.emit, "The rules of this game (F1)"))
        row.addWidget(button("Home", False, self.home.emit, "Back to the home screen; the match is saved"))
        for i in range(row.count()):       # four words side by side in the narrowed panel
            row.itemAt(i).widget().setStyleSheet("padding: 7px 4px;")
        lay.addLayout(row)
        self._actions: list[Action] = []

    NARROW_BELOW = 360      # a panel narrower than this has no room for the zoom's help line
    TALL_FROM = 900         # a panel this tall has room to keep a prompt's tallest height

    def resizeEvent(self, e) -> None:
        if e.size().width() != e.oldSize().width():
            self._fit_seats(e.size().width())
            self._show_zoom_text()
        super().resizeEvent(e)

    def _show_zoom_text(self) -> None:
        # the help line gives its room to the moves and the log in the narrowed panel; a
        # zoomed card's words are always shown
        self.zoom_text.setVisible(self.zoomed() or self.width() >= self.NARROW_BELOW)

    def _fit_seats(self, width: int) -> None:
        """Two pairs of figures a row in each seat box where they fit the panel's width (the
        narrowed panel may not have the room), else one."""
        room = width - self.layout().contentsMargins().left() - self.layout().contentsMargins().right()
        for box in self.seat_boxes:
            box.ensurePolished()          # its labels' styled fonts, even before it is shown
            box.set_pairs(2)
            if box.sizeHint().width() + 4 > room:       # + the frame's border, styled
                box.set_pairs(1)

    def eventFilter(self, obj, event) -> bool:
        # the splitter resized (the window, or seat boxes added above it): until the player
        # drags the handle, the log keeps its planned share
        if obj is self.splitter and event.type() == QEvent.Resize and not self._split_set:
            self._place_split()
        return False

    def _place_split(self) -> None:
        """The log's first height: 40% of the room and at least 110 px, but never so much that
        the zoom and the moves above it are squeezed below their minimum."""
        total = self.splitter.height() - self.splitter.handleWidth()
        if total <= 0:
            return
        content = self.top.minimumSizeHint().height()
        log_h = max(110, round(total * 0.4))
        log_h = min(log_h, max(110, total - content))
        self.splitter.setSizes([total - log_h, log_h])

    def _split_moved(self, _pos: int, _index: int) -> None:
        self._split_set = True

    def set_prompt(self, text: str) -> None:
        """What to do now. In a tall panel the prompt keeps the tallest height it took at this
        width, up to four lines: a prompt of one line after one of three moved everything below
        it, a jump for the eye and a repaint of the whole panel (2-5 ms a move at a ratio of 2).
        A short panel keeps its room for the moves and the log instead."""
        self.prompt.setText(text)
        w = self.prompt.width()
        if w <= 0:
            return
        if w != self._prompt_width or self.height() < self.TALL_FROM:    # measured afresh
            self._prompt_width, self._prompt_lowest = w, None
            self.prompt.setMinimumHeight(0)
            if self.height() < self.TALL_FROM:
                return
        tall = self.prompt.heightForWidth(w)
        self._prompt_lowest = min(tall, self._prompt_lowest or tall)
        keep = min(tall, self._prompt_lowest + 3 * self.prompt.fontMetrics().lineSpacing())
        if keep > self.prompt.minimumHeight():
            self.prompt.setMinimumHeight(keep)

    def set_seats(self, seats: list[tuple[str, str, list[tuple[str, str]], bool]]) -> None:
        while len(self.seat_boxes) < len(seats):
            box = SeatBox()
            self.seat_boxes.append(box)
            self.seats_lay.addWidget(box)
        for box, (who, kind, rows, to_act) in zip(self.seat_boxes, seats):
            box.show_seat(who, kind, rows, to_act)
        self._fit_seats(self.width())         # the figures' widths change with the match

    def set_moves(self, actions: list[Action], words: Callable[[str], str] = str) -> None:
        """The legal moves, each labelled as the table names things (`words`)."""
        self.moves.setEnabled(bool(actions))      # also the first time: none under a curtain
        if actions == self._actions:
            return
        self._actions = list(actions)
        self.moves.clear()
        for a in actions:
            self.moves.addItem(QListWidgetItem(words(a.label) if a.label else str(a)))

    def _activated(self, item: QListWidgetItem) -> None:
        row = self.moves.row(item)
        if 0 <= row < len(self._actions):
            self.action_chosen.emit(self._actions[row])

    def add_log(self, text: str, important: bool = False) -> None:
        self._log_lines.append(text)
        self.log.append(log_paragraph(text, important))
        self._log_to_end()
        self.announce(text)

    def replace_last_log(self, text: str, important: bool = False) -> None:
        """The last line says more now (a run of draws folded into one line)."""
        if len(self._log_lines) < 2:
            self.set_log([(text, important)])
            return
        self._log_lines[-1] = text
        self.announce(text)
        cursor = QTextCursor(self.log.document())
        cursor.movePosition(QTextCursor.End)
        cursor.select(QTextCursor.BlockUnderCursor)     # with the break before it
        cursor.removeSelectedText()
        self.log.append(log_paragraph(text, important))
        self._log_to_end()

    def set_log(self, lines: list[tuple[str, bool]]) -> None:
        """The whole log at once (after a resume or an undo), scrolled to its latest line."""
        self._log_lines = [text for text, _ in lines]
        self.log.setHtml("".join(log_paragraph(text, important) for text, important in lines))
        self._follow = True
        self._log_to_end()

    def log_lines(self) -> list[str]:
        return list(self._log_lines)

    def _log_to_end(self) -> None:
        if self._follow:
            # the text cursor too: Qt scrolls back to it when the view is resized or shown
            self.log.moveCursor(QTextCursor.End)
            bar = self.log.verticalScrollBar()
            bar.setValue(bar.maximum())

    def _log_range_changed(self, _low: int, _high: int) -> None:
        # the text grew or was re-wrapped (a new line, a resize, the page shown after a
        # resume): stay on the latest line
        self._log_to_end()

    def _log_scrolled(self, value: int) -> None:
        bar = self.log.verticalScrollBar()
        self._follow = value >= bar.maximum() - 2

    def set_zoom(self, image, text: str = "", terms: list[str] | None = None) -> None:
        """The card shown large (None: none, with the hint how to show one)."""
        self.zoom.set_pixmap(None if image is None else pil_to_pixmap(image))
        body = html.escape(text or self.ZOOM_HELP)
        body = body.replace("\n", "<br>")
        if terms:
            links = " · ".join(f"<a href='term:{html.escape(t)}' style='color:{theme.GOLD_HI}'>"
                               f"{html.escape(t)}</a>" for t in terms)
            body += f"<br>Glossary: {links}"
        self.zoom_text.setText(body)
        self.zoom.setAccessibleDescription(text)
        self.zoom_terms = list(terms or [])
        self._show_zoom_text()

    def zoomed(self) -> bool:
        return self.zoom.pixmap is not None

    def _link(self, href: str) -> None:
        if href.startswith("term:"):
            self.rules_term.emit(href[5:])
