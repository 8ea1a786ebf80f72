"""Acceptance: a whole Paargus match through the UI against the bot (in its worker
process), quit in the middle of a hand, relaunch, continue, and finish."""

import pytest
from PySide6.QtWidgets import QApplication

from tabletop.core.match import Match, Seat
from tabletop.games.paargus.rules import GAME
from tabletop.shell.main_window import MainWindow
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui

PREFERENCE = ("conjoin", "trail", "deal", "draw", "trade", "end_turn", "play")


def human_move(page):
    """Pick a move from the side panel's list, as a keyboard player would."""
    panel = page.panel
    actions = panel._actions
    if not actions:
        return False
    hand = page.ctrl.match.state.hands[0]
    order = ("play",) + PREFERENCE if len(hand) > 6 else PREFERENCE
    for kind in order:
        for row, a in enumerate(actions):
            if a.kind == kind:
                panel.moves.setCurrentRow(row)
                panel._activated(panel.moves.item(row))
                return True
    return False


def close_summary(page, choice="continue"):
    dlg = page.summary
    if dlg is not None:
        dlg._done(choice)


def play_until(page, qtbot, stop, limit=4000):
    for _ in range(limit):
        if stop():
            return
        QApplication.processEvents()
        if page.summary is not None:
            close_summary(page, "stay" if page.ctrl.match.result() else "continue")
            continue
        if page.ctrl.my_turn():
            human_move(page)
        else:
            qtbot.wait(5)
    raise AssertionError("the match did not progress")


def make_window(qtbot, store):
    win = MainWindow(store=store)
    win.settings.animation_speed = 0
    qtbot.addWidget(win)
    win.resize(1400, 860)
    win.show()
    return win


def test_a_whole_match_quit_mid_hand_resume_and_finish(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    win = make_window(qtbot, store)
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 2024,
                  {"hands": 3})
    win.open_match(match)
    page = win.table
    page.scene.pace = 0
    # play into the second hand, then stop in the middle of it
    play_until(page, qtbot, lambda: page.ctrl.match.state.hand_no == 2
               and page.ctrl.match.state.turn_no >= 3 and page.ctrl.my_turn())
    log_before = [e.action for e in page.ctrl.match.log]
    match_id = page.ctrl.match.id
    win.close()                                   # quit the app
    assert page.ctrl is None                      # the worker was stopped with it

    win2 = make_window(qtbot, store)              # relaunch
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == match_id
    win2.resume(latest.id)
    page2 = win2.table
    page2.scene.pace = 0
    assert [e.action for e in page2.ctrl.match.log] == log_before
    play_until(page2, qtbot, lambda: page2.ctrl.match.result() is not None)
    result = page2.ctrl.match.result()
    assert result is not None and sum(result.scores) == 200
    assert store.latest_unfinished() is None
    info = store.list()[0]
    assert info.finished and info.id == match_id
    # the finished save replays to its snapshot
    again = store.load(match_id)
    assert again.result().winners == result.winners
    win2.table.leave()
