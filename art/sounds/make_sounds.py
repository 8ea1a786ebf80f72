"""Synthesises Tabletop's sounds (art/sounds/*.wav): soft, short, our own.

Standard library only (math, random, array, wave), seeded, so the same script writes the same
files on every machine; tests/test_sound.py checks that the shipped WAVs are what it makes.

Run once when a sound changes:  python art/sounds/make_sounds.py [--out FOLDER]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 44100
FADE_IN = 0.004          # seconds: no click where a sound starts
FADE_OUT = 0.025         # ...nor where it stops

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def mix(into: Samples, sound: Samples, at: float = 0.0, gain: float = 1.0) -> Samples:
    """Add `sound` into `into` starting `at` seconds in (growing it as needed)."""
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain
    return into


def tone(freq: float, seconds: float, decay: float, partials=((1, 1.0),), attack: float = 0.003,
         glide_to: float | None = None) -> Samples:
    """A struck tone: sine partials (multiple, level) under an exponential decay (time constant
    `decay` seconds), its pitch gliding to `glide_to` if given."""
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq if glide_to is None else freq * (glide_to / freq) ** (i / n)
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(env * sum(level * math.sin(k * phase) for k, level in partials))
    return out


def lowpass(samples: Samples, cutoff) -> Samples:
    """A one-pole low-pass filter; `cutoff` in Hz, or a function of the sample's time."""
    out, y = [], 0.0
    for i, x in enumerate(samples):
        c = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2 * math.pi * c / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def band(samples: Samples, low: float, high) -> Samples:
    """Keep what lies between `low` and `high` Hz (two one-pole filters, a soft slope)."""
    lows = lowpass(samples, low)
    return [h - l for h, l in zip(lowpass(samples, high), lows)]


def noise(seconds: float, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def shaped(samples: Samples, envelope) -> Samples:
    """`samples` times `envelope(t)`."""
    return [v * envelope(i / RATE) for i, v in enumerate(samples)]


def strike(attack: float, decay: float):
    """The envelope of something struck: a quick rise, then an exponential fall."""
    return lambda t: min(1.0, t / attack) * math.exp(-t / decay)


# --- the sounds -------------------------------------------------------------------------
def card_played(rng: random.Random) -> Samples:
    """A card laid on the cloth: a short brushed slap with a soft thump under it."""
    slap = shaped(band(noise(0.22, rng), 350, 3200), strike(0.002, 0.028))
    thump = tone(150, 0.22, 0.035, ((1, 1.0), (2, 0.2)), attack=0.002, glide_to=110)
    return mix(mix(silence(0.22), slap, gain=3.0), thump, gain=0.35)


def card_drawn(rng: random.Random) -> Samples:
    """A card slid off the deck: a swish that rises and opens up, then falls away."""
    dur = 0.24
    swish = band(noise(dur, rng), 500, lambda t: 1400 + 5000 * t / dur)
    return shaped(swish, lambda t: math.sin(math.pi * min(1.0, t / dur)) ** 2 * (1 - 0.4 * t / dur))


def dice_rolled(rng: random.Random) -> Samples:
    """Dice on wood: a few knocks, each fainter, over a light rattle."""
    out = silence(0.5)
    for at, level in ((0.0, 1.0), (0.075, 0.75), (0.16, 0.62), (0.27, 0.45), (0.37, 0.3)):
        pitch = rng.uniform(1500, 2300)
        knock = tone(pitch, 0.08, 0.011, ((1, 1.0), (2.71, 0.35)), attack=0.0008)
        body = tone(rng.uniform(260, 340), 0.1, 0.018, attack=0.001)
        tick = shaped(band(noise(0.03, rng), 2000, 9000), strike(0.0005, 0.004))
        for part, gain in ((knock, 0.55), (body, 0.5), (tick, 1.6)):
            mix(out, part, at, gain * level)
    rattle = shaped(band(noise(0.45, rng), 1200, 6000), lambda t: 0.25 * math.exp(-t / 0.15))
    return mix(out, rattle)


def damage(rng: random.Random) -> Samples:
    """A blow landing: a low, muffled thud that drops in pitch."""
    thud = tone(160, 0.34, 0.085, ((1, 1.0), (2, 0.3), (3, 0.08)), attack=0.002, glide_to=58)
    hit = shaped(lowpass(noise(0.34, rng), 900), strike(0.001, 0.02))
    return mix(mix(silence(0.34), thud), hit, gain=2.2)


def piece_moved(rng: random.Random) -> Samples:
    """A wooden piece set down: a short hollow tok."""
    tok = tone(520, 0.17, 0.03, ((1, 1.0), (2.58, 0.3)), attack=0.001)
    tap = shaped(band(noise(0.17, rng), 800, 5000), strike(0.0005, 0.006))
    return mix(mix(silence(0.17), tok), tap, gain=0.9)


def bell(freq: float, seconds: float, decay: float) -> Samples:
    """A soft bell: the note, a little of its octave and twelfth, a gentle attack."""
    return tone(freq, seconds, decay, ((1, 1.0), (2, 0.22), (3, 0.06)), attack=0.006)


def your_turn(rng: random.Random) -> Samples:
    """Two rising notes, like a small chime: your move."""
    out = mix(silence(0.62), bell(659.25, 0.5, 0.2))          # E5
    return mix(out, bell(987.77, 0.5, 0.22), at=0.12)           # B5


def victory(rng: random.Random) -> Samples:
    """A bright rising arpeggio that rings on as a chord."""
    out = silence(1.15)
    notes = (523.25, 659.25, 783.99, 1046.5)                   # C5 E5 G5 C6
    for i, f in enumerate(notes):
        mix(out, bell(f, 1.15 - 0.11 * i, 0.18 if i < 3 else 0.42), at=0.11 * i)
    for f in notes[:3]:                                        # the chord under the last note
        mix(out, bell(f, 0.8, 0.35), at=0.33, gain=0.35)
    return out


def defeat(rng: random.Random) -> Samples:
    """Three slow falling notes in a minor key, soft and dark."""
    out = silence(1.15)
    for i, f in enumerate((392.0, 311.13, 261.63)):            # G4 Eb4 C4
        note = tone(f, 1.15 - 0.2 * i, 0.22 if i < 2 else 0.38, ((1, 1.0), (2, 0.12)), attack=0.02)
        mix(out, note, at=0.2 * i, gain=1.0 - 0.1 * i)
    return out


# name -> (how it is made, its loudest sample as a share of full scale: never clipping, and
# the chimes kept softer than the table's knocks)
SOUNDS = {
    "card_played": (card_played, 0.45),
    "card_drawn": (card_drawn, 0.3),
    "dice_rolled": (dice_rolled, 0.42),
    "damage": (damage, 0.5),
    "piece_moved": (piece_moved, 0.4),
    "your_turn": (your_turn, 0.3),
    "victory": (victory, 0.34),
    "defeat": (defeat, 0.32),
}


def finish(samples: Samples, peak: float) -> array:
    """Faded in and out, scaled so its loudest sample is `peak`, as 16-bit integers."""
    n = len(samples)
    fade_in, fade_out = int(FADE_IN * RATE), int(FADE_OUT * RATE)
    faded = []
    for i, v in enumerate(samples):
        if i < fade_in:
            v *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
        if i >= n - fade_out:
            v *= 0.5 - 0.5 * math.cos(math.pi * (n - 1 - i) / fade_out)
        faded.append(v)
    scale = peak * 32767 / (max(abs(v) for v in faded) or 1.0)
    return array("h", (round(v * scale) for v in faded))


def render(name: str) -> array:
    make, peak = SOUNDS[name]
    # each sound its own seed, so changing one leaves the others' files as they are
    return finish(make(random.Random(f"tabletop-{name}")), peak)


def write_wav(path: Path, samples: array) -> None:
    if sys.byteorder != "little":            # WAV holds little-endian samples
        samples = array("h", samples)
        samples.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="the folder to write into (default: art/sounds)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        samples = render(name)
        write_wav(args.out / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s  peak {max(map(abs, samples)) / 32767:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
