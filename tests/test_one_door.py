"""One door for a move (issue 81): every move goes through `Game.apply`, and the rules are asked
whether it is legal exactly once: by the Match's check, carried to the engine, never again by
the engine itself; a replay from a save asks once per move too, and the search's handlers are
the player's."""

from __future__ import annotations

import pytest

from journey_games import GAMES, seats
from player import Player
from tabletop.core import Rng
from tabletop.core.game import Game, IllegalAction
from tabletop.core.match import Match, Seat
from tabletop.games.registry import game_ids, get_game


class Counting:
    """Counts the calls of one of an engine's methods (the engine's own method does the work)."""

    def __init__(self, game: Game, name: str) -> None:
        self.calls = 0
        real = getattr(game, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return real(*args, **kwargs)
        setattr(game, name, counted)


def a_match(game_id: str, seed: int = 3) -> Match:
    game = type(get_game(game_id))()                 # an instance of its own to count on
    return Match(game, [Seat("human")] * min(game.info.players), seed)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_move_asks_the_rules_once(game_id):
    m = a_match(game_id)
    asked = Counting(m.game, "why_illegal")
    rng = Rng(5)
    for n in range(1, 61):
        if m.to_act is None:
            break
        action = rng.choice(m.legal_actions())
        if n % 2:
            m.play(m.check(action))                  # as the table does: checked, then played
        else:
            m.play(action)                           # a bare action: the Match checks it
        assert asked.calls == n, f"move {n} asked the rules {asked.calls - n + 1} times"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_save_replays_asking_once_a_move_and_undo_asks_none(game_id):
    m = a_match(game_id)
    rng = Rng(8)
    while len(m.log) < 40 and m.to_act is not None:
        m.play(rng.choice(m.legal_actions()))
    data = m.to_json()
    game = type(m.game)()
    asked = Counting(game, "why_illegal")
    again = Match.from_json(data, game)
    assert asked.calls == len(m.log)
    assert game.state_to_json(again.state) == game.state_to_json(m.state)
    asked.calls = 0
    again.replay(len(again.log) // 2)                # the log it holds was checked as it was played
    assert asked.calls == 0


@pytest.mark.parametrize("game_id", game_ids())
def test_every_kind_has_a_handler_named_after_its_arguments(game_id):
    game = get_game(game_id)
    assert {k.kind for k in game.action_kinds} == set(game.handlers)
    assert "apply" not in type(game).__dict__, "the door is core's: a game brings handlers"


def test_a_handler_whose_arguments_are_not_the_kinds_is_refused_when_the_class_is_made():
    from tabletop.core.game import handles
    paargus = type(get_game("paargus"))
    from tabletop.games.paargus.engine import actions
    with pytest.raises(TypeError, match="must be"):
        type("Odd", (paargus,), {"_x": handles(actions.TRADE)(lambda self, s, seat, ev, a, b: None)})


@pytest.mark.parametrize("game_id", game_ids())
def test_an_illegal_action_is_refused_at_the_door_and_changes_nothing(game_id):
    game = get_game(game_id)
    s = game.setup(game.default_options(min(game.info.players)), 4, min(game.info.players))
    before = game.state_to_json(s)
    kind = next(iter(game.action_kinds))
    with pytest.raises(IllegalAction):
        game.apply(s, kind.of(tuple("x" for _ in kind.fields)))
    assert game.state_to_json(s) == before


@pytest.mark.parametrize("game_id", game_ids())
def test_the_search_without_events_plays_the_same_moves(game_id):
    """events=False (the bots' search) drops only the words: the states stay equal."""
    game = get_game(game_id)
    n = min(game.info.players)
    a, b = game.setup({}, 6, n), game.setup({}, 6, n)
    rng = Rng(2)
    told = 0
    for _ in range(150):
        if game.to_act(a) is None:
            break
        action = rng.choice(game.legal_actions(a))
        told += len(game.apply(a, action, checked=True))
        assert game.apply(b, action, checked=True, events=False) == []
        assert game.state_to_json(a) == game.state_to_json(b)
    assert told > 0, "the player's door told what happened; only the search's kept quiet"


@pytest.mark.gui
@pytest.mark.parametrize("game_id", ["paargus", "paragons"])
def test_in_the_app_a_move_made_by_hand_asks_the_rules_once(qapp, tabletop_home, game_id):
    spec = GAMES[game_id]
    me = Player()
    me.set_animations_off()
    me.new_match(game_id, seats(2))
    asked = Counting(me.ctrl.match.game, "why_illegal")
    start = len(me.ctrl.match.log)
    me.play(6, spec.route, spec.choose)
    me.settle_table()
    made = len(me.ctrl.match.log) - start           # the bot's moves come through the same door
    assert made >= 6 and asked.calls == made, f"{asked.calls} questions for {made} moves"
    me.close()

