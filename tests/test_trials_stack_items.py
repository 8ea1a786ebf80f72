"""Trials on the shared response window: its stack items keep the list form saves have always had."""

import json

from tabletop.core import Rng
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.engine.stack_item import TrialsItem
from tabletop.games.trials.engine.state import TrialsState


def test_an_item_saves_as_the_old_eight_field_list():
    it = TrialsItem("attack", 1, 100, 0, -1, -1, (3,), 0)
    assert (it.kind, it.seat, it.cid, it.index, it.targets) == ("attack", 1, 100, 0, (3,))
    assert it.to_json() == ["attack", 1, 100, 0, -1, -1, [3], 0]
    assert TrialsItem.from_json(["play", 0, 7, -1, 0, -1, [], 1]) == TrialsItem("play", 0, 7, -1, 0, -1, (), 1)


def _deep_stack_state(players: int) -> TrialsState:
    """A seeded random game played until the stack holds a response on top of a declaration."""
    for seed in range(40):
        s = GAME.setup(GAME.default_options(players) if players > 2 else {}, seed, players)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            if len(s.stack) >= 2:
                return s
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    raise AssertionError("no game stacked a response")


def test_a_state_with_a_stack_round_trips_and_clones_cheaply():
    for players in (2, 4):
        s = _deep_stack_state(players)
        data = json.loads(json.dumps(s.to_json()))
        assert all(isinstance(it, list) and len(it) == 8 and isinstance(it[6], list) for it in data["stack"])
        back = TrialsState.from_json(data)
        assert back.stack == s.stack and all(type(it) is TrialsItem for it in back.stack)
        assert back.to_json() == s.to_json()
        c = s.clone()
        assert c.stack == s.stack and c.stack is not s.stack
        GAME.apply(c, GAME.legal_actions(c)[-1])        # moving the clone leaves the original alone
        assert s.to_json()["stack"] == data["stack"]
