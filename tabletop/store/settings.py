"""Player settings in config_dir()/settings.json.

Settings must never stop the app from starting: a missing file gives defaults,
a damaged one gives defaults plus a warning (and is kept aside as
settings.json.damaged, never deleted), and each bad value falls back or is
clamped on its own so one odd entry does not reset the rest.
"""

from __future__ import annotations

import json
import logging
import math
import reprlib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from tabletop.store.atomic import write_json_atomic
from tabletop.store.paths import config_dir

log = logging.getLogger(__name__)

SETTINGS_FORMAT = 1
CARD_SIZES = ("small", "medium", "large")
PALETTES = ("normal", "colour-blind")
ANIMATION_SPEED_RANGE = (0.0, 2.0)
VOLUME_RANGE = (0, 100)


@dataclass
class Settings:
    animation_speed: float = 1.0        # 0 = no animation, 2 = twice as fast
    card_size: str = "medium"           # one of CARD_SIZES
    palette: str = "normal"             # one of PALETTES
    auto_pass: bool = True
    volume: int = 70                    # the sounds' volume, 0-100
    muted: bool = False
    confirm_moves: bool = False
    fullscreen: bool = False
    last_new_match: dict = field(default_factory=dict)
    window_geometry: str = ""
    seen_rules: list[str] = field(default_factory=list)   # game ids whose rules were shown
    relay: str = ""                     # a `tabletop relay` (host:port) for matches over the internet
    lessons_done: list[str] = field(default_factory=list)  # game ids whose lesson was finished


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | str | None = None) -> Settings:
    path = Path(path) if path is not None else settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as err:
        log.warning("Could not read settings file %s (%s); using defaults.", path, err)
        return Settings()
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    # JSONDecodeError and UnicodeDecodeError are ValueErrors; RecursionError: nested too deep
    # ("[" * 100000); MemoryError: a file too big to hold
    except (ValueError, RecursionError, MemoryError) as err:
        kept = _set_aside(path)
        log.warning("Settings file %s is damaged (%s); using defaults. The damaged file "
                    "was %s.", path, err.__class__.__name__ if isinstance(err, RecursionError)
                    else err, f"kept as {kept}" if kept else "left as it is")
        return Settings()
    try:
        return clean(data)
    except Exception as err:           # noqa: BLE001 - settings never stop the app
        log.warning("Settings file %s holds values that cannot be read (%s); using defaults. "
                    "The file was left as it is.", path, err.__class__.__name__)
        return Settings()


def save_settings(settings: Settings, path: Path | str | None = None) -> Path:
    path = Path(path) if path is not None else settings_path()
    data = asdict(clean(asdict(settings)))
    data["format"] = SETTINGS_FORMAT
    return write_json_atomic(path, data)


def clean(data: dict) -> Settings:
    """Settings from a dict: unknown keys ignored, bad values defaulted or clamped."""
    s = Settings()
    for f in fields(Settings):
        if f.name in data:
            value = _clean_value(f.name, data[f.name], getattr(s, f.name))
            setattr(s, f.name, value)
    return s


def _clean_value(name: str, value, default):
    if name == "animation_speed":
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or (isinstance(value, float) and math.isnan(value))):   # a huge int is no float
            return _bad(name, value, default)
        lo, hi = ANIMATION_SPEED_RANGE
        return float(min(max(value, lo), hi))
    if name == "volume":
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or (isinstance(value, float) and not math.isfinite(value))):
            return _bad(name, value, default)
        lo, hi = VOLUME_RANGE
        return int(min(max(round(value), lo), hi))
    choices = {"card_size": CARD_SIZES, "palette": PALETTES}.get(name)
    if choices is not None:
        return value if value in choices else _bad(name, value, default)
    if name in ("seen_rules", "lessons_done"):
        if not isinstance(value, list):
            return _bad(name, value, default)
        return list(dict.fromkeys(v for v in value if _text(v)))   # dedupe, keep order
    if name == "last_new_match":
        if not isinstance(value, dict):
            return _bad(name, value, default)
        kept = _plain(value, LAST_DEPTH)
        if kept is None:
            return _bad(name, "<nested too deep>", default)
        return kept
    if isinstance(default, str):
        return value if _text(value) else _bad(name, value, default)
    if isinstance(value, type(default)):
        return value
    return _bad(name, value, default)


def _text(value) -> bool:
    """A str that can be written back: JSON reads lone surrogates ("\\ud800") that no UTF-8
    file can hold."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


LAST_DEPTH = 6       # {"options": {game: {key: value}}}, {"seats": [[kind, name]]}: 4 deep


def _plain(value, depth: int):
    """`value` (JSON data) as a fresh copy, or None when it nests deeper than `depth`: the
    dialog that reads it checks every value's type; this only keeps saving it cheap, and
    writable (a number JSON cannot write, NaN or infinite, and a text no file can hold become
    null; an entry under such a name is dropped)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, str) and not _text(value):
        return None
    if isinstance(value, dict):
        if depth <= 0:
            return None
        out = {}
        for k, v in value.items():
            if not _text(k):
                continue
            v = _plain(v, depth - 1)
            if v is None and isinstance(value[k], (dict, list)):     # nested too deep
                return None
            out[k] = v
        return out
    if isinstance(value, list):
        if depth <= 0:
            return None
        out = []
        for v in value:
            c = _plain(v, depth - 1)
            if c is None and isinstance(v, (dict, list)):
                return None
            out.append(c)
        return out
    return value


def _bad(name: str, value, default):
    # reprlib: a value nested deep or very long is shown in a few characters, never raises
    log.warning("Setting %s=%s is not valid; using %r.", name, reprlib.repr(value), default)
    return default


def _set_aside(path: Path) -> Path | None:
    """Rename a damaged settings file so the next save cannot rotate it away."""
    target = path.with_name(path.name + ".damaged")
    n = 1
    while target.exists():             # never overwrite an earlier damaged copy
        n += 1
        target = path.with_name(f"{path.name}.damaged-{n}")
    try:
        path.rename(target)
    except OSError as err:
        log.warning("Could not rename damaged settings file %s: %s", path, err)
        return None
    return target
