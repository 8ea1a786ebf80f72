"""Saving says which match was saved and when, and Saved games names matches: a player never
reads a file's path (the save folder is ours to keep, not theirs to look after)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
from shell_helpers import open_match

from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui
PATHLIKE = re.compile(r"[/\\]|\.json\b|\.png\b")


def shortcut(win, qtbot, key) -> None:
    """Ctrl+`key` on the keyboard, in the active window (as the menus' shortcuts need)."""
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    QTest.keyClick(win.focusWidget() or win, key, Qt.ControlModifier)
    qtbot.wait(30)


def test_the_save_toast_and_saved_games_show_no_path(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = Match(get_game("paargus"), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 4)
    win, page = open_match(qtbot, store, match)
    page.ctrl.paused = True
    rng = Rng(4)
    for _ in range(6):
        page.ctrl._play(rng.choice(match.legal_actions()))
    shortcut(win, qtbot, Qt.Key_S)                             # Game → Save
    toast = page.scene.status
    assert toast.startswith("Saved at ") and "Paargus" in toast and "You vs Bot" in toast, toast
    assert not PATHLIKE.search(toast) and str(tmp_path) not in toast, toast
    shortcut(win, qtbot, Qt.Key_O)                             # Game → Saved games…
    QApplication.processEvents()
    assert win.stack.currentWidget() is win.saves
    rows = [win.saves.list.item(i).text() for i in range(win.saves.list.count())]
    assert rows and "You vs Bot" in rows[0]
    shown = rows + [w.text() for w in win.saves.findChildren(QLabel) if w.isVisible()]
    assert "You vs Bot" in win.saves.detail.text()
    assert not [t for t in shown if PATHLIKE.search(t) or str(tmp_path) in t], shown
