"""The game-agnostic contract every game implements (see DESIGN.md)."""

from tabletop.core.action import Action
from tabletop.core.event import Event
from tabletop.core.game import Game, GameInfo, Result
from tabletop.core.rng import Rng

__all__ = ["Action", "Event", "Game", "GameInfo", "Result", "Rng"]
