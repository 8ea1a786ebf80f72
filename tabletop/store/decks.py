"""Decks a player built, as JSON files under the user data dir: decks/<game>/<name>.json.

A deck file is {"format": 1, "game": ..., "name": ..., "deck": {...}}; what "deck"
holds is the game's business. Writes are atomic. A damaged or foreign file is
listed with the reason it cannot be used, and is never overwritten or deleted
unless the player asks.
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
    name: str
    path: Path
    deck: dict | None          # None when the file cannot be used
    problem: str = ""          # why, in a sentence


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
    def folder(self) -> Path:
        folder = (self._root or data_dir() / "decks") / self.game_id
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def path(self, name: str) -> Path:
        return self.folder / f"{safe_name(name)}.json"

    def list(self) -> list[DeckFile]:
        out = []
        for path in sorted(self.folder.glob("*.json"), key=lambda p: p.stem.lower()):
            out.append(self._read(path))
        return out

    def _read(self, path: Path) -> DeckFile:
        name = path.stem
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            return DeckFile(name, path, None, f"the file is damaged ({exc.__class__.__name__}).")
        if not isinstance(data, dict) or not isinstance(data.get("deck"), dict):
            return DeckFile(name, path, None, "the file holds no deck.")
        if data.get("game") != self.game_id:
            return DeckFile(name, path, None, f"it is a deck for {data.get('game')!r}.")
        if int(data.get("format", 0) or 0) > FORMAT:
            return DeckFile(name, path, None, "it was saved by a newer Tabletop.")
        return DeckFile(str(data.get("name") or name), path, data["deck"])

    def load(self, name: str) -> dict:
        path = self.path(name)
        if not path.is_file():
            raise DeckError(f"There is no deck called {name!r}.")
        f = self._read(path)
        if f.deck is None:
            raise DeckError(f"The deck {name!r} cannot be used: {f.problem}")
        return f.deck

    def save(self, name: str, deck: dict) -> Path:
        name = safe_name(name)
        return write_json_atomic(self.path(name), {"format": FORMAT, "game": self.game_id,
                                                   "name": name, "deck": deck}, backup=False)

    def rename(self, old: str, new: str) -> Path:
        src, dst = self.path(old), self.path(new)
        if not src.is_file():
            raise DeckError(f"There is no deck called {old!r}.")
        if dst.exists() and dst != src:
            raise DeckError(f"A deck called {safe_name(new)!r} already exists.")
        f = self._read(src)
        if f.deck is None:
            raise DeckError(f"The deck {old!r} cannot be renamed: {f.problem}")
        self.save(new, f.deck)
        if dst != src:
            src.unlink()
        return dst

    def delete(self, name: str) -> None:
        path = self.path(name)
        if path.is_file():
            path.unlink()
