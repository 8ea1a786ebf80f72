"""What the whole-match acceptance tests share: a main window, a loop that plays a match
through the table until a condition holds, one human move made with the table's own
intents, quit-then-resume from the saved game."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QApplication

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
            page.session.handle(steps)
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
            page.session.handle([it.ButtonPress("curtain")])
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
