"""The table screen: the pygame table, the side panel, summaries and rematch."""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QMessageBox,
                               QPushButton, QVBoxLayout, QWidget)

from tabletop.core import Action
from tabletop.core.lesson import LessonError
from tabletop.core.match import Match
from tabletop.games.registry import lesson as lesson_of
from tabletop.shell.access import name
from tabletop.shell.controller import MatchController, seat_names
from tabletop.shell.lesson_bar import LessonBar
from tabletop.shell.presentations import presentation
from tabletop.shell.panel_fold import FOLD_BELOW, PanelToggle, panel_width
from tabletop.shell.side_panel import SidePanel
from tabletop.shell.table_widget import TableWidget
from tabletop.shell.warmer import FaceWarmer
from tabletop.shell.widgets import dispose
from tabletop.store.paths import cache_dir
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.lesson import LessonReferee
from tabletop.table.logfold import LogFold
from tabletop.table.scene import Scene
from tabletop.table.session import TableSession
from tabletop.table.sound import DEFEAT, VICTORY, YOUR_TURN, SoundBoard

log = logging.getLogger(__name__)

WARM_EVERY_S = 0.5     # how often new faces the view knows are handed to the warmer


def pace_of(settings) -> float:
    """Settings hold a speed (0 = off, 2 = twice as fast); animations want a duration factor."""
    speed = getattr(settings, "animation_speed", 1.0)
    return 0.0 if speed <= 0.05 else 1.0 / speed


class SummaryDialog(QDialog):
    """End of a hand or of the match."""

    def __init__(self, title: str, html: str, final: bool, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(560)
        lay = QVBoxLayout(self)
        head = QLabel(title)
        head.setObjectName("title")
        head.setStyleSheet("font-size: 26px;")
        lay.addWidget(head)
        body = QLabel(html)
        body.setTextFormat(Qt.RichText)
        body.setWordWrap(True)
        lay.addWidget(body)
        self.choice = "continue"
        buttons = QDialogButtonBox()
        if final:
            again = buttons.addButton("Rematch", QDialogButtonBox.AcceptRole)
            again.setProperty("primary", True)
            again.clicked.connect(lambda: self._done("rematch"))
            buttons.addButton("Home", QDialogButtonBox.RejectRole).clicked.connect(lambda: self._done("home"))
            buttons.addButton("Watch replay", QDialogButtonBox.RejectRole).clicked.connect(
                lambda: self._done("replay"))
            buttons.addButton("Look at the table", QDialogButtonBox.RejectRole).clicked.connect(
                lambda: self._done("stay"))
        else:
            ok = buttons.addButton("Continue", QDialogButtonBox.AcceptRole)
            ok.setProperty("primary", True)
            ok.clicked.connect(lambda: self._done("continue"))
        lay.addWidget(buttons)

    def _done(self, choice: str) -> None:
        self.choice = choice
        self.accept()


class TablePage(QWidget):
    home = Signal()
    rematch = Signal(object)
    watch = Signal(object)          # the match just finished, to watch again
    # False while the hotseat curtain is up (or no match is open): the Edit menu's Undo is
    # off then; otherwise it stays on, to say why a move cannot be taken back
    undo_allowed = Signal(bool)
    lesson_done = Signal(str)       # the game id of a lesson the player has just finished

    def __init__(self, store, settings) -> None:
        super().__init__()
        self.store = store
        self.settings = settings
        self.faces = FaceCache(cache_dir())
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.table = TableWidget()
        self.table.intents.connect(self._intents)
        self.table.shown.connect(self._prepare)
        name(self.table, "Game table", "Tab and the arrow keys move between the pieces; Enter "
             "plays; F6 goes to the list of your moves.")
        # F6: between the table and the moves list, the keyboard's way to every move
        QShortcut(QKeySequence("F6"), self, self._other_pane, context=Qt.WidgetWithChildrenShortcut)
        # a lesson's words stand above the table, never on it (shell/lesson_bar.py)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.lesson_bar = LessonBar()
        self.lesson_bar.finish.connect(self.finish_on_own)
        self.lesson_bar.term.connect(lambda term: self.window().show_rules(self.game_id(), term))
        self.lesson_bar.setVisible(False)
        column.addWidget(self.lesson_bar)
        column.addWidget(self.table, 1)
        lay.addLayout(column, 1)
        self.lesson = None                      # the lesson the open match follows, if any
        self._lesson_over = False
        self.fold = PanelToggle()
        self.fold.toggled_by_player.connect(self._fold_chosen)
        lay.addWidget(self.fold)
        self._folded_by_player: bool | None = None    # None: the window's width decides
        self.panel = SidePanel()
        self.panel.action_chosen.connect(self.perform)
        self.panel.undo.connect(self.undo)
        self.panel.hint.connect(self.ask_hint)
        self.panel.rules.connect(lambda: self.window().show_rules(self.game_id()))
        self.panel.rules_term.connect(lambda term: self.window().show_rules(self.game_id(), term))
        self.panel.home.connect(self.home.emit)
        lay.addWidget(self.panel)
        # a network match whose other player dropped: the host may give their seat to a bot
        self.replace_btn = QPushButton("", self.panel)
        self.replace_btn.hide()
        self.replace_btn.clicked.connect(self._replace_dropped)
        # hosting: the join code and the address, for as long as the table is open
        self.net_info = QLabel("", self.panel)
        self.net_info.setWordWrap(True)
        self.net_info.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.net_info.hide()
        at = self.panel.layout().indexOf(self.panel.prompt) + 1
        self.panel.layout().insertWidget(at, self.net_info)
        self.panel.layout().insertWidget(at + 1, self.replace_btn)
        self._undo_box: QMessageBox | None = None
        self.ctrl: MatchController | None = None
        self.presenter = None
        self.scene = None
        self.session: TableSession | None = None
        self.summary_open = False
        self.summary: SummaryDialog | None = None
        self._closed_summary: SummaryDialog | None = None
        self.zoom_target: str | None = None     # the sprite whose card the panel shows large
        self._zoom_shown: tuple | None = None
        self.suspended = False                  # another page is in front: bots wait
        self._auto_pass_held: int | str | None = None   # see _held
        self.auto_pass_due = False       # a pass for the player is about to be made
        self.warmer: FaceWarmer | None = None   # this match's faces, composed ahead of need
        self._warm_asked = 0.0
        self.sounds = SoundBoard(settings.volume, settings.muted)
        self._was_my_turn = False               # for "your turn": the move that made it so
        self._was_over = False                  # for victory or defeat: the move that ended it

    # --- the side panel's room --------------------------------------------------------------
    def resizeEvent(self, e) -> None:
        self._fit_panel(e.size().width())
        super().resizeEvent(e)

    def showEvent(self, e) -> None:
        self._fit_panel(self.width())        # a page resized while hidden is told only now
        super().showEvent(e)

    def _fit_panel(self, width: int) -> None:
        """Narrow the panel on a small window, fold it away on a smaller one (or as the
        player chose), so the table keeps the room."""
        self.panel.setFixedWidth(panel_width(width))
        folded = width < FOLD_BELOW if self._folded_by_player is None else self._folded_by_player
        self.panel.setVisible(not folded)
        self.fold.show_folded(folded)

    def _fold_chosen(self, folded: bool) -> None:
        self._folded_by_player = folded
        self._fit_panel(self.width())

    # --- opening and leaving --------------------------------------------------------------
    def open(self, match: Match, ctrl=None) -> None:
        """Open `match` at the table, driven by a MatchController, or by `ctrl` (a network
        match's controller, shell/net_play.py, made for it)."""
        self.leave()
        layout = Layout.load(match.game.info.id, len(match.seats))
        self.scene = Scene(virtual=layout.size, layout=layout, faces=self.faces)
        self.scene.pace = pace_of(self.settings)
        self.scene.on_refit = self._refit
        self.table.set_scene(self.scene)
        names = seat_names(match.seats, getattr(ctrl, "remote_seats", ()))
        self.presenter = presentation(match.game.info.id).make_presenter(
            self.scene, self.faces, self.settings, names)
        self.ctrl = ctrl or MatchController(match, self.store)
        self.ctrl.pace = pace_of(self.settings)
        self.ctrl.table_busy = lambda: self.scene.busy or self.summary_open or self.suspended
        self.ctrl.thumbnail = self._thumbnail
        self.ctrl.changed.connect(self._changed)
        self.ctrl.thinking.connect(lambda text: self.scene.set_thinking(text or None))
        self.ctrl.curtain.connect(self._curtain)
        self.ctrl.problem.connect(self._problem)
        self.ctrl.saved.connect(self._problem)
        self.ctrl.hinted.connect(self._hinted)
        if hasattr(self.ctrl, "undo_asked"):          # a network match: a move back needs consent
            self.ctrl.undo_asked.connect(self._undo_asked)
        if hasattr(self.ctrl, "dropped"):
            self.ctrl.dropped.connect(self._dropped)
        self._dropped("")
        hosting = getattr(self.ctrl, "hosting_text", None)
        # one line each: a code or an address never wraps in the middle
        lines = ["Hosting this match."] + [p[:1].upper() + p[1:] for p in hosting().split(" · ")] if hosting else []
        self.net_info.setText("\n".join(lines))
        self.net_info.setVisible(hosting is not None)
        self.ctrl.advised.connect(self._advised)
        self.session = TableSession(self.scene, self.presenter, self.ctrl, refresh=lambda: self._refresh([]),
                                    hint=self.ask_hint, zoom=self._zoom_on, advise=self.ask_advice)
        self._follow_lesson(match)
        self.panel.title.setText(f"{match.game.info.title}")
        self._auto_pass_held = None
        self._zoom_shown = ()               # force the clear: nothing of the last match stays
        self._zoom_on(None)
        self._rebuild_log("Match resumed." if match.log else "")
        self.faces.ui_misses.clear()          # the last match's misses were learned on leaving
        self.warmer = FaceWarmer(self.faces, match.game.info.id)
        self._warm_asked = 0.0
        self._refresh([])
        self.scene.set_curtain(self.ctrl.curtain_text() or None)
        self._was_over = match.result() is not None
        self.sounds.start()                     # the device opens now, not at the first move

    def _prepare(self) -> None:
        """Once the match's first frame shows, let the presenter draw ahead what a later screen
        of it shows (a room's table): the move that changes the screen then finds its pictures
        drawn. (Not sooner: the first frame sets the text floor's ratio, which empties memory.)"""
        if self.presenter is None or self.scene is None:
            return
        try:
            self.presenter.prepare(self.table.pixel_size(self.table.devicePixelRatioF()))
        except Exception:           # only an optimisation: the move draws what it needs
            log.exception("Drawing ahead failed.")

    def _follow_lesson(self, match: Match) -> None:
        """A lesson's match: the controller keeps to its script and the bar shows its words. A
        lesson this version cannot read (or has no more) leaves an ordinary match."""
        self.lesson, self._lesson_over = None, False
        if match.lesson:
            try:
                if match.lesson != match.game.info.id:      # a damaged save: another game's lesson
                    raise LessonError(f"it is {match.lesson}'s lesson, not {match.game.info.id}'s")
                self.lesson = lesson_of(match.lesson)
            except (LessonError, KeyError) as exc:
                log.warning("the lesson %s cannot be followed: %s", match.lesson, exc)
        if self.lesson is None:
            match.lesson = None                 # saved from now on as the ordinary match it is
        else:
            self.ctrl.follow(LessonReferee(self.lesson, match))
            self.ctrl.refused.connect(self.lesson_bar.show_refused)
        self.lesson_bar.setVisible(self.lesson is not None)

    def _show_lesson(self) -> None:
        """The bar and the spotlight for the step the match is on (the log's length)."""
        ctrl, lesson = self.ctrl, self.lesson
        if lesson is None:
            self.scene.set_spotlight(None)
            return
        moves = len(ctrl.match.log)
        before = lesson.said_before(moves)
        if lesson.done(moves):
            self.scene.set_spotlight(None)
            self.lesson_bar.show_done(before, ctrl.match.result() is not None)
            if not self._lesson_over:
                self._lesson_over = True
                self.lesson_done.emit(lesson.game)
            return
        if ctrl.referee is None:                # the player chose to finish on their own
            return
        step = lesson.step_at(moves)
        number, total = lesson.number_of(moves)
        if step.by_bot:
            bot = seat_names(ctrl.match.seats)[ctrl.match.to_act or 0]
            self.lesson_bar.show_step(number, total, step.say, before, waiting=bot)
            self.scene.set_spotlight(None)
        else:
            self.lesson_bar.show_step(number, total, step.say, before, step.terms)
            self.scene.set_spotlight(step.point)

    def finish_on_own(self) -> None:
        """Leave the lesson: the match plays on as an ordinary one against the easy bot."""
        if self.ctrl is None or self.lesson is None:
            return
        self.lesson = None
        self.lesson_bar.setVisible(False)
        self.scene.set_spotlight(None)
        self.ctrl.finish_on_own()
        self.panel.add_log("You left the lesson: the match goes on against the easy bot.", True)

    def leave(self) -> None:
        self._drop_summary()
        if self._undo_box is not None:
            dispose(self._undo_box)
            self._undo_box = None
        self.summary_open = False
        if self.warmer is not None:
            self.warmer.stop()
            self.warmer = None
        if self.ctrl is not None:
            if self.ctrl.match.log:
                self.ctrl.autosave()
            failed = self.ctrl.close()  # writes whatever is still owed, or says why not
            self.ctrl = None
            self.session = None
            self.lesson = None
            self.lesson_bar.setVisible(False)
            # the status line leaves with the table: the player must read this, unless the
            # window already says that nothing can be saved here (a read-only home)
            if failed and not getattr(self.window(), "cannot_write", ""):
                QMessageBox.warning(self.window(), "The match could not be saved", failed)
        self.undo_allowed.emit(False)

    def game_id(self) -> str | None:
        return self.ctrl.match.game.info.id if self.ctrl else None

    def apply_settings(self, settings) -> None:
        self.settings = settings
        self.sounds.set_level(settings.volume, settings.muted)
        if self.ctrl is not None:
            self.ctrl.pace = self.scene.pace = pace_of(settings)
            self.presenter.settings = settings
            self._refresh([])

    # --- the match moved on -----------------------------------------------------------------
    def _changed(self, events: list) -> None:
        if self._auto_pass_held != "undoing" and any(e.kind == "undo" for e in events):
            # taken back with the other computer's consent (not by this page's Undo)
            self._auto_pass_held = len(self.ctrl.match.log)
            self._rebuild_log("Move taken back.")
        self.presenter.viewer = self.ctrl.log_viewer
        self.log_fold.follow((self.panel.log_lines() or [""])[-1])
        replaces, lines = self.log_fold.lines([e for e in events if e.kind != "undo"])
        if replaces:                                # a draw folded into the last line
            self.panel.replace_last_log(*lines.pop(0))
        for text, important in lines:
            self.panel.add_log(text, important)     # an undo rebuilds the log instead
        was_my_turn = self._was_my_turn
        self._refresh(events)
        self._sound_after(events, was_my_turn)
        summary = self.presenter.summary(self.ctrl.view(), events) if events else None
        if summary:
            self._show_summary(*summary, final=self.ctrl.match.result() is not None)

    def _sound_after(self, events: list, was_my_turn: bool) -> None:
        """After the events' own sounds (queued with their animations): "your turn" when
        the move gave the turn to the player, victory or defeat when it ended the match."""
        result = self.ctrl.match.result()
        ended = result is not None and not self._was_over
        self._was_over = result is not None
        cue = None
        if ended and result.winners:           # a level match: neither
            humans = {i for i, seat in enumerate(self.ctrl.match.seats) if not seat.is_bot}
            cue = VICTORY if humans & set(result.winners) else DEFEAT
        elif (result is None and self.ctrl.my_turn() and not was_my_turn
              and not any(e.kind == "undo" for e in events)):
            cue = YOUR_TURN
        if cue is not None:
            self.scene.anim.then(lambda: self.sounds.play(cue))

    def _rebuild_log(self, note: str = "") -> None:
        """The log told again from the match's replayed events, as during play (logfold: a run
        of draws is one line, a waiting line is told once per wait)."""
        self.presenter.viewer = self.ctrl.log_viewer
        self.log_fold = LogFold(self.presenter.tell, self.presenter.important_kinds)
        _, lines = self.log_fold.lines(self.ctrl.history())
        if note:
            lines.append((note, True))
        self.panel.set_log(lines)

    def _refit(self) -> None:
        """The window's shape re-laid the table out: the pieces go to their new places at once."""
        if self.ctrl is None or self.presenter is None or getattr(self.presenter, "view", None) is None:
            return
        pace, self.scene.pace = self.scene.pace, 0
        try:
            self._refresh([])
        finally:
            self.scene.pace = pace

    def _refresh(self, events: list) -> None:
        ctrl = self.ctrl
        if ctrl is None:
            return
        view = ctrl.view()
        legal = ctrl.legal_for_viewer()
        self.presenter.hint = None
        self.presenter.sync(view, legal, ctrl.my_turn(), events)
        if events:
            self.presenter.animate(events, cue=self.sounds.play)
        names = seat_names(ctrl.match.seats, getattr(ctrl, "remote_seats", ()))
        if names != self.presenter.seat_names:     # a player on another computer gave their name
            self.presenter.seat_names[:] = names
        seats = []
        for i in range(len(ctrl.match.seats)):
            seats.append((self.presenter.seat_names[i], ctrl.seat_kind(i), self.presenter.seat_rows(view, i),
                          ctrl.match.to_act == i))
        self.panel.set_seats(seats)
        self.panel.set_moves(legal, self.presenter.menu_words)
        self._zoom_on(self.zoom_target)
        self.panel.set_prompt(self.presenter.prompt())
        self.table.setAccessibleDescription(self.presenter.prompt())
        self.panel.undo_btn.setEnabled(ctrl.can_undo())
        self.undo_allowed.emit(not ctrl.curtain_text())
        self.panel.hint_btn.setEnabled(ctrl.my_turn())
        self._show_lesson()
        self.panel.title.setText(f"{ctrl.match.game.info.title} · {ctrl.match.game.turn_label(ctrl.match.state)}")
        self._was_my_turn = ctrl.my_turn()
        self._warm()
        self._maybe_auto_pass(legal)
        self._maybe_follow_up(legal)

    def _warm(self) -> None:
        """Hand the faces the view knows to the warmer: at the start, then at most every half
        second (a draft or a choice of champions makes new cards known; listing them is about a
        millisecond, and a new pack's faces asked two seconds late were read by the moves)."""
        now = time.monotonic()
        if self.warmer is None or now - self._warm_asked < WARM_EVERY_S:
            return
        self._warm_asked = now
        try:
            self.warmer.ask(self.presenter.faces_to_warm())
        except Exception:          # only an optimisation: the table composes what it needs
            log.exception("Listing the faces to warm failed.")

    def _maybe_auto_pass(self, legal: list) -> None:
        """Pass for the player after a short pause where the game says a pass is all they would
        do (with nothing else to play, and in Trials on their own card unless in full control)."""
        if not legal or not getattr(self.settings, "auto_pass", False) or self._held():
            return
        if self.ctrl is not None and self.ctrl.in_lesson():
            return                      # a lesson teaches ending a turn too: the player ends it
        if self.ctrl is None or not self.ctrl.my_turn():
            return
        chosen = self.presenter.auto_pass(legal)
        if chosen is not None:
            (action, said), log_len = chosen, len(self.ctrl.match.log)
            self.scene.status = said
            touched = self.table.touched
            self.auto_pass_due = True

            def go():
                self.auto_pass_due = False
                ctrl = self.ctrl
                if ctrl is None or len(ctrl.match.log) != log_len or not ctrl.my_turn() or self._held():
                    return
                if self.table.touched != touched or self.scene.dragging is not None:
                    # the player took a card meanwhile (an answer to their own, say): theirs
                    # is the move, never a pass made under their hand
                    if self.scene.status == said:
                        self.scene.status = ""
                    return
                ctrl.try_action(action)

            QTimer.singleShot(int(900 * max(0.3, self.scene.pace)), go)

    def _maybe_follow_up(self, legal: list) -> None:
        """The next step of the player's gesture that takes several moves (presenter.follow_up),
        made after a pause the length of a short animation; never right after an undo."""
        if not legal or self.ctrl is None or not self.ctrl.my_turn() or self._held():
            return
        action = self.presenter.follow_up(legal)
        if action is None:
            return
        log_len = len(self.ctrl.match.log)

        def go():
            ctrl = self.ctrl
            if ctrl is not None and len(ctrl.match.log) == log_len and ctrl.my_turn() and not self._held():
                reason = ctrl.try_action(action)
                if reason and self.scene is not None:
                    self.scene.status = reason

        QTimer.singleShot(int(350 * self.scene.pace), go)

    def _held(self) -> bool:
        """After an undo the player decides again: no automatic pass until they have moved
        (it would play the very move they took back)."""
        held = self._auto_pass_held
        return held is not None and (held == "undoing" or held == len(self.ctrl.match.log))

    def _show_summary(self, title: str, html: str, final: bool) -> None:
        """Window-modal but not blocking: bots wait (summary_open) until it is closed."""
        self.summary_open = True
        self._drop_summary()             # the page owns one summary at a time
        dlg = SummaryDialog(title, html, final, self)
        self.summary = dlg
        dlg.finished.connect(lambda _r: self._summary_closed(dlg))
        dlg.open()

    def _drop_summary(self) -> None:
        """Delete the last summary (closed, or still open when the match is left)."""
        gone = (self.summary, self._closed_summary)
        self.summary = self._closed_summary = None
        for dlg in gone:
            dispose(dlg)

    def _summary_closed(self, dlg: "SummaryDialog") -> None:
        self.summary_open = False
        # kept until the next summary or leaving: it is still inside its own signal here
        self.summary = None
        self._closed_summary = dlg
        # a rematch or home leaves this match, which deletes the summary: only once the
        # dialog's own signal has returned
        if dlg.choice == "rematch" and self.ctrl:
            match = self.ctrl.match
            QTimer.singleShot(0, lambda: self.rematch.emit(match))
        elif dlg.choice == "home":
            QTimer.singleShot(0, self.home.emit)
        elif dlg.choice == "replay" and self.ctrl:
            match = self.ctrl.match
            QTimer.singleShot(0, lambda: self.watch.emit(match))

    def _curtain(self, text: str) -> None:
        self.scene.set_curtain(text or None)
        self._rebuild_log()            # told again for the eyes now at the table
        if text:
            self._zoom_on(None)        # the card the last player looked at is theirs
            self.scene.overlay_card(None)
        # the table and the panel follow the eyes now at the table: under the curtain nobody's
        # (no hand sprite, no move, no Undo or Hint), lifted the next player's
        self._refresh([])

    def _thumbnail(self) -> bytes | None:
        """The table for Saved games, which anyone may open: at a shared computer the table
        shows the hand of whoever is playing, so the thumbnail shows the curtain instead."""
        cover = self.ctrl.cover_text() if self.ctrl is not None and self.ctrl.hotseat else None
        return self.table.grab_png(cover=cover)

    def _problem(self, text: str) -> None:
        self.scene.status = text

    # --- a network match ----------------------------------------------------------------------
    def _dropped(self, name: str) -> None:
        """The other player dropped (the host's table): offer to give their seat to a bot."""
        self.replace_btn.setText(f"Replace {name} with a bot" if name else "")
        self.replace_btn.setVisible(bool(name))

    def _replace_dropped(self) -> None:
        if self.ctrl is not None and hasattr(self.ctrl, "replace_dropped"):
            self.ctrl.replace_dropped()
            self._refresh([])

    def _undo_asked(self, who: str) -> None:
        """The other computer asks to take back a move: a question that does not stop the table."""
        if self._undo_box is not None:
            dispose(self._undo_box)
        box = QMessageBox(QMessageBox.Question, "Take back a move?",
                          f"{who} asks to take back their last move. Do you agree?",
                          QMessageBox.Yes | QMessageBox.No, self)
        box.finished.connect(lambda _r, b=box: self._undo_answered(b))
        self._undo_box = box
        box.open()

    def _undo_answered(self, box: QMessageBox) -> None:
        yes = box.clickedButton() is box.button(QMessageBox.Yes)
        if self.ctrl is not None and hasattr(self.ctrl, "answer_undo"):
            self.ctrl.answer_undo(yes)
            if yes:
                self._rebuild_log("Move taken back.")

    # --- the player acts (table/session.py turns gestures into moves) -------------------------
    def perform(self, result) -> None:
        """A presenter's answer (a side-panel choice, a bench step): a move or a local change."""
        if self.session is not None:
            self.session.perform(result)

    def _intents(self, intents: list) -> None:
        if self.session is not None:
            self.session.handle(intents)

    def _zoom_on(self, target: str | None) -> None:
        """Show `target`'s card large in the panel, as it is now; clear the panel when there
        is none, or when the card has left the table (destroyed, shuffled away)."""
        z = None
        if target is not None and self.presenter is not None and self.scene.get(target) is not None:
            z = self.presenter.zoom(target)
        # beside the card on the table too, where the eye is (the scene waits a moment), unless
        # a menu or a pile is open over the table: the card would hide it
        if z is not None and not self.presenter.covered() and self.presenter.peeks(target):
            self.scene.peek(target, *z[:2])
        else:
            self.scene.peek(None)
        shown = None if z is None else (target, z[0], z[2])
        if shown == self._zoom_shown:
            return                      # unchanged: no new pixmap on every move
        self._zoom_shown = shown
        if z is None:
            self.zoom_target = None
            self.panel.set_zoom(None)
            return
        key, compose, caption = z
        self.zoom_target = target
        self.panel.set_zoom(self.faces.pil(key, compose), caption, self.presenter.glossary(target))

    # --- menu actions --------------------------------------------------------------------------
    def undo(self) -> None:
        if self.ctrl is None or self.ctrl.curtain_text():
            return                      # under the curtain only "I am ready" acts
        self._auto_pass_held = "undoing"          # the undo refreshes the table as it goes
        reason = self.ctrl.undo()
        if reason:
            self._auto_pass_held = None
            self.scene.status = reason
            self.panel.add_log(reason)
        else:
            self._auto_pass_held = len(self.ctrl.match.log)
            self._rebuild_log("Move taken back.")

    def save(self, announce: bool = False) -> None:
        if self.ctrl is not None:
            self.ctrl.autosave(announce)

    def _other_pane(self) -> None:
        """F6: the moves list from the table, the table from anywhere else on the page."""
        if self.table.hasFocus() and self.panel.moves.isEnabled():
            self.panel.moves.setFocus(Qt.ShortcutFocusReason)
            if self.panel.moves.currentRow() < 0 and self.panel.moves.count():
                self.panel.moves.setCurrentRow(0)
        else:
            self.table.setFocus(Qt.ShortcutFocusReason)

    def ask_hint(self) -> None:
        if self.ctrl is not None and self.ctrl.in_lesson() and self.ctrl.my_turn():
            # in a lesson the hint is the step's own move, never the bot's other idea
            wanted = self.ctrl.referee.step().expect.action()
            if wanted is not None:
                self._hinted(self.ctrl.match.check(wanted).action)
                return
        if self.ctrl is not None and not self.ctrl.curtain_text():
            reason = self.ctrl.request_hint()
            if reason:
                self.scene.status = reason

    def ask_advice(self) -> None:
        """The bots make the player's moves of this phase (a deck built), from the player's view."""
        if self.ctrl is not None and not self.ctrl.curtain_text():
            reason = self.ctrl.request_advice(self.presenter.advice_ends)
            if reason:
                self.scene.status = reason

    def _advised(self, said: str) -> None:
        self._refresh([])
        if said:
            self.scene.status = said

    def _hinted(self, action: Action) -> None:
        self.presenter.show_hint(action)
        self.scene.status = f"Hint: {self.presenter.menu_words(action.label)}"
        for row, a in enumerate(self.panel._actions):
            if a == action:
                self.panel.moves.setCurrentRow(row)
