"""The response window: a stack of declared items, priority going round the seats, last in first out.

Card games where a declared play can be answered before it happens share one shape:

- something is declared and goes on the stack as a `StackItem` (its kind, the seat that controls
  it, and the game's own payload fields);
- priority starts with the seat after the declarer and goes round the table (2, 3 or 4 seats,
  passing over seats that are out); a seat holding priority either responds (the game pushes a new
  item, and priority moves on from the responder) or passes (`decline`);
- a seat that may not respond now (a game-supplied predicate) is passed over without being asked,
  and counts as having passed;
- when every seat still in has passed in a row, the top item resolves (the game's callback does the
  resolving): last in, first out;
- if items remain, the window re-opens for the new top item with the seat after its controller
  (`reopen=True`), or the rest of the chain resolves without asking again (`reopen=False`);
- when the stack is empty, priority is -1 and the game is told (`on_empty`), e.g. to end the turn.

The window's own state is three fields the game's state declares, so it clones and saves with the
rest of the state and costs nothing extra to copy (items are immutable, a clone copies the list):

    stack: list[StackItem]   oldest first; the top is stack[-1]
    prio: int                the seat holding priority, or -1 when no window is open
    declines: int            seats in a row that have let the top item pass (while a window is open)

With core.fields the stack is declared `stack: list[MyItem] = spec(ListOf(Obj(MyItem)))`: a clone
copies the list and shares the items, and the JSON form is the list of the items' lists.

`ResponseWindow` holds only the rules (the game's callbacks); it is built once per game.

How the games use it:

- Trials: Instants on a stack. Every play, activation, attack, ignite and channel is pushed, and
  so is every triggered effect; any seat with a card in hand or a usable Instant effect may
  respond; after each resolution the window re-opens for the new top item (`reopen=True`), so
  several responses resolve before an attack's damage. A scout's choice, the One-Handed card
  that makes room and the order of effects that trigger together are asked mid-resolution.
- Paragons (reaction chains, 2 or 3 players): every Voluntary Action is pushed; the rivals may
  React with permitted actions, round the table; when nobody adds to the chain it resolves whole,
  last first (`reopen=False`). A resolution that makes a later item impossible is the game's
  `resolve` callback's business (it re-asks the item's controller or rescinds the item).
- Brawl (reactions on the opponent's turn): an attack is pushed; `may_respond` lets only the
  defending seat answer, and only while it has an unexhausted core for a Reaction card; its
  shield item resolves first and reduces the attack's damage, then the attack resolves.

Callbacks must not push items while resolving one: a resolution that wants an answer declares it
after the window has moved on (the game's `on_empty` or its next decision), or `open`s it, which
puts it on the stack with priority to the seat after its controller and lets the window's loop
go on with it. A resolution may put
items it caused (triggered effects) on top of the stack by appending them: with `reopen` the
window opens for them next.

A resolution that needs a seat to decide something before it can go on (which card a scout
takes, which card makes room, the order of effects that trigger together, Paragons' re-choose
or rescind) keeps what it was doing in the game's state as a `Pending` decision and returns;
`waiting(s)` tells the window, which then stops with nobody holding priority (the game's
`to_act` names the deciding seat). Once the seat has decided and the resolution has finished,
the game calls `resume`: the window opens for the new top item, or the game is told the stack
is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tabletop.core.event import Event

NO_SEAT = -1
_tuple_new = tuple.__new__


def _frozen(value: Any) -> Any:
    """JSON lists back to tuples (items are immutable values)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class StackItem(tuple):
    """One declared thing waiting on the stack: an immutable value (kind, seat, *payload).

    A game subclasses it, declares `__slots__ = ()` and annotates its payload fields in order;
    each field becomes a read-only attribute:

        class Reaction(StackItem):
            __slots__ = ()
            card: int
            targets: tuple

        Reaction("react", 1, 107, (3,)).card == 107

    Fields hold ints, strings, None and tuples of them. The JSON form is the list of the fields,
    tuples as lists: [kind, seat, *payload].

    Why a tuple and not a frozen dataclass: items are made on every declaration and copied with
    every state the bots clone; a tuple is built in one step and needs no copying, where a frozen
    dataclass pays a call per field. Why not typing.NamedTuple: it cannot inherit fields or
    methods, and every game's items share kind, seat and the JSON form.
    """

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "seat")
    ARITY: ClassVar[int] = 2
    kind = property(itemgetter(0), doc="what was declared (the game's word)")
    seat = property(itemgetter(1), doc="the seat that controls it")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} must declare __slots__ = (): stack items are values")
        first = len(cls.FIELDS)
        own = tuple(cls.__dict__.get("__annotations__", {}))
        if any(n in cls.__dict__ for n in own):
            raise TypeError(f"{cls.__name__}: stack item fields take no default value")
        cls.FIELDS = cls.FIELDS + own
        cls.ARITY = len(cls.FIELDS)
        for i, name in enumerate(own, first):
            setattr(cls, name, property(itemgetter(i)))

    def __new__(cls, *values: Any):            # kind, seat, *payload
        if len(values) != cls.ARITY:
            raise TypeError(f"{cls.__name__} takes {', '.join(cls.FIELDS)}; got {values!r}")
        return _tuple_new(cls, values)

    def __getnewargs__(self) -> tuple:         # copy and pickle rebuild it through __new__
        return tuple(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self.FIELDS, self))})"

    def to_json(self) -> list:
        return [_plain(v) for v in self]

    @classmethod
    def from_json(cls, data: list):
        if not isinstance(data, list) or len(data) != len(cls.FIELDS):
            raise ValueError(f"not a {cls.__name__}: {data!r}")
        return cls(*(_frozen(v) for v in data))


class Pending(StackItem):
    """A decision the game waits for in the middle of a resolution: the same immutable value as
    a stack item, (kind, seat, *payload), so it clones and saves the same way. A game subclasses
    it with its own payload; its `to_act` names `seat` while one is pending, and its legal
    actions are the answers (see the module text)."""

    __slots__ = ()


class WindowState(Protocol):
    """The fields a game's state keeps for its response window (see the module docstring)."""

    stack: list
    prio: int
    declines: int


S = TypeVar("S", bound=WindowState)


def next_seat(out: Sequence[bool], p: int) -> int:
    """The next seat after `p` that is not out (`p` itself when it is the last one in)."""
    n = len(out)
    for i in range(1, n + 1):
        q = (p + i) % n
        if not out[q]:
            return q
    return p


def _nothing(s: Any, ev: list[Event]) -> None:
    return None


def _never(s: Any) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class ResponseWindow(Generic[S]):
    """The rules of a game's response window: what the game supplies, and the moves on its state.

    out(s)                which seats are out, one flag per seat (seats that are out are skipped)
    may_respond(s, seat)  whether that seat could respond now; if not it is passed over unasked
    resolve(s, item, ev)  carry out an item taken off the top of the stack
    closed(s)             the match is over: stop moving priority
    on_empty(s, ev)       the stack has emptied (priority is already -1)
    waiting(s)            a resolution stopped to ask a seat a decision: hold still until `resume`
    reopen                after a resolution, ask again about the new top item (True), or resolve
                          the rest of the chain without asking (False)
    """

    out: Callable[[S], Sequence[bool]]
    may_respond: Callable[[S, int], bool]
    resolve: Callable[[S, Any, list[Event]], None]
    closed: Callable[[S], bool]
    on_empty: Callable[[S, list[Event]], None] = _nothing
    waiting: Callable[[S], bool] = _never
    reopen: bool = True

    # --- reading ----------------------------------------------------------------------------------
    @staticmethod
    def is_open(s: S) -> bool:
        return s.prio >= 0

    @staticmethod
    def holder(s: S) -> int | None:
        """The seat holding priority, or None when no window is open."""
        return s.prio if s.prio >= 0 else None

    @staticmethod
    def top(s: S) -> StackItem | None:
        return s.stack[-1] if s.stack else None

    # --- moving -----------------------------------------------------------------------------------
    def push(self, s: S, item: StackItem, ev: list[Event]) -> None:
        """Declare `item` (an action, or a response to the top item): the seats after its
        controller get priority in turn."""
        self.open(s, item)
        self.advance(s, ev)

    def open(self, s: S, item: StackItem) -> None:
        """Put `item` on the stack and give priority to the seat after its controller, without
        moving on: for a resolution that starts something to be answered (Paragons: the turn that
        ends opens the next turn's moment). The window's own loop takes it from there when called
        from a resolution; anywhere else the game calls `advance`."""
        s.stack.append(item)
        s.prio = next_seat(self.out(s), item.seat)
        s.declines = 0

    def resume(self, s: S, ev: list[Event]) -> None:
        """The decision a resolution waited for is made and the resolution is over: the window
        opens for the top item, the seat after its controller first (without `reopen`, the rest
        of the chain resolves unasked), or the game is told the stack is empty. A game may also
        put items on the stack outside any window and resume to open it for them."""
        if s.stack:
            s.prio = next_seat(self.out(s), s.stack[-1].seat)
            if self.reopen:
                s.declines = 0
        self.advance(s, ev)

    def decline(self, s: S, ev: list[Event]) -> None:
        """The seat holding priority lets the top item pass."""
        s.declines += 1
        s.prio = next_seat(self.out(s), s.prio)
        self.advance(s, ev)

    def advance(self, s: S, ev: list[Event]) -> None:
        """Move priority on, passing over seats that may not respond and resolving what every seat
        still in has let pass, until a seat must decide or the stack is empty."""
        closed, may_respond, waiting = self.closed, self.may_respond, self.waiting
        while not closed(s):
            if waiting(s):                 # a seat decides first; the game resumes the window
                s.prio = NO_SEAT
                return
            if not s.stack:
                s.prio = NO_SEAT
                self.on_empty(s, ev)
                return
            out = self.out(s)
            live = len(out) - sum(out)
            while s.declines < live and not may_respond(s, s.prio):
                s.declines += 1
                s.prio = next_seat(out, s.prio)
            if s.declines < live:
                return
            self.resolve(s, s.stack.pop(), ev)
            if self.reopen and s.stack and not closed(s) and not waiting(s):
                s.prio = next_seat(self.out(s), s.stack[-1].seat)
                s.declines = 0

    @staticmethod
    def close(s: S) -> list:
        """Empty the stack without resolving anything (the match ended); returns what was on it.
        `declines` is left as it was: it means nothing while no window is open."""
        items = s.stack[:]
        s.stack.clear()
        s.prio = NO_SEAT
        return items
