"""The table's sounds: our own short WAVs (art/sounds, written by make_sounds.py) played
through pygame's mixer.

Which event makes which sound is each game's knowledge (its presentation/sounds.py maps event
kinds to the NAMES here); the table page asks a SoundBoard to play them as the events are shown.
A computer without a working audio device plays nothing: the mixer is tried once, and a failure
costs one quiet line in the log, never a message or the match.
"""

from __future__ import annotations

import io
import logging
import os
import sys
from collections import deque
from contextlib import contextmanager
from importlib.resources import files
from pathlib import Path

log = logging.getLogger(__name__)

CARD_PLAYED, CARD_DRAWN, DICE_ROLLED, DAMAGE = "card_played", "card_drawn", "dice_rolled", "damage"
PIECE_MOVED, YOUR_TURN, VICTORY, DEFEAT = "piece_moved", "your_turn", "victory", "defeat"
NAMES = (CARD_PLAYED, CARD_DRAWN, DICE_ROLLED, DAMAGE, PIECE_MOVED, YOUR_TURN, VICTORY, DEFEAT)

RATE = 44100
BUFFER = 512          # samples: about 12 ms, so a sound starts with what it goes with


def sound_folder():
    """art/sounds: an install ships it as the package tabletop.art.sounds; a source checkout
    whose tabletop.art comes from elsewhere (an editable install of another checkout) has no
    such package, so the checkout's own art/sounds is read."""
    try:
        return files("tabletop.art.sounds")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "art" / "sounds"


def loudness(volume: int) -> float:
    """The mixer's level (0-1) for the 0-100 volume setting: squared, so the slider's steps
    sound about even (the ear hears the level's logarithm, not the level)."""
    return (max(0, min(100, volume)) / 100) ** 2


@contextmanager
def _quiet_stderr():
    """ALSA writes a dozen lines to stderr when there is no sound card; the log says it once."""
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBoard:
    """The app's sounds: started once, at a volume, possibly muted, possibly without a device."""

    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.silent_because: str | None = None      # why nothing can play (no device...)
        # the names the mixer was asked to play, the latest few thousand (a long match plays more)
        self.played: deque[str] = deque(maxlen=4096)
        self._sounds: dict[str, object] | None = None

    def start(self) -> bool:
        """Open the audio device and load the sounds, once; whether sounds can play."""
        if self._sounds is not None:
            return True
        if self.silent_because is not None:
            return False
        try:
            import pygame
            with _quiet_stderr():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 2, BUFFER)
            folder = sound_folder()
            sounds = {}
            for name in NAMES:
                wav = folder.joinpath(f"{name}.wav").read_bytes()
                sounds[name] = pygame.mixer.Sound(file=io.BytesIO(wav))
        except Exception as exc:       # noqa: BLE001 - no device, no mixer, a bad file: silence
            self.silent_because = str(exc) or exc.__class__.__name__
            log.info("Sound is off: %s", self.silent_because)
            return False
        self._sounds = sounds
        return True

    def set_level(self, volume: int, muted: bool) -> None:
        """A new volume (0-100) or mute: heard from the next sound on."""
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if not self.muted and self.volume > 0 and self.start():
            self._play(name, self.volume)

    def preview(self, volume: int) -> None:
        """One sound at `volume` (the Settings slider let go), whatever is set now."""
        if volume > 0 and self.start():
            self._play(CARD_PLAYED, volume)

    def _play(self, name: str, volume: int) -> None:
        sound = self._sounds[name]
        try:
            sound.set_volume(loudness(volume))      # a sound's own level: set as it starts
            sound.play()
        except Exception as exc:       # noqa: BLE001 - a sound is never worth the match
            log.info("Could not play %s: %s", name, exc)
            return
        self.played.append(name)
