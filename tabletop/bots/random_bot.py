"""The random bot: a uniform choice among the legal actions (a baseline for the arena)."""

from __future__ import annotations

from typing import Any

from tabletop.core import Action, Game, Rng


class RandomBot:
    name = "random"

    def choose(self, game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal actions to choose from")
        return rng.choice(legal)
