"""Paragons: the short draft (variant "short", the Learn to play lesson's): one small layout of
each tier, picked in draft order, then the usual deck building; the bots finish such a match."""

from collections import Counter

import pytest
from paragons_helpers import MAGE, RANGER, WARRIOR, do

from tabletop.bots.worker import choose_in_process
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.rules import GAME


@pytest.mark.parametrize("classes, greater, lesser", [((WARRIOR, MAGE), 4, 6),
                                                      ((WARRIOR, MAGE, RANGER), 6, 9)])
def test_the_short_draft_lays_out_two_greater_and_three_lesser_cards_a_player(classes, greater, lesser):
    s = GAME.setup({"variant": "short", "classes": list(classes)}, 7, len(classes))
    assert s.phase == "draft" and len(s.layout) == greater
    assert all(card(s.designs[c]).tier == "greater" for c in s.layout)
    for _ in range(greater):
        do(s, "pick", s.layout[0])
    assert s.phase == "draft" and len(s.layout) == lesser
    assert all(card(s.designs[c]).tier == "lesser" for c in s.layout)
    for _ in range(lesser):
        do(s, "pick", s.layout[0])
    assert s.phase == "build"
    for p in range(len(classes)):
        drafted = [card(s.designs[c]) for c in s.owned[p] if c < 100]
        assert Counter(c.tier for c in drafted) == {"greater": 2, "lesser": 3}
        assert len(s.decks[p]) == 30 and len(s.reserves[p]) == 5


def test_the_standard_draft_keeps_its_layouts_and_an_unknown_variant_is_refused():
    s = GAME.setup({"variant": "draft", "classes": [WARRIOR, MAGE]}, 7, 2)
    assert len(s.layout) == 14
    with pytest.raises(ValueError, match="draft, short or preconstructed"):
        GAME.setup({"variant": "tiny"}, 7, 2)


def test_the_draft_room_names_the_short_drafts_single_lesser_round():
    from tabletop.games.paragons.presentation.draftroom import round_cards, round_name
    s = GAME.setup({"variant": "short", "classes": [WARRIOR, MAGE]}, 7, 2)
    for _ in range(5):
        do(s, "pick", s.layout[0])
    v = GAME.view(s, 0)
    assert round_name(v) == "Lesser mercenaries"
    assert len(round_cards(v)) == 6          # the whole round, the pick made included


def test_the_easy_bots_play_a_short_draft_match_from_the_class_choice_to_the_end():
    """Finish on your own may hand a lesson's short draft to the easy bot at any point."""
    m = Match(GAME, [Seat("bot", "A", "greedy", "easy"), Seat("bot", "B", "greedy", "easy")], 3,
              {"variant": "short", "best_of": 1})
    for i in range(600):
        if m.result() is not None:
            break
        seat = m.to_act
        a = choose_in_process(GAME, GAME.view(m.state, seat), m.legal_actions(), "greedy", "easy",
                              Rng(i))
        m.play(a)
    assert m.result() is not None
