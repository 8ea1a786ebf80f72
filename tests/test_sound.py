"""Sound: our own WAVs (made by art/sounds/make_sounds.py, checked here to be what it makes),
each game's map from its events to them, the table playing them as a match goes on (one of
each per batch of events, "your turn", the match's end), the volume and Mute in Settings kept
across launches, and a computer without an audio device: silence, one quiet log line, and
the match goes on.

The suite runs with SDL_AUDIODRIVER=dummy (conftest): a working device that plays nothing, so
the journeys see what the mixer was asked to play in the sound board's `played` record."""

from __future__ import annotations

import array
import logging
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from journey_games import GAMES, seats
from player import Player, answering, click, settle, wait_until
from tabletop.core.event import Event
from tabletop.games.registry import game_ids
from tabletop.shell.presentations import presentation
from tabletop.table.scene import Scene
from tabletop.table.sound import NAMES, RATE, loudness
from tabletop.store.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = ROOT / "art" / "sounds"


def samples(path: Path) -> tuple[tuple, array.array]:
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        data.byteswap()
    return params, data


# --- the files ---------------------------------------------------------------------------
def test_the_script_makes_the_shipped_sounds(tmp_path):
    """Run as a person would (standard library only); every sample within one step of the
    shipped file's (a platform's sin() may round its last bit the other way)."""
    done = subprocess.run([sys.executable, str(SOUNDS / "make_sounds.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert made == sorted(f"{n}.wav" for n in NAMES)
    for name in made:
        (p1, fresh), (p2, shipped) = samples(tmp_path / name), samples(SOUNDS / name)
        assert p1 == p2 and len(fresh) == len(shipped), name
        assert max(abs(a - b) for a, b in zip(fresh, shipped)) <= 1, name


@pytest.mark.parametrize("name", NAMES)
def test_every_sound_is_a_short_soft_wav_that_starts_and_ends_in_silence(name):
    params, data = samples(SOUNDS / f"{name}.wav")
    assert params == (1, 2, RATE)                            # mono, 16-bit
    assert 0.1 <= len(data) / RATE <= 1.5                    # a few hundred ms, a chord at most
    peak = max(abs(v) for v in data) / 32767
    assert 0.2 <= peak <= 0.6, peak                          # heard, never clipping, soft
    assert abs(data[0]) < 200 and abs(data[-1]) < 50         # faded in and out: no click


def test_volume_follows_the_slider_evenly():
    assert loudness(0) == 0 and loudness(100) == 1 and loudness(150) == 1 and loudness(-3) == 0
    assert 0.2 < loudness(50) < 0.3


# --- which event makes which sound: each game's knowledge, in the same shape --------------
@pytest.mark.parametrize("game", game_ids())
def test_every_game_maps_events_it_tells_to_named_sounds(game):
    from importlib import import_module
    table = presentation(game).make_presenter
    mapping = import_module(f"tabletop.games.{game}.presentation.sounds").SOUNDS
    assert table.sounds is mapping and mapping, "the presenter plays its game's sounds.py"
    assert all(isinstance(k, str) for k in mapping)
    assert set(mapping.values()) <= set(NAMES), set(mapping.values()) - set(NAMES)
    told = table.narrator.tellers
    assert set(mapping) <= set(told), f"kinds {set(mapping) - set(told)} are no events of {game}"


def test_a_batch_cues_each_sound_once_in_the_order_the_events_come():
    from tabletop.table.playback import Playback
    scene = Scene()
    heard = []
    events = [Event("draw", {"seat": 0})] * 10 + [Event("play", {}), Event("draw", {}), Event("turn", {})]
    Playback(scene, lambda sid: None).play(events, {"draw": "card_drawn", "play": "card_played"},
                                            heard.append)
    assert heard == ["card_drawn", "card_played"]
    Playback(scene, lambda sid: None).play(events, {"draw": "card_drawn"})    # no cue: silent


# --- in the app ---------------------------------------------------------------------------
def expected_sounds(me: Player) -> list[str]:
    """What the table should be heard playing from now on, batch by batch of events, read
    from the moves as they come (connected after the table page's own slot): each sound the
    game maps the batch's events to, once, in order; then "your turn" when the batch gave
    the turn to the player, or the match's end for the human."""
    out: list[str] = []
    was = {"mine": me.ctrl.my_turn()}
    mapping = me.page.presenter.sounds

    def batch(events):
        out.extend(dict.fromkeys(mapping[e.kind] for e in events if e.kind in mapping))
        mine, result = me.ctrl.my_turn(), me.ctrl.match.result()
        if result is not None:
            if result.winners:
                out.append("victory" if me.ctrl.viewer in result.winners else "defeat")
        elif mine and not was["mine"]:
            out.append("your_turn")
        was["mine"] = mine

    me.ctrl.changed.connect(batch)
    return out


def test_a_match_is_heard_move_by_move_to_its_end(qapp, tabletop_home):
    """Paargus, one hand: cards laid and drawn, the chime when the bot gives the turn back,
    and the defeat the beginner's way of playing always ends in."""
    game = GAMES["paargus"]
    me = Player()
    me.set_animations_off()
    me.new_match("paargus", seats(2, hands=1))
    board = me.page.sounds
    assert board.silent_because is None and board.start()     # the dummy device: it "plays"
    start = len(board.played)
    expected = expected_sounds(me)
    me.play(0, game.route, game.choose, until_over=True, timeout=300)
    wait_until(lambda: not me.scene.busy, what="the last animations")
    heard = list(board.played)[start:]
    assert heard == expected
    assert heard[-1] == "defeat", heard[-6:]
    for name in ("card_played", "card_drawn", "your_turn"):
        assert name in heard, (name, heard)
    me.close()


def open_settings(me: Player, answer) -> None:
    from tabletop.shell.settings_dialog import SettingsDialog
    with answering(SettingsDialog, answer):
        me.menu("&Edit", "&Settings…")


def test_volume_and_mute_are_set_in_settings_and_kept_across_launches(qapp, tabletop_home):
    me = Player()
    me.set_animations_off()
    me.new_match("paargus", seats(2))
    board = me.page.sounds
    assert load_settings().volume == 70 and not load_settings().muted     # as first launched

    def quieter(dlg):
        dlg.volume.setFocus()
        before = len(board.played)
        QTest.keyClick(dlg.volume, Qt.Key_Home)              # silent: nothing to preview
        for _ in range(3):
            QTest.keyClick(dlg.volume, Qt.Key_PageUp)        # 10 a step
        assert dlg.volume.value() == 30 and dlg.volume_value.text() == "30%"
        assert list(board.played)[before:] == ["card_played"] * 3     # heard at each level
        me.press(dlg, "OK")

    open_settings(me, quieter)
    assert (me.win.settings.volume, board.volume) == (30, 30)     # at once, no restart
    assert load_settings().volume == 30

    def muted(dlg):
        assert dlg.volume.value() == 30 and not dlg.mute.isChecked()
        click(dlg.mute)
        assert dlg.mute.isChecked()
        me.press(dlg, "OK")

    open_settings(me, muted)
    assert board.muted and load_settings().muted and load_settings().volume == 30
    before = len(board.played)
    game = GAMES["paargus"]
    me.play(2, game.route, game.choose)                       # moves made: nothing heard
    assert list(board.played)[before:] == []
    me.close()

    again = Player()                                          # the next launch
    assert again.page.sounds.muted and again.page.sounds.volume == 30

    def as_left(dlg):
        assert dlg.volume.value() == 30 and dlg.mute.isChecked()
        click(dlg.mute)                                       # sound back on
        again.press(dlg, "OK")

    open_settings(again, as_left)
    assert not load_settings().muted and not again.page.sounds.muted
    again.close()


def test_about_credits_the_sounds(qapp, tabletop_home):
    from PySide6.QtWidgets import QTextBrowser

    from tabletop.shell.about import AboutDialog
    me = Player()
    said = []

    def read(dlg):
        said.append(dlg.findChild(QTextBrowser).toPlainText())
        me.press(dlg, "OK")

    with answering(AboutDialog, read):
        me.menu("&Help", "&About Tabletop")
    assert "Sounds: our own, synthesised by art/sounds/make_sounds.py" in said[0]
    me.close()


def test_without_an_audio_device_the_app_plays_on_in_silence(qapp, tabletop_home, monkeypatch, caplog):
    """SDL finds no such audio driver: pygame.mixer.init() fails, as on a computer with no
    sound card. No message, no traceback: one quiet line in the log, and the match plays on."""
    import pygame
    pygame.mixer.quit()                                       # the suite's dummy device closed
    monkeypatch.setenv("SDL_AUDIODRIVER", "nonexistent")
    try:
        with caplog.at_level(logging.INFO):
            me = Player()
            me.set_animations_off()
            me.new_match("paargus", seats(2))
            game = GAMES["paargus"]
            made = me.play(4, game.route, game.choose)
            settle(50)
        board = me.page.sounds
        assert made == 4 and me.on_table() and me.win.isVisible()
        assert list(board.played) == [] and board.silent_because
        said = [r for r in caplog.records if r.name == "tabletop.table.sound"]
        assert [(r.levelname, r.getMessage().split(":")[0]) for r in said] == [("INFO", "Sound is off")]
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
        me.close()
    finally:
        pygame.mixer.quit()              # the next sound board opens the suite's dummy device
