"""The main window: home, table and saved-games pages; menus and shortcuts."""

from __future__ import annotations

import logging

from PySide6.QtCore import QByteArray, QTimer
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QStackedWidget

from tabletop.core.match import Match
from tabletop.core.lesson import LessonError
from tabletop.games.registry import all_games, get_game, lesson, plugin
from tabletop.shell.home import HomePage
from tabletop.shell.match_history import SavesImport
from tabletop.shell.presentations import presentation
from tabletop.shell.replay_page import ReplayPage
from tabletop.shell.saves_page import SavesPage
from tabletop.shell.table_page import TablePage
from tabletop.shell.widgets import modal
from tabletop.store.paths import config_dir, saves_dir, unwritable, why_in_words
from tabletop.store.saves import SaveError, SaveStore
from tabletop.store.settings import load_settings, save_settings

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    def __init__(self, store: SaveStore | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Tabletop")
        self.setMinimumSize(1100, 700)
        self.settings = load_settings()
        self.cannot_write: str = ""        # the sentence shown when nothing can be saved
        self.store = store or SaveStore()
        try:
            from tabletop.resources import resource
            self.setWindowIcon(QIcon(str(resource("tabletop.art", "icon.png"))))
        except (OSError, FileNotFoundError):
            pass
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.home = HomePage()
        self.home.new_match.connect(self.new_match)
        self.home.rules.connect(self.show_rules)
        self.home.decks.connect(self.show_decks)
        self.home.learn.connect(self.learn)
        self.home.continue_match.connect(self.resume)
        self.home.saved_games.connect(self.show_saves)
        self.home.join_match.connect(self.join_match)
        self._joining = None               # a guest controller waiting for the host's first word
        self.home.statistics.connect(self.show_statistics)
        self.saves = SavesPage(self.store)
        self.saves.resume.connect(self.resume)
        self.saves.watch.connect(self.watch)
        self.saves.back.connect(self._saves_back)
        self.saves.deleting.connect(self._save_deleting)
        self._saves_from_match = False     # a page opened from a match: Back returns to it
        # the finished matches saved before the match history existed go into it once, after
        # the home screen's first frame (the player's own saves folder only: a window on
        # another folder, a screenshot's, must not mark the history as filled)
        self.importer = SavesImport(self.store.folder, self)
        if self._own_saves():
            self.home.first_painted.connect(self.importer.start)
        self.stats = None                  # the statistics page, made when first opened
        self.table = TablePage(self.store, self.settings)
        self.table.home.connect(self.show_home)
        self.table.rematch.connect(self._rematch)
        self.table.lesson_done.connect(self._lesson_done)
        self.table.watch.connect(self.watch_match)
        self.replay = ReplayPage(self.table.faces, self.settings)
        self.replay.closed.connect(self._replay_closed)
        self.replay.play_on.connect(self.play_on)
        self._replay_from_saves = False
        for page in (self.home, self.table, self.saves, self.replay):
            self.stack.addWidget(page)
        self._menus()
        # under the hotseat curtain Ctrl+Z does nothing, as the panel's Undo
        self.table.undo_allowed.connect(self.undo_act.setEnabled)
        self.undo_act.setEnabled(False)
        if self.settings.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.window_geometry.encode()))
        else:
            self.resize(1600, 940)
        self.show_home()
        problem = unwritable()
        if problem is not None:
            self._tell_cannot_write(*problem)

    # --- menus -------------------------------------------------------------------------
    def _act(self, menu, text, slot, shortcut=None) -> QAction:
        act = QAction(text, self)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self._act(game, "&New match…", lambda: self.new_match(None), "Ctrl+N")
        self._act(game, "&Continue", self._continue_latest)
        self._act(game, "Saved &games…", self.show_saves, "Ctrl+O")
        self._act(game, "S&tatistics", self.show_statistics, "Ctrl+T")
        self.save_act = self._act(game, "&Save", self.save_now, "Ctrl+S")
        game.addSeparator()
        self._act(game, "&Home", self.show_home, "Ctrl+H")
        self._act(game, "&Quit", self.close, "Ctrl+Q")
        edit = bar.addMenu("&Edit")
        self.undo_act = self._act(edit, "&Undo", self.undo, "Ctrl+Z")
        self._act(edit, "&Settings…", self.edit_settings, "Ctrl+,")
        view = bar.addMenu("&View")
        self._act(view, "&Fullscreen", self.toggle_fullscreen, "F11")
        helpm = bar.addMenu("&Help")
        self._act(helpm, "&Rules", lambda: self.show_rules(None), "F1")
        learn = helpm.addMenu("&Learn to play")
        self.learn_acts = {}
        for g in all_games():
            act = self._act(learn, g.info.title, lambda _=False, gid=g.info.id: self.learn(gid))
            if plugin(g.info.id).lesson is None:
                act.setEnabled(False)
                act.setText(f"{g.info.title} (lesson coming)")
            self.learn_acts[g.info.id] = act
        self._act(helpm, "&About Tabletop", self.show_about)

    # --- pages -----------------------------------------------------------------------
    def show_start(self) -> None:
        self.show_home()
        if self.settings.fullscreen:
            self.showFullScreen()
        else:
            self.show()

    def _own_saves(self) -> bool:
        try:
            return self.store.folder.resolve() == saves_dir().resolve()
        except OSError:
            return False

    def show_home(self) -> None:
        self.replay.leave()
        self._saves_from_match = False
        self.table.suspended = False
        self.table.leave()
        self._leave_stats()
        try:
            self.home.set_latest(self.store.latest_unfinished(get_game))
        except Exception as exc:   # a bad saves folder must not block the home screen
            log.warning("could not list saves: %s", exc)
            self.home.set_latest(None)
        self.home.set_lessons_done(self.settings.lessons_done)
        self.stack.setCurrentWidget(self.home)

    def _leave_for(self, page) -> None:
        """Going to Saved games or Statistics: from a match, the match waits behind the page
        (saved, its bots paused) and Back returns to it; a replay is closed."""
        here = self.stack.currentWidget()
        if here is self.replay:
            self.replay.leave()
        elif here is self.table and self.table.ctrl is not None:
            self.table.save()
            self.table.suspended = True
            self._saves_from_match = True
        elif here is not page and here not in (self.saves, self.stats):
            self._saves_from_match = False
            self.table.leave()
        if page is not self.stats:
            self._leave_stats()

    def show_saves(self) -> None:
        self._leave_for(self.saves)
        self.saves.refresh()
        self.stack.setCurrentWidget(self.saves)

    def show_statistics(self) -> None:
        if self.stats is None:         # imported and made now: the first frame needs none of it
            from tabletop.shell.stats_page import StatsPage
            self.stats = StatsPage(self.importer)
            self.stats.back.connect(self._saves_back)
            self.stack.addWidget(self.stats)
        self._leave_for(self.stats)
        self.stack.setCurrentWidget(self.stats)
        self.stats.refresh()

    def _leave_stats(self) -> None:
        """The statistics page closes its database while it is not shown."""
        if self.stats is not None:
            self.stats.leave()

    def _saves_back(self) -> None:
        self._leave_stats()
        if self._saves_from_match and self.table.ctrl is not None:
            self._saves_from_match = False
            self.table.suspended = False
            self.stack.setCurrentWidget(self.table)
            self.table.setFocus()
        else:
            self.show_home()

    def _save_deleting(self, save_id: str) -> None:
        # the match waiting behind the page is being deleted: close it first, so that nothing
        # of it is written after its file is gone, and Back goes home
        if self.table.ctrl is not None and self.table.ctrl.match.id == save_id:
            self.table.leave()
            self.table.suspended = False
            self._saves_from_match = False

    def new_match(self, game_id: str | None) -> None:
        # from a match, the dialog offers that game again; elsewhere the last game chosen
        game_id = game_id or (self.table.game_id() if self.stack.currentWidget() is self.table
                              else None)
        # the dialogs are imported when first opened: the home screen's first frame needs none
        from tabletop.shell.new_match import NewMatchDialog
        with modal(NewMatchDialog(game_id, self.settings.last_new_match, self)) as dlg:
            if not dlg.exec():
                return
            c = dlg.choice()
        self.settings.last_new_match = c["remember"]
        self._save_settings()
        match = Match(get_game(c["game"]), c["seats"], c["seed"], c["options"], c["casual"])
        if c.get("remote"):
            self.host_match(match, c["remote"])
        else:
            self.open_match(match)

    # --- network matches (shell/net_play.py) -------------------------------------------------------
    def host_match(self, match: Match, remote_seats: list[int]) -> None:
        """Open `match` at the table, hosting it for the players on other computers."""
        from tabletop.shell.net_play import HostedController
        try:
            ctrl = HostedController(match, self.store, remote_seats, relay=self.settings.relay)
        except OSError as exc:
            QMessageBox.warning(self, "This match cannot be hosted",
                                f"This computer cannot listen for other players ({why_in_words(exc)}).")
            return
        self._saves_from_match = False
        self.table.suspended = False
        self.table.open(match, ctrl)
        back = [r.name for r in ctrl.net_referee.remotes.values() if r.token]
        if back:          # hosted again from Saved games: the guests kept their way back in
            self.table.scene.status = (f"Hosting again. {ctrl.hosting_text()}: waiting for "
                                       f"{' and '.join(back)} to rejoin.")
        else:
            self.table.scene.status = f"Hosting. {ctrl.hosting_text()}: tell the other player both."
        self.stack.setCurrentWidget(self.table)
        self.table.setFocus()

    def join_match(self) -> None:
        from tabletop.shell.join_dialog import JoinDialog
        from tabletop.shell.net_play import GuestController
        with modal(JoinDialog("", self, relay=self.settings.relay)) as dlg:
            if not dlg.exec():
                return
            c = dlg.choice()
        self._drop_joining()
        ctrl = GuestController(c["address"], c["code"], c["name"], self.store, relay=c["relay"])
        self._joining = ctrl
        self.home.continue_info.setText(f"Joining the match at {c['address']}…")
        ctrl.ready.connect(lambda: self._joined(ctrl))
        ctrl.failed.connect(lambda text: self._join_failed(ctrl, text))

    def _joined(self, ctrl) -> None:
        if self._joining is not ctrl:
            return
        self._joining = None
        self._saves_from_match = False
        self.table.suspended = False
        self.table.open(ctrl.match, ctrl)
        self.stack.setCurrentWidget(self.table)
        self.table.setFocus()

    def _join_failed(self, ctrl, text: str) -> None:
        if self._joining is ctrl:
            self._drop_joining()
            self.home.set_latest(self.store.latest_unfinished(get_game))
            # once the controller's own signal has returned (it is being deleted)
            QTimer.singleShot(0, lambda: QMessageBox.warning(self, "Could not join the match", text))

    def _drop_joining(self) -> None:
        ctrl, self._joining = self._joining, None
        if ctrl is not None:
            ctrl.close()
            ctrl.deleteLater()

    def learn(self, game_id: str) -> None:
        """Start the game's lesson: a guided match on the real table (tabletop/core/lesson.py)."""
        from tabletop.table.lesson import lesson_match
        try:
            found = lesson(game_id)
        except LessonError as exc:     # a lesson's data is checked by make test; still, never die
            log.warning("the lesson of %s cannot be read: %s", game_id, exc)
            found = None
        if found is None:
            QMessageBox.information(self, "Lesson coming",
                                    f"{get_game(game_id).info.title} has no lesson yet. Its rules "
                                    "page (Help, Rules) explains the game meanwhile.")
            return
        self.open_match(lesson_match(get_game(game_id), found))

    def _lesson_done(self, game_id: str) -> None:
        if game_id not in self.settings.lessons_done:
            self.settings.lessons_done.append(game_id)
            self._save_settings()

    def _rematch(self, match: Match) -> None:
        import random
        if not isinstance(match, Match) or getattr(self.table.ctrl, "remote_seats", None):
            QMessageBox.information(self, "Rematch", "A rematch across computers is a new match: "
                                    "host it from New match, or join the host's.")
            self.show_home()
            return
        again = Match(match.game, match.seats, random.SystemRandom().randrange(1 << 62),
                      match.options, match.casual)
        self.open_match(again)

    def open_match(self, match: Match) -> None:
        self.replay.leave()
        self._saves_from_match = False
        self.table.suspended = False
        self.table.open(match)
        self.stack.setCurrentWidget(self.table)
        self.table.setFocus()

    def resume(self, save_id: str) -> None:
        try:
            match = self.store.load(save_id, games=get_game, allow_backup=True)
        except SaveError as exc:
            QMessageBox.warning(self, "This save cannot be opened",
                                f"{exc}\n\nThe file was left as it is.")
            return
        if match.recovered_from_backup:
            QMessageBox.information(self, "Recovered from the backup", match.recovered_from_backup)
        if match.hosted is not None and match.result() is None:
            from tabletop.net.referee import hosted_seats
            seats = hosted_seats(match)
            if seats:                  # hosted before: host it again, for the same guests
                self.host_match(match, seats)
                return
            log.warning("the hosting record of %s is damaged; it opens as a match at this computer", save_id)
        self.open_match(match)

    def watch(self, save_id: str) -> None:
        """Watch a save's replay, from Saved games. The save is read, never loaded for play:
        nothing of it is written (a match waiting behind the page stays as it was)."""
        try:
            match = self.store.read(save_id, games=get_game, allow_backup=True)
        except SaveError as exc:
            QMessageBox.warning(self, "This save cannot be watched",
                                f"{exc}\n\nThe file was left as it is.")
            return
        self._show_replay(match, from_saves=True)

    def watch_match(self, match: Match) -> None:
        """Watch the match just finished (from its summary): it is saved and left first."""
        self.table.leave()
        self._saves_from_match = False
        self._show_replay(match, from_saves=False)

    def _show_replay(self, match: Match, from_saves: bool) -> None:
        self._replay_from_saves = from_saves
        self.replay.settings = self.settings
        self.replay.open(match)
        self.stack.setCurrentWidget(self.replay)
        self.replay.table.setFocus()

    def play_on(self, match: Match) -> None:
        """A branch from a replay: saved at once as a match of its own (one dealt anew has no
        move yet, and would otherwise be lost if left before the first), then played."""
        try:
            self.store.save(match)
            failed = ""
        except SaveError as exc:     # the table tries again with the first move
            failed = str(exc)
        self.open_match(match)
        if failed:
            self.table.scene.status = failed

    def _replay_closed(self) -> None:
        if self._replay_from_saves:
            self.saves.refresh()
            self.stack.setCurrentWidget(self.saves)
        else:
            self.show_home()

    def _continue_latest(self) -> None:
        info = self.store.latest_unfinished(get_game)
        if info:
            self.resume(info.id)

    # --- actions ------------------------------------------------------------------------
    def save_now(self) -> None:
        if self.stack.currentWidget() is self.table:
            self.table.save(announce=True)

    def undo(self) -> None:
        if self.stack.currentWidget() is self.table:
            self.table.undo()

    def edit_settings(self) -> None:
        from tabletop.shell.settings_dialog import SettingsDialog
        with modal(SettingsDialog(self.settings, self, preview=self.table.sounds.preview)) as dlg:
            if not dlg.exec():
                return
            self.settings = dlg.result_settings()
        self._save_settings()
        self.table.apply_settings(self.settings)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.settings.fullscreen = self.isFullScreen()
        self._save_settings()

    def show_decks(self, game_id: str) -> None:
        from tabletop.shell.deck_builder import DeckBuilderDialog
        from tabletop.shell.decks import deck_spec
        spec = deck_spec(game_id)
        if spec is not None:
            with modal(DeckBuilderDialog(spec, self)) as dlg:
                dlg.exec()

    def show_about(self) -> None:
        from tabletop.shell.about import AboutDialog
        with modal(AboutDialog(self)) as dlg:
            dlg.exec()

    def show_rules(self, game_id: str | None, term: str | None = None) -> None:
        game_id = game_id or self.table.game_id() or "paargus"
        game = get_game(game_id)
        from tabletop.shell.rules_viewer import RulesViewer
        with modal(RulesViewer(game.info.title, presentation(game_id).rules_markdown(),
                               self)) as viewer:
            if term:
                viewer.show_term(term)
            self.rules_viewer = viewer          # tests look at it while it is open
            viewer.exec()
            self.rules_viewer = None

    def report_error(self, exc: BaseException, details: str) -> None:
        """An error no code caught (app.py's sys.excepthook, which has logged it). The match
        is kept, and the player is told in one dialog however many errors follow."""
        from tabletop.shell import crash
        if not crash.showing():    # a loop of errors would save on every turn of it
            try:
                self.table.save()  # saved after every move already: this is only to be sure
            except Exception:
                log.exception("could not save the match after an unexpected error")
        crash.report(details, self)

    def closeEvent(self, event) -> None:
        try:
            self.table.leave()
        except Exception:          # noqa: BLE001 - closing always closes
            log.exception("could not close the match")
        self._leave_stats()
        self.settings.window_geometry = bytes(self.saveGeometry().toBase64()).decode()
        self._save_settings()
        super().closeEvent(event)

    # --- settings on disk -------------------------------------------------------------------
    def _save_settings(self) -> bool:
        """Write the settings; a folder that cannot be written (read-only, full) costs the
        file, never the match or the window: the player is told once, and play goes on."""
        try:
            save_settings(self.settings)
        except (OSError, ValueError, RecursionError) as exc:
            log.warning("could not save the settings: %s", exc)
            try:
                folder = config_dir()
            except Exception:          # noqa: BLE001
                folder = "the settings folder"
            self._tell_cannot_write(folder, why_in_words(exc))
            return False
        return True

    def _tell_cannot_write(self, folder, why: str = "") -> None:
        """One line at the foot of the window, for as long as the window lives (said once)."""
        if self.cannot_write:
            return
        because = f" ({why})" if why else ""
        self.cannot_write = (f"Tabletop cannot write to {folder}{because}: your settings and "
                             "matches will not be saved.")
        log.warning("%s", self.cannot_write)
        label = QLabel(self.cannot_write)
        label.setObjectName("cannotWrite")
        label.setWordWrap(True)
        label.setStyleSheet("color: #f08c78; padding: 4px 48px;")     # in line with the pages
        bar = self.statusBar()
        bar.addWidget(label, 1)
        bar.setVisible(True)          # made while the window is shown: shown with it
        label.setVisible(True)
        self.cannot_write_label = label
