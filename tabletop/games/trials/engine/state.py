"""The state of a Trials match: zones per seat, cards in play with their marks, the stack,
and the decision the engine waits for in the middle of a resolution.

Card ids are seat * 100 + index: the Avatars first (indices 0-1 in a duel,
0 in the battle royale), then the deck cards in the order the player chose.
`designs` maps every card id to its card in cards.py; a view blanks the ids
its seat may not know (opponents' hands and decks) to "".
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.fields import (LIST, LISTS, RNG, SET, VALUE, DictOf, ListOf, Obj, OrNone, Shared,
                                  declared, spec)
from tabletop.core.response import next_seat
from tabletop.core.rng import Rng
from tabletop.games.trials.engine.stack_item import TrialsChoice, TrialsItem

BLOCK = 100
HAND_SIZE = 5
DECK_SIZE = 20
MAX_ROUND = 10
# the phases: the Start Phase and the End Phase last while their triggered effects are on the stack
START, MAIN, END, OVER = "start", "main", "end", "over"
UNKNOWN = ""

_SEAT_ZONES = ("decks", "hands", "discards", "exiles", "avatars")


def seat_of(cid: int) -> int:
    return cid // BLOCK


def _hosts(s: "TrialsState") -> dict[int, int]:
    return {c: a for a, cs in s.attached.items() for c in cs}


@declared
@dataclass(slots=True, init=False, eq=False, repr=False)
class TrialsState:
    """Each field is declared once with its kind (tabletop.core.fields), which gives clone,
    to_json and from_json; the declaration order is the key order of the saved JSON."""

    rng: Rng = spec(RNG)
    players: int
    round: int
    phase: str
    turn: int
    initiative: int
    energy: list[int] = spec(LIST)
    # the seat zones (_SEAT_ZONES): one list of card ids per seat
    decks: list[list[int]] = spec(LISTS)
    hands: list[list[int]] = spec(LISTS)
    discards: list[list[int]] = spec(LISTS)
    exiles: list[list[int]] = spec(LISTS)
    avatars: list[list[int]] = spec(LISTS)
    # avatar -> its attached cards, oldest first
    attached: dict[int, list[int]] = spec(DictOf(LIST, int_keys=True))
    # attached card -> its avatar (rebuilt from `attached` on load)
    host: dict[int, int] = spec(DictOf(int_keys=True), saved=False, derive=_hosts)
    damage: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    exhausted: set[int] = spec(SET)
    shields: set[int] = spec(SET)
    counters: dict[int, dict[str, int]] = spec(DictOf(DictOf(), int_keys=True, drop_empty=True))
    fallen: set[int] = spec(SET)              # Avatars showing their Fallen side
    # Attack changes until the end of the round
    buffs: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    stealth: set[int] = spec(SET)             # stealthy until the end of the round
    # card -> the seats it is stealthy to alone until the end of the round; None when there are
    # none, so a position without one saves as it always did
    veiled: dict[int, list[int]] | None = spec(OrNone(DictOf(LIST, int_keys=True)), if_absent=None,
                                               written_if=("veiled",))
    # the same, for a veil that leaves the card's attached cards in sight (the `veil` op)
    veiled_alone: dict[int, list[int]] | None = spec(OrNone(DictOf(LIST, int_keys=True)),
                                                     if_absent=None, written_if=("veiled_alone",))
    # the response window's fields (tabletop.core.response; stack.py); items are immutable
    stack: list[TrialsItem] = spec(ListOf(Obj(TrialsItem)))
    prio: int                                 # the seat holding priority in a window, or -1
    declines: int                             # seats in a row that let the window pass
    acted: bool                               # the turn's one action has been declared
    pass_streak: int
    first_passer: int
    out: list[bool] = spec(LIST)
    # when each seat went out: 1 for the first to go, 2 for the next... (seats that went out
    # together share one; 0 while in), so a table ranks its losers too. None until a seat
    # goes out, so a position before that saves as it always did
    exits: list[int] | None = spec(OrNone(LIST), if_absent=None, written_if=("exits",))
    winners: list[int] | None = spec(OrNone(LIST))
    reason: str
    designs: dict[int, str] = spec(Shared(DictOf(int_keys=True)))
    viewer: int | None = spec(VALUE, if_absent=None, written_if=("viewer",))
    # A decision asked in the middle of a resolution (stack_item.TrialsChoice), the item whose
    # resolution waits for it, and effects that triggered and wait to go on the stack. Between
    # two actions the last two are empty unless a decision is pending, so the three are written
    # only then: a position without one saves as it always did.
    waiting: TrialsChoice | None = spec(OrNone(Obj(TrialsChoice)), if_absent=None, written_if=("waiting",))
    resolving: TrialsItem | None = spec(OrNone(Obj(TrialsItem)), if_absent=None, written_if=("waiting",))
    triggered: list[TrialsItem] = spec(ListOf(Obj(TrialsItem)), if_absent=[], written_if=("waiting",))

    def __init__(self, rng: Rng, players: int, designs: dict[int, str]) -> None:
        n = players
        self.rng = rng
        self.players = n
        self.round = 0
        self.phase = MAIN
        self.turn = 0
        self.initiative = 0
        self.energy = [0] * n
        for z in _SEAT_ZONES:
            setattr(self, z, [[] for _ in range(n)])
        self.attached = {}
        self.host = {}
        self.damage = {}
        self.exhausted = set()
        self.shields = set()
        self.counters = {}
        self.fallen = set()
        self.buffs = {}
        self.stealth = set()
        self.veiled = None
        self.veiled_alone = None
        self.stack = []
        self.prio = -1
        self.declines = 0
        self.acted = False
        self.pass_streak = 0
        self.first_passer = -1
        self.out = [False] * n
        self.exits = None
        self.winners = None
        self.reason = ""
        self.designs = designs
        self.viewer = None
        self.waiting = None
        self.resolving = None
        self.triggered = []

    # --- helpers -------------------------------------------------------------------------
    def live_seats(self) -> list[int]:
        return [p for p in range(self.players) if not self.out[p]]

    def places(self) -> list[int]:
        """Each seat's place, 1 the best: the winners first, then the seats that went out
        latest; seats that went out together share a place."""
        exits = self.exits or [0] * self.players
        key = [(p in (self.winners or ()), exits[p]) for p in range(self.players)]
        return [1 + sum(k > mine for k in key) for mine in key]

    def standing(self, seat: int) -> list[int]:
        return [a for a in self.avatars[seat] if a not in self.fallen]

    def in_play(self, cid: int) -> bool:
        return cid in self.host or any(cid in av for av in self.avatars)

    def cards_in_play(self):
        for seat in range(self.players):
            for a in self.avatars[seat]:
                yield a
                yield from self.attached.get(a, ())

    def card_zones(self, seat: int) -> dict[str, list[int]]:
        """Every place a card of `seat` can be, for conservation checks."""
        out = {z: list(getattr(self, z)[seat]) for z in _SEAT_ZONES}
        out["attached"] = [c for a in self.avatars[seat] for c in self.attached.get(a, ())]
        played = [*self.stack, *([self.resolving] if self.resolving else ())]
        out["stack"] = [it.cid for it in played if it.kind == "play" and seat_of(it.cid) == seat
                        and not self.in_play(it.cid)]
        return out


SEAT_ZONES = _SEAT_ZONES


def next_live(s: TrialsState, p: int) -> int:
    """The next seat after `p` still in the game (the seat itself when it is the last)."""
    return next_seat(s.out, p)
