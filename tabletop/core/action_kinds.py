"""Typed actions: each game declares its decisions once, with named, typed arguments.

An `Action` stays the plain value it always was (kind, args tuple, label), so its JSON
form, equality and hash never change and every save replays. An `ActionKind` says what
the args of one kind mean, from a NamedTuple whose fields are the arguments in order:

    class Trade(NamedTuple):
        give: int            # a card of the hand
        take: int            # a card of the sky tableau

    TRADE = ActionKind("trade", Trade, says="A trade swaps one hand card for one tableau card.")

    TRADE(12, 30, label=...)   the constructor: Action("trade", (12, 30), ...)
    TRADE.of((12, 30), label)  the same from an args tuple already frozen (the hot loops)
    TRADE.give(a)              a named accessor: a.args[0], no allocation (hot paths)
    TRADE.read(a)              a typed view: Trade(give=12, take=30)
    TRADE.check(a.args)        None, or the sentence `says` when the shape is wrong
    TRADE.matches(a)           is `a` a trade: a.kind == "trade", no allocation (hot paths)
    kinds(PLAY, TRADE)         the JSON names as a frozenset, for `a.kind in kinds(...)` tests

A game lists its kinds in one `ActionKinds`; its `check_shape(action)` is what
`Game.check_action` asks before any rule reads an action, so a fabricated action (a
string where a number goes, a missing argument, an unknown kind) gets a sentence and
IllegalAction instead of a TypeError deep in an engine.

Argument types: int, str, None, tuple[T, ...] (any length), tuple[T1, T2] (fixed
length) and unions of them (`int | tuple[int, int]`, `int | None`). An int is an int:
True and 1.0 are not (they would compare equal to legal actions and slip through).
"""

from __future__ import annotations

import types
import typing
from typing import Any, Callable, Generic, Iterator, NamedTuple, TypeVar

from tabletop.core.action import Action, freeze

_new, _set = object.__new__, object.__setattr__

T = TypeVar("T", bound=tuple)


# --- shapes: a test and the words for it ------------------------------------------------
class Shape(NamedTuple):
    test: Callable[[Any], bool]
    one: str                  # "a number"
    many: str                 # "numbers"
    depth: int                # 0: no tuple inside; 1: a tuple of such; 2: tuples in tuples


def _is_int(v: Any) -> bool:
    return type(v) is int


def _is_str(v: Any) -> bool:
    return type(v) is str


def _is_none(v: Any) -> bool:
    return v is None


INT = Shape(_is_int, "a number", "numbers", 0)
STR = Shape(_is_str, "a word", "words", 0)
NONE = Shape(_is_none, "nothing", "nothings", 0)


def _list_of(item: Shape) -> Shape:
    test = item.test

    def is_list(v: Any) -> bool:
        if type(v) is not tuple:
            return False
        for x in v:
            if not test(x):
                return False
        return True
    return Shape(is_list, f"a list of {item.many}", f"lists of {item.many}", min(2, item.depth + 1))


def _group_of(items: tuple[Shape, ...]) -> Shape:
    tests, n = tuple(s.test for s in items), len(items)

    def is_group(v: Any) -> bool:
        if type(v) is not tuple or len(v) != n:
            return False
        for x, test in zip(v, tests):
            if not test(x):
                return False
        return True
    if len({s.many for s in items}) == 1:
        one = f"{'a pair' if n == 2 else f'a group of {n}'} of {items[0].many}"
    else:
        one = "a group of " + ", ".join(s.one for s in items)
    many = one.replace("a pair", "pairs", 1).replace("a group", "groups", 1)
    return Shape(is_group, one, many, min(2, 1 + max(s.depth for s in items)))


def _either(options: tuple[Shape, ...]) -> Shape:
    tests = tuple(s.test for s in options)

    def is_either(v: Any) -> bool:
        for test in tests:
            if test(v):
                return True
        return False
    return Shape(is_either, " or ".join(s.one for s in options), " or ".join(s.many for s in options),
                 max(s.depth for s in options))


def shape_of(tp: Any) -> Shape:
    """The shape of an argument type (see the module text for what is allowed)."""
    if tp is int:
        return INT
    if tp is str:
        return STR
    if tp is None or tp is type(None):
        return NONE
    origin, params = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Union or origin is types.UnionType:
        return _either(tuple(shape_of(p) for p in params))
    if origin is tuple and len(params) == 2 and params[1] is Ellipsis:
        return _list_of(shape_of(params[0]))
    if origin is tuple and params and Ellipsis not in params:
        return _group_of(tuple(shape_of(p) for p in params))
    raise TypeError(f"an action argument is an int, a str, None, a tuple or a union of them, not {tp!r}")


# --- one kind ----------------------------------------------------------------------------
class _NoArgs(NamedTuple):
    pass


def _getter(i: int) -> Callable[[Action], Any]:
    def get(a: Action) -> Any:
        return a.args[i]
    return get


def _maker(kind: str) -> Callable[..., Action]:
    def of(args: tuple, label: str = "") -> Action:
        """The Action of this kind with `args` as they are: a tuple in the declared order,
        already frozen (no lists). For the engines' and bots' hot loops."""
        a = _new(Action)
        _set(a, "kind", kind)
        _set(a, "args", args)
        _set(a, "label", label)
        return a
    return of


def _checker(tests: tuple, says: str) -> Callable[[Any], str | None]:
    """check(args): None when `args` has the shape, else `says`. The common shapes (up to
    two numbers) get their own short test: apply() asks it of every action."""
    n = len(tests)
    if all(t is None for t in tests) and n <= 2:
        if n == 0:
            def check(args: Any) -> str | None:
                return None if type(args) is tuple and not args else says
        elif n == 1:
            def check(args: Any) -> str | None:
                return None if type(args) is tuple and len(args) == 1 and type(args[0]) is int else says
        else:
            def check(args: Any) -> str | None:
                if type(args) is tuple and len(args) == 2 and type(args[0]) is int and type(args[1]) is int:
                    return None
                return says
        return check

    def check(args: Any) -> str | None:
        if type(args) is not tuple or len(args) != n:
            return says
        for v, test in zip(args, tests):
            if test is None:
                if type(v) is not int:
                    return says
            elif not test(v):
                return says
        return None
    return check


class ActionKind(Generic[T]):
    """One kind of decision: its JSON name, its named and typed arguments, its sentence."""

    def __init__(self, kind: str, args_type: type[T] | None = None, says: str = "") -> None:
        args_type = args_type or _NoArgs          # type: ignore[assignment]
        hints = typing.get_type_hints(args_type)
        self.kind = kind
        self.args_type: type[T] = args_type      # type: ignore[assignment]
        self.fields: tuple[str, ...] = tuple(args_type._fields)   # type: ignore[union-attr]
        self.shapes: tuple[Shape, ...] = tuple(shape_of(hints[f]) for f in self.fields)
        self.arity = len(self.fields)
        self.says = says or self._default_sentence()
        # constructor: the arguments that hold tuples (lists are frozen, as Action() does)
        self._nested = tuple((i, s.depth) for i, s in enumerate(self.shapes) if s.depth)
        # shape check: None stands for "an int", tested inline (most arguments are)
        self._tests = tuple(None if s is INT else s.test for s in self.shapes)
        self.of: Callable[..., Action] = _maker(kind)
        self.check: Callable[[Any], str | None] = _checker(self._tests, self.says)
        for i, name in enumerate(self.fields):
            if hasattr(self, name):
                raise ValueError(f"action kind {kind!r}: argument name {name!r} is reserved")
            setattr(self, name, _getter(i))

    def _default_sentence(self) -> str:
        word = self.kind.replace("_", " ")
        move = f"{'An' if word[:1].lower() in 'aeiou' else 'A'} {word} move"
        if not self.fields:
            return f"{move} takes nothing more."
        parts = [f"{f.replace('_', ' ')} ({s.one})" for f, s in zip(self.fields, self.shapes)]
        named = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{move} names its {named}."

    # --- building and reading ---------------------------------------------------------------
    def __call__(self, *args: Any, label: str = "") -> Action:
        """The Action of this kind with these arguments, in the declared order."""
        if len(args) != self.arity:
            raise TypeError(f"{self.kind} takes {self.arity} argument(s) {self.fields}, not {len(args)}")
        if self._nested:
            args = self._frozen(args)
        a = _new(Action)
        _set(a, "kind", self.kind)
        _set(a, "args", args)
        _set(a, "label", label)
        return a

    def _frozen(self, args: tuple) -> tuple:
        for i, depth in self._nested:
            if depth > 1 or type(args[i]) is list:
                return tuple(freeze(x) for x in args)
        return args      # numbers and tuples of numbers are already what Action() makes of them

    def matches(self, action: Action) -> bool:
        """Whether `action` is of this kind (its kind is this kind's JSON name)."""
        return action.kind == self.kind

    def read(self, a: Action) -> T:
        """The arguments of `a` (of this kind, with a checked shape) as the named tuple."""
        return tuple.__new__(self.args_type, a.args)    # type: ignore[type-var]

    def __repr__(self) -> str:
        return f"ActionKind({self.kind!r}, {', '.join(self.fields)})"


def kinds(*ks: ActionKind) -> frozenset[str]:
    """The JSON names of these kinds, for membership tests: `a.kind in kinds(PLAY, CAST)`."""
    return frozenset(k.kind for k in ks)


# --- a game's kinds ----------------------------------------------------------------------
NOT_A_MOVE = "That is not a move."


class ActionKinds:
    """Every kind of decision of one game; `unknown` is the sentence for any other kind."""

    def __init__(self, *kinds: ActionKind, unknown: str) -> None:
        self._by_kind: dict[str, ActionKind] = {}
        for k in kinds:
            if k.kind in self._by_kind:
                raise ValueError(f"action kind {k.kind!r} is declared twice")
            self._by_kind[k.kind] = k
        self.unknown = unknown
        # every apply asks it: a closure over the checks, not a method reading attributes
        self.check_shape: Callable[[Any], str | None] = _shape_checker(
            {k.kind: k.check for k in kinds}, unknown)

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self._by_kind.values())

    def __len__(self) -> int:
        return len(self._by_kind)

    def __contains__(self, kind: object) -> bool:
        return type(kind) is str and kind in self._by_kind

    def __getitem__(self, kind: str) -> ActionKind:
        return self._by_kind[kind]


def _shape_checker(checks: dict[str, Callable[[Any], str | None]], unknown: str
                   ) -> Callable[[Any], str | None]:
    get = checks.get

    def check_shape(action: Any) -> str | None:
        """A sentence for a player when `action` is not one of these kinds with arguments of
        its declared shape (arity, types, nesting); None when the shape is right. Whether the
        move is legal now is the rules' question, asked after this one."""
        if type(action) is not Action and not isinstance(action, Action):
            return NOT_A_MOVE
        kind = action.kind
        check = get(kind) if type(kind) is str else None
        if check is None:
            return unknown
        return check(action.args)
    return check_shape
