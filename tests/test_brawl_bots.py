"""The bots on Champions' Brawl: the policy's hooks checked against the engine (the evaluation's
bounds and zero sum, pruned and playout moves legal), the set-up heuristics, what the
evaluation prefers, and short seeded games of the search bot against random."""

from __future__ import annotations

import pytest

from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.random_bot import RandomBot
from tabletop.core import Rng
from tabletop.games.brawl.bot import playbook as book
from tabletop.games.brawl.bot import policy as P
from tabletop.games.brawl.bot import setupcraft as craft
from tabletop.games.brawl.bot import tactics as T
from tabletop.lab.games.brawl import REPORT as PLAN
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import card_of
from tabletop.games.brawl.engine.cards import challenges
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import DEPLOY, PICK, PLAY, REDRAW, TRAPS, team


def _positions(seeds, options=None, random_share=1):
    """States met in seeded play: the playbook's moves, one in three (random_share) replaced by
    a uniform random one, so odd positions come up too."""
    for seed in seeds:
        rng = Rng(seed * 31 + 7)
        s = GAME.setup(dict(options or {}), seed)
        while GAME.to_act(s) is not None:
            yield s
            legal = GAME.legal_actions(s)
            move = rng.choice(legal) if rng.below(3) < random_share else book.rollout_action(s, rng)
            GAME.apply(s, move)


def _in_play(seed: int, moves: int = 0):
    """A state of the Activation Phase: set-up by the playbook, then `moves` of its moves."""
    s = GAME.setup({}, seed)
    rng = Rng(seed)
    while s.phase != PLAY:
        GAME.apply(s, book.best(s))
    for _ in range(moves):
        GAME.apply(s, book.rollout_action(s, rng))
    return s


# --- the hooks against the engine --------------------------------------------------------------

def test_evaluation_is_bounded_zero_sum_and_final():
    seen = 0
    for s in _positions(range(6)):
        a, b = P.evaluate(s, 0), P.evaluate(s, 1)
        assert -1.0 <= a <= 1.0
        assert a == pytest.approx(-b)
        seen += 1
    assert seen > 300
    assert P.evaluate(s, s.winner) == 1.0 and P.evaluate(s, 1 - s.winner) == -1.0


def test_pruned_moves_are_legal_never_empty_and_what_the_search_sees():
    for s in _positions(range(8)):
        legal = GAME.legal_actions(s)
        kept = P.prune_actions(s, legal)
        assert kept and set(kept) <= set(legal)
        assert len(set(kept)) == len(kept)
        assert P.search_actions(s) == kept
        if s.phase == PLAY and not s.pending and s.prio < 0 and any(a.kind == "end" for a in legal):
            # ending the turn is weighed once no card or standard action gains anything
            gains = [book.card_gain(s, a.args[0]) for a in kept if a.kind == "play"]
            assert any(a.kind == "end" for a in kept) == (not gains or max(gains) <= 0) or any(
                a.kind == "standard" for a in kept)


def test_playout_moves_are_legal():
    rng = Rng(5)
    for s in _positions(range(8, 14)):
        move = book.rollout_action(s, rng)
        assert move in GAME.legal_actions(s), (move, s.phase)


def test_playout_runs_whole_games_unchecked():
    for seed in range(20):
        s = GAME.setup({}, seed)
        made = P.playout(s, Rng(seed), 5000)
        assert GAME.result(s) is not None and 0 < made < 5000


# --- set-up ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("picks", ["alternate", "free"])
def test_setup_choices_are_legal(picks):
    for seed in range(4):
        s = GAME.setup({"picks": picks}, seed)
        while s.phase in (PICK, REDRAW, TRAPS, DEPLOY):
            seat = GAME.to_act(s)
            view = GAME.view(s, seat)
            move = craft.setup_move(GAME.sample(view, Rng(seed)), seat)
            assert move in GAME.legal_actions(s)
            assert P.prune_actions(s, GAME.legal_actions(s)) == [move]
            GAME.apply(s, move)
        assert s.phase == PLAY


def test_picks_follow_the_preference():
    s = GAME.setup({}, 3)
    GAME.apply(s, book.best(s))
    assert s.picks[s.first] == [craft.PREFERENCE[0]]


def test_redraw_keeps_one_card_of_each_colour():
    for seed in range(10):
        s = GAME.setup({}, seed)
        while s.phase == PICK:
            GAME.apply(s, book.best(s))
        seat = GAME.to_act(s)
        out = craft.redraw_cards(s, seat)
        kept = [c for c in s.hands[seat] if c not in out]
        kinds = [card_of(s, c).core for c in kept if card_of(s, c).type != "reaction"]
        assert len(kinds) == len(set(kinds))
        colours = {card_of(s, c).core for c in s.hands[seat] if card_of(s, c).type != "reaction"}
        assert set(kinds) == colours                        # every colour held is kept once


def test_deployment_and_traps_use_their_areas():
    s = GAME.setup({}, 11)
    while s.phase != PLAY:
        GAME.apply(s, book.best(s))
    for p in (0, 1):
        assert all(s.pos[c] in arena().deploy[p] for c in team(p))
    assert len(s.traps) == 4 and set(s.traps) <= set(arena().trap_hexes)


# --- what the evaluation prefers ------------------------------------------------------------------------

def test_evaluation_prefers_vp_knockouts_and_health():
    s = _in_play(21, 6)
    me = s.active
    base = P.evaluate(s, me)
    more = s.clone()
    more.vp[me] += 1
    assert P.evaluate(more, me) > base
    foe = next(c for c in team(1 - me) if s.pos[c] != GATE)
    out = s.clone()
    out.pos[foe] = GATE
    assert P.evaluate(out, me) > base
    hurt = s.clone()
    mine = next(c for c in team(me) if s.pos[c] != GATE)
    hurt.damage[mine] = board.hp(s, mine) - 1
    assert P.evaluate(hurt, me) < base


def test_evaluation_counts_a_challenge_met_by_the_seat_scoring_next():
    s = _in_play(4)
    me = 1 - s.active                  # scores at the start of its next turn
    foe = next(c for c in team(s.active) if s.pos[c] != GATE)
    s.pos[foe] = GATE
    rout = next(i for i, c in enumerate(challenges()) if c.check.op == "routed")
    with_it, without = s.clone(), s.clone()
    with_it.track = [-1, rout, -1, -1]
    without.track = [-1, -1, -1, -1]
    assert P.met(with_it, rout, me)
    assert P.evaluate(with_it, me) > P.evaluate(without, me)


def test_the_playbook_aims_at_the_best_hit():
    """The target kept first is the enemy the card hurts most (a knock-out above all)."""
    seen = 0
    for s in _positions(range(12), random_share=0):
        if not (s.pending and s.pending[-1].kind == "target") or s.play.card < 0:
            continue
        cd = card_of(s, s.play.card)
        if cd.target != "enemy":
            continue
        values = {t: T.hit(s, cd, s.play.champ, t) for t in flow.target_options(s, s.play)}
        assert values[book.ranked(s)[0].args[0]] == max(values.values())
        seen += 1
    assert seen > 0


# --- the bots -----------------------------------------------------------------------------------------

def test_playbook_beats_random():
    wins = 0
    for seed in range(16):
        s = GAME.setup({}, seed)
        rng, me = Rng(seed), seed % 2
        while GAME.to_act(s) is not None:
            legal = GAME.legal_actions(s)
            GAME.apply(s, book.rollout_action(s, rng) if GAME.to_act(s) == me else rng.choice(legal))
        wins += s.winner == me
    assert wins >= 14


def test_search_bot_games_finish_and_beat_random():
    bot = ISMCTSBot.for_difficulty("hard", P.POLICY, iterations=16, seconds=None, min_iterations=0)
    other = RandomBot()
    wins = 0
    for seed in (1, 2):
        s = GAME.setup({}, seed)
        rngs = [Rng(seed), Rng(seed + 100)]
        me = seed % 2
        while GAME.to_act(s) is not None:
            seat = GAME.to_act(s)
            legal = GAME.legal_actions(s)
            who = bot if seat == me else other
            move = who.choose(GAME, GAME.view(s, seat), legal, rngs[seat])
            assert move in legal
            GAME.apply(s, move)
        wins += s.winner == me
    assert wins == 2


def test_plan_and_levels():
    assert [m.bots for m in PLAN.matchups][:3] == [("ismcts:hard", "random"), ("ismcts:hard", "greedy:hard"),
                                                   ("ismcts:normal", "random")]
    assert PLAN.timing_targets == {"ismcts:hard": 3.0, "ismcts:normal": 1.0}
    assert P.POLICY.zero_sum and set(P.POLICY.levels) == {"normal", "hard"}
