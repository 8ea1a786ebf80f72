"""The panel beside the table: players, what to do now, the zoomed card, every
legal move as a list (the keyboard route to every action), and the log."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (QFrame, QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QTextBrowser, QVBoxLayout, QWidget)

from tabletop.core import Action
from tabletop.shell import theme
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
        self.grid.setHorizontalSpacing(14)
        lay.addLayout(self.grid)
        self.cells: list[tuple[QLabel, QLabel]] = []

    def show_seat(self, name: str, kind: str, rows: list[tuple[str, str]], to_act: bool) -> None:
        mark = "▶ " if to_act else ""
        self.name.setTextFormat(Qt.RichText)
        self.name.setText(f"{mark}{name}  <span style='color:{theme.MUTED};font-size:13px'>{kind}</span>")
        self.setStyleSheet(f"QFrame#panel {{ border-color: {theme.GOLD if to_act else theme.EDGE}; }}")
        # labels are reused: deleting and re-creating them would flash stale values
        while len(self.cells) < len(rows):
            i = len(self.cells)
            key, value = label("", "muted"), label("")
            value.setStyleSheet("font-weight: 600;")
            self.grid.addWidget(key, i // 2, (i % 2) * 2)
            self.grid.addWidget(value, i // 2, (i % 2) * 2 + 1)
            self.cells.append((key, value))
        for i, (key, value) in enumerate(self.cells):
            shown = i < len(rows)
            key.setVisible(shown)
            value.setVisible(shown)
            if shown:
                key.setText(rows[i][0])
                value.setText(rows[i][1])


class SidePanel(QWidget):
    action_chosen = Signal(object)
    undo = Signal()
    hint = Signal()
    rules = Signal()
    rules_term = Signal(str)        # a glossary entry linked from the zoomed card
    home = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setFixedWidth(380)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 10, 10, 10)
        lay.setSpacing(8)
        self.title = label("", "h2")
        lay.addWidget(self.title)
        self.seats_lay = QVBoxLayout()
        lay.addLayout(self.seats_lay)
        self.seat_boxes: list[SeatBox] = []
        self.prompt = label("", wrap=True)
        self.prompt.setStyleSheet(f"color: {theme.GOLD_HI}; font-size: 15px; padding: 4px 2px;")
        lay.addWidget(self.prompt)
        self.zoom = QLabel()
        self.zoom.setAlignment(Qt.AlignCenter)
        self.zoom.setMinimumHeight(240)
        self.zoom_text = label("Hover a card to see it large; right-click for full size.", "muted",
                               wrap=True)
        lay.addWidget(self.zoom)
        lay.addWidget(self.zoom_text)
        self.zoom_text.setTextFormat(Qt.RichText)
        self.zoom_text.linkActivated.connect(self._link)
        lay.addWidget(label("Your moves", "muted"))
        self.moves = QListWidget()
        self.moves.setToolTip("Double-click or press Enter to play a move")
        self.moves.itemActivated.connect(self._activated)
        self.moves.setWordWrap(True)
        self.moves.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        lay.addWidget(self.moves, 2)
        lay.addWidget(label("Log", "muted"))
        # a text view, not a list: every line is a paragraph wrapped to the panel's width,
        # re-wrapped when it changes, never elided
        self.log = QTextBrowser()
        self.log.setOpenLinks(False)
        self.log.setFocusPolicy(Qt.NoFocus)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.log.document().setDocumentMargin(6)
        self._log_lines: list[str] = []
        lay.addWidget(self.log, 3)
        row = QHBoxLayout()
        self.undo_btn = button("Undo", False, self.undo.emit, "Take back your last move (Ctrl+Z)")
        row.addWidget(self.undo_btn)
        self.hint_btn = button("Hint", False, self.hint.emit, "What would the hard bot play? (H)")
        row.addWidget(self.hint_btn)
        row.addWidget(button("Rules", False, self.rules.emit, "The rules of this game (F1)"))
        row.addWidget(button("Home", False, self.home.emit, "Back to the home screen; the match is saved"))
        lay.addLayout(row)
        self._actions: list[Action] = []

    def set_seats(self, seats: list[tuple[str, str, list[tuple[str, str]], bool]]) -> None:
        while len(self.seat_boxes) < len(seats):
            box = SeatBox()
            self.seat_boxes.append(box)
            self.seats_lay.addWidget(box)
        for box, (name, kind, rows, to_act) in zip(self.seat_boxes, seats):
            box.show_seat(name, kind, rows, to_act)

    def set_moves(self, actions: list[Action]) -> None:
        if actions == self._actions:
            return
        self._actions = list(actions)
        self.moves.clear()
        for a in actions:
            self.moves.addItem(QListWidgetItem(a.label or str(a)))
        self.moves.setEnabled(bool(actions))

    def _activated(self, item: QListWidgetItem) -> None:
        row = self.moves.row(item)
        if 0 <= row < len(self._actions):
            self.action_chosen.emit(self._actions[row])

    def add_log(self, text: str, important: bool = False) -> None:
        self._log_lines.append(text)
        self.log.append(self._paragraph(text, important))
        self._log_to_end()
        QTimer.singleShot(0, self._log_to_end)      # again once the new paragraph is laid out

    def set_log(self, lines: list[tuple[str, bool]]) -> None:
        """The whole log at once (after a resume or an undo), scrolled to its latest line."""
        self._log_lines = [text for text, _ in lines]
        self.log.setHtml("".join(self._paragraph(text, important) for text, important in lines))
        self._log_to_end()
        QTimer.singleShot(0, self._log_to_end)

    def log_lines(self) -> list[str]:
        return list(self._log_lines)

    @staticmethod
    def _paragraph(text: str, important: bool) -> str:
        color = theme.GOLD_HI if important else theme.INK
        return f"<p style='margin:0 0 6px 0; color:{color}'>{html.escape(text)}</p>"

    def _log_to_end(self) -> None:
        self.log.moveCursor(QTextCursor.End)
        self.log.ensureCursorVisible()
        bar = self.log.verticalScrollBar()
        bar.setValue(bar.maximum())

    def set_zoom(self, image, text: str = "", terms: list[str] | None = None) -> None:
        if image is None:
            self.zoom.clear()
        else:
            pix = pil_to_pixmap(image)
            self.zoom.setPixmap(pix.scaledToHeight(240, Qt.SmoothTransformation))
        body = html.escape(text or "Hover a card to see it large; right-click for full size.")
        body = body.replace("\n", "<br>")
        if terms:
            links = " · ".join(f"<a href='term:{html.escape(t)}' style='color:{theme.GOLD_HI}'>"
                               f"{html.escape(t)}</a>" for t in terms)
            body += f"<br>Glossary: {links}"
        self.zoom_text.setText(body)
        self.zoom_terms = list(terms or [])

    def _link(self, href: str) -> None:
        if href.startswith("term:"):
            self.rules_term.emit(href[5:])
