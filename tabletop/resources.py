"""Bundled data (fonts, layouts, card data) found through importlib.resources.

Never relative to the current directory, so a frozen or installed app finds
the same files as a source checkout.
"""

from __future__ import annotations

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


def balance_record(game_id: str) -> dict | None:
    """docs/balance/GAME.json: the measured strength of a game's starting choices
    (`tabletop balance GAME`), or None when it was never measured.

    An install ships docs/balance as the package tabletop.balance (pyproject maps it
    there, as it maps art/ and layouts/); a source checkout run from its folder has no
    such package, so the file is read from the checkout's docs/balance instead.
    """
    name = f"{game_id}.json"
    try:
        path = files("tabletop.balance").joinpath(name)
    except ModuleNotFoundError:
        path = Path(__file__).resolve().parents[1] / "docs" / "balance" / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):      # not measured, or a damaged file: no figures
        return None
