"""Journey: two people share one computer for a Paargus match (issue 79, hotseat secrecy).

Through the real app: the real QApplication and MainWindow, the New match dialog run by its own
`exec` and answered by keys and clicks from a timer, the real table widget fed mouse and key
events, the real side panel and the real bot worker (which gives the hints). Under the curtain
nothing but "I am ready" acts, and nothing of the last player's hand shows: not on the table,
in the panel, the log, the zoomed card or the Saved games thumbnail. An undo that hands the
turn back to the other player raises the curtain for them."""

from __future__ import annotations

import io
import time

import pytest

from player import answering, button_in, click, visible_point
from PIL import Image, ImageChops, ImageStat
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tabletop.games.paargus.engine.cards import card
from tabletop.shell.main_window import MainWindow
from tabletop.shell.new_match import NewMatchDialog
from tabletop.shell.side_panel import SidePanel
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


# --- a player's hands ---------------------------------------------------------------------------
def start_hotseat_paargus(win, qtbot) -> None:
    """Game → New match for Paargus, seat 2 made human with the keyboard, casual practice
    ticked (so an undo may cross a draw), Start clicked: all in the dialog's own exec."""
    answered: dict = {}

    def answer(dlg):
        seat2 = dlg.rows[1].kind
        seat2.setFocus()
        QTest.keyClick(seat2, Qt.Key_Home)                  # "Human" is the first choice
        if not dlg.casual.isChecked():
            dlg.casual.setFocus()
            QTest.keyClick(dlg.casual, Qt.Key_Space)
        answered["seats"] = [r.kind.currentData() for r in dlg.rows]
        answered["casual"] = dlg.casual.isChecked()
        click(button_in(dlg, "Start"))

    with answering(NewMatchDialog, answer):
        win.new_match("paargus")                            # Game → New match
    assert answered == {"seats": ["human", "human"], "casual": True}
    page = win.table
    # the scene knows the table's final size before a click is aimed at a sprite
    qtbot.waitUntil(lambda: page.scene.viewport.window == (page.table.width(), page.table.height()),
                    timeout=5000)
    qtbot.wait(50)


def on_screen(page, sprite_id: str) -> QPoint:
    """A point of the sprite no other piece covers (a fanned hand overlaps its cards)."""
    assert page.scene.get(sprite_id) is not None, f"{sprite_id} is not on the table"
    return visible_point(page.scene, sprite_id)


def click_table(page, qtbot, point: QPoint | None = None) -> None:
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier,
                     point if point is not None else QPoint(200, 200))
    qtbot.wait(30)


def hover(page, qtbot, point: QPoint) -> None:
    QTest.mouseMove(page.table, QPoint(2, 2))        # from elsewhere: the pointer enters the card
    qtbot.wait(10)
    QTest.mouseMove(page.table, point)
    qtbot.wait(30)


def shortcut(win, qtbot, key) -> None:
    """Ctrl+`key` on the keyboard, in the active window (as the menus' shortcuts need)."""
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    QTest.keyClick(win.focusWidget() or win, key, Qt.ControlModifier)
    qtbot.wait(30)


def ctrl_z(win, qtbot) -> None:
    shortcut(win, qtbot, Qt.Key_Z)


def play_from_move_list(page, qtbot, kind: str) -> None:
    """Select the move in the side panel's list with the mouse, then press Enter."""
    moves = page.panel.moves
    row = next(i for i, a in enumerate(page.panel._actions) if a.kind == kind)
    item = moves.item(row)
    moves.scrollToItem(item)
    QTest.mouseClick(moves.viewport(), Qt.LeftButton, Qt.NoModifier, moves.visualItemRect(item).center())
    QTest.keyClick(moves, Qt.Key_Return)
    qtbot.wait(30)


# --- what the waiting player could read -----------------------------------------------------------
def secret_hand(page, seat: int) -> set[int]:
    """The cards of `seat`'s hand that only that seat may know."""
    m = page.ctrl.match
    return set(m.game.view(m.state, seat).hands[seat]) - set(m.game.view(m.state, None).hands[seat])


def panel_texts(panel: SidePanel) -> str:
    texts = [w.text() for w in panel.findChildren(QLabel)]
    texts += [panel.moves.item(i).text() for i in range(panel.moves.count())]
    texts += panel.log_lines() + [panel.log.toPlainText()]
    return "\n".join(texts)


def assert_hidden(page, cards: set[int]) -> None:
    """Nothing of `cards` shows: no face-up sprite, no name in the panel, the log or the zoom."""
    assert cards
    face_up = {s.id for s in page.scene.sprites() if getattr(s, "face_up", False)}
    assert not face_up & {f"card:{c}" for c in cards}
    assert page.scene.peeking is None and page.scene.overlay is None
    assert not page.panel.zoomed() and page.panel.zoom_text.text() == SidePanel.ZOOM_HELP
    words = panel_texts(page.panel)
    for c in cards:
        assert card(c).name not in words, f"{card(c).name} shows beside the curtain"


def assert_nothing_acts(win, page, qtbot) -> None:
    """Under the curtain: Undo, Ctrl+Z, Hint, H, right-click and the move list do nothing and
    say so by being off; the controller refuses them too."""
    ctrl = page.ctrl
    log = list(ctrl.match.log)
    assert not page.panel.undo_btn.isEnabled() and not win.undo_act.isEnabled()
    assert not page.panel.hint_btn.isEnabled()
    assert page.panel.moves.count() == 0 and not page.panel.moves.isEnabled()
    QTest.mouseClick(page.panel.undo_btn, Qt.LeftButton)
    ctrl_z(win, qtbot)
    QTest.mouseClick(page.panel.hint_btn, Qt.LeftButton)
    QTest.keyClick(page.table, Qt.Key_H)
    QTest.mouseClick(page.table, Qt.RightButton, Qt.NoModifier, QPoint(400, 700))
    qtbot.wait(50)
    assert ctrl.match.log == log and page.scene.curtain
    assert page.presenter.hint is None and ctrl._hint is None
    # and the controller itself: whatever asks, the answer is no
    assert ctrl.undo() and ctrl.request_hint()
    assert ctrl.try_action(ctrl.match.legal_actions()[0]) and ctrl.check(ctrl.match.legal_actions()[0]).reason
    assert ctrl.match.log == log and page.scene.curtain


def thumbnail_shown(win, qtbot, match_id: str) -> Image.Image:
    """Game → Saved games (Ctrl+O): the thumbnail the list shows for this match; then Back."""
    shortcut(win, qtbot, Qt.Key_O)
    qtbot.waitUntil(lambda: win.stack.currentWidget() is win.saves, timeout=5000)
    info = next(i for i in win.saves.infos if i.id == match_id)
    assert info.thumbnail is not None and win.saves.list.item(0).icon().isNull() is False
    image = Image.open(info.thumbnail).convert("RGB")
    back = next(b for b in win.saves.findChildren(QPushButton) if b.text() == "Back")
    QTest.mouseClick(back, Qt.LeftButton)
    qtbot.waitUntil(lambda: win.stack.currentWidget() is win.table, timeout=5000)
    return image


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b.resize(a.size))).mean) / 3


# --- the journey ------------------------------------------------------------------------------------
def test_two_players_at_one_computer_never_see_each_others_hand(qapp, qtbot, tmp_path):
    win = MainWindow(store=SaveStore(tmp_path / "saves"))
    win.settings.animation_speed = 0
    win.settings.auto_pass = False
    qtbot.addWidget(win)
    win.resize(1600, 940)
    win.show()
    qtbot.waitExposed(win)
    try:
        start_hotseat_paargus(win, qtbot)
        page = win.table
        ctrl, match = page.ctrl, page.ctrl.match
        a = match.to_act                     # whoever starts ("Player 1" in the issue)
        b = 1 - a
        assert page.presenter.seat_names == ["Player 1", "Player 2"]
        seat_lines = [box.name.text() for box in page.panel.seat_boxes]
        assert all(">human<" in line for line in seat_lines), seat_lines     # nobody is "you"

        # the match opens behind the curtain for whoever starts
        assert f"Player {a + 1}'s turn" in page.scene.curtain and "You" not in page.scene.curtain
        assert_nothing_acts(win, page, qtbot)
        click_table(page, qtbot)                                            # A is ready
        assert not page.scene.curtain and ctrl.my_turn() and page.panel.hint_btn.isEnabled()

        # A draws and ends the turn with the table's buttons, looking at a card on the way
        click_table(page, qtbot, on_screen(page, "btn:draw"))
        hand = secret_hand(page, a)
        assert len(hand) == 3 and len(match.log) == 1
        shown = min(hand)
        hover(page, qtbot, on_screen(page, f"card:{shown}"))
        assert card(shown).name in page.panel.zoom_text.text()              # A reads it large
        click_table(page, qtbot, on_screen(page, "btn:end"))
        assert len(match.log) == 2 and match.to_act == b

        # the curtain is up for B: nothing acts but "I am ready", nothing of A's hand shows
        assert f"Player {b + 1}'s turn" in page.scene.curtain and "You" not in page.scene.curtain
        assert_hidden(page, hand)
        assert_nothing_acts(win, page, qtbot)
        assert_hidden(page, hand)
        # Saved games, which anyone may open, shows the curtain, not A's table
        image = thumbnail_shown(win, qtbot, match.id)
        curtain = Image.open(io.BytesIO(page.table.grab_png())).convert("RGB")
        assert difference(image, curtain) < 3.0
        assert page.scene.curtain and match.to_act == b

        click_table(page, qtbot)                                            # B is ready
        assert not page.scene.curtain and ctrl.my_turn() and ctrl.viewer == b
        assert_hidden(page, hand)                                           # B's view hides A's hand
        assert page.panel.undo_btn.isEnabled() and win.undo_act.isEnabled()

        # B draws from the side panel's move list, looks at a card, then takes the draw back
        play_from_move_list(page, qtbot, "draw")
        assert len(match.log) == 3 and match.to_act == b
        b_hand = secret_hand(page, b)
        hover(page, qtbot, on_screen(page, f"card:{min(b_hand)}"))
        qtbot.waitUntil(lambda: card(min(b_hand)).name in page.panel.zoom_text.text(), timeout=3000)
        QTest.mouseClick(page.panel.undo_btn, Qt.LeftButton)
        qtbot.wait(30)
        assert len(match.log) == 2 and match.to_act == b and not page.scene.curtain

        # one more undo takes back A's end of turn: the table goes to A, behind the curtain
        ctrl_z(win, qtbot)
        assert len(match.log) == 1 and match.to_act == a
        assert page.scene.curtain and f"Player {a + 1}'s turn" in page.scene.curtain
        assert_hidden(page, hand | b_hand)
        assert "Move taken back." in page.panel.log_lines()
        assert_nothing_acts(win, page, qtbot)

        click_table(page, qtbot)                                            # A is back
        assert not page.scene.curtain and ctrl.viewer == a and ctrl.my_turn()
        assert {f"card:{c}" for c in hand} <= {s.id for s in page.scene.sprites() if getattr(s, "face_up", False)}
        assert not any(card(c).name in panel_texts(page.panel) for c in b_hand)
        # and A's own hint comes from the real bot worker
        QTest.mouseClick(page.panel.hint_btn, Qt.LeftButton)
        deadline = time.monotonic() + 30
        qtbot.waitUntil(lambda: page.presenter.hint is not None or time.monotonic() > deadline,
                        timeout=31000)
        assert page.presenter.hint in match.legal_actions() and ctrl.worker.pid is not None
    finally:
        win.table.leave()
