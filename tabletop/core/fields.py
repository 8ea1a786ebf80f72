"""Declared state fields: a state says once, per field, how the field copies and how it looks
in JSON, and gets `clone`, `to_json` and `from_json` generated from that.

A state is a dataclass. Each field carries a *kind* (`name: T = spec(KIND, ...)`); a field
annotated `int`, `str`, `bool` or `float` (or `... | None`) with no spec is a plain value.
`@declared`, put above `@dataclass`, compiles the three methods once per class from source
snippets the kinds give, as dataclasses compiles `__init__`: a clone is straight-line
attribute copies, as fast as one written by hand, and can no longer forget a field.

    @declared
    @dataclass(slots=True, eq=False)
    class S:
        rng: Rng = spec(RNG)
        turn: int = 0
        hands: list[list[int]] = spec(LISTS, default_factory=list)
        seen: set[int] = spec(SET, default_factory=set)        # a sorted list in JSON

The JSON keys are the field names, in declaration order (saves are written without sorting
keys, so the order is part of the save format). `@declared(json="list")` writes a list of the
values in field order instead of an object.
"""

from __future__ import annotations

import dataclasses
from dataclasses import MISSING, dataclass
from typing import Any, Callable

from tabletop.core.rng import Rng

__all__ = ["Kind", "VALUE", "LIST", "LISTS", "SET", "TUPLE", "RNG", "ListOf", "TupleOf", "DictOf",
           "Obj", "OrNone", "Shared", "Record", "ObjectsBy", "Spec", "spec", "declared",
           "specs_of"]


class _Gen:
    """The namespace and fresh names of one generated method."""

    def __init__(self) -> None:
        self.globals: dict[str, Any] = {}
        self._refs: dict[int, str] = {}
        self._n = 0

    def ref(self, obj: Any, hint: str = "g") -> str:
        """A global name for `obj` in the generated code."""
        name = self._refs.get(id(obj))
        if name is None:
            name = f"_{hint}{len(self._refs)}"
            self._refs[id(obj)] = name
            self.globals[name] = obj
        return name

    def var(self) -> str:
        self._n += 1
        return f"v{self._n}"


class Kind:
    """How values of one shape copy and serialise. Each method returns the source of an
    expression over the expression `x` (`x` itself: the value passes unchanged); `x` is a
    name, attribute or subscript, so an expression may use it twice."""

    def copy(self, x: str, g: _Gen) -> str:
        return x

    def copier(self, g: _Gen) -> str | None:
        """The name of a one-argument function that copies a value (for map() over
        containers, faster than a comprehension), or None if copy() is the fastest way."""
        return None

    def dump(self, x: str, g: _Gen) -> str:
        return x

    def load(self, x: str, g: _Gen) -> str:
        return x

    def shares(self) -> bool:
        """Is a value shared by its copies (immutable, or never changed in place)?"""
        return self.copy("x", _Gen()) == "x"


class _Value(Kind):
    """An immutable value JSON holds as is: int, str, bool, float, None."""


VALUE: Kind = _Value()


class Obj(Kind):
    """An object with to_json() and a classmethod from_json(); shared by copies (an immutable
    value object) unless `clone`, then copied by its clone()."""

    def __init__(self, cls: type, clone: bool = False) -> None:
        self.cls, self.clone = cls, clone
        if clone and not callable(getattr(cls, "clone", None)):
            raise TypeError(f"{cls.__name__} has no clone()")

    def copy(self, x: str, g: _Gen) -> str:
        return f"{x}.clone()" if self.clone else x

    def copier(self, g: _Gen) -> str | None:
        return g.ref(self.cls.clone, "clone") if self.clone else None

    def dump(self, x: str, g: _Gen) -> str:
        return f"{x}.to_json()"

    def load(self, x: str, g: _Gen) -> str:
        return f"{g.ref(self.cls, self.cls.__name__)}.from_json({x})"


RNG: Kind = Obj(Rng, clone=True)


class ListOf(Kind):
    """A list; its items copy and serialise by `item`."""

    def __init__(self, item: Kind = VALUE) -> None:
        self.item = item

    def copy(self, x: str, g: _Gen) -> str:
        v = g.var()
        c = self.item.copy(v, g)
        if c == v:
            return f"{x}[:]"
        fn = self.item.copier(g)
        if fn is not None:
            return f"[*map({fn}, {x})]"
        return f"[{c} for {v} in {x}]"

    def copier(self, g: _Gen) -> str | None:
        return g.ref(list.copy, "list_copy") if self.item.shares() else None

    def dump(self, x: str, g: _Gen) -> str:
        v = g.var()
        d = self.item.dump(v, g)
        return x if d == v else f"[{d} for {v} in {x}]"

    def load(self, x: str, g: _Gen) -> str:
        v = g.var()
        lo = self.item.load(v, g)
        return f"list({x})" if lo == v else f"[{lo} for {v} in {x}]"


LIST: Kind = ListOf(VALUE)
LISTS: Kind = ListOf(LIST)


class TupleOf(Kind):
    """A tuple of immutable items, a list in JSON."""

    def __init__(self, item: Kind = VALUE) -> None:
        if not item.shares():
            raise TypeError("a tuple's items must be immutable")
        self.item = item

    def dump(self, x: str, g: _Gen) -> str:
        v = g.var()
        d = self.item.dump(v, g)
        return f"list({x})" if d == v else f"[{d} for {v} in {x}]"

    def load(self, x: str, g: _Gen) -> str:
        v = g.var()
        lo = self.item.load(v, g)
        return f"tuple({x})" if lo == v else f"tuple([{lo} for {v} in {x}])"


TUPLE: Kind = TupleOf(VALUE)


class _Set(Kind):
    """A set of plain values, a sorted list in JSON (so saves do not depend on hashing)."""

    def copy(self, x: str, g: _Gen) -> str:
        return f"set({x})"

    def copier(self, g: _Gen) -> str | None:
        return g.ref(set.copy, "set_copy")

    def dump(self, x: str, g: _Gen) -> str:
        return f"sorted({x})"

    def load(self, x: str, g: _Gen) -> str:
        return f"set({x})"


SET: Kind = _Set()


class DictOf(Kind):
    """A dict whose values copy and serialise by `value`, written with sorted keys.
    `int_keys`: int keys in memory, which JSON turns into strings (and back on load).
    `drop_empty`: entries with a falsy value (0, {}) are left out of the JSON."""

    def __init__(self, value: Kind = VALUE, *, int_keys: bool = False,
                 drop_empty: bool = False) -> None:
        self.value, self.int_keys, self.drop_empty = value, int_keys, drop_empty

    def copy(self, x: str, g: _Gen) -> str:
        v = g.var()
        c = self.value.copy(v, g)
        if c == v:
            return f"{x}.copy()"
        fn = self.value.copier(g)
        if fn is not None:
            return f"dict(zip({x}, map({fn}, {x}.values())))"
        k = g.var()
        return f"{{{k}: {c} for {k}, {v} in {x}.items()}}"

    def copier(self, g: _Gen) -> str | None:
        return g.ref(dict.copy, "dict_copy") if self.value.shares() else None

    def dump(self, x: str, g: _Gen) -> str:
        k, v = g.var(), g.var()
        d = self.value.dump(v, g)
        if not self.int_keys and not self.drop_empty and d == v:
            return f"dict(sorted({x}.items()))"
        key = f"str({k})" if self.int_keys else k
        keep = f" if {v}" if self.drop_empty else ""
        return f"{{{key}: {d} for {k}, {v} in sorted({x}.items()){keep}}}"

    def load(self, x: str, g: _Gen) -> str:
        k, v = g.var(), g.var()
        lo = self.value.load(v, g)
        if not self.int_keys and lo == v:
            return f"dict({x})"
        key = f"int({k})" if self.int_keys else k
        return f"{{{key}: {lo} for {k}, {v} in {x}.items()}}"


class OrNone(Kind):
    """None, or a value of `kind`."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind

    @staticmethod
    def _guard(x: str, expr: str) -> str:
        return x if expr == x else f"(None if {x} is None else {expr})"

    def copy(self, x: str, g: _Gen) -> str:
        return self._guard(x, self.kind.copy(x, g))

    def dump(self, x: str, g: _Gen) -> str:
        return self._guard(x, self.kind.dump(x, g))

    def load(self, x: str, g: _Gen) -> str:
        return self._guard(x, self.kind.load(x, g))


class Shared(Kind):
    """A value of `kind` that copies share: it is replaced, never changed in place."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind

    def dump(self, x: str, g: _Gen) -> str:
        return self.kind.dump(x, g)

    def load(self, x: str, g: _Gen) -> str:
        return self.kind.load(x, g)


class Record(Kind):
    """A list of fixed length whose positions have their own kinds."""

    def __init__(self, *items: Kind) -> None:
        self.items = items

    def _each(self, x: str, g: _Gen, part: str, whole: str) -> str:
        parts = [getattr(k, part)(f"{x}[{i}]", g) for i, k in enumerate(self.items)]
        if all(p == f"{x}[{i}]" for i, p in enumerate(parts)):
            return whole
        return "[" + ", ".join(parts) + "]"

    def copy(self, x: str, g: _Gen) -> str:
        return self._each(x, g, "copy", f"{x}[:]")

    def dump(self, x: str, g: _Gen) -> str:
        return self._each(x, g, "dump", x)

    def load(self, x: str, g: _Gen) -> str:
        return self._each(x, g, "load", f"list({x})")


class ObjectsBy(Kind):
    """A dict of objects keyed by their attribute `key`; in JSON, the list of the objects
    in key order (the key is in each object's JSON already)."""

    def __init__(self, item: Kind, key: str) -> None:
        self.item, self.key = item, key

    def copy(self, x: str, g: _Gen) -> str:
        return DictOf(self.item).copy(x, g)

    def dump(self, x: str, g: _Gen) -> str:
        k = g.var()
        return f"[{self.item.dump(f'{x}[{k}]', g)} for {k} in sorted({x})]"

    def load(self, x: str, g: _Gen) -> str:
        o, v = g.var(), g.var()
        return f"{{{o}.{self.key}: {o} for {o} in [{self.item.load(v, g)} for {v} in {x}]}}"


class _Unset:
    """No if_absent value: the field is required in every save."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Spec:
    """How one field copies and serialises.
    saved: False keeps it out of JSON; `derive(state)` rebuilds it on load.
    if_absent: the value when a save lacks the field (saves older than it), copied per load.
    written_if: the field is written only when one of these fields is not None (view-only
    fields); it then needs `if_absent`."""

    kind: Kind = VALUE
    saved: bool = True
    derive: Callable[[Any], Any] | None = None
    if_absent: Any = UNSET
    written_if: tuple[str, ...] = ()


_META = "tabletop.fields"


def spec(kind: Kind = VALUE, *, default: Any = MISSING, default_factory: Any = MISSING,
         saved: bool = True, derive: Callable[[Any], Any] | None = None,
         if_absent: Any = UNSET, written_if: tuple[str, ...] = ()) -> Any:
    """A dataclass field of `kind` (default and default_factory as in dataclasses.field)."""
    return dataclasses.field(default=default, default_factory=default_factory, metadata={
        _META: Spec(kind, saved, derive, if_absent, tuple(written_if))})


_PLAIN = {"int", "str", "bool", "float", "int | None", "str | None", "bool | None",
          "float | None", int, str, bool, float}


def specs_of(cls: type) -> dict[str, Spec]:
    """The declared fields of a dataclass, in order."""
    out = {}
    for f in dataclasses.fields(cls):
        s = f.metadata.get(_META)
        if s is None:
            if f.type not in _PLAIN:
                raise TypeError(f"{cls.__name__}.{f.name}: say how it copies and saves: "
                                f"{f.name}: {f.type} = spec(KIND)")
            s = Spec()
        out[f.name] = s
    for name, s in out.items():
        if not s.saved and s.derive is None and s.if_absent is UNSET:
            raise TypeError(f"{cls.__name__}.{name}: an unsaved field needs derive or if_absent")
        if s.written_if and s.if_absent is UNSET:
            raise TypeError(f"{cls.__name__}.{name}: a field written only sometimes "
                            "needs if_absent")
        for other in s.written_if:
            if other not in out:
                raise TypeError(f"{cls.__name__}.{name}: written_if names no field {other!r}")
    return out


def _compile(cls: type, name: str, src: str, g: _Gen) -> Callable:
    ns: dict[str, Any] = {}
    exec(compile(src, f"<{cls.__qualname__}.{name} generated by tabletop.core.fields>", "exec"),
         g.globals, ns)
    fn = ns[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    fn.__doc__ = f"Generated from the fields declared in {cls.__name__} (tabletop.core.fields)."
    fn.generated_source = src       # what the method does, for a reader or a debugger
    return fn


def _assign(cls: type, obj: str, name: str, expr: str, g: _Gen) -> str:
    """One line setting a field of the new object (through object.__setattr__ when frozen,
    as dataclasses' own __init__ does)."""
    if cls.__dataclass_params__.frozen:
        return f"    {g.ref(object.__setattr__, 'setattr')}({obj}, {name!r}, {expr})"
    return f"    {obj}.{name} = {expr}"


def _clone_fn(cls: type, specs: dict[str, Spec]) -> Callable:
    g = _Gen()
    lines = ["def clone(self):", f"    c = {g.ref(object.__new__, 'new')}({g.ref(cls, 'cls')})"]
    lines += [_assign(cls, "c", n, s.kind.copy(f"self.{n}", g), g) for n, s in specs.items()]
    lines.append("    return c")
    return _compile(cls, "clone", "\n".join(lines), g)


def _from_json_fn(cls: type, specs: dict[str, Spec], positional: bool) -> classmethod:
    """from_json: each saved field from its key (or position), then the derived ones."""
    g = _Gen()
    lines = ["def from_json(cls, d):", f"    s = {g.ref(object.__new__, 'new')}(cls)"]
    saved = [(n, s) for n, s in specs.items() if s.saved]
    for i, (n, s) in enumerate(saved):
        got = s.kind.load(f"d[{i}]" if positional else f"d[{n!r}]", g)
        if s.if_absent is not UNSET:
            present = f"len(d) > {i}" if positional else f"{n!r} in d"
            got = f"{got} if {present} else {_absent(s, g)}"
        lines.append(_assign(cls, "s", n, got, g))
    for n, s in specs.items():      # unsaved fields last: derive() may read the others
        if not s.saved:
            got = f"{g.ref(s.derive, 'derive')}(s)" if s.derive is not None else _absent(s, g)
            lines.append(_assign(cls, "s", n, got, g))
    lines.append("    return s")
    return classmethod(_compile(cls, "from_json", "\n".join(lines), g))


def _absent(s: Spec, g: _Gen) -> str:
    """A fresh copy of the field's if_absent value."""
    return s.kind.copy(g.ref(s.if_absent, "absent"), g)


def _dict_to_json_fn(cls: type, specs: dict[str, Spec]) -> Callable:
    """to_json as an object: one dict literal, then the keys written only sometimes."""
    g = _Gen()
    saved = {n: s for n, s in specs.items() if s.saved}
    head: list[str] = []
    tail: list[str] = []
    for n in saved:                 # the keys before the first conditional one go in the literal
        (tail if tail or saved[n].written_if else head).append(n)
    literal = "{" + ", ".join(f"{n!r}: {saved[n].kind.dump(f'self.{n}', g)}" for n in head) + "}"
    if not tail:
        return _compile(cls, "to_json", f"def to_json(self):\n    return {literal}", g)
    lines = ["def to_json(self):", f"    out = {literal}"]
    test: tuple[str, ...] = ()
    for n in tail:
        cond = saved[n].written_if
        if cond and cond != test:
            lines.append("    if " + " or ".join(f"self.{o} is not None" for o in cond) + ":")
        test = cond
        indent = "        " if cond else "    "
        lines.append(f"{indent}out[{n!r}] = {saved[n].kind.dump(f'self.{n}', g)}")
    lines.append("    return out")
    return _compile(cls, "to_json", "\n".join(lines), g)


def _list_to_json_fn(cls: type, specs: dict[str, Spec]) -> Callable:
    """to_json as the list of the saved values in field order."""
    if any(s.written_if for s in specs.values()):
        raise TypeError(f"{cls.__name__}: a list-shaped JSON has no optional keys (written_if)")
    g = _Gen()
    src = ("def to_json(self):\n    return ["
           + ", ".join(s.kind.dump(f"self.{n}", g) for n, s in specs.items() if s.saved) + "]")
    return _compile(cls, "to_json", src, g)


_METHODS = ("clone", "to_json", "from_json")


def declared(cls: type | None = None, *, json: str = "dict"):
    """Give a dataclass clone(), to_json() and from_json() generated from its fields' kinds.
    Put it above @dataclass (which, with slots=True, makes a new class). json="list": the
    JSON is the list of the saved fields' values in order rather than an object."""
    if json not in ("dict", "list"):
        raise ValueError(f"json must be 'dict' or 'list', not {json!r}")

    def wrap(c: type) -> type:
        if not dataclasses.is_dataclass(c):
            raise TypeError(f"@declared goes above @dataclass ({c.__name__} is not a dataclass)")
        for m in _METHODS:
            if m in c.__dict__:
                raise TypeError(f"{c.__name__} writes {m}() itself; @declared generates it")
        specs = specs_of(c)
        c.clone = _clone_fn(c, specs)
        positional = json == "list"
        c.to_json = (_list_to_json_fn if positional else _dict_to_json_fn)(c, specs)
        c.from_json = _from_json_fn(c, specs, positional)
        return c

    return wrap if cls is None else wrap(cls)
