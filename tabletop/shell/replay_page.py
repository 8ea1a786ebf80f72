"""The replay viewer: a match watched again on the real table, read-only.

Positions come from core/replay.py (the save's seed and log stepped through the one door);
the table is the game's own presenter and scene, given a seat's view and no legal move, so a
click or a drag plays nothing (hovering still shows a card large). The log beside it shows the
lines of the moves made so far, told for the seat watched. Watching never writes: the match
was read (SaveStore.read), not loaded for play, and nothing here autosaves.

From any position "Play on from here" starts a new match there (branch_dialog.py).
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QTextBrowser, QVBoxLayout, QWidget

from tabletop.bots.review import human_seats, review_budget
from tabletop.core import Action
from tabletop.core.match import Match
from tabletop.core.replay import Replay
from tabletop.shell.controller import seat_names
from tabletop.shell.presentations import presentation
from tabletop.shell.review_dialog import ReviewDialog, kept_review
from tabletop.shell.side_panel import log_paragraph
from tabletop.shell.table_widget import TableWidget
from tabletop.shell.timeline import Timeline
from tabletop.shell.widgets import button, label, modal, panel
from tabletop.table import intents as it
from tabletop.table.layout import Layout
from tabletop.table.logfold import LogFold
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene

log = logging.getLogger(__name__)

REVEALED = -1                  # the seat chooser's entry for "everything revealed"


def watched_names(seats) -> list[str]:
    """The seats' names on a watched table: a seat called "You" is "Player N" there (the
    table would say "You's turn"; nobody plays a replay), as at a shared computer."""
    return [f"Player {i + 1}" if name.lower() == "you" else name
            for i, name in enumerate(seat_names(seats))]


class ReplayPage(QWidget):
    closed = Signal()
    play_on = Signal(object)   # a new Match, branched at the position shown

    def __init__(self, faces, settings) -> None:
        super().__init__()
        self.faces = faces
        self.settings = settings
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        self.table = TableWidget()
        self.table.intents.connect(self._intents)
        left.addWidget(self.table, 1)
        self.timeline = Timeline()
        self.timeline.seek.connect(self.go)
        left.addWidget(self.timeline)
        outer.addLayout(left, 1)
        side, lay = panel("sidePanel")
        side.setFixedWidth(340)
        self.title = label("", "heading", wrap=True)
        lay.addWidget(self.title)
        lay.addWidget(label("Watch from", "muted"))
        self.seat_box = QComboBox()
        self.seat_box.setFocusPolicy(Qt.NoFocus)
        self.seat_box.activated.connect(lambda _i: self._seat_chosen())
        lay.addWidget(self.seat_box)
        self.note = label("", "muted", wrap=True)
        lay.addWidget(self.note)
        self.log_view = QTextBrowser()
        self.log_view.setFocusPolicy(Qt.NoFocus)
        self.log_view.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.log_view.document().setDocumentMargin(6)
        lay.addWidget(self.log_view, 1)
        self.review_btn = button("Turning points…", False, self._review,
                                 "The hard bot rates each of the players' decisions; the biggest "
                                 "swings are marked on the timeline")
        self.review_btn.setFocusPolicy(Qt.NoFocus)
        lay.addWidget(self.review_btn)
        self.play_on_btn = button("Play on from here…", True, self._play_on,
                                  "Start a new match from this position")
        self.play_on_btn.setFocusPolicy(Qt.NoFocus)
        lay.addWidget(self.play_on_btn)
        self.close_btn = button("Close the replay", False, self.leave_and_close)
        self.close_btn.setFocusPolicy(Qt.NoFocus)
        lay.addWidget(self.close_btn)
        outer.addWidget(side)
        # the timeline's keys, wherever the focus is on the page (the table takes no others)
        self._keys = {Qt.Key_Left: lambda: self.timeline.step(-1),
                      Qt.Key_Right: lambda: self.timeline.step(1),
                      Qt.Key_Space: self.timeline.toggle,
                      Qt.Key_Home: lambda: self.go(0),
                      Qt.Key_End: lambda: self.go(self.replay.length if self.replay else 0)}
        self.table.installEventFilter(self)
        self.replay: Replay | None = None
        self.scene = None
        self.presenter = None
        self.position = 0
        self.seat: int | None = 0          # the seat watched (REVEALED: everything)
        self.side = 0                      # the seat drawn at the bottom when revealed
        # each line of the log: (text, important, shown from move, until move)
        self._lines: list[tuple[str, bool, int, int]] = []
        self._shown: list[int] = []              # the lines the log shows now
        self.match: Match | None = None
        # the review's marks: position (the moment of the decision) -> (seat, the bot's move, words)
        self.verdicts: dict[int, tuple[int, object, str]] = {}

    def eventFilter(self, obj, event) -> bool:
        if obj is self.table and event.type() == QEvent.KeyPress:
            self.keyPressEvent(event)
            return True                  # a replay's table takes no key of its own
        return super().eventFilter(obj, event)

    def keyPressEvent(self, e) -> None:
        act = self._keys.get(e.key()) if not e.modifiers() & ~Qt.KeypadModifier else None
        if act is not None:
            act()
        else:
            super().keyPressEvent(e)

    # --- opening ------------------------------------------------------------------------
    def open(self, match: Match) -> None:
        """Watch `match` (read from its save, or the one just finished), from its start."""
        self.replay = Replay(match)
        self.match = match
        self.verdicts = {}
        game = match.game
        layout = Layout.load(game.info.id, len(match.seats))
        self.scene = Scene(virtual=layout.size, layout=layout, faces=self.faces)
        self.scene.pace = 0
        self.scene.on_refit = self._refit
        self.table.set_scene(self.scene)
        names = watched_names(match.seats)
        self.presenter = presentation(game.info.id).make_presenter(
            self.scene, self.faces, self.settings, names)
        self.title.setText(f"Replay · {game.info.title}\n{' vs '.join(names)}")
        self.seat_box.clear()
        for i, name in enumerate(names):
            self.seat_box.addItem(name, i)
        if self.replay.finished:           # while a match runs, its secrets stay secret
            self.seat_box.addItem("Everything revealed", REVEALED)
        humans = [i for i, s in enumerate(match.seats) if not s.is_bot]
        self.seat = self.side = humans[0] if humans else 0
        self.seat_box.setCurrentIndex(self.seat)
        self.note.setText("" if self.replay.finished else
                          "This match is not over: you can watch one seat's view at a time.")
        self.timeline.set_length(self.replay.length, self.replay.turn_starts())
        self._mark_kept_review()
        self._build_log()
        self.position = -1
        self.go(0)
        self.table.setFocus()

    def leave(self) -> None:
        self.timeline.pause()
        self.replay = None

    def leave_and_close(self) -> None:
        self.leave()
        self.closed.emit()

    # --- where we are ---------------------------------------------------------------------
    def view_now(self):
        """What the table shows now: the watched seat's view, or everything face up."""
        state = self.replay.state_at(self.position)
        game = self.replay.game
        if self.seat == REVEALED:
            return game.reveal(state, self.side)
        return game.view(state, self.seat)

    def go(self, position: int) -> None:
        """Show the position after `position` moves. One move forward is animated (at the
        timeline's speed); any other jump puts the pieces straight in their places."""
        if self.replay is None:
            return
        position = max(0, min(position, self.replay.length))
        step = position == self.position + 1
        events = [self._told(e) for e in self.replay.events[position - 1]] if step else []
        self.position = position
        view = self.view_now()
        self.scene.pace = self._pace() if step else 0
        self.presenter.viewer = None if self.seat == REVEALED else self.seat
        self.presenter.note = ""
        self.presenter.sync(view, [], False, events)      # nobody's turn: nothing to play
        if events:
            self.presenter.animate(events)
        else:
            self.scene.peek(None)
        self.timeline.show_position(position, self.replay.turns[position])
        self._show_verdict()
        self._show_log()

    def _refit(self) -> None:
        """The window's shape re-laid the table out: the pieces go to their new places at once."""
        if self.replay is None or self.presenter.view is None:
            return
        pace, self.scene.pace = self.scene.pace, 0
        try:
            self.presenter.sync(self.view_now(), [], False, [])
        finally:
            self.scene.pace = pace

    def _pace(self) -> float:
        speed = getattr(self.settings, "animation_speed", 1.0)
        if speed <= 0.05:
            return 0.0
        return 1.0 / (speed * self.timeline.speed_factor())

    def _told(self, event):
        """An event as the watcher may read it: everything when revealed."""
        return event if self.seat == REVEALED else event.for_seat(self.seat)

    # --- the seat watched ------------------------------------------------------------------
    def _seat_chosen(self) -> None:
        self.choose_seat(self.seat_box.currentData())

    def choose_seat(self, seat: int) -> None:
        """Watch from `seat` (REVEALED: everything face up, from the last seat's side)."""
        if self.replay is None:
            return
        if seat == REVEALED and not self.replay.finished:
            seat = self.side
        if seat != REVEALED:
            self.side = seat
        self.seat = seat
        self.seat_box.setCurrentIndex(self.seat_box.findData(seat))
        self.scene.peek(None)
        self.scene.overlay_card(None)
        self._build_log()
        position, self.position = self.position, -1
        self.go(position)

    # --- the log ---------------------------------------------------------------------------
    def _build_log(self) -> None:
        """Every line of the match as the watcher may read it, each shown while the position is
        past its move (a run of draws folds into one line, as during play: the line it
        replaces is shown until then)."""
        presenter = self.presenter
        presenter.viewer = None if self.seat == REVEALED else self.seat
        fold = LogFold(presenter.tell, presenter.important_kinds)
        self._lines, self._shown = [], []
        end = self.replay.length + 1
        for i, events in enumerate(self.replay.events):
            replaces, lines = fold.lines([self._told(e) for e in events])
            if replaces and self._lines:
                text, important, start, _until = self._lines[-1]
                self._lines[-1] = (text, important, start, i + 1)
            self._lines += [(text, important, i + 1, end) for text, important in lines]

    def _show_log(self) -> None:
        """The lines of the moves made by the position shown, the latest at the foot. A step
        adds or takes away a few lines; only a jump (or a fold) writes the log again (a whole
        write of 900 lines takes 20 ms, measured in docs/notes/replay.md)."""
        shown = [n for n, (_t, _i, start, until) in enumerate(self._lines)
                 if start <= self.position < until]
        old, k = self._shown, min(len(self._shown), len(shown))
        if old and shown and old[:k] == shown[:k] and k in (len(old), len(shown)):
            if len(shown) > len(old):
                for n in shown[k:]:
                    self.log_view.append(log_paragraph(*self._lines[n][:2]))
            elif len(shown) < len(old):
                cursor = QTextCursor(self.log_view.document())
                cursor.movePosition(QTextCursor.End)
                cursor.movePosition(QTextCursor.PreviousBlock, QTextCursor.KeepAnchor, len(old) - k)
                cursor.movePosition(QTextCursor.EndOfBlock, QTextCursor.KeepAnchor)
                cursor.removeSelectedText()
        else:
            self.log_view.setHtml("".join(log_paragraph(*self._lines[n][:2]) for n in shown))
        self._shown = shown
        self.log_view.moveCursor(QTextCursor.End)
        bar = self.log_view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def log_lines(self) -> list[str]:
        """The lines shown now (what a player reads)."""
        return [text for text, _i, start, until in self._lines if start <= self.position < until]

    # --- the table: look, never play -----------------------------------------------------------
    def _intents(self, intents: list) -> None:
        for i in intents:
            if isinstance(i, it.Hover):
                z = self.presenter.zoom(i.target) if i.target is not None else None
                self.scene.peek(i.target if z is not None else None, *(z[:2] if z else ()))
            elif isinstance(i, it.RightClick):
                z = self.presenter.zoom(i.target)
                self.scene.overlay_card(z[0] if z else None, z[1] if z else None)
            elif isinstance(i, it.Drop):
                self.scene.cancel_drag(i.sprite_id)
                self.scene.status = "This is a replay: use Play on from here to make a move."
            elif isinstance(i, (it.Click, it.ButtonPress, it.KeyPress)):
                self._look(i)

    def _look(self, intent) -> None:
        """Clicks, buttons and keys that only change what the table shows (a pile looked
        through, and closed again) work in a replay; a move they would make does not."""
        p = self.presenter
        if isinstance(intent, it.Click):
            got = p.click(intent.target)
        elif isinstance(intent, it.ButtonPress):
            got = p.button(intent.button_id)
        else:
            got = p.key(intent.name)
        if got == LOCAL:
            p.sync(self.view_now(), [], False, [])

    # --- turning points ------------------------------------------------------------------------
    def _review(self) -> None:
        """Run (or show the kept) review of this match, then mark it on the timeline."""
        if self.match is None:
            return
        self.timeline.pause()
        with modal(ReviewDialog(self, self.match, self.match.save_path)) as dlg:
            self.review_dialog = dlg          # tests look at it while it is open
            dlg.exec()
            self.review_dialog = None
            doc = dlg.doc
        if doc is not None and self.replay is not None:
            self.mark_review(doc)

    def _mark_kept_review(self) -> None:
        seats = human_seats(self.match)
        doc = None
        if seats:
            try:
                doc, _problem = kept_review(self.match, self.match.save_path, seats,
                                            review_budget(self.match.game))
            except Exception as exc:   # a kept review is a convenience: never block watching
                log.warning("could not read the kept review: %s", exc)
        self.mark_review(doc or {"decisions": [], "turning_points": [], "disagreements": []})

    def mark_review(self, doc: dict) -> None:
        """The turning points and the bot's strongest disagreements as timeline marks, each at
        the moment of the decision (the position before the move), where the table shows the
        bot's move as a hint."""
        names = watched_names(self.match.seats)
        by_move = {d["move"]: d for d in doc["decisions"]}
        marks, self.verdicts = [], {}
        for kind, moves in (("swing", doc["turning_points"]), ("info", doc["disagreements"])):
            for move in moves:
                d = by_move.get(move)
                if d is None or move - 1 in self.verdicts:
                    continue
                who = names[d["seat"]] if 0 <= d["seat"] < len(names) else f"Player {d['seat'] + 1}"
                lead = "Turning point" if kind == "swing" else "The bot disagreed"
                words = (f"{lead}: {who} played {d['chosen']['label']}; the bot's move: "
                         f"{d['bot']['label']} ({round(d['swing'] * 100)} points of value)")
                bot = Action.from_json(d["bot"]["action"])
                said = (f"{lead}, {round(d['swing'] * 100)} points: the bot's move is "
                        f"{d['bot']['label']}")        # the table's status line is one short line
                self.verdicts[move - 1] = (d["seat"], Action(bot.kind, bot.args, d["bot"]["label"]), said)
                marks.append((move - 1, words, kind))
        self.timeline.set_marks(marks)
        if self.replay is not None and self.presenter is not None and self.presenter.view is not None:
            self._show_verdict()

    def _show_verdict(self) -> None:
        """At a marked decision, the bot's move glows on the table and the status says why."""
        verdict = self.verdicts.get(self.position)
        seen = verdict is not None and self.seat in (verdict[0], REVEALED)
        self.presenter.show_hint(verdict[1] if seen else None)
        if seen:
            self.scene.status = verdict[2]
        elif self.scene.status in {v[2] for v in self.verdicts.values()}:
            self.scene.status = ""           # the words of a mark left behind

    # --- playing on ----------------------------------------------------------------------------
    def _play_on(self) -> None:
        from tabletop.shell.branch_dialog import BranchDialog
        if self.replay is None:
            return
        self.timeline.pause()
        with modal(BranchDialog(self.replay, self.position, self.side, self)) as dlg:
            self.branch_dialog = dlg          # tests look at it while it is open
            chosen = dlg.exec()
            self.branch_dialog = None
            if not chosen:
                return
            match = dlg.branch()
        self.leave()
        self.play_on.emit(match)
