"""The state of a Pariah match: zones of cards per seat, the two front lines, energy, phase.

Card ids are seat * 100 + index: indices 0-29 are the unit deck, 30-59 the
faction's evolutions, 60 and up the relic deck. Tokens get ids from 1000 on.
Seats 0 and 2 form side 0, seats 1 and 3 side 1, so a seat's side is seat % 2
in both the two-player and the 2v2 game: each side has one front line and one
energy pool.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.core.rng import Rng
from tabletop.games.pariah.engine.cards import factions, relic_deck

BLOCK, EVO_BASE, RELIC_BASE = 100, 30, 60
TOKEN_BASE = 1000
HIDDEN = -1                # a card a view may not show: its id is replaced by this
ARMY_POINTS = 20
DRAW = 10
ROUNDS = 5

# phases
SELECT = "select"          # each seat in turn chooses a secret army
DEPLOY = "deploy"          # the sides alternate placing units left to right
PREP = "prep"              # from round 2: relics and evolutions at the start of a round
ACTIVATE = "activate"      # units activate in descending Priority
SHOP = "shop"              # between rounds: keep a relic, take an evolution
OVER = "over"


def side_of(seat: int) -> int:
    return seat % 2


def seat_of(cid: int) -> int:
    return cid // BLOCK


def is_unit_card(cid: int) -> bool:
    return cid < TOKEN_BASE and cid % BLOCK < EVO_BASE


def is_evo_card(cid: int) -> bool:
    return EVO_BASE <= cid % BLOCK < RELIC_BASE


def is_relic_card(cid: int) -> bool:
    return cid < TOKEN_BASE and cid % BLOCK >= RELIC_BASE


@lru_cache(maxsize=64)
def card_designs(faction_ids: tuple[str, ...]) -> dict[int, str]:
    """card id -> unit design / evolution / relic id, for seats playing these factions."""
    out = {}
    for seat, fid in enumerate(faction_ids):
        f = factions()[fid]
        base = seat * BLOCK
        for i, d in enumerate(f.deck):
            out[base + i] = d
        for i, e in enumerate(f.evolutions):
            out[base + EVO_BASE + i] = e.id
        for i, r in enumerate(relic_deck()):
            out[base + RELIC_BASE + i] = r
    return out


class Unit:
    """A unit on a front line. `damage` carries over between rounds."""

    __slots__ = ("uid", "design", "owner", "damage", "revived", "evos", "equip", "mods")

    def __init__(self, uid: int, design: str, owner: int, damage: int = 0, revived: bool = False,
                 evos=None, equip=None, mods=None) -> None:
        self.uid = uid
        self.design = design
        self.owner = owner
        self.damage = damage
        self.revived = revived          # came back once: the next death removes it from the game
        self.evos = evos or []          # evolution card ids
        self.equip = equip or []        # equipment relic card ids
        self.mods = mods or []          # (stat, delta) until the end of the round

    @property
    def token(self) -> bool:
        return self.uid >= TOKEN_BASE

    def copy(self) -> "Unit":
        return Unit(self.uid, self.design, self.owner, self.damage, self.revived, self.evos[:],
                    self.equip[:], self.mods[:])

    def to_json(self) -> list:
        return [self.uid, self.design, self.owner, self.damage, self.revived, self.evos, self.equip,
                [list(m) for m in self.mods]]

    @classmethod
    def from_json(cls, d: list) -> "Unit":
        return cls(d[0], d[1], d[2], d[3], d[4], list(d[5]), list(d[6]), [tuple(m) for m in d[7]])


_SEAT_ZONES = ("decks", "hands", "picks", "armies", "graves", "removed", "evo_piles", "evo_out",
               "evo_hands", "relic_decks", "relic_hands", "offers")


class PariahState:
    __slots__ = ("rng", "players", "factions", "phase", "round", "turn", "committed", "revealed",
                 *_SEAT_ZONES, "emblems", "lines", "units", "acted", "next_token", "energy",
                 "initiative", "first_deployer", "deploy_turn", "last_side", "active",
                 "active_committed", "active_used", "evo_played", "queue", "shop_kept", "winners",
                 "reason", "viewer", "designs")

    def __init__(self, rng: Rng, players: int, faction_ids: list[str]) -> None:
        n = players
        self.rng = rng
        self.players = n
        self.factions = list(faction_ids)
        self.phase = SELECT
        self.round = 0
        self.turn = 0
        self.committed = [False] * n
        self.revealed = False
        for z in _SEAT_ZONES:
            setattr(self, z, [[] for _ in range(n)])
        self.emblems: list[list] = []       # [card id or -1, relic design id, side]
        self.lines: list[list[int]] = [[], []]
        self.units: dict[int, Unit] = {}
        self.acted: set[int] = set()        # unit ids that activated this round
        self.next_token = TOKEN_BASE
        self.energy = [0, 0]
        self.initiative = 0
        self.first_deployer = 0
        self.deploy_turn = 0
        self.last_side = -1                 # the side whose unit activated last this round
        self.active = -1                    # the unit in the middle of its activation
        self.active_committed = False
        self.active_used: list[int] = []    # ability indices used in this activation
        self.evo_played = [False, False]    # one evolution per side per round
        self.queue: list[int] = []          # seats still to decide in PREP / SHOP
        self.shop_kept = False              # SHOP: the seat at the queue's head has kept its relic
        self.winners: list[int] | None = None   # sides; [] is a draw
        self.reason = ""
        self.viewer: int | None = None      # views only: the seat the view is for
        self.designs = card_designs(tuple(faction_ids))

    # --- small helpers ---------------------------------------------------------------------
    def seats_of_side(self, side: int) -> list[int]:
        return [p for p in range(self.players) if p % 2 == side]

    def side_units(self, side: int) -> list[Unit]:
        return [self.units[u] for u in self.lines[side]]

    def where(self, uid: int) -> tuple[int, int]:
        """(side, index) of a unit on the lines."""
        for side in (0, 1):
            line = self.lines[side]
            if uid in line:
                return side, line.index(uid)
        raise KeyError(uid)

    def card_zones(self, seat: int) -> dict[str, list[int]]:
        """Every place a card of `seat` can be, for conservation checks."""
        out = {z: list(getattr(self, z)[seat]) for z in _SEAT_ZONES}
        out["in_play"] = [u.uid for u in self.units.values() if u.owner == seat and not u.token]
        out["attached"] = [c for u in self.units.values() for c in u.evos + u.equip
                           if seat_of(c) == seat]
        out["emblems"] = [e[0] for e in self.emblems if e[0] >= 0 and seat_of(e[0]) == seat]
        return out

    # --- values ----------------------------------------------------------------------------
    def clone(self) -> "PariahState":
        c = PariahState.__new__(PariahState)
        c.rng = self.rng.clone()
        c.players = self.players
        c.factions = self.factions
        c.phase, c.round, c.turn = self.phase, self.round, self.turn
        c.committed = self.committed[:]
        c.revealed = self.revealed
        for z in _SEAT_ZONES:
            setattr(c, z, [lst[:] for lst in getattr(self, z)])
        c.emblems = [e[:] for e in self.emblems]
        c.lines = [self.lines[0][:], self.lines[1][:]]
        c.units = {k: u.copy() for k, u in self.units.items()}
        c.acted = set(self.acted)
        c.next_token = self.next_token
        c.energy = self.energy[:]
        c.initiative, c.first_deployer, c.deploy_turn = self.initiative, self.first_deployer, self.deploy_turn
        c.last_side, c.active, c.active_committed = self.last_side, self.active, self.active_committed
        c.active_used = self.active_used[:]
        c.evo_played = self.evo_played[:]
        c.queue = self.queue[:]
        c.shop_kept = self.shop_kept
        c.winners = None if self.winners is None else self.winners[:]
        c.reason = self.reason
        c.viewer = self.viewer
        c.designs = self.designs
        return c

    def to_json(self) -> dict:
        out = {"rng": self.rng.to_json(), "players": self.players, "factions": self.factions,
               "phase": self.phase, "round": self.round, "turn": self.turn,
               "committed": self.committed, "revealed": self.revealed,
               **{z: getattr(self, z) for z in _SEAT_ZONES},
               "emblems": self.emblems, "lines": self.lines,
               "units": [self.units[k].to_json() for k in sorted(self.units)],
               "acted": sorted(self.acted), "next_token": self.next_token, "energy": self.energy,
               "initiative": self.initiative, "first_deployer": self.first_deployer,
               "deploy_turn": self.deploy_turn, "last_side": self.last_side, "active": self.active,
               "active_committed": self.active_committed, "active_used": self.active_used,
               "evo_played": self.evo_played, "queue": self.queue, "shop_kept": self.shop_kept,
               "winners": self.winners, "reason": self.reason}
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out

    @classmethod
    def from_json(cls, d: dict) -> "PariahState":
        s = cls(Rng.from_json(d["rng"]), d["players"], list(d["factions"]))
        s.phase, s.round, s.turn = d["phase"], d["round"], d["turn"]
        s.committed = list(d["committed"])
        s.revealed = d["revealed"]
        for z in _SEAT_ZONES:
            setattr(s, z, [list(x) for x in d[z]])
        s.emblems = [list(e) for e in d["emblems"]]
        s.lines = [list(x) for x in d["lines"]]
        s.units = {u[0]: Unit.from_json(u) for u in d["units"]}
        s.acted = set(d["acted"])
        s.next_token = d["next_token"]
        s.energy = list(d["energy"])
        s.initiative, s.first_deployer, s.deploy_turn = d["initiative"], d["first_deployer"], d["deploy_turn"]
        s.last_side, s.active, s.active_committed = d["last_side"], d["active"], d["active_committed"]
        s.active_used = list(d["active_used"])
        s.evo_played = list(d["evo_played"])
        s.queue = list(d["queue"])
        s.shop_kept = d["shop_kept"]
        s.winners = None if d["winners"] is None else list(d["winners"])
        s.reason = d["reason"]
        s.viewer = d.get("viewer")
        return s


SEAT_ZONES = _SEAT_ZONES
