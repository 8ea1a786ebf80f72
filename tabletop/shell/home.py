"""The home screen: a tile per game, Continue, and the saved games."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tabletop import __version__
from tabletop.games.registry import all_games, plugin
from tabletop.shell.presentations import presentation
from tabletop.shell.widgets import button, label, panel, pil_to_pixmap
from tabletop.store.saves import SaveInfo

log = logging.getLogger(__name__)


class GameTile(QWidget):
    def __init__(self, game, on_new, on_rules, on_decks=None) -> None:
        super().__init__()
        frame, lay = panel("card")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        cover = QLabel()
        cover.setAlignment(Qt.AlignCenter)
        try:
            cover.setPixmap(pil_to_pixmap(presentation(game.info.id).cover(360, 220)))
        except Exception as exc:   # a broken cover must not hide the game
            log.warning("cover of %s failed: %s", game.info.id, exc)
        lay.addWidget(cover)
        lay.addWidget(label(game.info.title, "h2"))
        counts = [str(n) for n in game.info.players]
        players = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]
        lay.addWidget(label(f"{players} players", "muted"))
        lay.addWidget(label(game.info.blurb, wrap=True))
        row = QHBoxLayout()
        row.addWidget(button("New match", True, lambda: on_new(game.info.id)))
        row.addWidget(button("Rules", False, lambda: on_rules(game.info.id)))
        if on_decks is not None and plugin(game.info.id).deck_spec is not None:
            row.addWidget(button("Decks", False, lambda: on_decks(game.info.id)))
        lay.addLayout(row)
        self.setFixedWidth(400)


class HomePage(QWidget):
    new_match = Signal(str)
    rules = Signal(str)
    decks = Signal(str)
    continue_match = Signal(str)
    saved_games = Signal()

    def __init__(self) -> None:
        super().__init__()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(48, 36, 48, 36)
        lay.setSpacing(18)
        head = QHBoxLayout()
        titles = QVBoxLayout()
        titles.addWidget(label("Tabletop", "title"))
        titles.addWidget(label("Card and board games, every rule enforced. Play a bot or a friend "
                               "at this computer.", "subtitle"))
        head.addLayout(titles, 1)
        self.continue_btn = button("Continue", True, self._continue)
        self.continue_btn.setMinimumWidth(220)
        head.addWidget(self.continue_btn, 0, Qt.AlignVCenter)
        head.addWidget(button("Saved games", False, self.saved_games.emit), 0, Qt.AlignVCenter)
        lay.addLayout(head)
        self.continue_info = label("", "muted")
        self.continue_info.setAlignment(Qt.AlignRight)
        lay.addWidget(self.continue_info)
        grid = QGridLayout()
        grid.setSpacing(24)
        for i, game in enumerate(all_games()):
            grid.addWidget(GameTile(game, self.new_match.emit, self.rules.emit, self.decks.emit), i // 3, i % 3,
                           Qt.AlignTop | Qt.AlignLeft)
        grid.setColumnStretch(3, 1)
        lay.addLayout(grid)
        lay.addStretch(1)
        lay.addWidget(label(f"Version {__version__}", "muted"))
        self._latest: SaveInfo | None = None

    def set_latest(self, info: SaveInfo | None) -> None:
        self._latest = info
        self.continue_btn.setEnabled(info is not None)
        if info is None:
            self.continue_info.setText("No unfinished match to continue.")
        else:
            self.continue_info.setText(f"{info.title}: {' vs '.join(info.players)} · {info.turn}")

    def _continue(self) -> None:
        if self._latest is not None:
            self.continue_match.emit(self._latest.id)
