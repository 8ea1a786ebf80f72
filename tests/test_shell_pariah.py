"""Pariah on the app's table: picking by dragging with the mouse, and the New match dialog's
seats (whole matches are played by the journeys, tests/test_journeys.py)."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from shell_helpers import make_window
from tabletop.core.match import Match, Seat
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.state import SELECT
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


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
