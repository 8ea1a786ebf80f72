"""The oracle (tabletop.lab.oracle), the instrument that bounds what seeing hidden cards
could add: its search deals the real state, and no other bot sees more than its view."""

import json

import pytest

from tabletop.bots.base import make_bot
from tabletop.bots.ismcts import LEVELS
from tabletop.bots.base import bot_names
from tabletop.lab.oracle import OracleBot, _glass_types, glass_game, main
from tabletop.core import Rng
from tabletop.games.paargus.engine.rules import GAME


def _position(seed: int = 5, moves: int = 12):
    game = glass_game(GAME)
    s = game.setup({"hands": 1}, seed)
    bot, rng = make_bot("greedy", "easy"), Rng(seed)
    for _ in range(moves):
        seat = game.to_act(s)
        game.apply(s, bot.choose(game, game.view(s, seat), game.legal_actions(s), rng))
    return game, s


def test_oracle_search_deals_the_real_state():
    game, s = _position()
    view = game.view(s, game.to_act(s))
    assert game.glass[0] is view
    seer = _glass_types(type(GAME))[1]()
    seer.real = game.glass[1]
    dealt = seer.sample(view, Rng(1))
    assert dealt.deck == s.deck and dealt.hands == s.hands


def test_a_glass_view_shows_other_bots_nothing_more():
    game, s = _position()
    seat = game.to_act(s)
    glass_view, plain_view = game.view(s, seat), GAME.view(s, seat)
    assert GAME.view_to_json(glass_view) == GAME.view_to_json(plain_view)
    # a fair bot's deal from the glass view is a guess: the deck order differs
    dealt = game.sample(glass_view, Rng(2))
    assert dealt.deck != s.deck


def test_the_oracle_refuses_a_fair_view():
    s = GAME.setup({"hands": 1}, 3)
    seat = GAME.to_act(s)
    bot = OracleBot(LEVELS["easy"], "easy")
    with pytest.raises(ValueError):
        bot.choose(GAME, GAME.view(s, seat), GAME.legal_actions(s), Rng(0))


def test_a_game_with_slotted_views_can_be_glassed():
    from tabletop.games.pariah.engine.rules import GAME as PARIAH
    game = glass_game(PARIAH)
    s = game.setup(PARIAH.default_options(), 4)
    seat = game.to_act(s)
    view = game.view(s, seat)
    assert PARIAH.view_to_json(view) == PARIAH.view_to_json(PARIAH.view(s, seat))
    assert game.glass[0] is view and game.glass[1] is not s


def test_the_command_plays_whole_games_and_leaves_no_oracle_behind(capsys):
    assert main(["paargus", "--difficulty", "easy", "--opponent", "random", "--games", "2",
                 "--seed", "7", "--options", '{"hands": 1}']) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    oracle = report["entrants"][0]
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0
    assert oracle["bot"] == "oracle" and oracle["wins"] + oracle["losses"] + oracle["draws"] == 2
    assert oracle["search"]["iterations"] > 0          # it searched, on the glass game
    assert "oracle" not in bot_names()


def test_the_oracle_takes_the_hard_checks_seat_on_its_seeds(capsys):
    from tabletop.lab.balance import load_record
    record = load_record("pariah")
    stored = record["hard_check"]                  # where the fair hard bot sat
    assert main(["pariah", "--hard-check", "pariah", "--difficulty", "easy", "--games", "1"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [e["bot"] for e in report["entrants"]] == ["oracle", stored["against"]]
    assert report["seed"] == stored["seed"]
    by_id = {c["id"]: c["value"] for c in record["choices"]}
    assert report["seat_option"]["values"] == [by_id[stored["choice"]],
                                                by_id[stored["against_choice"]]]
    assert "oracle" not in bot_names()


@pytest.mark.parametrize("argv", [["paargus", "--hard-check", "pariah"],
                                  ["pariah", "--hard-check", "pariah", "--options", '{"x": 1}']])
def test_the_oracle_refuses_a_hard_check_it_cannot_sit(argv):
    with pytest.raises(SystemExit):
        main(argv + ["--games", "1"])
