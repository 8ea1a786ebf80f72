"""Bundled data (fonts, layouts, card data) found through importlib.resources.

Never relative to the current directory, so a frozen or installed app finds
the same files as a source checkout.
"""

from __future__ import annotations

import hashlib
import json
from importlib.resources import as_file, files
from pathlib import Path


def resource(package: str, name: str) -> Path:
    """A real filesystem path to a bundled file (fonts need one for FreeType)."""
    with as_file(files(package).joinpath(name)) as path:
        return Path(path)


def read_json(package: str, name: str):
    return json.loads(files(package).joinpath(name).read_text(encoding="utf-8"))


def font_path(bold: bool = False, serif: bool = False) -> Path:
    name = ("DejaVuSerif" if serif else "DejaVuSans") + ("-Bold" if bold else "") + ".ttf"
    return resource("tabletop.art.fonts", name)


def layout(game_id: str, players: int) -> dict:
    return read_json("tabletop.layouts", f"{game_id}-{players}p.json")


# each starting choice's win rate against the field within this bar reads "even" (issue 20)
FIELD_BAR = (0.40, 0.60)


def _balance_folder():
    """docs/balance: an install ships it as the package tabletop.balance (pyproject maps it
    there, as it maps art/ and layouts/); a source checkout run from its folder has no such
    package, so the checkout's docs/balance is read instead."""
    try:
        return files("tabletop.balance")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[1] / "docs" / "balance"


def balance_record(name: str) -> dict | None:
    """docs/balance/NAME.json: the measured strength of one plan of starting choices
    (`tabletop balance NAME`), or None when it was never measured (or the file is damaged)."""
    try:
        return json.loads(_balance_folder().joinpath(f"{name}.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):      # not measured, or a damaged file: no figures
        return None


def balance_records(game_id: str) -> list[dict]:
    """Every measured plan of a game's starting choices, by record name."""
    found = []
    for entry in sorted(_balance_folder().iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            record = balance_record(entry.name[:-len(".json")])
            if isinstance(record, dict) and record.get("game") == game_id:
                found.append(record)
    return found


def content_digest(contents) -> str:
    """A short digest of what a starting choice holds (its cards and their numbers, as JSON):
    a record keeps it, so a choice retuned since it was measured shows no stale figure."""
    blob = json.dumps(contents, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]
