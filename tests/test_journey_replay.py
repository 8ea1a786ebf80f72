"""A player watches a saved match again and plays on from the middle of it: Saved games, Watch
replay, steps with the keys, a jump to a turn, another seat's view, Play on from here, a move at
the table, and the branch in Saved games; the old save's files never change."""

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QPushButton

from paargus_ui_helpers import route
from player import Player, answering, button_in, choose, click, settle, visible_point, wait_until
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell.branch_dialog import BranchDialog
from tabletop.store.paths import saves_dir
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def files_of(match_id: str) -> dict:
    """Every file of a save (the save, its backup, journal, thumbnail), by name: their bytes."""
    return {p.name: p.read_bytes() for p in saves_dir().glob(f"{match_id}*")}


def a_saved_match_with_a_journal() -> Match:
    """A Paargus match of Ada against a bot, 60 moves saved whole, 40 more in its journal."""
    match = Match(get_game("paargus"), [Seat("human", "Ada"), Seat("bot", "Bot", "random", "easy")], 5)
    rng = Rng(5)
    store = SaveStore()
    for i in range(100):
        match.play(rng.choice(match.legal_actions()))
        if i == 59:
            store.save(match)
        elif i > 59:
            store.autosave(match)
    store.flush()
    return match


def shown(page) -> str:
    return json.dumps(page.replay.game.view_to_json(page.presenter.view), sort_keys=True)


def expected(match: Match, moves: int, seat: int) -> str:
    game = match.game
    return json.dumps(game.view_to_json(game.view(match.replay(moves), seat)), sort_keys=True)


def test_watch_a_save_step_jump_switch_seat_and_play_on_from_there(qapp):
    old = a_saved_match_with_a_journal()
    before = files_of(old.id)
    assert any(name.endswith(".journal") for name in before), sorted(before)
    me = Player()
    me.set_animations_off()
    click(next(b for b in me.win.home.findChildren(QPushButton) if b.text() == "Saved games"))
    saves = me.win.saves
    wait_until(lambda: me.win.stack.currentWidget() is saves, what="Saved games")
    row = next(i for i, info in enumerate(saves.infos) if info.match_id == old.id)
    lst = saves.list
    click(lst.viewport(), lst.visualItemRect(lst.item(row)).center())
    click(saves.watch_btn)
    page = me.win.replay
    wait_until(lambda: me.win.stack.currentWidget() is page, what="the replay")
    assert page.replay.length == 100 and page.position == 0
    assert shown(page) == expected(old, 0, 0)
    assert page.seat_box.findText("Everything revealed") < 0       # the match is not over

    # the keys: Right three times, Left once, End, Home; the table shows Ada's view at each
    table = page.table
    for key, at in ((Qt.Key_Right, 1), (Qt.Key_Right, 2), (Qt.Key_Right, 3), (Qt.Key_Left, 2),
                    (Qt.Key_End, 100), (Qt.Key_Home, 0)):
        QTest.keyClick(table, key)
        settle()
        assert page.position == at, (key, page.position)
        assert shown(page) == expected(old, at, 0)
        assert page.timeline.slider.value() == at
    # the log is in step: nothing before the first move, a line more than that after it
    assert page.log_lines() == []
    QTest.keyClick(table, Qt.Key_Right)
    assert page.log_lines() and page.log_lines()[-1] in page.log_view.toPlainText()

    # a jump to the fourth turn from the list of turns, with the keyboard
    turns = page.timeline.turns
    starts = page.replay.turn_starts()
    turns.setFocus()
    for _ in range(3):
        QTest.keyClick(turns, Qt.Key_Down)
    settle()
    assert page.position == starts[turns.currentIndex()][0] > 1
    jumped = page.position
    assert shown(page) == expected(old, jumped, 0)

    # Space plays: the position moves on by itself; Space again pauses
    QTest.keyClick(table, Qt.Key_Space)
    wait_until(lambda: page.position > jumped, timeout=5, what="Play to move on")
    QTest.keyClick(table, Qt.Key_Space)
    assert not page.timeline.playing
    here = page.position

    # the table only looks: Ada's card dragged across it is not picked up, and nothing moves
    card = f"card:{page.presenter.view.hands[0][0]}"
    placed = {s.id: (s.x, s.y) for s in page.scene.sprites()}
    start = visible_point(page.scene, card)
    QTest.mousePress(table, Qt.LeftButton, Qt.NoModifier, start)
    for d in (6, 14, 30):
        QTest.mouseMove(table, start + QPoint(d, -d))
    assert page.scene.dragging is None
    QTest.mouseRelease(table, Qt.LeftButton, Qt.NoModifier, start + QPoint(30, -30))
    settle()
    assert {s.id: (s.x, s.y) for s in page.scene.sprites()} == placed and page.position == here

    # the bot's seat: its view now, at every step
    choose(page.seat_box, 1)
    assert page.seat == 1 and shown(page) == expected(old, here, 1)
    QTest.keyClick(table, Qt.Key_Right)
    assert shown(page) == expected(old, here + 1, 1)

    assert files_of(old.id) == before                    # watched, scrubbed: not one byte changed

    # Play on from here, with the same hidden order
    at = page.position

    def play_on(dlg):
        assert dlg.same.isChecked()
        me.press(dlg, "Play on")
    with answering(BranchDialog, play_on):
        click(button_in(page, "Play on from here…"))
    wait_until(me.on_table, what="the table")
    me.settle_table()
    branch = me.ctrl.match
    assert branch.id != old.id and len(branch.log) == at
    assert branch.branch_of == {"id": old.id, "move": at, "title": "Paargus: Ada vs Bot", "dealt": "same"}
    assert [e.action for e in branch.log] == [e.action for e in old.log[:at]]
    me.play(1, route)
    me.win.store.flush()
    assert (saves_dir() / f"{branch.id}.json").exists()

    # Saved games: the branch, saying what it is; the old save exactly as it was
    me.menu("&Game", "Saved &games…")
    wait_until(lambda: me.win.stack.currentWidget() is saves, what="Saved games")
    rows = {info.match_id: lst.item(i).text() for i, info in enumerate(saves.infos)}
    assert f"Branch of Paargus: Ada vs Bot at move {at}" in rows[branch.id]
    assert "Branch of" not in rows[old.id]
    assert files_of(old.id) == before
    me.close()
    assert files_of(old.id) == before
