"""The autosave journal (store/journal.py): a constant cost per move, nothing acknowledged
ever lost, and every guarantee of a whole save kept."""

import json
import os
import time

import pytest

from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.store import journal as jn
from tabletop.store.saves import DamagedSave, SaveError, SaveStore, save_document

GAME = get_game("paargus")


def new_match(seed=5, casual=False):
    return Match(GAME, [Seat("human", "Ann"), Seat("bot", "Bot")], seed, casual=casual)


def play(match, store, moves, rng=None):
    """`moves` random legal moves, each autosaved as the app does."""
    rng = rng or Rng(match.seed + len(match.log))
    for _ in range(moves):
        if match.to_act is None:
            break
        match.play(rng.choice(match.legal_actions()))
        store.autosave(match)
    return match


def same(a, b):
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    assert GAME.state_to_json(a.state) == GAME.state_to_json(b.state)


def files(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def reopen(store, match):
    """Load with a store of its own, as the app does after a restart."""
    return SaveStore(store.folder).load(match.id, games=get_game, allow_backup=True)


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


def test_each_move_is_one_journal_line_and_the_load_replays_them(store):
    match = play(new_match(), store, 40)
    store.flush()
    save, journal = store.path_for(match.id), jn.journal_path(store.path_for(match.id))
    lines = journal.read_bytes().splitlines()
    assert len(json.loads(save.read_text())["match"]["log"]) == 1   # the first move's snapshot
    assert len(lines) == 1 + 39                                       # a header, then a line a move
    assert store.durable(match) == 40
    same(reopen(store, match), match)


def test_a_torn_last_line_is_dropped(store):
    match = play(new_match(), store, 30)
    store.flush()
    journal = jn.journal_path(store.path_for(match.id))
    whole = journal.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1]
    journal.write_bytes(whole[:-len(last) // 2])                  # the last append cut short
    before = files(store.folder)
    loaded = reopen(store, match)
    assert len(loaded.log) == 29 and loaded.recovered_from_backup is None
    assert files(store.folder) == before                          # reading changed nothing
    # playing on from there never appends after the torn line
    play(loaded, store, 5)
    store.flush()
    assert len(reopen(store, loaded).log) == 34


def test_a_bad_line_in_the_middle_is_damage_and_the_backup_is_offered(store):
    match = play(new_match(), store, 20)
    store.flush()
    journal = jn.journal_path(store.path_for(match.id))
    lines = journal.read_bytes().split(b"\n")
    lines[5] = b'{"n": "five"}'
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(DamagedSave, match=r"\.journal is damaged: line 6"):
        SaveStore(store.folder).load(match.id, games=get_game)


def test_the_journal_after_a_snapshot_replays_to_the_same_state(tmp_path):
    store = SaveStore(tmp_path, snapshot_min_bytes=2_000)           # snapshots come often
    match, tokens = new_match(seed=9), set()
    rng = Rng(9)
    for _ in range(12):
        play(match, store, 25, rng)
        store.flush()
        tokens.add(json.loads(store.path_for(match.id).read_text()).get("journal"))
        same(reopen(store, match), match)
    assert len(tokens) > 3                                           # several snapshots were made
    assert jn.journal_backup_path(store.path_for(match.id)).exists()


def test_undo_is_journaled_even_back_across_a_snapshot(tmp_path):
    store = SaveStore(tmp_path, snapshot_min_bytes=1_500)
    match = play(new_match(seed=3, casual=True), store, 60)
    for _ in range(2):
        assert match.undo(for_seat=0)
        store.autosave(match)
    play(match, store, 3)
    while len(match.log) > 2:                     # far back, behind every snapshot
        match.undo()
    store.autosave(match)
    store.flush()
    same(reopen(store, match), match)
    play(match, store, 10)
    store.flush()
    same(reopen(store, match), match)


def test_a_crash_after_an_append_loses_nothing_acknowledged(store):
    """The app is killed (no close, no snapshot) right after moves were acknowledged."""
    match = new_match(seed=4)
    pid = os.fork()
    if pid == 0:                                  # the app: play, wait for the disk, die
        play(match, store, 50)
        store.flush()
        os._exit(0)                               # no atexit, no close: a crash
    os.waitpid(pid, 0)
    loaded = SaveStore(store.folder).load(match.id, games=get_game)
    assert len(loaded.log) == 50
    same(loaded, play(new_match(seed=4), SaveStore(store.folder / "again"), 50))


def test_a_crash_between_a_snapshot_and_its_journal_loses_nothing(tmp_path, monkeypatch):
    store = SaveStore(tmp_path, snapshot_min_bytes=1_000)
    match = play(new_match(seed=6), store, 30)
    store.flush()
    real = jn.start_journal

    def crash(track, token, moves):       # the new snapshot is written, its journal not begun
        os.replace(jn.journal_path(track.path), jn.journal_backup_path(track.path))
        raise OSError(5, "killed")

    monkeypatch.setattr(jn, "start_journal", crash)
    before = len(match.log)
    play(match, store, 40)                        # crosses the next snapshot
    store._writer.wait()
    monkeypatch.setattr(jn, "start_journal", real)
    loaded = SaveStore(tmp_path).load(match.id, games=get_game)
    acknowledged = store.durable(match)
    assert before < acknowledged <= len(loaded.log) <= len(match.log)
    assert loaded.log[:acknowledged] and [e.to_json() for e in loaded.log] == \
        [e.to_json() for e in match.log[:len(loaded.log)]]
    # the failure is reported once, and the next autosave writes a whole save again
    with pytest.raises(SaveError, match="could not save"):
        store.autosave(match)
    play(match, store, 3)
    store.flush()
    same(SaveStore(tmp_path).load(match.id, games=get_game), match)


def test_the_backup_has_its_own_journal(tmp_path):
    store = SaveStore(tmp_path, snapshot_min_bytes=1_000)
    match = play(new_match(seed=8), store, 80)
    store.flush()
    save = store.path_for(match.id)
    save.write_text("{ cut sho")                                   # the main file is damaged
    loaded = SaveStore(tmp_path).load(match.id, games=get_game, allow_backup=True)
    assert loaded.recovered_from_backup
    # the .bak is the snapshot before the last, and .journal.bak the moves that followed it
    bak = json.loads(save.with_name(save.name + ".bak").read_text())
    assert len(loaded.log) > len(bak["match"]["log"])
    assert [e.to_json() for e in loaded.log] == [e.to_json() for e in match.log[:len(loaded.log)]]


def no_fsync(monkeypatch):
    """For tests of what is written, not of when it is durable."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def test_bytes_written_per_move_stay_bounded(tmp_path, monkeypatch):
    """A whole save after every move wrote more bytes each move (the save grows with the
    log); the journal writes a line per move plus snapshots whose cost it spreads out."""
    no_fsync(monkeypatch)
    store = SaveStore(tmp_path, snapshot_min_bytes=4_000)
    match, rng, written = new_match(seed=2), Rng(2), {}
    store.on_durable = lambda path, moves: written.__setitem__(moves, store.bytes_written)
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
        store.autosave(match)
    store.flush()
    per_move = [written[m] / m for m in range(1, len(match.log) + 1)]   # amortised so far
    print(f"bytes a move: after 50 {per_move[49]:.0f}, at the end {per_move[-1]:.0f}, "
          f"worst {max(per_move[50:]):.0f}")
    whole = len(json.dumps(save_document(match), indent=1))
    assert len(per_move) > 300 and whole > 40_000                  # a long match, a big save
    assert max(per_move[50:]) < 1_000                               # ...but each move stays cheap
    late = per_move[-1] * len(per_move) - per_move[len(per_move) // 2] * (len(per_move) // 2)
    assert late / (len(per_move) - len(per_move) // 2) < 1_000      # late moves cost no more


def test_close_waits_for_the_disk_and_folds_the_journal(store, monkeypatch):
    slow_fsync = os.fsync

    def slow(fd):
        time.sleep(0.02)
        slow_fsync(fd)

    monkeypatch.setattr(jn.os, "fsync", slow)
    match = play(new_match(seed=7), store, 25)
    assert store.durable(match) < 25                               # the moves are still queued
    assert store.close_match(match, lambda: b"\x89PNG thumbnail") == store.path_for(match.id)
    save = store.path_for(match.id)
    assert len(json.loads(save.read_text())["match"]["log"]) == 25  # one whole save again
    assert "journal" not in json.loads(save.read_text())
    assert save.with_suffix(".png").read_bytes() == b"\x89PNG thumbnail"
    same(SaveStore(store.folder).load(match.id, games=get_game), match)
    assert store.close_match(match) is None                        # forgotten: nothing to do


def test_listing_and_deleting_know_the_journal(store, monkeypatch):
    no_fsync(monkeypatch)
    match = play(new_match(seed=12), store, 5000)
    assert match.result() is not None
    store.flush()
    info = next(i for i in store.list(get_game) if i.id == match.id)
    assert info.error is None and info.finished and info.result
    plain = next(i for i in SaveStore(store.folder).list() if i.id == match.id)
    assert plain.finished and plain.turn == info.turn                # from the journal's last line
    store.delete(match.id)
    assert not [p for p in store.folder.iterdir() if p.name.startswith(match.id)]


def test_a_resumed_match_journals_on(store):
    match = play(new_match(seed=13), store, 30)
    store.close_match(match)
    loaded = store.load(match.id, games=get_game)
    before = files(store.folder)
    store.autosave(loaded)                        # nothing new: nothing written
    store.flush()
    assert files(store.folder) == before
    play(loaded, store, 20)
    store.flush()
    same(SaveStore(store.folder).load(match.id, games=get_game), loaded)
