"""Acceptance: a whole Paargus match through the UI against the bot (in its worker
process), quit in the middle of a hand, relaunch, continue, and finish."""

import pytest

from shell_helpers import finished_and_saved, open_match, play_until, quit_and_resume
from tabletop.core.match import Match, Seat
from tabletop.games.paargus.engine.rules import GAME
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui

SIZE = (1400, 860)
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


def test_a_whole_match_quit_mid_hand_resume_and_finish(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 2024,
                  {"hands": 3})
    win, page = open_match(qtbot, store, match, SIZE)
    # play into the second hand, then stop in the middle of it; quit the app and relaunch
    play_until(page, qtbot, lambda: page.ctrl.match.state.hand_no == 2
               and page.ctrl.match.state.turn_no >= 3 and page.ctrl.my_turn(), human_move,
               limit=4000, wait_ms=5)
    win2, page2 = quit_and_resume(qtbot, win, store, SIZE)
    play_until(page2, qtbot, lambda: page2.ctrl.match.result() is not None, human_move,
               limit=4000, wait_ms=5)
    result = finished_and_saved(page2, store)
    assert sum(result.scores) == 200
    info = store.list()[0]
    assert info.finished and info.id == page2.ctrl.match.id
    win2.table.leave()
