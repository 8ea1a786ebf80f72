"""Where Tabletop keeps its files.

platformdirs' per-user folders, or everything under $TABLETOP_HOME when it is
set (tests and portable installs). Folders are created on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import PlatformDirs

_APP = "Tabletop"


def _dirs() -> PlatformDirs:
    return PlatformDirs(_APP, appauthor=False)


def _home() -> Path | None:
    home = os.environ.get("TABLETOP_HOME")
    return Path(home) if home else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    home = _home()
    return _ensure(home / "data" if home else Path(_dirs().user_data_dir))


def saves_dir() -> Path:
    return _ensure(data_dir() / "saves")


def config_dir() -> Path:
    home = _home()
    return _ensure(home / "config" if home else Path(_dirs().user_config_dir))


def cache_dir() -> Path:
    home = _home()
    return _ensure(home / "cache" if home else Path(_dirs().user_cache_dir))


def log_dir() -> Path:
    home = _home()
    return _ensure(home / "logs" if home else Path(_dirs().user_log_dir))
