"""What the whole-match acceptance tests share: a main window, a loop that plays a match
through the table until a condition holds, one human move made with the table's own
intents, quit-then-resume from the saved game, and a modal dialog answered from a timer."""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Callable

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog

from tabletop.games.registry import get_game
from tabletop.table import intents as it
from tabletop.shell.main_window import MainWindow


def make_window(qtbot, store, size=(1600, 940)):
    win = MainWindow(store=store)
    win.settings.animation_speed = 0
    win.settings.auto_pass = False
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    return win


def open_match(qtbot, store, match, size=(1600, 940)):
    win = make_window(qtbot, store, size)
    win.open_match(match)
    win.table.scene.pace = 0
    return win, win.table


def table_move(page, action, route, panel: bool = True) -> None:
    """Make `action` with the table's own intents (`route` finds them) until the engine has it;
    an action the table has no gesture for (route gives None) goes through the side panel,
    where the game allows that (`panel`)."""
    log = page.ctrl.match.log
    before = len(log)
    for _ in range(12):
        steps = route(page.presenter, action)
        if steps is None:
            assert panel, f"no gesture on the table makes {action.label}"
            page.perform(action)
        else:
            page._intents(steps)
        if len(log) > before:
            assert log[before].action == action
            return
    raise AssertionError(f"the table could not make {action.label}")


def play_until(page, qtbot, stop: Callable[[], bool], move: Callable[[object], object],
               limit: int = 5000, wait_ms: int = 2) -> None:
    """Run the match until `stop()`: `move(page)` on the human's turns, summaries closed,
    the hotseat curtain lifted, the bot's worker given time."""
    for _ in range(limit):
        if stop():
            return
        QApplication.processEvents()
        if page.summary is not None:
            page.summary._done("stay" if page.ctrl.match.result() else "continue")
            continue
        if getattr(page.scene, "curtain", None):
            page._intents([it.ButtonPress("curtain")])
            continue
        if page.ctrl.my_turn():
            move(page)
        else:
            qtbot.wait(wait_ms)
    m = page.ctrl.match
    raise AssertionError(f"the match did not progress: to act {m.to_act}, log {len(m.log)}")


def quit_and_resume(qtbot, win, store, size=(1600, 940)):
    """Close the app mid-match, open it again and resume the latest game: the new window and
    its table, with the log exactly as it was."""
    page = win.table
    log_before = [e.action for e in page.ctrl.match.log]
    match_id = page.ctrl.match.id
    win.close()
    assert page.ctrl is None                      # the bot's worker stopped with the app
    win2 = make_window(qtbot, store, size)
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == match_id
    win2.resume(latest.id)
    page2 = win2.table
    page2.scene.pace = 0
    assert [e.action for e in page2.ctrl.match.log] == log_before
    return win2, page2


def finished_and_saved(page, store):
    """The match's result, checked against its save: finished, and replaying to the same end."""
    result = page.ctrl.match.result()
    assert result is not None
    assert store.latest_unfinished() is None
    assert store.load(page.ctrl.match.id, games=get_game).result().winners == result.winners
    return result


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
