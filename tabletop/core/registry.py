"""The games Tabletop knows, by id."""

from __future__ import annotations

from importlib import import_module

from tabletop.core.game import Game

# id -> module holding a `GAME` instance. A game appears here when it is complete.
_MODULES = {
    "paargus": "tabletop.games.paargus.rules",
    "pariah": "tabletop.games.pariah.rules",
    "trials": "tabletop.games.trials.rules",
}

_cache: dict[str, Game] = {}


def game_ids() -> list[str]:
    return list(_MODULES)


def get_game(game_id: str) -> Game:
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(_MODULES)}")
    if game_id not in _cache:
        _cache[game_id] = import_module(_MODULES[game_id]).GAME
    return _cache[game_id]


def all_games() -> list[Game]:
    return [get_game(g) for g in _MODULES]
