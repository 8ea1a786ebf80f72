"""Decks a player built, as JSON files under the user data dir: decks/<game>/<name>.json.

A deck file is {"format": 1, "game": ..., "name": ..., "deck": {...}}; what "deck"
holds is the game's business (the shell checks it against the game's deck spec).
Writes are atomic. A damaged or foreign file is listed with the reason it cannot be
used, and is never overwritten or deleted unless the player asks.

A deck is known by its file: `DeckFile.key` (the file name without ".json") is what
`load`, `rename` and `delete` take, so a copied file whose "name" is the same as
another's is still a deck of its own; `label` tells the two apart on screen.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from tabletop.store.atomic import write_json_atomic
from tabletop.store.paths import data_dir

FORMAT = 1
_BAD = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


class DeckError(Exception):
    pass


@dataclass
class DeckFile:
    name: str                  # the deck's name, as saved in the file
    path: Path
    deck: dict | None          # None when the file cannot be used
    problem: str = ""          # why, in a sentence
    label: str = ""            # what a list shows: the name, and the file when that differs

    @property
    def key(self) -> str:
        """The deck's key for load, rename and delete: its file name without ".json"."""
        return self.path.stem

    def __post_init__(self) -> None:
        if not self.label:
            self.label = self.name if self.name == self.path.stem else f"{self.name} ({self.path.name})"


def safe_name(name: str) -> str:
    """A deck name usable as a file name on every system, or DeckError."""
    clean = _BAD.sub("", name).strip().strip(".")
    if not clean:
        raise DeckError("Give the deck a name (letters, digits, spaces).")
    if len(clean) > 60:
        raise DeckError("A deck name is at most 60 characters.")
    return clean


class DeckStore:
    def __init__(self, game_id: str, root: Path | None = None) -> None:
        self.game_id = game_id
        self._root = root

    @property
    def place(self) -> Path:
        """The game's decks folder, made or not (listing a missing one finds no deck)."""
        return (self._root or data_dir() / "decks") / self.game_id

    @property
    def folder(self) -> Path:
        folder = self.place
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def path(self, name: str) -> Path:
        return self.place / f"{safe_name(name)}.json"

    def file_of(self, key: str) -> Path:
        """The file of the deck `key` (a DeckFile.key, or a name as typed: a deck saved by
        the app has its name as its file name), or DeckError when there is none."""
        if (isinstance(key, str) and key and key not in (".", "..")
                and not any(c in key for c in "/\\\x00")):
            exact = self.place / f"{key}.json"
            if exact.is_file():
                return exact
        try:
            path = self.path(key)
        except (DeckError, TypeError):
            path = None
        if path is None or not path.is_file():
            raise DeckError(f"There is no deck called {key!r}.")
        return path

    def list(self) -> list[DeckFile]:
        folder = self.place
        if not folder.is_dir():
            return []
        out = [self._read(path) for path in sorted(folder.glob("*.json"),
                                                   key=lambda p: (p.stem.lower(), p.stem))]
        return [f for f in out if f is not None]

    def _read(self, path: Path) -> DeckFile | None:
        name = path.stem
        if not path.is_file():                # a folder called x.json is no deck file
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        # ValueError: not JSON, not UTF-8, a number too long; RecursionError: nested too deep
        except (OSError, ValueError, RecursionError, MemoryError) as exc:
            return DeckFile(name, path, None, f"the file is damaged ({exc.__class__.__name__}).")
        if not isinstance(data, dict) or not isinstance(data.get("deck"), dict):
            return DeckFile(name, path, None, "the file holds no deck.")
        if isinstance(data.get("name"), str) and data["name"].strip():
            name = data["name"].strip()[:60]
        if data.get("game") != self.game_id:
            game = data.get("game")
            what = repr(game) if isinstance(game, str) else "another game"
            return DeckFile(name, path, None, f"it is a deck for {what}.")
        fmt = data.get("format", 0)
        if fmt is None:
            fmt = 0
        if isinstance(fmt, bool) or not isinstance(fmt, int):
            return DeckFile(name, path, None, "its format is not a version number.")
        if fmt > FORMAT:
            return DeckFile(name, path, None, "it was saved by a newer Tabletop.")
        return DeckFile(name, path, data["deck"])

    def load(self, name: str) -> dict:
        """The deck of the file `name` (a DeckFile.key), or DeckError with a sentence."""
        path = self.file_of(name)
        f = self._read(path)
        if f is None:
            raise DeckError(f"There is no deck called {name!r}.")
        if f.deck is None:
            raise DeckError(f"The deck {f.label!r} cannot be used: {f.problem}")
        return f.deck

    def save(self, name: str, deck: dict) -> Path:
        name = safe_name(name)
        return write_json_atomic(self.folder / f"{name}.json", {"format": FORMAT, "game": self.game_id,
                                                   "name": name, "deck": deck}, backup=False)

    def rename(self, old: str, new: str) -> Path:
        """The deck of the file `old` (a DeckFile.key) saved as `new`, its old file removed."""
        src, dst = self.file_of(old), self.path(new)
        if dst.exists() and dst != src:
            raise DeckError(f"A deck called {safe_name(new)!r} already exists.")
        f = self._read(src)
        if f is None:
            raise DeckError(f"There is no deck called {old!r}.")
        if f.deck is None:
            raise DeckError(f"The deck {f.label!r} cannot be renamed: {f.problem}")
        self.save(new, f.deck)
        if dst != src:
            src.unlink()
        return dst

    def delete(self, name: str) -> None:
        """Delete the file of the deck `name` (a DeckFile.key): that file and no other."""
        try:
            path = self.file_of(name)
        except DeckError:
            return
        path.unlink()
