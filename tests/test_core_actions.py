"""Typed actions (tabletop/core/action_kinds.py): a kind's constructor builds the very Action
the engines always built (same JSON, equality and hash), its accessors read arguments by
name, and its shape check turns a malformed action into a sentence before any rule sees it."""

from __future__ import annotations

import json
from typing import NamedTuple

import pytest

from tabletop.core import Action, Game
from tabletop.core.action_kinds import NOT_A_MOVE, ActionKind, ActionKinds, shape_of
from tabletop.core.game import IllegalAction
from tabletop.core.match import Match, Seat
from toygame import ToyNim


class Conjoin(NamedTuple):
    quadrant: int
    fan: tuple[int, ...]


class Attack(NamedTuple):
    unit: int
    plan: tuple[tuple[int, int], ...]


class Ability(NamedTuple):
    unit: int
    index: int
    choice: int | tuple[int, int]


class Named(NamedTuple):
    name: str
    note: str | None


CONJOIN = ActionKind("conjoin", Conjoin, says="A conjunction names a quadrant and its cards.")
ATTACK = ActionKind("attack", Attack)
ABILITY = ActionKind("ability", Ability)
NAMED = ActionKind("named", Named)
PASS = ActionKind("pass")
KINDS = ActionKinds(CONJOIN, ATTACK, ABILITY, NAMED, PASS, unknown="That is not a move of this game.")


def test_the_constructor_builds_the_action_the_engines_always_built():
    a = CONJOIN(2, (5, 7, 9), label="a label")
    old = Action("conjoin", (2, (5, 7, 9)), "a label")
    assert a == old and hash(a) == hash(old) and a.label == "a label"
    assert a.to_json() == old.to_json() == {"kind": "conjoin", "args": [2, [5, 7, 9]]}
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    # lists are frozen as Action() freezes them, however deep
    assert CONJOIN(2, [5, 7, 9]).args == (2, (5, 7, 9))
    assert ATTACK(3, [[4, 2], [6, 1]]).args == (3, ((4, 2), (6, 1)))
    assert ABILITY(3, 0, [8, 1]).args == (3, 0, (8, 1)) and ABILITY(3, 0, -1).args == (3, 0, -1)
    assert PASS() == Action("pass") and PASS.of(()) == Action("pass")
    assert CONJOIN.of((1, (2, 3, 4)), "x") == Action("conjoin", (1, (2, 3, 4)))


def test_the_constructor_refuses_the_wrong_number_of_arguments():
    with pytest.raises(TypeError, match="conjoin takes 2"):
        CONJOIN(1)
    with pytest.raises(TypeError):
        PASS(1)


def test_accessors_and_views_read_arguments_by_name():
    a = ABILITY(12, 1, (30, 0))
    assert (ABILITY.unit(a), ABILITY.index(a), ABILITY.choice(a)) == (12, 1, (30, 0))
    view = ABILITY.read(a)
    assert isinstance(view, Ability) and view.unit == 12 and view.choice == (30, 0)
    unit, index, choice = view
    assert (unit, index, choice) == a.args
    assert ABILITY.fields == ("unit", "index", "choice") and ABILITY.arity == 3
    assert PASS.read(PASS()) == () and PASS.arity == 0


def test_the_shape_check_accepts_every_well_formed_action():
    for a in (CONJOIN(1, (2, 3, 4)), CONJOIN(1, ()), ATTACK(1, ((2, 3),)), ATTACK(1, ()),
              ABILITY(1, 0, -1), ABILITY(1, 0, (4, 1)), NAMED("x", None), NAMED("x", "y"), PASS(),
              Action("conjoin", (4, [1, 2, 3])), Action.from_json({"kind": "pass", "args": []}),
              CONJOIN(1, (10**30, -5, 0))):       # big numbers are numbers: the rules judge them
        assert KINDS.check_shape(a) is None, a


@pytest.mark.parametrize("args", [
    (), (1,), (1, (2,), 3),                      # arity
    ("1", (2, 3, 4)), (1.0, (2, 3, 4)),          # a string or a float for a number
    (True, (2, 3, 4)), (1, (True, 2, 3)),        # True == 1, but a bool is not a card
    (1, 2), (1, "abc"), (1, ((1, 2), 3)),        # not a list of numbers
    (1, (None,)), (1, ({},)),
])
def test_the_shape_check_gives_the_kinds_sentence(args):
    a = Action("conjoin", args)
    assert KINDS.check_shape(a) == "A conjunction names a quadrant and its cards."


@pytest.mark.parametrize("action", [
    Action("attack", (1, (2, 3))),               # a plan is a list of pairs, not one pair
    Action("attack", (1, ((2, 3, 4),))),
    Action("attack", (1, ((2, "3"),))),
    Action("ability", (1, 0, (4,))),              # a choice is a number or a pair
    Action("ability", (1, 0, None)),
    Action("named", (None, None)),
    Action("named", ("x", 3)),
    Action("pass", (0,)),
])
def test_nested_optional_and_union_shapes(action):
    assert KINDS.check_shape(action) == KINDS[action.kind].says


def test_unknown_kinds_and_things_that_are_not_actions():
    assert KINDS.check_shape(Action("fly")) == "That is not a move of this game."
    assert KINDS.check_shape(Action(5, (1,))) == "That is not a move of this game."     # type: ignore[arg-type]
    assert KINDS.check_shape(Action(["pass"])) == "That is not a move of this game."   # type: ignore[arg-type]
    assert KINDS.check_shape(Action("pass", 7)) == PASS.says       # args not a tuple at all
    assert KINDS.check_shape(Action("pass", "ab")) == PASS.says
    assert KINDS.check_shape({"kind": "pass", "args": []}) == NOT_A_MOVE
    assert KINDS.check_shape(None) == NOT_A_MOVE
    assert "pass" in KINDS and "fly" not in KINDS and ["pass"] not in KINDS
    assert [k.kind for k in KINDS] == ["conjoin", "attack", "ability", "named", "pass"] and len(KINDS) == 5


def test_default_sentences_say_what_a_kind_takes():
    assert ATTACK.says == "An attack move names its unit (a number) and plan (a list of pairs of numbers)."
    assert ABILITY.says == ("An ability move names its unit (a number), index (a number) and "
                            "choice (a number or a pair of numbers).")
    assert NAMED.says == "A named move names its name (a word) and note (a word or nothing)."
    assert PASS.says == "A pass move takes nothing more."


def test_declarations_are_checked():
    class Bad(NamedTuple):
        kind: int

    with pytest.raises(ValueError, match="reserved"):
        ActionKind("bad", Bad)

    class Floaty(NamedTuple):
        x: float

    with pytest.raises(TypeError, match="not <class 'float'>"):
        ActionKind("floaty", Floaty)
    with pytest.raises(ValueError, match="twice"):
        ActionKinds(PASS, ActionKind("pass"), unknown="")
    assert shape_of(tuple[int, str]).one == "a group of a number, a word"


# --- in a game and a match -------------------------------------------------------------------
class Take(NamedTuple):
    pile: int
    stones: int


TAKE = ActionKind("take", Take, says="Name a pile and how many stones to take.")


class TypedNim(ToyNim):
    """Toy Nim with its one kind declared: its why_illegal would raise a TypeError on ("x", 1)."""
    action_kinds = ActionKinds(TAKE, unknown="Only taking stones is allowed.")


class UntypedNim(ToyNim):
    """A game that declares no kinds: nothing checks an action's shape before its rules."""
    action_kinds = None
    check_action = Game.check_action


class DefaultNim(TypedNim):
    why_illegal = Game.why_illegal          # the contract's default: the shape, then membership


def test_a_match_refuses_a_malformed_action_with_the_kinds_sentence():
    m = Match(TypedNim(), [Seat("human"), Seat("human")], 5)
    before = m.game.state_to_json(m.state)
    for bad in (Action("take", ("x", 1)), Action("take", (0,)), Action("take", (0, [1])),
                Action("take", (0, True))):
        with pytest.raises(IllegalAction, match="Name a pile"):
            m.play(bad)
    with pytest.raises(IllegalAction, match="Only taking"):
        m.play(Action("jump", ()))
    assert m.log == [] and m.game.state_to_json(m.state) == before
    m.play(TAKE(0, 1))
    assert len(m.log) == 1


def test_the_default_why_illegal_asks_the_shape_first():
    g = DefaultNim()
    s = g.setup({}, 5)
    assert g.check_action(Action("take", ("x", 1))) == TAKE.says
    assert g.why_illegal(s, Action("take", ("x", 1))) == TAKE.says
    assert g.why_illegal(s, Action("take", (0, 1))) is None
    assert g.why_illegal(s, Action("take", (9, 1))) == "That move is not allowed now."
    assert UntypedNim().check_action(Action("anything", ({},))) is None    # no kinds declared: no check


def test_a_saved_log_with_a_malformed_action_is_refused_with_the_sentence():
    m = Match(TypedNim(), [Seat("human"), Seat("human")], 5)
    m.play(TAKE(0, 1))
    data = m.to_json()
    data["log"][0]["action"]["args"] = [0, "1"]
    with pytest.raises(ValueError, match="move 1 of the saved log is illegal: Name a pile"):
        Match.from_json(data, TypedNim())
