"""The lesson's words above the table: what the last move did, what to do now, the glossary
terms the step brings in (links to the rules page), and "Finish on your own". It sits above
the table rather than on it, so it never covers what the spotlight points at."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout

from tabletop.shell.widgets import button, label


class LessonBar(QFrame):
    finish = Signal()          # the player leaves the lesson for an ordinary match
    term = Signal(str)         # a glossary term was clicked

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonBar")
        self.setStyleSheet("QFrame#lessonBar { background: #1c2238; border-bottom: 2px solid #f0c86e; }"
                           " QLabel { color: #ece6da; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(18, 10, 18, 10)
        words = QVBoxLayout()
        self.step = label("", "muted")
        self.before = QLabel()
        self.before.setObjectName("lessonBefore")
        self.before.setWordWrap(True)
        self.before.setStyleSheet("color: #9fd49a;")
        self.say = QLabel()
        self.say.setObjectName("lessonSay")
        self.say.setWordWrap(True)
        self.say.setStyleSheet("font-size: 16px;")
        self.refused = QLabel()
        self.refused.setObjectName("lessonRefused")
        self.refused.setWordWrap(True)
        self.refused.setStyleSheet("color: #f08c78;")
        self.terms = QLabel()
        self.terms.setObjectName("lessonTerms")
        self.terms.setTextFormat(Qt.RichText)
        self.terms.linkActivated.connect(self.term.emit)
        for w in (self.step, self.before, self.say, self.refused, self.terms):
            words.addWidget(w)
        lay.addLayout(words, 1)
        self.finish_btn = button("Finish on your own", False, self.finish.emit)
        self.finish_btn.setToolTip("Leave the lesson and play this match out against the easy bot.")
        lay.addWidget(self.finish_btn, 0, Qt.AlignTop)

    def show_step(self, number: int, total: int, say: str, before: str, terms=(),
                  waiting: str = "") -> None:
        """The learner's step `number` of `total`; `waiting`: the name of the bot whose
        scripted moves come first (its step's words, if any, are `say`)."""
        heading = f"Lesson · step {number} of {total}"
        if heading != self.step.text() or waiting:
            self._set(self.refused, "")              # a refusal stays until the step changes
        self.step.setText(heading)
        self._set(self.before, before)
        self._set(self.say, f"{waiting} is playing…" if waiting and not say else say)
        links = " · ".join(f"<a href='{escape(t)}' style='color:#f0c86e'>{escape(t)}</a>"
                           for t in terms)
        self._set(self.terms, f"New words: {links}" if links else "")
        self.finish_btn.setVisible(True)
        self._hold_height(number == 1)

    def _hold_height(self, anew: bool) -> None:
        """The bar grows with its words but never shrinks during a lesson: a shorter step does
        not pull the table up under the pointer (a click aimed before would land elsewhere)."""
        if anew:
            self.setMinimumHeight(0)
        self.layout().activate()
        self.setMinimumHeight(max(self.minimumHeight(), self.sizeHint().height()))

    def show_done(self, before: str, match_over: bool) -> None:
        self.step.setText("Lesson complete")
        self._set(self.before, before)
        self._set(self.say, "Well played! Start a New match from the home screen whenever you like."
                  if match_over else "Well played! Play this match out against the bot, or start "
                  "a New match from the home screen.")
        self._set(self.refused, "")
        self._set(self.terms, "")
        self.finish_btn.setVisible(False)

    def show_refused(self, text: str) -> None:
        self._set(self.refused, text)

    @staticmethod
    def _set(w: QLabel, text: str) -> None:
        w.setText(text)
        w.setVisible(bool(text))
