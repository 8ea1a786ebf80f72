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
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from tabletop.store.atomic import write_json_atomic
from tabletop.store.paths import config_dir

log = logging.getLogger(__name__)

SETTINGS_FORMAT = 1
CARD_SIZES = ("small", "medium", "large")
PALETTES = ("normal", "colour-blind")
ANIMATION_SPEED_RANGE = (0.0, 2.0)


@dataclass
class Settings:
    animation_speed: float = 1.0        # 0 = no animation, 2 = twice as fast
    card_size: str = "medium"           # one of CARD_SIZES
    palette: str = "normal"             # one of PALETTES
    auto_pass: bool = True
    confirm_moves: bool = False
    fullscreen: bool = False
    last_new_match: dict = field(default_factory=dict)
    window_geometry: str = ""
    seen_rules: list[str] = field(default_factory=list)   # game ids whose rules were shown


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
    except ValueError as err:          # JSONDecodeError and UnicodeDecodeError included
        kept = _set_aside(path)
        log.warning("Settings file %s is damaged (%s); using defaults. The damaged file "
                    "was kept as %s.", path, err, kept)
        return Settings()
    return clean(data)


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
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            return _bad(name, value, default)
        lo, hi = ANIMATION_SPEED_RANGE
        return float(min(max(value, lo), hi))
    choices = {"card_size": CARD_SIZES, "palette": PALETTES}.get(name)
    if choices is not None:
        return value if value in choices else _bad(name, value, default)
    if name == "seen_rules":
        if not isinstance(value, list):
            return _bad(name, value, default)
        return list(dict.fromkeys(v for v in value if isinstance(v, str)))   # dedupe, keep order
    if isinstance(value, type(default)):
        return value
    return _bad(name, value, default)


def _bad(name: str, value, default):
    log.warning("Setting %s=%r is not valid; using %r.", name, value, default)
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
