"""The match history: every finished match, in an SQLite database in the user data folder.

`History()` opens (or makes) `history.db` (paths.history_path); `record(match, save_name)`
adds a finished match, keyed by its id, so recording it again replaces its row and never adds a
second; `import_saves` fills a new database from the finished saves on disk, once; the queries
(`summary`, `by_choice`, `over_time`, `matches`, `export_csv`) are what the statistics page
shows. Everything is taken from the player's side: the first human seat of a match ("the
player"), against what the other seats were ("hard", "easy + hard" for bots, "human" at a
table of people). A match of bots alone is recorded but counts in no tally.

The database is in WAL mode with a busy timeout, so two copies of the app may record at once.
`PRAGMA user_version` is its schema version: MIGRATIONS[n] takes a version-n database to
version n + 1, each in one transaction with the version it reaches, so a new schema is one
function more at the end of the list. A database from a newer Tabletop is never touched: this
version records nothing in it and says so.

Damage is handled as the saves handle it, nothing lost silently: a file that is not an SQLite
database, is cut short or fails `PRAGMA integrity_check` is renamed aside
(`history.db.damaged-<UTC stamp>`, with its WAL), a fresh database is started (import_saves
fills it again from the saves) and `History.problem` holds a sentence for the player. A folder
that cannot be written, a full disk or a database locked too long never raise: recording is
skipped, `problem` says why, and the queries answer from what can be read.

Nothing here knows a game: the starting choices (a deck, a faction, a class, the champions) are
read from the well-known keys of a match's options, and of its final state where the options
left the choice to the game (`starting_choices`).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

import tabletop
from tabletop.core.match import Match
from tabletop.store.atomic import write_atomic
from tabletop.store.paths import history_path, why_in_words, write_problem
from tabletop.store.saves import SaveError, SaveStore

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000            # how long a write waits for another copy of the app's
IMPORTED = "saves_imported"       # the meta key set once import_saves went through every save


# --- the schema and its migrations ------------------------------------------------------------
def _initial_schema(db: sqlite3.Connection) -> None:
    """Version 1."""
    for statement in (
        """CREATE TABLE matches (
            id            TEXT PRIMARY KEY,      -- the match id (Match.id)
            game          TEXT NOT NULL,         -- the game id
            finished_at   TEXT NOT NULL,         -- the last move, ISO 8601 UTC: 2025-01-31T18:04:05Z
            started_at    TEXT NOT NULL,
            seconds       REAL NOT NULL,         -- started to finished, on the clock
            moves         INTEGER NOT NULL,      -- entries in the match's log
            rounds        INTEGER,               -- as the game counts them, when it does
            turns         INTEGER,
            players       INTEGER NOT NULL,
            player_seat   INTEGER,               -- the first human seat; NULL: bots only
            outcome       TEXT CHECK (outcome IN ('win', 'loss', 'draw')),   -- the player's
            opponent      TEXT,                  -- what the player faced: 'hard', 'human'...
            winners       TEXT NOT NULL,         -- JSON list of seats ([]: a draw)
            result        TEXT NOT NULL,         -- the result in words
            options       TEXT NOT NULL,         -- JSON: the match's options
            casual        INTEGER NOT NULL,
            rules_version INTEGER NOT NULL,      -- the game's GameInfo.version
            app_version   TEXT NOT NULL,
            save_name     TEXT,                  -- the save's file name in the saves folder
            recorded_at   TEXT NOT NULL
        )""",
        "CREATE INDEX matches_by_game ON matches (game, finished_at)",
        """CREATE TABLE seats (
            match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL,
            name     TEXT NOT NULL,
            kind     TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
            bot      TEXT,                       -- the bot's name; NULL for people
            level    TEXT,                       -- the bot's difficulty; NULL for people
            outcome  TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
            place    INTEGER,                    -- 1 the best (Result.places)
            score    REAL,
            PRIMARY KEY (match_id, seat)
        )""",
        """CREATE TABLE choices (
            match_id TEXT NOT NULL,
            seat     INTEGER NOT NULL,
            key      TEXT NOT NULL,              -- 'deck', 'faction', 'class', 'champions', 'picks'
            value    TEXT NOT NULL,              -- in words: a starter's name, a faction's id...
            PRIMARY KEY (match_id, seat, key),
            FOREIGN KEY (match_id, seat) REFERENCES seats (match_id, seat) ON DELETE CASCADE
        )""",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ):
        db.execute(statement)


# MIGRATIONS[n] takes a version-n database to version n + 1 (MIGRATIONS[0]: an empty file to
# the first schema). Append one for every change; never edit one that shipped.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_initial_schema]


def schema_version() -> int:
    """The version this Tabletop writes: the number of migrations."""
    return len(MIGRATIONS)


# --- errors ---------------------------------------------------------------------------------
class HistoryError(Exception):
    """An export could not be written. str(error) is a sentence for the player."""


class _Damaged(Exception):
    """The file is no database, is cut short, or fails its integrity check (str: why, in words)."""


class _Newer(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


class _NoWal(Exception):
    """WAL mode could not be turned on (a read-only file or folder)."""


# primary SQLite result codes (sqlite3.Error.sqlite_errorcode & 0xFF)
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = \
    3, 5, 6, 8, 10, 11, 13, 14, 26


def _code(err: BaseException) -> int:
    return (getattr(err, "sqlite_errorcode", 0) or 0) & 0xFF


def _damage_words(err: BaseException) -> str | None:
    """Why an SQLite error means the file is damaged, in words, or None when it does not."""
    if isinstance(err, _Damaged):
        return str(err)
    code = _code(err)
    text = str(err).lower()
    if code == _NOTADB or "not a database" in text:
        return "it is not a database Tabletop can read"
    if code == _CORRUPT or "malformed" in text:
        return "parts of it cannot be read: it may have been cut short"
    return None


SQLITE_MAGIC = b"SQLite format 3\x00"


def _starts_like_sqlite(path: Path) -> bool:
    """Whether the file is missing, empty or begins as an SQLite database does."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return True
    except OSError:
        return True                  # SQLite says what is wrong with it
    return not head or head == SQLITE_MAGIC


# --- what is recorded -----------------------------------------------------------------------
# well-known option (and state) keys holding one starting choice per seat, and the choice's name
CHOICE_KEYS = {"decks": "deck", "factions": "faction", "classes": "class",
               "champions": "champions", "picks": "picks"}
LEADER_KEYS = ("name", "avatars", "leaders", "champions")    # what names a deck given as data

Describe = Callable[[str, str, Any], "str | None"]   # (game id, choice name, value) -> words


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def choice_label(value: Any) -> str | None:
    """One seat's starting choice in words, or None when `value` is no choice: a name stays
    itself, a list of names is joined, a deck given as data is named by its "name" or its
    leaders, and otherwise by a digest of its contents (equal decks share it)."""
    if isinstance(value, str):
        return _clip(value.strip()) or None
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return _clip(", ".join(value))
    if isinstance(value, dict) and value:
        for key in LEADER_KEYS:
            label = choice_label(value.get(key))
            if label:
                return label if key == "name" else _clip(" + ".join(
                    value[key] if isinstance(value[key], list) else [value[key]]))
        text = json.dumps(value, sort_keys=True, default=str)
        return "custom " + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
    return None


def starting_choices(options: dict, state: dict, players: int, game: str = "",
                     describe: Describe | None = None) -> list[dict[str, str]]:
    """Each seat's starting choices, {choice name: words}: the match's options first, then
    its final state (as `Game.state_to_json` gives it) for what the options left to the game.
    A key counts when it holds one entry per seat; `describe` may name a value first (the shell
    can turn a deck's list back into its starter's name)."""
    out: list[dict[str, str]] = [{} for _ in range(players)]
    for key, name in CHOICE_KEYS.items():
        for source in (options, state):
            values = source.get(key) if isinstance(source, dict) else None
            if not isinstance(values, list) or len(values) != players:
                continue
            for seat, value in enumerate(values):
                if name in out[seat]:
                    continue
                label = describe(game, name, value) if describe is not None else None
                label = label or choice_label(value)
                if label:
                    out[seat][name] = label
    return out


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _when(value: Any) -> str | None:
    """A query's since/until (datetime, date, ISO text or None) as the stored text."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, date):
        return f"{value.isoformat()}T00:00:00Z"
    raise TypeError(f"a date or time is wanted, not {value!r}")


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _outcome(seat: int, winners: list[int]) -> str:
    if not winners:
        return "draw"
    return "win" if seat in winners else "loss"


def match_rows(match: Match, save_name: str | None = None,
               describe: Describe | None = None) -> tuple[dict, list[dict], list[tuple]]:
    """The rows recording the finished `match`: its `matches` row, its `seats` rows and its
    `choices` rows (match id, seat, key, value). ValueError when the match is not finished."""
    game, result = match.game, match.result()
    if result is None:
        raise ValueError("only a finished match is recorded")
    players = len(match.seats)
    state = game.state_to_json(match.state)
    names = game.seat_names(players)
    winners = [int(w) for w in result.winners]
    places = result.places()
    seats = []
    for i, seat in enumerate(match.seats):
        seats.append({
            "match_id": match.id, "seat": i, "name": seat.name or names[i], "kind": seat.kind,
            "bot": seat.bot if seat.is_bot else None,
            "level": seat.difficulty if seat.is_bot else None,
            "outcome": _outcome(i, winners),
            "place": _int(places[i]) if i < len(places) else None,
            "score": float(result.scores[i]) if i < len(result.scores) else None,
        })
    player = next((i for i, s in enumerate(match.seats) if not s.is_bot), None)
    opponent = None
    if player is not None:
        levels = sorted({s.difficulty for i, s in enumerate(match.seats) if s.is_bot and i != player})
        opponent = " + ".join(levels) if levels else "human"
    details = result.details if isinstance(result.details, dict) else {}
    rounds = _int(details.get("rounds")) or _int(details.get("round")) or _int(state.get("round"))
    row = {
        "id": match.id, "game": game.info.id,
        "finished_at": _iso(match.updated), "started_at": _iso(match.created),
        "seconds": max(0.0, float(match.updated) - float(match.created)),
        "moves": len(match.log), "rounds": rounds, "turns": _int(state.get("turn_no")),
        "players": players, "player_seat": player,
        "outcome": _outcome(player, winners) if player is not None else None,
        "opponent": opponent,
        "winners": json.dumps(winners),
        "result": _clip(result.summary or _result_words(winners, [s["name"] for s in seats]), 400),
        "options": json.dumps(match.options, sort_keys=True, ensure_ascii=False, allow_nan=False),
        "casual": int(bool(match.casual)), "rules_version": int(game.info.version),
        "app_version": tabletop.__version__, "save_name": save_name,
        "recorded_at": _iso(datetime.now(timezone.utc).timestamp()),
    }
    choices = [(match.id, seat, key, value)
               for seat, chosen in enumerate(starting_choices(match.options, state, players,
                                                              game.info.id, describe))
               for key, value in chosen.items()]
    return row, seats, choices


def _result_words(winners: list[int], names: list[str]) -> str:
    won = [names[w] for w in winners if 0 <= w < len(names)]
    if not won:
        return "A draw"
    return f"{' and '.join(won)} win{'s' if len(won) == 1 else ''}"


# --- what the queries answer ----------------------------------------------------------------
@dataclass
class Tally:
    """Matches of the player, and how they went. `key` is what they are grouped by: the
    opponent (summary), a starting choice (by_choice) or the first day of a period (over_time)."""

    game: str
    key: str
    matches: int
    wins: int
    losses: int
    draws: int
    avg_moves: float | None = None
    avg_rounds: float | None = None
    avg_seconds: float | None = None
    choice: str = ""                # by_choice: the choice's name ("deck") when key is its value

    @property
    def win_rate(self) -> float:
        """Wins over matches (a draw is no win); 0.0 for no matches."""
        return self.wins / self.matches if self.matches else 0.0


@dataclass
class SeatRecord:
    seat: int
    name: str
    kind: str
    bot: str | None
    level: str | None
    outcome: str
    place: int | None
    score: float | None
    choices: dict[str, str] = field(default_factory=dict)


@dataclass
class MatchRecord:
    id: str
    game: str
    finished_at: str
    started_at: str
    seconds: float
    moves: int
    rounds: int | None
    turns: int | None
    player_seat: int | None
    outcome: str | None
    opponent: str | None
    winners: list[int]
    result: str
    options: dict
    casual: bool
    rules_version: int
    app_version: str
    save_name: str | None
    seats: list[SeatRecord] = field(default_factory=list)


CSV_COLUMNS = ("finished_at", "game", "match_id", "player", "opponent", "outcome", "moves",
               "rounds", "turns", "minutes", "player_choices", "opponent_choices", "seats",
               "result", "casual", "rules_version", "save_name")
BUCKETS = {"day": "substr(m.finished_at, 1, 10)",
           "week": "date(m.finished_at, 'weekday 0', '-6 days')",      # the Monday
           "month": "substr(m.finished_at, 1, 7)"}


# --- the database ---------------------------------------------------------------------------
class History:
    """The match-history database at `path` (default: paths.history_path()).

    `problem` is None, or a sentence for the player about the last thing that went wrong (a
    damaged file set aside, nothing recorded because the disk is full...); `writable` says
    whether matches can be recorded now; `set_aside` is where a damaged file was moved."""

    def __init__(self, path: Path | str | None = None, *, describe: Describe | None = None) -> None:
        self.path = Path(path) if path is not None else history_path()
        self.describe = describe
        self.problem: str | None = None
        self.writable = False
        self.set_aside: Path | None = None
        self.found_version: int | None = None    # the schema version the file had when opened
        self._db: sqlite3.Connection | None = None
        self._open()

    # --- opening --------------------------------------------------------------------------
    def _open(self) -> None:
        for _ in range(2):                    # the second time: after setting a damaged file aside
            try:
                self._db, self.writable = self._connect(), True
                return
            except _Newer as err:
                self.problem = (f"The match history {self.path.name} was written by a newer "
                                f"version of Tabletop (schema {err.version}; this version knows "
                                f"{schema_version()}), so this version leaves it as it is and "
                                f"does not record matches in it.")
                break
            except (sqlite3.Error, _Damaged, _NoWal, OSError, ValueError) as err:
                why = _damage_words(err)
                if why is None:
                    self.problem = self._trouble(err, "finished matches")
                    break
                if not self._put_aside(why):
                    break
        log.warning("%s", self.problem)
        self._db = self._connect_read_only()

    def _connect(self) -> sqlite3.Connection:
        """A writable connection, the file checked and brought up to this schema."""
        if not _starts_like_sqlite(self.path):
            # before SQLite opens it: it would fold a WAL left beside it into the damaged file
            raise _Damaged("it is not a database Tabletop can read")
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            self.found_version = version
            if version > schema_version():
                raise _Newer(version)
            report = [r[0] for r in db.execute("PRAGMA integrity_check").fetchall()]
            if report != ["ok"]:
                raise _Damaged(f"its consistency check failed ({_clip('; '.join(report), 160)})")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise _NoWal(f"the database stays in {mode} mode")
            db.execute("PRAGMA foreign_keys = ON")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """Run the migrations the file lacks, each in one transaction with its new version.
        Another copy of the app may be migrating too: the version is read again under the lock."""
        while True:
            db.execute("BEGIN IMMEDIATE")
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version >= schema_version():
                    db.execute("COMMIT")
                    if version > schema_version():
                        raise _Newer(version)
                    return
                MIGRATIONS[version](db)
                db.execute(f"PRAGMA user_version = {version + 1}")
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            log.info("match history: schema %d -> %d", version, version + 1)

    def _connect_read_only(self) -> sqlite3.Connection | None:
        """A connection for the queries alone, when the file can be read but not written
        (a newer schema is read too: its first tables are ours); None when it cannot be."""
        if not self.path.is_file():
            return None
        try:
            uri = self.path.resolve().as_uri()
        except (OSError, ValueError):
            return None
        for flags in ("mode=ro", "mode=ro&immutable=1"):    # immutable: no -shm can be made
            try:
                db = sqlite3.connect(f"{uri}?{flags}", uri=True, isolation_level=None,
                                     timeout=BUSY_TIMEOUT_MS / 1000)
            except sqlite3.Error:
                continue
            try:
                if db.execute("PRAGMA user_version").fetchone()[0] >= 1:
                    db.execute("SELECT count(*) FROM matches").fetchone()
                    return db
            except sqlite3.Error:
                pass
            db.close()
        return None

    def _put_aside(self, why: str) -> bool:
        """Rename the damaged file (and its WAL) aside; True when a fresh one can be started."""
        self.close()
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            os.replace(self.path, aside)
            for suffix in ("-wal", "-journal"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, aside.with_name(aside.name + suffix))
            self.path.with_name(self.path.name + "-shm").unlink(missing_ok=True)
        except OSError as err:
            self.problem = (f"The match history {self.path.name} is damaged ({why}), and "
                            f"Tabletop could not set it aside ({why_in_words(err)}), so finished "
                            f"matches are not recorded until it is moved away.")
            return False
        self.set_aside = aside
        self.problem = (f"The match history {self.path.name} was damaged ({why}), so Tabletop "
                        f"set it aside as {aside.name} and started a new one; the finished "
                        f"matches in Saved games are added to it again.")
        log.warning("%s", self.problem)
        return True

    def _trouble(self, err: BaseException, what: str) -> str:
        """Why `what` could not be recorded, in the player's words."""
        code, text = _code(err), str(err).lower()
        folder = self.path.parent
        if code == _FULL or getattr(err, "errno", None) in (28, 122) or "is full" in text:
            return f"The disk is full, so Tabletop could not record {what} in the match history."
        if code in (_BUSY, _LOCKED) or "locked" in text or "busy" in text:
            return (f"The match history was kept busy by another copy of Tabletop, so {what} "
                    f"could not be recorded in it.")
        if isinstance(err, OSError):
            reason = why_in_words(err)
        elif code in (_READONLY, _PERM) or isinstance(err, _NoWal) or "readonly" in text:
            reason = "you may not write there"
        elif code in (_CANTOPEN, _IOERR) or "unable to open" in text:
            reason = ((write_problem(folder) or "the file cannot be opened") if folder.is_dir()
                      else "the folder cannot be made")
        else:
            reason = _clip(str(err), 160)
        return (f"Tabletop cannot write its match history in {folder} ({reason}), so {what} "
                f"cannot be recorded for the statistics.")

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
        self.writable = False

    def __enter__(self) -> "History":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- recording ------------------------------------------------------------------------
    def record(self, match: Match, save_name: str | None = None) -> bool:
        """Record the finished `match` (its save's file name in the saves folder, not a path);
        the same match again replaces its rows. False, with `problem` saying why when it is
        worth telling, when nothing was recorded; never raises for the disk's sake."""
        if match.result() is None:
            return False
        if match.lesson:                # a lesson's scripted match says nothing of how one plays
            return False
        if not self.writable:
            log.info("match history: %s not recorded (%s)", match.id, self.problem)
            return False
        try:
            rows = match_rows(match, save_name, self.describe)
        except (TypeError, ValueError, KeyError, IndexError) as err:
            self.problem = f"This match could not be recorded in the match history ({_clip(str(err))})."
            log.warning("%s", self.problem)
            return False
        for attempt in range(2):
            try:
                self._write(*rows)
                return True
            except sqlite3.Error as err:
                why = _damage_words(err)
                if why is not None and attempt == 0 and self._put_aside(why):
                    self._open()             # a fresh file: import_saves fills it again
                    if self.writable:
                        continue
                    return False
                if why is None:
                    self.problem = self._trouble(err, "this match")
                log.warning("match history: %s not recorded: %s", match.id, err)
                return False
        return False

    def _write(self, row: dict, seats: list[dict], choices: list[tuple]) -> None:
        db = self._db
        assert db is not None
        columns = ", ".join(row)
        marks = ", ".join(f":{k}" for k in row)
        updates = ", ".join(f"{k} = excluded.{k}" for k in row if k != "id")
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM choices WHERE match_id = ?", (row["id"],))
            db.execute("DELETE FROM seats WHERE match_id = ?", (row["id"],))
            db.execute(f"INSERT INTO matches ({columns}) VALUES ({marks}) "
                       f"ON CONFLICT (id) DO UPDATE SET {updates}", row)
            db.executemany("INSERT INTO seats (match_id, seat, name, kind, bot, level, outcome, "
                           "place, score) VALUES (:match_id, :seat, :name, :kind, :bot, :level, "
                           ":outcome, :place, :score)", seats)
            db.executemany("INSERT INTO choices (match_id, seat, key, value) VALUES (?, ?, ?, ?)",
                           choices)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise

    def imported(self) -> bool:
        """Whether import_saves has gone through the saves on disk (into this file)."""
        if self._db is None:
            return False
        try:
            return self._db.execute("SELECT 1 FROM meta WHERE key = ?", (IMPORTED,)).fetchone() \
                is not None
        except sqlite3.Error:
            return False

    def import_saves(self, saves: SaveStore, games: Callable[[str], Any], *, force: bool = False) -> int:
        """Record every finished save in `saves` (a SaveStore), the first time only (`force`:
        again); returns how many were recorded. Each is loaded (replayed and checked) through
        the store; a damaged one, or one the replay refuses, is skipped with a log line. When
        a match could not be recorded the import is not marked done, so the next one retries."""
        if not self.writable or (self.imported() and not force):
            return 0
        recorded, complete = 0, True
        for info in saves.list():
            if info.error is not None:
                log.warning("match history: the save %s is skipped: %s", info.path.name, info.error)
                continue
            if not info.finished:
                continue
            try:
                match = saves.load(info.path, games=games, allow_backup=True)
            except SaveError as err:
                log.warning("match history: the save %s is skipped: %s", info.path.name, err)
                continue
            except Exception as err:         # a save must never stop the others
                log.warning("match history: the save %s is skipped: %s: %s", info.path.name,
                            type(err).__name__, err)
                continue
            if match.result() is None:
                continue
            if self.record(match, info.path.name):
                recorded += 1
            else:
                complete = False
                if not self.writable:
                    break
        if complete and self._db is not None:
            try:
                self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
                                 "DO UPDATE SET value = excluded.value",
                                 (IMPORTED, _iso(datetime.now(timezone.utc).timestamp())))
            except sqlite3.Error as err:
                self.problem = self._trouble(err, "the saved matches")
        return recorded

    # --- the queries ----------------------------------------------------------------------
    def _select(self, sql: str, args: Iterable[Any] = ()) -> list[tuple]:
        if self._db is None:
            return []
        try:
            return self._db.execute(sql, tuple(args)).fetchall()
        except sqlite3.Error as err:
            why = _damage_words(err)
            self.problem = (f"The match history {self.path.name} could not be read ({why or err})."
                            if why or not self.problem else self.problem)
            log.warning("match history: a query failed: %s", err)
            return []

    @staticmethod
    def _where(game: str | None, since: Any, until: Any,
               opponent: str | None = None) -> tuple[str, list[Any]]:
        """The filters every query takes: the player's matches, of `game`, finished at or after
        `since` and before `until`, against `opponent`."""
        clauses, args = ["m.player_seat IS NOT NULL"], []
        for clause, value in (("m.game = ?", game), ("m.finished_at >= ?", _when(since)),
                              ("m.finished_at < ?", _when(until)), ("m.opponent = ?", opponent)):
            if value is not None:
                clauses.append(clause)
                args.append(value)
        return " AND ".join(clauses), args

    _COUNTS = ("count(*), sum(m.outcome = 'win'), sum(m.outcome = 'loss'), "
               "sum(m.outcome = 'draw'), avg(m.moves), avg(m.rounds), avg(m.seconds)")

    @staticmethod
    def _tally(row: tuple, choice: str = "") -> Tally:
        game, key, n, wins, losses, draws, moves, rounds, seconds = row
        return Tally(game, key, n, wins or 0, losses or 0, draws or 0, moves, rounds, seconds,
                     choice)

    def summary(self, game: str | None = None, since: Any = None, until: Any = None, *,
                by_opponent: bool = True) -> list[Tally]:
        """Per game and opponent ("easy", "hard", "human"...): matches, wins, losses, draws
        and the average length; with by_opponent=False one row per game (key "all")."""
        where, args = self._where(game, since, until)
        key = "m.opponent" if by_opponent else "'all'"
        rows = self._select(f"SELECT m.game, {key}, {self._COUNTS} FROM matches m WHERE {where} "
                            f"GROUP BY m.game, {key} ORDER BY m.game, {key}", args)
        return [self._tally(r) for r in rows]

    def by_choice(self, game: str, since: Any = None, until: Any = None, *,
                  opponent: str | None = None, side: str = "player") -> list[Tally]:
        """The player's matches of `game` grouped by a starting choice (`choice`: its name,
        "deck"; `key`: its value): the player's own (side="player") or their opponents'
        (side="opponent": the player's results against each faction, say)."""
        if side not in ("player", "opponent"):
            raise ValueError("side is 'player' or 'opponent'")
        where, args = self._where(game, since, until, opponent)
        if side == "player":
            chosen = ("(SELECT c.match_id, c.key, c.value FROM choices c JOIN matches p "
                      "ON p.id = c.match_id AND c.seat = p.player_seat)")
        else:     # an opponents' choice counts once in a match, however many made it
            chosen = ("(SELECT DISTINCT c.match_id, c.key, c.value FROM choices c JOIN matches p "
                      "ON p.id = c.match_id AND c.seat != p.player_seat)")
        rows = self._select(f"SELECT c.key, m.game, c.value, {self._COUNTS} FROM matches m "
                            f"JOIN {chosen} c ON c.match_id = m.id WHERE {where} "
                            f"GROUP BY c.key, c.value ORDER BY c.key, count(*) DESC, c.value",
                            args)
        return [self._tally(r[1:], choice=r[0]) for r in rows]

    def over_time(self, game: str | None = None, bucket: str = "week", since: Any = None,
                  until: Any = None, *, opponent: str | None = None) -> list[Tally]:
        """The player's results per period, oldest first; `key` is the period's first day
        ("2025-01-27", a Monday, for weeks) or its month ("2025-01"). Periods without a match
        are absent."""
        if bucket not in BUCKETS:
            raise ValueError(f"bucket is one of {', '.join(BUCKETS)}")
        where, args = self._where(game, since, until, opponent)
        period = BUCKETS[bucket]
        label = "'all'" if game is None else "m.game"
        rows = self._select(f"SELECT {label}, {period} AS period, {self._COUNTS} FROM matches m "
                            f"WHERE {where} GROUP BY period ORDER BY period", args)
        return [self._tally(r) for r in rows]

    def matches(self, game: str | None = None, since: Any = None, until: Any = None, *,
                opponent: str | None = None, everyone: bool = False) -> list[MatchRecord]:
        """The recorded matches, newest first (`everyone`: matches of bots alone too)."""
        where, args = self._where(game, since, until, opponent)
        if everyone:
            where = where.replace("m.player_seat IS NOT NULL", "1")
        rows = self._select(
            "SELECT m.id, m.game, m.finished_at, m.started_at, m.seconds, m.moves, m.rounds, "
            "m.turns, m.player_seat, m.outcome, m.opponent, m.winners, m.result, m.options, "
            "m.casual, m.rules_version, m.app_version, m.save_name FROM matches m "
            f"WHERE {where} ORDER BY m.finished_at DESC, m.id", args)
        out = {}
        for r in rows:
            out[r[0]] = MatchRecord(*r[:11], json.loads(r[11]), r[12], json.loads(r[13]),
                                    bool(r[14]), *r[15:])
        if not out:
            return []
        marks = ", ".join("?" * len(out))
        for r in self._select(f"SELECT match_id, seat, name, kind, bot, level, outcome, place, "
                              f"score FROM seats WHERE match_id IN ({marks}) ORDER BY seat",
                              list(out)):
            out[r[0]].seats.append(SeatRecord(*r[1:]))
        for match_id, seat, key, value in self._select(
                f"SELECT match_id, seat, key, value FROM choices WHERE match_id IN ({marks}) "
                f"ORDER BY key", list(out)):
            seats = out[match_id].seats
            if 0 <= seat < len(seats):
                seats[seat].choices[key] = value
        return list(out.values())

    def export_csv(self, file, game: str | None = None, since: Any = None, until: Any = None, *,
                   opponent: str | None = None) -> int:
        """Write the player's matches under these filters as CSV, one per row, newest first, to
        `file` (a path, written atomically in UTF-8 with a byte-order mark for spreadsheets, or
        an open text file); returns how many. HistoryError, a sentence, when it cannot be written."""
        records = self.matches(game, since, until, opponent=opponent)
        text = io.StringIO()
        out = csv.writer(text, lineterminator="\r\n")
        out.writerow(CSV_COLUMNS)
        for m in records:
            player = m.seats[m.player_seat] if m.player_seat is not None and \
                m.player_seat < len(m.seats) else None
            others = [s for s in m.seats if player is None or s.seat != player.seat]
            out.writerow([
                m.finished_at, m.game, m.id, player.name if player else "", m.opponent or "",
                m.outcome or "", m.moves, "" if m.rounds is None else m.rounds,
                "" if m.turns is None else m.turns, f"{m.seconds / 60:.1f}",
                _choice_text(player.choices) if player else "",
                " | ".join(_choice_text(s.choices) for s in others if s.choices),
                "; ".join(_seat_text(s) for s in m.seats), m.result,
                "yes" if m.casual else "no", m.rules_version, m.save_name or ""])
        if hasattr(file, "write"):
            file.write(text.getvalue())
            return len(records)
        path = Path(file)
        try:
            write_atomic(path, text.getvalue().encode("utf-8-sig"), backup=False)
        except OSError as err:
            raise HistoryError(f"The statistics could not be written to {path.name} "
                               f"({why_in_words(err)}).") from err
        return len(records)


def _choice_text(choices: dict[str, str]) -> str:
    return "; ".join(f"{k}: {v}" for k, v in sorted(choices.items()))


def _seat_text(seat: SeatRecord) -> str:
    who = f"{seat.level} {seat.bot} bot" if seat.kind == "bot" else "human"
    return f"{seat.name} ({who}, {seat.outcome})"
