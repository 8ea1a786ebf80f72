"""About Tabletop: the version and the licences of what we bundle."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from tabletop import __version__

CREDITS = """
# Tabletop {version}

Card and board games with every rule enforced, played offline against a built-in bot or a friend.

All cards, sigils, names and texts are Tabletop's own designs. Each game's rules page credits its designer.

## Bundled software and fonts

| Component | Licence |
|---|---|
| Qt for Python (PySide6 {pyside}) | LGPL v3 |
| pygame-ce {pygame} | LGPL v2.1 |
| Pillow | MIT-CMU (HPND) |
| platformdirs | MIT |
| DejaVu fonts | Bitstream Vera / public-domain changes (see art/fonts/LICENSE-DejaVu.txt) |
| Python {python} | PSF License |
"""


def credits_markdown() -> str:
    try:
        import pygame
        pg = pygame.version.ver
    except Exception:  # pygame missing must not break the About box
        pg = "?"
    return CREDITS.format(version=__version__, pyside=pyside_version, pygame=pg,
                          python=platform.python_version())


class AboutDialog(QDialog):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Tabletop")
        self.resize(560, 520)
        lay = QVBoxLayout(self)
        text = QTextBrowser()
        text.setMarkdown(credits_markdown())
        lay.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
