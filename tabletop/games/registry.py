"""The games Tabletop knows, built from the plugins under tabletop/games/.

A game is a package here whose __init__.py declares `PLUGIN`; adding a game
is adding its folder. Nothing in `core` names a game.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

import tabletop.games as _games
from tabletop.core.game import Game
from tabletop.core.lesson import Lesson
from tabletop.core.plugin import Plugin

_plugins: dict[str, Plugin] | None = None


def plugins() -> dict[str, Plugin]:
    """id -> plugin, in the order of the packages' names."""
    global _plugins
    if _plugins is None:
        found = {}
        for info in sorted(pkgutil.iter_modules(_games.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            plugin = getattr(import_module(f"{_games.__name__}.{info.name}"), "PLUGIN", None)
            if isinstance(plugin, Plugin):
                found[plugin.id] = plugin
        _plugins = found
    return _plugins


def game_ids() -> list[str]:
    return list(plugins())


def plugin(game_id: str) -> Plugin:
    found = plugins()
    if game_id not in found:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(found)}")
    return found[game_id]


def get_game(game_id: str) -> Game:
    return plugin(game_id).game


def all_games() -> list[Game]:
    return [p.game for p in plugins().values()]


def card_pool(game_id: str) -> list[dict]:
    found = plugin(game_id)
    return found.card_pool() if found.card_pool is not None else []


def lesson(game_id: str):
    """The game's lesson (tabletop/core/lesson.py), or None while it has none."""
    found = plugin(game_id)
    return Lesson.from_data(found.lesson()) if found.lesson is not None else None
