"""Acceptance: whole Pariah matches through the app's table (clicks, drags and buttons, as the
table page receives them), 1v1 against a bot and 2v2 with two humans at one computer and two
bots; each quit mid-match, resumed from the saved game and finished."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from pariah_ui_helpers import route
from shell_helpers import finished_and_saved, make_window, open_match, play_until, quit_and_resume, table_move
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.state import ACTIVATE, SELECT
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def choose(match, rng):
    """A plausible player: builds an army by picking, attacks when it can, else anything."""
    legal = match.legal_actions()
    kinds = {a.kind for a in legal}
    for k in ("pick", "commit", "keep", "attack"):
        if k in kinds:
            return rng.choice([a for a in legal if a.kind == k])
    return rng.choice(legal)


def quit_resume_finish(qtbot, tmp_path, seats, seed):
    store = SaveStore(tmp_path / "saves")
    win, page = open_match(qtbot, store, Match(GAME, seats, seed))
    rng = Rng(seed)
    move = lambda page: table_move(page, choose(page.ctrl.match, rng), route)
    st = lambda: page.ctrl.match.state
    play_until(page, qtbot, lambda: st().phase == ACTIVATE and len(st().acted) >= 2
               and page.ctrl.my_turn(), move, limit=6000)
    win2, page2 = quit_and_resume(qtbot, win, store)
    play_until(page2, qtbot, lambda: page2.ctrl.match.result() is not None, move, limit=6000)
    result = finished_and_saved(page2, store)
    win2.table.leave()
    return result


def test_a_1v1_match_through_the_table_saved_resumed_and_finished(qtbot, tmp_path):
    result = quit_resume_finish(qtbot, tmp_path, [Seat("human", "You"),
                                                  Seat("bot", "Bot", "greedy", "normal")], 31)
    assert result is not None and len(result.scores) == 2


def test_a_2v2_match_with_two_humans_and_two_bots_saved_resumed_and_finished(qtbot, tmp_path):
    seats = [Seat("human", "Ann"), Seat("bot", "Bot 1", "greedy", "normal"),
             Seat("human", "Cas"), Seat("bot", "Bot 3", "greedy", "normal")]
    result = quit_resume_finish(qtbot, tmp_path, seats, 47)
    assert len(result.scores) == 4
    assert set(result.winners) in ({0, 2}, {1, 3}, set())


def test_picking_by_dragging_with_the_mouse(qtbot, tmp_path):
    win = make_window(qtbot, SaveStore(tmp_path / "saves"))
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 5)
    win.open_match(match)
    page = win.table
    page.scene.pace = 0
    qtbot.wait(50)
    assert match.state.phase == SELECT
    c = match.state.hands[0][0]
    s = page.scene.get(f"card:{c}")
    vp = page.scene.viewport
    start = QPoint(*(round(v) for v in vp.to_screen(*s.center)))
    end = QPoint(*(round(v) for v in vp.to_screen(*page.scene.zone("army").center)))
    w = page.table
    QTest.mousePress(w, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 6):
        p = start + (end - start) * (i / 5)
        QTest.mouseMove(w, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(w, Qt.LeftButton, Qt.NoModifier, end)
    qtbot.wait(30)
    assert c in page.ctrl.match.state.picks[0]
    win.table.leave()


def test_the_new_match_dialog_offers_four_seats_for_pariah_only(qtbot):
    from tabletop.shell.new_match import NewMatchDialog
    dlg = NewMatchDialog("pariah")
    qtbot.addWidget(dlg)
    assert [dlg.players.itemData(i) for i in range(dlg.players.count())] == [2, 4]
    assert len(dlg.rows) == 2
    dlg.players.setCurrentIndex(dlg.players.findData(4))
    assert len(dlg.rows) == 4
    choice = dlg.choice()
    assert len(choice["seats"]) == 4 and choice["seats"][2].name == "Bot 2"
    match = Match(GAME, choice["seats"], 1, choice["options"])
    assert match.state.players == 4
    dlg.game.setCurrentIndex(dlg.game.findData("paargus"))
    assert len(dlg.rows) == 2 and dlg.players.isHidden()
