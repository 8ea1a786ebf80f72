"""The engine contract. Every game is a `Game` subclass (see DESIGN.md).

Nothing here, nor in any game's rules, imports Qt or pygame: engines, bots and
most tests run headless.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence

from tabletop.core.action import Action
from tabletop.core.action_kinds import ActionKinds
from tabletop.core.event import Event
from tabletop.core.rng import Rng


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    players: tuple[int, ...]          # the seat counts the game supports
    version: int                      # bumped when rules change how a log replays
    blurb: str = ""


@dataclass
class Result:
    """The end of a game: a score per seat and the winning seats (empty: a draw)."""

    scores: list[float]
    winners: list[int]
    summary: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"scores": self.scores, "winners": self.winners, "summary": self.summary,
                "details": self.details}

    def places(self) -> list[int]:
        """Each seat's place, 1 the best; seats level share one. A game that ranks its losers
        (the order a table went out in) gives them as details["places"]; otherwise the winners
        share first place and every other seat the next (a draw: all first)."""
        given = self.details.get("places")
        if given is not None:
            return list(given)
        return [1 if p in self.winners or not self.winners else 2
                for p in range(len(self.scores))]


class IllegalAction(ValueError):
    """Raised by `apply` for an action `why_illegal` rejects; the message says why."""


class Game(ABC):
    info: GameInfo
    # every kind of decision, with its arguments' names and types (engine/actions.py)
    action_kinds: ActionKinds | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kinds = cls.__dict__.get("action_kinds")
        if kinds is not None and "check_action" not in cls.__dict__:
            # every apply asks it: the kinds' own check, with no call in between
            cls.check_action = staticmethod(kinds.check_shape)     # type: ignore[method-assign]

    # --- a match -----------------------------------------------------------
    @abstractmethod
    def setup(self, options: dict, seed: int, players: int = 2) -> Any:
        """A new match. All randomness lives in an Rng inside the state."""

    def default_options(self, players: int = 2) -> dict:
        return {}

    @abstractmethod
    def to_act(self, state) -> int | None:
        """The seat whose decision it is, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state) -> list[Action]:
        """Every legal action of the seat to act, with labels."""

    def check_action(self, action: Action) -> str | None:
        """A sentence when `action` is not a declared kind with arguments of its shape, else
        None. Every why_illegal asks it first, so no rule ever reads a malformed action."""
        kinds = self.action_kinds
        return None if kinds is None else kinds.check_shape(action)

    def why_illegal(self, state, action: Action) -> str | None:
        """A sentence a player understands, or None when `action` is legal.

        The shape first (check_action), then membership in legal_actions; a game explains a
        refusal by overriding `explain` (or this whole method, for its own order of checks).
        """
        if self.to_act(state) is None:
            return self.over_sentence
        reason = self.check_action(action)
        if reason:
            return reason
        if action in self.legal_actions(state):
            return None
        return self.explain(state, action)

    over_sentence = "The game is over."

    def explain(self, state, action: Action) -> str:
        """Why a well-formed action that is not legal now is refused, in the rules' words."""
        return "That move is not allowed now."

    @abstractmethod
    def apply(self, state, action: Action) -> list[Event]:
        """Change `state` in place and say what happened. Illegal: IllegalAction."""

    @abstractmethod
    def result(self, state) -> Result | None:
        """None while the game runs."""

    # --- information -------------------------------------------------------
    @abstractmethod
    def view(self, state, seat: int | None) -> Any:
        """What `seat` may know (None: a spectator). Hidden cards are absent."""

    @abstractmethod
    def sample(self, view, rng: Rng) -> Any:
        """A full state consistent with `view`: the unknown cards dealt back in."""

    # --- values --------------------------------------------------------------
    @abstractmethod
    def clone(self, state) -> Any:
        ...

    @abstractmethod
    def state_to_json(self, state) -> dict:
        ...

    @abstractmethod
    def state_from_json(self, data: dict) -> Any:
        ...

    def view_to_json(self, view) -> dict:
        return view.to_json()

    def label(self, state, action: Action) -> str:
        """The human label of `action` in `state` (from the legal list when possible)."""
        for legal in self.legal_actions(state):
            if legal == action:
                return legal.label
        return str(action)

    # --- lists -------------------------------------------------------------------
    def turn_label(self, state) -> str:
        """A short progress label for saved-game lists ("Hand 2, turn 7")."""
        return ""

    def seat_names(self, players: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(players)]


def legal_by_kind(actions: Sequence[Action], kind: str) -> list[Action]:
    return [a for a in actions if a.kind == kind]
