"""Find each game's presentation (its table, cover, options, rules page) by id."""

from __future__ import annotations

from importlib import import_module


def presentation(game_id: str):
    return import_module(f"tabletop.games.{game_id}.table").PRESENTATION
