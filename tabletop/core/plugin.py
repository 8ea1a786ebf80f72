"""A game plugin: everything the rest of the app needs to know about one game.

Each package under tabletop/games/ declares one `PLUGIN` in its __init__.py;
the registry (tabletop.games.registry) is built from them. The presentation
and deck specification are factories, so that the bots and the command line
never import pygame or the game's table code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable

from tabletop.core.game import Game
from tabletop.core.policy import NO_POLICY, Policy


def later(target: str, call: bool = False) -> Callable[[], Any]:
    """A factory for "package.module:NAME", imported only when first asked for: a plugin names
    its table code this way, so nothing that loads the plugin (the bots, the command line)
    imports pygame, and the import contracts need no exceptions. `call`: NAME is a class or
    function whose result is wanted."""
    module, _, name = target.partition(":")
    made: list[Any] = []

    def make() -> Any:
        if not made:
            found = getattr(import_module(module), name)
            made.append(found)
        return made[0]() if call else made[0]
    return make


@dataclass(frozen=True)
class Plugin:
    game: Game
    policy: Policy = NO_POLICY
    # () -> the table Presentation (imports pygame: only the shell calls it)
    presentation: Callable[[], Any] | None = None
    # () -> the card pool as plain data, for `tabletop cards GAME --json`
    card_pool: Callable[[], list[dict]] | None = None
    # () -> the deck specification the shell's deck builder and deck store work from
    deck_spec: Callable[[], Any] | None = None
    # the match options the speed figures and the bots' measurements play (tabletop bench,
    # the lab's bots report): one hand, one game, the ready decks
    measured_options: dict = field(default_factory=dict)
    # value of a starting choice (a starter deck's name, a faction) -> what it holds, as JSON:
    # the new-match dialog shows a measured strength only while the choice still holds what
    # was measured (docs/balance keeps its digest)
    choice_contents: Callable[[Any], Any] | None = None
    # () -> the game's guided first match as plain data (tabletop/core/lesson.py), None until
    # the game has one: its "Learn to play" button waits, greyed, with "Lesson coming"
    lesson: Callable[[], dict] | None = None

    @property
    def id(self) -> str:
        return self.game.info.id
