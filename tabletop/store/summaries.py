"""The saves list's replayed summaries, kept on disk between runs of the app.

The list shows what each save's replay says (an edited file cannot claim a match is over),
and a replay costs tens of milliseconds: with a hundred saves the first list of a run took
about 2 s. So each summary is kept under a digest of everything the replay depends on (the
game and its rules version, options, seats, seed and log, a branch's starting position); a save
whose digest is known is not replayed again. A damaged or foreign cache file, or an entry of another shape, is ignored and rewritten.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from tabletop.store.atomic import write_json_atomic

log = logging.getLogger(__name__)

CACHE_NAME = ".summaries.cache"        # not *.json: the saves list globs those
_KEYS = ("game", "options", "seats", "seed", "log")


def replay_digest(match: dict, rules_version: object) -> str:
    """A digest of what a replay of `match` (a save's "match" object) depends on."""
    basis = [rules_version] + [match.get(k) for k in _KEYS]
    if match.get("start") is not None:      # a branch dealt anew replays from its own start
        basis.append(match["start"])
    text = json.dumps(basis, sort_keys=True, ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# what a summary holds (saves.py's _summary): an entry of another shape, edited by hand or
# written by another version, is not believed but replayed again
_SHAPE = {"game": str, "title": str, "turn": str, "finished": bool, "result": (str, type(None))}


def well_formed(summary: object) -> bool:
    if not isinstance(summary, dict) or set(summary) != {*_SHAPE, "players"}:
        return False
    players = summary["players"]
    return all(isinstance(summary[k], kind) for k, kind in _SHAPE.items()) \
        and isinstance(players, list) and all(isinstance(p, str) for p in players)


class SummaryCache:
    """name of a save file -> (digest, summary), read once and written when it changed."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / CACHE_NAME
        self._entries: dict[str, list] | None = None
        self._changed = False

    def _loaded(self) -> dict[str, list]:
        if self._entries is None:
            self._entries = {}
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    self._entries = {k: v for k, v in data.items()
                                     if isinstance(v, list) and len(v) == 2
                                     and isinstance(v[0], str) and well_formed(v[1])}
            except (OSError, ValueError, RecursionError):
                pass                    # no cache, or a bad one: it is rebuilt
        return self._entries

    def get(self, name: str, digest: str) -> dict | None:
        entry = self._loaded().get(name)
        return entry[1] if entry is not None and entry[0] == digest else None

    def put(self, name: str, digest: str, summary: dict) -> None:
        self._loaded()[name] = [digest, summary]
        self._changed = True

    def keep_only(self, names: set[str]) -> None:
        """Forget saves that are gone."""
        entries = self._loaded()
        for name in set(entries) - names:
            del entries[name]
            self._changed = True

    def flush(self) -> None:
        if not self._changed or not self.path.parent.is_dir():
            return
        try:
            write_json_atomic(self.path, self._entries, backup=False)
            self._changed = False
        except (OSError, ValueError) as err:     # a cache: never worth failing the list
            log.warning("could not write the saves list cache: %s", err)
