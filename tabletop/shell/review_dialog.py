"""Review match: the hard bot's judgement of each of the players' decisions, from Saved games.

The review runs in its own process (bots/review_worker.py) while this dialog shows its
progress and a Cancel button; the finished review is kept beside the save (store/reviews.py),
so opening it again shows it at once. The replay viewer opens it too (Turning points…) and
marks the turning points on its timeline, with the bot's move shown on the table.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QHBoxLayout, QHeaderView, QProgressBar,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from tabletop.bots.review import human_seats, log_digest, review_budget
from tabletop.bots.review_worker import ReviewWorker
from tabletop.core.match import Match
from tabletop.shell.widgets import button, label
from tabletop.store.reviews import keep_review, load_review

POLL_MS = 50
COLUMNS = ("Move", "Player", "Move made", "Value", "The bot's move", "Value", "Swing")


def kept_review(match: Match, save: Path | None, seats: list[int], search) -> tuple[dict | None, str | None]:
    """The review kept beside `save` for this very match, seats and budget (see load_review)."""
    if save is None:                 # a match never saved: nothing kept
        return None, None
    return load_review(save, len(match.log), log_digest(match), seats, search.iterations)


def pct(value) -> str:
    return "?" if value is None else f"{round(value * 100)}%"


class ReviewDialog(QDialog):
    def __init__(self, parent, match: Match, save: Path | None, budget=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Review match")
        self.resize(980, 620)
        self.match, self.save = match, save
        self.seats = human_seats(match)
        self.search = review_budget(match.game, budget)
        self.worker = ReviewWorker()
        self.doc: dict | None = None
        lay = QVBoxLayout(self)
        players = [s.name or f"Player {i + 1}" for i, s in enumerate(match.seats)]
        lay.addWidget(label(f"{match.game.info.title}: {' vs '.join(players)}", "title"))
        self.status = label("", "muted", wrap=True)
        lay.addWidget(self.status)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        lay.addWidget(self.progress)
        self.summary = label("", "", wrap=True)
        self.summary.setTextFormat(Qt.PlainText)
        lay.addWidget(self.summary)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.verticalHeader().setVisible(False)
        head = self.table.horizontalHeader()
        for col in range(len(COLUMNS)):
            head.setSectionResizeMode(col, QHeaderView.Stretch if col in (2, 4)
                                      else QHeaderView.ResizeToContents)
        lay.addWidget(self.table, 1)
        self.filler = QWidget()                  # holds the room while the table is hidden
        lay.addWidget(self.filler, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.again_btn = button("Review again", False, self.start)
        self.cancel_btn = button("Cancel", False, self.cancel)
        self.close_btn = button("Close", True, self.accept)
        for b in (self.again_btn, self.cancel_btn, self.close_btn):
            row.addWidget(b)
        lay.addLayout(row)
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self._poll)
        self.finished.connect(lambda _r: self._stop())
        self._show_results(False)
        self.start()

    # --- running ------------------------------------------------------------------------
    def start(self) -> None:
        if not self.seats:
            self._idle("Every seat of this match is a bot: there is no player's decision to review.")
            return
        kept, problem = kept_review(self.match, self.save, self.seats, self.search)
        if kept is not None:
            self._finished(kept, "The review kept from last time.")
            return
        self._show_results(False)
        self.progress.setRange(0, 0)             # busy until the first decision is rated
        self.progress.setVisible(True)
        self.status.setText((problem + " " if problem else "") +
                            "The hard bot is looking at each of your decisions from your side "
                            "of the table…")
        self.cancel_btn.setVisible(True)
        self.again_btn.setVisible(False)
        self.worker.start(self.match, self.seats, self.search)
        self.timer.start()

    def cancel(self) -> None:
        self._stop()
        self._idle("The review was stopped; nothing of it was kept.")

    def _stop(self) -> None:
        self.timer.stop()
        self.worker.cancel()

    def _poll(self) -> None:
        for message in self.worker.poll():
            kind = message[0]
            if kind == "progress":
                _, done, total = message
                self.progress.setRange(0, total)
                self.progress.setValue(done)
                self.progress.setFormat(f"Decision {done} of {total}")
            elif kind == "done":
                self.timer.stop()
                problem = keep_review(self.save, message[1]) if self.save is not None else None
                self._finished(message[1], problem or "")
            elif kind == "error":
                self.timer.stop()
                self._idle(message[1])

    def _idle(self, text: str) -> None:
        self.status.setText(text)
        self.progress.setVisible(False)
        self.cancel_btn.setVisible(False)
        self.again_btn.setVisible(bool(self.seats))

    # --- the results ------------------------------------------------------------------------
    def _finished(self, doc: dict, note: str) -> None:
        self.doc = doc
        self.progress.setVisible(False)
        self.cancel_btn.setVisible(False)
        self.again_btn.setVisible(False)
        n = len(doc["decisions"])
        self.status.setText(" ".join(filter(None, [
            note, f"{n} decision{'s' if n != 1 else ''} rated. A value is the bot's estimate of "
                  "the player's chances after the move; the swing is what a move gave away "
                  "against the bot's choice."])))
        self._fill(doc)
        self._show_results(True)

    def _show_results(self, shown: bool) -> None:
        self.table.setVisible(shown)
        self.summary.setVisible(shown)
        self.filler.setVisible(not shown)

    def _fill(self, doc: dict) -> None:
        players = doc.get("players", [])
        by_move = {d["move"]: d for d in doc["decisions"]}
        name = (lambda s: players[s] if 0 <= s < len(players) else f"Player {s + 1}")
        lines = []
        if doc["turning_points"]:
            lines.append("Turning points: " + "; ".join(
                f"move {m} ({name(by_move[m]['seat'])}: {by_move[m]['chosen']['label']}, "
                f"{round(by_move[m]['swing'] * 100)} points given away)"
                for m in doc["turning_points"]) + ".")
        else:
            lines.append("No turning points: the bot agreed with every move.")
        if doc["disagreements"]:
            lines.append("The bot disagreed most at move " + ", ".join(
                str(m) for m in doc["disagreements"]) + ".")
        self.summary.setText("\n".join(lines))
        marked = set(doc["turning_points"])
        self.table.setRowCount(len(doc["decisions"]))
        bold = QFont()
        bold.setBold(True)
        for row, d in enumerate(doc["decisions"]):
            cells = (str(d["move"]), name(d["seat"]), d["chosen"]["label"], pct(d["chosen"]["value"]),
                     "the same" if d["same"] else d["bot"]["label"],
                     pct(d["bot"]["value"]), "" if d["same"] else str(round(d["swing"] * 100)))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if d["move"] in marked:
                    item.setFont(bold)
                self.table.setItem(row, col, item)
