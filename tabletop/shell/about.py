"""About Tabletop: the version and the licences of what we bundle."""

from __future__ import annotations

import platform
import re

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from tabletop import __version__

CREDITS = """
# Tabletop {version}

Card and board games with every rule enforced, played offline against a built-in bot or a friend.

All cards, sigils, names and texts are Tabletop's own designs. The games belong to their designers
and publishers; each game's rules page credits them, as here:

{games}

## Bundled software and fonts

| Component | Licence |
|---|---|
| Qt for Python (PySide6 {pyside}) | LGPL v3 |
| pygame-ce {pygame} | LGPL v2.1 |
| Pillow | MIT-CMU (HPND) |
| platformdirs | MIT |
| DejaVu fonts | Bitstream Vera / public-domain changes (see art/fonts/LICENSE-DejaVu.txt) |
| Sounds: our own, synthesised by art/sounds/make_sounds.py | Tabletop's own |
| Card pictures: game-icons.net (https://game-icons.net) by Lorc, Delapouite and contributors | CC BY 3.0 (see art/icons/LICENSE.txt) |
| Python {python} | PSF License |
"""


# the credit line every rules page carries under its title
CREDIT_LINE = re.compile(r"^\*((?:Game design|Published)[^*]+)\*\s*$", re.M)


def game_credits() -> list[tuple[str, str]]:
    """(title, credit) of every game, read from its rules page: About says what the pages say."""
    from tabletop.games.registry import all_games
    from tabletop.shell.presentations import presentation
    out = []
    for game in all_games():
        try:
            found = CREDIT_LINE.search(presentation(game.info.id).rules_markdown())
        except Exception:  # a game without a readable page must not break the About box
            found = None
        credit = found.group(1).split(". This page")[0].rstrip(".") + "." if found else ""
        out.append((game.info.title, credit))
    return out


def credits_markdown() -> str:
    try:
        import pygame
        pg = pygame.version.ver
    except Exception:  # pygame missing must not break the About box
        pg = "?"
    games = "\n".join(f"- **{title}**: {credit}" for title, credit in game_credits() if credit)
    return CREDITS.format(version=__version__, pyside=pyside_version, pygame=pg,
                          python=platform.python_version(), games=games)


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
