"""The deck builder works from any game's deck specification (tabletop.core.decks.DeckSpec):
a toy game with 30-card decks, up to 3 copies of a card (1 of a legendary), no leaders and no
order builds, refuses a copy too many, shows the engine's sentences, and saves and loads."""

from collections import Counter
from functools import partial

import pytest
from PIL import Image

from tabletop.core.decks import DeckSpec, SeatDecks, can_add, over_limit
from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
from tabletop.store.decks import DeckStore

pytestmark = pytest.mark.gui


class Card:
    def __init__(self, i: int):
        self.id = f"t{i:02d}"
        self.name = f"{'Legend' if i % 5 == 0 else 'Merc'} {i:02d}"
        self.cls = ("warrior", "mage")[i % 2]
        self.text = f"A {self.cls}."


CARDS = {c.id: c for c in (Card(i) for i in range(20))}


def _face(cid):
    return Image.new("RGBA", (300, 420), (40 + int(cid[1:]) * 9, 80, 120, 255))


class ToySpec:
    """A Paragons-like deck: exactly 30 cards, 3 copies at most, 1 of a legendary."""

    game_id = "toy"
    title = "Toy: deck builder"
    deck_size = 30
    leader_word = ""
    modes = (("Deck", None),)
    ordered = False

    def filters(self):
        return [("cls", "Class", [("Any class", None), ("Warrior", "warrior"), ("Mage", "mage")])]

    def cards(self, cls=None, text=""):
        return [c for c in CARDS.values() if (cls is None or c.cls == cls)
                and text.lower() in (c.name + c.text).lower()]

    def card(self, cid):
        return CARDS[cid]

    def is_leader(self, cid):
        return False

    def copies_allowed(self, cid):
        return 1 if CARDS[cid].name.startswith("Legend") else 3

    def label(self, c):
        return f"{c.name}\n{c.cls.capitalize()}"

    def face(self, cid):
        return f"test/toy/{cid}/v1", partial(_face, cid)

    def problems(self, leaders, cards, mode):          # the "engine's" sentences
        out = []
        if len(cards) != 30:
            out.append(f"a deck holds exactly 30 cards, this one {len(cards)}.")
        for cid, (n, most) in sorted(over_limit(cards, self.copies_allowed).items()):
            out.append(f"{CARDS[cid].name} is in the deck {n} times; at most {most}.")
        return out

    def starters(self, mode):
        return {}

    def as_deck(self, leaders, cards):
        return {"cards": list(cards)}

    def from_deck(self, deck):
        return [], list(deck.get("cards") or [])

    def mode_of(self, leaders, cards):
        return None


def make(qtbot, spec=None):
    from tabletop.shell.deck_builder import DeckBuilder
    b = DeckBuilder(spec or ToySpec())
    qtbot.addWidget(b)
    return b


def test_the_contract_is_met_by_the_toy_and_by_trials():
    assert isinstance(ToySpec(), DeckSpec) and isinstance(TrialsDeckSpec(), DeckSpec)
    assert isinstance(TrialsDeckSpec(), SeatDecks) and not isinstance(ToySpec(), SeatDecks)
    assert over_limit(["a", "a", "b"], lambda c: 1) == {"a": (2, 1)}
    assert can_add(["a", "a"], "a", lambda c: 3) and not can_add(["a"], "a", lambda c: 1)


def test_a_thirty_card_deck_with_copy_limits(qtbot):
    b = make(qtbot)
    assert b.leaders.isHidden() and b.mode.isHidden() and b.starter.isHidden()
    assert "exactly 30 cards, this one 0" in b.legality.text()
    for _ in range(4):
        b.add("t01")                                    # a Merc: three copies, not four
    assert b.card_ids() == ["t01"] * 3 and "3 times, the most" in b.status.text()
    b.add("t05")
    b.add("t05")                                        # a Legend: one copy
    assert Counter(b.card_ids())["t05"] == 1 and "already in the deck" in b.status.text()
    # one row per card, with its copies; sorted by name
    assert b.deck.count() == 2 and b.deck.item(1).text().startswith("3 × Merc 01")
    assert b.deck.item(0).text().startswith("1 × Legend 05")
    for cid in [c for c in CARDS if not CARDS[c].name.startswith("Legend")][1:]:
        for _ in range(2):
            b.add(cid)
    assert len(b.card_ids()) == 3 + 1 + 15 * 2 and b.count.text() == "Deck: 34 of 30 cards"
    assert "exactly 30 cards, this one 34" in b.legality.text()
    # take copies out until 30: the engine's sentence goes, the deck is legal
    while len(b.card_ids()) > 30:
        b.remove(b.deck.count() - 1)
    assert b.problems() == [] and "Legal" in b.legality.text()
    b.remove(0)                                         # the Legend's only copy: its row goes
    assert "t05" not in b.card_ids() and "this one 29" in b.legality.text()


def test_the_engines_words_are_shown_for_a_deck_loaded_over_the_limit(qtbot, tabletop_home):
    store = DeckStore("toy")
    store.save("Greedy", {"cards": ["t05", "t05"] + ["t01"] * 28})
    b = make(qtbot)
    assert b.load("Greedy")
    assert b.card_ids().count("t01") == 28 and b.deck.count() == 2
    assert "Legend 05 is in the deck 2 times; at most 1." in b.legality.text()
    assert "Merc 01 is in the deck 28 times; at most 3." in b.legality.text()


def test_save_and_load_keep_the_copies(qtbot, tabletop_home):
    b = make(qtbot)
    cards = ["t01"] * 3 + ["t02"] * 2 + ["t05"]
    b.set_deck([], cards)
    assert b.save("Mine")
    assert Counter(DeckStore("toy").load("Mine")["cards"]) == Counter(cards)
    b.set_deck([], [])
    assert b.load("Mine") and Counter(b.card_ids()) == Counter(cards)


def test_a_pool_caption_keeps_the_cost_line_whole_under_a_long_name(qtbot):
    """The pool draws its own captions: Qt's icon-mode layout wrapped them at the icon's width
    and cut every Equipment card's cost line to "2 energy · …"."""
    from PySide6.QtGui import QFont, QFontMetrics

    from tabletop.shell.deck_builder import (ICON, NAME_LINES, DeckBuilder, caption_lines,
                                             detail_font)
    from tabletop.shell.theme import load_fonts

    b = DeckBuilder(TrialsDeckSpec())
    qtbot.addWidget(b)
    font = QFont(load_fonts())
    font.setPixelSize(14)                  # the app's: its style sheet sets 14px on QWidget
    fm, small = QFontMetrics(font), QFontMetrics(detail_font(font))
    width = b._cell.width() - 4
    assert b._cell.width() <= ICON.width() + 20           # three columns still fit the pool
    lines = caption_lines("Robe of Lingering Seconds\n2 energy · Equipment", fm, small, width)
    assert lines == ["Robe of Lingering", "Seconds", "2 energy · Equipment"]
    assert b._cell.height() >= ICON.height() + fm.lineSpacing() * (NAME_LINES + 1)
    # a name longer than two lines is cut on its second, and the cost line stays whole
    lines = caption_lines("The Very Long Named Card of Many Words Indeed\n1 energy · Ability",
                          fm, small, width)
    assert len(lines) == NAME_LINES + 1 and lines[1].endswith("…")
    assert lines[-1] == "1 energy · Ability"
    assert caption_lines("Robe of Lingering Seconds", fm, small, width)[-1] == ""
    # the real pool item carries the whole caption for the delegate to lay out
    b.search.setText("Robe of Lingering")
    assert b.pool.count() == 1 and b.pool.item(0).text().endswith("\n2 energy · Equipment")
