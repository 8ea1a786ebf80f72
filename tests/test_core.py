"""The engine contract's shared parts: Rng, Action, Event, Match log and undo."""

import json

import pytest

from tabletop.core import Action, Event, Rng
from tabletop.core.game import IllegalAction
from tabletop.core.match import Match, Seat
from toygame import GAME


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    counts = [0] * 6
    r = Rng(1)
    for _ in range(6000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(800 < c < 1200 for c in counts)
    deck = list(range(20))
    Rng(3).shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    assert Rng.from_json(json.loads(json.dumps(a.to_json()))).next64() == a.clone().next64()


def test_action_json_round_trip_ignores_the_label():
    a = Action("conjoin", (1, (3, 4, 5)), "a label")
    back = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert back == a and hash(back) == hash(a) and back.label == ""
    with pytest.raises(ValueError):
        Action.from_json({"nope": 1})


def test_event_hides_private_data_from_other_seats():
    e = Event("draw", {"card": 3}, private_to=0, public_data={"seat": 0})
    assert e.for_seat(0) is e and not e.withheld
    for other in (1, None):
        assert e.for_seat(other).data == {"seat": 0} and e.for_seat(other).withheld


def _match(seed=5, casual=False):
    return Match(GAME, [Seat("human"), Seat("bot")], seed, casual=casual)


def test_match_refuses_an_illegal_move_with_the_reason():
    m = _match()
    with pytest.raises(IllegalAction, match="no such pile"):
        m.play(Action("take", (9, 1)))
    assert m.log == []


def test_undo_takes_back_the_seats_last_move_and_the_bot_replies():
    m = _match()
    m.play(m.legal_actions()[0])          # human
    m.play(m.legal_actions()[0])          # bot
    before = GAME.state_to_json(m.replay(0))
    assert m.undo(for_seat=0)
    assert m.log == [] and GAME.state_to_json(m.state) == before


def test_undo_never_crosses_a_reveal_unless_casual():
    class Revealing(type(GAME)):
        def after(self, s, a, events):
            events.append(Event("roll", {}, reveals=True))
    game = Revealing()
    m = Match(game, [Seat(), Seat()], 1)
    m.play(m.legal_actions()[0])
    assert not m.can_undo() and not m.undo()
    m = Match(game, [Seat(), Seat()], 1, casual=True)
    m.play(m.legal_actions()[0])
    assert m.undo() and m.log == []


def test_match_json_replays_and_detects_a_doctored_log():
    m = _match()
    while m.to_act is not None:
        m.play(m.legal_actions()[-1])
    data = json.loads(json.dumps(m.to_json()))
    again = Match.from_json(data, GAME)
    assert again.snapshot_matches(data["snapshot"]) and again.result().winners == m.result().winners
    data["log"][0]["action"]["args"] = [0, 99]
    with pytest.raises(ValueError, match="illegal"):
        Match.from_json(data, GAME)
