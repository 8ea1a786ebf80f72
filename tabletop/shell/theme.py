"""The look of the app: one dark, warm palette and a stylesheet for every screen."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication

INK = "#ece6da"
MUTED = "#a59f94"
BG = "#171b24"
PANEL = "#202633"
PANEL_HI = "#2a3242"
EDGE = "#3a4357"
GOLD = "#d9a441"
GOLD_HI = "#f0c060"
DANGER = "#d96a5b"

STYLE = f"""
QWidget {{ color: {INK}; background: {BG}; font-size: 14px; }}
QMainWindow::separator {{ background: {EDGE}; width: 1px; }}
QMenuBar {{ background: {PANEL}; border-bottom: 1px solid {EDGE}; }}
QMenuBar::item:selected, QMenu::item:selected {{ background: {PANEL_HI}; color: {GOLD_HI}; }}
QMenu {{ background: {PANEL}; border: 1px solid {EDGE}; }}
QMenu::separator {{ height: 1px; background: {EDGE}; margin: 4px 8px; }}
QPushButton {{ background: {PANEL_HI}; border: 1px solid {EDGE}; border-radius: 8px;
               padding: 7px 16px; }}
QPushButton:hover {{ border-color: {GOLD}; }}
QPushButton:pressed {{ background: {EDGE}; }}
QPushButton:disabled {{ color: #6b6f78; border-color: #2c3140; }}
QPushButton[primary="true"] {{ background: {GOLD}; color: #1b1408; border: none; font-weight: 600; }}
QPushButton[primary="true"]:hover {{ background: {GOLD_HI}; }}
QPushButton[primary="true"]:disabled {{ background: #5a4a2a; color: #9a8e78; }}
QFrame#card, QFrame#panel {{ background: {PANEL}; border: 1px solid {EDGE}; border-radius: 12px; }}
QFrame#card:hover {{ border-color: {GOLD}; }}
QLabel#cover {{ background: {PANEL_HI}; border-radius: 6px; }}
QLabel#title {{ font-size: 34px; font-weight: 700; color: {GOLD_HI}; background: transparent; }}
QLabel#subtitle {{ color: {MUTED}; font-size: 15px; background: transparent; }}
QLabel#h2 {{ font-size: 18px; font-weight: 600; background: transparent; }}
QLabel#muted {{ color: {MUTED}; background: transparent; }}
QLabel#error {{ color: {DANGER}; background: transparent; }}
QLabel {{ background: transparent; }}
QListWidget, QTextBrowser, QPlainTextEdit, QLineEdit, QComboBox, QSpinBox {{
    background: {PANEL}; border: 1px solid {EDGE}; border-radius: 8px; padding: 4px; }}
QListWidget::item {{ padding: 5px 6px; border-radius: 6px; }}
QListWidget::item:selected {{ background: {PANEL_HI}; color: {GOLD_HI}; }}
QListWidget::item:hover {{ background: {PANEL_HI}; }}
QTableWidget {{ background: {PANEL}; border: 1px solid {EDGE}; border-radius: 12px; padding: 6px;
                 selection-background-color: {PANEL_HI}; selection-color: {GOLD_HI}; }}
QTableWidget::item {{ padding: 3px 6px; }}
QHeaderView::section {{ background: {PANEL}; color: {MUTED}; border: none;
                        border-bottom: 1px solid {EDGE}; padding: 5px 6px; }}
QComboBox QAbstractItemView {{ background: {PANEL}; selection-background-color: {PANEL_HI}; }}
QCheckBox, QRadioButton {{ background: transparent; spacing: 8px; }}
QCheckBox::indicator {{ width: 16px; height: 16px; border: 1px solid {EDGE}; border-radius: 4px;
                        background: {PANEL}; }}
QCheckBox::indicator:hover {{ border-color: {GOLD}; }}
QCheckBox::indicator:checked {{ background: {GOLD}; border-color: {GOLD_HI}; }}
QSlider::groove:horizontal {{ height: 6px; background: {EDGE}; border-radius: 3px; }}
QSlider::handle:horizontal {{ background: {GOLD}; width: 16px; margin: -6px 0; border-radius: 8px; }}
QScrollBar:vertical {{ background: {PANEL}; width: 10px; }}
QScrollBar::handle:vertical {{ background: {EDGE}; border-radius: 5px; min-height: 24px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ height: 0; }}
QToolTip {{ background: {PANEL_HI}; color: {INK}; border: 1px solid {GOLD}; }}
QTabWidget::pane {{ border: 1px solid {EDGE}; border-radius: 8px; }}
QTabBar::tab {{ background: {PANEL}; padding: 6px 14px; border-top-left-radius: 6px;
                border-top-right-radius: 6px; }}
QTabBar::tab:selected {{ background: {PANEL_HI}; color: {GOLD_HI}; }}
QSplitter#panelSplitter::handle {{ background: {EDGE}; margin: 4px 100px 4px 100px; border-radius: 2px; }}
QSplitter#panelSplitter::handle:hover {{ background: {GOLD}; }}
QGroupBox {{ border: 1px solid {EDGE}; border-radius: 10px; margin-top: 14px; padding: 10px; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 12px; color: {GOLD}; }}
QDialogButtonBox {{ dialogbuttonbox-buttons-have-icons: 0; }}
"""


def load_fonts() -> str:
    """Register the bundled fonts; a missing one is reported, never fatal."""
    import logging

    from tabletop.resources import font_path
    family = ""
    for bold in (False, True):
        try:
            fid = QFontDatabase.addApplicationFont(str(font_path(bold=bold)))
            if fid >= 0 and not family:
                family = QFontDatabase.applicationFontFamilies(fid)[0]
        except (OSError, FileNotFoundError) as exc:
            logging.getLogger(__name__).warning("bundled font missing: %s", exc)
    return family


def apply_theme(app: QApplication) -> None:
    # Fusion; the desktop theme's icons on dialog buttons are turned off by the style sheet
    # (a Python QProxyStyle did it before, but Qt asks a style for hints tens of thousands
    # of times a second and each call crossed into Python: about 20 ms a move)
    app.setStyle("Fusion")
    family = load_fonts()
    if family:
        app.setFont(QFont(family, 10))
    pal = QPalette()
    for role, colour in ((QPalette.Window, BG), (QPalette.Base, PANEL), (QPalette.Text, INK),
                         (QPalette.WindowText, INK), (QPalette.Button, PANEL_HI),
                         (QPalette.ButtonText, INK), (QPalette.Highlight, GOLD),
                         (QPalette.HighlightedText, "#1b1408"), (QPalette.ToolTipBase, PANEL_HI),
                         (QPalette.ToolTipText, INK)):
        pal.setColor(role, QColor(colour))
    app.setPalette(pal)
    app.setStyleSheet(STYLE)
