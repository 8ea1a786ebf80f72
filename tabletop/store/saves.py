"""Saved matches: one JSON file per match, written atomically, read defensively.

A save is `<match id>.json` in saves_dir() (format in saves/README.md), with an
optional thumbnail `<id>.png` beside it and the previous version as
`<id>.json.bak`. A save the player renamed (`Sunday game.json`) is still a save: the list
names it by its file (`SaveInfo.id` is the file's name without `.json`), and load and
delete take that name; the match id inside only names the file of a new save. Loading
replays the log from the seed and checks the result against the stored snapshot, so a save
can never silently load a wrong position. Reading never modifies, moves or deletes a file:
a damaged save stays as it was for the player (or a developer) to recover.

The app's autosave after every move does not rewrite the save: it appends the move to the
save's journal on a background thread (store/journal.py, where "durable" is defined), and
loading replays the journal after the snapshot.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import re
import shutil
import weakref
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import tabletop
from tabletop.core.game import Game, Result
from tabletop.core.match import Match
from tabletop.store import journal as jn
from tabletop.store.atomic import backup_path, remove_stale_temps, write_atomic
from tabletop.store.paths import saves_dir
from tabletop.store.reviews import review_path
from tabletop.store.summaries import SummaryCache, replay_digest

log = logging.getLogger(__name__)

FORMAT_VERSION = 1

# MIGRATIONS[n] turns a format-n document into a format-(n+1) one. They run in
# order on load, in memory only; the file on disk is rewritten by the next save.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}

GamesRegistry = Callable[[str], Game]

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

# Limits a real save is far from (a 1,700-move match is 0.3 MB, nested 8 deep); a file past
# them is damaged, and deeper data would crash the next save's JSON writer.
MAX_SAVE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 100


# --- errors -------------------------------------------------------------------
class SaveError(Exception):
    """A save could not be written or read. str(error) is a sentence for the player."""


class DamagedSave(SaveError):
    """Not JSON, cut short, too large or deep, missing fields, an illegal move, a wrong snapshot."""


class NewerFormat(SaveError):
    """Made by a newer Tabletop (or newer rules) than this one."""


class UnknownGame(SaveError):
    """The save is for a game this version does not have."""


class SaveNotFound(SaveError):
    """No such save file."""


# --- the document ---------------------------------------------------------------
def save_document(match: Match, saved_at: datetime | None = None,
                  journal: str | None = None) -> dict:
    """The JSON document for `match` (what SaveStore.save writes); `journal` is the token
    of the journal that continues it (store/journal.py)."""
    document = {
        "format": FORMAT_VERSION,
        "app_version": tabletop.__version__,
        "saved_at": _now(saved_at),
        "summary": _summary(match),
        "match": match.to_json(),
    }
    if journal:
        document["journal"] = journal
    return document


def _now(when: datetime | None = None) -> str:
    return (when or datetime.now(timezone.utc)).isoformat(timespec="milliseconds")


def _summary(match: Match) -> dict:
    """What the saved-games list shows, so listing never has to replay a log."""
    game, state = match.game, match.state
    defaults = game.seat_names(len(match.seats))
    players = [seat.name or defaults[i] for i, seat in enumerate(match.seats)]
    result = game.result(state)
    return {
        "game": game.info.id,
        "title": game.info.title,
        "players": players,
        "turn": str(game.turn_label(state) or ""),
        "finished": result is not None,
        "result": _result_text(result, players) if result is not None else None,
    }


def _progress(match: Match) -> dict:
    """The summary fields a move changes (a journal line carries them for the list)."""
    summary = _summary(match)
    return {k: summary[k] for k in ("turn", "finished", "result")}


def _common_prefix(recorded: list, log: list) -> int:
    """How many leading entries `log` shares with `recorded` (the same objects): moves only
    append and undos only cut, so this walks back from the end and is quick."""
    k = min(len(recorded), len(log))
    while k and recorded[k - 1] is not log[k - 1]:
        k -= 1
    return k


def _result_text(result: Result, players: list[str]) -> str:
    if result.summary:
        return result.summary
    names = [players[w] if 0 <= w < len(players) else f"Player {w + 1}" for w in result.winners]
    if not names:
        return "A draw"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} win"


# The shape a document must have (mirrors saves/schema-v1.json). A dict is an
# object with those required keys, [x] a list of x, a tuple any of its types.
_SEAT = {"kind": str, "name": str, "bot": str, "difficulty": str}
_ENTRY = {"seat": int, "action": {"kind": str, "args": list}, "label": str, "barrier": bool}
_SHAPE = {
    "format": int,
    "app_version": str,
    "saved_at": str,
    "summary": {"game": str, "title": str, "players": [str], "turn": str, "finished": bool,
                "result": (str, type(None))},
    "match": {"id": str, "game": str, "game_version": int, "options": dict, "seats": [_SEAT],
              "seed": int, "casual": bool, "created": float, "updated": float,
              "log": [_ENTRY], "snapshot": dict},
}
# a match played on from a replay (core/match.py): the save it branched from and where, and,
# when the unseen cards were dealt anew, the position it starts from instead of the set-up
_OPTIONAL = {"branch_of": {"id": str, "move": int, "title": str, "dealt": str}, "start": dict}
_NAMES = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
          dict: "an object", list: "a list", type(None): "empty"}


def _is(value, kind: type) -> bool:
    if isinstance(value, bool) and kind in (int, float):   # JSON true is not a number
        return False
    if kind is float:
        return isinstance(value, (int, float))
    return isinstance(value, kind)


def _shape_problem(value, spec, where: str) -> str | None:
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            return f'the field "{where}" should be an object'
        for key, sub in spec.items():
            here = f"{where}.{key}" if where else key
            if key not in value:
                return f'the field "{here}" is missing'
            problem = _shape_problem(value[key], sub, here)
            if problem:
                return problem
        return None
    if isinstance(spec, list):
        if not isinstance(value, list):
            return f'the field "{where}" should be a list'
        for i, item in enumerate(value):
            problem = _shape_problem(item, spec[0], f"{where}[{i}]")
            if problem:
                return problem
        return None
    kinds = spec if isinstance(spec, tuple) else (spec,)
    if any(_is(value, k) for k in kinds):
        return None
    return f'the field "{where}" should be {" or ".join(_NAMES[k] for k in kinds)}'


def _damaged(path: Path, why: str) -> DamagedSave:
    return DamagedSave(f"The save file {path.name} is damaged: {why}.")


def _clip(value, limit: int = 160) -> str:
    """`value` as text short enough for a message: files and engine errors can hold anything."""
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _read_json(path: Path) -> dict:
    raw = _read_capped(path)
    if not raw.strip():
        raise _damaged(path, "it is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _damaged(path, "it is not a text file") from None
    data = _parse(text, path)
    if not isinstance(data, dict):
        raise _damaged(path, "it does not hold a saved game")
    if _deeper_than(data, MAX_DEPTH):
        raise _too_deep(path)
    return data


def _read_capped(path: Path) -> bytes:
    """The file's bytes; its size is checked first, so a giant file is never read."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise _too_large(path)
        with open(path, "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)          # + 1: it may have grown since
    except FileNotFoundError:
        raise SaveNotFound(f"The save file {path.name} does not exist.") from None
    except OSError as err:
        raise SaveError(f"The save file {path.name} could not be read ({err.strerror}).") from err
    if len(raw) > MAX_SAVE_BYTES:
        raise _too_large(path)
    return raw


def _too_large(path: Path) -> DamagedSave:
    return _damaged(path, f"it is larger than {MAX_SAVE_BYTES // 2**20} MB, far more than any "
                          f"save Tabletop writes")


def _too_deep(path: Path) -> DamagedSave:
    return _damaged(path, f"its data is nested more than {MAX_DEPTH} levels deep")


class _NotFinite(ValueError):
    """NaN, Infinity or a float too large: the writer never writes them (allow_nan=False)."""


def _no_constant(name: str):
    raise _NotFinite(name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _parse(text: str, path: Path):
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as err:
        if err.pos >= len(text.rstrip()):
            raise _damaged(path, "it ends too early, so it was probably cut short "
                                 "while being written") from None
        raise _damaged(path, f"it is not valid save data (line {err.lineno}, "
                             f"column {err.colno})") from None
    except _NotFinite:
        raise _damaged(path, "it holds a number that is not finite (NaN, Infinity or "
                             "too large)") from None
    except ValueError:            # an integer past Python's 4,300-digit conversion limit
        raise _damaged(path, "it holds a whole number too long to read") from None
    except RecursionError:
        raise _too_deep(path) from None


def _deeper_than(value, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` levels (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in item)
    return False


def _upgrade(data: dict, path: Path) -> dict:
    """Check the format number and run MIGRATIONS up to FORMAT_VERSION."""
    fmt = data.get("format")
    if not _is(fmt, int):
        raise _damaged(path, 'the field "format" is missing or not a whole number')
    if fmt > FORMAT_VERSION:
        raise NewerFormat(f"This save was made by a newer version of Tabletop "
                          f"(format {_clip(fmt)}); this version reads format {FORMAT_VERSION}.")
    while fmt < FORMAT_VERSION:
        step = MIGRATIONS.get(fmt)
        if step is None:
            raise SaveError(f"This save uses format {_clip(fmt)}, which this version of Tabletop "
                            f"can no longer read.")
        try:
            data = step(data)
        except Exception as err:      # a migration meeting data it did not expect
            raise _damaged(path, f"it could not be upgraded from format {fmt} "
                                 f"({_clip(err)})") from err
        fmt += 1
        data["format"] = fmt
    return data


def read_save(path: Path | str) -> dict:
    """The document in `path`, upgraded to FORMAT_VERSION and checked for shape.

    Raises SaveError subclasses; does not replay the log (see SaveStore.load).
    """
    path = Path(path)
    return _checked(_read_json(path), path)


def _checked(raw: dict, path: Path) -> dict:
    data = _upgrade(raw, path)
    problem = _shape_problem(data, _SHAPE, "")
    if problem:
        raise _damaged(path, problem)
    if not _ID.fullmatch(data["match"]["id"]):     # it names files: "../x" must not load
        raise _damaged(path, 'the field "match.id" is not a valid match id')
    for key, spec in _OPTIONAL.items():            # a branch's fields, when it has them
        if key in data["match"]:
            problem = _shape_problem(data["match"][key], spec, f"match.{key}")
            if problem:
                raise _damaged(path, problem)
    return data


# --- the journal -------------------------------------------------------------------
_JOURNAL_LINE = {"n": int, "add": [_ENTRY], "updated": float, "saved_at": str,
                 "summary": {"turn": str, "finished": bool, "result": (str, type(None))}}


@dataclass
class Journal:
    """The moves a save's journal adds to its snapshot (store/journal.py)."""

    path: Path | None = None
    ops: list[dict] = field(default_factory=list)
    valid_bytes: int = 0            # the file's length without a torn last line
    torn: bool = False              # a crash cut the last line short (it is dropped)
    stamp: tuple = ()               # changes whenever the file does

    def log(self, log: list) -> list:
        """`log` (the snapshot's entries) with the journal's cuts and additions."""
        log = list(log)
        for op in self.ops:
            del log[op["n"]:]
            log += op["add"]
        return log


def read_journal(save: Path, data: dict) -> Journal:
    """The journal that continues the checked document `data` read from `save` (or from its
    .bak: `save` is always the main file's path). No journal, or one following another
    snapshot, is an empty Journal; a damaged one raises DamagedSave."""
    token = data.get("journal")
    if not isinstance(token, str) or not token:
        return Journal()
    moves = len(data["match"]["log"])
    for candidate in (jn.journal_path(save), jn.journal_backup_path(save)):
        try:
            stamp = _stamp(candidate)
        except FileNotFoundError:    # none: the snapshot stands alone
            continue
        except OSError as err:
            raise SaveError(f"The journal {candidate.name} could not be read "
                            f"({err.strerror}).") from err
        try:
            found = _parse_journal(candidate, _read_capped(candidate), token, moves)
        except SaveError:
            if candidate == jn.journal_path(save):
                raise
            continue                 # a spoilt old journal: not the one that matters here
        if found is not None:
            found.stamp = stamp
            return found
    return Journal()


def _parse_journal(path: Path, raw: bytes, token: str, moves: int) -> Journal | None:
    end = raw.rfind(b"\n") + 1
    torn = end < len(raw)           # bytes after the last newline: a write a crash cut short
    lines = raw[:end].split(b"\n")[:-1]
    if not lines:
        return None                  # not even a whole header: nothing was ever added
    header = _journal_line(path, lines[0], 1)
    if header.get("journal") != jn.JOURNAL_VERSION:
        raise _damaged(path, "its first line is not a journal header")
    if header.get("follows") != token or header.get("moves") != moves:
        return None                  # it continues another snapshot
    journal, length = Journal(path, valid_bytes=end, torn=torn), moves
    for i, text in enumerate(lines[1:], start=2):
        op = _journal_line(path, text, i)
        problem = _shape_problem(op, _JOURNAL_LINE, "")
        if problem:
            raise _damaged(path, f"line {i}: {problem}")
        if not 0 <= op["n"] <= length:
            raise _damaged(path, f"line {i} goes back to move {op['n']} of {length}")
        length = op["n"] + len(op["add"])
        journal.ops.append(op)
    return journal


def _journal_line(path: Path, text: bytes, number: int) -> dict:
    try:
        value = _parse(text.decode("utf-8"), path)
    except UnicodeDecodeError:
        raise _damaged(path, f"line {number} is not text") from None
    except DamagedSave as err:
        raise _damaged(path, f"line {number} is not valid journal data") from err
    if not isinstance(value, dict):
        raise _damaged(path, f"line {number} is not valid journal data")
    if _deeper_than(value, MAX_DEPTH):
        raise _too_deep(path)
    return value


def _plain(value):
    """`value` as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(value))


def match_from_save(data: dict, path: Path, games: GamesRegistry,
                    journal: Journal | None = None) -> Match:
    """Replay the match in a checked document, compare it with its snapshot, then play on
    through the journal's moves (each checked as the snapshot's were)."""
    saved = data["match"]
    title = _clip(data["summary"].get("title") or saved["game"])
    try:
        game = games(saved["game"])
    except (KeyError, LookupError, ImportError):
        raise UnknownGame(f'This save is for "{title}", a game this version of Tabletop '
                          f"does not have.") from None
    if saved["game_version"] > game.info.version:
        raise NewerFormat(f"This save was made with newer rules for {game.info.title} "
                          f"(version {_clip(saved['game_version'])}); this version of Tabletop "
                          f"has version {game.info.version}.")
    older = saved["game_version"] < game.info.version

    def unreplayable(why: str) -> DamagedSave:
        if older:                     # not damage: the rules changed under the save
            return DamagedSave(f"The save file {path.name} was made with older rules of "
                               f"{game.info.title} (version {_clip(saved['game_version'])}), "
                               f"which have changed since, so it cannot be replayed: {why}.")
        return _damaged(path, why)

    try:
        match = Match.from_json(saved, game)
        replayed = _plain(game.state_to_json(match.state))
    except ValueError as err:         # Match.from_json explains illegal moves
        raise unreplayable(_clip(err, 400).rstrip(".")) from err
    except Exception as err:          # anything else the game chokes on, mid-replay or after
        # the player is told what happened, a developer reads the engine's words in the log
        log.warning("Replaying %s failed: %s: %s", path.name, type(err).__name__, _clip(err))
        raise unreplayable("its moves could not be replayed: the game does not accept "
                           "what it holds") from err
    if replayed != saved["snapshot"]:
        keys = sorted(set(replayed) | set(saved["snapshot"]))
        differ = [k for k in keys if replayed.get(k) != saved["snapshot"].get(k)]
        raise unreplayable(f"replaying its {len(match.log)} moves does not reach the position "
                           f"it recorded (different: {_clip(', '.join(differ))})")
    if journal is not None and journal.ops:
        _play_journal(match, journal, unreplayable)
    return match


def _play_journal(match: Match, journal: Journal, unreplayable) -> None:
    try:
        for op in journal.ops:
            if op["n"] < len(match.log):             # an undo
                del match.log[op["n"]:]
                match.state = match.replay()
            for raw in op["add"]:
                match.replay_entry(raw, f"in its journal {journal.path.name}")
            match.updated = float(op["updated"])
    except ValueError as err:
        raise unreplayable(_clip(err, 400).rstrip(".")) from err
    except Exception as err:
        log.warning("Replaying the journal %s failed: %s: %s", journal.path.name,
                    type(err).__name__, _clip(err))
        raise unreplayable("the moves of its journal could not be replayed: the game does "
                           "not accept what it holds") from err


def branch_words(branch: dict | None) -> str:
    """The line Saved games shows for a branch (empty for a match of its own)."""
    if not branch:
        return ""
    anew = " (unseen cards dealt anew)" if branch.get("dealt") == "anew" else ""
    return f"Branch of {_clip(branch['title'], 80)} at move {branch['move']}{anew}"


# --- the store -------------------------------------------------------------------
@dataclass
class SaveInfo:
    """One row of the saved-games list. `error` set: the save cannot be loaded."""

    id: str                         # the file's name without .json (load and delete take it)
    path: Path
    match_id: str = ""              # the id of the match inside (a renamed save's differs)
    game: str = ""
    title: str = ""
    players: list[str] = field(default_factory=list)
    turn: str = ""
    saved_at: str = ""              # ISO 8601, UTC
    finished: bool = False
    thumbnail: Path | None = None
    error: str | None = None
    result: str | None = None
    # set when the file is damaged but its backup is good: the row is the backup's, and
    # resuming opens it (SaveStore.load with allow_backup)
    from_backup: str | None = None
    # the game id of the lesson this match follows (docs/LESSONS.md), None for an ordinary match
    lesson: str | None = None
    # a match played on from another's replay: "Branch of Paargus: Ada vs Bot at move 40"
    branch_of: str = ""
    # hosted for players on other computers: reopening it hosts it again (shell/net_play.py)
    hosted: bool = False


class SaveStore:
    """The saves folder. `save` writes a whole save and waits; `autosave` records the moves
    since the last call in the match's journal on a background thread and returns at once
    (store/journal.py says when a move counts as saved)."""

    def __init__(self, folder: Path | str | None = None,
                 snapshot_min_bytes: int = jn.MIN_SNAPSHOT_BYTES) -> None:
        self.folder = Path(folder) if folder is not None else saves_dir()
        self._summaries: dict[Path, tuple[tuple, dict]] = {}    # path: (stamp, summary)
        self._on_disk = SummaryCache(self.folder)                  # the same, between runs
        self.snapshot_min_bytes = snapshot_min_bytes
        self._writer = jn.Writer()
        self._tracks: dict[Path, jn.Track] = {}                    # the matches autosaved
        self._loaded: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # match: its log
        self.bytes_written = 0          # by this store's saves, journals and thumbnails
        # Called on the writer thread with (save path, moves) once that many moves are on disk.
        self.on_durable: Callable[[Path, int], None] | None = None

    def path_for(self, match_id: str) -> Path:
        """Where a new save of the match `match_id` goes."""
        if not isinstance(match_id, str) or not _ID.fullmatch(match_id):
            raise SaveError(f"The id {_clip(repr(match_id), 80)} cannot name a saved game.")
        return self.folder / f"{match_id}.json"

    def _named(self, name: str) -> Path | None:
        """The save in the folder whose file is `name` + ".json" (any name the player gave
        it), or None when `name` cannot be one (empty, or a path: it must stay in the folder)."""
        if (not isinstance(name, str) or not name or any(c in name for c in "/\\\0")
                or len(name) > 250):
            return None
        return self.folder / f"{name}.json"

    def _resolve(self, id_or_path: str | Path) -> Path:
        """A save's path from a SaveInfo.id (a match id or a renamed file's name) or a path."""
        if isinstance(id_or_path, Path):
            return id_or_path
        if isinstance(id_or_path, str) and _ID.fullmatch(id_or_path):
            return self.folder / f"{id_or_path}.json"
        named = self._named(id_or_path)
        if named is not None and (named.is_file() or named.is_symlink()):
            return named
        if isinstance(id_or_path, str) and (id_or_path.endswith(".json") or "/" in id_or_path
                                            or "\\" in id_or_path):
            return Path(id_or_path)
        if named is not None:
            raise SaveNotFound(f"There is no saved game called {_clip(named.stem, 80)!r}.")
        return self.path_for(id_or_path)

    # --- writing ---------------------------------------------------------------
    def save(self, match: Match, thumbnail_png: bytes | None = None) -> Path:
        """Write `match` atomically and wait until it is on disk; the previous save becomes
        `<id>.json.bak` (and its journal `<id>.journal.bak`).

        A loaded match goes back to the file it came from, whatever its name;
        a new one to `<id>.json`. Without a thumbnail an existing one is kept
        (autosaves need not render).
        """
        path = self._path(match)
        kept = path in self._tracks and self._tracks[path].match is match
        track = self._track(match)
        track.error = None                 # a whole save supersedes any failed append
        self._queue_snapshot(track, thumbnail_png, journal=kept)
        if not kept:                       # a one-off save: nothing to keep for later
            self._writer.put(lambda: jn.close_journal(track))
            self._tracks.pop(path, None)
        self._writer.wait()
        self._raise_failure(track, "save")
        return path

    def autosave(self, match: Match, thumbnail=None) -> Path:
        """Record what changed in `match` since the last call (moves, undos) and return at once.

        The disk work (a journal line and its fsync; now and then a whole snapshot) runs on
        this store's writer thread, in order. `thumbnail` (PNG bytes or a function giving
        them) is asked for only when a whole snapshot is written. Raises SaveError when an
        earlier background write failed; the next autosave then writes a whole new snapshot.
        """
        track = self._track(match)
        self._raise_failure(track)
        k = _common_prefix(track.recorded, match.log)
        if k == len(track.recorded) == len(match.log):
            return track.path              # nothing new (e.g. leaving right after a resume)
        if (track.needs_snapshot
                or track.journal_bytes >= max(self.snapshot_min_bytes, track.snapshot_bytes)):
            self._queue_snapshot(track, thumbnail() if callable(thumbnail) else thumbnail)
        else:
            self._queue_append(track, k)
        return track.path

    def flush(self) -> None:
        """Wait until every queued write is on disk; raises SaveError if one failed."""
        self._writer.wait()
        for track in list(self._tracks.values()):
            self._raise_failure(track)

    def close_match(self, match: Match, thumbnail=None) -> Path | None:
        """The match leaves the table: fold its journal into a whole save (with `thumbnail`,
        PNG bytes or a function giving them, asked only if there is something to write),
        wait until it is on disk, and forget the match. Raises SaveError if a write failed."""
        path = self._path(match)
        track = self._tracks.get(path)
        if track is None or track.match is not match:
            return None                     # never autosaved here: nothing to write
        self._writer.wait()                 # what is queued lands first: did it all land?
        owed = (track.dirty or track.failed or track.error is not None
                or self._on_disk_moves(track) != len(match.log)
                or _common_prefix(track.recorded, match.log) != len(match.log))
        if owed:
            # journal lines to fold, moves not yet written, or a write that failed (a
            # snapshot whose failure was reported is still owed): one whole save again
            png = thumbnail() if callable(thumbnail) else thumbnail
            track.error = None
            self._queue_snapshot(track, png, journal=False)
        self._writer.put(lambda: jn.close_journal(track))
        self._writer.wait()
        del self._tracks[path]
        err, track.error = track.error, None
        if err is not None:
            raise SaveError(_close_problem(err, self._on_disk_moves(track), len(match.log))) \
                from err
        return path

    def _on_disk_moves(self, track: jn.Track) -> int:
        """How many of the track's moves a load would find (-1: none: no save at all)."""
        if track.durable >= 0:
            return track.durable
        loaded = self._loaded.get(track.match)
        return len(loaded) if loaded is not None else -1

    def durable(self, match: Match) -> int:
        """How many of the match's moves are on disk (-1: none written yet)."""
        track = self._tracks.get(self._path(match))
        return track.durable if track is not None and track.match is match else -1

    def _path(self, match: Match) -> Path:
        return match.save_path or self.path_for(match.id)

    def _track(self, match: Match) -> jn.Track:
        path = self._path(match)
        track = self._tracks.get(path)
        if track is None or track.match is not match:
            if track is not None:           # another Match object for the same file
                old = track
                self._writer.put(lambda: jn.close_journal(old))
            track = jn.Track(path, match)
            # a match just loaded is on disk as it is: only what follows needs writing
            track.recorded = list(self._loaded.get(match, ()))
            self._tracks[path] = track
        return track

    def _raise_failure(self, track: jn.Track, now: str = "autosave") -> None:
        """Raise the first background write that failed as a sentence for the player (`now`:
        what was being done, "autosave" or "save"); the next autosave writes a whole save."""
        err, track.error = track.error, None
        if err is None:
            return
        track.needs_snapshot = True
        raise SaveError(_write_problem(err, now)) from err

    def _queue_append(self, track: jn.Track, k: int) -> None:
        """One journal line: cut the log to `k` moves (an undo), add the moves after."""
        match = track.match
        added = match.log[k:]
        data = jn.line_bytes(k, [e.to_json() for e in added], match.updated, _now(),
                             _progress(match))
        del track.recorded[k:]
        track.recorded += added
        track.journal_bytes += len(data)
        track.dirty = True
        moves = len(match.log)

        def job() -> None:
            if track.failed:                # appending after a failed write would garble
                return                      # the journal: the next snapshot replaces it
            try:
                jn.append(track, data)
            except OSError as err:
                track.failed, track.error = True, track.error or err
                return
            self.bytes_written += len(data)
            self._durable(track, moves)

        self._writer.put(job)

    def _queue_snapshot(self, track: jn.Track, thumbnail_png: bytes | None,
                        journal: bool = True) -> None:
        """A whole save, with a new journal after it unless the match is done with (closed,
        or saved once). The document is taken now (the state moves on); encoding and writing
        happen on the writer thread."""
        match = track.match
        token = jn.new_token() if journal else None
        document = save_document(match, journal=token)
        document["match"]["snapshot"] = _plain(document["match"]["snapshot"])  # a copy
        document["match"]["options"] = _plain(document["match"]["options"])
        # The next snapshot comes when the journal has grown as large as this one, so the
        # bytes per move stay bounded. Its size is estimated here, as the last one's plus the
        # journal it takes in (the real file, indented, is larger): the writer's figure would
        # arrive late, and snapshots would then come in bursts when moves are quick.
        track.snapshot_bytes += track.journal_bytes
        track.token, track.recorded = token, list(match.log)
        track.journal_bytes, track.needs_snapshot, track.dirty = 0, not journal, False
        moves, path = len(match.log), track.path
        recovered = match.recovered_from_backup is not None
        png = bytes(thumbnail_png) if thumbnail_png is not None else None

        def job() -> None:
            try:
                jn.close_journal(track)
                if recovered:
                    self._keep_damaged(path)
                text = json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)
                data = (text + "\n").encode("utf-8")
                write_atomic(path, data)
                self.bytes_written += len(data)
                if token is not None:
                    self.bytes_written += jn.start_journal(track, token, moves)
            except (OSError, ValueError) as err:   # ValueError: NaN in a state, say
                track.failed, track.error = True, track.error or err
                return
            track.failed = False
            self._durable(track, moves)
            if png is not None:             # decoration: the match is saved without it
                try:
                    write_atomic(path.with_suffix(".png"), png, backup=False)
                    self.bytes_written += len(png)
                except OSError as err:
                    log.warning("Could not write the thumbnail of %s (%s).", path.name, err)

        self._writer.put(job)

    def _durable(self, track: jn.Track, moves: int) -> None:
        track.durable = moves
        if self.on_durable is not None:
            self.on_durable(track.path, moves)

    @staticmethod
    def _keep_damaged(path: Path) -> None:
        # The match came from the .bak because this file was damaged. Two saves
        # from now the atomic writer would have rotated it away; keep a copy.
        damaged = path.with_name(path.name + ".damaged")
        if path.exists() and not damaged.exists():
            shutil.copy2(path, damaged)

    def delete(self, save_id: str | Path) -> None:
        """Remove a save (`save_id`: a SaveInfo.id, so a renamed file's name too, or its path
        in the folder) with its backup, journals, thumbnail, kept review and any kept damaged copy. The
        save file goes first: when it cannot be removed nothing is. Raises SaveError, a
        sentence for the player, when a file cannot be removed."""
        if isinstance(save_id, Path) and save_id.parent == self.folder:
            path = save_id
        elif isinstance(save_id, str) and _ID.fullmatch(save_id):
            path = self.folder / f"{save_id}.json"
        else:
            path = self._named(save_id) if isinstance(save_id, str) else None
            if path is None:
                raise SaveError(f"There is no saved game called {_clip(repr(save_id), 80)} "
                                f"in {self.folder}.")
        track = self._tracks.pop(path, None)
        if track is not None:
            self._writer.put(lambda: jn.close_journal(track))
        self._writer.wait()                 # a queued write must not bring it back
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            raise SaveError(f"The saved game {path.stem} could not be deleted "
                            f"({_reason(err)}); it was left as it is.") from err
        left, why = [], None
        for p in (backup_path(path), path.with_suffix(".png"), review_path(path),
                  path.with_name(path.name + ".damaged"), jn.journal_path(path),
                  jn.journal_backup_path(path)):
            try:
                p.unlink(missing_ok=True)
            except OSError as err:
                left.append(p.name)
                why = err
        if left:
            raise SaveError(f"The saved game {path.stem} is deleted, but Tabletop could not "
                            f"remove {', '.join(left)} beside it ({_reason(why)}).")

    # --- reading -----------------------------------------------------------------
    def load(self, id_or_path: str | Path, *, games: GamesRegistry,
             allow_backup: bool = False) -> Match:
        """Read, replay and check a save; `games` finds a game by id (the registry).

        With allow_backup, a damaged (or vanished) main file falls back to its
        .bak; the match then carries `recovered_from_backup`, a sentence saying
        so (it is None on a normal load).
        """
        match = self.read(id_or_path, games=games, allow_backup=allow_backup)
        self._loaded[match] = list(match.log)
        return match

    def read(self, id_or_path: str | Path, *, games: GamesRegistry,
             allow_backup: bool = False) -> Match:
        """Read, replay and check a save to watch it: as load, but the match is not the
        store's to save (the replay viewer never writes; a match read here and autosaved
        would be written as new). Nothing on disk changes."""
        path = self._resolve(id_or_path)
        self._writer.wait()                 # what this store queued is part of the save
        try:
            data = read_save(path)
            match = match_from_save(data, path, games, read_journal(path, data))
        except (DamagedSave, SaveNotFound) as err:
            bak = backup_path(path)
            if not allow_backup or not bak.exists():
                raise
            try:
                data = read_save(bak)
                match = match_from_save(data, bak, games, read_journal(path, data))
            except SaveError as bak_err:
                raise DamagedSave(f"{err} Its backup copy could not be used either: "
                                  f"{bak_err}") from err
            match.recovered_from_backup = (f"{err} Tabletop loaded the backup copy instead, "
                                           f"so the most recent moves may be missing.")
            log.warning("%s", match.recovered_from_backup)
        match.save_path = path
        return match

    def list(self, games: GamesRegistry | None = None) -> list[SaveInfo]:
        """Every save, newest first. Never raises; damaged files carry `error`.

        Without `games` only the shape is checked and rows show the file's own
        summary. Given `games` (as the app does), every save is replayed, once
        until its file changes, and its row shows what the replay says: an edited
        summary cannot mark a match finished, and a log that does not replay or a
        game this version lacks is an error. Leftovers of interrupted autosaves
        (old `.tmp` files) are removed.
        """
        self._writer.wait()
        remove_stale_temps(self.folder)
        rows = []
        for path in self.folder.glob("*.json"):
            info = self._info(path, games)
            rows.append((_sort_key(info), info))
        rows.sort(key=lambda row: row[0], reverse=True)
        if games is not None and self.folder.is_dir():
            self._on_disk.keep_only({p.name for p in self.folder.iterdir()})
            self._on_disk.flush()
        return [info for _, info in rows]

    def latest_unfinished(self, games: GamesRegistry | None = None) -> SaveInfo | None:
        return next((i for i in self.list(games) if i.error is None and not i.finished), None)

    def _info(self, path: Path, games: GamesRegistry | None) -> SaveInfo:
        """The row of `path`; a damaged file with a good backup shows the backup's row."""
        info, err = self._row(path, path, games)
        bak = backup_path(path)
        if isinstance(err, (DamagedSave, SaveNotFound)) and bak.is_file():   # as load() falls back
            backup, _ = self._row(path, bak, games)
            if backup.error is None:
                backup.from_backup = (f"{info.error} Resuming opens its backup copy, which "
                                      f"may miss the most recent moves.")
                return backup
        return info

    def _row(self, path: Path, source: Path,
             games: GamesRegistry | None) -> tuple[SaveInfo, Exception | None]:
        """The row of save `path` read from `source` (the file itself or its backup), and
        what stopped the reading, if anything."""
        thumb = path.with_suffix(".png")
        info = SaveInfo(id=path.stem, path=path, title=path.name,
                        thumbnail=thumb if thumb.is_file() else None)
        try:
            stamp = _stamp(source)          # before reading: a newer file is never cached as old
            raw = _read_json(source)
            _fill(info, raw)            # best effort first: a newer save still shows its title
            data = _checked(raw, source)
            _fill(info, data)
            info.match_id = data["match"]["id"]
            lesson = data["match"].get("lesson")
            info.lesson = _clip(lesson) if isinstance(lesson, str) and lesson else None
            info.branch_of = branch_words(data["match"].get("branch_of"))
            info.hosted = isinstance(data["match"].get("hosted"), dict)
            journal = read_journal(path, data)
            if journal.ops:               # the journal's last line is the newest
                info.saved_at = journal.ops[-1]["saved_at"]
                for key, value in journal.ops[-1]["summary"].items():
                    setattr(info, key, _clip(value) if isinstance(value, str) else value)
            if games is not None:
                _set_summary(info, self._replayed_summary(source, stamp + journal.stamp, data,
                                                          journal, games))
        except SaveError as err:
            info.error = str(err)
            return info, err
        except Exception as err:        # listing must never fail the whole menu
            info.error = f"The save file {source.name} could not be read ({_clip(err)})."
            return info, err
        return info, None

    def _replayed_summary(self, path: Path, stamp: tuple, data: dict, journal: Journal,
                          games: GamesRegistry) -> dict:
        """The summary of the replayed match. The list is shown often and a replay takes
        tens of milliseconds, so it is kept until the file changes, and on disk under a
        digest of what the replay depends on (store/summaries.py)."""
        cached = self._summaries.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        match = data["match"]
        try:
            rules = games(match["game"]).info.version
        except Exception:               # an unknown game: the replay below says so
            rules = None
        digest = replay_digest(dict(match, log=journal.log(match["log"])), rules)
        summary = self._on_disk.get(path.name, digest)
        if summary is None:
            summary = _summary(match_from_save(data, path, games, journal))
            self._on_disk.put(path.name, digest, summary)
        self._summaries[path] = stamp, summary
        return summary


def _reason(err: BaseException | None) -> str:
    """An OS error's own words ("Permission denied"), without its number."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    return _clip(err) if err is not None and str(err) else "the system refused"


_DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NOT_ALLOWED = {errno.EACCES, errno.EPERM, errno.EROFS}


def _cause(err: BaseException) -> str:
    """The start of a sentence saying why a write failed, in the player's words."""
    if isinstance(err, OSError) and err.errno in _DISK_FULL:
        return "The disk is full"
    if isinstance(err, OSError) and err.errno in _NOT_ALLOWED:
        return f"Tabletop may not write in its saves folder ({_reason(err)})"
    if isinstance(err, OSError):
        return f"The disk could not be written to ({_reason(err)})"
    return f"The match could not be written out ({_clip(err)})"     # NaN in a state, say


def _write_problem(err: BaseException, now: str) -> str:
    cause = _cause(err)
    if now == "save":
        then = ("Free some space, then save again." if cause == "The disk is full"
                else "Tabletop will try again with your next move.")
        return f"{cause}, so Tabletop could not save the match. {then}"
    then = ("Free some space: the match will be saved with your next move."
            if cause == "The disk is full" else "Tabletop will try again with your next move.")
    return f"{cause}, so Tabletop could not save your latest moves yet. {then}"


def _close_problem(err: BaseException, on_disk: int, moves: int) -> str:
    """Why leaving a match could not save it, and what resuming it will find."""
    cause = _cause(err)
    if on_disk < 0:
        return (f"{cause}, so Tabletop could not save this match: it will not be in "
                f"Saved games.")
    missing = max(0, moves - on_disk)
    if missing == 0:
        return (f"{cause}, so Tabletop could not save this match as you left it, but all "
                f"its moves were saved before.")
    then = " Free some space before you play on." if cause == "The disk is full" else ""
    return (f"{cause}, so Tabletop could not save this match as you left it: when you resume "
            f"it, its last {missing} move{'s' if missing != 1 else ''} may be missing.{then}")


def _stamp(path: Path) -> tuple[int, int, int]:
    """Changes whenever the file does (an atomic write makes a new inode)."""
    st = path.stat()
    return st.st_ino, st.st_size, st.st_mtime_ns


def _set_summary(info: SaveInfo, summary: dict) -> None:
    for key in ("game", "title", "players", "turn", "finished", "result"):
        setattr(info, key, summary[key])


def _fill(info: SaveInfo, data: dict) -> None:
    """Copy whatever well-typed summary fields `data` has into `info` (texts clipped)."""
    summary = data.get("summary")
    summary = summary if isinstance(summary, dict) else {}
    for key, kind in (("game", str), ("title", str), ("turn", str), ("finished", bool),
                      ("result", str)):
        if isinstance(summary.get(key), kind) and (kind is not str or summary[key]):
            setattr(info, key, _clip(summary[key]) if kind is str else summary[key])
    players = summary.get("players")
    if isinstance(players, list) and all(isinstance(p, str) for p in players):
        info.players = [_clip(p) for p in players[:8]]
    if isinstance(data.get("saved_at"), str):
        info.saved_at = data["saved_at"]


def _sort_key(info: SaveInfo) -> tuple[float, float]:
    """Newest first by saved_at; the file time breaks ties and orders damaged files."""
    try:
        mtime = info.path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        when = datetime.fromisoformat(info.saved_at)
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        saved = when.timestamp()
    except ValueError:
        saved = mtime
    return saved, mtime
