"""The app as a player meets it, for the journeys: the real QApplication, MainWindow, modal
dialogs run by their own `exec` and answered by clicking their buttons from a timer, the
real table widget fed mouse and key events, the real bot worker. Nothing here replaces a
dialog, its `exec`, the controller or the worker: the harness only reads the app's state to
decide where to click, as a player reads the screen.

Used in-process by the journeys (with pytest-qt's `qapp`) and in a fresh process by
`journey_resume.py`, which plays on from Continue after the first process closed the app."""

from __future__ import annotations

import json
import random
import time
from contextlib import contextmanager
from typing import Callable

import shiboken6

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog, QLineEdit,
                               QPushButton, QWidget)

from tabletop.table import intents as it

STEP_MS = 5


class Stuck(AssertionError):
    """The app did not reach what the journey waited for."""


def settle(ms: int = STEP_MS) -> None:
    QTest.qWait(ms)


def wait_until(cond: Callable[[], object], timeout: float = 15.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise Stuck(f"waited {timeout:.0f} s for {what or cond}")
        settle()


def text_of(button: QAbstractButton) -> str:
    return button.text().replace("&", "").strip()


def click(widget: QWidget, pos: QPoint | None = None) -> None:
    """A left click, as the mouse makes it (a button takes the press and the release)."""
    QTest.mouseClick(widget, Qt.LeftButton, Qt.NoModifier, pos if pos is not None else QPoint())


def button_in(parent: QWidget, text: str) -> QAbstractButton:
    found = [b for b in parent.findChildren(QAbstractButton)
             if text_of(b) == text and b.isVisible()]
    if not found:
        shown = sorted({text_of(b) for b in parent.findChildren(QAbstractButton) if b.isVisible()})
        raise Stuck(f"no button {text!r} in {type(parent).__name__}: {shown}")
    return found[0]


def choose(combo: QComboBox, data) -> None:
    """Pick an entry of a combo box with the keyboard, as a player tabbing through a form."""
    target = combo.findData(data)
    assert target >= 0, f"{data!r} is not offered: {[combo.itemData(i) for i in range(combo.count())]}"
    combo.setFocus()
    for _ in range(combo.count() + 1):
        if combo.currentIndex() == target:
            return
        QTest.keyClick(combo, Qt.Key_Down if combo.currentIndex() < target else Qt.Key_Up)
    raise Stuck(f"the combo box did not reach {data!r}")


def type_into(edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    QTest.keyClick(edit, Qt.Key_A, Qt.ControlModifier)
    QTest.keyClicks(edit, text)


def _widget_point(scene, sx: float, sy: float) -> QPoint:
    """A point of the scene's window pixels in the widget's (logical) pixels."""
    return QPoint(round(sx / scene.ratio), round(sy / scene.ratio))


def visible_point(scene, target: str, dropping: str | None = None) -> QPoint:
    """Where on the widget a press lands on `target` (a sprite, or a zone): a point of the
    sprite that no other piece covers, as a person aims at what they see. In the widget's
    logical pixels: the scene's are the screen's (`scene.ratio` of them to one)."""
    sprite = scene.get(target)
    vp = scene.viewport
    if sprite is None:
        zone = scene.zone(target)
        if zone is None:
            shown = sorted(s.id for s in scene.sprites() if s.visible)
            raise Stuck(f"{target} is neither on the table nor a zone of it: {shown}")
        x, y, w, h = zone.rect
        cells = [(x + w * (i + .5) / 6, y + h * (j + .5) / 6) for j in range(6) for i in range(6)]
        for vx, vy in [(x + w / 2, y + h / 2)] + cells:
            if scene.sprite_at(vx, vy, exclude=dropping) is None:
                sx, sy = vp.to_screen(vx, vy)
                return _widget_point(scene, sx, sy)
        sx, sy = vp.to_screen(x + w / 2, y + h / 2)
        return _widget_point(scene, sx, sy)
    if not sprite.visible:
        raise Stuck(f"{target} is hidden")
    r = sprite.screen_rect(vp)
    for fy in (.5, .3, .7, .15, .85):
        for fx in (.5, .3, .7, .15, .85, .05, .95):
            sx, sy = r.x + r.w * fx, r.y + r.h * fy
            vx, vy = vp.to_virtual(sx, sy)
            among = scene._droppable if dropping else None
            top = scene.sprite_at(vx, vy, exclude=dropping, among=among)
            if top is not None and top.id == target:
                return _widget_point(scene, sx, sy)
    if dropping is not None:
        # a pile full of cards: a person drops on a card lying in it, which counts as the pile
        # (Presenter.drop_on passes a drop on a card with no meaning of its own to its place)
        return _widget_point(scene, r.centerx, r.centery)
    raise Stuck(f"{target} is covered everywhere on the table")


@contextmanager
def answering(kind: type, answer: Callable[[QDialog], None], timeout: float = 20.0):
    """Answer the modal dialog of `kind` that the code in the block opens (run by its own
    `exec`, a QMessageBox's static function included) from a timer, as a person answers what
    appears on the screen: `answer(dlg)` reads it and clicks one of its buttons. The timer is
    set before the block runs, since `exec` only returns once the dialog is answered. After
    the block, a failure inside `answer` is raised, and a dialog that never appeared fails.

        with answering(QMessageBox, lambda box: click(button_in(box, "OK"))):
            win.resume(save_id)
    """
    state: dict = {"answered": False, "error": None, "done": False}
    end = time.monotonic() + timeout

    def look():
        if state["done"]:
            return
        dlg = QApplication.activeModalWidget()
        if isinstance(dlg, kind) and dlg.isVisible():
            state["answered"] = True
            try:
                answer(dlg)
            except BaseException as exc:      # noqa: BLE001 - raised again after the block
                state["error"] = exc
            if dlg.isVisible() and state["error"] is not None:
                dlg.reject()                  # or its exec would never return
            else:
                closes_by = time.monotonic() + 10.0

                def closed():                 # an answer that left it open would hang the test
                    if state["done"] or not shiboken6.isValid(dlg) or not dlg.isVisible():
                        return
                    if time.monotonic() > closes_by:
                        state["error"] = AssertionError(f"the answer left the {kind.__name__} open")
                        dlg.reject()
                        return
                    QTimer.singleShot(20, closed)
                QTimer.singleShot(20, closed)
            return
        if time.monotonic() > end:
            state["error"] = AssertionError(f"no {kind.__name__} appeared in {timeout:.0f} s "
                                            f"(the modal widget: {type(dlg).__name__})")
            if isinstance(dlg, QDialog):
                dlg.reject()
            return
        QTimer.singleShot(20, look)

    QTimer.singleShot(20, look)
    try:
        yield state
    finally:
        state["done"] = True
    if state["error"] is not None:
        raise state["error"]
    assert state["answered"], f"no {kind.__name__} was opened"


class Player:
    """One person at the app: a main window, and the hands to use it."""

    def __init__(self, size: tuple[int, int] = (1600, 940)) -> None:
        from tabletop.shell.main_window import MainWindow
        from tabletop.shell.theme import apply_theme
        self.app = QApplication.instance() or QApplication([])
        apply_theme(self.app)
        self.win = MainWindow()
        self.win.resize(*size)
        self.win.show_start()
        QTest.qWaitForWindowExposed(self.win)
        self.rng = random.Random(7)

    # --- the window's pages ---------------------------------------------------------------------
    @property
    def page(self):
        return self.win.table

    @property
    def ctrl(self):
        return self.win.table.ctrl

    @property
    def scene(self):
        return self.win.table.scene

    def on_table(self) -> bool:
        return self.win.stack.currentWidget() is self.win.table and self.ctrl is not None

    def close(self) -> None:
        """The window's close box: the app saves and ends its match and its bot."""
        self.win.close()
        settle(20)

    # --- modal dialogs --------------------------------------------------------------------------
    def press(self, dlg: QWidget, text: str) -> None:
        click(button_in(dlg, text))

    def menu(self, *path: str) -> None:
        """A menu action by its visible words (Game → Save), triggered as a click on it does."""
        from PySide6.QtGui import QAction
        words = [p.replace("&", "") for p in path]
        for act in self.win.findChildren(QAction):
            if act.text().replace("&", "") == words[-1]:
                act.trigger()
                return
        raise Stuck(f"no menu entry {' → '.join(path)}")

    def shortcut(self, key, modifier=Qt.NoModifier) -> None:
        """A key pressed in the window (a menu's shortcut: the window must be the active one)."""
        self.win.activateWindow()
        QTest.qWaitForWindowActive(self.win)
        QTest.keyClick(self.win.focusWidget() or self.win, key, modifier)

    # --- home ------------------------------------------------------------------------------------
    def tile_button(self, game_id: str, text: str) -> QPushButton:
        tile = next((t for t in self.win.home.tiles if t.game_id == game_id), None)
        if tile is None:
            raise Stuck(f"no tile for {game_id}")
        b = button_in(tile, text)
        self.win.home.scroll.ensureWidgetVisible(b)      # scrolled to, as a player would
        return b

    def new_match(self, game_id: str, setup: Callable[[QDialog], None] | None = None) -> None:
        """Home → the game's New match → (the seats and options `setup` sets) → Start."""
        from tabletop.shell.new_match import NewMatchDialog

        def answer(dlg):
            assert dlg.game.currentData() == game_id
            if setup is not None:
                setup(dlg)
            self.press(dlg, "Start")

        with answering(NewMatchDialog, answer):
            click(self.tile_button(game_id, "New match"))
        wait_until(self.on_table, what="the table")
        self.settle_table()

    def set_animations_off(self) -> None:
        """Edit → Settings…: animations off, so a journey spends no time watching them."""
        from tabletop.shell.settings_dialog import SettingsDialog

        def answer(dlg):
            dlg.speed.setFocus()
            QTest.keyClick(dlg.speed, Qt.Key_Home)
            assert dlg.speed.value() == 0
            self.press(dlg, "OK")

        with answering(SettingsDialog, answer):
            self.menu("&Edit", "&Settings…")
        assert self.win.settings.animation_speed == 0

    # --- the table -------------------------------------------------------------------------------
    def settle_table(self) -> None:
        """Until the table knows its size on screen and nothing moves (after a turn of the event
        loop: a widget shown or hidden above the table resizes it only then)."""
        settle(20)
        table = self.page.table
        wait_until(lambda: self.scene.viewport.window == table.pixel_size(table.ratio),
                   what="the table's size")
        wait_until(lambda: not self.scene.busy, what="the animations")

    def point(self, target: str, dropping: str | None = None) -> QPoint:
        return visible_point(self.scene, target, dropping)

    def do(self, intent) -> None:
        """One gesture on the table widget, with the mouse or the keyboard."""
        w = self.page.table
        if isinstance(intent, (it.Click, it.ButtonPress)):
            target = intent.target if isinstance(intent, it.Click) else intent.button_id
            p = self.point(target)
            QTest.mouseMove(w, p)
            click(w, p)
        elif isinstance(intent, it.RightClick):
            p = self.point(intent.target)
            QTest.mouseMove(w, p)
            QTest.mouseClick(w, Qt.RightButton, Qt.NoModifier, p)
        elif isinstance(intent, it.Drop):
            start = self.point(intent.sprite_id)
            QTest.mousePress(w, Qt.LeftButton, Qt.NoModifier, start)
            for dx in (4, 10, 18):                     # past the drag threshold: the pick-up
                QTest.mouseMove(w, start + QPoint(dx, dx))
            assert self.scene.dragging == intent.sprite_id, f"{intent.sprite_id} was not picked up"
            end = self.point(intent.target, dropping=intent.sprite_id)
            QTest.mouseMove(w, (start + end) / 2)
            QTest.mouseMove(w, end)
            QTest.mouseRelease(w, Qt.LeftButton, Qt.NoModifier, end)
        elif isinstance(intent, it.KeyPress):
            keys = {"space": Qt.Key_Space, "enter": Qt.Key_Return, "escape": Qt.Key_Escape}
            QTest.keyClick(w, keys[intent.name] if intent.name in keys else intent.name)
        else:
            raise TypeError(intent)
        settle()

    def make(self, action, route) -> None:
        """Make `action` with the table's gestures that `route(presenter, action)` finds, one at
        a time, until the engine has it."""
        log = self.ctrl.match.log
        before = len(log)
        for _ in range(14):
            steps = route(self.page.presenter, action)
            assert steps is not None, f"no gesture on the table makes {action.label}"
            self.do(steps[0])
            if len(log) > before:
                assert log[before].action == action, (log[before].action, action)
                return
            wait_until(lambda: not self.scene.busy, what="the animations")
        # what the table and the rules say, for whoever reads the failure
        raise Stuck(f"the table could not make {action.label}: the table says "
                    f"{getattr(self.scene, 'status', '')!r}, the rules {self.ctrl.match.why_illegal(action)!r}, "
                    f"to act {self.ctrl.match.to_act}, busy {self.scene.busy}")

    # --- whole turns ------------------------------------------------------------------------------
    def answer_summary(self) -> bool:
        """An end-of-hand or end-of-match summary is open: Continue, or look at the table."""
        dlg = self.page.summary
        if dlg is None or not dlg.isVisible():
            return False
        over = self.ctrl.match.result() is not None
        self.press(dlg, "Look at the table" if over else "Continue")
        settle()
        return True

    def play(self, moves: int, route, choose: Callable | None = None, *, until_over: bool = False,
             timeout: float = 240.0) -> int:
        """Play the human seats' turns by hand for `moves` moves (or to the match-over screen),
        the bots playing theirs in the worker. Returns the moves made by hand."""
        choose = choose or (lambda legal, rng: rng.choice(legal))
        made = 0
        end = time.monotonic() + timeout
        while made < moves or until_over:
            if time.monotonic() > end:
                m = self.ctrl.match
                raise Stuck(f"{made} moves in {timeout:.0f} s; to act {m.to_act}, log {len(m.log)}")
            if self.page.summary is not None and self.page.summary.isVisible():
                if self.ctrl.match.result() is not None:
                    return made                           # the match-over screen
                self.answer_summary()
                continue
            if self.ctrl.match.result() is not None:
                wait_until(lambda: self.page.summary is not None, what="the match-over screen")
                continue
            if self.scene.curtain:
                click(self.page.table, self.point_anywhere())
                settle()
                continue
            if not self.ctrl.my_turn() or self.scene.busy or self.page.auto_pass_due:
                settle(10)                  # a pass the table makes for the player: its move
                continue
            legal = self.ctrl.legal_for_viewer()
            self.make(choose(legal, self.rng), route)
            made += 1
        # a pass the table is about to make for the player is part of what they did
        wait_until(lambda: not self.page.auto_pass_due, what="the table's pass for the player")
        return made

    def point_anywhere(self) -> QPoint:
        return QPoint(self.page.table.width() // 2, self.page.table.height() // 2)

    def seat_view_json(self, seat: int) -> str:
        m = self.ctrl.match
        return json.dumps(m.game.view_to_json(m.game.view(m.state, seat)), sort_keys=True)
