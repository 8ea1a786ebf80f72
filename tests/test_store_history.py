"""The match history (store/history.py): recording real matches, importing the saves, damaged,
newer and unwritable databases, two copies of the app at once, the statistics and the CSV."""

import csv
import io
import json
import logging
import random
import sqlite3
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from toygame import GAME as NIM, ToyNim

from tabletop.core import GameInfo, Result
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.store import history as hist
from tabletop.store.history import History, match_rows, schema_version, starting_choices
from tabletop.store.paths import history_path, saves_dir
from tabletop.store.saves import SaveStore

ANN = Seat("human", "Ann")
HARD = Seat("bot", "", "greedy", "hard")
# short matches of real games, with the options that keep them short
SHORT = {"paargus": {"hands": 1}, "brawl": {}, "pariah": {}}


def play(game_id, seed, seats=None, options=None, moves=None):
    """A match of a registered game played by seeded random moves (`moves`: stop after so many)."""
    seats = seats or [Seat("human", "Ann"), Seat("bot", "", "greedy", "hard")]
    match = Match(get_game(game_id), seats, seed, dict(SHORT.get(game_id, {}), **(options or {})))
    rng = random.Random(seed)
    while match.to_act is not None and (moves is None or len(match.log) < moves):
        match.play(rng.choice(match.legal_actions()))
    return match


def rows(db_path, sql, args=()):
    with sqlite3.connect(db_path) as db:
        return db.execute(sql, args).fetchall()


@pytest.fixture
def history():
    h = History()
    yield h
    h.close()


# --- recording -------------------------------------------------------------------------------
def test_the_database_lives_in_the_user_data_folder_in_wal_mode(tabletop_home, history):
    assert history.path == history_path() == tabletop_home / "data" / "history.db"
    assert history.writable and history.problem is None
    assert rows(history.path, "PRAGMA journal_mode") == [("wal",)]
    assert rows(history.path, "PRAGMA user_version") == [(schema_version(),)]


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_a_finished_match_is_recorded_with_everything(history, game_id):
    store = SaveStore()
    match = play(game_id, seed=11)
    save = store.save(match)
    assert history.record(match, save.name)
    result = match.result()
    (m,) = history.matches()
    assert (m.id, m.game, m.save_name, m.moves) == (match.id, game_id, save.name, len(match.log))
    assert m.finished_at == datetime.fromtimestamp(match.updated, timezone.utc) \
        .strftime("%Y-%m-%dT%H:%M:%SZ")
    assert m.rules_version == get_game(game_id).info.version
    assert m.options == json.loads(json.dumps(match.options))
    assert m.winners == result.winners and m.result == result.summary
    assert (m.player_seat, m.opponent) == (0, "hard")
    assert m.outcome == ("win" if 0 in result.winners else "loss")
    assert [(s.name, s.kind, s.bot, s.level) for s in m.seats] == \
        [("Ann", "human", None, None), ("Player 2", "bot", "greedy", "hard")]
    assert [s.outcome for s in m.seats] == \
        ["win" if i in result.winners else "loss" for i in range(2)]
    assert [s.place for s in m.seats] == result.places()
    state = get_game(game_id).state_to_json(match.state)
    if game_id == "brawl":           # the champions each side picked, read from the final state
        assert [s.choices for s in m.seats] == [{"picks": ", ".join(p)} for p in state["picks"]]
        assert m.turns == state["turn_no"] and m.rounds == result.details["rounds"]
    if game_id == "pariah":          # factions left to the game by the options
        assert match.options["factions"] is None
        assert [s.choices for s in m.seats] == [{"faction": f} for f in state["factions"]]
        assert m.rounds == state["round"]
    if game_id == "paargus":         # nothing to choose before a hand of Paargus
        assert [s.choices for s in m.seats] == [{}, {}]


def test_the_options_choices_come_first_and_decks_given_as_data_are_named():
    paragons = play("paragons", seed=2, options={"variant": "preconstructed", "best_of": 1,
                                                 "classes": ["warrior", "mage"]})
    _, _, choices = match_rows(paragons)
    assert sorted(c[1:] for c in choices) == [(0, "class", "warrior"), (1, "class", "mage")]
    deck = {"avatars": ["a1", "a2"], "cards": ["c"] * 20}
    found = starting_choices({"decks": [deck, "Ember starter"], "classes": None},
                             {"classes": ["x", "y"], "decks": [[1, 2], [3]]}, 2)
    assert found == [{"deck": "a1 + a2", "class": "x"}, {"deck": "Ember starter", "class": "y"}]
    unnamed = starting_choices({"decks": [{"cards": ["c"]}, {"cards": ["c"]}]}, {}, 2)
    assert unnamed[0] == unnamed[1] and unnamed[0]["deck"].startswith("custom ")
    named = starting_choices({"decks": [deck, deck]}, {}, 2, "trials",
                             describe=lambda game, key, value: f"{game} {key}" if value else None)
    assert named == [{"deck": "trials deck"}] * 2


def test_recording_a_match_twice_updates_it_and_never_duplicates(history):
    match = play("brawl", seed=4)
    assert history.record(match, "first.json")
    assert history.record(match, "renamed.json")
    other = History()                             # another copy of the app, the same match
    assert other.record(match, "renamed.json")
    other.close()
    assert rows(history.path, "SELECT id, save_name FROM matches") == [(match.id, "renamed.json")]
    assert rows(history.path, "SELECT count(*) FROM seats") == [(2,)]
    assert rows(history.path, "SELECT count(*) FROM choices") == [(2,)]
    assert [t.matches for t in history.summary()] == [1]


def test_an_unfinished_match_is_not_recorded(history):
    assert not history.record(play("brawl", seed=4, moves=5))
    assert history.matches(everyone=True) == [] and history.problem is None


# --- importing the saves ---------------------------------------------------------------------
def test_importing_the_saves_records_the_finished_ones_once(history, caplog):
    store = SaveStore()
    finished = [play("paargus", 1), play("brawl", 2), play("pariah", 3)]
    for m in finished:
        store.save(m)
    renamed = saves_dir() / f"{finished[0].id}.json"
    renamed.rename(saves_dir() / "Sunday game.json")
    store.save(play("brawl", 5, moves=8))                        # not finished
    (saves_dir() / "broken.json").write_text('{"format": 1, "summ')
    tampered = play("paargus", 6)                               # finished, but its file lies
    path = store.save(tampered)
    data = json.loads(path.read_text("utf-8"))
    data["match"]["snapshot"]["chips"] = [1, 2]
    path.write_text(json.dumps(data), "utf-8")
    before = {p.name: p.read_bytes() for p in saves_dir().iterdir() if p.is_file()}

    with caplog.at_level(logging.WARNING, logger="tabletop.store.history"):
        assert history.import_saves(store, get_game) == 3
    assert {m.id for m in history.matches()} == {m.id for m in finished}
    assert {m.id: m.save_name for m in history.matches()}[finished[0].id] == "Sunday game.json"
    skipped = " ".join(r.getMessage() for r in caplog.records)
    assert "broken.json" in skipped and path.name in skipped
    assert {p.name: p.read_bytes() for p in saves_dir().iterdir() if p.is_file()} == before

    # the first time only: a later finished save is recorded by the app, not by the import
    late = play("brawl", 7)
    store.save(late)
    assert history.imported() and History().import_saves(store, get_game) == 0
    assert history.import_saves(store, get_game, force=True) == 4
    assert len(history.matches()) == 4


def test_an_import_that_could_not_record_everything_is_tried_again(history, monkeypatch):
    store = SaveStore()
    store.save(play("brawl", 2))
    monkeypatch.setattr(History, "_write", lambda self, *rows: (_ for _ in ()).throw(
        sqlite3.OperationalError("database is locked")))
    assert history.import_saves(store, get_game) == 0
    assert not history.imported() and "another copy of Tabletop" in history.problem
    monkeypatch.undo()
    assert history.import_saves(store, get_game) == 1 and history.imported()


# --- damaged, newer and older files ----------------------------------------------------------
def _filled(path):
    h = History(path)
    for seed in (1, 2):
        assert h.record(play("brawl", seed))
    h.close()
    return path.read_bytes()


def _corrupt_a_table(data: bytes) -> bytes:
    """Scribble over the b-tree page header of every page but the first: the header of page 1
    still reads, and the integrity check (or the first read) finds the damage."""
    page = int.from_bytes(data[16:18], "big")
    out = bytearray(data)
    for start in range(page, len(data), page):
        out[start:start + 12] = b"\xff" * 12
    return bytes(out)


def _index_out_of_step(data: bytes) -> bytes:
    """Change the game's id in the matches table's page only: every page still reads, but the
    index on (game, finished_at) no longer matches its table (only the integrity check sees it)."""
    page = int.from_bytes(data[16:18], "big")
    out = bytearray(data)
    for start in range(0, len(data), page):
        chunk = data[start:start + page]
        if b"wins with" in chunk:            # the matches table's rows (their results in words)
            out[start:start + page] = chunk.replace(b"brawl", b"brawx")
    assert out != data
    return bytes(out)


DAMAGE = {
    "index out of step": _index_out_of_step,
    "not a database": lambda data: b"these are not the bytes of an SQLite file\n" * 50,
    "cut short": lambda data: data[:len(data) // 3],
    "header only": lambda data: data[:60],
    "scribbled pages": _corrupt_a_table,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(damage):
    path = history_path()
    spoilt = DAMAGE[damage](_filled(path))
    path.write_bytes(spoilt)
    store = SaveStore()
    for seed in (3, 4):
        store.save(play("paargus", seed))
    h = History()
    assert h.writable and h.set_aside is not None
    assert h.set_aside.name.startswith("history.db.damaged-")
    assert h.set_aside.read_bytes() == spoilt                 # nothing lost
    assert "history.db was damaged" in h.problem and h.set_aside.name in h.problem
    assert not h.imported()                                   # the fresh file is filled again
    assert h.import_saves(store, get_game) == 2
    assert h.record(play("brawl", 9))
    assert len(h.matches()) == 3
    h.close()
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]


def test_a_damaged_databases_wal_goes_aside_with_it():
    """A copy of the app killed mid-write leaves history.db-wal beside the file: it belongs to
    the damaged file, and must neither be lost nor be read into the fresh one."""
    path = history_path()
    h = History()
    assert h.record(play("brawl", 1))
    wal = path.with_name("history.db-wal")
    left = wal.read_bytes()                  # what close() would fold into the file
    h.close()
    path.write_bytes(b"no longer a database " * 100)
    wal.write_bytes(left)
    fresh = History()
    assert fresh.writable and fresh.set_aside is not None
    assert fresh.set_aside.with_name(fresh.set_aside.name + "-wal").read_bytes() == left
    assert fresh.matches() == [] and fresh.record(play("brawl", 2)) and len(fresh.matches()) == 1
    fresh.close()


def test_a_database_found_damaged_while_recording_is_set_aside_too(history, monkeypatch):
    first = play("brawl", 1)
    assert history.record(first)
    real = History._write
    calls = []

    def malformed_once(self, *rows):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.DatabaseError("database disk image is malformed")
        return real(self, *rows)

    monkeypatch.setattr(History, "_write", malformed_once)
    second = play("brawl", 2)
    assert history.record(second)
    assert history.set_aside is not None and history.set_aside.exists()
    assert [m.id for m in history.matches()] == [second.id]
    assert rows(history.set_aside, "SELECT id FROM matches") == [(first.id,)]


def test_a_database_from_a_newer_tabletop_is_not_touched():
    path = history_path()
    _filled(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {schema_version() + 1}")
        db.execute("CREATE TABLE newer_things (x)")
    db.close()
    before = path.read_bytes()
    h = History()
    assert not h.writable and "newer version of Tabletop" in h.problem
    assert not h.record(play("brawl", 5))
    assert not h.import_saves(SaveStore(), get_game)
    assert [t.matches for t in h.summary()] == [2]       # what it holds can still be read
    h.close()
    assert path.read_bytes() == before
    assert not list(path.parent.glob("history.db.damaged*"))


def test_an_empty_file_is_a_version_0_database_and_is_brought_up_to_date():
    path = history_path()
    path.write_bytes(b"")
    h = History()
    assert h.found_version == 0 and h.writable and h.problem is None and h.set_aside is None
    assert rows(path, "PRAGMA user_version") == [(schema_version(),)]
    assert h.record(play("brawl", 3))
    h.close()


# The first schema as it shipped (never edit: a database written by version 1 looks like this).
V1 = """
CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, finished_at TEXT NOT NULL,
    started_at TEXT NOT NULL, seconds REAL NOT NULL, moves INTEGER NOT NULL, rounds INTEGER,
    turns INTEGER, players INTEGER NOT NULL, player_seat INTEGER,
    outcome TEXT CHECK (outcome IN ('win', 'loss', 'draw')), opponent TEXT,
    winners TEXT NOT NULL, result TEXT NOT NULL, options TEXT NOT NULL, casual INTEGER NOT NULL,
    rules_version INTEGER NOT NULL, app_version TEXT NOT NULL, save_name TEXT,
    recorded_at TEXT NOT NULL);
CREATE INDEX matches_by_game ON matches (game, finished_at);
CREATE TABLE seats (match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    bot TEXT, level TEXT, outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    place INTEGER, score REAL, PRIMARY KEY (match_id, seat));
CREATE TABLE choices (match_id TEXT NOT NULL, seat INTEGER NOT NULL, key TEXT NOT NULL,
    value TEXT NOT NULL, PRIMARY KEY (match_id, seat, key),
    FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat) ON DELETE CASCADE);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO matches VALUES ('old1', 'brawl', '2024-05-06T10:00:00Z', '2024-05-06T09:30:00Z',
    1800, 120, 9, 20, 2, 0, 'win', 'hard', '[0]', 'Ann wins', '{}', 0, 1, '0.9', 'old1.json',
    '2024-05-06T10:00:01Z');
INSERT INTO seats VALUES ('old1', 0, 'Ann', 'human', NULL, NULL, 'win', 1, 1.0),
    ('old1', 1, 'Player 2', 'bot', 'greedy', 'hard', 'loss', 2, 0.0);
INSERT INTO choices VALUES ('old1', 0, 'picks', 'orrin, sable, maud');
INSERT INTO meta VALUES ('saves_imported', '2024-05-06T10:00:01Z');
PRAGMA user_version = 1;
"""


def _v1_database(path):
    db = sqlite3.connect(path)
    db.executescript(V1)
    db.close()


def test_a_version_1_database_is_read_and_recorded_into():
    _v1_database(history_path())
    h = History()
    assert h.found_version == 1 and h.writable and h.problem is None
    assert h.imported()
    (old,) = h.matches()
    assert (old.id, old.outcome, old.seats[0].choices) == ("old1", "win", {"picks": "orrin, sable, maud"})
    assert h.record(play("brawl", 8))
    assert [t.matches for t in h.summary(game="brawl")] == [2]
    h.close()


def test_a_new_migration_upgrades_a_version_1_database_and_keeps_its_matches(monkeypatch):
    """What the next schema will do: one function appended to MIGRATIONS."""
    def add_notes(db):
        db.execute("ALTER TABLE matches ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    _v1_database(history_path())
    monkeypatch.setattr(hist, "MIGRATIONS", hist.MIGRATIONS + [add_notes])
    h = History()
    assert h.found_version == 1 and h.writable and schema_version() == 2
    assert rows(h.path, "PRAGMA user_version") == [(2,)]
    assert rows(h.path, "SELECT id, notes FROM matches") == [("old1", "")]
    assert h.record(play("brawl", 8)) and len(h.matches()) == 2
    h.close()


def test_a_migration_that_fails_leaves_the_file_as_it_was(monkeypatch):
    def broken(db):
        db.execute("ALTER TABLE matches ADD COLUMN notes TEXT")
        raise sqlite3.OperationalError("no such function: frobnicate")

    _v1_database(history_path())
    monkeypatch.setattr(hist, "MIGRATIONS", hist.MIGRATIONS + [broken])
    h = History()
    assert not h.writable and "frobnicate" in h.problem
    assert [m.id for m in h.matches()] == ["old1"]           # still read for the statistics
    h.close()
    assert rows(history_path(), "PRAGMA user_version") == [(1,)]
    assert "notes" not in [r[1] for r in rows(history_path(), "PRAGMA table_info(matches)")]
    assert not list(history_path().parent.glob("history.db.damaged*"))


# --- folders that cannot be written, a full disk ---------------------------------------------
def test_a_data_folder_that_cannot_be_made(tabletop_home):
    tabletop_home.parent.mkdir(parents=True, exist_ok=True)
    tabletop_home.write_text("a file where the folder should be")
    h = History()
    assert not h.writable
    assert "cannot write its match history" in h.problem and "the folder cannot be made" in h.problem
    assert not h.record(play("brawl", 1))
    assert h.summary() == [] and h.matches() == [] and h.over_time() == []
    assert h.import_saves(SaveStore(), get_game) == 0
    h.close()
    assert tabletop_home.read_text() == "a file where the folder should be"


def test_a_database_that_cannot_be_written_is_still_read(monkeypatch):
    path = history_path()
    _filled(path)
    monkeypatch.setattr(History, "_connect", lambda self: (_ for _ in ()).throw(
        sqlite3.OperationalError("attempt to write a readonly database")))
    h = History()
    assert not h.writable and "you may not write there" in h.problem
    assert not h.record(play("brawl", 5))
    assert [t.matches for t in h.summary()] == [2]
    h.close()


def test_a_full_disk_skips_the_recording_with_a_sentence(history):
    assert history.record(play("brawl", 1))
    pages = history._db.execute("PRAGMA page_count").fetchone()[0]
    history._db.execute(f"PRAGMA max_page_count = {pages}")    # no room for one more page
    big = play("paargus", 2)
    big.options["padding"] = "x" * 20000
    assert not history.record(big)
    assert history.problem.startswith("The disk is full")
    assert len(history.matches()) == 1
    assert rows(history.path, "PRAGMA integrity_check") == [("ok",)]


# --- two copies of the app -------------------------------------------------------------------
def test_a_record_waits_for_another_copys_write(history):
    other = sqlite3.connect(history.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")                     # another copy of the app is writing
    other.execute("INSERT INTO meta VALUES ('other', 'x')")
    done = []
    thread = threading.Thread(target=lambda: done.append(History().record(play("brawl", 3))))
    thread.start()
    time.sleep(0.5)
    assert not done                                      # it waits, it does not fail
    other.execute("COMMIT")
    thread.join(10)
    other.close()
    assert done == [True]
    assert len(history.matches()) == 1


def test_two_copies_recording_at_once_lose_nothing(history):
    matches = [play("paargus", seed) for seed in range(16)]
    errors = []

    def copy(part):
        h = History()
        try:
            for m in part:
                if not h.record(m):
                    errors.append(h.problem)
        finally:
            h.close()

    threads = [threading.Thread(target=copy, args=(matches[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert {m.id for m in history.matches()} == {m.id for m in matches}
    assert rows(history.path, "SELECT count(*) FROM seats") == [(32,)]
    assert rows(history.path, "PRAGMA integrity_check") == [("ok",)]


# --- the statistics on a known set of matches ------------------------------------------------
class ToyDraw(ToyNim):
    """Toy Nim, where taking the last stone is a draw."""
    info = GameInfo("toydraw", "Toy Draw", (2,), 1)

    def result(self, s):
        return None if s.winner is None else Result([0.5, 0.5], [])


# a deal whose first pile holds 2 or more stones: seat 1 can then win in 4 moves
SEED = next(s for s in range(100) if NIM.setup({}, s).piles[0] >= 2)


def toy(winner, when, opponent="hard", factions=None, seats=None, game=NIM):
    """A finished match of Toy Nim won by seat `winner` in 3 moves (seat 0) or 4 (seat 1),
    finished at `when` (UTC) after 10 minutes."""
    seats = seats or [Seat("human", "Ann"), Seat("bot", "", "greedy", opponent)]
    options = {"factions": factions} if factions else {}
    match = Match(game, seats, SEED, options)
    piles = match.state.piles
    plan = [(0, piles[0]), (1, piles[1]), (2, piles[2])] if winner == 0 else \
        [(0, piles[0] - 1), (0, 1), (1, piles[1]), (2, piles[2])]
    for pile, n in plan:
        match.play(next(a for a in match.legal_actions() if tuple(a.args) == (pile, n)))
    assert match.result().winners == ([] if game is not NIM else [winner])
    end = datetime.fromisoformat(when).replace(tzinfo=timezone.utc).timestamp()
    match.created, match.updated = end - 600, end
    return match


def known_set():
    people = [Seat("human", "Ann"), Seat("human", "Bo")]
    bots = [Seat("bot", "", "greedy", "hard"), Seat("bot", "", "random", "easy")]
    return {
        "A": toy(0, "2025-01-06T10:00", "hard", ["red", "blue"]),
        "B": toy(1, "2025-01-07T10:00", "hard", ["red", "green"]),
        "C": toy(0, "2025-01-08T10:00", "easy", ["blue", "red"]),
        "D": toy(0, "2025-01-14T10:00", "hard", ["red", "blue"]),
        "E": toy(1, "2025-01-19T23:00", "easy", ["blue", "blue"]),     # a Sunday
        "F": toy(1, "2025-01-20T10:00", seats=people),                # at one computer
        "G": toy(0, "2025-01-21T10:00", seats=bots),                  # bots alone: no tally
        "H": toy(0, "2025-01-22T10:00", "hard", game=ToyDraw()),
    }


@pytest.fixture
def known(history):
    found = known_set()
    for name, match in found.items():
        assert history.record(match, f"{name}.json")
    return found


def counts(tallies):
    return [(t.game, t.key, t.matches, t.wins, t.losses, t.draws) for t in tallies]


def test_summary_per_game_and_opponent(history, known):
    assert counts(history.summary()) == [
        ("toydraw", "hard", 1, 0, 0, 1),
        ("toynim", "easy", 2, 1, 1, 0),      # C won, E lost
        ("toynim", "hard", 3, 2, 1, 0),      # A, D won, B lost
        ("toynim", "human", 1, 0, 1, 0),     # F: Ann lost to Bo
    ]
    hard = history.summary("toynim")[1]
    assert hard.avg_moves == pytest.approx((3 + 4 + 3) / 3)
    assert hard.avg_seconds == pytest.approx(600) and hard.avg_rounds is None
    assert hard.win_rate == pytest.approx(2 / 3)
    assert counts(history.summary("toynim", by_opponent=False)) == [("toynim", "all", 6, 3, 3, 0)]
    assert len(history.matches(everyone=True)) == 8 and len(history.matches()) == 7


def test_summary_over_a_period(history, known):
    assert counts(history.summary("toynim", since="2025-01-13")) == [
        ("toynim", "easy", 1, 0, 1, 0), ("toynim", "hard", 1, 1, 0, 0),
        ("toynim", "human", 1, 0, 1, 0)]
    assert counts(history.summary("toynim", until=datetime(2025, 1, 13))) == [
        ("toynim", "easy", 1, 1, 0, 0), ("toynim", "hard", 2, 1, 1, 0)]
    assert counts(history.summary("toynim", since="2025-01-07T10:00", until="2025-01-08")) == [
        ("toynim", "hard", 1, 0, 1, 0)]      # since is inclusive, until is not


def test_results_by_starting_choice(history, known):
    assert [(t.choice, t.key, t.matches, t.wins) for t in history.by_choice("toynim")] == [
        ("faction", "red", 3, 2),            # A, B, D
        ("faction", "blue", 2, 1)]           # C, E
    assert [(t.choice, t.key, t.matches, t.wins) for t in
            history.by_choice("toynim", side="opponent")] == [
        ("faction", "blue", 3, 2),           # A, D won, E lost
        ("faction", "green", 1, 0), ("faction", "red", 1, 1)]
    assert [(t.key, t.matches) for t in history.by_choice("toynim", opponent="easy")] == \
        [("blue", 2)]


def test_win_rate_over_time(history, known):
    weeks = history.over_time("toynim")
    assert [(t.key, t.matches, t.wins) for t in weeks] == [
        ("2025-01-06", 3, 2), ("2025-01-13", 2, 1), ("2025-01-20", 1, 0)]
    assert [round(t.win_rate, 3) for t in weeks] == [0.667, 0.5, 0.0]
    assert [(t.key, t.matches, t.wins) for t in history.over_time("toynim", "month")] == \
        [("2025-01", 6, 3)]
    assert [t.key for t in history.over_time(bucket="day", since="2025-01-19")] == \
        ["2025-01-19", "2025-01-20", "2025-01-22"]
    with pytest.raises(ValueError):
        history.over_time(bucket="fortnight")


def test_csv_export(history, known, tmp_path):
    text = io.StringIO(newline="")
    assert history.export_csv(text, "toynim") == 6
    table = list(csv.DictReader(io.StringIO(text.getvalue(), newline="")))
    assert [r["match_id"] for r in table] == [known[k].id for k in "FEDCBA"]     # newest first
    a = table[-1]
    assert a == {
        "finished_at": "2025-01-06T10:00:00Z", "game": "toynim", "match_id": known["A"].id,
        "player": "Ann", "opponent": "hard", "outcome": "win", "moves": "3", "rounds": "",
        "turns": "", "minutes": "10.0", "player_choices": "faction: red",
        "opponent_choices": "faction: blue",
        "seats": "Ann (human, win); Player 2 (hard greedy bot, loss)",
        "result": "Ann wins", "casual": "no", "rules_version": "1", "save_name": "A.json"}
    assert table[0]["opponent"] == "human" and table[0]["outcome"] == "loss"

    out = tmp_path / "stats.csv"
    assert history.export_csv(out, "toynim", since="2025-01-13") == 3
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")                      # spreadsheets read it as UTF-8
    assert [r["match_id"] for r in csv.DictReader(io.StringIO(raw.decode("utf-8-sig")))] == \
        [known[k].id for k in "FED"]


def test_a_csv_that_cannot_be_written_is_a_sentence(history, known, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    with pytest.raises(hist.HistoryError, match="could not be written to stats.csv"):
        history.export_csv(blocker / "stats.csv")
