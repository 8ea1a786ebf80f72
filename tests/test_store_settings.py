"""Settings: defaults, round trip, damaged files kept, bad values defaulted or clamped."""

import json
import logging

import pytest

from tabletop.store.paths import config_dir
from tabletop.store.settings import Settings, load_settings, save_settings, settings_path


def test_defaults_when_missing():
    assert load_settings() == Settings(animation_speed=1.0, card_size="medium", palette="normal",
                                       auto_pass=True, confirm_moves=False, fullscreen=False,
                                       last_new_match={}, window_geometry="", seen_rules=[],
                                       volume=70, muted=False)
    assert not settings_path().exists()              # reading creates nothing


def test_lives_in_config_dir(tabletop_home):
    assert settings_path() == config_dir() / "settings.json"
    assert str(settings_path()).startswith(str(tabletop_home))


def test_round_trip():
    s = Settings(animation_speed=0.5, card_size="large", palette="colour-blind", auto_pass=False,
                 confirm_moves=True, fullscreen=True,
                 last_new_match={"game": "paargus", "players": 3, "seats": ["human", "bot"]},
                 window_geometry="AdnQywADAAAAAAB", seen_rules=["paargus"])
    path = save_settings(s)
    assert path == settings_path()
    assert load_settings() == s
    assert json.loads(path.read_text("utf-8"))["card_size"] == "large"


def test_save_keeps_backup():
    save_settings(Settings(card_size="small"))
    save_settings(Settings(card_size="large"))
    bak = settings_path().with_name("settings.json.bak")
    assert json.loads(bak.read_text("utf-8"))["card_size"] == "small"


@pytest.mark.parametrize("content", [b"{not json", b'{"card_size": "sm', b"\xff\xfe", b"[1, 2]",
                                     b""])
def test_damaged_file_gives_defaults_and_is_kept(content, caplog):
    path = settings_path()
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="tabletop.store.settings"):
        assert load_settings() == Settings()
    assert "damaged" in caplog.text
    kept = path.with_name("settings.json.damaged")
    assert kept.read_bytes() == content
    save_settings(Settings(fullscreen=True))         # the next save cannot lose it
    save_settings(Settings(fullscreen=False))
    assert kept.read_bytes() == content


def test_second_damaged_file_does_not_overwrite_first():
    path = settings_path()
    path.write_bytes(b"first{")
    load_settings()
    path.write_bytes(b"second{")
    load_settings()
    assert path.with_name("settings.json.damaged").read_bytes() == b"first{"
    assert path.with_name("settings.json.damaged-2").read_bytes() == b"second{"


def test_unknown_keys_ignored_and_values_cleaned(caplog):
    settings_path().write_text(json.dumps({
        "animation_speed": 7, "card_size": "huge", "palette": "colour-blind",
        "auto_pass": "yes", "confirm_moves": True, "fullscreen": 1, "last_new_match": [],
        "window_geometry": 12, "seen_rules": ["paargus", 3, "paargus", "toynim"],
        "volume": 11, "muted": "no", "sparkles": 11, "format": 99}), "utf-8")
    with caplog.at_level(logging.WARNING):
        s = load_settings()
    assert s == Settings(animation_speed=2.0, card_size="medium", palette="colour-blind",
                         auto_pass=True, confirm_moves=True, fullscreen=False, last_new_match={},
                         window_geometry="", seen_rules=["paargus", "toynim"], volume=11, muted=False)
    assert "card_size" in caplog.text and "muted" in caplog.text
    assert settings_path().with_name("settings.json.damaged").exists() is False


@pytest.mark.parametrize("raw, expected", [(-1, 0.0), (0, 0.0), (1.25, 1.25), (2, 2.0), (2.5, 2.0),
                                           (1e308, 2.0), (True, 1.0), ("fast", 1.0), (None, 1.0)])
def test_animation_speed_clamped(raw, expected):
    settings_path().write_text(json.dumps({"animation_speed": raw}), "utf-8")
    s = load_settings()
    assert s.animation_speed == expected and isinstance(s.animation_speed, float)


@pytest.mark.parametrize("raw, expected", [(-5, 0), (0, 0), (35, 35), (35.6, 36), (100, 100), (250, 100),
                                           (10 ** 400, 100), (True, 70), ("loud", 70), (None, 70)])
def test_volume_clamped_to_0_100(raw, expected):
    settings_path().write_text(json.dumps({"volume": raw, "muted": True}), "utf-8")
    s = load_settings()
    assert (s.volume, s.muted) == (expected, True) and type(s.volume) is int


def test_nan_volume_defaults():
    settings_path().write_text('{"volume": Infinity}', "utf-8")
    assert load_settings().volume == 70


def test_nan_speed_defaults():
    settings_path().write_text('{"animation_speed": NaN}', "utf-8")
    assert load_settings().animation_speed == 1.0


def test_save_clamps_too():
    save_settings(Settings(animation_speed=9.0, card_size="giant"))
    data = json.loads(settings_path().read_text("utf-8"))
    assert (data["animation_speed"], data["card_size"]) == (2.0, "medium")
