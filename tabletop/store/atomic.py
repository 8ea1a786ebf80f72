"""Crash-safe file writes.

A write goes to a temporary file in the same folder, is flushed to disk, then
renamed over the target: a crash leaves either the old file or the new one,
never half of each. The previous version is kept as `<name>.bak`, made by hard
link (or copy) *before* the rename, so at every moment at least one complete
copy exists. A crash mid-write leaves a hidden `.<name>.<8 chars>.tmp` file;
remove_stale_temps clears those once they are old.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import tempfile
import time
import uuid
from pathlib import Path

# A write takes milliseconds: a temporary file untouched for this long belongs to no
# running copy of the app, only to one that crashed or was killed mid-write.
STALE_TEMP_SECONDS = 10 * 60

# The names _write_temp (mkstemp) and _keep_backup (uuid) give their temporary files.
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")


def backup_path(path: Path | str) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path | str, data: bytes, backup: bool = True) -> Path:
    """Replace `path` with `data` atomically; keep the old file as `<name>.bak`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(path.parent, path.name, data)
    try:
        if backup and path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    _fsync_dir(path.parent)
    return path


def write_json_atomic(path: Path | str, obj, backup: bool = True) -> Path:
    # allow_nan=False: NaN/Infinity are not JSON and other readers would choke.
    text = json.dumps(obj, ensure_ascii=False, indent=1, allow_nan=False)
    return write_atomic(path, (text + "\n").encode("utf-8"), backup=backup)


def _write_temp(folder: Path, name: str, data: bytes) -> str:
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def _keep_backup(path: Path) -> None:
    """Make `<name>.bak` a complete copy of `path` without ever removing `path`.

    The copy is built under a temporary name and renamed into place, so an old
    .bak is only replaced by a whole new one.
    """
    bak = backup_path(path)
    tmp = path.parent / f".{bak.name}.{uuid.uuid4().hex[:8]}.tmp"
    try:
        try:
            os.link(path, tmp)               # cheap: the old inode survives the rename
        except OSError:                      # no hard links here (FAT, some shares)
            shutil.copyfile(path, tmp)       # a fresh mtime: remove_stale_temps sees it in use
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
        os.replace(tmp, bak)
    except BaseException:
        _unlink_quietly(tmp)
        raise


def remove_stale_temps(folder: Path | str, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the temporary files of writes that never finished; returns how many.

    Only files untouched for `older_than` seconds: another running copy of the app
    may be writing a fresher one. A temporary file that is a hard link still
    shared with a save is a backup being made (_keep_backup), old times and all:
    it is left alone, and costs no space.
    """
    try:
        entries = list(os.scandir(folder))
    except OSError:                          # no folder yet: nothing to clean
        return 0
    now, removed = time.time(), 0
    for entry in entries:
        if _TEMP_NAME.fullmatch(entry.name) and _abandoned(entry, now, older_than):
            try:
                os.unlink(entry.path)
                removed += 1
            except OSError:                  # gone already, or not ours to delete
                pass
    return removed


def _abandoned(entry: os.DirEntry, now: float, older_than: float) -> bool:
    try:
        st = os.lstat(entry.path)            # not entry.stat(): on Windows it has no st_nlink
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_nlink == 1 and now - st.st_mtime >= older_than


def _fsync_dir(folder: Path) -> None:
    """Persist the rename itself (POSIX); Windows cannot open folders, skip there."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink_quietly(name: str | Path) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
