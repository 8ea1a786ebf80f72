"""Saved matches: one JSON file per match, written atomically, read defensively.

A save is `<match id>.json` in saves_dir() (format in saves/README.md), with an
optional thumbnail `<id>.png` beside it and the previous version as
`<id>.json.bak`. Loading replays the log from the seed and checks the result
against the stored snapshot, so a save can never silently load a wrong position.
Reading never modifies, moves or deletes a file: a damaged save stays as it was
for the player (or a developer) to recover.
"""

from __future__ import annotations

import json
import logging
import math
import re
import shutil
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import tabletop
from tabletop.core.game import Game, Result
from tabletop.core.match import Match
from tabletop.store.atomic import (backup_path, remove_stale_temps, write_atomic,
                                   write_json_atomic)
from tabletop.store.paths import saves_dir
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
def save_document(match: Match, saved_at: datetime | None = None) -> dict:
    """The JSON document for `match` (what SaveStore.save writes)."""
    when = saved_at or datetime.now(timezone.utc)
    return {
        "format": FORMAT_VERSION,
        "app_version": tabletop.__version__,
        "saved_at": when.isoformat(timespec="milliseconds"),
        "summary": _summary(match),
        "match": match.to_json(),
    }


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
    return data


def _plain(value):
    """`value` as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(value))


def match_from_save(data: dict, path: Path, games: GamesRegistry) -> Match:
    """Replay the match in a checked document and compare it with its snapshot."""
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
        raise unreplayable(f"its moves could not be replayed ({type(err).__name__}: "
                           f"{_clip(err)})") from err
    if replayed != saved["snapshot"]:
        keys = sorted(set(replayed) | set(saved["snapshot"]))
        differ = [k for k in keys if replayed.get(k) != saved["snapshot"].get(k)]
        raise unreplayable(f"replaying its {len(match.log)} moves does not reach the position "
                           f"it recorded (different: {_clip(', '.join(differ))})")
    return match


# --- the store -------------------------------------------------------------------
@dataclass
class SaveInfo:
    """One row of the saved-games list. `error` set: the save cannot be loaded."""

    id: str
    path: Path
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


class SaveStore:
    def __init__(self, folder: Path | str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else saves_dir()
        self._summaries: dict[Path, tuple[tuple, dict]] = {}    # path: (stamp, summary)
        self._on_disk = SummaryCache(self.folder)                  # the same, between runs

    def path_for(self, match_id: str) -> Path:
        if not isinstance(match_id, str) or not _ID.fullmatch(match_id):
            raise SaveError(f"{match_id!r} is not a valid saved-game id.")
        return self.folder / f"{match_id}.json"

    def _resolve(self, id_or_path: str | Path) -> Path:
        if isinstance(id_or_path, Path) or id_or_path.endswith(".json") or "/" in id_or_path \
                or "\\" in id_or_path:
            return Path(id_or_path)
        return self.path_for(id_or_path)

    # --- writing ---------------------------------------------------------------
    def save(self, match: Match, thumbnail_png: bytes | None = None) -> Path:
        """Write `match` atomically; the previous save becomes `<id>.json.bak`.

        A loaded match goes back to the file it came from, whatever its name;
        a new one to `<id>.json`. Without a thumbnail an existing one is kept
        (autosaves need not render).
        """
        path = match.save_path or self.path_for(match.id)
        try:
            document = save_document(match)
            if match.recovered_from_backup:
                self._keep_damaged(path)
            write_json_atomic(path, document)
            if thumbnail_png is not None:
                write_atomic(path.with_suffix(".png"), bytes(thumbnail_png), backup=False)
        except OSError as err:
            raise SaveError(f"Tabletop could not save the game ({err.strerror or err}).") from err
        except ValueError as err:     # e.g. NaN in a state: not representable in JSON
            raise SaveError(f"Tabletop could not save the game ({err}).") from err
        return path

    @staticmethod
    def _keep_damaged(path: Path) -> None:
        # The match came from the .bak because this file was damaged. Two saves
        # from now the atomic writer would have rotated it away; keep a copy.
        damaged = path.with_name(path.name + ".damaged")
        if path.exists() and not damaged.exists():
            shutil.copy2(path, damaged)

    def delete(self, match_id: str) -> None:
        """Remove a save with its backup, thumbnail and any kept damaged copy."""
        path = self.path_for(match_id)
        for p in (path, backup_path(path), path.with_suffix(".png"),
                  path.with_name(path.name + ".damaged")):
            p.unlink(missing_ok=True)

    # --- reading -----------------------------------------------------------------
    def load(self, id_or_path: str | Path, *, games: GamesRegistry,
             allow_backup: bool = False) -> Match:
        """Read, replay and check a save; `games` finds a game by id (the registry).

        With allow_backup, a damaged (or vanished) main file falls back to its
        .bak; the match then carries `recovered_from_backup`, a sentence saying
        so (it is None on a normal load).
        """
        path = self._resolve(id_or_path)
        try:
            match = match_from_save(read_save(path), path, games)
        except (DamagedSave, SaveNotFound) as err:
            bak = backup_path(path)
            if not allow_backup or not bak.exists():
                raise
            try:
                match = match_from_save(read_save(bak), bak, games)
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
            if games is not None:
                _set_summary(info, self._replayed_summary(source, stamp, data, games))
        except SaveError as err:
            info.error = str(err)
            return info, err
        except Exception as err:        # listing must never fail the whole menu
            info.error = f"The save file {source.name} could not be read ({_clip(err)})."
            return info, err
        return info, None

    def _replayed_summary(self, path: Path, stamp: tuple, data: dict,
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
        digest = replay_digest(match, rules)
        summary = self._on_disk.get(path.name, digest)
        if summary is None:
            summary = _summary(match_from_save(data, path, games))
            self._on_disk.put(path.name, digest, summary)
        self._summaries[path] = stamp, summary
        return summary


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
