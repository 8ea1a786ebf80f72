"""Trials from the command line and for the bots, before the game is in the registry."""

import json

from tabletop.bots.base import make_bot, resolve_game
from tabletop.cli import main
from tabletop.core import Rng
from tabletop.games.trials.engine.rules import GAME


def test_cards_trials_json_lists_the_pool(capsys):
    assert main(["cards", "trials", "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    types = [c["type"] for c in cards]
    assert (types.count("avatar"), types.count("ability"), types.count("equipment")) == (16, 88, 112)
    assert all(c["fallen"]["subtypes"] == ["Fallen"] for c in cards if c["type"] == "avatar")
    assert all(c["text"] or not (c["effects"] or c["keywords"]) for c in cards)


def test_bench_trials_prints_engine_and_frame_figures(capsys, quick_bench):
    assert main(["bench", "trials", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "trials" and figures["apply_us"] > 0 and figures["clone_us"] > 0
    assert figures["search_iterations_per_s"] > 0
    assert figures["move_count"] == quick_bench and figures["move_ms"] > 0
    assert figures["frame_ms"] > 0 and figures["frame_sprites"] > 20      # the table is in the app


def test_the_bots_play_trials_through_resolve_game():
    game = resolve_game("tabletop.games.trials.engine.rules:GAME")
    assert game is GAME
    s = GAME.setup({}, 5)
    rng = Rng(5)
    for name in ("greedy", "ismcts"):
        bot = make_bot(name, "easy")
        for _ in range(6):
            seat = GAME.to_act(s)
            legal = GAME.legal_actions(s)
            a = bot.choose(GAME, GAME.view(s, seat), legal, rng)
            assert a in legal
            GAME.apply(s, a)
