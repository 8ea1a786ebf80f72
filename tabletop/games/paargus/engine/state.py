"""The state of a Paargus match and what each seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.core.rng import Rng
from tabletop.games.paargus.engine.conjunctions import Conjunction

START_CHIPS = 100
HAND_LIMIT = 6

# phases
TABLEAU = "tableau"      # steps 1-3: play to the tableau, then trade or draw
CONJOIN = "conjoin"      # step 4: at most one conjunction play
HAND_OVER = "hand_over"  # a hand has ended; the next starter deals
MATCH_OVER = "match_over"


@dataclass
class HandResult:
    winner: int | None          # None: a tie, nothing paid
    reason: str                 # "alignments" or "deck"
    score: int
    paid: int
    alignments: tuple[int, int]

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "score": self.score,
                "paid": self.paid, "alignments": list(self.alignments)}

    @classmethod
    def from_json(cls, d: dict | None) -> "HandResult | None":
        if d is None:
            return None
        return cls(d["winner"], d["reason"], d["score"], d["paid"], tuple(d["alignments"]))


@dataclass
class PaargusState:
    rng: Rng
    chips: list[int]
    hand_no: int = 1
    hands_target: int = 0                 # 0: play until a player is cleaned out
    starter: int = 0
    turn: int = 0
    turn_no: int = 1
    phase: str = TABLEAU
    deck: list[int] = field(default_factory=list)        # the top card is the last
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    known: list[list[int]] = field(default_factory=lambda: [[], []])  # hand cards both players saw arrive
    tableau: list[int] = field(default_factory=list)
    arrays: list[list[Conjunction]] = field(default_factory=lambda: [[], []])
    drawn_first: list[bool] = field(default_factory=lambda: [False, False])
    last_hand: HandResult | None = None
    match_winner: int | None = None       # meaningful once phase == MATCH_OVER
    # views only: the seat this is a view for (None in a real state), and the
    # sizes of hands and deck whose cards the seat may not see
    seat: int | None = None
    hand_sizes: list[int] | None = None
    deck_count: int | None = None

    def clone(self) -> "PaargusState":
        return PaargusState(
            self.rng.clone(), self.chips[:], self.hand_no, self.hands_target, self.starter,
            self.turn, self.turn_no, self.phase, self.deck[:], [h[:] for h in self.hands],
            [k[:] for k in self.known], self.tableau[:], [a[:] for a in self.arrays],
            self.drawn_first[:], self.last_hand, self.match_winner, self.seat,
            None if self.hand_sizes is None else self.hand_sizes[:], self.deck_count)

    def hand_size(self, p: int) -> int:
        return self.hand_sizes[p] if self.hand_sizes is not None else len(self.hands[p])

    def deck_size(self) -> int:
        return len(self.deck) if self.deck_count is None else self.deck_count

    def to_json(self) -> dict:
        out = {
            "rng": self.rng.to_json(), "chips": self.chips, "hand_no": self.hand_no,
            "hands_target": self.hands_target, "starter": self.starter, "turn": self.turn,
            "turn_no": self.turn_no, "phase": self.phase, "deck": self.deck, "hands": self.hands,
            "known": self.known, "tableau": self.tableau,
            "arrays": [[c.to_json() for c in a] for a in self.arrays],
            "drawn_first": self.drawn_first,
            "last_hand": self.last_hand.to_json() if self.last_hand else None,
            "match_winner": self.match_winner,
        }
        if self.seat is not None or self.hand_sizes is not None:
            out.update(seat=self.seat, hand_sizes=self.hand_sizes, deck_count=self.deck_count)
        return out

    @classmethod
    def from_json(cls, d: dict) -> "PaargusState":
        s = cls(Rng.from_json(d["rng"]), list(d["chips"]), d["hand_no"], d["hands_target"],
                d["starter"], d["turn"], d["turn_no"], d["phase"], list(d["deck"]),
                [list(h) for h in d["hands"]], [list(k) for k in d["known"]], list(d["tableau"]),
                [[Conjunction.from_json(c) for c in a] for a in d["arrays"]],
                list(d["drawn_first"]), HandResult.from_json(d["last_hand"]), d["match_winner"])
        s.seat = d.get("seat")
        s.hand_sizes = d.get("hand_sizes")
        s.deck_count = d.get("deck_count")
        return s
