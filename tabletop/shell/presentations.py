"""Each game's presentation (its table, cover, options, rules page), from its plugin."""

from __future__ import annotations

from tabletop.games.registry import plugin


def presentation(game_id: str):
    return plugin(game_id).presentation()
