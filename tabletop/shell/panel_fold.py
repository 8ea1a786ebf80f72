"""How wide the table page's side panel is: full width on a large window, narrower on a
small one, folded away behind a thin toggle below FOLD_BELOW, so the table keeps the room.

Once the player clicks the toggle, their choice wins over the window's width."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QSizePolicy, QToolButton

from tabletop.shell import theme

WIDE, NARROW = 380, 300     # the panel's width at 1600 px and more, and at its narrowest
FOLD_BELOW = 1200           # a page narrower than this folds the panel away


def panel_width(page_width: int) -> int:
    """The panel's width on a page this wide: a fixed share of it, between NARROW and WIDE."""
    return max(NARROW, min(WIDE, round(page_width * WIDE / 1600)))


class PanelToggle(QToolButton):
    """A thin strip between the table and the panel: a click folds the panel away or brings
    it back (F9 too)."""

    toggled_by_player = Signal(bool)      # True: the player wants the panel folded

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("panelToggle")
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Expanding)
        self.setFixedWidth(16)
        self.setCursor(Qt.PointingHandCursor)
        self.setFocusPolicy(Qt.NoFocus)           # Tab stays with the table and the panel
        # its own QShortcut: a button's setText would replace a shortcut set on the button
        QShortcut(QKeySequence("F9"), self, self.click)
        self.setStyleSheet(
            f"QToolButton#panelToggle {{ border: none; background: {theme.BG}; color: {theme.MUTED};"
            f" font-size: 13px; padding: 0; }}"
            f"QToolButton#panelToggle:hover {{ background: {theme.EDGE}; color: {theme.GOLD}; }}")
        self.folded = False
        self.clicked.connect(lambda: self.toggled_by_player.emit(not self.folded))
        self.show_folded(False)

    def show_folded(self, folded: bool) -> None:
        self.folded = folded
        self.setText("‹" if folded else "›")
        tip = "Show the side panel (F9)" if folded else "Fold the side panel away (F9)"
        self.setToolTip(tip)
        self.setAccessibleName(tip)
