"""The match history survives a copy of the app killed (SIGKILL) while it writes: every match
whose record had returned is there afterwards, the file passes SQLite's integrity check, and
the app opens it as it is (nothing set aside) and records into it."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from history_helpers import finished_match
from process_helpers import gone
from tabletop.store.history import History

WRITER = Path(__file__).with_name("history_writer.py")
ROOT = Path(__file__).resolve().parents[1]


def write_then_kill(db: Path, after: int) -> tuple[list[str], int]:
    """Start a writer, let it commit `after` matches, SIGKILL it in its next write; the ids it
    said were committed, and how many bytes its WAL held (a kill in the middle leaves one)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, str(WRITER), str(db)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    committed = []
    try:
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
        while len(committed) < after:
            line = proc.stdout.readline()
            assert line.startswith("committed "), (line, proc.stderr.read() if not line else "")
            committed.append(line.split()[1])
        os.kill(proc.pid, signal.SIGKILL)        # writing the next one by now: it loops on writes
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    assert gone(proc.pid)
    # lines written before the kill but not yet read are committed matches too
    committed += [line.split()[1] for line in proc.stdout.read().splitlines()
                  if line.startswith("committed ")]
    wal = db.with_name(db.name + "-wal")
    return committed, wal.stat().st_size if wal.exists() else 0


@pytest.mark.parametrize("after", [5, 40])
def test_a_copy_killed_mid_write_loses_no_committed_match(tmp_path, after):
    db = tmp_path / "history.db"
    committed, wal_bytes = write_then_kill(db, after)
    assert len(committed) >= after
    assert wal_bytes > 0                         # killed with its writes in the WAL, unfolded
    with sqlite3.connect(db) as raw:             # what SQLite itself says of the file
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        ids = {r[0] for r in raw.execute("SELECT id FROM matches")}
        # the match being written at the kill is there whole, or not at all
        seats = raw.execute("SELECT match_id, count(*) FROM seats GROUP BY match_id").fetchall()
    assert set(committed) <= ids
    assert len(ids - set(committed)) <= 1
    assert all(n == 2 for _, n in seats) and {m for m, _ in seats} == ids
    history = History(db)                        # the app opens it as it is
    try:
        assert history.writable and history.set_aside is None and history.problem is None
        assert {m.id for m in history.matches()} == ids
        assert history.record(finished_match("brawl", 99))
        assert len(history.matches()) == len(ids) + 1
    finally:
        history.close()
    assert not list(tmp_path.glob("history.db.damaged-*"))


def test_killed_again_and_again_the_file_stays_sound(tmp_path):
    """Three copies killed one after another, each writing into what the last one left."""
    db = tmp_path / "history.db"
    everything: set[str] = set()
    for after in (3, 9, 17):
        committed, _ = write_then_kill(db, after)
        everything |= set(committed)
        time.sleep(0.01)
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        ids = {r[0] for r in raw.execute("SELECT id FROM matches")}
    assert everything <= ids
