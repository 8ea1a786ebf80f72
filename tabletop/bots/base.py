"""The bot protocol, the table of known bots, and how games are found by id.

A bot decides from what its seat may know: the seat's view and the legal
actions, never the state. Bots are made by name through `make_bot`, so the
worker process, the arena and the shell all build them the same way.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Protocol, runtime_checkable

from tabletop.core import Action, Game, Rng

DIFFICULTIES = ("easy", "normal", "hard")


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
        """One of `legal`, decided from `view` alone; all randomness from `rng`."""
        ...


BotFactory = Callable[[str], Bot]   # difficulty -> bot


# Factories import lazily: the worker process starts faster and a later bot
# (ISMCTS) can import greedy pieces without an import cycle through here.
def _random(difficulty: str) -> Bot:
    from tabletop.bots.random_bot import RandomBot
    return RandomBot()


def _greedy(difficulty: str) -> Bot:
    from tabletop.bots.greedy import GreedyBot
    return GreedyBot.for_difficulty(difficulty)


def _ismcts(difficulty: str) -> Bot:
    from tabletop.bots.ismcts import ISMCTSBot
    return ISMCTSBot.for_difficulty(difficulty)


_BUILTIN: dict[str, BotFactory] = {"random": _random, "greedy": _greedy, "ismcts": _ismcts}

# What the app's "Bot: easy / normal / hard" seat choices play (bot_for_difficulty).
UI_BOTS: dict[str, tuple[str, str]] = {
    "easy": ("ismcts", "easy"),
    "normal": ("ismcts", "normal"),
    "hard": ("ismcts", "hard"),
}
# Extra bots registered at run time (tests, experiments). Kept apart from the
# built-ins so unregistering can never remove a shipped bot.
_EXTRA: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make `factory(difficulty)` available as `make_bot(name, difficulty)`.

    A registration lives in one process only: to have it in the worker
    process, pass the registering module to `BotWorker(preload=[...])`.
    """
    if name in _BUILTIN:
        raise ValueError(f"{name!r} is a built-in bot and cannot be replaced")
    if not name or ":" in name:
        raise ValueError(f"bad bot name {name!r} (':' separates the difficulty)")
    _EXTRA[name] = factory


def unregister_bot(name: str) -> None:
    _EXTRA.pop(name, None)


def bot_names() -> list[str]:
    return [*_BUILTIN, *_EXTRA]


def make_bot(name: str, difficulty: str = "normal") -> Bot:
    factory = _BUILTIN.get(name) or _EXTRA.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; use one of: {', '.join(DIFFICULTIES)}")
    return factory(difficulty)


def bot_for_difficulty(difficulty: str) -> tuple[str, str]:
    """The (bot name, difficulty) the app should seat for a player's choice of level.

    `make_bot(*bot_for_difficulty("hard"))` is the hard opponent. An unknown
    level raises ValueError, as make_bot does.
    """
    if difficulty not in UI_BOTS:
        raise ValueError(f"unknown difficulty {difficulty!r}; use one of: {', '.join(DIFFICULTIES)}")
    return UI_BOTS[difficulty]


def parse_entrant(spec: str) -> tuple[str, str]:
    """"greedy:hard" -> ("greedy", "hard"); "random" -> ("random", "normal")."""
    name, _, difficulty = spec.partition(":")
    return name.strip(), (difficulty.strip() or "normal")


def resolve_game(game_id: str) -> Game:
    """A game by registry id, or by "module:ATTR" for games outside the registry.

    The second form lets tests and experiments run the toy game through the
    worker process and the arena without touching the shipped registry.
    """
    if ":" in game_id:
        module, _, attr = game_id.partition(":")
        game = getattr(import_module(module), attr or "GAME")
        if not isinstance(game, Game):
            raise ValueError(f"{game_id!r} is not a Game")
        return game
    from tabletop.core.registry import get_game
    return get_game(game_id)
