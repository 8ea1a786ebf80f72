"""The table widget paints only what changed (table/frame.py's rectangles as Qt's update region),
and what the player sees stays the whole table: the real main window plays a match against the
bot while the pointer moves over the cards, and the window's pixels on the screen are then the
table drawn whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.table.card import CardSprite
from tabletop.table.pgsetup import make_target

from shell_helpers import make_window

pytestmark = pytest.mark.gui


class PaintRegions(QObject):
    """Every paint the table gets: the share of the table it covers."""

    def __init__(self, widget):
        super().__init__()
        self.widget, self.shares = widget, []
        widget.installEventFilter(self)

    def eventFilter(self, obj, event):
        if obj is self.widget and event.type() == QEvent.Paint:
            area = sum(r.width() * r.height() for r in event.region())
            self.shares.append(area / (self.widget.width() * self.widget.height()))
        return False


def _on_screen(win, widget) -> QImage:
    """The widget's pixels as the window shows them (the window's backing store)."""
    shot = win.windowHandle().screen().grabWindow(win.winId())
    top_left = widget.mapTo(win, QPoint(0, 0))
    return shot.copy(top_left.x(), top_left.y(), widget.width(), widget.height()).toImage()


def _drawn_whole(scene, size) -> QImage:
    target = make_target(*size)
    scene.frame_cache = False
    try:
        scene.render(target)
    finally:
        scene.frame_cache = True
    raw = bytes(target.get_view("1"))
    return QImage(raw, size[0], size[1], target.get_pitch(), QImage.Format_RGB32).copy()


def test_the_table_paints_what_changed_and_shows_the_whole_table(qtbot, tmp_path):
    from tabletop.store.saves import SaveStore
    win = make_window(qtbot, SaveStore(tmp_path / "saves"))
    win.settings.animation_speed = 1.0
    match = Match(get_game("paargus"), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 3)
    win.open_match(match)
    page, table = win.table, win.table.table
    qtbot.waitUntil(lambda: page.scene.viewport.window == (table.width(), table.height()), timeout=5000)
    qtbot.wait(300)
    paints = PaintRegions(table)
    # the pointer wanders over the table's cards and rests on each a while (lift, peek)
    cards = [s for s in page.scene.sprites() if isinstance(s, CardSprite) and s.visible][:6]
    assert cards
    for card in cards:
        r = card.screen_rect(page.scene.viewport)
        QTest.mouseMove(table, QPoint(round(r.centerx), round(r.centery)))
        qtbot.wait(450)
    QTest.mouseMove(table, QPoint(2, 2))
    qtbot.wait(300)
    # the bot's turn, its pill turning: the table is painted in part while it thinks or moves
    page.scene.set_thinking("Bot is thinking…")
    qtbot.wait(400)
    page.scene.set_thinking(None)
    qtbot.wait(300)
    assert paints.shares, "the table was never painted"
    assert sum(s < 0.25 for s in paints.shares) >= 5, f"the paints covered {paints.shares}"
    # settled: what the screen shows is the table drawn whole
    qtbot.waitUntil(lambda: not page.scene.needs_redraw and not page.scene.busy, timeout=5000)
    qtbot.wait(50)
    shown = _on_screen(win, table).convertToFormat(QImage.Format_RGB32)
    whole = _drawn_whole(page.scene, (table.width(), table.height()))
    assert shown.size() == whole.size()
    assert shown == whole, "the table on screen is not the table drawn whole"
