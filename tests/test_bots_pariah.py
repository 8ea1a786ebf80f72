"""The bots on Pariah: fairness, whole matches (1v1 and 2v2) with legal moves, the army
choice, the evaluation's properties, and the search hooks of games/pariah/heuristics.py
checked against the engine."""

from __future__ import annotations

import pytest
from test_bots_support import assert_choice_blind_to_hidden_cards

from tabletop.lab.arena import run_arena
from tabletop.bots.base import make_bot, register_bot, unregister_bot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core import Action, Rng
from tabletop.games.pariah.engine import flow
from tabletop.games.pariah.bot import policy as H
from tabletop.games.pariah.engine.cards import STATS, design
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.state import ACTIVATE, ARMY_POINTS, HIDDEN, OVER, SELECT, side_of
from tabletop.games.pariah.engine.stats import line_stat, line_stats, stat

from pariah_helpers import another_hidden_army, battle, give_relic, uid

GAME_ID = "pariah"


def _positions(seeds, players=2, policy_share=2):
    """States met in seeded play: the rollout policy's moves mixed with random ones."""
    rng = Rng(17)
    for seed in seeds:
        s = GAME.setup({}, seed, players)
        while GAME.to_act(s) is not None:
            yield s
            legal = GAME.legal_actions(s)
            move = H.policy_move(s) if rng.below(3) < policy_share else rng.choice(legal)
            GAME.apply(s, move)


def _round_two(seed=5):
    """A position in round 2 or later, seat to act with a real choice, the opponent
    holding a relic nobody else has seen."""
    for s in _positions([seed, seed + 1, seed + 2, seed + 3], policy_share=3):
        o = 1 - s.turn
        if s.phase == ACTIVATE and s.round >= 2 and s.relic_hands[o] and \
                len(H.search_actions(s)) >= 3:
            return GAME.clone(s)
    raise AssertionError("pick another seed")


# --- fairness ------------------------------------------------------------------------------------
def _swapped(s, seed):
    """The same position for the seat to act, the opponent's hidden cards dealt otherwise:
    its relic hand swapped for relics still in its deck, its relic and unit decks
    reordered, the future dice changed."""
    alt = GAME.clone(s)
    o = 1 - s.turn
    rng = Rng(seed)
    pool = alt.relic_hands[o] + alt.relic_decks[o]
    rng.shuffle(pool)
    n = len(alt.relic_hands[o])
    alt.relic_hands[o], alt.relic_decks[o] = pool[:n], pool[n:]
    rng.shuffle(alt.decks[o])
    alt.rng = Rng(seed * 7919 + 1)
    return alt


@pytest.mark.parametrize("bot", ["ismcts", "greedy"])
def test_the_choice_does_not_depend_on_the_opponents_hidden_cards(bot):
    s = _round_two()
    seat = s.turn
    alt = _swapped(s, 3)
    o = 1 - seat
    assert sorted(alt.relic_hands[o]) != sorted(s.relic_hands[o]) or alt.relic_decks[o] != s.relic_decks[o]
    assert_choice_blind_to_hidden_cards(GAME, s, alt, seat, bot, iterations=120)


def test_the_army_choice_does_not_depend_on_the_opponents_secret_army():
    s = GAME.setup({"factions": ["thornwild", "emberkin"]}, 9)
    while s.turn == 0:                       # seat 0 commits its army, face down
        GAME.apply(s, H.policy_move(s))
    alt = GAME.clone(s)
    cheap = sorted(alt.decks[0], key=lambda c: design(alt.designs[c]).cost)[:len(alt.armies[0])]
    alt.decks[0] = [c for c in alt.decks[0] if c not in cheap] + alt.armies[0]
    alt.armies[0] = cheap                   # another army that fits in the points
    assert sorted(alt.armies[0]) != sorted(s.armies[0])
    view, alt_view = GAME.view(s, 1), GAME.view(alt, 1)
    assert GAME.view_to_json(view) == GAME.view_to_json(alt_view)
    bot = make_bot("ismcts", "normal", H.POLICY)
    legal = GAME.legal_actions(s)
    assert bot.choose(GAME, view, legal, Rng(1)) == bot.choose(GAME, alt_view, legal, Rng(2))


@pytest.mark.parametrize("bot", ["ismcts", "greedy"])
def test_the_deployment_choice_does_not_depend_on_the_opponents_unplaced_units(bot):
    s = GAME.setup({"factions": ["tidewardens", "emberkin"]}, 9)
    while s.phase == SELECT:
        GAME.apply(s, H.policy_move(s))
    GAME.apply(s, H.policy_move(s))           # the first unit is placed, face up
    seat = s.turn
    alt = another_hidden_army(s, 1 - seat)   # the same count and points, other units
    assert_choice_blind_to_hidden_cards(GAME, s, alt, seat, bot, iterations=120)


# --- whole matches ----------------------------------------------------------------------------------
@pytest.fixture
def quick_ismcts():
    """The ISMCTS bot on a few iterations and no clock: whole matches in seconds."""
    register_bot("quick-ismcts",
                 lambda d, policy: ISMCTSBot.for_difficulty(d, H.POLICY, iterations=12, seconds=None, min_iterations=0))
    yield "quick-ismcts"
    unregister_bot("quick-ismcts")


def test_every_bot_finishes_two_player_matches_with_legal_moves(quick_ismcts):
    report = run_arena(GAME_ID, [quick_ismcts, "greedy"], games=2, seed=3)
    report2 = run_arena(GAME_ID, ["greedy:easy", "random"], games=2, seed=8)
    for r in (report, report2):
        assert r["errors"] == r["illegal"] == r["unfinished"] == 0
        assert sum(e["wins"] + e["draws"] for e in r["entrants"]) >= r["games"] // 2


def test_bots_finish_a_team_match_with_legal_moves(quick_ismcts):
    report = run_arena(GAME_ID, [quick_ismcts, "greedy:easy", quick_ismcts, "random"], games=1, seed=4)
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0


def test_teammates_share_a_value_in_the_search():
    hooks = H.POLICY
    assert hooks.zero_sum and hooks.team_of is not None
    assert [hooks.team_of(p) for p in range(4)] == [0, 1, 0, 1]


# --- the army -------------------------------------------------------------------------------------------
def test_the_army_fits_in_twenty_points_and_uses_them():
    spare = []
    for seed in range(12):
        s = GAME.setup({}, seed)
        army = H.best_army(s, 0)
        cost = sum(design(s.designs[c]).cost for c in army)
        assert army and cost <= ARMY_POINTS and set(army) <= set(s.hands[0])
        spare.append(ARMY_POINTS - cost)
    assert max(spare) <= 3 and sum(spare) <= 8, spare


def test_the_bot_commits_the_army_it_chose_in_one_decision_each_step():
    s = GAME.setup({"factions": ["tidewardens", "thornwild"]}, 21)
    want = sorted(H.best_army(s, 0))
    bot = make_bot("ismcts", "hard", H.POLICY)
    steps = 0
    while s.phase == SELECT and s.turn == 0:
        legal = GAME.legal_actions(s)
        action = bot.choose(GAME, GAME.view(s, 0), legal, Rng(steps))
        assert action in legal and (bot.last_search is None or bot.last_search["iterations"] == 0)
        GAME.apply(s, action)
        steps += 1
    assert sorted(s.armies[0]) == want and steps == len(want) + 1


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_builds_a_full_army_card_by_card_and_commits_it(players):
    # a partial army is valued as the best army it can become, so one-ply search neither
    # commits a half-built army nor loops between picking and taking back a card
    greedy = make_bot("greedy", "normal", H.POLICY)
    for seed in (3, 50):
        s = GAME.setup({}, seed, players)
        rng = Rng(seed)
        moves = 0
        while s.phase == SELECT:
            GAME.apply(s, greedy.choose(GAME, GAME.view(s, s.turn), GAME.legal_actions(s), rng))
            moves += 1
            assert moves <= 16 * players, "greedy wanders between picks and unpicks"
        for p in range(players):
            assert ARMY_POINTS - 3 <= sum(design(s.designs[c]).cost for c in s.armies[p]) <= ARMY_POINTS


def test_a_wiped_out_side_has_nothing_left_to_spend():
    # energy and cards in hand count for a side only while it has units: an annihilation
    # ends the match, so a small army plus energy never looks better than a full army
    assert H._lead([10.0, 0.0], [False, True], 1, (0.0, 5.0)) == -10.0 - H.ANNIHILATION
    assert H._lead([10.0, 4.0], [False, False], 1, (0.0, 5.0)) == -10.0 + 4.0 + 5.0
    assert H._lead([0.0, 0.0], [True, True], 0, (3.0, 1.0)) == 0.0


def test_a_strong_army_scores_above_a_weak_one():
    # the same points: sturdy hitters against two-point units that barely scratch armour
    strong = tuple(sorted(("thn_titan", "thn_charger", "thn_guard", "thn_hawk", "thn_sprite")))
    weak = tuple(sorted(("thn_sprite",) * 3 + ("thn_hawk",) * 3 + ("thn_keeper", "thn_keeper")))
    assert sum(design(d).cost for d in strong) <= ARMY_POINTS
    assert H.army_score(strong, "emberkin") > H.army_score(weak[:6], "emberkin")
    # spare points are worth less than units
    assert H.army_score(strong, "emberkin") > H.army_score(strong[1:], "emberkin")


# --- the evaluation ----------------------------------------------------------------------------------
def test_the_evaluation_is_bounded_zero_sum_and_shared_by_teammates():
    for players in (2, 4):
        seen = 0
        for s in _positions(range(3), players):
            if s.phase == SELECT:
                continue
            values = [H.evaluate(s, p) for p in range(players)]
            assert all(-1.0 <= v <= 1.0 for v in values)
            for p in range(players):
                assert values[p] == pytest.approx(values[side_of(p)])
                assert values[p] == pytest.approx(-values[1 - side_of(p)])
            seen += 1
        assert seen > 50


def test_a_won_position_ranks_above_a_lost_one():
    s = battle(["thn_guard", "thn_charger", "thn_hawk"], ["emb_brute", "emb_caller", "emb_scout"])
    even = H.evaluate(s, 0)
    hurt = GAME.clone(s)
    hurt.units[uid(hurt, "emb_brute")].damage = 4          # one hit from death
    assert H.evaluate(hurt, 0) > even
    ahead = GAME.clone(s)
    gone = uid(ahead, "emb_caller")
    ahead.lines[1].remove(gone)
    del ahead.units[gone]
    assert H.evaluate(ahead, 0) > H.evaluate(hurt, 0) - 0.2 and H.evaluate(ahead, 0) > even
    won, lost = GAME.clone(s), GAME.clone(s)
    won.phase = lost.phase = OVER
    won.winners, lost.winners = [0], [1]
    assert H.evaluate(won, 0) == 1.0 > H.evaluate(ahead, 0) > even > H.evaluate(lost, 0) == -1.0


def test_energy_and_relics_count_while_they_can_be_spent():
    s = battle(["thn_guard", "thn_charger"], ["emb_brute", "emb_caller"], round_no=2)
    base = H.evaluate(s, 0)
    rich = GAME.clone(s)
    rich.energy[0] += 4
    give_relic(rich, 0, "rel_blade")
    assert H.evaluate(rich, 0) > base
    late = GAME.clone(rich)
    late.round = 5
    late_base = GAME.clone(s)
    late_base.round = 5
    assert H.evaluate(late, 0) == pytest.approx(H.evaluate(late_base, 0))


# --- the search hooks against the engine ----------------------------------------------------------------
def test_search_moves_are_legal_and_search_apply_matches_apply():
    rng = Rng(2)
    checked = 0
    for players, seeds in ((2, range(4)), (4, range(2))):
        for s in _positions(seeds, players):
            legal = GAME.legal_actions(s)
            acts = H.search_actions(s)
            assert acts and all(a in legal for a in acts)
            assert H.policy_move(s) in legal
            assert H.prune_actions(s, legal) == [a for a in legal if a in set(acts)]
            a = rng.choice(acts)
            c = GAME.clone(s)
            H.search_apply(c, a)
            d = GAME.clone(s)
            GAME.apply(d, a)
            assert GAME.state_to_json(c) == GAME.state_to_json(d)
            checked += 1
    assert checked > 200


def test_pruning_keeps_the_best_attack_plans_and_drops_passing():
    s = battle(["thn_hawk", "thn_guard"], ["emb_brute", "emb_caller", "emb_scout"])
    hawk = uid(s, "thn_hawk")                 # Priority 8: it acts first; Range 2, 2 dice
    assert s.turn == 0 and flow.eligible(s)[1] == [hawk]
    legal = GAME.legal_actions(s)
    kept = H.search_actions(s)
    attacks = [a for a in legal if a.kind == "attack"]
    kept_attacks = [a for a in kept if a.kind == "attack"]
    assert len(kept_attacks) == H.PLANS_KEPT < len(attacks)
    assert not [a for a in kept if a.kind == "end"]       # attacking beats passing here
    recs = H._records_by_uid(s)
    value = {a: H._plan_value(recs[hawk], a.args[1], recs) for a in attacks}
    worst_kept = min(value[a] for a in kept_attacks)
    assert all(value[a] <= worst_kept + 1e-9 for a in attacks if a not in kept_attacks)


def test_a_salve_goes_on_a_hurt_unit_on_a_turn_in_the_activations():
    s = battle(["emb_dancer", "emb_brute"], ["thn_hawk"], round_no=2, energy=(5, 0))
    salve = give_relic(s, 0, "rel_salve")
    dancer, brute = uid(s, "emb_dancer"), uid(s, "emb_brute")
    s.units[brute].damage = 3
    GAME.apply(s, Action("end", (uid(s, "thn_hawk"),)))
    assert s.turn == 0
    kept = H.search_actions(s)
    assert Action("relic", (salve, brute)) in kept
    assert Action("relic", (salve, dancer)) not in kept     # healing an unhurt unit wastes it
    assert H.policy_move(s) == Action("relic", (salve, brute))


def test_pruning_deploys_one_unit_per_design():
    s = GAME.setup({"factions": ["emberkin", "emberkin"]}, 3)
    while s.phase == SELECT:
        GAME.apply(s, H.policy_move(s))
    s.armies[s.turn] += [c for c in s.decks[s.turn]
                         if s.designs[c] == s.designs[s.armies[s.turn][0]]][:1]
    acts = H.search_actions(s)
    designs = [s.designs[a.args[0]] for a in acts]
    assert sorted(designs) == sorted(set(s.designs[c] for c in s.armies[s.turn]))


def test_line_stats_agree_with_stat():
    n = 0
    for s in _positions(range(3), 2):
        for side in (0, 1):
            rows = line_stats(s, side)
            for name in STATS:
                assert line_stat(s, side, name) == [r[STATS.index(name)] for r in rows]
            for i, u in enumerate(s.lines[side]):
                assert rows[i] == [stat(s, s.units[u], k) for k in STATS]
                n += 1
    assert n > 100


def test_hidden_cards_stay_hidden_from_the_evaluation_before_the_reveal():
    s = GAME.setup({}, 2)
    while s.turn == 0:
        GAME.apply(s, H.policy_move(s))
    v = GAME.view(s, 1)
    assert set(v.armies[0]) == {HIDDEN}
    assert -0.5 <= H.evaluate(v, 1) <= 0.5          # a view scores without the hidden army
