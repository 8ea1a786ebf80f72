"""The state of a Trials match: zones per seat, cards in play with their marks, the stack.

Card ids are seat * 100 + index: the Avatars first (indices 0-1 in a duel,
0 in the battle royale), then the deck cards in the order the player chose.
`designs` maps every card id to its card in cards.py; a view blanks the ids
its seat may not know (opponents' hands and decks) to "".
"""

from __future__ import annotations

from tabletop.core.response import next_seat
from tabletop.core.rng import Rng
from tabletop.games.trials.engine.stack_item import TrialsItem

BLOCK = 100
HAND_SIZE = 5
DECK_SIZE = 20
MAX_ROUND = 10
MAIN, OVER = "main", "over"
UNKNOWN = ""

_SEAT_ZONES = ("decks", "hands", "discards", "exiles", "avatars")


def seat_of(cid: int) -> int:
    return cid // BLOCK


class TrialsState:
    __slots__ = ("rng", "players", "round", "phase", "turn", "initiative", "energy", *_SEAT_ZONES,
                 "attached", "host", "damage", "exhausted", "shields", "counters", "fallen",
                 "buffs", "stealth", "stack", "prio", "declines", "acted", "pass_streak",
                 "first_passer", "out", "winners", "reason", "designs", "viewer")

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
        self.attached: dict[int, list[int]] = {}   # avatar -> its attached cards, oldest first
        self.host: dict[int, int] = {}             # attached card -> its avatar
        self.damage: dict[int, int] = {}
        self.exhausted: set[int] = set()
        self.shields: set[int] = set()
        self.counters: dict[int, dict[str, int]] = {}
        self.fallen: set[int] = set()              # Avatars showing their Fallen side
        self.buffs: dict[int, int] = {}            # Attack changes until the end of the round
        self.stealth: set[int] = set()             # stealthy until the end of the round
        # the response window's fields (tabletop.core.response; stack.py)
        self.stack: list[TrialsItem] = []
        self.prio = -1                              # the seat holding priority in a window, or -1
        self.declines = 0                           # seats in a row that let the window pass
        self.acted = False                          # the turn's one action has been declared
        self.pass_streak = 0
        self.first_passer = -1
        self.out = [False] * n
        self.winners: list[int] | None = None
        self.reason = ""
        self.designs = designs
        self.viewer: int | None = None

    # --- helpers -------------------------------------------------------------------------
    def live_seats(self) -> list[int]:
        return [p for p in range(self.players) if not self.out[p]]

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
        out["stack"] = [it.cid for it in self.stack if it.kind == "play" and seat_of(it.cid) == seat]
        return out

    # --- values ------------------------------------------------------------------------
    def clone(self) -> "TrialsState":
        c = TrialsState.__new__(TrialsState)
        c.rng = self.rng.clone()
        c.players, c.round, c.phase, c.turn = self.players, self.round, self.phase, self.turn
        c.initiative = self.initiative
        c.energy = self.energy[:]
        for z in _SEAT_ZONES:
            setattr(c, z, [lst[:] for lst in getattr(self, z)])
        c.attached = {k: v[:] for k, v in self.attached.items()}
        c.host = dict(self.host)
        c.damage = dict(self.damage)
        c.exhausted = set(self.exhausted)
        c.shields = set(self.shields)
        c.counters = {k: dict(v) for k, v in self.counters.items()}
        c.fallen = set(self.fallen)
        c.buffs = dict(self.buffs)
        c.stealth = set(self.stealth)
        c.stack = self.stack[:]                     # the items are immutable
        c.prio, c.declines, c.acted = self.prio, self.declines, self.acted
        c.pass_streak, c.first_passer = self.pass_streak, self.first_passer
        c.out = self.out[:]
        c.winners = None if self.winners is None else self.winners[:]
        c.reason = self.reason
        c.designs = self.designs
        c.viewer = self.viewer
        return c

    def to_json(self) -> dict:
        out = {"rng": self.rng.to_json(), "players": self.players, "round": self.round,
               "phase": self.phase, "turn": self.turn, "initiative": self.initiative,
               "energy": self.energy, **{z: getattr(self, z) for z in _SEAT_ZONES},
               "attached": {str(k): v for k, v in sorted(self.attached.items())},
               "damage": {str(k): v for k, v in sorted(self.damage.items()) if v},
               "exhausted": sorted(self.exhausted), "shields": sorted(self.shields),
               "counters": {str(k): dict(sorted(v.items())) for k, v in sorted(self.counters.items()) if v},
               "fallen": sorted(self.fallen),
               "buffs": {str(k): v for k, v in sorted(self.buffs.items()) if v},
               "stealth": sorted(self.stealth), "stack": [it.to_json() for it in self.stack], "prio": self.prio,
               "declines": self.declines, "acted": self.acted, "pass_streak": self.pass_streak,
               "first_passer": self.first_passer, "out": self.out, "winners": self.winners,
               "reason": self.reason,
               "designs": {str(k): v for k, v in sorted(self.designs.items())}}
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out

    @classmethod
    def from_json(cls, d: dict) -> "TrialsState":
        s = cls(Rng.from_json(d["rng"]), d["players"], {int(k): v for k, v in d["designs"].items()})
        s.round, s.phase, s.turn, s.initiative = d["round"], d["phase"], d["turn"], d["initiative"]
        s.energy = list(d["energy"])
        for z in _SEAT_ZONES:
            setattr(s, z, [list(x) for x in d[z]])
        s.attached = {int(k): list(v) for k, v in d["attached"].items()}
        s.host = {c: a for a, cs in s.attached.items() for c in cs}
        s.damage = {int(k): v for k, v in d["damage"].items()}
        s.exhausted = set(d["exhausted"])
        s.shields = set(d["shields"])
        s.counters = {int(k): dict(v) for k, v in d["counters"].items()}
        s.fallen = set(d["fallen"])
        s.buffs = {int(k): v for k, v in d["buffs"].items()}
        s.stealth = set(d["stealth"])
        s.stack = [TrialsItem.from_json(it) for it in d["stack"]]
        s.prio, s.declines, s.acted = d["prio"], d["declines"], d["acted"]
        s.pass_streak, s.first_passer = d["pass_streak"], d["first_passer"]
        s.out = list(d["out"])
        s.winners = None if d["winners"] is None else list(d["winners"])
        s.reason = d["reason"]
        s.viewer = d.get("viewer")
        return s


SEAT_ZONES = _SEAT_ZONES


def next_live(s: TrialsState, p: int) -> int:
    """The next seat after `p` still in the game (the seat itself when it is the last)."""
    return next_seat(s.out, p)
