"""Statistics: how the player's finished matches went, from the match history.

Per game and opponent (each bot level, and people): matches, won-lost-drawn, the win rate and
the average length; the win rate over time (a line) and by starting choice (bars); filtered by
game and period; exported as CSV. The database is opened when the page is shown and closed
when it is left. While the saves are being imported for the first time the page says so and
fills itself when they are in; a damaged history set aside is told here in a sentence.
"""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QGridLayout,
                               QHBoxLayout, QHeaderView, QStackedWidget, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from tabletop.games.registry import all_games, get_game
from tabletop.shell.match_history import CHOICE_NAMES, SavesImport, choice_words, open_history
from tabletop.shell.theme import GOLD_HI
from tabletop.shell.plots import Bar, ChoiceBars, Point, WinRateLine, matches_words, percent
from tabletop.shell.widgets import button, label, modal
from tabletop.store.history import History, HistoryError, Tally

log = logging.getLogger(__name__)

PERIODS = (("All time", 0), ("Last 30 days", 30), ("Last 7 days", 7))
COLUMNS = ("Against", "Matches", "Won", "Lost", "Drawn", "Win rate", "Average length")


def opponent_words(opponent: str | None) -> str:
    """What the player faced ("hard", "easy + hard", "human") in words."""
    if not opponent:
        return "?"
    if opponent == "human":
        return "People"
    return ("Bots: " if " + " in opponent else "Bot: ") + opponent


def length_words(t: Tally, rounds: bool = True) -> str:
    """A match's average length: moves, rounds where the game counts them, and time."""
    parts = []
    if t.avg_moves is not None:
        parts.append(f"{t.avg_moves:.0f} moves")
    if t.avg_rounds and rounds:
        parts.append(f"{t.avg_rounds:.0f} rounds")
    if t.avg_seconds is not None:
        minutes = round(t.avg_seconds / 60)
        parts.append("under a minute" if minutes < 1 else f"{minutes} min" if minutes < 60
                     else f"{minutes // 60} h {minutes % 60} min")
    return ", ".join(parts)


def game_title(game_id: str) -> str:
    """A game's title; a game this version lacks (recorded by another) by its id."""
    try:
        return get_game(game_id).info.title
    except Exception:                  # noqa: BLE001 - the registry's KeyError, or a broken plugin
        return game_id.capitalize()


def period_label(key: str, bucket: str) -> str:
    """A period's first day ("2025-01-27") or month ("2025-01") as the axis shows it."""
    if bucket == "month":
        return datetime.strptime(key, "%Y-%m").strftime("%b %Y")
    return datetime.strptime(key, "%Y-%m-%d").strftime("%d %b").lstrip("0")


def period_day(key: str) -> date:
    return date.fromisoformat(key if len(key) == 10 else f"{key}-01")


class StatsPage(QWidget):
    back = Signal()

    def __init__(self, importer: SavesImport | None = None, parent=None) -> None:
        super().__init__(parent)
        self.importer = importer
        self.history: History | None = None
        self.notice_text = ""           # a sentence about the history itself (damaged, unwritable)
        self.export_dialog: QFileDialog | None = None      # while Export CSV… is open
        lay = QVBoxLayout(self)
        lay.setContentsMargins(48, 24, 48, 24)
        lay.setSpacing(10)
        head = QHBoxLayout()
        head.addWidget(label("Statistics", "title"), 1)
        self.game = QComboBox()
        self.game.setAccessibleName("Game shown")
        self.game.addItem("All games", "")
        for g in all_games():
            self.game.addItem(g.info.title, g.info.id)
        self.period = QComboBox()
        self.period.setAccessibleName("Period shown")
        for text, days in PERIODS:
            self.period.addItem(text, days)
        for box in (self.game, self.period):
            box.currentIndexChanged.connect(lambda _i: self.show_figures())
            head.addWidget(box, 0, Qt.AlignVCenter)
        self.export_btn = button("Export CSV…", False, self.export,
                                 tip="Every match shown here, one a row, for a spreadsheet")
        self.export_btn.setAccessibleName("Export the matches shown as CSV")
        head.addWidget(self.export_btn, 0, Qt.AlignVCenter)
        back = button("Back", False, self.back.emit)
        back.setAccessibleName("Back")
        head.addWidget(back, 0, Qt.AlignVCenter)
        lay.addLayout(head)
        self.notice = label("", "error", wrap=True)
        self.notice.setAccessibleName("About the match history")
        self.notice.setVisible(False)
        lay.addWidget(self.notice)
        self.totals = label("", "subtitle", wrap=True)
        self.totals.setAccessibleName("Totals")
        lay.addWidget(self.totals)
        self.said = label("", "muted", wrap=True)      # what the last export did
        self.said.setAccessibleName("Export")
        self.said.setVisible(False)
        lay.addWidget(self.said)

        self.pages = QStackedWidget()
        self.empty = label("", "subtitle", wrap=True)
        self.empty.setAlignment(Qt.AlignCenter)
        self.empty.setAccessibleName("No matches")
        figures = QWidget()
        grid = QGridLayout(figures)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(16)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("Results against each opponent")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setStretchLastSection(True)
        header.setDefaultAlignment(Qt.AlignCenter)
        self.line = WinRateLine()
        self.bars = ChoiceBars()
        grid.addWidget(self.table, 0, 0, 2, 1)
        grid.addWidget(self.line, 0, 1)
        grid.addWidget(self.bars, 1, 1)
        grid.setColumnStretch(0, 6)
        grid.setColumnStretch(1, 5)
        self.pages.addWidget(figures)
        self.pages.addWidget(self.empty)
        self.figures = figures
        lay.addWidget(self.pages, 1)
        if importer is not None:
            importer.finished.connect(self._imported)
            if importer.problem:           # the import ended before the page was made
                self.set_notice(importer.problem)

    # --- the database ---------------------------------------------------------------------
    def refresh(self) -> None:
        """The page is shown: open the history (once the first import is over) and fill it."""
        self.said.setVisible(False)
        if self.history is None and not self.importing():
            self.history = open_history()
            if self.history.problem:
                self.set_notice(self.history.problem)
        self.show_figures()

    def leave(self) -> None:
        if self.history is not None:
            self.history.close()
            self.history = None

    def importing(self) -> bool:
        return self.importer is not None and self.importer.running

    def _imported(self, recorded: int, problem: str) -> None:
        if problem:
            self.set_notice(problem)
        if self.isVisible():
            self.refresh()

    def set_notice(self, text: str) -> None:
        """A sentence about the history itself, kept until the app closes."""
        self.notice_text = text
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    # --- the filters ------------------------------------------------------------------------
    def filters(self) -> tuple[str | None, datetime | None]:
        days = self.period.currentData() or None
        since = None if days is None else datetime.now(timezone.utc) - timedelta(days=days)
        return self.game.currentData() or None, since

    def _where_words(self) -> str:
        game = self.game.currentData() or None
        what = f"matches of {game_title(game)}" if game else "matches"
        days = self.period.currentData() or None
        return what + ("" if days is None else f" in the last {days} days")

    # --- the figures ------------------------------------------------------------------------
    def show_figures(self) -> None:
        if self.importing():
            self._nothing("Adding the finished matches in Saved games to the statistics…")
            return
        if self.history is None:
            return
        game, since = self.filters()
        rows = self.history.summary(game, since)
        if self.history.problem and self.history.problem != self.notice_text:
            self.set_notice(self.history.problem)
        if not rows:
            if game is None and since is None:
                self._nothing("No finished matches yet. Play a match to its end, against a bot "
                              "or a friend, and how it went shows here.")
            else:
                self._nothing(f"No finished {self._where_words()}. Choose another game or a "
                              f"longer period above.")
            return
        self.pages.setCurrentWidget(self.figures)
        self.export_btn.setEnabled(True)
        n = sum(t.matches for t in rows)
        won, lost, drawn = (sum(t.wins for t in rows), sum(t.losses for t in rows),
                            sum(t.draws for t in rows))
        self.totals.setText(f"{matches_words(n)}: {won} won, {lost} lost"
                            + (f", {drawn} drawn" if drawn else "")
                            + f". You win {percent(won / n)} of them.")
        self._fill_table(rows, game is None)
        self._fill_line(game, since)
        self._fill_bars(game, since, rows)

    def _nothing(self, sentence: str) -> None:
        self.totals.setText("")
        self.empty.setText(sentence)
        self.pages.setCurrentWidget(self.empty)
        self.export_btn.setEnabled(False)
        self.line.set_points([])
        self.bars.set_bars([])
        self.table.setRowCount(0)

    def _fill_table(self, rows: list[Tally], every_game: bool) -> None:
        """A row per opponent; with every game shown, each game's rows under its name."""
        self.table.clearSpans()
        lines: list[Tally | str] = []
        for t in rows:
            if every_game and (not lines or getattr(lines[-1], "game", None) != t.game):
                lines.append(game_title(t.game))
            lines.append(t)
        self.table.setRowCount(len(lines))
        for r, line in enumerate(lines):
            if isinstance(line, str):
                item = QTableWidgetItem(line)
                item.setForeground(QColor(GOLD_HI))
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                item.setFlags(Qt.ItemIsEnabled)
                self.table.setItem(r, 0, item)
                self.table.setSpan(r, 0, 1, len(COLUMNS))
                continue
            cells = (opponent_words(line.key), str(line.matches), str(line.wins), str(line.losses),
                     str(line.draws), percent(line.win_rate), length_words(line, rounds=False))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment((Qt.AlignLeft if c in (0, 6) else Qt.AlignCenter) | Qt.AlignVCenter)
                item.setToolTip(f"Average length: {length_words(line)}" if c == 6 else "")
                self.table.setItem(r, c, item)

    def _bucket(self, game: str | None, since: datetime | None) -> str:
        days = self.period.currentData() or None
        if days is not None:
            return "day" if days <= 7 else "week"
        months = self.history.over_time(game, "month", since)
        return "month" if len(months) > 6 else "week"

    def _fill_line(self, game: str | None, since: datetime | None) -> None:
        bucket = self._bucket(game, since)
        points = [Point(period_day(t.key), t.win_rate, t.matches, period_label(t.key, bucket))
                  for t in self.history.over_time(game, bucket, since)]
        self.line.title = f"Win rate by {bucket}"
        self.line.setAccessibleName(self.line.title)
        self.line.set_points(points)

    def _fill_bars(self, game: str | None, since: datetime | None, rows: list[Tally]) -> None:
        games = [game] if game else sorted({t.game for t in rows})
        bars = []
        for g in games:
            title = g.capitalize()         # the games' short names: Trials, Pariah, Brawl...
            for t in self.history.by_choice(g, since):
                words = choice_words(g, t.key)
                kind = CHOICE_NAMES.get(t.choice, t.choice.capitalize())
                bars.append(Bar(f"{kind}: {words}" if game else f"{words} ({title})",
                                t.win_rate, t.matches))
        bars.sort(key=lambda b: -b.matches)          # stable: each game's order kept within
        self.bars.set_bars(bars)
        if game and not bars:
            self.bars.set_empty_text(f"Every match of {game_title(game)} starts the "
                                     f"same way: there is no starting choice to compare.")
        elif not bars:
            self.bars.set_empty_text("No starting choices were recorded in these matches.")

    # --- export -----------------------------------------------------------------------------
    def default_export_path(self) -> Path:
        documents = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
        folder = documents if documents and Path(documents).is_dir() else str(Path.home())
        game = self.game.currentData() or None
        return Path(folder) / f"tabletop-{game or 'all-games'}-{date.today().isoformat()}.csv"

    def export(self) -> None:
        """Export CSV…: where, in a file dialog; the matches under the filters, one a row."""
        with modal(QFileDialog(self, "Export the statistics as CSV",
                               str(self.default_export_path()), "CSV files (*.csv)")) as dlg:
            dlg.setAcceptMode(QFileDialog.AcceptSave)
            dlg.setDefaultSuffix("csv")
            dlg.setAccessibleName("Where to export the statistics")
            self.export_dialog = dlg           # the journeys answer it as a person would
            try:
                if not dlg.exec() or not dlg.selectedFiles():
                    return
                target = Path(dlg.selectedFiles()[0])
            finally:
                self.export_dialog = None
        self.export_to(target)

    def export_to(self, target: Path) -> bool:
        game, since = self.filters()
        if self.history is None:
            return False
        try:
            n = self.history.export_csv(target, game, since)
        except HistoryError as err:
            self._say(str(err), error=True)
            return False
        except (OSError, ValueError):          # a name the system refuses outright
            self._say(f"The statistics could not be written to {target.name}: that name "
                      f"cannot be used for a file there.", error=True)
            return False
        self._say(f"{matches_words(n).capitalize()} exported to {target}.")
        return True

    def _say(self, text: str, error: bool = False) -> None:
        self.said.setObjectName("error" if error else "muted")
        self.said.setStyleSheet("")                # the new object name's style
        self.said.style().unpolish(self.said)
        self.said.style().polish(self.said)
        self.said.setText(text)
        self.said.setVisible(True)
