"""Fonts load from the bundle, and a missing or broken font never crashes the table."""

import logging

import pygame
import pytest

from tabletop.table import fonts
from tabletop.table.pgsetup import init_offscreen


@pytest.fixture(autouse=True)
def fresh_fonts():
    init_offscreen()
    fonts.font.cache_clear()
    fonts._warned.clear()
    yield
    fonts.font.cache_clear()
    fonts._warned.clear()


def test_bundled_font_loads_and_is_cached():
    f = fonts.font(24, bold=True)
    assert isinstance(f, pygame.font.Font)
    assert fonts.font(24, bold=True) is f


def test_missing_font_falls_back(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(fonts, "font_path", lambda bold=False, serif=False: tmp_path / "nope.ttf")
    with caplog.at_level(logging.WARNING):
        f = fonts.font(20)
        fonts.font(30)
    assert f.size("Hello")[0] > 0
    assert caplog.text.count("could not be loaded") == 1  # once per style, not per size


def test_broken_font_falls_back(monkeypatch, tmp_path):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"definitely not a font")
    monkeypatch.setattr(fonts, "font_path", lambda bold=False, serif=False: bad)
    surf = pygame.Surface((200, 50))
    rect = fonts.draw_text(surf, "Still here", (100, 25), 18, (255, 255, 255), anchor="center")
    assert rect.width > 0


def test_font_package_missing_falls_back(monkeypatch):
    def boom(bold=False, serif=False):
        raise ModuleNotFoundError("tabletop.art")
    monkeypatch.setattr(fonts, "font_path", boom)
    assert fonts.font(16, serif=True).get_height() > 0


def test_draw_text_anchor():
    surf = pygame.Surface((300, 100))
    rect = fonts.draw_text(surf, "Score", (150, 50), 24, (250, 250, 250), anchor="center")
    assert rect.center == (150, 50)
    lit = [surf.get_at((x, y)) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
    assert any(c.r > 128 for c in lit)


def test_wrap_text_fits_width():
    f = fonts.font(20)
    text = "Play a card of the suit led if you can; otherwise play any card. " * 3
    lines = fonts.wrap_text(text, f, 240)
    assert len(lines) > 3
    assert all(f.size(line)[0] <= 240 for line in lines)
    assert " ".join(lines).split() == text.split()
    long = fonts.wrap_text("Supercalifragilisticexpialidocious", f, 60)
    assert all(f.size(line)[0] <= 60 for line in long) and "".join(long) == "Supercalifragilisticexpialidocious"
    assert fonts.wrap_text("one\n\ntwo", f, 500) == ["one", "", "two"]


def test_a_label_too_long_is_shortened_between_words_never_inside_one():
    from tabletop.table.presenter import short
    line = "Top: Ilsa of the Turning Glass plays Quickened Step on Master Oren Vell, aimed at Kira"
    got = short(line, 60)
    assert len(got) <= 60 and got.endswith("…")
    assert line.startswith(got[:-1]) and line[len(got) - 1] == " ", got      # cut at a space
    assert short("Short enough", 60) == "Short enough"
    # one long word has no space to cut at: cut inside it rather than lose the line
    assert short("x" * 40, 20) == "x" * 19 + "…"
    # a comma before the cut does not stay before the ellipsis
    assert not short("Play Ember Adept, then draw a card, and gain three energy now", 36).endswith(",…")
