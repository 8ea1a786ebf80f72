"""Atomic writes: the target is always whole, the previous version kept as .bak."""

import json
import os

import pytest

from tabletop.store import atomic
from tabletop.store.atomic import backup_path, write_atomic, write_json_atomic


def names(folder):
    return sorted(p.name for p in folder.iterdir())


def test_first_write_has_no_backup(tmp_path):
    path = tmp_path / "a.json"
    write_atomic(path, b"one")
    assert path.read_bytes() == b"one"
    assert names(tmp_path) == ["a.json"]


def test_rewrite_keeps_previous_content_as_bak(tmp_path):
    path = tmp_path / "a.json"
    write_atomic(path, b"one")
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two"
    assert backup_path(path) == tmp_path / "a.json.bak"
    assert backup_path(path).read_bytes() == b"one"
    write_atomic(path, b"three")
    assert backup_path(path).read_bytes() == b"two"
    assert names(tmp_path) == ["a.json", "a.json.bak"]      # no temporary files left


def test_backup_can_be_skipped(tmp_path):
    path = tmp_path / "a.png"
    write_atomic(path, b"one", backup=False)
    write_atomic(path, b"two", backup=False)
    assert names(tmp_path) == ["a.png"]


def test_copy_fallback_without_hard_links(tmp_path, monkeypatch):
    def no_links(*args):
        raise OSError("links not supported")
    monkeypatch.setattr(atomic.os, "link", no_links)
    path = tmp_path / "a.json"
    write_atomic(path, b"one")
    write_atomic(path, b"two")
    assert backup_path(path).read_bytes() == b"one"
    assert path.read_bytes() == b"two"


def test_failed_rename_leaves_old_file_and_no_debris(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    write_atomic(path, b"one")
    real_replace = os.replace

    def crash_on_target(src, dst):
        if os.fspath(dst) == os.fspath(path):
            raise OSError("disk vanished")
        return real_replace(src, dst)
    monkeypatch.setattr(atomic.os, "replace", crash_on_target)
    with pytest.raises(OSError):
        write_atomic(path, b"two")
    assert path.read_bytes() == b"one"                      # never neither
    assert backup_path(path).read_bytes() == b"one"
    assert names(tmp_path) == ["a.json", "a.json.bak"]


def test_creates_missing_folder(tmp_path):
    path = tmp_path / "deep" / "er" / "a.json"
    write_atomic(path, b"x")
    assert path.read_bytes() == b"x"


def test_json_is_utf8(tmp_path):
    path = tmp_path / "s.json"
    write_json_atomic(path, {"name": "Zoë ♠"})
    raw = path.read_bytes()
    assert "Zoë ♠".encode("utf-8") in raw
    assert json.loads(raw.decode("utf-8")) == {"name": "Zoë ♠"}


def test_json_refuses_nan_and_leaves_file_alone(tmp_path):
    path = tmp_path / "s.json"
    write_json_atomic(path, {"a": 1})
    before = path.read_bytes()
    with pytest.raises(ValueError):
        write_json_atomic(path, {"a": float("nan")})
    assert path.read_bytes() == before
    assert names(tmp_path) == ["s.json"]


# --- leftovers of interrupted writes (issue 19) ------------------------------------------------
def make(folder, name, age=0):
    """A file nobody has touched for `age` seconds."""
    path = folder / name
    path.write_bytes(b"x")
    when = path.stat().st_mtime - age
    os.utime(path, (when, when))
    return path


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path):
    make(tmp_path, ".a.json.k3j2_x9q.tmp", 11 * 60)            # a write that never finished
    make(tmp_path, ".a.json.bak.0f3c9a21.tmp", 3600)           # a backup that never finished
    kept = [make(tmp_path, ".b.json.p0o9i8u7.tmp"),              # another copy of the app writing
            make(tmp_path, ".c.json.abcdefgh.tmp", 9 * 60),
            *(make(tmp_path, name, 3600) for name in ("a.json", "a.json.bak", "notes.tmp",
                                                       ".hidden.tmp", ".a.json.short.tmp"))]
    assert atomic.remove_stale_temps(tmp_path) == 2
    assert names(tmp_path) == sorted(p.name for p in kept)


def test_a_backup_link_in_progress_is_never_removed(tmp_path):
    """The backup's temporary name is a hard link to the save, so it has the save's old times."""
    save = make(tmp_path, "a.json", 3600)
    link = tmp_path / ".a.json.bak.12345678.tmp"
    os.link(save, link)
    assert atomic.remove_stale_temps(tmp_path) == 0 and link.exists()
    save.unlink()                                              # the save moved on: debris now
    assert atomic.remove_stale_temps(tmp_path) == 1
    assert names(tmp_path) == []


def test_cleaning_a_missing_folder_is_harmless(tmp_path):
    assert atomic.remove_stale_temps(tmp_path / "nowhere") == 0
