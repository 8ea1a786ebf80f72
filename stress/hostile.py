"""Hostile environment at volume: a disk that fills up mid-play, and every small file of the
player's (settings, decks, the saves list's cache) spoiled at random.

The hostile-world tests of `make test` (tests/test_hostile_store.py and
tests/test_hostile_settings_decks.py) try each kind of trouble a few times; this runs them by
the thousand, in four sections with their own counters, everything under a temporary
TABLETOP_HOME:

1. Journal on a full disk: seeded random play of paargus matches autosaved after every move
   (SaveStore.autosave, the journal; small snapshot thresholds so snapshots and journal
   rotations happen too), with the player saving, reopening and resuming now and then. At
   random moments the disk fills: the OS's write (`os.write` for the journal, the temporary
   files' `write` for whole saves) takes a random small room, writing short, then fails with
   ENOSPC (sometimes the cut-back `ftruncate` fails too, or a single write is cut short and
   the rest goes through); later the space comes back and play goes on. Every move the store
   acknowledged (its `on_durable` report, a `save` that returned) must be in the match loaded
   back from disk (allow_backup=True), whose log must be a prefix of the one played and whose
   state must be the one played at that move; a close with space must keep every move; every
   error must be a plain sentence saying the disk is full; no `.tmp` file may be left; the
   writer thread must log no error.
2. settings.json: mutations of a real settings file (random types in every field, deep
   nesting, giant numbers, NaN and Infinity, lone surrogates, garbage bytes, truncation, other
   encodings, odd `last_new_match` values): load_settings never raises and returns valid
   Settings, the file's bytes are kept (left, or set aside), the new-match dialog's
   `clean_last` takes the remembered choice, and save_settings of the result round-trips.
3. Deck files: for every game with decks (trials), mutations of a valid deck file beside an
   untouched one: DeckStore.list and the shell's deck_files, saved_decks and seat_choices never
   raise; each listed deck is usable (its spec reads it and judges it without raising) or
   carries a reason sentence; load gives the deck or a DeckError sentence; the untouched deck
   stays usable; listing and loading change, add or delete no file.
4. The saves list's summaries cache (`.summaries.cache`): mutations of a real cache (garbage,
   wrong types, entries of other shapes under the right digest, wrong digests, deep nesting,
   giant numbers): SaveStore.list(get_game) never raises and shows the same game, title,
   players, turn, finished and result as with a fresh cache, then and on the next list.

    python stress/hostile.py [--count N] [--matches M] [--seed S]

Prints a summary paragraph of figures per section; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import json
import logging
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's tabletop

from tabletop.core import Rng  # noqa: E402
from tabletop.core.match import Match, Seat  # noqa: E402
from tabletop.games.registry import get_game, plugins  # noqa: E402
from tabletop.store import atomic  # noqa: E402
from tabletop.store import journal as jn  # noqa: E402
from tabletop.store.decks import DeckError, DeckStore  # noqa: E402
from tabletop.store.saves import SaveError, SaveNotFound, SaveStore  # noqa: E402
from tabletop.store.settings import (CARD_SIZES, PALETTES, Settings,  # noqa: E402
                                     load_settings, save_settings)
from tabletop.store.summaries import CACHE_NAME  # noqa: E402

PAARGUS = get_game("paargus")
CASE_SECONDS = 60            # one case (a whole match in section 1) slower than this: a hang
SHOWN = 3                    # failures printed per kind of failure, per section
LONGEST = 3000               # characters of one failure printed


# --- shared: sentences, failures, spoiled JSON ---------------------------------------------------
def sentence_problem(text, *, clause: bool = False) -> str | None:
    """What a player reads: one or two sentences, no error codes, no Python (the tests'
    `plain_sentence`). A clause (a deck's reason, read after "cannot be used:") may start in
    lower case."""
    if not isinstance(text, str) or not text.strip():
        return f"not a sentence: {text!r}"
    if not clause and not text[0].isupper():
        return f"does not start with a capital: {text[:300]!r}"
    if not text.rstrip().endswith((".", ")")):
        return f"does not end with a full stop: {text[:300]!r}"
    for code in ("Errno", "Traceback", "OSError", "errno", "None", "Exception"):
        if code in text:
            return f"shows {code!r}: {text[:300]!r}"
    return None


class Hang(BaseException):
    """Not an Exception: the app's own catch-alls must not swallow it."""


def _alarm(signum, frame):
    raise Hang(f"no answer within {CASE_SECONDS} s")


def clipped(data, limit: int = 240) -> str:
    text = repr(data)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


CHECKOUT = Path(__file__).resolve().parents[1]


def crash_text() -> str:
    """The exception being handled: its class and words, and where it came from in the
    checkout (the app's frames and this script's, not the standard library's)."""
    kind, exc, tb = sys.exc_info()
    frames = [f for f in traceback.extract_tb(tb) if f.filename.startswith(str(CHECKOUT))]
    where = "".join(traceback.format_list(frames[-6:])).rstrip()
    return (f"raised {kind.__name__}: {clipped(str(exc), 300)[1:-1]}\n"
            f"Traceback (the checkout's frames):\n{where}")


class Section:
    """One section's counters (printed in the order `figures` names them, then any other),
    failures and time."""

    def __init__(self, name: str, figures: tuple[str, ...]) -> None:
        self.name, self.failures, self.kinds, self.figures = name, [], Counter(), figures
        self.counts = Counter(dict.fromkeys(figures, 0))
        self.seconds = 0.0

    def fail(self, kind: str, case: str, problem: str) -> None:
        self.kinds[kind] += 1
        if self.kinds[kind] <= SHOWN:
            text = f"[{self.name}] {case}: {problem}"
            self.failures.append(text if len(text) <= LONGEST else text[:LONGEST] + " [...]")
        else:
            self.failures.append("")         # counted, not printed


class ErrorLog(logging.Handler):
    """Records the app's ERROR log lines (the autosave writer's "job failed" traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record) -> None:
        self.records.append(self.format(record))


# Spoiled JSON: a document serialised with holes, each filled with raw text that json.dumps
# cannot write (NaN, deep nesting, giant numbers, lone surrogates).
HOLE = "\u0000HOLE\u0000"
HOLE_JSON = json.dumps(HOLE)
PLAIN_ODD = [None, True, False, 0, -1, 7, 1.5, -0.0, 2 ** 63, -(10 ** 300), 1e308, "", "x",
             "text " * 40, "\u202e\u00e9\u4e2d", "../x", "\u0000", [], {}, [1, [2, [3]]],
             {"kind": "x"}, {"": [None]}, ["paargus", 2], {"a": {"b": {"c": {"d": {}}}}}]


def raw_odd(rng: Random, strings: bool = True) -> str:
    """Raw JSON text that is odd, or not JSON json.dumps would ever write (`strings`: texts
    too, else only numbers and nesting)."""
    kind = rng.randrange(6 if strings else 4)
    if kind == 0:
        return rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "5e-324", "1e308"])
    if kind == 1:
        return rng.choice(["", "-"]) + "9" * rng.choice([20, 300, 4300, 4301, 10_000])
    if kind == 2:
        depth = rng.choice([3, 5, 6, 7, 8, 50, 99, 101, 700, 990, 5000, 100_000])
        return "[" * depth + "]" * depth
    if kind == 3:
        depth = rng.choice([5, 7, 50, 700, 50_000])
        return '{"a": ' * depth + "1" + "}" * depth
    if kind == 4:
        return rng.choice(['"\\ud800"', '"x\\udfff"', '"\\udbff\\udc00"', '"\\u0000"',
                           '"' + "long " * rng.choice([100, 200_000]) + '"'])
    return json.dumps(random_value(rng))


def random_value(rng: Random, depth: int = 0):
    """A random JSON value, now and then nested."""
    if depth < 4 and rng.random() < 0.3:
        if rng.random() < 0.5:
            return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
        return {rng.choice(["game", "seats", "options", "casual", "x", "", "\u00e9"]):
                random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}
    return rng.choice(PLAIN_ODD)


def odd(rng: Random):
    """A value to put in a field: plain (random types) or a hole for raw odd text."""
    return HOLE if rng.random() < 0.4 else random_value(rng)


def dump(doc, rng: Random, indent=1, strings: bool = True) -> bytes:
    """`doc` as JSON with each hole filled with raw odd text."""
    text = json.dumps(doc, ensure_ascii=False, indent=indent)
    parts = text.split(HOLE_JSON)
    out = parts[0]
    for part in parts[1:]:
        out += raw_odd(rng, strings) + part
    return (out + "\n").encode("utf-8")


def copy(doc):
    return json.loads(json.dumps(doc))


def spots(doc, where=()):
    """Every (container, key) in a document, down to six levels."""
    if len(where) >= 6:
        return
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) \
        else ()
    for key, value in items:
        yield doc, key
        yield from spots(value, where + (key,))


def byte_damage(data: bytes, rng: Random) -> bytes:
    """The bytes cut, flipped, with junk in them, or junk altogether."""
    how = rng.randrange(7)
    if how == 0:
        return data[:rng.randrange(len(data))]
    if how == 1:
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        return bytes(out)
    if how == 2:
        out = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(out))
            out[at:at + rng.randint(0, 6)] = rng.randbytes(rng.randint(0, 6))
        return bytes(out)
    if how == 3:
        return rng.choice([b"", b" \n", b"null", b"[]", b"{}", b'"x"', b"1", b"true", b"NaN",
                           b"\x00" * 500, b"\xff\xfe{", rng.randbytes(rng.randint(1, 3000))])
    if how == 4:
        text = data.decode("utf-8")
        return rng.choice([text.encode("utf-16"), b"\xef\xbb\xbf" + data,
                           text.replace("\n", "\r\n").encode("utf-8"),
                           text.encode("utf-8").replace(b"\n", b"\r")])
    if how == 5:
        return data.replace(b"{", b"[", 1) if rng.random() < 0.5 else data + data
    return data + rng.choice([b"}", b",", b"\x00", b"garbage", b"\n" * 3, rng.randbytes(40)])


# --- 1. the journal on a full disk ---------------------------------------------------------------
class FullDisk:
    """os.write and the temporary files' writes on a disk with `room` bytes left (None: plenty):
    a write asked for more than the room writes what fits and says how much (a short write);
    the next one fails with ENOSPC, as a real disk does. `cut_next` cuts one write short and
    lets the rest through; `no_cut` makes ftruncate fail too while the disk is full. (The
    tests' double, installed by hand: `journal.os` and `atomic.os` are the os module.)"""

    def __init__(self) -> None:
        self.room: int | None = None
        self.cut_next: int | None = None
        self.no_cut = False
        self.short_writes = self.cuts_refused = 0
        self.refused = Counter()             # writes refused, by file: journal or whole save
        self.real = (os.write, os.fdopen, os.ftruncate)

    def install(self) -> None:
        jn.os.write, atomic.os.fdopen, jn.os.ftruncate = self.write, self.fdopen, self.ftruncate

    def uninstall(self) -> None:
        jn.os.write, atomic.os.fdopen, jn.os.ftruncate = self.real

    def full(self) -> bool:
        return self.room is not None

    # The writer thread reads each setting once: the main thread may change it meanwhile.
    def take(self, wanted: int, where: str) -> int:
        room = self.room
        if room is None:
            return wanted
        if room == 0:
            self.refused[where] += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = min(wanted, room)
        self.room = room - n
        self.short_writes += n < wanted
        return n

    def write(self, fd, data):
        cut, self.cut_next = self.cut_next, None
        if cut is not None:
            n = min(cut, len(data))
            self.short_writes += n < len(data)
            return self.real[0](fd, bytes(data[:n]))
        return self.real[0](fd, bytes(data[:self.take(len(data), "journal")]))

    def fdopen(self, fd, *args, **kwargs):
        return _TempFile(self.real[1](fd, *args, **kwargs), self)

    def ftruncate(self, fd, size):
        if self.no_cut:
            self.cuts_refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.real[2](fd, size)


class _TempFile:
    """A file opened by os.fdopen on the full disk: all of a write, or a part and ENOSPC."""

    def __init__(self, f, disk: FullDisk) -> None:
        self._f, self._disk = f, disk

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()

    def write(self, data):
        n = self._disk.take(len(data), "temporary file")
        self._f.write(data[:n])
        if n < len(data):
            self._f.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return n


def state_digest(state) -> str:
    text = json.dumps(PAARGUS.state_to_json(state), sort_keys=True, allow_nan=False)
    return hashlib.sha1(text.encode()).hexdigest()


class Played:
    """What one match went through: its log and states as played, and what the store has
    acknowledged (moves on disk, by `on_durable` and by saves that returned)."""

    def __init__(self, match: Match) -> None:
        self.log = [e.to_json() for e in match.log]
        self.states = [state_digest(match.replay(0))]
        self.acked = 0

    def played(self, match: Match) -> None:
        self.log.append(match.log[-1].to_json())
        self.states.append(state_digest(match.state))

    def resumed(self, moves: int) -> None:
        del self.log[moves:], self.states[moves + 1:]

    def durable(self, path, moves: int) -> None:          # on the writer thread
        self.acked = max(self.acked, moves)


NOT_SAVED = "not saved"


def check_on_disk(sec: Section, folder: Path, match_id: str, played: Played, *,
                  every_move: bool = False, store: SaveStore | None = None):
    """Load the match as the app resumes it (with `store`, or a fresh one); the loaded Match,
    NOT_SAVED when there is no save and the store never said there was, or None after a
    failure."""
    sec.counts["loads"] += 1
    try:
        back = (store or SaveStore(folder)).load(match_id, games=get_game, allow_backup=True)
    except SaveNotFound:
        if played.acked == 0:       # the first snapshot failed: nothing was promised
            sec.counts["looks before anything was saved"] += 1
            return NOT_SAVED
        sec.fail("does not load", match_id, f"the save is gone, {played.acked} moves "
                                            f"acknowledged")
        return None
    except SaveError as err:
        sec.fail("does not load", match_id, f"the save does not load: {err}")
        return None
    got = [e.to_json() for e in back.log]
    if got != played.log[:len(got)]:
        at = next(i for i, (a, b) in enumerate(zip(got + [None], played.log)) if a != b)
        sec.fail("not a prefix", match_id, f"the loaded log ({len(got)} moves) differs from "
                                           f"the played one at move {at + 1}")
        return None
    if len(got) < played.acked:
        sec.fail("acknowledged move lost", match_id,
                 f"{played.acked - len(got)} acknowledged moves lost: {len(got)} loaded, "
                 f"{played.acked} acknowledged, {len(played.log)} played")
        return None
    if every_move and len(got) != len(played.log):
        sec.fail("closed but short", match_id, f"closed with space on the disk, yet "
                                               f"{len(played.log) - len(got)} moves are missing")
        return None
    if state_digest(back.state) != played.states[len(got)]:
        sec.fail("wrong state", match_id, f"the loaded state is not the one played after "
                                          f"move {len(got)}")
        return None
    if back.recovered_from_backup:
        sec.counts["loads from the backup"] += 1
        problem = sentence_problem(back.recovered_from_backup)
        if problem:
            sec.fail("not a sentence", match_id, problem)
    sec.counts["moves played but not yet on disk at a look (never acknowledged)"] += \
        len(played.log) - len(got)
    return back


def said(sec: Section, match_id: str, err: SaveError) -> None:
    text = str(err)
    sec.counts["errors reported"] += 1
    problem = sentence_problem(text)
    if problem is None and "disk is full" not in text:
        problem = f"does not say the disk is full: {text[:300]!r}"
    if problem:
        sec.fail("message", match_id, problem)
    sec.messages.add(re.sub(r"\d+", "#", text))        # wordings, whatever the numbers


def fill(disk: FullDisk, rng: Random, sec: Section) -> None:
    how = rng.random()
    if how < 0.15:
        disk.cut_next = rng.randint(1, 400)           # one write cut short, the rest fits
        sec.counts["single short writes"] += 1
        return
    disk.room = 0 if how < 0.35 else rng.randint(1, 600)
    disk.no_cut = rng.random() < 0.2
    sec.counts["disk-full episodes"] += 1


def free(disk: FullDisk) -> None:
    disk.no_cut, disk.cut_next, disk.room = False, None, None


def new_store(folder: Path, rng: Random, played: Played) -> SaveStore:
    store = SaveStore(folder, snapshot_min_bytes=rng.choice([1_500, 6_000, 20_000,
                                                             jn.MIN_SNAPSHOT_BYTES]))
    store.on_durable = played.durable
    return store


def play_one(sec: Section, folder: Path, disk: FullDisk, rng: Random, index: int) -> bool:
    """One match on the filling disk; whether it ended in Saved games (False: never saved,
    or a failure)."""
    seed = rng.randrange(1 << 30)
    match = Match(PAARGUS, [Seat("human", "Ann"), Seat("bot", "Bot")], seed,
                  match_id=f"full-{index}")
    played, choose = Played(match), Rng(seed)
    store = new_store(folder, rng, played)
    stop = rng.randint(60, 900)
    fill_p, free_p = 1 / rng.choice([15, 40, 100]), 1 / rng.choice([3, 10, 30])
    while match.to_act is not None and len(match.log) < stop:
        if (disk.full() and rng.random() < free_p) or (not disk.full() and rng.random() < fill_p):
            if rng.random() < 0.5:                # the fault lands at a known move (the tests
                store._writer.wait()              # do), or while writes are queued
            if disk.full():
                free(disk)
            else:
                fill(disk, rng, sec)
        match.play(choose.choice(match.legal_actions()))
        played.played(match)
        sec.counts["moves"] += 1
        try:
            store.autosave(match)
        except SaveError as err:
            said(sec, match.id, err)
        what = rng.random()
        if what < 0.006:                        # the player saves
            sec.counts["saves"] += 1
            try:
                store.save(match)
                played.acked = max(played.acked, len(match.log))
            except SaveError as err:
                said(sec, match.id, err)
        elif what < 0.010:                      # waits for the disk (as closing and quitting do)
            try:
                store.flush()
            except SaveError as err:
                said(sec, match.id, err)
        elif what < 0.020:                      # another look at the disk, mid-play
            store._writer.wait()
            check_on_disk(sec, folder, match.id, played)
        elif what < 0.024:                      # left and resumed (the app restarted)
            sec.counts["resumes"] += 1
            try:
                store.close_match(match)
            except SaveError as err:
                said(sec, match.id, err)
            store = new_store(folder, rng, played)   # the app again: its store loads it
            back = check_on_disk(sec, folder, match.id, played, store=store)
            if back is None:
                return False
            if back is not NOT_SAVED:                # else not in Saved games: played on
                played.resumed(len(back.log))
                match = back
    # leaving the match: mostly with space again, now and then on a full disk
    store._writer.wait()
    if rng.random() < 0.7:
        free(disk)
    elif not disk.full():
        fill(disk, rng, sec)
    thumbnail = (lambda: b"\x89PNG thumbnail") if rng.random() < 0.5 else None
    try:
        store.close_match(match, thumbnail)
        closed = True
    except SaveError as err:
        said(sec, match.id, err)
        closed = False
    sec.counts["closed on a full disk"] += disk.full()
    free(disk)
    back = check_on_disk(sec, folder, match.id, played, every_move=closed)
    sec.counts["matches finished"] += match.to_act is None
    left = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    if left:
        sec.fail("temporary files left", match.id, f"left behind: {', '.join(left)}")
        for name in left:
            (folder / name).unlink()
    return isinstance(back, Match)


def run_journal(args, rng: Random, home: Path, errors: ErrorLog) -> Section:
    sec = Section("journal on a full disk", (
        "matches", "matches finished", "moves", "disk-full episodes", "single short writes",
        "short writes", "journal writes refused", "whole-file writes refused",
        "cut-backs refused", "errors reported",
        "distinct wordings", "saves", "resumes", "closed on a full disk", "loads",
        "loads from the backup",
        "moves played but not yet on disk at a look (never acknowledged)", "listed"))
    sec.messages = set()
    folder = home / "full-disk-saves"
    folder.mkdir()
    disk = FullDisk()
    disk.install()
    try:
        saved = 0
        for i in range(args.matches):
            before = len(errors.records)
            sec.counts["matches"] += 1
            signal.alarm(CASE_SECONDS)
            try:
                saved += play_one(sec, folder, disk, rng, i)
            except (Exception, Hang):
                sec.fail("crash", f"match {i}", crash_text())
            finally:
                signal.alarm(0)
                free(disk)
            for record in errors.records[before:]:
                sec.fail("writer logged an error", f"match {i}", record[:1500])
    finally:
        disk.uninstall()
    sec.counts["short writes"] = disk.short_writes
    sec.counts["journal writes refused"] = disk.refused["journal"]
    sec.counts["whole-file writes refused"] = disk.refused["temporary file"]
    sec.counts["cut-backs refused"] = disk.cuts_refused
    sec.counts["distinct wordings"] = len(sec.messages)
    rows = SaveStore(folder).list(get_game)            # every match is in the saves list
    broken = [row.id for row in rows if row.error]
    sec.counts["listed"] = len(rows)
    if broken or len(rows) != saved:
        sec.fail("saves list", "the list", f"{len(rows)} rows for {saved} matches saved, "
                                           f"damaged: {broken[:5]}")
    return sec


# --- 2. settings.json ----------------------------------------------------------------------------
BASE_SETTINGS = Settings(
    animation_speed=1.5, card_size="large", palette="colour-blind", auto_pass=False,
    confirm_moves=True, fullscreen=True,
    last_new_match={"game": "trials", "casual": False,
                    "seats": [["human", "Ann"], ["bot:normal", "Bot"], ["bot:hard", "Zed"]],
                    "options": {"trials": {"royale": False}, "paargus": {"hand": 5},
                                "pariah": {}}},
    window_geometry="AdnQywADAAAAAAAAAAAAAAAAB38AAAQ3AAAAAAAAABQAAAd/AAAENwAAAAACAAAAB4A=",
    seen_rules=["paargus", "trials"])

ODD_LAST = [{"options": [1]}, {"seats": 5}, {"game": 7}, {"casual": "yes"},
            {"game": "paargus", "seats": 5}, {"game": "trials", "seats": [1, "x", [None, 3]]},
            {"game": "trials", "seats": [["bot:normal", "B"]] * 9},
            {"options": {"paargus": [1], "trials": {"x": {"y": 1}}, "7": 7}},
            {"game": ["paargus"], "casual": 1, "seats": "abc", "options": "abc"}, [1, 2], "x",
            {"seats": [["human", "x" * 10_000]]}, {"options": {"trials": {"decks": [[HOLE]]}}},
            {"game": HOLE}, {"options": {"paargus": {"hand": HOLE}}}, {"seats": [[HOLE, "A"]]}]


def settings_mutation(base: dict, rng: Random) -> tuple[str, bytes]:
    """(kind, bytes) of a spoiled settings file."""
    kind = rng.choice(["one field", "every field", "nested field", "last_new_match",
                       "raw text", "bytes", "not an object", "extra keys"])
    doc = copy(base)
    if kind == "one field":
        doc[rng.choice(list(doc))] = odd(rng)
    elif kind == "every field":
        doc = {key: odd(rng) for key in doc}
    elif kind == "nested field":
        container, key = rng.choice(list(spots(doc)))
        container[key] = odd(rng)
    elif kind == "last_new_match":
        doc["last_new_match"] = copy(rng.choice(ODD_LAST)) if rng.random() < 0.6 \
            else random_value(rng)
    elif kind == "raw text":
        for _ in range(rng.randint(1, 3)):
            container, key = rng.choice(list(spots(doc)))
            container[key] = HOLE
    elif kind == "bytes":
        return kind, byte_damage(dump(doc, rng), rng)
    elif kind == "not an object":
        return kind, dump(rng.choice([None, [], [doc], 1, "x", True, HOLE]), rng)
    else:
        for _ in range(rng.randint(1, 5)):
            doc[rng.choice(["format", "version", "x", "", "\u00e9", "palette"])] = odd(rng)
    return kind, dump(doc, rng, indent=rng.choice([None, 1]))


def settings_invalid(s) -> str | None:
    if not isinstance(s, Settings):
        return f"load_settings returned {type(s).__name__}, not Settings"
    speed = s.animation_speed
    if not isinstance(speed, float) or not 0.0 <= speed <= 2.0:
        return f"animation_speed {speed!r}"
    if s.card_size not in CARD_SIZES or s.palette not in PALETTES:
        return f"card_size {s.card_size!r}, palette {s.palette!r}"
    for name in ("auto_pass", "confirm_moves", "fullscreen"):
        if not isinstance(getattr(s, name), bool):
            return f"{name} {getattr(s, name)!r}"
    if not isinstance(s.last_new_match, dict) or not isinstance(s.window_geometry, str):
        return "last_new_match or window_geometry of the wrong type"
    if not isinstance(s.seen_rules, list) or not all(isinstance(g, str) for g in s.seen_rules):
        return "seen_rules is not a list of texts"
    return None


def settings_case(sec: Section, folder: Path, data: bytes, case: str) -> None:
    from tabletop.shell.new_match import clean_last
    for p in folder.iterdir():
        p.unlink()
    path = folder / "settings.json"
    path.write_bytes(data)
    try:
        s = load_settings(path)
    except (Exception, Hang):
        sec.fail("load raised", case, crash_text())
        return
    problem = settings_invalid(s)
    if problem:
        sec.fail("invalid settings", case, problem)
        return
    sec.counts["defaults" if s == Settings() else "loaded with some values"] += 1
    kept = [p for p in folder.iterdir() if p.name.startswith("settings.json")]
    if not any(p.read_bytes() == data for p in kept):
        sec.fail("file lost", case, "the file's bytes are neither left nor set aside")
    sec.counts["set aside"] += any(".damaged" in p.name for p in kept)
    try:
        clean_last(s.last_new_match)
    except Exception:
        sec.fail("clean_last raised", case, crash_text())
    again = folder / "round-trip.json"
    try:
        save_settings(s, again)
    except (Exception, Hang) as exc:
        sec.fail(f"save raised {type(exc).__name__}", case,
                 f"save_settings of the loaded settings {crash_text()}\n"
                 f"    loaded: {clipped(s, 400)}")
        return
    try:
        back = load_settings(again)
    except Exception:
        sec.fail("round trip raised", case, crash_text())
        return
    if back != s:
        sec.fail("round trip differs", case, f"saved {clipped(s, 300)}, read back "
                                             f"{clipped(back, 300)}")
    else:
        sec.counts["round trips"] += 1


def run_settings(args, rng: Random, home: Path) -> Section:
    sec = Section("settings.json", ("cases", "loaded with some values", "defaults", "set aside",
                                     "round trips"))
    folder = home / "settings-fuzz"
    folder.mkdir()
    base_path = save_settings(BASE_SETTINGS, folder / "settings.json")
    base = json.loads(base_path.read_text(encoding="utf-8"))
    for i in range(args.count):
        kind, data = settings_mutation(base, rng)
        sec.counts["cases"] += 1
        signal.alarm(CASE_SECONDS)
        try:
            settings_case(sec, folder, data, f"case {i} ({kind}), file {clipped(data)}")
        except (Exception, Hang):
            sec.fail("crash", f"case {i} ({kind})", crash_text())
        finally:
            signal.alarm(0)
    return sec


# --- 3. deck files -------------------------------------------------------------------------------
ODD_NAMES = ["", " ", "x" * 500, "\u00e9t\u00e9", "a\nb", "../x", "tab\there", "\u202eevil",
             "CON", "deck.json", "  padded  ", "\u0000", "Aggro"]
ODD_STEMS = ["spoilt", "\u00e9t\u00e9 deck", "two  spaces", ".hidden", "x.json", "-dash",
             "y" * 150, "CON", "Aggro copy", "a.b.c"]


def deck_mutation(doc: dict, spec, rng: Random) -> tuple[str, bytes]:
    """(kind, bytes) of a spoiled deck file (`doc`: a valid one)."""
    from tabletop.games.registry import card_pool
    ids = [c["id"] for c in card_pool(spec.game_id)] or ["x"]
    kind = rng.choice(["one field", "nested field", "raw text", "bytes", "cards", "game",
                       "format", "name", "not an object", "deck retyped"])
    doc = copy(doc)
    deck = doc["deck"]
    if kind == "one field":
        doc[rng.choice(list(doc))] = odd(rng)
    elif kind == "nested field":
        container, key = rng.choice(list(spots(doc)))
        container[key] = odd(rng)
    elif kind == "raw text":
        for _ in range(rng.randint(1, 2)):
            container, key = rng.choice(list(spots(doc)))
            container[key] = HOLE
    elif kind == "bytes":
        return kind, byte_damage(dump(doc, rng), rng)
    elif kind == "cards":                   # card lists of the wrong content
        key = rng.choice(list(deck))
        lst = deck[key] if isinstance(deck[key], list) else []
        how = rng.randrange(7)
        if how == 0:
            lst.append(rng.choice(["no-such-card", "", "\u00e9", rng.choice(ids).upper()]))
        elif how == 1 and lst:
            lst.append(lst[0])                                   # a copy too many
        elif how == 2:
            lst[:] = lst[:rng.randrange(len(lst) + 1)]           # too few
        elif how == 3:
            lst.extend(rng.choice(ids) for _ in range(rng.choice([1, 30, 5000])))
        elif how == 4:
            other = [k for k in deck if k != key]
            if other:
                deck[key], deck[other[0]] = deck[other[0]], deck[key]   # avatars <-> cards
        elif how == 5 and lst:
            lst[rng.randrange(len(lst))] = odd(rng)
        else:
            deck[key] = rng.choice([[], None, {}, "abc", 5, [[c] for c in lst], {"x": lst}])
    elif kind == "game":
        doc["game"] = rng.choice(["paargus", "pariah", "", "TRIALS", None, 7, ["trials"], HOLE])
    elif kind == "format":
        doc["format"] = rng.choice([0, 2, -1, None, True, "1", 1.0, 10 ** 30, [1], {}, HOLE])
    elif kind == "name":
        doc["name"] = rng.choice(ODD_NAMES + [None, 5, ["x"], HOLE])
    elif kind == "not an object":
        return kind, dump(rng.choice([None, [], [doc], 1, "x", deck, HOLE]), rng)
    else:
        doc["deck"] = rng.choice([None, [], "deck", 0, [deck], {"deck": deck}, HOLE,
                                  {k: odd(rng) for k in deck}])
    return kind, dump(doc, rng, indent=rng.choice([None, 1]))


def folder_state(folder: Path) -> dict:
    out = {}
    for p in folder.iterdir():
        st = os.lstat(p)
        if p.is_symlink():
            out[p.name] = ("link", os.readlink(p))
        elif p.is_dir():
            out[p.name] = ("dir", sorted(os.listdir(p)))
        else:
            out[p.name] = ("file", st.st_size, st.st_mtime_ns, p.read_bytes())
    return out


def deck_case(sec: Section, spec, store: DeckStore, control: tuple[str, bytes],
              spoilt: dict[str, bytes], extra: str | None, case: str) -> None:
    from tabletop.shell.decks import deck_files, saved_decks, seat_choices
    folder = store.folder
    shutil.rmtree(folder)
    folder.mkdir()
    (folder / f"{control[0]}.json").write_bytes(control[1])
    for stem, data in spoilt.items():
        (folder / f"{stem}.json").write_bytes(data)
    if extra == "folder":
        (folder / "a folder.json").mkdir()
    elif extra == "dangling":
        (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    elif extra == "loop":
        (folder / "loop.json").symlink_to(folder / "loop.json")
    elif extra == "link":
        (folder / "linked.json").symlink_to(folder / f"{next(iter(spoilt))}.json")
    before = folder_state(folder)
    game_players = get_game(spec.game_id).info.players
    try:
        listed = store.list()
        files = deck_files(spec, store)
        saved_decks(spec, store)
        for n in game_players:
            seat_choices(spec, n, store)
    except (Exception, Hang):
        sec.fail("listing raised", case, crash_text())
        return
    stored = {f.key: f for f in listed}
    for f in files:
        if f.key == control[0] and (f.deck is None or f.problem):
            sec.fail("control unusable", case, f"the untouched deck is listed as unusable: "
                                               f"{f.problem}")
        if f.deck is None:
            sec.counts["refused by the store" if stored[f.key].deck is None
                       else "refused by the game's spec"] += 1
            problem = sentence_problem(f.problem, clause=True)
            if problem:
                sec.fail("reason", case, f"{f.key}: the reason {problem}")
            continue
        sec.counts["listed usable"] += 1
        try:
            leaders, cards = spec.from_deck(f.deck)
            judged = spec.problems(leaders, cards, spec.mode_of(leaders, cards))
            if not isinstance(judged, list) or not all(isinstance(p, str) for p in judged):
                raise TypeError(f"problems gave {judged!r}")
            sec.counts["legal" if not judged else "illegal"] += 1
            for n in game_players:
                if not isinstance(spec.usable(f.deck, n), bool):
                    raise TypeError("usable gave no bool")
        except Exception:
            sec.fail("spec raised", case, f"{f.key}: listed as usable, but the spec "
                                          f"{crash_text()}")
    for f in listed:
        try:
            got = store.load(f.key)
        except DeckError as err:
            sec.counts["loads refused"] += 1
            problem = sentence_problem(str(err).replace(repr(f.label), "'the deck'"))
            if problem:
                sec.fail("load message", case, f"{f.key}: {problem}")
            if f.deck is not None:
                sec.fail("load refused a listed deck", case, f"{f.key}: {err}")
            continue
        except (Exception, Hang):
            sec.fail("load raised", case, f"load({f.key!r}) {crash_text()}")
            continue
        sec.counts["loads"] += 1
        if f.deck is None or got != f.deck:
            sec.fail("load differs", case, f"{f.key}: load gave a deck the list refused "
                                           f"or another one")
    for key in ("", "..", "../x", "a/b", "nope", "\u0000"):
        try:
            store.load(key)
            sec.fail("odd key loaded", case, repr(key))
        except DeckError:
            pass
        except Exception:
            sec.fail("load raised", case, f"load({key!r}) {crash_text()}")
    if folder_state(folder) != before:
        sec.fail("file changed", case, "listing or loading changed, added or deleted a file")


def run_decks(args, rng: Random, home: Path) -> Section:
    sec = Section("deck files", (
        "games with decks", "cases", "files", "refused by the store",
        "refused by the game's spec", "listed usable", "legal", "illegal", "loads",
        "loads refused"))
    games = [gid for gid, plugin in plugins().items() if plugin.deck_spec is not None]
    for g, game_id in enumerate(games):
        spec = plugins()[game_id].deck_spec()
        store = DeckStore(game_id)
        bases = []
        for _, mode in spec.modes:
            for name, deck in list(spec.starters(mode).items())[:3]:
                path = store.save(name, deck)
                bases.append((path.stem, path.read_bytes()))
        share = args.count // len(games) + (g < args.count % len(games))
        for i in range(share):
            stem, data = bases[i % len(bases)]
            doc = json.loads(data)
            spoilt, kinds = {}, []
            for k in range(rng.choice([1, 1, 1, 2, 3])):
                kind, bad = deck_mutation(doc, spec, rng)
                spoilt[rng.choice(ODD_STEMS) + (f" {k}" if k else "")] = bad
                kinds.append(kind)
            extra = rng.choice([None] * 12 + ["folder", "dangling", "loop", "link"])
            control = bases[(i + 1) % len(bases)]
            sec.counts["files"] += len(spoilt)
            sec.counts["cases"] += 1
            case = (f"{game_id} case {i} ({', '.join(kinds)}{', ' + extra if extra else ''}), "
                    f"files {clipped(spoilt, 400)}")
            signal.alarm(CASE_SECONDS)
            try:
                deck_case(sec, spec, store, control, spoilt, extra, case)
            except (Exception, Hang):
                sec.fail("crash", case, crash_text())
            finally:
                signal.alarm(0)
        sec.counts["games with decks"] += 1
    return sec


# --- 4. the saves list's summaries cache ---------------------------------------------------------
ROW = ("game", "title", "players", "turn", "finished", "result")


def cache_saves(folder: Path, rng: Random) -> None:
    """Real saves of three games: finished and not, with journals and without, one renamed."""
    plan = [("paargus", 10_000), ("paargus", 150), ("pariah", 10_000), ("pariah", 120),
            ("trials", 10_000), ("trials", 60)]
    for k, (game_id, stop) in enumerate(plan):
        game = get_game(game_id)
        match = Match(game, [Seat("bot", f"P{j}") for j in range(game.info.players[0])],
                      rng.randrange(1 << 30), match_id=f"{game_id}-{k}")
        store, choose = SaveStore(folder), Rng(k)
        while match.to_act is not None and len(match.log) < stop:
            match.play(choose.choice(match.legal_actions()))
            if k % 2:
                store.autosave(match)                # the journal holds the moves
        if k % 2:
            store.flush()
        else:
            store.save(match)
    (folder / "paargus-1.json").rename(folder / "Sunday game.json")
    for suffix in (".journal", ".journal.bak"):
        if (folder / f"paargus-1{suffix}").exists():
            (folder / f"paargus-1{suffix}").rename(folder / f"Sunday game{suffix}")


def rows_of(store: SaveStore) -> dict:
    return {info.id: (info.error, *(getattr(info, k) for k in ROW))
            for info in store.list(get_game)}


ODD_SUMMARY_VALUES = [None, 0, 7, True, 1.5, "", "yes", [], [1, None], ["deep"] * 3, {},
                      {"who": 1}, [["Ann"]], HOLE]


def summary_reshaped(summary: dict, rng: Random) -> dict:
    """The summary in another shape (a key missing, retyped, or one too many)."""
    s = dict(summary)
    how = rng.randrange(4)
    if how == 0 and s:
        del s[rng.choice(list(s))]
    elif how == 1:
        s[rng.choice(["x", "Game", "winner", ""])] = random_value(rng)
    elif how == 2:
        s = rng.choice([{}, [], None, "summary", [s], {"summary": s}, HOLE])
    else:
        key = rng.choice(list(s))
        wrong = [v for v in ODD_SUMMARY_VALUES if v is HOLE or not _fits(key, v)]
        s[key] = rng.choice(wrong)
    return s


def _fits(key: str, value) -> bool:
    """Whether `value` has the type the summary's `key` takes (such a value would be believed)."""
    if key == "players":
        return isinstance(value, list) and all(isinstance(p, str) for p in value)
    if key == "result":
        return value is None or isinstance(value, str)
    return isinstance(value, bool if key == "finished" else str)


def cache_mutation(cache: dict, rng: Random) -> tuple[str, bytes | None]:
    """(kind, bytes) of a spoiled cache; None: a folder where the cache goes."""
    kind = rng.choice(["other shapes under the right digest",
                       "other shapes under the right digest",
                       "wrong digests", "entry retyped", "swapped", "foreign names", "raw text",
                       "bytes", "not an object", "a folder"])
    doc = copy(cache)
    names = list(doc)
    chosen = rng.sample(names, rng.randint(1, len(names)))
    if kind == "other shapes under the right digest":
        for name in chosen:
            doc[name] = [doc[name][0], summary_reshaped(doc[name][1], rng)]
    elif kind == "wrong digests":               # believable summaries, not of these saves
        for name in chosen:
            summary = dict(doc[name][1], turn="Turn 999", finished=not doc[name][1]["finished"],
                           result="Eve wins", players=["Eve", "Mallory"], title="Edited")
            digest = rng.choice(["", "0" * 64, doc[name][0][::-1], doc[name][0].upper()])
            doc[name] = [digest, summary]
    elif kind == "entry retyped":
        for name in chosen:
            d, s = doc[name]
            doc[name] = rng.choice([[d], [d, s, s], {"digest": d, "summary": s}, [s, d], d,
                                    None, [[d], s], [7, s], [d, [s]], HOLE])
    elif kind == "swapped":
        if len(names) > 1:
            a, b = rng.sample(names, 2)
            doc[a], doc[b] = doc[b], doc[a]
    elif kind == "foreign names":
        for _ in range(rng.randint(1, 20)):
            doc[rng.choice(["x.json", "", "\u00e9.json", "../a.json", "a" * 300])] = \
                [rng.choice(list(doc.values()))[0], random_value(rng)]
    elif kind == "raw text":
        for _ in range(rng.randint(1, 3)):
            container, key = rng.choice(list(spots(doc)))
            container[key] = HOLE
    elif kind == "bytes":
        return kind, byte_damage(dump(doc, rng, strings=False), rng)
    elif kind == "not an object":
        return kind, dump(rng.choice([None, [], list(doc.items()), 1, "x", HOLE]), rng)
    else:
        return kind, None
    return kind, dump(doc, rng, indent=rng.choice([None, 1]), strings=False)


SUMMARY_TYPES = {"game": (str,), "title": (str,), "turn": (str,), "finished": (bool,),
                 "result": (str, type(None)), "players": (list,)}


def lie(data: bytes | None, cache: dict) -> bool:
    """Whether the spoiled cache still holds, under a save's name and with its digest, a summary
    of the right shape that is not that save's: the cache trusts such an entry (its digest is
    the proof), so it is no damage the list can see."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (AttributeError, ValueError, RecursionError):
        return False
    if not isinstance(doc, dict):
        return False
    for name, (digest, summary) in cache.items():
        entry = doc.get(name)
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == digest):
            continue
        got = entry[1]
        if (isinstance(got, dict) and set(got) == set(SUMMARY_TYPES)
                and all(isinstance(got[k], t) for k, t in SUMMARY_TYPES.items())
                and all(isinstance(p, str) for p in got["players"])
                and got != summary):
            return True
    return False


def cache_case(sec: Section, folder: Path, data: bytes | None, truth: dict, case: str) -> None:
    cache = folder / CACHE_NAME
    if cache.is_dir():
        shutil.rmtree(cache)
    else:
        cache.unlink(missing_ok=True)
    if data is None:
        cache.mkdir()
    else:
        cache.write_bytes(data)
    for look in ("the first list", "the next list"):
        try:
            rows = rows_of(SaveStore(folder))
        except (Exception, Hang):
            sec.fail("list raised", case, f"{look} {crash_text()}")
            return
        sec.counts["lists"] += 1
        if rows != truth:
            wrong = sorted(k for k in set(rows) | set(truth) if rows.get(k) != truth.get(k))
            sec.fail("rows differ", case, f"{look} differs from a fresh cache's for {wrong}: "
                                          f"{[rows.get(k) for k in wrong][:2]} instead of "
                                          f"{[truth.get(k) for k in wrong][:2]}")
            return


def run_cache(args, rng: Random, home: Path) -> Section:
    sec = Section("summaries cache", ("saves", "finished", "cases", "lists"))
    folder = home / "cache-saves"
    folder.mkdir()
    cache_saves(folder, rng)
    truth = rows_of(SaveStore(folder))                  # a fresh cache: every save replayed
    cache = json.loads((folder / CACHE_NAME).read_text(encoding="utf-8"))
    if len(cache) != len(truth) or any(row[0] for row in truth.values()):
        sec.fail("base", "the real cache", f"{len(cache)} entries for {len(truth)} saves, "
                                           f"errors {[r[0] for r in truth.values()]}")
        return sec
    sec.counts["saves"] = len(truth)
    sec.counts["finished"] = sum(row[5] for row in truth.values())
    for i in range(args.cache_count):
        kind, data = cache_mutation(cache, rng)
        while lie(data, cache):                 # believable by design: not what is fuzzed
            sec.counts["believable lies drawn again"] += 1
            kind, data = cache_mutation(cache, rng)
        sec.counts["cases"] += 1
        sec.counts[kind] += 1
        case = f"case {i} ({kind}), cache {clipped(data)}"
        signal.alarm(CASE_SECONDS)
        try:
            cache_case(sec, folder, data, truth, case)
        except (Exception, Hang):
            sec.fail("crash", case, crash_text())
        finally:
            signal.alarm(0)
    return sec


# --- the run -------------------------------------------------------------------------------------
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1200,
                    help="spoiled settings files and deck-file cases, each (default 1200); "
                         "spoiled summaries caches: a tenth of it")
    ap.add_argument("--matches", type=int, default=20,
                    help="paargus matches played on the filling disk (default 20)")
    ap.add_argument("--seed", type=int, default=80)
    args = ap.parse_args(argv)
    args.cache_count = max(1, args.count // 10)
    logging.getLogger("tabletop").setLevel(logging.ERROR)    # fallbacks warn: thousands
    errors = ErrorLog()
    logging.getLogger("tabletop").addHandler(errors)
    signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    sections = []
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        os.environ["TABLETOP_HOME"] = str(home)       # nothing touches the real home
        for k, run in enumerate((run_journal, run_settings, run_decks, run_cache)):
            t = time.monotonic()
            rng = Random(args.seed * 1000 + k)
            sec = run(args, rng, home, errors) if run is run_journal else run(args, rng, home)
            sec.seconds = time.monotonic() - t
            sections.append(sec)
    report(args, sections, time.monotonic() - started)
    return 1 if any(sec.failures for sec in sections) else 0


def figures(sec: Section) -> str:
    """The section's figures: the ones it names always, any other when not zero."""
    return ", ".join(f"{n} {what}" for what, n in sec.counts.items()
                     if n or what in sec.figures)


def report(args, sections: list[Section], seconds: float) -> None:
    for sec in sections:
        for failure in sec.failures:
            if failure:
                print("FAILED", failure, file=sys.stderr)
        hidden = sum(1 for failure in sec.failures if not failure)
        if hidden:
            print(f"FAILED [{sec.name}] ... and {hidden} more of the same kinds", file=sys.stderr)
    parts = []
    for sec in sections:
        kinds = f" ({', '.join(f'{n} {k}' for k, n in sec.kinds.most_common())})" \
            if sec.kinds else ""
        parts.append(f"{sec.name.capitalize()}, {sec.seconds:.0f} s: {figures(sec)}. "
                     f"Failures: {len(sec.failures)}{kinds}.")
    total = sum(len(sec.failures) for sec in sections)
    print(f"hostile: {args.matches} matches on a filling disk, {args.count} spoiled settings "
          f"files, {args.count} deck-file cases, {args.cache_count} spoiled summaries caches "
          f"(seed {args.seed}) in {seconds:.0f} s. " + " ".join(parts) + f" Failures: {total}.")


if __name__ == "__main__":
    sys.exit(main())
