"""A guest's "remote match" entries: what it needs to rejoin a match hosted elsewhere.

One small JSON file per match in <data>/remote/: the address, the join code, the seat and the
token the host gave (the guest's proof that the seat is its own). No position is kept: on
rejoining, the host sends everything since move 0. An entry that cannot be read is skipped
with a warning; one that cannot be written costs only the rejoin after a restart.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

from tabletop.store.atomic import write_json_atomic
from tabletop.store.paths import data_dir

log = logging.getLogger(__name__)
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class RemoteMatches:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / "remote"

    def all(self) -> list[dict]:
        found = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(entry, dict) and isinstance(entry.get("address"), str) \
                        and isinstance(entry.get("token"), str):
                    found.append(entry)
                    continue
            except (OSError, ValueError):
                pass
            log.warning("The remote match entry %s cannot be read; it is skipped.", path.name)
        return sorted(found, key=lambda e: -float(e.get("updated", 0) or 0))

    def find(self, address: str, code: str | None = None) -> dict | None:
        for entry in self.all():
            if entry["address"] == address and (code is None or entry.get("code") == code):
                return entry
        return None

    def keep(self, entry: dict) -> str | None:
        """Write the entry; a sentence when it cannot be (the match goes on all the same)."""
        if not _ID.fullmatch(str(entry.get("match", ""))):
            return "The host sent a match id that cannot name a file."
        entry = dict(entry, updated=time.time())
        try:
            write_json_atomic(self.folder / f"{entry['match']}.json", entry, backup=False)
        except OSError as exc:
            return f"This match cannot be rejoined after a restart: its entry was not written ({exc.strerror})."
        return None

    def forget(self, match_id: str) -> None:
        if _ID.fullmatch(match_id):
            (self.folder / f"{match_id}.json").unlink(missing_ok=True)
