"""Turning points: the hard bot rates each human decision from that seat's view.

A planted losing move must come out as the top turning point; `tabletop review --json` has the
same shape for every game; the review kept beside the save is read back at once, and a damaged
or stale one is made again with a sentence."""

from __future__ import annotations

import json
import os

import pytest
from paargus_helpers import match_until_a_winning_conjunction, winning_conjunctions

from tabletop.bots.base import make_bot, resolve_plugin
from tabletop.bots.review import review_match
from tabletop.cli import main
from tabletop.core import Action, Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.store.reviews import keep_review, review_path
from tabletop.store.saves import SaveStore

GAMES = ("paargus", "trials", "pariah", "paragons", "brawl")


def test_a_thrown_away_win_is_the_top_turning_point():
    m = match_until_a_winning_conjunction(16)
    assert m is not None
    wins = winning_conjunctions(m.state)
    m.play(Action("end_turn"))               # Ada could win the match at once, and ends her turn instead
    planted = len(m.log)
    doc = review_match(m, budget=300)
    top = doc["turning_points"][0]
    assert top == planted
    rated = {d["move"]: d for d in doc["decisions"]}[planted]
    assert rated["chosen"]["action"] == {"kind": "end_turn", "args": []}
    assert Action.from_json(rated["bot"]["action"]) in wins
    assert rated["bot"]["value"] > 0.95 and rated["swing"] > 0.15
    # every other decision of Ada's (the bots' own rollout moves) gave away less
    assert all(d["swing"] < rated["swing"] for d in doc["decisions"] if d["move"] != planted)


def test_a_review_is_the_same_every_time_for_a_budget():
    m = match_until_a_winning_conjunction(4)
    first, again = review_match(m, budget=80), review_match(m, budget=80)
    first.pop("seconds"), again.pop("seconds")
    assert first == again


def _short_save(game_id: str, folder, moves: int = 60, seed: int = 5):
    game = get_game(game_id)
    match = Match(game, [Seat("human", "Ada"), Seat("bot", "Bot", "ismcts", "hard")], seed,
                  {"hands": 1} if game_id == "paargus" else None, match_id=f"{game_id}-short")
    bot, rng = make_bot("greedy", "easy", resolve_plugin(game).policy), Rng(seed)
    while match.to_act is not None and len(match.log) < moves:
        match.play(bot.choose(game, game.view(match.state, match.to_act), match.legal_actions(), rng))
    return SaveStore(folder).save(match), match


@pytest.mark.parametrize("game_id", GAMES)
def test_review_json_lists_every_human_decision_with_both_moves_and_values(game_id, tmp_path, capsys):
    path, match = _short_save(game_id, tmp_path)
    assert main(["review", str(path), "--json", "--budget", "12"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == game_id and doc["moves"] == len(match.log) and doc["seats"] == [0]
    # every decision of the human seat with a choice, and nothing else
    state, expected = match.replay(0), []
    for i, entry in enumerate(match.log):
        if entry.seat == 0 and len(match.game.legal_actions(state)) > 1:
            expected.append(i + 1)
        match.game.apply(state, entry.action, checked=True)
    assert [d["move"] for d in doc["decisions"]] == expected and expected
    for d in doc["decisions"]:
        assert d["seat"] == 0 and d["legal"] > 1
        assert Action.from_json(d["chosen"]["action"]) == match.log[d["move"] - 1].action
        for side in ("chosen", "bot"):
            assert isinstance(d[side]["label"], str) and d[side]["label"]
            v = d[side]["value"]
            assert v is None or 0.0 <= v <= 1.0
        assert d["same"] == (d["chosen"]["action"] == d["bot"]["action"])
        assert 0.0 <= d["swing"] <= 1.0 and (d["swing"] == 0.0 or not d["same"])
    moves = {d["move"] for d in doc["decisions"]}
    assert set(doc["turning_points"]) <= moves and len(doc["turning_points"]) <= 3
    assert set(doc["disagreements"]) <= moves and len(doc["disagreements"]) <= 3
    swings = [next(d["swing"] for d in doc["decisions"] if d["move"] == m) for m in doc["turning_points"]]
    assert swings == sorted(swings, reverse=True)
    # kept beside the save: the second look reads it back instead of searching again
    kept = review_path(path)
    assert json.loads(kept.read_text())["digest"] == doc["digest"]
    before = kept.stat().st_mtime_ns
    assert main(["review", str(path), "--json", "--budget", "12"]) == 0
    assert json.loads(capsys.readouterr().out) == doc
    assert kept.stat().st_mtime_ns == before


@pytest.mark.parametrize("damage", [b"\x00\xffnot json", b"[1, 2]", b'{"decisions": []}',
                                    b'{"moves": 3, "digest": "x", "seats": [0], "budget": {}, "decisions": []}'])
def test_a_damaged_kept_review_is_made_again_with_a_sentence(damage, tmp_path, capsys):
    path, _ = _short_save("paargus", tmp_path, moves=20)
    review_path(path).write_bytes(damage)
    assert main(["review", str(path), "--budget", "10"]) == 0
    out, err = capsys.readouterr()
    assert "was damaged, so it is made again" in err and "Traceback" not in err
    assert "Turning points" in out
    assert json.loads(review_path(path).read_text())["moves"] == 20


def test_a_changed_save_is_reviewed_again(tmp_path, capsys):
    path, match = _short_save("paargus", tmp_path, moves=20)
    assert main(["review", str(path), "--json", "--budget", "10"]) == 0
    first = json.loads(capsys.readouterr().out)
    match.play(match.legal_actions()[0])
    SaveStore(tmp_path).save(match)
    assert main(["review", str(path), "--json", "--budget", "10"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["moves"] == 21 and again["digest"] != first["digest"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_review_that_cannot_be_kept_is_shown_with_a_sentence(tmp_path, capsys):
    path, _ = _short_save("paargus", tmp_path, moves=20)
    tmp_path.chmod(0o500)
    try:
        assert main(["review", str(path), "--budget", "10"]) == 0
    finally:
        tmp_path.chmod(0o700)
    out, err = capsys.readouterr()
    assert "could not be kept beside the save" in err and "Turning points" in out


def test_keep_review_says_why_it_could_not_write(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert "could not be kept" in keep_review(blocker / "x.json", {"decisions": []})


def test_review_refuses_a_bad_budget_and_seat(tmp_path, capsys):
    path, _ = _short_save("paargus", tmp_path, moves=10)
    assert main(["review", str(path), "--budget", "lots"]) == 2
    assert "a budget is a number of iterations" in capsys.readouterr().err
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert "players 1 to 2" in capsys.readouterr().err


def test_deleting_a_save_removes_its_kept_review(tmp_path):
    path, _ = _short_save("paargus", tmp_path, moves=10)
    review_path(path).write_text("{}")
    SaveStore(tmp_path).delete(path.stem)
    assert not review_path(path).exists()


# --- what one search knows (ISMCTSBot.analyse) on the toy Nim ----------------------------------
def _nim_bot(iterations=400):
    from toygame import POLICY
    from tabletop.bots.ismcts import ISMCTSBot
    return ISMCTSBot.for_difficulty("normal", POLICY, seconds=None, rollout_depth=1,
                                    iterations=iterations)


def test_analyse_plays_what_choose_plays_and_rates_the_losing_move_low():
    from toygame import GAME as NIM, NimState
    state = NimState([0, 0, 4], [3, 7], 0, Rng(1))
    legal, view = NIM.legal_actions(state), NIM.view(state, 0)
    bot = _nim_bot()
    found = bot.analyse(NIM, view, legal, Rng(3))
    assert found.best == bot.choose(NIM, view, legal, Rng(3)) == Action("take", (2, 4))
    visits, mean = found.stats[found.best]
    assert mean > 0.9 and visits == max(v for v, _ in found.stats.values())
    assert sum(v for v, _ in found.stats.values()) == found.iterations <= 400   # settled early
    # taking two or three leaves the opponent a pile to take whole
    assert found.stats[Action("take", (2, 2))][1] < 0 and found.stats[Action("take", (2, 3))][1] < 0


def test_the_players_move_gets_its_floor_of_tries():
    from toygame import GAME as NIM, NimState
    state = NimState([0, 0, 4], [3, 7], 0, Rng(1))
    legal, view = NIM.legal_actions(state), NIM.view(state, 0)
    bad = Action("take", (2, 1))
    plain = _nim_bot().analyse(NIM, view, legal, Rng(3))
    focused = _nim_bot().analyse(NIM, view, legal, Rng(3), focus=bad, focus_visits=100)
    assert plain.stats[bad][0] < 100 <= focused.stats[bad][0]
    assert focused.best == plain.best
    # a handful of tries could not see that the opponent takes the three left; a hundred do
    assert plain.stats[bad][1] > 0 > -0.8 > focused.stats[bad][1]
