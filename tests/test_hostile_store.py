"""The hostile world for the store (issue 80): a disk that fills up mid-write, a snapshot that
cannot be written when the match is left, a save the player renamed, and damaged or odd
journals and saves. The full disk is a test double for the OS's write at the lowest level
(`os.write` for the journal, the temporary file's `write` for whole saves and pictures): the
world the app lives in, never what the player touches. Every failure is a sentence for the
player; no acknowledged move is lost."""

from __future__ import annotations

import errno
import json
import os
import random
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from player import answering, click
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell import warmer
from tabletop.shell.controller import MatchController
from tabletop.shell.main_window import MainWindow
from tabletop.store import atomic
from tabletop.store import saves as saves_module
from tabletop.store import journal as jn
from tabletop.store.saves import SaveError, SaveStore
from tabletop.table.faces import FaceCache

GAME = get_game("paargus")
ENOSPC = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


# --- the full disk -------------------------------------------------------------------------------
class FullDisk:
    """os.write and the temporary files' writes on a disk with `room` bytes left (None: plenty).
    A write asked for more than the room writes what fits and says how much (a short write);
    the next one fails with ENOSPC, as a real disk does."""

    def __init__(self, monkeypatch):
        self.room: int | None = None
        self.cut_next: int | None = None     # the next write stops after this many bytes
        self.real_write = os.write
        self.real_fdopen = os.fdopen
        self.short_writes = 0
        monkeypatch.setattr(jn.os, "write", self.write)
        monkeypatch.setattr(atomic.os, "fdopen", self.fdopen)
        monkeypatch.setattr(Image.Image, "save", self.image_save(Image.Image.save))

    def take(self, wanted: int) -> int:
        if self.room is None:
            return wanted
        if self.room == 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = min(wanted, self.room)
        self.room -= n
        self.short_writes += n < wanted
        return n

    def write(self, fd, data):
        if self.cut_next is not None:
            n, self.cut_next = min(self.cut_next, len(data)), None
            self.short_writes += n < len(data)
            return self.real_write(fd, bytes(data[:n]))
        n = self.take(len(data))
        return self.real_write(fd, bytes(data[:n]))

    def fdopen(self, fd, *args, **kwargs):
        return _TempFile(self.real_fdopen(fd, *args, **kwargs), self)

    def image_save(self, real):
        disk = self

        def save(img, fp, *args, **kwargs):
            if disk.room is None or not isinstance(fp, (str, os.PathLike)):
                return real(img, fp, *args, **kwargs)
            Path(fp).write_bytes(b"\x89PNG\r\n\x1a\n"[:disk.room])     # a part, then full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        return save


class _TempFile:
    """A file opened by os.fdopen on the full disk: all of a write, or a part and ENOSPC."""

    def __init__(self, f, disk):
        self._f, self._disk = f, disk

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def write(self, data):
        n = self._disk.take(len(data))
        self._f.write(data[:n])
        if n < len(data):
            self._f.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return n


@pytest.fixture
def disk(monkeypatch):
    return FullDisk(monkeypatch)


def new_match(seed=5, seats=("human", "bot")):
    return Match(GAME, [Seat(kind, kind.title()) for kind in seats], seed)


def move(match, store, rng):
    match.play(rng.choice(match.legal_actions()))
    try:
        store.autosave(match)
        return None
    except SaveError as err:
        return str(err)


def loaded(store, match_id):
    return SaveStore(store.folder).load(match_id, games=get_game, allow_backup=True)


def same_start(loaded_match, match):
    got = [e.to_json() for e in loaded_match.log]
    assert got == [e.to_json() for e in match.log[:len(got)]]


def plain_sentence(text: str) -> None:
    """What a player reads: one or two sentences, no error codes, no Python."""
    assert text and text[0].isupper() and text.rstrip().endswith((".", ")")), text
    for code in ("Errno", "Traceback", "OSError", "errno", "None", "Exception"):
        assert code not in text, text


# --- 3: a short write on a full disk -------------------------------------------------------------
def test_a_short_write_is_finished_when_the_disk_takes_the_rest(tmp_path, disk):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(1)
    for _ in range(16):
        assert move(match, store, rng) is None
    store.flush()
    disk.cut_next = 196                               # the next line is cut at 196 bytes
    match.play(rng.choice(match.legal_actions()))
    store.autosave(match)
    store.flush()
    assert disk.short_writes == 1
    assert store.durable(match) == 17
    assert len(loaded(store, match.id).log) == 17


def test_a_line_the_full_disk_cut_is_not_acknowledged_and_never_followed(tmp_path, disk):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(2)
    for _ in range(16):
        assert move(match, store, rng) is None
    store.flush()
    journal = jn.journal_path(store.path_for(match.id))
    disk.room = 100                                   # part of move 17's line, then full
    match.play(rng.choice(match.legal_actions()))
    store.autosave(match)
    store._writer.wait()
    assert store.durable(match) == 16                 # never said to be saved
    assert journal.read_bytes().endswith(b"\n")       # cut back to the last whole line
    assert len(loaded(store, match.id).log) == 16
    disk.room = None                                  # space comes back before the next move
    said = [move(match, store, rng) for _ in range(6)]
    store.flush()
    problems = [s for s in said if s]
    assert len(problems) == 1 and "disk is full" in problems[0]
    plain_sentence(problems[0])
    again = loaded(store, match.id)
    assert again.recovered_from_backup is None and len(again.log) == len(match.log) == 23


def test_when_the_cut_line_cannot_be_taken_back_nothing_is_appended_after_it(tmp_path, disk,
                                                                           monkeypatch):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(3)
    for _ in range(10):
        assert move(match, store, rng) is None
    store.flush()
    monkeypatch.setattr(jn.os, "ftruncate", lambda fd, size: (_ for _ in ()).throw(ENOSPC))
    disk.room = 50
    match.play(rng.choice(match.legal_actions()))
    store.autosave(match)
    store._writer.wait()
    disk.room = None
    for _ in range(5):
        move(match, store, rng)
    store.flush()
    assert len(loaded(store, match.id).log) == len(match.log)


def test_the_player_reads_a_sentence_when_the_disk_is_full(qtbot, tmp_path, disk):
    ctrl = MatchController(new_match(seats=("human", "human")), SaveStore(tmp_path))
    problems = []
    ctrl.problem.connect(problems.append)
    rng = Rng(4)

    def play(n):
        for _ in range(n):
            ctrl.lift_curtain()
            assert ctrl.try_action(rng.choice(ctrl.legal_for_viewer())) is None
            ctrl.store._writer.wait()

    play(5)
    disk.room = 0
    play(4)
    assert problems and all(p == problems[0] for p in problems)
    assert "disk is full" in problems[0] and "Free some space" in problems[0]
    plain_sentence(problems[0])
    disk.room, problems[:] = None, []
    play(3)
    ctrl.close()
    assert not problems
    assert len(loaded(ctrl.store, ctrl.match.id).log) == 12


# --- 4: leaving after a failed snapshot ----------------------------------------------------------
def fail_then_stop(store, disk, match, rng):
    """Five moves saved, then the disk fills: an append fails, then every other move the
    snapshot that would replace the journal (the moves between report the failure); the last
    move's snapshot failed too."""
    for _ in range(5):
        assert move(match, store, rng) is None
    store.flush()
    disk.room = 0
    said = []
    for _ in range(39):
        said.append(move(match, store, rng))
        store._writer.wait()
    assert said[-1] is None and said[-2] is not None   # the last move queued a snapshot
    assert store.durable(match) == 5


def test_closing_writes_the_snapshot_still_owed(tmp_path, disk):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(5)
    fail_then_stop(store, disk, match, rng)
    disk.room = None                                  # space again: the close writes it all
    assert store.close_match(match) == store.path_for(match.id)
    assert len(loaded(store, match.id).log) == len(match.log) == 44


def test_closing_on_a_full_disk_says_so_and_keeps_what_was_saved(tmp_path, disk):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(6)
    fail_then_stop(store, disk, match, rng)
    with pytest.raises(SaveError) as failed:
        store.close_match(match, lambda: b"\x89PNG thumbnail")
    text = str(failed.value)
    plain_sentence(text)
    assert "disk is full" in text and "39 moves" in text     # the moves that may be missing
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    back = loaded(store, match.id)
    assert back.recovered_from_backup is None and len(back.log) == 5
    same_start(back, match)


def test_a_thumbnail_the_full_disk_refuses_does_not_fail_the_save(tmp_path, monkeypatch):
    store, match, rng = SaveStore(tmp_path), new_match(), Rng(10)
    for _ in range(5):
        assert move(match, store, rng) is None
    real = saves_module.write_atomic

    def no_room_for_pictures(path, data, backup=True):
        if Path(path).suffix == ".png":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(path, data, backup)

    monkeypatch.setattr(saves_module, "write_atomic", no_room_for_pictures)
    assert store.close_match(match, lambda: b"\x89PNG thumbnail") == store.path_for(match.id)
    assert len(loaded(store, match.id).log) == 5


def reading_and_ok(texts: list):
    def answer(box):
        texts.append(box.text())
        click(box.button(QMessageBox.Ok))
    return answer


def test_leaving_the_table_on_a_full_disk_tells_the_player(qtbot, tmp_path, disk):
    store = SaveStore(tmp_path / "saves")
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.open_match(new_match(seats=("human", "human")))
    ctrl, rng = win.table.ctrl, Rng(7)
    for i in range(8):
        if i == 3:
            store._writer.wait()
            disk.room = 0
        ctrl.lift_curtain()
        ctrl.try_action(rng.choice(ctrl.legal_for_viewer()))
    told = []
    with answering(QMessageBox, reading_and_ok(told)):
        win.show_home()
    assert len(told) == 1 and "disk is full" in told[0]
    plain_sentence(told[0])
    assert win.stack.currentWidget() is win.home
    disk.room = None
    assert len(loaded(store, ctrl.match.id).log) == 3
    win.close()


@contextmanager
def boxes_closed(shown: list):
    """Any modal dialog the block opens is read into `shown` and closed (so that an
    unexpected one fails the test instead of waiting for a person forever)."""
    def look():
        dlg = QApplication.activeModalWidget()
        if dlg is not None and dlg.isVisible():
            shown.append(dlg.text() if isinstance(dlg, QMessageBox) else dlg.windowTitle())
            dlg.reject()
    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(50)
    try:
        yield
    finally:
        timer.stop()


# --- 9: a save the player renamed ----------------------------------------------------------------
def renamed(store, name="Sunday game"):
    match = new_match(seats=("human", "human"))
    for action_index in range(4):
        match.play(match.legal_actions()[action_index % len(match.legal_actions())])
    path = store.save(match)
    target = path.with_name(f"{name}.json")
    path.rename(target)
    return match, target


def test_a_renamed_save_resumes_and_deletes_by_its_file(tmp_path):
    store = SaveStore(tmp_path)
    match, path = renamed(store)
    (info,) = store.list(get_game)
    assert info.error is None and info.path == path
    back = store.load(info.id, games=get_game)
    assert back.save_path == path and len(back.log) == 4
    back.play(back.legal_actions()[0])
    store.autosave(back)
    store.close_match(back)
    assert not store.path_for(match.id).exists()       # written back to the renamed file
    assert len(store.load(info.id, games=get_game).log) == 5
    store.delete(info.id)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(("Sunday game", match.id))]


def test_the_saves_page_resumes_and_deletes_a_renamed_save(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match, path = renamed(store)
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    win.saves.list.setCurrentRow(0)
    assert win.saves.resume_btn.isEnabled()
    shown = []
    with boxes_closed(shown):
        click(win.saves.resume_btn)
    assert shown == []
    assert win.stack.currentWidget() is win.table and len(win.table.ctrl.match.log) == 4
    win.show_saves()                                  # the match waits behind the page
    win.saves.list.setCurrentRow(0)
    with answering(QMessageBox, lambda box: click(box.button(QMessageBox.Yes))):
        click(win.saves.delete_btn)
    assert not path.exists() and win.saves.list.count() == 0
    assert win.table.ctrl is None                      # the match behind it was closed first
    assert not path.exists()
    win.close()


def test_a_save_that_cannot_be_deleted_says_so_in_saved_games(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    odd = store.folder / "Not a save.json"
    odd.mkdir(parents=True)                           # a folder named like a save
    (odd / "inside").write_text("something of the player's")
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    win.saves.list.setCurrentRow(0)
    with answering(QMessageBox, lambda box: click(box.button(QMessageBox.Yes))):
        click(win.saves.delete_btn)
    shown = win.saves.problem.text()
    assert "could not be deleted" in shown
    plain_sentence(shown)
    assert (odd / "inside").exists() and win.stack.currentWidget() is win.saves
    win.close()


# --- 11: the face cache on a full disk -----------------------------------------------------------
def no_temps(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if ".tmp" in p.name]


def test_a_face_the_helper_cannot_write_leaves_no_temporary_file(tmp_path, disk):
    disk.room = 3
    target = tmp_path / "faces" / "abc.png"
    with pytest.raises(OSError):
        warmer._compose_to(str(target), lambda: Image.new("RGB", (8, 8)))
    assert no_temps(tmp_path) == [] and not target.exists()


def test_faces_the_cache_cannot_write_leave_no_temporary_file(tmp_path, disk):
    faces = FaceCache(tmp_path)
    disk.room = 3
    img = faces.pil("card:x", lambda: Image.new("RGBA", (8, 8)))
    faces.flush()                        # written by the cache's writer thread
    assert img.size == (8, 8) and no_temps(tmp_path) == []
    assert not faces.path_for("card:x").exists()


def test_learned_faces_that_cannot_be_written_leave_no_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setattr(warmer, "ENABLED", True)
    faces = FaceCache(tmp_path)
    (tmp_path / "faces").mkdir()
    faces.ui_misses.update({"card:a": None, "card:b": None})
    real = Path.write_text

    def full(path, text, *args, **kwargs):
        real(path, text[:5], *args, **kwargs)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", full)
    warmer.FaceWarmer(faces, "paargus")._save_learned()
    assert no_temps(tmp_path) == []


# --- every store file fuzzed ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A save whose journal holds moves: its bytes and the journal's."""
    folder = tmp_path_factory.mktemp("base")
    store, match, rng = SaveStore(folder), new_match(seed=9), Rng(9)
    for _ in range(6):
        assert move(match, store, rng) is None
    store.flush()
    path = store.path_for(match.id)
    return match.id, path.read_bytes(), jn.journal_path(path).read_bytes()


def outcome(folder: Path, match_id: str, name: str | None = None):
    """Load and list the save; a Match, or the SaveError's sentence. Anything else fails."""
    store = SaveStore(folder)
    try:
        result = store.load(name or match_id, games=get_game, allow_backup=True)
    except SaveError as err:
        plain_sentence(str(err))
        result = str(err)
    for games in (None, get_game):
        for info in store.list(games):
            if info.error:
                plain_sentence(info.error)
    return result


def put(folder: Path, match_id: str, save: bytes, journal: bytes | None) -> None:
    for p in folder.iterdir():
        if p.is_file():
            p.unlink()
    (folder / f"{match_id}.json").write_bytes(save)
    if journal is not None:
        (folder / f"{match_id}.journal").write_bytes(journal)


def test_truncated_saves_and_journals(tmp_path, base):
    match_id, save, journal = base
    whole = len(save.rstrip())
    for cut in sorted({*range(0, whole, max(1, whole // 25)), whole - 1}):
        put(tmp_path, match_id, save[:cut], journal)
        assert isinstance(outcome(tmp_path, match_id), str)
    for cut in range(0, len(journal), max(1, len(journal) // 25)):
        put(tmp_path, match_id, save, journal[:cut])
        result = outcome(tmp_path, match_id)
        assert not isinstance(result, str), result   # a torn journal loses its tail only


def test_garbage_bytes_in_saves_and_journals(tmp_path, base):
    match_id, save, journal = base
    rng = random.Random(80)
    for i in range(30):
        which = i % 2
        data = bytearray((save, journal)[which])
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            junk = bytes(rng.randrange(256) for _ in range(rng.randint(0, 6)))
            data[at:at + rng.randint(1, 6)] = junk
        put(tmp_path, match_id, bytes(data) if which == 0 else save,
            bytes(data) if which == 1 else journal)
        outcome(tmp_path, match_id)
    for junk in (b"\x00" * 500, b"\xff\xfe{", os.urandom(2000), b"[]", b"null", b"1e999",
                 b'{"format": 1}', b"\n\n\n", "é".encode("latin-1")):
        put(tmp_path, match_id, junk, journal)
        assert isinstance(outcome(tmp_path, match_id), str)
        put(tmp_path, match_id, save, junk)
        outcome(tmp_path, match_id)


def test_deeply_nested_data_in_saves_and_journals(tmp_path, base):
    match_id, save, journal = base
    deep = "[" * 100_000 + "]" * 100_000
    doc = json.loads(save)
    header, *lines = journal.decode().splitlines()
    for field_path in (("match", "options"), ("match", "snapshot"), ("summary", "players"),
                       ("match", "log")):
        edited = json.loads(save)
        node = edited
        for key in field_path[:-1]:
            node = node[key]
        node[field_path[-1]] = "DEEP"
        text = json.dumps(edited).replace('"DEEP"', deep)
        put(tmp_path, match_id, text.encode(), journal)
        assert isinstance(outcome(tmp_path, match_id), str)
    assert doc["journal"]
    for bad in (deep, '{"n": 1, "add": ' + deep + "}",
                header.replace('"moves"', '"x":' + deep + ',"moves"')):
        put(tmp_path, match_id, save, "\n".join([header, bad, *lines, ""]).encode())
        outcome(tmp_path, match_id)


ODD_VALUES = (None, True, 0, -1, 2**70, 1.5, "", "x", [], {}, [[]], {"": None})


def fields(value, where=()):
    """Every (path, value) in a document, down to a few levels (the snapshot's outer ones)."""
    yield where, value
    if len(where) >= 4:
        return
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from fields(sub, where + (key,))
    elif isinstance(value, list):
        for i, sub in enumerate(value[:2]):
            yield from fields(sub, where + (i,))


def replaced(document, where, value):
    document = json.loads(json.dumps(document))
    if not where:
        return value
    node = document
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return document


def test_wrong_types_in_every_field_of_a_save(tmp_path, base):
    match_id, save, journal = base
    doc = json.loads(save)
    for where, value in fields(doc):
        if where[:2] == ("match", "snapshot") and len(where) > 3:
            continue
        for odd in ODD_VALUES:
            if type(odd) is type(value) and odd == value:
                continue
            put(tmp_path, match_id, json.dumps(replaced(doc, where, odd)).encode(), journal)
            store = SaveStore(tmp_path)
            try:
                store.load(match_id, games=get_game)
            except SaveError as err:
                plain_sentence(str(err))


def test_wrong_types_in_every_field_of_a_journal(tmp_path, base):
    match_id, save, journal = base
    header, first, *rest = [json.loads(line) for line in journal.decode().splitlines()]
    for index, line in ((0, header), (1, first)):
        for where, value in fields(line):
            for odd in ODD_VALUES:
                if type(odd) is type(value) and odd == value:
                    continue
                lines = [header, first, *rest]
                lines[index] = replaced(line, where, odd)
                data = "".join(json.dumps(x) + "\n" for x in lines).encode()
                put(tmp_path, match_id, save, data)
                if odd is None:
                    outcome(tmp_path, match_id)
                    continue
                try:
                    SaveStore(tmp_path).load(match_id, games=get_game)
                except SaveError as err:
                    plain_sentence(str(err))


def test_odd_files_in_the_saves_folder(tmp_path, base):
    match_id, save, journal = base
    folder = tmp_path / "saves"
    folder.mkdir()
    for name in ("Sunday game", "x.json", "ünïcödé", "dot.ted", ".hidden", "a b  c", "-dash"):
        (folder / f"{name}.json").write_bytes(save)
    (folder / "empty.json").write_bytes(b"")
    (folder / "folder.json").mkdir()
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / f"{match_id}.json").write_bytes(save)
    (folder / f"{match_id}.journal").mkdir()          # a folder where a journal goes
    store = SaveStore(folder)
    infos = store.list(get_game)
    assert len(infos) == 12, sorted(info.id for info in infos)
    for info in infos:
        try:
            match = store.load(info.id, games=get_game, allow_backup=True)
        except SaveError as err:
            plain_sentence(str(err))
            assert info.error or info.id in ("loop", "dangling")
        else:
            assert info.error is None and match.save_path == info.path
        try:
            store.delete(info.id)
        except SaveError as err:
            plain_sentence(str(err))
            assert info.id in ("folder", match_id), info.id
    assert {p.name for p in folder.iterdir()} >= {"folder.json"}


# --- the saves list's summaries cache --------------------------------------------------------------
def _cache_with(folder: Path, edit) -> None:
    """The cache as the store wrote it, each entry's summary changed by `edit` (its digest kept,
    so the store believes it)."""
    path = folder / ".summaries.cache"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({name: [digest, edit(dict(summary))]
                                for name, (digest, summary) in data.items()}), encoding="utf-8")


ODD_SUMMARIES = [
    lambda s: {},
    lambda s: {**s, "players": 5},
    lambda s: {**s, "players": [1, None]},
    lambda s: {**s, "finished": "yes"},
    lambda s: {**s, "turn": ["deep"] * 3},
    lambda s: {**s, "result": {"who": 1}},
    lambda s: {**s, "title": None, "game": 7},
    lambda s: {k: v for k, v in s.items() if k != "result"},
]


@pytest.mark.parametrize("odd", range(len(ODD_SUMMARIES)))
def test_an_odd_summaries_cache_is_replayed_over_not_believed(tmp_path, base, odd):
    match_id, save, journal = base
    put(tmp_path, match_id, save, journal)
    truth = SaveStore(tmp_path).list(get_game)[0]
    _cache_with(tmp_path, ODD_SUMMARIES[odd])
    again = SaveStore(tmp_path).list(get_game)[0]
    assert again.error is None
    assert (again.game, again.title, again.players, again.turn, again.finished, again.result) == \
           (truth.game, truth.title, truth.players, truth.turn, truth.finished, truth.result)


def test_the_saved_games_page_opens_over_an_odd_summaries_cache(qapp, tabletop_home, base):
    from tabletop.shell.widgets import dispose
    from tabletop.store.paths import saves_dir
    match_id, save, journal = base
    folder = saves_dir()
    put(folder, match_id, save, journal)
    SaveStore(folder).list(get_game)
    _cache_with(folder, ODD_SUMMARIES[1])
    win = MainWindow()
    win.show()
    win.show_saves()
    QApplication.processEvents()
    assert win.stack.currentWidget() is win.saves
    win.close()
    dispose(win)
