"""The bot protocol, the table of known bots, and how games are found by id.

A bot decides from what its seat may know: the seat's view and the legal
actions, never the state. Bots are made by name through `make_bot`, so the
worker process, the arena and the shell all build them the same way; what a
bot knows of a game comes from the Policy of the game's plugin, passed in.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable, Protocol, runtime_checkable

from tabletop.bots.greedy import GreedyBot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.random_bot import RandomBot
from tabletop.core import Action, Game, Rng
from tabletop.core.plugin import Plugin
from tabletop.core.policy import NO_POLICY, Policy
from tabletop.games.registry import plugin, plugins

DIFFICULTIES = ("easy", "normal", "hard")


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
        """One of `legal`, decided from `view` alone; all randomness from `rng`."""
        ...


BotFactory = Callable[[str, Policy], Bot]   # (difficulty, the game's policy) -> bot


def _random(difficulty: str, policy: Policy) -> Bot:
    return RandomBot()


def _greedy(difficulty: str, policy: Policy) -> Bot:
    return GreedyBot.for_difficulty(difficulty, policy)


def _ismcts(difficulty: str, policy: Policy) -> Bot:
    return ISMCTSBot.for_difficulty(difficulty, policy)


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
    """Make `factory(difficulty, policy)` available as `make_bot(name, difficulty, policy)`.

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


def make_bot(name: str, difficulty: str = "normal", policy: Policy = NO_POLICY) -> Bot:
    factory = _BUILTIN.get(name) or _EXTRA.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; use one of: {', '.join(DIFFICULTIES)}")
    return factory(difficulty, policy)


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


def resolve_plugin(ref: "str | Game | Plugin") -> Plugin:
    """A game and its policy: by registry id, by "module:ATTR" (a Plugin or a Game outside
    the registry: tests run the toy game through the worker and the arena this way), or
    a Game object (a registered game brings its plugin's policy, any other none)."""
    if isinstance(ref, Plugin):
        return ref
    if isinstance(ref, Game):
        return next((p for p in plugins().values() if p.game is ref), Plugin(ref))
    if ":" in ref:
        module, _, attr = ref.partition(":")
        found = getattr(import_module(module), attr or "GAME")
        if isinstance(found, (Plugin, Game)):
            return resolve_plugin(found)
        raise ValueError(f"{ref!r} is not a Game")
    return plugin(ref)


def resolve_game(ref: "str | Game | Plugin") -> Game:
    return resolve_plugin(ref).game
