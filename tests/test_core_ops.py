"""The effect-op registry (tabletop.core.ops): declaring ops, checking card data against them,
writing their text, executing them and valuing them."""

from dataclasses import dataclass

import pytest

from tabletop.core.ops import OpDataError, OpRegistry, Param
from tabletop.games.pariah.engine import cards as pariah_cards
from tabletop.games.trials.engine import cards as trials_cards


@dataclass(frozen=True)
class Step:
    op: str
    to: str = "you"
    n: int = 0
    fast: bool = False
    colour: str = ""


def registry() -> OpRegistry:
    reg = OpRegistry("toy", common=(Param("to", str, "you", ("you", "foe"), "reference"),))

    @reg.op("gain", params=(Param("n", default=1),), text=lambda st, who: f"{who} gains {st.n}",
            value=lambda st, worth: worth * st.n)
    def gain(st, purse):
        purse[st.to] = purse.get(st.to, 0) + st.n
        return purse

    reg.declare("paint", params=(Param("colour", str, choices=("red", "blue"), what="colour"),
                                 Param("fast", bool)),
                text=lambda st, who: f"paint it {st.colour}" + (" quickly" if st.fast else ""),
                kind="static")
    return reg


def test_an_op_is_declared_once_with_its_params_text_execution_and_value():
    reg = registry()
    assert reg.names() == ("gain", "paint") and len(reg) == 2 and "gain" in reg and "fly" not in reg
    gain = reg["gain"]
    assert [p.name for p in reg.params("gain")] == ["to", "n"]
    assert gain.execute is not None and gain.value is not None and gain.kind == ""
    assert reg["paint"].execute is None and reg["paint"].kind == "static"
    with pytest.raises(ValueError, match="declared twice"):
        reg.declare("gain", text=lambda st: "")
    with pytest.raises(ValueError, match="clashing"):
        reg.declare("grab", params=(Param("to", str),), text=lambda st: "")
    assert "grab" not in reg


def test_the_decorator_gives_back_the_function_it_declares():
    reg = OpRegistry("toy")

    def spin(st):
        return "spun"
    assert reg.op("spin", text=lambda st: "spin")(spin) is spin
    assert reg["spin"].execute is spin


def test_check_fills_in_defaults_and_returns_every_parameter():
    reg = registry()
    assert reg.check({"op": "gain"}, "coin") == {"op": "gain", "to": "you", "n": 1}
    assert reg.check({"op": "gain", "to": "foe", "n": 3}, "coin") == {"op": "gain", "to": "foe", "n": 3}
    assert reg.check({"op": "paint", "colour": "red"}, "brush") == \
        {"op": "paint", "to": "you", "colour": "red", "fast": False}
    assert Step(**reg.check({"op": "paint", "colour": "blue", "fast": True}, "x")).fast is True


@pytest.mark.parametrize("raw, message", [
    ({"op": "fly"}, "wand: unknown op 'fly'"),
    ({}, "wand: unknown op None"),
    ({"op": "gain", "colour": "red"}, "wand: gain takes no ['colour']"),
    ({"op": "gain", "n": "2"}, "wand: gain's n must be a whole number, not '2'"),
    ({"op": "gain", "n": True}, "wand: gain's n must be a whole number, not True"),
    ({"op": "gain", "to": "them"}, "wand: unknown reference 'them'"),
    ({"op": "paint", "colour": "green"}, "wand: unknown colour 'green'"),
    ({"op": "paint"}, "wand: unknown colour ''"),          # a default outside the choices is no value
    ({"op": "paint", "colour": "red", "fast": 1}, "wand: paint's fast must be true or false, not 1"),
    ({"op": "paint", "colour": 7}, "wand: paint's colour must be a str, not 7"),
])
def test_bad_card_data_fails_naming_the_card_and_the_op(raw, message):
    with pytest.raises(OpDataError) as err:
        registry().check(raw, "wand")
    assert str(err.value) == message


def test_text_of_a_step_and_of_several():
    reg = registry()
    steps = [Step("gain", n=2), Step("paint", colour="red", fast=True)]
    assert reg.text(steps[0], "you") == "you gains 2"
    assert reg.texts(steps, "Ann") == "Ann gains 2; paint it red quickly"
    assert reg.texts(steps, "Ann", sep=", then ") == "Ann gains 2, then paint it red quickly"


def test_execute_and_value_dispatch_on_the_op():
    reg = registry()
    assert reg.execute(Step("gain", to="foe", n=2), {"foe": 1}) == {"foe": 3}
    assert reg.ops()["gain"].execute(Step("gain", n=1), {}) == {"you": 1}
    assert reg.value(Step("gain", n=3), 0.5) == 1.5
    assert reg.value(Step("paint", colour="red"), 0.5) == 0.0
    assert reg.value(Step("paint", colour="red"), 0.5, default=-1.0) == -1.0
    with pytest.raises(ValueError, match="not executed"):
        reg.execute(Step("paint", colour="red"), {})


def test_ops_is_a_copy_so_the_registry_cannot_be_changed_through_it():
    reg = registry()
    reg.ops().pop("gain")
    assert "gain" in reg


def test_each_game_has_its_own_registry():
    assert trials_cards.OPS is not pariah_cards.OPS
    assert trials_cards.OPS.game == "trials" and pariah_cards.OPS.game == "pariah"
    assert "split" in trials_cards.OPS and "split" not in pariah_cards.OPS
    assert "destroy_emblem" in pariah_cards.OPS and "destroy_emblem" not in trials_cards.OPS
