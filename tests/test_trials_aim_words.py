"""Trials says where a card goes and what it aims at once each: "Play Field Dressing on Dame
Rosalind Thorne (1 energy), aimed at that Avatar", never "on Dame Rosalind … aimed on Dame
Rosalind …" (the engine's label, which saved logs keep, is turned into these words)."""

from __future__ import annotations

import re

from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.games.trials.presentation.words import seat_words
from tabletop.table.narration import Voice

_ON = re.compile(r"^Play .+? on (.+?) \(\d+ energy\)(.*)$")


def test_a_card_aimed_at_its_own_avatar_names_it_once():
    said = seat_words("Play Field Dressing on Dame Rosalind Thorne (1 energy) aimed on Dame Rosalind Thorne",
                      Voice(("Ann", "Bob"), 0))
    assert said == "Play Field Dressing on Dame Rosalind Thorne (1 energy), aimed at that Avatar"
    assert (seat_words("Play Riposte on Ilsa (1 energy) aimed on Kira, detaching Rapier", Voice(("A", "B"), 0))
            == "Play Riposte on Ilsa (1 energy), aimed at Kira, detaching Rapier")


def test_random_play_never_doubles_the_avatar_nor_aims_on():
    voice = Voice(("Ann", "Bob"), 0)
    aimed = 0
    for seed in (1, 2, 3):
        match = Match(get_game("trials"), [Seat("bot", "Ann"), Seat("bot", "Bob")], seed)
        rng = Rng(seed)
        for _ in range(300):
            if match.to_act is None:
                break
            for a in match.legal_actions():
                words = seat_words(a.label, voice)
                assert " aimed on " not in words, words
                m = _ON.match(words)
                if m and "aimed" in m.group(2):
                    aimed += 1
                    assert m.group(1) not in m.group(2), words
            match.play(rng.choice(match.legal_actions()))
    assert aimed > 20
