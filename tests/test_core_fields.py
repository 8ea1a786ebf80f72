"""Declared state fields (tabletop.core.fields): every kind round-trips through JSON, clone is
deep where it must be and shares what is immutable, old saves load with their defaults."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import pytest

from tabletop.core import Rng
from tabletop.core.fields import (LIST, LISTS, RNG, SET, TUPLE, VALUE, DictOf, ListOf, Obj,
                                  ObjectsBy, OrNone, Record, Shared, TupleOf, declared, spec,
                                  specs_of)
from tabletop.games.registry import get_game


@declared
@dataclass(frozen=True)
class Piece:
    """An immutable value object: copies share it."""
    name: str
    at: tuple[int, int] = spec(TUPLE)


@declared(json="list")
@dataclass(slots=True)
class Token:
    """A mutable object saved as a list, copied by its own clone()."""
    uid: int
    marks: list[int] = spec(LIST, default_factory=list)
    moves: list[tuple[int, int]] = spec(ListOf(TUPLE), default_factory=list)
    note: str = spec(VALUE, default="", if_absent="")     # added later: old saves lack it


def _index(s: "Toy") -> dict[int, int]:
    return {c: k for k, cs in s.groups.items() for c in cs}


_VIEW = ("seat", "sizes")


@declared
@dataclass(slots=True, eq=False)
class Toy:
    rng: Rng = spec(RNG)
    turn: int = 0
    name: str | None = None
    hand: list[int] = spec(LIST, default_factory=list)
    zones: list[list[int]] = spec(LISTS, default_factory=list)
    seen: set[int] = spec(SET, default_factory=set)
    spot: tuple[int, int] = spec(TUPLE, default=(0, 0))
    path: list[tuple[int, int]] = spec(ListOf(TUPLE), default_factory=list)
    groups: dict[int, list[int]] = spec(DictOf(LIST, int_keys=True), default_factory=dict)
    index: dict[int, int] = spec(DictOf(int_keys=True), saved=False, derive=_index,
                                 default_factory=dict)
    damage: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True), default_factory=dict)
    counters: dict[int, dict[str, int]] = spec(DictOf(DictOf(), int_keys=True, drop_empty=True),
                                               default_factory=dict)
    tags: dict[str, int] = spec(DictOf(), default_factory=dict)
    winners: list[int] | None = spec(OrNone(LIST), default=None)
    names: list[str] = spec(Shared(LIST), default_factory=list)
    stack: list[list] = spec(ListOf(Record(VALUE, LIST, VALUE)), default_factory=list)
    tokens: dict[int, Token] = spec(ObjectsBy(Obj(Token, clone=True), "uid"),
                                    default_factory=dict)
    rows: list[list[Piece]] = spec(ListOf(ListOf(Obj(Piece))), default_factory=list)
    last: Piece | None = spec(OrNone(Obj(Piece)), default=None)
    extra: list[int] = spec(LIST, default_factory=list, if_absent=[7])   # newer than old saves
    seat: int | None = spec(VALUE, default=None, if_absent=None, written_if=_VIEW)
    sizes: list[int] | None = spec(OrNone(LIST), default=None, if_absent=None, written_if=_VIEW)


def _toy() -> Toy:
    return Toy(Rng(5), turn=3, name="x", hand=[4, 1], zones=[[1, 2], []], seen={9, 2, 5},
               spot=(1, 2), path=[(0, 1), (1, 1)], groups={10: [3, 4], 2: [5]},
               damage={3: 2, 4: 0}, counters={3: {"b": 1, "a": 2}, 4: {}}, tags={"z": 1, "a": 2},
               winners=[1], names=["n0", "n1"], stack=[["play", [1, 2], None]],
               tokens={8: Token(8, [1], [(2, 3)], "hi"), 3: Token(3)},
               rows=[[Piece("p", (1, 1))], []], last=Piece("q", (0, 2)), extra=[1])


def test_the_json_form_of_every_kind():
    s = _toy()
    s.index = _index(s)
    assert s.to_json() == {
        "rng": 5, "turn": 3, "name": "x", "hand": [4, 1], "zones": [[1, 2], []],
        "seen": [2, 5, 9], "spot": [1, 2], "path": [[0, 1], [1, 1]],
        "groups": {"2": [5], "10": [3, 4]}, "damage": {"3": 2}, "counters": {"3": {"a": 2, "b": 1}},
        "tags": {"a": 2, "z": 1}, "winners": [1], "names": ["n0", "n1"],
        "stack": [["play", [1, 2], None]],
        "tokens": [[3, [], [], ""], [8, [1], [[2, 3]], "hi"]],
        "rows": [[{"name": "p", "at": [1, 1]}], []], "last": {"name": "q", "at": [0, 2]},
        "extra": [1]}
    # keys in declaration order (saves are written unsorted), int keys sorted as numbers
    assert list(s.to_json()) == [f.name for f in dataclasses.fields(Toy) if f.name not in
                                 ("index", "seat", "sizes")]
    assert list(s.to_json()["groups"]) == ["2", "10"]


def test_every_kind_round_trips_through_json_text():
    s = _toy()
    back = Toy.from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json()
    assert back.seen == {2, 5, 9} and back.spot == (1, 2) and back.path == [(0, 1), (1, 1)]
    assert back.groups == {10: [3, 4], 2: [5]} and back.damage == {3: 2}
    assert back.counters == {3: {"a": 2, "b": 1}} and back.tags == {"a": 2, "z": 1}
    assert back.tokens[8] == Token(8, [1], [(2, 3)], "hi") and list(back.tokens) == [3, 8]
    assert back.rows == [[Piece("p", (1, 1))], []] and back.last == Piece("q", (0, 2))
    assert back.rng.next64() == Rng(5).next64()
    assert back.index == {3: 10, 4: 10, 5: 2}          # derived, not saved
    assert Toy.from_json(json.loads(json.dumps(Toy(Rng(1)).to_json()))).to_json() \
        == Toy(Rng(1)).to_json()


def test_clone_is_deep_where_it_must_be_and_shares_immutables():
    s = _toy()
    s.index = _index(s)
    before = json.dumps(s.to_json())
    c = s.clone()
    assert json.dumps(c.to_json()) == before and c.index == s.index
    for f in dataclasses.fields(Toy):                  # no field forgotten
        assert hasattr(c, f.name)
    # immutables and shared values are the same objects
    assert c.spot is s.spot and c.names is s.names and c.last is s.last
    assert c.rows[0][0] is s.rows[0][0] and c.path[0] is s.path[0]
    # everything mutable is a copy: changing the clone leaves the original as it was
    c.rng.next64()
    c.hand.append(0)
    c.zones[0].append(0)
    c.seen.add(0)
    c.path.append((5, 5))
    c.groups[10].append(0)
    c.index[0] = 0
    c.damage[4] = 9
    c.counters[3]["a"] = 0
    c.tags["q"] = 1
    c.winners.append(0)
    c.stack[0][1].append(0)
    c.stack[0][0] = "x"
    c.tokens[8].marks.append(0)
    c.tokens[8].moves.append((0, 0))
    c.tokens[3].uid = 99
    c.rows[0].append(Piece("r", (0, 0)))
    c.extra.append(0)
    assert json.dumps(s.to_json()) == before and s.index == _index(s)
    assert s.rng.state == Rng(5).state


def test_old_saves_load_with_defaults_and_view_fields_are_written_only_in_views():
    s = _toy()
    old = s.to_json()
    del old["extra"]
    a, b = Toy.from_json(old), Toy.from_json(old)
    assert a.extra == [7] and a.seat is None and a.sizes is None
    a.extra.append(1)
    assert b.extra == [7]                            # each load gets its own default
    with pytest.raises(KeyError):                    # a field without if_absent is required
        Toy.from_json({k: v for k, v in s.to_json().items() if k != "hand"})
    assert "seat" not in s.to_json() and "sizes" not in s.to_json()
    s.sizes = [3, 4]                                 # a spectator's view: seat None, still written
    assert list(s.to_json())[-2:] == ["seat", "sizes"] and s.to_json()["seat"] is None
    assert Toy.from_json(json.loads(json.dumps(s.to_json()))).sizes == [3, 4]
    token = Token.from_json([4, [1], [[2, 3]]])     # a token saved before `note`
    assert token.note == "" and token.moves == [(2, 3)]


def test_list_shaped_json_and_value_objects():
    t = Token(1, [2], [(3, 4)], "n")
    assert t.to_json() == [1, [2], [[3, 4]], "n"]
    assert Token.from_json(t.to_json()) == t
    c = t.clone()
    assert c == t and c.marks is not t.marks and c.moves[0] is t.moves[0]
    p = Piece("p", (1, 2))
    assert Piece.from_json(json.loads(json.dumps(p.to_json()))) == p


def test_generated_methods_say_what_they_do():
    src = Toy.clone.generated_source
    assert "c.hand = self.hand[:]" in src and "c.spot = self.spot\n" in src
    assert "map(" in src                               # lists of lists copy through map, not a loop
    assert Toy.clone.__qualname__ == "Toy.clone"
    assert set(specs_of(Toy)) == {f.name for f in dataclasses.fields(Toy)}
    assert specs_of(Toy)["turn"].kind is VALUE         # a plain int needs no spec


def test_declarations_that_cannot_work_are_refused():
    with pytest.raises(TypeError, match="say how it copies"):
        @declared
        @dataclass
        class NoKind:
            hand: list[int]
    with pytest.raises(TypeError, match="derive"):
        @declared
        @dataclass
        class Unsaved:
            cache: dict = spec(DictOf(), saved=False)
    with pytest.raises(TypeError, match="if_absent"):
        @declared
        @dataclass
        class Sometimes:
            seat: int | None = spec(VALUE, written_if=("seat",))
    with pytest.raises(TypeError, match="no field"):
        @declared
        @dataclass
        class Typo:
            seat: int | None = spec(VALUE, if_absent=None, written_if=("sete",))
    with pytest.raises(TypeError, match="writes clone"):
        @declared
        @dataclass
        class Own:
            turn: int

            def clone(self):
                return self
    with pytest.raises(TypeError, match="above @dataclass"):
        @declared
        class NotData:
            turn: int
    with pytest.raises(TypeError, match="no optional keys"):
        @declared(json="list")
        @dataclass
        class Listed:
            seat: int | None = spec(VALUE, if_absent=None, written_if=("seat",))
    with pytest.raises(TypeError, match="immutable"):
        TupleOf(LIST)
    with pytest.raises(TypeError, match="no clone"):
        Obj(int, clone=True)
    with pytest.raises(ValueError):
        declared(json="yaml")


def _aliased(a, b, path: str):
    """Paths where the clone `b` holds the very same mutable container or object as `a`."""
    if isinstance(a, (list, dict, set)) or dataclasses.is_dataclass(a) and not \
            a.__dataclass_params__.frozen:
        if a is b:
            yield path
            return
    if isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            yield from _aliased(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            yield from _aliased(a[k], b[k], f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            yield from _aliased(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")


@pytest.mark.parametrize("game_id", ["paargus", "pariah", "trials"])
def test_the_games_states_clone_without_sharing_anything_they_change(game_id):
    game = get_game(game_id)
    s, rng = game.setup({}, 3), Rng(8)
    for n in range(400):
        if game.to_act(s) is None:
            break
        if n % 20 == 0:
            for state in (s, game.view(s, game.to_act(s))):
                c = game.clone(state)
                assert game.state_to_json(c) == game.state_to_json(state)
                for name, sp in specs_of(type(state)).items():
                    if not sp.kind.shares():
                        assert not list(_aliased(getattr(state, name), getattr(c, name), name))
        game.apply(s, rng.choice(game.legal_actions(s)))
