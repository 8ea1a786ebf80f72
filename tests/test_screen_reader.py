"""Screen readers (issue 82): the widgets whose text does not say what they are have names, each
new log line is announced through Qt's accessibility, and the moves list is reached from the
table with the keyboard alone (F6), where Enter plays the move chosen. In the real app."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from shell_helpers import open_match
from tabletop.core.match import Match, Seat
from tabletop.games.paargus.engine.rules import GAME
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def test_names_announcements_and_the_moves_list_from_the_keyboard(qtbot, tmp_path):
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "easy")], 7)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    qtbot.wait(50)
    names = [b.accessibleName() for tile in win.home.tiles for b in tile._buttons]
    assert len(names) == len(set(names)) and "New match: Paargus" in names, names
    assert page.table.accessibleName() == "Game table"
    assert page.table.accessibleDescription() == page.presenter.prompt()
    assert page.panel.moves.accessibleName() == "Your moves"
    assert page.panel.log.accessibleName() == "Log"
    qtbot.waitUntil(page.ctrl.my_turn, timeout=10000)
    qtbot.wait(50)
    box = page.panel.seat_boxes[0]
    assert box.accessibleName().startswith("You (") and "to play" in box.accessibleName()
    assert "to play" not in page.panel.seat_boxes[1].accessibleName()
    # the keyboard alone: F6 from the table to the moves list, Enter plays the move chosen
    page.table.setFocus()
    qtbot.waitUntil(page.table.hasFocus)
    QTest.keyClick(page.table, Qt.Key_F6)
    assert page.panel.moves.hasFocus() and page.panel.moves.currentRow() == 0
    chosen = page.panel._actions[0]
    before = len(match.log)
    QTest.keyClick(page.panel.moves, Qt.Key_Return)
    qtbot.waitUntil(lambda: len(match.log) > before)
    assert match.log[before].action == chosen
    # what the move did is announced, line by line as the log shows it
    qtbot.waitUntil(lambda: bool(page.panel.log_lines() and page.panel.announce.sent))
    assert page.panel.log_lines()[-1] in page.panel.announce.sent
    QTest.keyClick(page.panel.moves, Qt.Key_F6)
    assert page.table.hasFocus()
    page.leave()
