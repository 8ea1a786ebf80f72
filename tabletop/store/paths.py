"""Where Tabletop keeps its files.

platformdirs' per-user folders, or everything under $TABLETOP_HOME when it is
set (tests and portable installs). Folders are created on first use.

A folder that cannot be made (a read-only or full disk, a file where the folder
should be) never stops the app: the path is returned all the same, a warning is
logged once, and whatever then writes there fails with an OSError its caller
handles. `unwritable()` says which folder the player's files cannot go to.
"""

from __future__ import annotations

import errno
import logging
import os
import tempfile
from pathlib import Path

from platformdirs import PlatformDirs

log = logging.getLogger(__name__)

_APP = "Tabletop"
_warned: set[Path] = set()        # folders already reported as impossible to make


def _dirs() -> PlatformDirs:
    return PlatformDirs(_APP, appauthor=False)


def _home() -> Path | None:
    home = os.environ.get("TABLETOP_HOME")
    return Path(home) if home else None


def _ensure(path: Path) -> Path:
    """`path`, made if it is missing; left missing (with a warning, once) when it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as err:       # ValueError: a NUL in $TABLETOP_HOME
        if path not in _warned:
            _warned.add(path)
            log.warning("Could not make the folder %s (%s): nothing can be written there.",
                        path, err)
    return path


def data_dir() -> Path:
    home = _home()
    return _ensure(home / "data" if home else Path(_dirs().user_data_dir))


def saves_dir() -> Path:
    return _ensure(data_dir() / "saves")


def history_path() -> Path:
    """The match-history database (store/history.py), in the user data folder."""
    return data_dir() / "history.db"


def config_dir() -> Path:
    home = _home()
    return _ensure(home / "config" if home else Path(_dirs().user_config_dir))


def cache_dir() -> Path:
    home = _home()
    return _ensure(home / "cache" if home else Path(_dirs().user_cache_dir))


def log_dir() -> Path:
    home = _home()
    return _ensure(home / "logs" if home else Path(_dirs().user_log_dir))


def write_problem(folder: Path) -> str:
    """Why no file can be written in `folder` now, in words for the player ("the disk is
    full"), or "" when one can. Tried with a scratch file of one byte, removed again:
    permissions alone do not say it (root, a read-only disk), and a full disk still makes
    empty files."""
    try:
        fd, name = tempfile.mkstemp(prefix=".tabletop-probe-", dir=folder)
    except (OSError, ValueError) as exc:
        return why_in_words(exc)
    try:
        try:
            os.write(fd, b"\0")
        finally:
            os.close(fd)
    except OSError as exc:
        return why_in_words(exc)
    finally:
        try:
            os.unlink(name)
        except OSError:
            pass
    return ""


def why_in_words(exc: Exception) -> str:
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if code == errno.EROFS:
        return "the disk is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return "you may not write there"
    return "it cannot be made or written"


def can_write(folder: Path) -> bool:
    """Whether a file can be written in `folder` now (see `write_problem`)."""
    return not write_problem(folder)


def unwritable() -> tuple[Path, str] | None:
    """The first of the player's folders (settings, saved games) that cannot be written to,
    and why in words, or None when both can."""
    for folder in (config_dir(), saves_dir()):
        why = write_problem(folder)
        if why:
            return folder, why
    return None
