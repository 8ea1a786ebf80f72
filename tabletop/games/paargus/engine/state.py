"""The state of a Paargus match and what each seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.fields import (LIST, LISTS, RNG, TUPLE, VALUE, ListOf, Obj, OrNone, declared,
                                  spec)
from tabletop.core.rng import Rng
from tabletop.games.paargus.engine.conjunctions import Conjunction

START_CHIPS = 100
HAND_LIMIT = 6

# phases
TABLEAU = "tableau"      # steps 1-3: play to the tableau, then trade or draw
CONJOIN = "conjoin"      # step 4: at most one conjunction play
HAND_OVER = "hand_over"  # a hand has ended; the next starter deals
MATCH_OVER = "match_over"


@declared
@dataclass
class HandResult:
    winner: int | None          # None: a tie, nothing paid
    reason: str                 # "alignments" or "deck"
    score: int
    paid: int
    alignments: tuple[int, int] = spec(TUPLE)


_VIEW = ("seat", "hand_sizes")   # a view writes its view-only fields; a real state does not


@declared
@dataclass
class PaargusState:
    """Each field is declared once with its kind (tabletop.core.fields), which gives clone,
    to_json and from_json; the declaration order is the key order of the saved JSON."""

    rng: Rng = spec(RNG)
    chips: list[int] = spec(LIST)
    hand_no: int = 1
    hands_target: int = 0                 # 0: play until a player is cleaned out
    starter: int = 0
    turn: int = 0
    turn_no: int = 1
    phase: str = TABLEAU
    deck: list[int] = spec(LIST, default_factory=list)        # the top card is the last
    hands: list[list[int]] = spec(LISTS, default_factory=lambda: [[], []])
    # hand cards both players saw arrive
    known: list[list[int]] = spec(LISTS, default_factory=lambda: [[], []])
    tableau: list[int] = spec(LIST, default_factory=list)
    arrays: list[list[Conjunction]] = spec(ListOf(ListOf(Obj(Conjunction))),
                                           default_factory=lambda: [[], []])
    drawn_first: list[bool] = spec(LIST, default_factory=lambda: [False, False])
    last_hand: HandResult | None = spec(OrNone(Obj(HandResult)), default=None)  # never changed
    match_winner: int | None = None       # meaningful once phase == MATCH_OVER
    # views only: the seat this is a view for (None in a real state), and the
    # sizes of hands and deck whose cards the seat may not see
    seat: int | None = spec(VALUE, default=None, if_absent=None, written_if=_VIEW)
    hand_sizes: list[int] | None = spec(OrNone(LIST), default=None, if_absent=None,
                                        written_if=_VIEW)
    deck_count: int | None = spec(VALUE, default=None, if_absent=None, written_if=_VIEW)

    def hand_size(self, p: int) -> int:
        return self.hand_sizes[p] if self.hand_sizes is not None else len(self.hands[p])

    def deck_size(self) -> int:
        return len(self.deck) if self.deck_count is None else self.deck_count
