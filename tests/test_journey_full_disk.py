"""The disk fills up during a match, as a player meets it: the real app on a small disk of its
own (a tmpfs; root only, skipped elsewhere), moves made by mouse while nothing can be written,
a sentence on the table saying so, space freed, play on, close: every move the table showed is
in the save (none was acknowledged without being on disk, none lost)."""

import errno
import os
import subprocess

import pytest
from PySide6.QtWidgets import QLabel

from journey_games import GAMES, seats
from player import Player, wait_until
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


@pytest.fixture
def small_disk(tmp_path, monkeypatch):
    disk = tmp_path / "disk"
    disk.mkdir()
    # 16 MB, not 4: the faces a match composes (on this disk too) filled 4 MB by themselves, so
    # the space freed mid-match was too little for the save owed on closing, whose "could not
    # be saved" box then waited for an answer until the suite was stopped
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs",
                                            str(disk)], capture_output=True).returncode != 0:
        pytest.skip("a disk of its own needs root and tmpfs")
    monkeypatch.setenv("TABLETOP_HOME", str(disk / "home"))
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def fill(disk) -> None:
    """Write a file until the disk says it is full."""
    with open(disk / "filler", "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC


def test_a_full_disk_mid_match_is_said_and_loses_no_move(qapp, small_disk):
    spec = GAMES["paargus"]
    me = Player()
    me.set_animations_off()
    me.new_match("paargus", seats(2))
    told = []
    me.ctrl.problem.connect(told.append)
    me.play(3, spec.route, spec.choose)
    fill(small_disk)
    for _ in range(60):                                  # the table plays on, until a write
        me.play(1, spec.route, spec.choose)              # needs a page the disk has not got
        if any("disk is full" in t.lower() for t in told):
            break
    assert any("disk is full" in t.lower() for t in told), told
    assert not any("Traceback" in t or "Errno" in t for t in told), told
    (small_disk / "filler").unlink()                     # space again
    me.play(2, spec.route, spec.choose)
    match_id, played = me.ctrl.match.id, [e.action for e in me.ctrl.match.log]
    me.close()                                           # writes whatever is still owed
    on_disk = SaveStore().load(match_id, games=get_game)
    assert [e.action for e in on_disk.log] == played


def test_the_app_started_on_a_full_disk_plays_a_match_and_says_it_cannot_save(qapp, small_disk):
    """A player whose disk is already full opens Tabletop: the window says at once that
    nothing will be saved, and why; a match starts and plays all the same, each failed write
    said in a sentence and no traceback; the home folder keeps what it had."""
    first = Player()                                     # a home made and used on a good day
    wait_until(lambda: first.win.importer.done, 30, "its match history filled (a thread of its own)")
    first.close()
    before = {p: p.read_bytes() for p in (small_disk / "home").rglob("*") if p.is_file()}
    fill(small_disk)
    me = Player()
    said = " ".join(w.text() for w in me.win.statusBar().findChildren(QLabel) if w.isVisible())
    assert "cannot write to" in said and "the disk is full" in said and "will not be saved" in said, said
    me.set_animations_off()                              # Edit → Settings…: not written, not fatal
    me.new_match("paargus", seats(2))
    told = []
    me.ctrl.problem.connect(told.append)
    spec = GAMES["paargus"]
    assert me.play(6, spec.route, spec.choose) == 6
    assert len(me.ctrl.match.log) >= 6
    assert not any("Traceback" in t or "Errno" in t for t in told), told
    me.close()
    after = {p: p.read_bytes() for p in (small_disk / "home").rglob("*") if p.is_file()}
    assert {p: b for p, b in after.items() if p in before} == before, "nothing of the player's changed"
