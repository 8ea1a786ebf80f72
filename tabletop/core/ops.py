"""The effect-op registry: each effect primitive of a game, declared once.

A card's effect is data: a list of steps, each naming an op and giving its
parameters. An op is declared once, with everything the house needs of it: its
parameters (type, default, allowed values), a function writing its rules
sentence, the function carrying it out and, where the bots use one, what it is
worth to them. Card loading checks each step against the declaration (an error
names the card and the op) and card text is written by the same declarations
that execute it, so text cannot drift from rules.

Each game has its own registry, since each game has its own primitives; the
mechanism is shared. What a step is (a game's own frozen dataclass), which
arguments the text, execute and value functions take, and what an op's `kind`
means are the game's business: the registry only stores and dispatches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

_ZERO: dict[type, Any] = {int: 0, bool: False, str: ""}


class OpDataError(ValueError):
    """Card data that names an unknown op or gives an op a parameter it does not take."""


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an op: its type, its default, and (for names) the values it may take."""
    name: str
    type: type = int
    default: Any = None              # None: the type's zero (0, False, "")
    choices: tuple = ()              # allowed values; () for any value of the type
    what: str = ""                   # how an error names a bad value ("counter kind"); default the name

    def value(self, raw: Mapping[str, Any]) -> Any:
        return raw[self.name] if self.name in raw else self.fallback

    @property
    def fallback(self) -> Any:
        return _ZERO.get(self.type) if self.default is None else self.default

    def check(self, v: Any, where: str, op: str) -> Any:
        """`v` as this parameter's type; an OpDataError naming `where` and `op` if it cannot be."""
        if self.type is bool:
            if not isinstance(v, bool):
                raise OpDataError(f"{where}: {op}'s {self.name} must be true or false, not {v!r}")
        elif self.type is int:
            if isinstance(v, bool) or not isinstance(v, int):
                raise OpDataError(f"{where}: {op}'s {self.name} must be a whole number, not {v!r}")
        elif not isinstance(v, self.type):
            raise OpDataError(f"{where}: {op}'s {self.name} must be a {self.type.__name__}, not {v!r}")
        if self.choices and v not in self.choices:
            raise OpDataError(f"{where}: unknown {self.what or self.name} {v!r}")
        return v


@dataclass(frozen=True, slots=True)
class Op:
    """One effect primitive."""
    name: str
    params: tuple[Param, ...]
    text: Callable[..., str]
    execute: Callable[..., Any] | None = None     # None: a static, read where it applies
    value: Callable[..., float] | None = None
    kind: str = ""                                # the game's own grouping of its ops


class OpRegistry:
    """A game's ops by name. `common` parameters (say, who a step acts on) every op takes."""

    def __init__(self, game: str, common: Iterable[Param] = ()) -> None:
        self.game = game
        self.common = tuple(common)
        self._ops: dict[str, Op] = {}

    # --- declaring --------------------------------------------------------------------------
    def declare(self, name: str, *, text: Callable[..., str], params: Iterable[Param] = (),
                execute: Callable[..., Any] | None = None, value: Callable[..., float] | None = None,
                kind: str = "") -> Op:
        if name in self._ops:
            raise ValueError(f"{self.game}: op {name!r} is declared twice")
        params = tuple(params)
        names = [p.name for p in (*self.common, *params)]
        if len(set(names)) != len(names) or "op" in names:
            raise ValueError(f"{self.game}: op {name!r} has clashing parameters {names}")
        op = Op(name, params, text, execute, value, kind)
        self._ops[name] = op
        return op

    def op(self, name: str, *, text: Callable[..., str], params: Iterable[Param] = (),
           value: Callable[..., float] | None = None, kind: str = ""):
        """Decorator: declare op `name` with the decorated function as its execution."""
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.declare(name, text=text, params=params, execute=fn, value=value, kind=kind)
            return fn
        return register

    # --- reading ----------------------------------------------------------------------------
    def __contains__(self, name: object) -> bool:
        return name in self._ops

    def __getitem__(self, name: str) -> Op:
        return self._ops[name]

    def __len__(self) -> int:
        return len(self._ops)

    def names(self) -> tuple[str, ...]:
        return tuple(self._ops)

    def ops(self) -> dict[str, Op]:
        """Name -> Op, for games that dispatch in a hot loop (a plain dict lookup)."""
        return dict(self._ops)

    def params(self, name: str) -> tuple[Param, ...]:
        return self.common + self._ops[name].params

    # --- card data --------------------------------------------------------------------------
    def check(self, raw: Mapping[str, Any], where: str) -> dict[str, Any]:
        """Validate one step of card data; its op and every parameter, defaults filled in.

        Raises OpDataError naming `where` (the card) and the op on an unknown op, a parameter
        the op does not take, a value of the wrong type or one outside its allowed values."""
        name = raw.get("op")
        if name not in self._ops:
            raise OpDataError(f"{where}: unknown op {name!r}")
        params = self.params(name)
        extra = set(raw) - {"op", *(p.name for p in params)}
        if extra:
            raise OpDataError(f"{where}: {name} takes no {sorted(extra)}")
        out: dict[str, Any] = {"op": name}
        for p in params:
            given = p.name in raw
            # a parameter with allowed values is checked even when left out: its default may not be one
            out[p.name] = p.check(p.value(raw), where, name) if given or p.choices else p.fallback
        return out

    # --- what an op says, does and is worth --------------------------------------------------
    def text(self, step: Any, *ctx: Any) -> str:
        return self._ops[step.op].text(step, *ctx)

    def texts(self, steps: Iterable[Any], *ctx: Any, sep: str = "; ") -> str:
        """The sentences of several steps joined, as one effect's text."""
        return sep.join(self.text(st, *ctx) for st in steps)

    def execute(self, step: Any, *args: Any) -> Any:
        fn = self._ops[step.op].execute
        if fn is None:
            raise ValueError(f"{self.game}: op {step.op!r} is not executed (a static)")
        return fn(step, *args)

    def value(self, step: Any, *args: Any, default: float = 0.0) -> float:
        fn = self._ops[step.op].value
        return default if fn is None else fn(step, *args)
