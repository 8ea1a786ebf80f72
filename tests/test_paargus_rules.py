"""Paargus: a test per rule of rules/paargus.txt and RULINGS.md, named after the rule."""

from collections import Counter

import pytest

from paargus_helpers import act, align, group, ids, position, trio_where
from tabletop.core import Action
from tabletop.core.game import IllegalAction
from tabletop.games.paargus.engine import conjunctions as cj
from tabletop.games.paargus.engine.cards import EAST, WEST, cards, sigils, sky_of
from tabletop.games.paargus.engine.conjunctions import Conjunction
from tabletop.games.paargus.engine.rules import GAME, array_alignments, endgame_open
from tabletop.games.paargus.engine.state import CONJOIN, HAND_OVER, MATCH_OVER, TABLEAU


def kinds(s):
    return {a.kind for a in GAME.legal_actions(s)}


# --- the deck ---------------------------------------------------------------------------------

def test_deck_is_42_cards_of_four_quadrants_with_14_sigils():
    assert len(cards()) == 42
    assert len(sigils()) == 14
    for c in cards():
        assert len(c.sigils) == 4 and all(s in sigils() for s in c.sigils)


def test_each_sigil_appears_two_to_five_times_in_every_quadrant():
    for q in (1, 2, 3, 4):
        counts = Counter(c.sigil(q) for c in cards())
        assert set(counts) == set(sigils())
        assert all(2 <= n <= 5 for n in counts.values()), counts
    # East conjunctions of 4 and 5 cards are possible
    assert any(n >= 5 for n in Counter(c.sigil(3) for c in cards()).values())
    assert any(n >= 5 for n in Counter(c.sigil(4) for c in cards()).values())


def test_about_a_third_of_cards_carry_one_alignment_symbol():
    marked = [c for c in cards() if c.alignment is not None]
    assert 12 <= len(marked) <= 16
    assert {c.alignment for c in marked} == {1, 2, 3, 4}


def test_deck_is_shuffled_for_each_hand():
    s = GAME.setup({}, 7)
    first = list(s.deck)
    s.phase, s.hand_no = HAND_OVER, 1
    act(s, "deal")
    assert sorted(s.deck) == sorted(first) and s.deck != first


def test_first_hand_starter_is_random():
    assert {GAME.setup({}, seed).turn for seed in range(40)} == {0, 1}


# --- a turn -----------------------------------------------------------------------------------

def test_hands_start_empty_and_the_first_turn_draws_three():
    s = GAME.setup({}, 3)
    assert s.hands == [[], []] and s.tableau == []
    act(s, "draw")
    assert len(s.hands[s.turn]) == 3 and len(s.deck) == 39


def test_each_players_first_turn_draws_three_and_later_turns_one():
    s = GAME.setup({}, 3)
    first = s.turn
    act(s, "draw"); act(s, "end_turn")
    second = s.turn
    act(s, "draw")
    assert len(s.hands[second]) + len(s.tableau) >= 3
    act(s, "end_turn")
    before = len(s.deck)
    act(s, "draw")
    assert s.turn == first and len(s.deck) == before - 1


def test_any_number_of_cards_may_be_played_to_the_tableau():
    hand = ids()[:5]
    s = position(hands=(hand, []))
    for c in hand:
        act(s, "play", c)
    assert s.tableau == hand and s.phase == TABLEAU


def test_hand_over_six_must_be_played_down_before_trading_or_drawing():
    hand = ids()[:8]
    s = position(hands=(hand, []))
    assert kinds(s) == {"play"}
    reason = GAME.why_illegal(s, Action("draw"))
    assert "8 cards" in reason and "2 more" in reason
    act(s, "play", hand[0])
    assert "draw" not in kinds(s)
    act(s, "play", hand[1])
    assert "draw" in kinds(s)


def test_trade_needs_a_matching_north_west_sigil_and_takes_the_cards_place():
    a, b = group(1, 2)
    other = ids(lambda c: c.sigils[0] != cards()[a].sigils[0])[0]
    s = position(hands=([a], []), tableau=[other, b])
    assert "same North-West sigil" in GAME.why_illegal(s, Action("trade", (a, other)))
    assert Action("trade", (a, b)) in GAME.legal_actions(s)
    act(s, "trade", a, b)
    assert s.tableau[1] == a and b in s.hands[0]


def test_at_most_one_trade_a_turn():
    a, b, c, d = group(1, 2) + group(1, 2, exclude=group(1, 3))
    s = position(hands=([a, c], []), tableau=[b, d])
    act(s, "trade", a, b)
    assert s.phase == CONJOIN            # the draw followed: no second trade this turn
    assert GAME.why_illegal(s, Action("trade", (c, d))) is not None


def test_draw_takes_every_tableau_card_matching_its_north_west_sigil():
    x, y, z = group(1, 3)
    stay = ids(lambda c: c.sigils[0] != cards()[x].sigils[0])[:2]
    s = position(hands=([], []), tableau=[y, stay[0], z, stay[1]])
    s.deck.remove(x)
    s.deck.append(x)                      # x is on top
    events = act(s, "draw")
    assert sorted(s.hands[0]) == sorted([x, y, z])
    assert s.tableau == stay
    assert any(e.kind == "sweep" for e in events)


def test_a_sweep_may_take_the_hand_over_six():
    x, y, z = group(1, 3)
    hand = ids(lambda c: c.id not in (x, y, z))[:6]
    s = position(hands=(hand, []), tableau=[y, z])
    s.deck.remove(x)
    s.deck.append(x)
    act(s, "draw")
    assert len(s.hands[0]) == 9


def test_conjunction_play_comes_after_the_draw():
    trio = group(1)
    s = position(hands=(trio, []))
    assert "after the draw" in GAME.why_illegal(s, Action("conjoin", (1, tuple(trio))))


# --- conjunctions -----------------------------------------------------------------------------

def test_a_conjunction_needs_three_cards_sharing_the_sigil_of_one_quadrant():
    trio = group(2)
    odd = ids(lambda c: c.sigil(2) != cards()[trio[0]].sigil(2))[0]
    s = position(hands=(trio[:2] + [odd], []), phase=CONJOIN)
    reason = GAME.why_illegal(s, Action("conjoin", (2, (trio[0], trio[1], odd))))
    assert "share the sigil" in reason
    s = position(hands=(trio, []), phase=CONJOIN)
    assert GAME.why_illegal(s, Action("conjoin", (2, tuple(trio)))) is None


def test_west_conjunctions_are_exactly_three_cards():
    four = group(1, 3) + [ids()[0]]
    s = position(hands=(four, []), phase=CONJOIN)
    assert "exactly three" in GAME.why_illegal(s, Action("conjoin", (1, tuple(four))))
    trio = group(1)
    extra = [c for c in ids() if c not in trio and cards()[c].sigil(1) == cards()[trio[0]].sigil(1)]
    conj = Conjunction(1, tuple(trio))
    s = position(hands=([extra[0] if extra else ids()[-1]], []), phase=CONJOIN, arrays=([conj], []))
    reason = GAME.why_illegal(s, Action("trail", (0, s.hands[0][0])))
    assert "West conjunctions" in reason


def test_east_conjunctions_take_one_trailing_card_per_later_turn():
    five = group(3, 5)
    conj = Conjunction(3, tuple(five[:3]))
    s = position(hands=(five[3:], []), phase=CONJOIN, arrays=([conj], []))
    assert Action("trail", (0, five[3])) in GAME.legal_actions(s)
    act(s, "trail", 0, five[3])
    assert s.arrays[0][0].trailing == (five[3],)
    assert s.turn == 1                     # the conjunction play ended the turn
    assert "already drawn" not in (GAME.why_illegal(s, Action("trail", (0, five[4]))) or "")


def test_a_trailing_card_must_match_the_conjunction():
    trio = group(4)
    odd = ids(lambda c: c.sigil(4) != cards()[trio[0]].sigil(4))[0]
    s = position(hands=([odd], []), phase=CONJOIN, arrays=([Conjunction(4, tuple(trio))], []))
    assert "must show" in GAME.why_illegal(s, Action("trail", (0, odd)))


def test_at_most_one_conjunction_play_per_turn():
    trio = group(1)
    trio2 = group(2, exclude=trio)
    s = position(hands=(trio + trio2, []), phase=CONJOIN)
    act(s, "conjoin", 1, tuple(trio))
    assert s.turn == 1 and s.phase == TABLEAU


# --- fanning and alignments -------------------------------------------------------------------

def test_fan_order_hides_a_symbol_on_the_other_half_unless_the_card_is_on_top():
    # a West conjunction with one card whose symbol sits over an East quadrant
    trio = trio_where(1, lambda t: sum(1 for c in t if align(c) in EAST) == 1
                      and all(align(c) is None for c in t if align(c) not in EAST))
    marked = next(c for c in trio if align(c) in EAST)
    rest = [c for c in trio if c != marked]
    assert cj.fan_alignments((marked, *rest), 1) == 0      # buried: only its West half shows
    assert cj.fan_alignments((*rest, marked), 1) == 1      # on top: shows whole


def test_a_symbol_on_the_matched_half_always_shows():
    trio = trio_where(3, lambda t: any(align(c) in EAST for c in t))
    marked = next(c for c in trio if align(c) in EAST)
    rest = [c for c in trio if c != marked]
    assert cj.fan_alignments((marked, *rest), 3) >= 1


def test_symbols_over_the_same_quadrant_count_once_among_the_first_three():
    same = [c.id for c in cards() if c.alignment == 3]
    # build a fan by hand: the rule is about symbols, whatever the sigils
    assert len(same) >= 2
    order = (same[0], same[1], ids(lambda c: c.alignment is None)[0])
    assert len(cj.showing_symbols(order, 3)) == 2
    assert cj.fan_alignments(order, 3) == 1


def test_trailing_card_symbols_count_on_their_own():
    conj = Conjunction(3, (1, 2, 3), ())
    base = cj.alignments(conj)
    marked = [c.id for c in cards() if c.alignment is not None and c.id not in (1, 2, 3)]
    with_trailing = Conjunction(3, (1, 2, 3), (marked[0], marked[1]))
    assert cj.alignments(with_trailing) == base + 2


# --- ending a hand -----------------------------------------------------------------------------

def _aligned_conj(quadrant, n_align, exclude=()):
    """A conjunction of real matching cards showing exactly n alignments."""
    for trio in trio_where_all(quadrant):
        if set(trio) & set(exclude):
            continue
        for top in trio:
            fan = tuple(c for c in trio if c != top) + (top,)
            if cj.fan_alignments(fan, quadrant) == n_align:
                return Conjunction(quadrant, fan)
    raise LookupError


def trio_where_all(quadrant):
    from itertools import combinations
    by = {}
    for c in cards():
        by.setdefault(c.sigil(quadrant), []).append(c.id)
    for members in by.values():
        yield from combinations(members, 3)


def _used(*conjs):
    return {c for conj in conjs for c in conj.cards}


def test_the_endgame_opens_once_two_conjunctions_show_alignments():
    one = _aligned_conj(3, 1)
    s = position(arrays=([one], []))
    assert not endgame_open(s)
    other = _aligned_conj(4, 1, exclude=one.cards)
    s = position(arrays=([one], [other]))
    assert endgame_open(s)


def test_two_more_alignments_at_the_end_of_your_turn_wins_the_hand():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    assert not _used(a) & _used(b)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=0)
    s.deck = [c for c in s.deck if c not in _used(a, b)]
    act(s, "end_turn")
    assert s.phase == HAND_OVER and s.last_hand.winner == 0 and s.last_hand.reason == "alignments"


def test_one_alignment_ahead_is_not_enough():
    a = _aligned_conj(1, 1)
    s = position(arrays=([a], []), phase=CONJOIN, turn=0)
    act(s, "end_turn")
    assert s.phase == TABLEAU and s.turn == 1


def test_the_win_check_is_made_only_for_the_player_whose_turn_ended():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=1)
    act(s, "end_turn")                     # player 2 ends a turn two alignments behind
    assert s.phase == TABLEAU and s.turn == 0


def test_an_empty_deck_ends_the_hand_and_more_alignments_wins():
    a = _aligned_conj(1, 1)
    s = position(arrays=([], [a]), phase=CONJOIN, turn=0, deck=[])
    act(s, "end_turn")
    assert s.phase == HAND_OVER and s.last_hand.winner == 1 and s.last_hand.reason == "deck"


def test_an_empty_deck_with_level_alignments_pays_nothing():
    s = position(phase=CONJOIN, turn=0, deck=[])
    act(s, "end_turn")
    assert s.last_hand.winner is None and s.chips == [100, 100]


def test_a_first_turn_draw_of_three_takes_what_is_left():
    s = position(deck=[5, 6], drawn_first=(False, False))
    act(s, "draw")
    assert sorted(s.hands[0]) == [5, 6] and s.deck == []


# --- scoring and chips ---------------------------------------------------------------------------

@pytest.mark.parametrize("quadrant,value", [(1, 4), (2, 3), (3, 2), (4, 1)])
def test_a_conjunction_scores_its_cards_times_its_quadrant_value(quadrant, value):
    assert cj.points(Conjunction(quadrant, (0, 1, 2))) == 3 * value
    if quadrant in EAST:
        assert cj.points(Conjunction(quadrant, (0, 1, 2), (3, 4))) == 5 * value


def test_the_loser_pays_the_winners_score_in_chips():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=0)
    act(s, "end_turn")
    assert s.last_hand.score == 12 + 9
    assert s.chips == [121, 79]


def test_a_player_who_cannot_pay_in_full_pays_all_and_the_match_ends():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=0, chips=(100, 15))
    act(s, "end_turn")
    assert s.chips == [115, 0] and s.phase == MATCH_OVER
    assert GAME.result(s).winners == [0]
    assert GAME.to_act(s) is None and GAME.legal_actions(s) == []


def test_the_loser_of_a_hand_starts_the_next():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=0)
    act(s, "end_turn")
    assert GAME.to_act(s) == 1
    act(s, "deal")
    assert s.turn == 1 and s.hand_no == 2 and s.hands == [[], []] and s.arrays == [[], []]


def test_after_a_level_hand_the_other_player_starts():
    s = position(phase=CONJOIN, turn=0, deck=[])
    s.starter = 0
    act(s, "end_turn")
    assert GAME.to_act(s) == 1


def test_a_match_of_a_fixed_number_of_hands_goes_to_the_chip_leader():
    s = GAME.setup({"hands": 1}, 5)
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s.arrays, s.phase, s.turn = [[a, b], []], CONJOIN, 0
    act(s, "end_turn")
    assert s.phase == MATCH_OVER and GAME.result(s).winners == [0]


def test_the_match_continues_while_both_players_have_chips():
    a = _aligned_conj(1, 1)
    b = _aligned_conj(2, 1, exclude=a.cards)
    s = position(arrays=([a, b], []), phase=CONJOIN, turn=0)
    act(s, "end_turn")
    assert s.phase == HAND_OVER and GAME.result(s) is None


# --- illegal moves are explained ---------------------------------------------------------------

def test_an_illegal_move_raises_with_the_reason():
    s = position(hands=(ids()[:8], []))
    with pytest.raises(IllegalAction, match="play 2 more"):
        act(s, "draw")


def test_unknown_moves_and_wrong_phases_are_explained():
    s = position(phase=CONJOIN)
    assert "already drawn" in GAME.why_illegal(s, Action("draw"))
    assert "not a Paargus move" in GAME.why_illegal(s, Action("fly"))
    s = position()
    assert "own hand" in GAME.why_illegal(s, Action("play", (41,)))
    s.phase = HAND_OVER
    assert GAME.why_illegal(s, Action("draw")) is not None


def test_every_listed_action_is_legal_and_labelled():
    s = GAME.setup({}, 11)
    for _ in range(60):
        legal = GAME.legal_actions(s)
        for a in legal:
            assert GAME.why_illegal(s, a) is None, a
            assert a.label
        GAME.apply(s, legal[len(legal) // 2])
        if GAME.to_act(s) is None:
            break
