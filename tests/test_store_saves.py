"""Saved matches: round trip, damage of every kind, listing, backups, migrations."""

import json
import os
from pathlib import Path

import jsonschema
import pytest
from toygame import GAME

from tabletop.core.action import Action
from tabletop.core.match import Match, Seat
from tabletop.store import saves
from tabletop.store.paths import saves_dir
from tabletop.store.saves import (FORMAT_VERSION, DamagedSave, NewerFormat, SaveError,
                                  SaveNotFound, SaveStore, UnknownGame, read_save,
                                  save_document)

SCHEMA = json.loads((Path(__file__).parents[1] / "saves" / "schema-v1.json").read_text("utf-8"))
PNG = b"\x89PNG\r\n\x1a\nnot really a picture"


def games(game_id):
    if game_id == "toynim":
        return GAME
    raise KeyError(game_id)


def new_match(moves=3, seed=7, **kw):
    seats = kw.pop("seats", None) or [Seat("human", "Ann"), Seat("bot", "", "greedy", "hard")]
    match = Match(GAME, seats, seed, **kw)
    for _ in range(moves):
        match.play(match.legal_actions()[0])
    return match


def finish(match):
    while match.to_act is not None:
        match.play(match.legal_actions()[-1])
    return match


def validate(path):
    jsonschema.validate(json.loads(Path(path).read_text("utf-8")), SCHEMA,
                        cls=jsonschema.Draft202012Validator)


def files(folder):
    """Every file with its bytes and mtime: loading and listing must change none."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in Path(folder).iterdir()}


def edit(path, change):
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), "utf-8")
    return path


@pytest.fixture
def store():
    return SaveStore()


# --- round trip -------------------------------------------------------------------
def test_round_trip(store):
    match = new_match(moves=3, options={"house": "rule"}, casual=True)
    path = store.save(match)
    assert path == saves_dir() / f"{match.id}.json"
    validate(path)
    loaded = store.load(match.id, games=games)
    assert loaded.id == match.id
    assert GAME.state_to_json(loaded.state) == GAME.state_to_json(match.state)
    assert [e.to_json() for e in loaded.log] == [e.to_json() for e in match.log]
    assert [s.to_json() for s in loaded.seats] == [s.to_json() for s in match.seats]
    assert (loaded.seed, loaded.options, loaded.casual) == (7, match.options, True)
    assert (loaded.created, loaded.updated) == (match.created, match.updated)
    assert loaded.recovered_from_backup is None
    # the loaded match plays on
    loaded.play(loaded.legal_actions()[0])


def test_document_and_summary(store):
    match = new_match(moves=2)
    data = json.loads(store.save(match).read_text("utf-8"))
    assert data["format"] == FORMAT_VERSION == 1
    assert data["summary"] == {"game": "toynim", "title": "Toy Nim", "players": ["Ann", "Player 2"],
                               "turn": "", "finished": False, "result": None}
    assert data["match"] == json.loads(json.dumps(match.to_json()))
    assert not (saves_dir() / f"{match.id}.png").exists()


def test_finished_match_summary_and_schema(store):
    match = finish(new_match(moves=0))
    path = store.save(match)
    validate(path)
    summary = json.loads(path.read_text("utf-8"))["summary"]
    winner = ["Ann", "Player 2"][match.result().winners[0]]
    assert summary["finished"] is True and summary["result"] == f"{winner} wins"
    assert store.load(path, games=games).result().winners == match.result().winners


@pytest.mark.parametrize("moves", [0, 1, 4])
def test_every_save_validates_against_schema(store, moves):
    match = new_match(moves=moves, seats=[Seat(), Seat("bot", "Robo")])
    validate(store.save(match, PNG))
    validate(store.save(match))


def test_load_by_path_and_folder_argument(tmp_path):
    store = SaveStore(tmp_path / "elsewhere")
    match = new_match()
    path = store.save(match)
    assert path.parent == tmp_path / "elsewhere"
    assert store.load(path, games=games).id == match.id
    assert store.load(str(path), games=games).id == match.id


def test_resave_keeps_previous_as_bak(store):
    match = new_match(moves=1)
    path = store.save(match)
    first = path.read_bytes()
    match.play(match.legal_actions()[0])
    store.save(match)
    bak = path.with_name(path.name + ".bak")
    assert bak.read_bytes() == first
    assert len(store.load(match.id, games=games).log) == 2
    assert sorted(p.name for p in saves_dir().iterdir()) == [path.name, bak.name]


def test_thumbnail_written_kept_and_listed(store):
    match = new_match()
    store.save(match, PNG)
    png = saves_dir() / f"{match.id}.png"
    assert png.read_bytes() == PNG
    store.save(match)                             # an autosave without a picture keeps it
    assert png.read_bytes() == PNG
    assert store.list()[0].thumbnail == png


def test_save_failure_is_a_save_error(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="could not save"):
        SaveStore(blocker).save(new_match())


def test_bad_ids_are_refused(store):
    match = new_match()
    match.id = "../escape"
    with pytest.raises(SaveError):
        store.save(match)
    with pytest.raises(SaveError):
        store.delete("a/b")


# --- damage ---------------------------------------------------------------------------
def saved(store, **kw):
    match = new_match(**kw)
    return match, store.save(match)


def test_truncated_file(store):
    match, path = saved(store)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    before = files(saves_dir())
    with pytest.raises(DamagedSave) as err:
        store.load(match.id, games=games)
    assert str(err.value) == (f"The save file {match.id}.json is damaged: it ends too early, so "
                              f"it was probably cut short while being written.")
    assert files(saves_dir()) == before            # untouched, byte for byte


@pytest.mark.parametrize("content, why", [
    (b"", "it is empty"),
    (b"\x00\x01\xff\xfe garbage", "it is not a text file"),
    (b"hello, I am not JSON", "it is not valid save data (line 1, column 1)"),
    (b'{"format": 1} trailing', "it is not valid save data (line 1, column 15)"),
    (b"[1, 2, 3]", "it does not hold a saved game"),
    (b'{"hello": 1}', 'the field "format" is missing or not a whole number'),
])
def test_garbage_file(store, content, why):
    path = saves_dir() / "junk.json"
    path.write_bytes(content)
    with pytest.raises(DamagedSave) as err:
        store.load("junk", games=games)
    assert str(err.value) == f"The save file junk.json is damaged: {why}."
    assert path.read_bytes() == content


@pytest.mark.parametrize("change, field", [
    (lambda d: d.pop("match"), '"match" is missing'),
    (lambda d: d["match"].pop("log"), '"match.log" is missing'),
    (lambda d: d["match"].update(seed="7"), '"match.seed" should be a whole number'),
    (lambda d: d["match"].update(casual=1), '"match.casual" should be true or false'),
    (lambda d: d["match"]["log"][1].pop("action"), '"match.log[1].action" is missing'),
    (lambda d: d["match"]["seats"][0].update(name=None), '"match.seats[0].name" should be text'),
    (lambda d: d["summary"].update(result=3), '"summary.result" should be text or empty'),
    (lambda d: d["match"].update(snapshot=[]), '"match.snapshot" should be an object'),
])
def test_missing_or_mistyped_fields(store, change, field):
    match, path = saved(store)
    edit(path, change)
    before = files(saves_dir())
    with pytest.raises(DamagedSave, match="damaged: the field " + field.replace("[", r"\[")
                       .replace("]", r"\]")):
        store.load(match.id, games=games)
    assert files(saves_dir()) == before
    with pytest.raises(jsonschema.ValidationError):   # the schema catches the same damage
        validate(path)


def test_newer_format(store):
    match, path = saved(store)
    edit(path, lambda d: d.update(format=2))
    with pytest.raises(NewerFormat) as err:
        store.load(match.id, games=games, allow_backup=True)
    assert str(err.value) == ("This save was made by a newer version of Tabletop (format 2); "
                              "this version reads format 1.")
    row = store.list()[0]
    assert row.error == str(err.value) and row.title == "Toy Nim"   # still shown by name


def test_newer_rules_version(store):
    match, path = saved(store)
    edit(path, lambda d: d["match"].update(game_version=GAME.info.version + 1))
    with pytest.raises(NewerFormat, match="newer rules for Toy Nim"):
        store.load(match.id, games=games)


def test_unknown_game(store):
    match, path = saved(store)
    edit(path, lambda d: (d["match"].update(game="chess"), d["summary"].update(title="Chess")))
    with pytest.raises(UnknownGame) as err:
        store.load(match.id, games=games)
    assert str(err.value) == 'This save is for "Chess", a game this version of Tabletop does not have.'
    assert store.list()[0].error is None               # listing alone does not know the games
    assert store.list(games=games)[0].error == str(err.value)


def test_illegal_move_in_log(store):
    match, path = saved(store, moves=3)
    edit(path, lambda d: d["match"]["log"][1]["action"].update(args=[0, 99]))
    before = files(saves_dir())
    with pytest.raises(DamagedSave) as err:
        store.load(match.id, games=games)
    assert str(err.value).startswith(f"The save file {match.id}.json is damaged: "
                                     f"move 2 of the saved log is illegal: Pile 1 holds")
    assert files(saves_dir()) == before


def test_unreadable_action_in_log(store):
    match, path = saved(store, moves=2)
    edit(path, lambda d: d["match"]["log"][0]["action"].update(kind="fly", args=[]))
    with pytest.raises(DamagedSave, match="move 1 of the saved log is illegal: Only taking"):
        store.load(match.id, games=games)


def test_snapshot_mismatch(store):
    match, path = saved(store, moves=2)
    edit(path, lambda d: d["match"]["snapshot"].update(piles=[9, 9, 9]))
    with pytest.raises(DamagedSave) as err:
        store.load(match.id, games=games)
    assert str(err.value) == (f"The save file {match.id}.json is damaged: replaying its 2 moves "
                              f"does not reach the position it recorded (different: piles).")


def test_missing_save(store):
    with pytest.raises(SaveNotFound):
        store.load("nothere", games=games)


# --- recovery from the backup ------------------------------------------------------------
def test_backup_recovery(store):
    match = new_match(moves=1)
    path = store.save(match)
    match.play(match.legal_actions()[0])
    store.save(match)
    path.write_bytes(path.read_bytes()[:40])       # the newest save got cut short
    before = files(saves_dir())
    with pytest.raises(DamagedSave):
        store.load(match.id, games=games)           # only when asked
    loaded = store.load(match.id, games=games, allow_backup=True)
    assert len(loaded.log) == 1                     # the previous save
    assert "cut short" in loaded.recovered_from_backup
    assert "backup copy" in loaded.recovered_from_backup
    assert files(saves_dir()) == before             # loading moved nothing
    # playing on: the damaged file is kept aside rather than rotated away
    damaged = before[path.name][0]
    store.save(loaded)
    store.save(loaded)
    assert (saves_dir() / f"{match.id}.json.damaged").read_bytes() == damaged
    assert len(store.load(match.id, games=games).log) == 1


def test_backup_recovery_when_main_file_vanished(store):
    match, path = saved(store)
    store.save(match)
    path.unlink()
    assert store.load(match.id, games=games, allow_backup=True).id == match.id


def test_both_copies_damaged(store):
    match, path = saved(store)
    store.save(match)
    path.write_bytes(b"{")
    path.with_name(path.name + ".bak").write_bytes(b"nonsense")
    with pytest.raises(DamagedSave, match="backup copy could not be used either"):
        store.load(match.id, games=games, allow_backup=True)


# --- listing ---------------------------------------------------------------------------------
def test_list_newest_first_and_fields(store):
    older = new_match(moves=1)
    store.save(older)
    newer = new_match(moves=2)
    store.save(newer, PNG)
    rows = store.list()
    assert [r.id for r in rows] == [newer.id, older.id]
    top = rows[0]
    assert (top.game, top.title, top.players, top.finished, top.error) == \
        ("toynim", "Toy Nim", ["Ann", "Player 2"], False, None)
    assert top.path == saves_dir() / f"{newer.id}.json"
    assert top.thumbnail == saves_dir() / f"{newer.id}.png"
    assert rows[1].thumbnail is None
    assert top.saved_at.endswith("+00:00")


def test_list_shows_damaged_files_without_raising(store):
    match, path = saved(store)
    store.save(match)                               # leaves a .bak, which is not listed
    (saves_dir() / "cut.json").write_bytes(path.read_bytes()[:100])
    (saves_dir() / "garbage.json").write_bytes(b"\xff\xfe\x00")
    (saves_dir() / "noshape.json").write_text('{"format": 1, "summary": {"title": "Paargus"}}')
    (saves_dir() / "folder.json").mkdir()            # unreadable in another way
    (saves_dir() / ".x.json.1234.tmp").write_text("debris")
    snapshot = {p.name: p.read_bytes() for p in saves_dir().iterdir() if p.is_file()}
    rows = {r.id: r for r in store.list()}
    assert set(rows) == {match.id, "cut", "garbage", "noshape", "folder"}
    assert rows[match.id].error is None
    assert "cut short" in rows["cut"].error
    assert "not a text file" in rows["garbage"].error
    assert rows["noshape"].title == "Paargus" and '"app_version" is missing' in rows["noshape"].error
    assert rows["folder"].error
    assert {p.name: p.read_bytes() for p in saves_dir().iterdir() if p.is_file()} == snapshot


def test_latest_unfinished(store):
    assert store.latest_unfinished() is None
    playing = new_match(moves=1)
    store.save(playing)
    done = finish(new_match(moves=0, seed=3))
    store.save(done)
    (saves_dir() / "broken.json").write_text("{")
    assert store.latest_unfinished().id == playing.id


def test_delete(store):
    match = new_match()
    store.save(match, PNG)
    store.save(match)
    other = new_match()
    store.save(other)
    store.delete(match.id)
    assert sorted(p.name for p in saves_dir().iterdir()) == [f"{other.id}.json"]
    store.delete(match.id)                           # deleting twice is harmless
    assert [r.id for r in store.list()] == [other.id]


# --- migrations ---------------------------------------------------------------------------------
def format0(match):
    """A made-up old format: no summary, and the log was called "moves"."""
    doc = save_document(match)
    doc["format"] = 0
    del doc["summary"]
    doc["match"]["moves"] = doc["match"].pop("log")
    return doc


def migrate_0_to_1(doc):
    doc["match"]["log"] = doc["match"].pop("moves")
    doc["summary"] = {"game": doc["match"]["game"], "title": "Toy Nim", "players": [],
                      "turn": "", "finished": False, "result": None}
    return doc


def test_migration_runs_on_load(store, monkeypatch):
    monkeypatch.setitem(saves.MIGRATIONS, 0, migrate_0_to_1)
    match = new_match(moves=3)
    path = store.path_for(match.id)
    path.write_text(json.dumps(format0(match)), "utf-8")
    before = path.read_bytes()
    loaded = store.load(match.id, games=games)
    assert GAME.state_to_json(loaded.state) == GAME.state_to_json(match.state)
    assert len(loaded.log) == 3
    assert read_save(path)["format"] == 1
    assert path.read_bytes() == before              # migrated in memory only
    assert store.list()[0].error is None and store.list()[0].title == "Toy Nim"
    validate(store.save(loaded))                     # the next save writes format 1


def test_migrations_chain_in_order(store, monkeypatch):
    calls = []
    match, path = saved(store)                       # a format-1 file
    monkeypatch.setattr(saves, "FORMAT_VERSION", 3)
    monkeypatch.setitem(saves.MIGRATIONS, 1, lambda d: calls.append((1, d["format"])) or d)
    monkeypatch.setitem(saves.MIGRATIONS, 2, lambda d: calls.append((2, d["format"])) or d)
    store.load(match.id, games=games)
    assert calls == [(1, 1), (2, 2)]


def test_missing_migration(store):
    match = new_match()
    store.path_for(match.id).write_text(json.dumps(format0(match)), "utf-8")
    with pytest.raises(SaveError, match="format 0, which this version of Tabletop can no longer"):
        store.load(match.id, games=games)
    assert "can no longer read" in store.list()[0].error


def test_failing_migration_is_damage(store, monkeypatch):
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda d: d["nope"])
    match = new_match()
    store.path_for(match.id).write_text(json.dumps(format0(match)), "utf-8")
    with pytest.raises(DamagedSave, match="could not be upgraded from format 0"):
        store.load(match.id, games=games)


def test_store_does_not_import_gui():
    import subprocess
    import sys
    code = ("import sys, tabletop.store.saves, tabletop.store.settings, tabletop.store.atomic; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pygame')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ})


# --- any content at all: a sentence, the backup, the file untouched (issue 19) ----------------
def nested(depth):
    return "[" * depth + "]" * depth


def raw_edit(path, old, new):
    """Swap text in the file itself: for content json.dumps cannot write."""
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


MALFORMED = {                    # name: (how to spoil a saved file, what the sentence says)
    "deep nesting": (lambda p: raw_edit(p, '"options": {}', f'"options": {{"x": {nested(100_000)}}}'),
                     "nested more than 100 levels deep"),
    "nesting json can read": (lambda p: raw_edit(p, '"options": {}', f'"options": {{"x": {nested(500)}}}'),
                              "nested more than 100 levels deep"),
    "giant integer": (lambda p: raw_edit(p, '"seed": 7', '"seed": ' + "7" * 5000),
                      "a whole number too long to read"),
    "NaN": (lambda p: raw_edit(p, '"created": ', '"created": NaN, "x": '),
            "a number that is not finite"),
    "Infinity": (lambda p: raw_edit(p, '"seed": 7', '"seed": -Infinity'),
                 "a number that is not finite"),
    "huge float": (lambda p: raw_edit(p, '"created": ', '"created": 1e999, "x": '),
                   "a number that is not finite"),
}


@pytest.mark.parametrize("kind", MALFORMED)
def test_malformed_content_is_a_damaged_save_and_the_file_stays(store, kind):
    spoil, why = MALFORMED[kind]
    match, path = saved(store)
    spoil(path)
    before = files(saves_dir())
    with pytest.raises(DamagedSave) as err:
        store.load(match.id, games=games)
    assert str(err.value).startswith(f"The save file {match.id}.json is damaged: ")
    assert why in str(err.value)
    with pytest.raises(DamagedSave):
        read_save(path)
    assert files(saves_dir()) == before


@pytest.mark.parametrize("kind", MALFORMED)
def test_malformed_main_file_falls_back_to_a_good_backup(store, kind):
    match = new_match(moves=1)
    path = store.save(match)
    match.play(match.legal_actions()[0])
    store.save(match)
    MALFORMED[kind][0](path)
    damaged = path.read_bytes()
    loaded = store.load(match.id, games=games, allow_backup=True)
    assert len(loaded.log) == 1 and "backup copy" in loaded.recovered_from_backup
    assert path.read_bytes() == damaged
    store.save(loaded)                                # playing on keeps the damaged file aside
    assert (saves_dir() / f"{match.id}.json.damaged").read_bytes() == damaged


@pytest.mark.parametrize("kind", MALFORMED)
def test_a_damaged_save_with_a_good_backup_is_listed_as_its_backup(store, kind):
    """The list offers what load(allow_backup=True) will open, so the match is not stuck."""
    match = new_match(moves=1)
    path = store.save(match)
    match.play(match.legal_actions()[0])
    store.save(match)
    MALFORMED[kind][0](path)
    for rows in (store.list(), store.list(games=games)):
        assert len(rows) == 1 and rows[0].error is None and rows[0].id == match.id
        assert rows[0].players and MALFORMED[kind][1] in rows[0].from_backup
        assert "backup copy" in rows[0].from_backup
    assert store.latest_unfinished(games).id == match.id
    assert len(store.load(rows[0].id, games=games, allow_backup=True).log) == 1


@pytest.mark.parametrize("kind", MALFORMED)
def test_malformed_files_are_listed_as_damaged(store, kind):
    match, path = saved(store)
    MALFORMED[kind][0](path)
    for rows in (store.list(), store.list(games=games)):
        assert len(rows) == 1 and MALFORMED[kind][1] in rows[0].error


def test_a_save_over_64_mb_is_refused_before_it_is_read(store, monkeypatch):
    match = new_match(moves=1)
    path = store.save(match)
    match.play(match.legal_actions()[0])
    store.save(match)
    with open(path, "r+b") as f:                      # sparse: costs no disk space
        f.truncate(64 * 1024 * 1024 + 1)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read a giant file"))
    with pytest.raises(DamagedSave) as err:
        store.load(match.id, games=games)
    assert str(err.value) == (f"The save file {match.id}.json is damaged: it is larger than "
                              f"64 MB, far more than any save Tabletop writes.")
    assert len(store.load(match.id, games=games, allow_backup=True).log) == 1
    row = store.list()[0]                             # listed as its backup, resumable
    assert row.error is None and "64 MB" in row.from_backup
    assert path.stat().st_size == 64 * 1024 * 1024 + 1


@pytest.mark.parametrize("error", [RecursionError, ZeroDivisionError, KeyError, MemoryError])
def test_any_exception_of_the_replay_is_a_damaged_save(store, monkeypatch, error):
    match, path = saved(store)

    def broken(state):
        raise error("the engine choked")
    monkeypatch.setattr(GAME, "state_to_json", broken)
    with pytest.raises(DamagedSave, match="its moves could not be replayed"):
        store.load(match.id, games=games)


@pytest.mark.parametrize("change", [
    lambda d: d["match"]["log"][0]["action"].update(args=[[[[0]]], {"x": 1}]),
    lambda d: d["match"]["log"][0]["action"].update(args=[0, 10 ** 4000]),
    lambda d: d["match"]["log"][0]["action"].update(args=[0.5, True]),
    lambda d: d["match"]["seats"][0].update(kind="robot"),
    lambda d: d["match"].update(created=10 ** 400),
])
def test_wrong_types_deep_inside_are_a_damaged_save(store, change):
    match, path = saved(store)
    edit(path, change)
    with pytest.raises(DamagedSave):
        store.load(match.id, games=games)


def test_listing_removes_stale_temporary_files_only(store):
    match, path = saved(store)
    stale, fresh = saves_dir() / f".{path.name}.abcd1234.tmp", saves_dir() / f".{path.name}.wxyz6789.tmp"
    for tmp in (stale, fresh):
        tmp.write_text("an interrupted autosave")
    old = stale.stat().st_mtime - 11 * 60
    os.utime(stale, (old, old))
    assert [row.id for row in store.list()] == [match.id]
    assert not stale.exists() and fresh.exists()


# --- a save is what its replay says, written back where it came from (issue 19) -----------------
def test_a_renamed_save_is_written_back_to_its_own_file(store):
    match, original = saved(store)
    copy = saves_dir() / "copy.json"
    copy.write_bytes(original.read_bytes())
    before = original.read_bytes()
    for source in ("copy", copy):
        loaded = store.load(source, games=games)
        loaded.play(loaded.legal_actions()[0])
        assert store.save(loaded) == copy
    assert original.read_bytes() == before
    assert len(store.load("copy", games=games).log) == 5
    assert not (saves_dir() / f"{match.id}.json.bak").exists()


def test_a_renamed_save_recovered_from_its_backup_is_written_back_to_its_own_file(store):
    match, original = saved(store)
    store.save(match)
    copy = saves_dir() / "copy.json"
    for name in (copy.name, copy.name + ".bak"):
        (saves_dir() / name).write_bytes(original.read_bytes())
    copy.write_bytes(b"{")
    before = original.read_bytes()
    loaded = store.load("copy", games=games, allow_backup=True)
    assert loaded.recovered_from_backup and store.save(loaded) == copy
    assert original.read_bytes() == before
    assert (saves_dir() / "copy.json.damaged").read_bytes() == b"{"


@pytest.mark.parametrize("bad_id", ["../x", "a/b", "", "x" * 65, "dot.ted", "new\nline"])
def test_an_unsafe_match_id_is_a_damaged_save(store, bad_id):
    match, path = saved(store)
    edit(path, lambda d: d["match"].update(id=bad_id))
    with pytest.raises(DamagedSave, match='the field "match.id" is not a valid match id'):
        store.load(match.id, games=games)
    assert "match.id" in store.list()[0].error


def barrier_match():
    """A Paargus match long enough to hold moves that revealed cards and ones that did not."""
    from tabletop.core import Rng
    from tabletop.games.registry import get_game
    match = Match(get_game("paargus"), [Seat(), Seat()], 11)
    rng = Rng(11)
    for _ in range(60):
        match.play(rng.choice(match.legal_actions()))
    barriers = [e.barrier for e in match.log]
    assert any(barriers) and not all(barriers)
    return match


@pytest.mark.parametrize("edited", [False, True])
def test_undo_barriers_come_from_the_replay_not_the_file(store, edited):
    from tabletop.games.registry import get_game
    match = barrier_match()
    path = store.save(match)
    edit(path, lambda d: [entry.update(barrier=edited) for entry in d["match"]["log"]])
    loaded = store.load(path, games=get_game)
    assert [e.barrier for e in loaded.log] == [e.barrier for e in match.log]
    assert [loaded.undo_target(seat) for seat in (None, 0, 1)] == \
        [match.undo_target(seat) for seat in (None, 0, 1)]


def test_the_list_shows_the_replayed_summary_not_the_files(store):
    playing = new_match(moves=1)
    store.save(playing)
    done = finish(new_match(moves=0, seed=3))
    done_path = store.save(done)
    edit(store.path_for(playing.id), lambda d: d["summary"].update(
        finished=True, result="Ann wins", players=["Eve", "Mallory"], title="Chess", turn="Turn 99"))
    edit(done_path, lambda d: d["summary"].update(finished=False, result=None))
    rows = {row.id: row for row in store.list(games=games)}
    assert (rows[playing.id].finished, rows[playing.id].result, rows[playing.id].players,
            rows[playing.id].title, rows[playing.id].turn) == \
        (False, None, ["Ann", "Player 2"], "Toy Nim", "")
    assert rows[done.id].finished and rows[done.id].result.endswith("wins")
    assert store.latest_unfinished(games=games).id == playing.id


def test_the_list_replays_a_save_once_until_it_changes(store, monkeypatch):
    match, path = saved(store)
    replays = []
    real = saves.match_from_save
    monkeypatch.setattr(saves, "match_from_save", lambda *a: replays.append(1) or real(*a))
    store.list(games=games)
    store.list(games=games)
    assert len(replays) == 1
    match.play(match.legal_actions()[0])
    store.save(match)
    assert store.list(games=games)[0].turn == "" and len(replays) == 2


def test_a_new_run_lists_saves_it_has_replayed_before_without_replaying_them(store, monkeypatch):
    match, path = saved(store)
    first = store.list(games=games)[0]
    monkeypatch.setattr(saves, "match_from_save", lambda *a: pytest.fail("replayed again"))
    again = SaveStore().list(games=games)[0]                 # a new run of the app
    assert (again.finished, again.result, again.players, again.turn) == \
           (first.finished, first.result, first.players, first.turn)


def test_the_cache_does_not_let_an_edited_save_skip_its_replay(store, monkeypatch):
    match, path = saved(store, moves=3)
    store.list(games=games)
    edit(path, lambda d: d["summary"].update(finished=True, result="Ann wins."))
    row = SaveStore().list(games=games)[0]                    # same log: the cached replay
    assert not row.finished and row.result is None
    edit(path, lambda d: d["match"]["log"][1]["action"].update(args=[0, 99]))
    assert "move 2 of the saved log is illegal" in SaveStore().list(games=games)[0].error


@pytest.mark.parametrize("junk", [b"", b"{", b"[1, 2]", b'{"x.json": [1]}', b"\xff" * 9])
def test_a_damaged_list_cache_is_ignored_and_rewritten(store, junk):
    match, path = saved(store)
    (path.parent / ".summaries.cache").write_bytes(junk)
    row = SaveStore().list(games=games)[0]
    assert row.error is None and row.players
    cached = json.loads((path.parent / ".summaries.cache").read_text(encoding="utf-8"))
    assert list(cached) == [path.name]


def test_a_save_the_replay_refuses_is_listed_as_damaged(store):
    match, path = saved(store, moves=3)
    edit(path, lambda d: d["match"]["log"][1]["action"].update(args=[0, 99]))
    assert store.list()[0].error is None                       # the shape alone is fine
    row = store.list(games=games)[0]
    assert "move 2 of the saved log is illegal" in row.error
    assert store.latest_unfinished(games=games) is None


def test_messages_and_rows_stay_short_whatever_the_file_holds(store):
    match, path = saved(store)
    huge = "9" * 4000
    edit(path, lambda d: (d.update(format=int(huge)), d["summary"].update(title="T" * 10 ** 6)))
    with pytest.raises(NewerFormat) as err:
        store.load(match.id, games=games)
    assert len(str(err.value)) < 300
    row = store.list()[0]
    assert len(row.error) < 300 and len(row.title) <= 160
