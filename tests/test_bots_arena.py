"""The arena: report shape, counting, seat rotation, determinism, saves."""

from __future__ import annotations

import dataclasses
import json

import pytest
import test_bots_support  # noqa: F401  (registers the test bots)
from test_bots_support import BrokenNim, SpyBot, SpyNim
from toygame import GAME

from tabletop.lab.arena import format_table, main, run_arena
from tabletop.bots.base import register_bot, unregister_bot

TOY = "toygame:PLUGIN"
KEYS = {"game", "games", "errors", "illegal", "unfinished", "entrants"}
ENTRANT_KEYS = {"bot", "wins", "losses", "draws", "ahead", "decision_ms"}


def _without_timings(report):
    out = json.loads(json.dumps(report))
    for e in out["entrants"]:
        e.pop("decision_ms")
    out.pop("earlier_seconds", None)
    return out


def test_report_has_the_exact_shape():
    report = run_arena(TOY, ["greedy", "random"], games=10, seed=4)
    assert set(report) == KEYS
    assert report["game"] == "toynim" and report["games"] == 10
    assert [e["bot"] for e in report["entrants"]] == ["greedy", "random"]
    for e in report["entrants"]:
        assert set(e) == ENTRANT_KEYS
        assert set(e["decision_ms"]) == {"median", "p95"}
        assert 0 <= e["decision_ms"]["median"] <= e["decision_ms"]["p95"]
    json.dumps(report)


def test_greedy_beats_random_at_nim():
    report = run_arena(TOY, ["greedy", "random"], games=200, seed=1)
    greedy, rand = report["entrants"]
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0
    assert greedy["wins"] + rand["wins"] == 200
    assert greedy["wins"] >= 160, format_table(report)


def test_counts_add_up_and_difficulty_is_parsed():
    report = run_arena(TOY, ["greedy:hard", "greedy:easy"], games=30, seed=9)
    for e in report["entrants"]:
        assert e["wins"] + e["losses"] + e["draws"] == 30
    assert [e["bot"] for e in report["entrants"]] == ["greedy:hard", "greedy:easy"]


def test_in_a_duel_finishing_ahead_is_winning():
    report = run_arena(TOY, ["greedy", "random"], games=30, seed=9)
    first, second = report["entrants"]
    assert first["ahead"] == [0, first["wins"]] and second["ahead"] == [second["wins"], 0]


def test_at_a_table_every_pair_is_ranked_by_the_places_the_game_gives():
    # Trials at a table of three: the winner is ahead of both rivals, and of the two who went
    # out, the one who went later is ahead; over a game every pair is ranked once or level
    report = run_arena("trials", ["random", "random", "random"], games=6, seed=3)
    ahead = [e["ahead"] for e in report["entrants"]]
    decided = 6 - report["errors"] - report["unfinished"]
    for i in range(3):
        assert ahead[i][i] == 0
        assert sum(ahead[i]) >= 2 * report["entrants"][i]["wins"]
        for j in range(i + 1, 3):
            assert ahead[i][j] + ahead[j][i] <= decided
    # most games are not decided in one blow: pairs are ranked beyond who won
    assert sum(map(sum, ahead)) > 2 * decided


def test_same_seed_same_report():
    a = run_arena(TOY, ["greedy", "random"], games=25, seed=123)
    b = run_arena(TOY, ["greedy", "random"], games=25, seed=123)
    c = run_arena(TOY, ["greedy", "random"], games=25, seed=124)
    assert _without_timings(a) == _without_timings(b)
    assert a["entrants"][1]["wins"] > 0 or c["entrants"][1]["wins"] > 0  # random can win


def test_seats_alternate():
    instances = []

    class Recorder:
        name = "recorder"

        def __init__(self):
            self.seats = set()
            instances.append(self)

        def choose(self, game, view, legal, rng):
            self.seats.add(view.turn)
            return rng.choice(legal)

    register_bot("recorder", lambda d, policy: Recorder())
    try:
        run_arena(TOY, ["recorder", "random"], games=6, seed=0)
    finally:
        unregister_bot("recorder")
    # one Recorder per game (plus the one made to check the name up front);
    # the second seat always moves in this Nim, so every game shows its seat
    played = [r.seats for r in instances if r.seats]
    assert played == [{0}, {1}, {0}, {1}, {0}, {1}]


def test_bots_only_receive_views():
    SpyBot.seen = 0
    game = SpyNim()
    report = run_arena(game, ["greedy", "spy"], games=10, seed=2)
    assert report["errors"] == 0          # an assertion in a bot would count as an error
    assert SpyBot.seen > 0 and game.samples > 0


def test_illegal_answers_are_counted_and_replaced():
    report = run_arena(TOY, ["illegal", "random"], games=10, seed=3)
    assert report["illegal"] > 0
    assert report["errors"] == 0 and report["unfinished"] == 0
    for e in report["entrants"]:
        assert e["wins"] + e["losses"] + e["draws"] == 10


def test_a_bot_crash_counts_as_an_error_and_the_run_goes_on():
    report = run_arena(TOY, ["boom", "random"], games=6, seed=3)
    assert report["errors"] == 6
    assert all(e["wins"] == e["losses"] == e["draws"] == 0 for e in report["entrants"])


def test_an_engine_error_ends_that_game_only():
    report = run_arena(BrokenNim(), ["random", "random"], games=6, seed=3)
    assert report["errors"] == 3
    assert sum(e["wins"] for e in report["entrants"]) == 3


def test_move_cap_makes_games_unfinished():
    report = run_arena(TOY, ["random", "random"], games=4, seed=0, max_moves=1)
    assert report["unfinished"] == 4
    assert all(e["wins"] == 0 for e in report["entrants"])


def test_progress_and_bad_arguments():
    seen = []
    run_arena(TOY, ["random", "random"], games=3, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(ValueError, match="players"):
        run_arena(TOY, ["random", "random", "random"], games=1)
    with pytest.raises(ValueError, match="known bots"):
        run_arena(TOY, ["random", "nobody"], games=1)


def test_format_table_and_main(capsys):
    report = run_arena(TOY, ["greedy", "random"], games=4, seed=0)
    table = format_table(report)
    assert "greedy" in table and "random" in table and "4 games" in table
    assert main([TOY, "greedy", "random", "--games", "3", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == KEYS


def test_save_dir_writes_each_finished_game(tmp_path):
    saves = pytest.importorskip("tabletop.store.saves")
    folder = tmp_path / "arena"
    report = run_arena(TOY, ["greedy", "random"], games=3, seed=5, save_dir=folder)
    assert report["errors"] == 0
    store = saves.SaveStore(folder=folder)
    infos = store.list()
    assert len(infos) == 3 and all(i.error is None and i.finished for i in infos)
    match = store.load(infos[0].id, games=lambda game_id: GAME)   # replays the real log
    assert match.result() is not None
    assert [s.kind for s in match.seats] == ["bot", "bot"]
    assert {s.name for s in match.seats} == {"greedy", "random"}


def test_a_stopped_long_run_is_taken_up_where_it_stopped(tmp_path, monkeypatch):
    """Finished batches are kept: a run started again plays only the missing ones, and the
    report is the one an uninterrupted run gives."""
    whole = run_arena(TOY, ["greedy", "random"], games=16, seed=7, jobs=2)
    first = run_arena(TOY, ["greedy", "random"], games=16, seed=7, jobs=2, resume_dir=tmp_path)
    assert _without_timings(first) == _without_timings(whole)
    kept = sorted(tmp_path.glob("*/batch-*.json"))
    assert len(kept) == 8                                    # 16 games in batches of 2
    kept[0].unlink()                                         # as if stopped before that batch
    kept[1].write_bytes(b"cut short")                        # and in the middle of this one
    seen = []
    again = run_arena(TOY, ["greedy", "random"], games=16, seed=7, jobs=2, resume_dir=tmp_path,
                      progress=lambda done, total: seen.append(done))
    assert _without_timings(again) == _without_timings(whole)
    assert seen[0] == 12                                     # six batches were there already
    # the kept batches' time counts: the report says how long all the games took
    took = sum(json.loads(p.read_text())["seconds"] for p in kept[2:])
    assert took > 0 and again["earlier_seconds"] == pytest.approx(took, abs=0.1)
    other = run_arena(TOY, ["greedy", "random"], games=16, seed=8, jobs=2, resume_dir=tmp_path)
    assert len(list(tmp_path.iterdir())) == 2                # another run, another folder
    assert other["games"] == 16
    # new rules: the batches played under the old ones are not taken up
    monkeypatch.setattr(type(GAME), "info", dataclasses.replace(GAME.info, version=2))
    seen.clear()
    run_arena(TOY, ["greedy", "random"], games=16, seed=7, jobs=2, resume_dir=tmp_path,
              progress=lambda done, total: seen.append(done))
    assert len(list(tmp_path.iterdir())) == 3 and seen[0] == 2
