"""The bots on Trials: fairness, whole games in both variants, the bots' deck choice, the
evaluation, and the search hooks of games/trials/heuristics.py checked against the engine."""

from __future__ import annotations

import pytest
from test_bots_support import assert_choice_blind_to_hidden_cards
from trials_helpers import avatar, duel, put_on, to_discard

from tabletop.bots.base import make_bot
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.core import Action, Rng
from tabletop.games.trials.bot import policy as H
from tabletop.games.trials.engine import flow
from tabletop.games.trials.engine.cards import pool
from tabletop.games.trials.bot.deckcraft import STRONG_CHOICES, choose_deck, deck_strength
from tabletop.games.trials.engine.decks import BOT_DECK, deck_problems, starters
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.engine.state import OVER, UNKNOWN, seat_of


def _positions(seeds=range(6), players=2, options=None):
    """States met in seeded play: half the moves random, half the rollout policy's."""
    for seed in seeds:
        rng = Rng(seed + 50)
        s = GAME.setup(dict(options or {}), seed, players)
        while GAME.to_act(s) is not None:
            yield s
            legal = GAME.legal_actions(s)
            GAME.apply(s, rng.choice(legal) if rng.below(2) else H.rollout_action(s, rng))


def _decision(seed: int):
    """A turn some rounds in where the player to act has a real choice and the opponent
    holds cards nobody has seen."""
    for s in _positions([seed]):
        legal = GAME.legal_actions(s)
        if s.round >= 3 and s.prio < 0 and len(legal) >= 4 and s.hands[1 - s.turn]:
            return GAME.clone(s)
    raise AssertionError("pick another seed")


def _redealt(s, seed: int):
    """The same position for the player to act, with the opponent's hidden cards (hand and
    deck) swapped for others consistent with the view: the same ids, other designs that fit
    the opponent's Avatars, in another order."""
    alt = GAME.clone(s)
    o = 1 - s.turn
    hidden = [*s.hands[o], *s.decks[o]]
    seen = {s.designs[c] for c in s.designs if seat_of(c) == o and c not in hidden}
    discs = {d for a in s.avatars[o] for d in pool()[s.designs[a]].disciplines}
    others = [c.id for c in pool().values() if c.type != "avatar" and c.id not in seen
              and set(c.disciplines) & discs]
    rng = Rng(seed)
    rng.shuffle(others)
    alt.designs = dict(s.designs)
    for c, d in zip(hidden, others):
        alt.designs[c] = d
    alt.rng = Rng(seed * 7919 + 1)
    return alt


# --- fairness ----------------------------------------------------------------------------------
@pytest.mark.parametrize("bot", ["ismcts", "greedy"])
def test_same_view_same_choice_whatever_the_hidden_cards(bot):
    for seed in (1, 4):
        s = _decision(seed)
        seat = s.turn
        alt = _redealt(s, seed + 100)
        o = 1 - seat
        assert [alt.designs[c] for c in s.hands[o]] != [s.designs[c] for c in s.hands[o]]
        assert_choice_blind_to_hidden_cards(GAME, s, alt, seat, bot, iterations=150,
                                            to_json=lambda v: v.to_json())


def test_the_view_hides_the_opponents_hand_and_deck_and_nothing_else():
    s = _decision(2)
    seat = s.turn
    v = GAME.view(s, seat)
    o = 1 - seat
    assert all(v.designs[c] == UNKNOWN for c in (*s.hands[o], *s.decks[o]))
    assert all(v.designs[c] == s.designs[c] for c in (*s.hands[seat], *s.decks[seat]))
    assert all(v.designs[c] == s.designs[c] for c in s.cards_in_play())
    assert len(v.hands[o]) == len(s.hands[o]) and len(v.decks[o]) == len(s.decks[o])


# --- whole games -------------------------------------------------------------------------------
def _bots():
    return {"random": make_bot("random"), "greedy": make_bot("greedy", "normal", H.POLICY),
            **{f"ismcts:{d}": ISMCTSBot.for_difficulty(d, H.POLICY, iterations=25, seconds=None,
                                                       min_iterations=0)
               for d in ("easy", "normal", "hard")}}


@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_finishes_games_with_legal_moves(players):
    bots = _bots()
    names = list(bots)
    for game_no in range(2 if players == 2 else 1):
        seats = [names[(game_no * players + k) % len(names)] for k in range(players)]
        s = GAME.setup({"decks": [BOT_DECK] * players}, 40 + game_no, players)
        rngs = [Rng(k + 1) for k in range(players)]
        moves = 0
        while GAME.to_act(s) is not None:
            seat = GAME.to_act(s)
            legal = GAME.legal_actions(s)
            action = bots[seats[seat]].choose(GAME, GAME.view(s, seat), legal, rngs[seat])
            assert action in legal
            GAME.apply(s, action)
            moves += 1
            assert moves < 3000
        assert GAME.result(s) is not None and len(s.winners) == 1


# --- the bots' deck ------------------------------------------------------------------------------
@pytest.mark.parametrize("royale", [False, True])
def test_the_bots_deck_is_legal_and_one_of_the_strongest_starters(royale):
    ranked = sorted((d for d in starters().values() if (len(d["avatars"]) == 1) == royale),
                    key=deck_strength, reverse=True)
    bar = deck_strength(ranked[STRONG_CHOICES - 1])
    seen = set()
    for seed in range(30):
        deck = choose_deck(None, Rng(seed), royale)
        assert deck_problems(deck, royale) == []
        assert deck_strength(deck) >= bar
        seen.add(tuple(deck["avatars"]))
    assert len(seen) > 1            # not one deck for every bot


def test_deck_strength_counts_the_cards_that_thin_the_own_deck():
    deck = next(d for d in starters().values() if len(d["avatars"]) == 2)
    p = pool()
    discs = {x for a in deck["avatars"] for x in p[a].disciplines}
    drawer = next((c for c in p.values() if c.type == "ability" and set(c.disciplines) & discs
                   and c.id not in deck["cards"] and c.attack == c.power == 0
                   and any(st.op in ("draw", "scout") and st.to not in ("opponents", "target")
                           for e in c.effects for st in e.steps)), None)
    plain = next(c for c in p.values() if c.type == "ability" and set(c.disciplines) & discs
                 and c.id not in deck["cards"] and c.attack == c.power == 0
                 and not any(st.op in ("draw", "scout") for e in c.effects for st in e.steps))
    if drawer is None:
        pytest.skip("no drawing Ability in these disciplines")
    base = deck["cards"][:-1]
    with_draw = {"avatars": deck["avatars"], "cards": base + [drawer.id]}
    without = {"avatars": deck["avatars"], "cards": base + [plain.id]}
    assert deck_strength(with_draw) < deck_strength(without)


def test_a_deck_left_to_the_bot_comes_from_the_seed_and_is_legal():
    a = GAME.setup({"decks": [BOT_DECK, BOT_DECK]}, 9)
    b = GAME.setup({"decks": [BOT_DECK, BOT_DECK]}, 9)
    assert GAME.state_to_json(a) == GAME.state_to_json(b)
    for seat in range(2):
        deck = {"avatars": [a.designs[c] for c in a.avatars[seat]],
                "cards": [a.designs[c] for c in (*a.hands[seat], *a.decks[seat])]}
        assert deck_problems(deck) == []
    mixed = GAME.setup({"decks": ["Chivalry pair", BOT_DECK]}, 9)
    assert [mixed.designs[c] for c in mixed.avatars[0]] == starters()["Chivalry pair"]["avatars"]


# --- the evaluation -------------------------------------------------------------------------------
def test_evaluation_is_bounded_zero_sum_in_a_duel_and_certain_only_at_the_end():
    checked = 0
    for s in _positions(range(4)):
        a, b = H.evaluate(s, 0), H.evaluate(s, 1)
        assert -1.0 <= a <= 1.0 and abs(a + b) < 1e-9
        settled = H.settled(s)
        if settled.phase != OVER:
            assert abs(a) <= H.EDGE
        checked += 1
    assert checked > 500
    assert s.phase == OVER
    w = s.winners[0]
    assert H.evaluate(s, w) == 1.0 and H.evaluate(s, 1 - w) == -1.0


def test_evaluation_in_the_battle_royale_is_bounded():
    for s in _positions(range(2), players=3):
        for p in range(3):
            assert -1.0 <= H.evaluate(s, p) <= 1.0


def test_at_a_table_each_rival_strikes_a_seat_with_a_share_of_its_damage():
    """A rival at a table of four splits its blows over three enemies, so a kill race there
    is three times as long as the duel's figures say; in a duel the rival's whole damage."""
    struck = 0
    for s in _positions(range(2), players=4):
        live = s.live_seats()
        for p in live:
            rivals = [H.damage_per_round(s, q) for q in live if q != p]
            assert H.incoming(s, p) == pytest.approx(sum(rivals) / max(1, len(live) - 1))
            struck += len(live) == 4 and sum(rivals) > 0
    assert struck > 100
    for s in _positions(range(2)):
        assert H.incoming(s, 0) == H.damage_per_round(s, 1)
        assert H.incoming(s, 1) == H.damage_per_round(s, 0)


def test_near_the_end_a_card_drawn_from_the_deck_is_a_round_lost():
    for seed in (1, 3, 5):
        s = _decision(seed)
        seat = s.turn
        for p in range(2):
            del s.decks[p][2:]
        thin = GAME.clone(s)
        thin.hands[seat].append(thin.decks[seat].pop())      # as if it had scouted
        assert H.evaluate(thin, seat) < H.evaluate(s, seat)
        for p in range(2):
            del s.decks[p][1:]
        thin = GAME.clone(s)
        thin.hands[seat].append(thin.decks[seat].pop())
        assert H.evaluate(thin, seat) < H.evaluate(s, seat) - 0.2


def test_with_empty_decks_passing_first_wins_the_race():
    s = _decision(3)
    seat = s.turn
    for p in range(2):
        s.decks[p].clear()
    assert H.pass_wins_race(s, seat)
    assert H.rollout_action(s, Rng(1)).kind == "pass"
    before = H.evaluate(s, seat)
    GAME.apply(s, H.rollout_action(s, Rng(1)))
    assert s.first_passer == seat
    assert H.evaluate(s, seat) > 0.5 and before > 0.5


def test_a_defeated_avatar_weighs_more_than_its_hp():
    s = _decision(5)
    seat = s.turn
    o = 1 - seat
    a = s.standing(o)[0]
    hurt = GAME.clone(s)
    hurt.damage[a] = H.fx.max_hp(hurt, a) - 1
    down = GAME.clone(s)
    H.fx.fall(down, a, [])
    assert H.evaluate(s, seat) < H.evaluate(hurt, seat) < H.evaluate(down, seat)


def test_a_buff_on_an_exhausted_card_is_worth_nothing_it_ends_with_the_round():
    # buffs are cleared at the round's end (flow._finish_end): on a card that cannot strike
    # again this round, "+2 Attack" bought with HP (Grosk's own ability) is a loss, not a gain
    s = _decision(5)
    seat = s.turn
    a = s.standing(seat)[0]
    s.buffs.pop(a, None)
    s.exhausted.discard(a)
    ready_buffed = GAME.clone(s)
    ready_buffed.buffs[a] = 2
    spent = GAME.clone(s)
    spent.exhausted.add(a)
    spent_buffed = GAME.clone(spent)
    spent_buffed.buffs[a] = 2
    assert H.avatar_worth(ready_buffed, a) > H.avatar_worth(s, a)
    assert H.avatar_worth(spent_buffed, a) == H.avatar_worth(spent, a)
    bled = GAME.clone(spent_buffed)            # the ability's price: 1 HP, for nothing
    bled.damage[a] = bled.damage.get(a, 0) + 1
    assert H.evaluate(bled, seat) < H.evaluate(spent, seat)


# --- the hooks against the engine ------------------------------------------------------------------
def test_hooks_are_found_for_trials():
    hooks = H.POLICY
    assert hooks.rollout_action is H.rollout_action and hooks.playout is H.playout
    assert hooks.search_actions is H.search_actions and hooks.search_apply is H.search_apply


def test_label_free_moves_equal_the_legal_actions_and_search_keeps_a_subset():
    seen = 0
    for s in _positions(range(5)):
        legal = GAME.legal_actions(s)
        moves = GAME.legal_moves(s)
        assert moves == legal
        pruned = H.search_actions(s)
        assert pruned and set(pruned) <= set(legal)
        assert {a.kind for a in legal} - {"channel"} <= {a.kind for a in pruned}
        seen += 1
    assert seen > 500


def test_the_rollout_policy_moves_are_legal_and_reach_the_engine_states():
    rng = Rng(7)
    steps = 0
    for s in _positions(range(5)):
        move = H.rollout_action(s, rng)
        assert move in GAME.legal_actions(s)
        engine, fast = GAME.clone(s), GAME.clone(s)
        GAME.apply(engine, move)
        H.search_apply(fast, move)
        assert GAME.state_to_json(fast) == GAME.state_to_json(engine)
        steps += 1
    assert steps > 500


def test_playout_plays_the_policy_to_its_cap_or_the_end():
    s = GAME.setup({}, 8)
    assert H.playout(s, Rng(1), 30) == 30
    done = H.playout(s, Rng(2), 100_000)
    assert s.phase == OVER and 0 < done < 100_000


# --- the questions asked while something resolves (issue 17) ---------------------------------------
ARCHERS = ["lira-longshot", "captain-havel-quickdraw"]


def _until_asked(s):
    while s.waiting is None and s.stack:
        GAME.apply(s, Action("decline"))


def _triggered_scout(deck_left: int, rival_left: int = 14):
    """Quiver of Plenty scouts at the start of the round; seat 0's deck holds `deck_left` cards."""
    s = duel(ARCHERS, initiative=0)
    put_on(s, "quiver-of-plenty", avatar(s, 0))
    del s.decks[0][deck_left:]
    del s.decks[1][rival_left:]
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    _until_asked(s)
    assert s.waiting.kind == "scout"
    return s


def test_a_scout_never_takes_the_decks_last_card_nor_one_that_loses_a_near_race():
    assert H.scout_where(_triggered_scout(1), 0) == H.fx.SCOUT_NONE
    assert H.scout_where(_triggered_scout(3, rival_left=3), 0) == H.fx.SCOUT_NONE
    assert H.scout_where(_triggered_scout(8, rival_left=3), 0) != H.fx.SCOUT_NONE
    assert H.scout_where(_triggered_scout(6, rival_left=8), 0) != H.fx.SCOUT_NONE


def test_a_scout_takes_the_bottom_card_unless_the_card_after_the_top_is_worth_more():
    s = _triggered_scout(8)
    deck = s.decks[0]
    s.designs[deck[1]], s.designs[deck[-1]] = "sling", "flintlock-pistol"        # 0 vs 3 energy
    assert H.scout_where(s, 0) == H.fx.SCOUT_BOTTOM
    s.designs[deck[1]], s.designs[deck[-1]] = "flintlock-pistol", "sling"
    assert H.scout_where(s, 0) == H.fx.SCOUT_TOP


@pytest.mark.parametrize("bot", ["greedy", "ismcts"])
def test_the_bots_leave_the_last_card_when_taking_it_would_lose_at_the_draw(bot):
    s = _triggered_scout(1)
    player = _bots()["greedy" if bot == "greedy" else "ismcts:normal"]
    legal = GAME.legal_actions(s)
    assert player.choose(GAME, GAME.view(s, 0), legal, Rng(3)) == Action("scout", (H.fx.SCOUT_NONE,))


def test_the_one_handed_card_worth_least_makes_room():
    s = duel(ARCHERS, initiative=0)
    a = avatar(s, 0)
    sling, crossbow = put_on(s, "sling", a), put_on(s, "hand-crossbow", a)
    to_discard(s, "flintlock-pistol")
    H.fx.deal_damage(s, -1, avatar(s, 1, 1), 99, [])
    H.fx.settle(s, [])
    flow.go_on(s, [])                                    # the pistol's effect goes on the stack
    _until_asked(s)
    assert s.waiting.kind == "detach"
    assert H.rollout_action(s, Rng(1)) == Action("detach", (sling,))
    assert crossbow in H.settled(s).attached[a]          # the evaluation answers the same way


def test_every_pending_question_gets_a_legal_rollout_answer_and_a_settled_evaluation():
    asked = 0
    for s in _positions(range(8)):
        if s.waiting is None:
            continue
        assert H.rollout_action(s, Rng(asked)) in GAME.legal_actions(s)
        assert set(H.search_actions(s)) <= set(GAME.legal_actions(s)) and H.search_actions(s)
        settled = H.settled(s)
        assert settled.waiting is None and -1.0 <= H.evaluate(s, 0) <= 1.0
        asked += 1
    assert asked > 5
