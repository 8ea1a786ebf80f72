"""Play on from here: a new match from a replay's position, with the same hidden order or
with the unseen cards dealt anew (core/replay.py's branch)."""

from __future__ import annotations

import random

from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QRadioButton,
                               QVBoxLayout)

from tabletop.core.match import Match
from tabletop.core.replay import Replay
from tabletop.shell.controller import seat_names
from tabletop.shell.widgets import label


class BranchDialog(QDialog):
    def __init__(self, replay: Replay, position: int, seat: int, parent=None) -> None:
        super().__init__(parent)
        self.replay, self.position, self.seat = replay, position, seat
        match = replay.match
        names = seat_names(match.seats)
        who = "you" if names[seat].lower() == "you" else names[seat]
        self.setWindowTitle("Play on from here")
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        lay.addWidget(label("Play on from here", "title"))
        lay.addWidget(label(f"A new match starts at move {position} of {replay.length}, with the "
                            f"same players. It is saved as a match of its own; this one is "
                            f"left as it is.", "", wrap=True))
        self.same = QRadioButton("The same hidden order")
        self.anew = QRadioButton("The unseen cards dealt anew")
        self.same.setChecked(True)
        group = QButtonGroup(self)
        for b, words in ((self.same, "The cards still to come come as they came, until someone "
                                     "plays differently."),
                         (self.anew, f"What {who} could not see at this move (the other hands, "
                                     f"the order of the decks) is dealt again at random.")):
            group.addButton(b)
            lay.addWidget(b)
            lay.addWidget(label(words, "muted", wrap=True))
        over = replay.game.to_act(replay.state_at(position)) is None
        buttons = QDialogButtonBox()
        self.ok = buttons.addButton("Play on", QDialogButtonBox.AcceptRole)
        self.ok.setProperty("primary", True)
        self.ok.clicked.connect(self.accept)
        buttons.addButton("Cancel", QDialogButtonBox.RejectRole).clicked.connect(self.reject)
        if over:                       # nothing is left to play at the very end
            self.ok.setEnabled(False)
            lay.addWidget(label("The match is over at this move: step back to play on from "
                                "an earlier one.", "error", wrap=True))
        lay.addWidget(buttons)

    def branch(self) -> Match:
        m = self.replay.match
        names = seat_names(m.seats)
        title = f"{m.game.info.title}: {' vs '.join(names)}"
        if self.same.isChecked():
            return self.replay.branch(self.position, title)
        seed = random.SystemRandom().randrange(1 << 62)
        return self.replay.branch(self.position, title, self.seat, seed)
