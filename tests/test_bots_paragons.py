"""The bots on Paragons: whole games by every bot (two players and the three-for-all, drafted
and pre-constructed) with legal moves; the evaluation's bounds, its zero sum between two
players and its blindness to what a seat cannot see; the setup choices of deckcraft; the
playout policy and pruning checked against the engine; and the hard bot against random in a
short seeded arena."""

from __future__ import annotations

import pytest
from paragons_helpers import MAGE, RANGER, WARRIOR, do, duel, to_board, to_hand

from tabletop.lab.arena import run_arena
from tabletop.bots.base import make_bot, register_bot, unregister_bot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core import Rng
from tabletop.core.plugin import Plugin
from tabletop.games.paragons.bot import deckcraft as craft
from tabletop.games.paragons.bot import playbook as book
from tabletop.games.paragons.bot import policy as P
from tabletop.games.paragons.bot import tactics as T
from tabletop.games.paragons.engine import stats
from tabletop.games.paragons.engine.cards import DECK_SIZE, class_cards
from tabletop.games.paragons.engine.effects import destroy
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import BUILD, DRAFT, MULLIGAN, OVER, PLAY, SWAP
from tabletop.games.paragons.engine.targets import player_target

PRECON = {"variant": "preconstructed", "best_of": 1}
DRAFTED = {"variant": "draft", "best_of": 1}


def _positions(seeds, players=2, options=PRECON, random_share=1):
    """States met in seeded play: the playout policy's moves, one in three (random_share)
    replaced by a uniform random one, so odd positions come up too."""
    for seed in seeds:
        rng = Rng(seed * 31 + 7)
        s = GAME.setup(dict(options), seed, players)
        while GAME.to_act(s) is not None:
            yield s
            legal = GAME.legal_actions(s)
            move = rng.choice(legal) if rng.below(3) < random_share else book.rollout_action(s, rng)
            GAME.apply(s, move)


def _quick(difficulty: str) -> ISMCTSBot:
    """The ISMCTS bot at a level, on a few iterations and no clock: whole games in seconds."""
    return ISMCTSBot.for_difficulty(difficulty, P.POLICY, iterations=12, seconds=None,
                                    min_iterations=0)


# --- whole games -------------------------------------------------------------------------------------

def _bots():
    return {"random": make_bot("random"), "greedy": make_bot("greedy", "normal", P.POLICY),
            **{f"ismcts:{d}": _quick(d) for d in ("easy", "normal", "hard")}}


def _play(options, seed, players, seats, bots):
    s = GAME.setup(dict(options), seed, players)
    rngs = [Rng(seed + k) for k in range(players)]
    moves = 0
    while GAME.to_act(s) is not None:
        seat = GAME.to_act(s)
        legal = GAME.legal_actions(s)
        action = bots[seats[seat]].choose(GAME, GAME.view(s, seat), legal, rngs[seat])
        assert action in legal, (seats[seat], s.phase, action)
        GAME.apply(s, action)
        moves += 1
        assert moves < 6000
    return s


@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_finishes_games_with_legal_moves(players):
    bots = _bots()
    names = list(bots)
    # pre-constructed: every bot in every seat over the games; drafted: the bots through the
    # class choice, the draft and deck building too
    games = [(PRECON, [names[(g + k) % len(names)] for k in range(players)])
             for g in range(len(names) if players == 2 else 2)]
    games += [(DRAFTED, ["ismcts:hard", "random", "ismcts:normal"][:players])]
    if players == 2:
        games += [(DRAFTED, ["ismcts:easy", "greedy"])]
    for i, (options, seats) in enumerate(games):
        s = _play(options, 40 + i, players, seats, bots)
        assert GAME.result(s) is not None and s.winner in range(players)


def test_the_search_never_repeats_an_ability_that_undoes_its_own_cost():
    s = duel((MAGE, RANGER), seed=5)                     # the Mage's turn
    warden = to_board(s, 0, "grove-warden", 0)
    tired = to_board(s, 0, "tavern-brawler", 1)
    legal = GAME.legal_actions(s)
    loop = book.A.ABILITY(warden, 0, (warden,))
    assert loop not in legal, "the engine refuses it: the ability readies another mercenary"
    assert loop not in P.prune_actions(s, legal)
    assert book.rollout_action(s, Rng(1)) != loop
    big = to_board(s, 0, "behemoth", 2)
    s.exhausted.update((tired, big))       # a big mercenary that may defend again: worth it
    tb = T.Table(s)
    best = max(book.ability_moves(tb, 0, warden, True, 3), key=lambda ga: ga[0])
    assert best[0] > 0 and best[1] == book.A.ABILITY(warden, 0, (big,))


def test_the_search_bots_take_the_setup_decisions_without_searching():
    bot = make_bot("ismcts", "hard", P.POLICY)
    s = GAME.setup(DRAFTED, 5, 2)
    rng = Rng(3)
    while s.phase != PLAY:
        seat = GAME.to_act(s)
        legal = GAME.legal_actions(s)
        action = bot.choose(GAME, GAME.view(s, seat), legal, rng)
        assert action == book.setup_move(s, seat)
        assert bot.last_search is None or bot.last_search["iterations"] == 0
        GAME.apply(s, action)
    for p in range(2):
        want = sorted(s.designs[c] for c in craft.best_deck(s.owned[p], s.designs))
        assert sorted(s.designs[c] for c in (*s.decks[p], *s.hands[p])) == want


def test_greedy_builds_a_deck_of_thirty_and_finishes_it():
    # a deck one card short is worth its best completion less a hair, so one-ply greedy swaps
    # only while a swap gains and then finishes, instead of wandering between swaps
    greedy = make_bot("greedy", "normal", P.POLICY)
    for seed in (2, 9):
        s = GAME.setup(dict(DRAFTED, classes=[MAGE, RANGER]), seed, 2)
        rng = Rng(seed)
        while s.phase == DRAFT:
            GAME.apply(s, book.rollout_action(s, rng))
        moves = 0
        while s.phase == BUILD:
            GAME.apply(s, greedy.choose(GAME, GAME.view(s, s.deciding), GAME.legal_actions(s), rng))
            moves += 1
            assert moves < 2 * 2 * DECK_SIZE + 2, "greedy wanders between swaps"
        for p in range(2):
            cards = [s.designs[c] for c in (*s.decks[p], *s.hands[p])]
            assert len(cards) == DECK_SIZE
            assert craft.deck_worth(cards) > craft.deck_worth(class_cards(s.classes[p]))


# --- the evaluation -------------------------------------------------------------------------------------

def test_the_evaluation_is_bounded_and_zero_sum_between_two_players():
    seen = 0
    for s in _positions(range(4)):
        if s.phase != PLAY:
            continue
        a, b = P.evaluate(s, 0), P.evaluate(s, 1)
        assert -1.0 <= a <= 1.0 and a == pytest.approx(-b)
        if P.settled(s).phase == PLAY:
            assert abs(a) <= P.EDGE
        seen += 1
    assert seen > 400
    assert s.phase == OVER
    assert P.evaluate(s, s.winner) == 1.0 and P.evaluate(s, 1 - s.winner) == -1.0


def test_the_evaluation_is_bounded_in_the_three_for_all_and_for_a_player_out():
    seen_out = 0
    for options in (PRECON, DRAFTED):
        for s in _positions(range(2), players=3, options=options):
            values = [P.evaluate(s, p) for p in range(3)]
            assert all(-1.0 <= v <= 1.0 for v in values)
            if s.phase == PLAY and any(s.out):
                out = s.out.index(True)
                assert values[out] == -1.0
                seen_out += 1
    assert seen_out > 0


@pytest.mark.parametrize("players,options", [(2, dict(PRECON, best_of=3)), (2, DRAFTED), (3, DRAFTED)])
def test_the_evaluation_reads_only_the_seats_view(players, options):
    # the same value from the state, from the seat's view and from determinisations of it:
    # nothing a seat cannot see (hands, decks, face-down cards, their order) moves it
    rng = Rng(11)
    phases = set()
    for i, s in enumerate(_positions(range(2), players, options)):
        if i % 5 and s.phase == PLAY:
            continue
        for seat in range(players):
            v = GAME.view(s, seat)
            want = P.evaluate(s, seat)
            assert P.evaluate(v, seat) == pytest.approx(want), (s.phase, seat)
            for _ in range(2):
                assert P.evaluate(GAME.sample(v, rng), seat) == pytest.approx(want), (s.phase, seat)
        phases.add(s.phase)
    assert {MULLIGAN, PLAY} <= phases
    assert SWAP in phases if options["best_of"] == 3 else {DRAFT, BUILD} <= phases


def test_more_life_a_bigger_board_and_a_rival_mercenary_gone_each_score_higher():
    s = duel((WARRIOR, MAGE), seed=4)
    to_board(s, 0, "iron-colossus", 0)
    theirs = to_board(s, 1, "ogre-thug", 1)
    to_board(s, 1, "hill-goatherd", 2)
    base = P.evaluate(s, 0)
    hurt = GAME.clone(s)
    hurt.life[1] -= 5
    bigger = GAME.clone(s)
    to_board(bigger, 0, "behemoth", 1)
    cleared = GAME.clone(s)
    destroy(cleared, theirs, [])
    assert P.evaluate(hurt, 0) > base
    assert P.evaluate(bigger, 0) > base
    assert P.evaluate(cleared, 0) > base


def test_the_last_points_of_life_weigh_more_than_the_first():
    s = duel((WARRIOR, MAGE), seed=4)

    def at(life):
        t = GAME.clone(s)
        t.life[0] = life
        return P.evaluate(t, 0)

    assert at(3) - at(2) > at(20) - at(19) > 0


def test_a_card_played_costs_a_card_of_the_deck_not_of_the_hand():
    # the hand refills to five at the next turn: a mercenary played is a board gained for one
    # draw less, and the evaluation does not jump when the turn passes
    s = duel((WARRIOR, MAGE), seed=6, empty=False)
    seat = s.turn
    merc = to_hand(s, seat, "ragged-sellsword")
    s.mana[seat] = max(s.mana[seat], 1)
    before = P.evaluate(s, seat)
    do(s, "play", merc, 0, -1, ())
    assert P.evaluate(s, seat) > before
    while s.prio >= 0:
        do(s, "decline")
    at_end = P.evaluate(s, seat)
    do(s, "end_turn")
    assert abs(P.evaluate(s, seat) - at_end) < 0.1


def test_a_match_won_game_by_game_is_worth_more_and_more():
    s = duel((WARRIOR, MAGE), seed=2, best_of=3)
    even = P.evaluate(s, 0)
    ahead = GAME.clone(s)
    ahead.wins = [1, 0]
    behind = GAME.clone(s)
    behind.wins = [0, 1]
    assert P.evaluate(ahead, 0) > even > P.evaluate(behind, 0)
    assert P.match_value(ahead, 0, 0.0) == pytest.approx(0.5)      # 3 chances in 4
    assert P.match_value(s, 0, 0.0) == pytest.approx(0.0)


# --- the setup choices ------------------------------------------------------------------------------------

def test_the_best_deck_is_thirty_owned_cards_with_a_curve():
    for seed in range(6):
        s = GAME.setup(DRAFTED, seed, 2)
        rng = Rng(seed)
        while s.phase in ("class", DRAFT):
            GAME.apply(s, book.rollout_action(s, rng))
        for p in range(2):
            deck = craft.best_deck(s.owned[p], s.designs)
            assert len(deck) == len(set(deck)) == DECK_SIZE and set(deck) <= set(s.owned[p])
            assert craft.curve_shortfall([s.designs[c] for c in deck]) == 0


def test_a_draft_pick_takes_what_adds_most_to_the_deck():
    s = GAME.setup(dict(DRAFTED, classes=[WARRIOR, MAGE]), 3, 2)
    seat = s.deciding
    pick = craft.best_picks(s.owned[seat], s.layout, s.designs, 1)[0]
    gains = {c: craft.pick_gain(s.owned[seat], c, s.designs) for c in s.layout}
    assert gains[pick] == max(gains.values())
    assert gains[pick] > min(gains.values())


def test_the_mulligan_returns_the_dear_cards_and_keeps_a_cheap_hand():
    s = duel((WARRIOR, MAGE), seed=1)
    hand = [to_hand(s, 0, d) for d in ("behemoth", "ragged-sellsword", "road-warden",
                                       "mercenary-captain", "shieldmaiden")]
    assert craft.mulligan_back(hand, s.designs) == (hand[0],)
    cheap = [to_hand(s, 1, d) for d in ("firebolt", "ember-imp", "hedge-wizard", "storm-caller")]
    assert craft.mulligan_back(cheap, s.designs) == ()
    poor = [to_hand(s, 1, d) for d in ("sorcerer-royal", "storm-adept", "spellblade-duelist")]
    assert craft.mulligan_back(poor, s.designs) == tuple(sorted((poor[0], poor[2])))


def test_power_ranks_a_strong_card_above_a_fair_one_of_its_cost():
    assert craft.surplus("lich-chancellor") > craft.surplus("behemoth") > craft.surplus("warlord-grimbane")
    assert craft.power("flame-lance") > craft.power("firebolt")
    assert craft.surplus("hill-goatherd") > craft.surplus("ragged-sellsword")


# --- the table's judgements -------------------------------------------------------------------------------

def test_the_table_reads_the_same_stats_as_the_engine():
    n = 0
    for options, players in ((PRECON, 2), (DRAFTED, 3)):
        for s in _positions(range(2), players, options):
            tb = T.Table(s)
            for m in s.all_mercs():
                assert (tb.atk[m], tb.hp[m], set(tb.kws[m])) == \
                    (stats.attack(s, m), stats.health(s, m), stats.keywords(s, m))
                n += 1
    assert n > 1000


def test_a_defence_that_saves_a_mercenary_or_life_is_taken():
    s = duel((WARRIOR, MAGE), seed=8)
    att = to_board(s, 0, "ogre-thug", 0)                # 4/3
    wall = to_board(s, 1, "marsh-troll", 0)             # 3/6: blocks and survives
    to_board(s, 1, "hill-goatherd", 1)                  # 1/3: would die
    do(s, "attack", att, player_target(1))
    assert s.prio == 1
    assert book.rollout_action(s, Rng(1)) == book.A.DEFEND(att, wall)
    assert P.prune_actions(s, GAME.legal_actions(s))[0].kind in ("defend", "decline")


def test_attacks_go_where_they_gain():
    s = duel((WARRIOR, MAGE), seed=8)
    big = to_board(s, 0, "hill-giant-youth", 0)         # 5/4
    weak = to_board(s, 1, "ragged-sellsword", 0)        # 1/2: dies to it, hurts nothing
    assert T.attack_gain(T.Table(s), big, weak) > 0
    titan = to_board(s, 1, "titan-of-the-deep", 1)      # 6/8: kills the attacker
    assert T.attack_gain(T.Table(s), big, titan) < 0


# --- the search's hooks against the engine -----------------------------------------------------------------

def test_the_playout_policy_moves_are_legal_in_every_phase():
    rng = Rng(5)
    phases = set()
    steps = 0
    for players, options in ((2, PRECON), (2, DRAFTED), (3, DRAFTED)):
        for s in _positions(range(2), players, options):
            assert book.rollout_action(s, rng) in GAME.legal_actions(s)
            phases.add(s.phase)
            steps += 1
    assert {"class", DRAFT, BUILD, MULLIGAN, PLAY} <= phases and steps > 2000


def test_pruning_keeps_a_legal_subset_and_one_setup_move_and_search_actions_are_the_same():
    checked = 0
    for players, options in ((2, PRECON), (3, DRAFTED)):
        for s in _positions(range(2), players, options):
            legal = GAME.legal_actions(s)
            kept = P.prune_actions(s, legal)
            assert kept and all(a in legal for a in kept)
            fast = P.search_actions(s)
            assert kept == [a for a in legal if a in set(fast)] and len(fast) == len(kept)
            if s.phase != PLAY:
                assert kept == [book.setup_move(s, GAME.to_act(s))]
            elif s.prio >= 0 and s.stack and s.stack[-1].seat == s.prio and s.pending is None:
                assert kept[0].kind == "decline"
            if s.phase == PLAY and s.pending is None and s.prio < 0:
                assert any(a.kind == "end_turn" for a in kept)
            checked += 1
    assert checked > 1500


def test_copies_of_a_design_are_one_move_for_the_search():
    s = duel((MAGE, RANGER), seed=3)                     # the Mage's turn
    a, b = to_hand(s, 0, "firebolt"), to_hand(s, 0, "firebolt")
    to_board(s, 1, "ogre-thug", 0)
    s.mana[0] = 2
    kept = P.prune_actions(s, GAME.legal_actions(s))
    cast = {x.args[0] for x in kept if x.kind == "cast"}
    assert len(cast) == 1 and cast <= {a, b}


def test_search_apply_and_the_playout_reach_the_engines_states():
    rng = Rng(9)
    for i, s in enumerate(_positions(range(2))):
        if i % 3:
            continue
        move = book.rollout_action(s, rng)
        engine, fast = GAME.clone(s), GAME.clone(s)
        GAME.apply(engine, move)
        P.search_apply(fast, move)
        assert GAME.state_to_json(fast) == GAME.state_to_json(engine)


def test_the_playout_stops_at_the_end_of_a_game_of_three_and_closes_its_chains():
    s = GAME.setup({"variant": "preconstructed", "best_of": 3}, 12, 2)
    done = P.playout(s, Rng(1), 100_000)
    assert s.phase == SWAP and P.search_horizon(s) and 0 < done < 100_000
    t = duel((WARRIOR, MAGE), seed=3, empty=False)
    P.playout(t, Rng(2), 3)
    assert not t.stack and t.pending is None


# --- strength ----------------------------------------------------------------------------------------------

@pytest.fixture
def quick_hard():
    """The hard level's search (its rollout depth and exploration) on a small iteration budget
    and no clock, so a short arena takes a minute whatever the machine's load."""
    register_bot("quick-hard", lambda d, policy: ISMCTSBot.for_difficulty(
        "hard", P.POLICY, **{**P.SEARCH_LEVELS["hard"], "iterations": 40, "seconds": None,
                             "min_iterations": 0}))
    yield "quick-hard"
    unregister_bot("quick-hard")


def test_the_hard_search_beats_random(quick_hard):
    report = run_arena(Plugin(GAME, P.POLICY), [quick_hard, "random"], games=4, seed=70,
                       options=PRECON)
    assert report["errors"] == report["illegal"] == report["unfinished"] == 0
    assert report["entrants"][0]["wins"] == 4        # (its 200-game figures: docs/BOTS.md)
