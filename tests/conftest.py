import os
import sys
from pathlib import Path

# Headless everywhere: no test may open a real window.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def tabletop_home(tmp_path, monkeypatch):
    """Every test gets its own TABLETOP_HOME so nothing touches the real user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    # an empty face cache per test: warming every match's faces would only load the machine
    # (the warmer's own tests turn it on)
    from tabletop.shell import warmer
    monkeypatch.setattr(warmer, "ENABLED", False)
    return home


@pytest.fixture
def themed(qapp):
    """The app's own fonts and stylesheet (what players see), put back afterwards."""
    from tabletop.shell.theme import apply_theme
    before = (qapp.styleSheet(), qapp.font(), qapp.palette(), qapp.style().name())
    apply_theme(qapp)
    yield qapp
    sheet, font, palette, style = before
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setPalette(palette)
    qapp.setStyle(style)
