"""The real shell and pygame table, offscreen: drags, clicks, keys, autosave, resume,
the hotseat curtain and the bot in its worker process."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.core.match import Match, Seat
from tabletop.games.paargus.engine.cards import card
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.engine.state import CONJOIN, TABLEAU
from tabletop.shell.main_window import MainWindow
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def seed_where_seat0_starts():
    return next(s for s in range(100) if GAME.setup({}, s).turn == 0)


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(store=SaveStore(tmp_path / "saves"))
    win.settings.animation_speed = 0
    win.settings.auto_pass = False        # tests end turns themselves unless they test auto-pass
    qtbot.addWidget(win)
    win.resize(1600, 940)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.table.leave()


def open_match(win, qtbot, seats=None, seed=None):
    seats = seats or [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")]
    match = Match(GAME, seats, seed if seed is not None else seed_where_seat0_starts())
    win.open_match(match)
    page = win.table
    page.scene.pace = 0
    # the scene must know the table's final size before a test aims at a sprite on screen (the
    # first window of a run is laid out late, and a click computed earlier misses)
    qtbot.waitUntil(lambda: page.scene.viewport.window == (page.table.width(), page.table.height()),
                    timeout=5000)
    qtbot.wait(50)
    return page


def screen_of(page, sprite_id):
    s = page.scene.get(sprite_id)
    assert s is not None, f"{sprite_id} is not on the table"
    x, y, w, h = s.rect
    cx = x + w * (0.25 if getattr(s, "clip", None) == "left" else 0.75 if getattr(s, "clip", None) == "right" else 0.5)
    sx, sy = page.scene.viewport.to_screen(cx, y + h / 2)
    return QPoint(round(sx), round(sy))


def zone_point(page, zone_id):
    z = page.scene.zone(zone_id)
    sx, sy = page.scene.viewport.to_screen(*z.center)
    return QPoint(round(sx), round(sy))


def drag(page, qtbot, start: QPoint, end: QPoint):
    w = page.table
    QTest.mousePress(w, Qt.LeftButton, Qt.NoModifier, start)
    for i in range(1, 6):
        p = start + (end - start) * (i / 5)
        QTest.mouseMove(w, QPoint(round(p.x()), round(p.y())))
    QTest.mouseRelease(w, Qt.LeftButton, Qt.NoModifier, end)
    qtbot.wait(30)


def click(page, qtbot, point: QPoint):
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, point)
    qtbot.wait(30)


def wait_my_turn(page, qtbot, phase=TABLEAU):
    qtbot.waitUntil(lambda: page.ctrl.match.to_act == 0 and page.ctrl.match.state.phase == phase,
                    timeout=15000)
    qtbot.wait(30)


def test_draw_button_and_end_turn_then_the_bot_moves(window, qtbot):
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    click(page, qtbot, screen_of(page, "btn:draw"))
    assert len(s.hands[0]) + len(s.tableau) >= 3 and s.phase == CONJOIN
    click(page, qtbot, screen_of(page, "btn:end"))
    # the bot plays its whole turn in the worker process, then it is our turn again
    wait_my_turn(page, qtbot)
    assert page.ctrl.worker.pid is not None
    assert any(e.seat == 1 for e in page.ctrl.match.log)


def test_legal_drag_plays_a_card_to_the_tableau(window, qtbot):
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    click(page, qtbot, screen_of(page, "btn:end"))
    wait_my_turn(page, qtbot)
    s = page.ctrl.match.state
    c = s.hands[0][0]
    drag(page, qtbot, screen_of(page, f"card:{c}"), zone_point(page, "tableau"))
    assert c in s.tableau and c not in s.hands[0]


def test_illegal_drop_slides_back_and_says_why(window, qtbot):
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    # a position where a hand card and a tableau card differ in the North-West sigil
    mine = next(c for c in range(42) if c not in s.deck[-3:])
    other = next(c for c in range(42) if card(c).sigils[0] != card(mine).sigils[0] and c != mine)
    for c in (mine, other):
        s.deck.remove(c)
    s.hands[0], s.tableau = [mine], [other]
    page._refresh([])
    qtbot.wait(30)
    drag(page, qtbot, screen_of(page, f"card:{mine}"), screen_of(page, f"card:{other}"))
    assert s.hands[0] == [mine] and s.tableau == [other]
    assert "same North-West sigil" in page.scene.status
    assert page.ctrl.match.log == []


def test_over_the_hand_limit_the_draw_button_explains(window, qtbot):
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    s.hands[0] = [s.deck.pop() for _ in range(8)]
    page._refresh([])
    qtbot.wait(30)
    assert page.scene.get("btn:draw").enabled is False
    assert "play 2" in page.presenter.prompt()


def test_click_then_click_plays_without_dragging(window, qtbot):
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    click(page, qtbot, screen_of(page, "btn:end"))
    wait_my_turn(page, qtbot)
    s = page.ctrl.match.state
    c = s.hands[0][0]
    click(page, qtbot, screen_of(page, f"card:{c}"))
    assert page.presenter.selected == c
    click(page, qtbot, zone_point(page, "tableau"))
    assert c in s.tableau


def test_keyboard_draws_and_the_move_list_plays(window, qtbot):
    page = open_match(window, qtbot)
    page.table.setFocus()
    QTest.keyClick(page.table, Qt.Key_D)
    qtbot.wait(30)
    s = page.ctrl.match.state
    assert s.phase == CONJOIN
    # every legal move is in the side panel's list; activating one plays it
    labels = [page.panel.moves.item(i).text() for i in range(page.panel.moves.count())]
    assert "End the turn without a conjunction" in labels
    page.panel.moves.setCurrentRow(labels.index("End the turn without a conjunction"))
    page.panel._activated(page.panel.moves.currentItem())
    assert page.ctrl.match.to_act == 1


def trio_in_hand(page) -> list[int]:
    """Seat 0 holds just three cards sharing a sigil in the South-East (an East conjunction), in
    the conjunction phase."""
    s = page.ctrl.match.state
    by = {}
    for c in range(42):
        by.setdefault(card(c).sigil(4), []).append(c)
    trio = next(m for m in by.values() if len(m) >= 3)[:3]
    for c in trio:
        if c in s.deck:
            s.deck.remove(c)
    s.hands[0] = list(trio)
    s.phase, s.drawn_first = CONJOIN, [True, True]
    page._refresh([])
    return trio


def test_builder_preview_and_confirm_lays_a_conjunction(window, qtbot):
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    trio = trio_in_hand(page)
    qtbot.wait(30)
    for c in trio:
        drag(page, qtbot, screen_of(page, f"card:{c}"), zone_point(page, "builder"))
    assert page.presenter.builder == trio
    assert page.scene.get("btn:confirm").enabled
    # reorder: drop the first card on the last, they swap places in the fan
    drag(page, qtbot, screen_of(page, f"card:{trio[0]}"), screen_of(page, f"card:{trio[2]}"))
    assert page.presenter.builder == [trio[2], trio[1], trio[0]]
    click(page, qtbot, screen_of(page, "btn:confirm"))
    assert s.arrays[0] and s.arrays[0][0].fan == (trio[2], trio[1], trio[0])


def test_autosave_after_every_action_and_resume(window, qtbot, tmp_path):
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    match_id = page.ctrl.match.id
    saves = window.store.list()
    assert saves and saves[0].id == match_id and saves[0].thumbnail is not None
    log = [e.action for e in page.ctrl.match.log]
    window.show_home()
    assert window.home.continue_btn.isEnabled()
    window.resume(match_id)
    assert [e.action for e in window.table.ctrl.match.log] == log


def test_hotseat_curtain_hides_the_table_between_humans(window, qtbot):
    page = open_match(window, qtbot, seats=[Seat("human", "Ann"), Seat("human", "Ben")])
    assert page.scene.curtain and "Ann" in page.scene.curtain      # nobody's cards show yet
    assert page.ctrl.viewer is None and not page.ctrl.my_turn()
    click(page, qtbot, QPoint(200, 200))                            # Ann is ready
    assert page.scene.curtain is None and page.ctrl.viewer == 0
    click(page, qtbot, screen_of(page, "btn:draw"))
    click(page, qtbot, screen_of(page, "btn:end"))
    assert page.scene.curtain and "Ben" in page.scene.curtain
    assert page.ctrl.viewer == 0 and not page.ctrl.my_turn()
    click(page, qtbot, QPoint(200, 200))                            # Ben is ready
    assert page.scene.curtain is None and page.ctrl.viewer == 1 and page.ctrl.my_turn()
    # Ben's view: Ann's hand is hidden from him
    view = page.ctrl.view()
    assert set(view.hands[0]) <= set(page.ctrl.match.state.known[0])


def test_undo_takes_back_a_tableau_play_but_not_a_draw(window, qtbot):
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    assert not page.ctrl.can_undo()
    click(page, qtbot, screen_of(page, "btn:end"))
    wait_my_turn(page, qtbot)
    s = page.ctrl.match.state
    c = s.hands[0][0]
    drag(page, qtbot, screen_of(page, f"card:{c}"), zone_point(page, "tableau"))
    assert c in s.tableau
    window.undo()
    assert c in page.ctrl.match.state.hands[0]


def test_over_the_limit_a_drop_on_a_tableau_card_plays_the_card(window, qtbot):
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    s.hands[0] = [s.deck.pop() for _ in range(7)]
    s.tableau = [s.deck.pop()]
    page._refresh([])
    qtbot.wait(30)
    c = s.hands[0][0]
    drag(page, qtbot, screen_of(page, f"card:{c}"), screen_of(page, f"card:{s.tableau[0]}"))
    assert c in s.tableau and len(s.hands[0]) == 6


def test_hotseat_starts_behind_the_curtain_for_whoever_starts(window, qtbot):
    seed = next(s for s in range(100) if GAME.setup({}, s).turn == 1)
    page = open_match(window, qtbot, seats=[Seat("human", "Ann"), Seat("human", "Ben")], seed=seed)
    assert page.scene.curtain and "Ben" in page.scene.curtain
    assert page.ctrl.view().hands == [[], []] or page.ctrl.viewer is None
    click(page, qtbot, QPoint(200, 200))
    assert page.ctrl.viewer == 1 and page.ctrl.my_turn()


def test_auto_pass_ends_a_turn_with_nothing_to_play(window, qtbot):
    window.settings.auto_pass = True
    page = open_match(window, qtbot)
    s = page.ctrl.match.state
    s.drawn_first = [True, True]          # one card drawn into an empty hand: nothing to lay
    page._refresh([])
    click(page, qtbot, screen_of(page, "btn:draw"))
    # (the pass may come before the click's short wait is over on a slow machine: read the log)
    qtbot.waitUntil(lambda: len(page.ctrl.match.log) >= 2, timeout=3000)
    log = page.ctrl.match.log
    assert log[0].action.kind == "draw" and log[1].action.kind == "end_turn" and log[1].seat == 0


def test_without_auto_pass_the_turn_waits(window, qtbot):
    window.settings.auto_pass = False
    page = open_match(window, qtbot)
    page.ctrl.match.state.drawn_first = [True, True]
    page._refresh([])
    click(page, qtbot, screen_of(page, "btn:draw"))
    qtbot.wait(1500)
    assert len(page.ctrl.match.log) == 1 and page.ctrl.my_turn()


def test_keyboard_only_tab_to_a_card_and_to_the_tableau(window, qtbot):
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    click(page, qtbot, screen_of(page, "btn:end"))
    wait_my_turn(page, qtbot)
    s = page.ctrl.match.state
    page.table.setFocus()

    def tab_to(pred, limit=60):
        for _ in range(limit):
            QTest.keyClick(page.table, Qt.Key_Tab)
            qtbot.wait(5)
            if pred(page.scene.focus_id):
                return page.scene.focus_id
        raise AssertionError("Tab never reached the target")

    sid = tab_to(lambda f: f is not None and f.startswith("card:") and int(f[5:]) in s.hands[0])
    QTest.keyClick(page.table, Qt.Key_Return)
    qtbot.wait(20)
    c = int(sid[5:])
    assert page.presenter.selected == c
    tab_to(lambda f: f == "tableau")
    QTest.keyClick(page.table, Qt.Key_Return)
    qtbot.wait(20)
    assert c in s.tableau


def test_the_keys_every_table_shares_in_the_real_app(window, qtbot):
    """Escape lets go of a picked card and H asks for a hint, pressed on the real table."""
    page = open_match(window, qtbot)
    click(page, qtbot, screen_of(page, "btn:draw"))
    click(page, qtbot, screen_of(page, "btn:end"))
    wait_my_turn(page, qtbot)
    s = page.ctrl.match.state
    c, moves = s.hands[0][0], len(page.ctrl.match.log)
    click(page, qtbot, screen_of(page, f"card:{c}"))
    assert page.presenter.selected == c
    page.table.setFocus()
    QTest.keyClick(page.table, Qt.Key_Escape)
    qtbot.wait(20)
    assert page.presenter.selected is None and len(page.ctrl.match.log) == moves
    QTest.keyClick(page.table, Qt.Key_H)
    qtbot.waitUntil(lambda: page.presenter.hint is not None, timeout=15000)
    assert page.presenter.hint in page.ctrl.match.legal_actions()
    assert page.scene.status.startswith("Hint: ")


def test_hint_highlights_the_hard_bots_move(window, qtbot):
    page = open_match(window, qtbot)
    page.panel.hint_btn.click()
    qtbot.waitUntil(lambda: page.presenter.hint is not None, timeout=15000)
    hint = page.presenter.hint
    assert hint in page.ctrl.match.legal_actions()
    assert page.scene.status.startswith("Hint: ")
    assert page.panel.moves.currentItem().text() == hint.label


def test_new_match_dialog_seats_the_bot_for_each_level(qtbot):
    from tabletop.bots.base import bot_for_difficulty
    from tabletop.shell.new_match import NewMatchDialog
    dlg = NewMatchDialog("paargus")
    qtbot.addWidget(dlg)
    for level in ("easy", "normal", "hard"):
        dlg.rows[1].kind.setCurrentIndex(dlg.rows[1].kind.findData(f"bot:{level}"))
        seat = dlg.choice()["seats"][1]
        assert seat.is_bot and (seat.bot, seat.difficulty) == bot_for_difficulty(level)
    assert dlg.choice()["game"] == "paargus" and dlg.choice()["options"] == {"hands": 0}
