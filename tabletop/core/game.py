"""The engine contract. Every game is a `Game` subclass (see DESIGN.md).

Nothing here, nor in any game's rules, imports Qt or pygame: engines, bots and
most tests run headless.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TypeVar

from tabletop.core.action import Action
from tabletop.core.action_kinds import ActionKind, ActionKinds
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


F = TypeVar("F", bound=Callable[..., Any])
HANDLER_HEAD = ("self", "state", "seat", "events")     # by place; then the kind's arguments, by name


def handles(kind: ActionKind) -> Callable[[F], F]:
    """Bind a Game method to one kind of action. `Game.apply` calls it as
    `method(state, seat, events, *arguments)`: the seat that acts, the list to add the
    game's events to, and the action's arguments under their declared names (checked when
    the class is made), so no handler reads `a.args[i]` or compares kinds."""
    def bind(fn: F) -> F:
        fn.__handles__ = kind      # type: ignore[attr-defined]
        return fn
    return bind


def _bind_handlers(cls: type) -> dict[str, Callable[..., Any]]:
    """The handlers of cls and its bases, by kind, each checked against its kind's arguments."""
    found: dict[str, Callable[..., Any]] = {}
    for base in reversed(cls.__mro__):
        for fn in vars(base).values():
            kind = getattr(fn, "__handles__", None)
            if kind is None:
                continue
            names = tuple(inspect.signature(fn).parameters)
            if len(names) != len(HANDLER_HEAD) + kind.arity or names[len(HANDLER_HEAD):] != kind.fields:
                raise TypeError(f"{cls.__name__}.{fn.__name__} handles {kind.kind!r}: its parameters "
                                f"must be {HANDLER_HEAD} and then {kind.fields}, not {names}")
            found[kind.kind] = fn
    kinds = getattr(cls, "action_kinds", None)
    if found and kinds is not None:
        missing = [k.kind for k in kinds if k.kind not in found]
        if missing:
            raise TypeError(f"{cls.__name__} declares kinds with no handler: {', '.join(missing)}")
    return found


class _Discard(list):
    """The events of a move nobody will read (the bots' search): whatever is added is dropped."""

    __slots__ = ()

    def append(self, item: Any) -> None:
        pass

    def extend(self, items: Any) -> None:
        pass

    def insert(self, index: Any, item: Any) -> None:
        pass

    def __iadd__(self, items: Any) -> "_Discard":
        return self

    def __setitem__(self, index: Any, item: Any) -> None:
        pass


class Game(ABC):
    info: GameInfo
    # every kind of decision, with its arguments' names and types (engine/actions.py)
    action_kinds: ActionKinds | None = None
    # kind -> the method bound to it with @handles (made with the class)
    handlers: dict[str, Callable[..., Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kinds = cls.__dict__.get("action_kinds")
        if kinds is not None and "check_action" not in cls.__dict__:
            # every apply asks it: the kinds' own check, with no call in between
            cls.check_action = staticmethod(kinds.check_shape)     # type: ignore[method-assign]
        cls.handlers = _bind_handlers(cls)

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
        if self.is_legal(state, action):
            return None
        return self.explain(state, action)

    # kinds whose legal actions are too many to list (a choice of any number of cards from
    # two piles): legal_actions lists none of them, the game's is_legal decides each and its
    # label names it; bots, which choose from the list, never make one
    open_kinds: frozenset[str] = frozenset()

    def is_legal(self, state, action: Action) -> bool:
        """Membership in the legal actions (a game may answer it without building labels)."""
        return action in self.legal_actions(state)

    over_sentence = "The game is over."

    def explain(self, state, action: Action) -> str:
        """Why a well-formed action that is not legal now is refused, in the rules' words."""
        return "That move is not allowed now."

    def apply(self, state, action: Action, *, checked: bool = False,
              events: bool = True) -> list[Event]:
        """The one door for a move: change `state` in place and say what happened.

        Unless `checked` (the action came from `legal_actions`, or the caller asked
        `why_illegal` itself: a Match's check, a replay), the shape and the rules are asked
        first and an illegal action raises IllegalAction with the reason. Then the kind's
        handler (`@handles`) does the move, and `after` whatever the game does after every
        move. With `events=False` (the search) the events are dropped as they are made."""
        if not checked:
            reason = self.why_illegal(state, action)
            if reason:
                raise IllegalAction(reason)
        said: list[Event] = [] if events else _Discard()
        self.handlers[action.kind](self, state, self.to_act(state), said, *action.args)
        self.after(state, action, said)
        return said

    def after(self, state, action: Action, events: list[Event]) -> None:
        """What the game does after every move, whatever its kind (nothing by default)."""

    @abstractmethod
    def result(self, state) -> Result | None:
        """None while the game runs."""

    # --- information: a game's views.py, declared as `views` ---------------------
    # a module (or object) with view(state, seat) and sample(view, rng)
    views: Any = None

    def view(self, state, seat: int | None) -> Any:
        """What `seat` may know (None: a spectator). Hidden cards are absent."""
        return self.views.view(state, seat)

    def reveal(self, state, seat: int | None) -> Any:
        """Everything face up, laid out from `seat`'s side: a finished match watched again.
        A view in shape (the presenter draws it), with no card hidden."""
        return self.views.reveal(state, seat)

    def sample(self, view, rng: Rng) -> Any:
        """A full state consistent with `view`: the unknown cards dealt back in."""
        return self.views.sample(view, rng)

    # --- values: from the declared state (core/fields.py), declared as `state_type` ---------
    state_type: type | None = None

    def clone(self, state) -> Any:
        return state.clone()

    def state_to_json(self, state) -> dict:
        return state.to_json()

    def state_from_json(self, data: dict) -> Any:
        return self.state_type.from_json(data)

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
