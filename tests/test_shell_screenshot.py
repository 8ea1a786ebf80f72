"""`tabletop screenshot` photographs a match without touching the player's settings."""

from __future__ import annotations

import pytest

from tabletop.store.settings import load_settings, save_settings

pytestmark = pytest.mark.gui


def test_a_screenshot_leaves_the_players_settings_as_they_were(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    from tabletop.shell.screenshot import screenshot
    mine = load_settings()
    mine.animation_speed = 1.5
    save_settings(mine)
    before = load_settings()
    out = screenshot("paargus", tmp_path / "shot.png", moves=3, size=(1280, 720))
    assert out.stat().st_size > 10_000
    after = load_settings()
    assert after.animation_speed == 1.5 and after == before
