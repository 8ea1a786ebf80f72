"""The state of a Pariah match: zones of cards per seat, the two front lines, energy, phase.

Card ids are seat * 100 + index: indices 0-29 are the unit deck, 30-59 the
faction's evolutions, 60 and up the relic deck. Tokens get ids from 1000 on.
Seats 0 and 2 form side 0, seats 1 and 3 side 1, so a seat's side is seat % 2
in both the two-player and the 2v2 game: each side has one front line and one
energy pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tabletop.core.fields import (LIST, LISTS, RNG, SET, TUPLE, VALUE, DictOf, ListOf, Obj,
                                  ObjectsBy, OrNone, Shared, declared, spec)
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
DEPLOY = "deploy"          # the sides alternate placing units left to right, each face up as it goes
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


@declared(json="list")
@dataclass(slots=True, eq=False)
class Unit:
    """A unit on a front line. `damage` carries over between rounds."""

    uid: int
    design: str
    owner: int
    damage: int = 0
    revived: bool = False            # came back once: the next death removes it from the game
    evos: list[int] = spec(LIST, default_factory=list)     # evolution card ids
    equip: list[int] = spec(LIST, default_factory=list)    # equipment relic card ids
    # (stat, delta) until the end of the round
    mods: list[tuple[str, int]] = spec(ListOf(TUPLE), default_factory=list)

    @property
    def token(self) -> bool:
        return self.uid >= TOKEN_BASE


_SEAT_ZONES = ("decks", "hands", "picks", "armies", "graves", "removed", "evo_piles", "evo_out",
               "evo_hands", "relic_decks", "relic_hands", "offers")


@declared
@dataclass(slots=True, init=False, eq=False, repr=False)
class PariahState:
    """Each field is declared once with its kind (tabletop.core.fields), which gives clone,
    to_json and from_json; the declaration order is the key order of the saved JSON."""

    rng: Rng = spec(RNG)
    players: int
    factions: list[str] = spec(Shared(LIST))
    phase: str
    round: int
    turn: int
    committed: list[bool] = spec(LIST)
    # every army is committed and set out face down (flow.set_out); its units are revealed one
    # by one as they are deployed (the name is the saves' key, from when armies were shown)
    revealed: bool
    # the seat zones (_SEAT_ZONES): one list of card ids per seat
    decks: list[list[int]] = spec(LISTS)
    hands: list[list[int]] = spec(LISTS)
    picks: list[list[int]] = spec(LISTS)
    armies: list[list[int]] = spec(LISTS)
    graves: list[list[int]] = spec(LISTS)
    removed: list[list[int]] = spec(LISTS)
    evo_piles: list[list[int]] = spec(LISTS)
    evo_out: list[list[int]] = spec(LISTS)
    evo_hands: list[list[int]] = spec(LISTS)
    relic_decks: list[list[int]] = spec(LISTS)
    relic_hands: list[list[int]] = spec(LISTS)
    offers: list[list[int]] = spec(LISTS)
    emblems: list[list] = spec(LISTS)        # [card id or -1, relic design id, side]
    lines: list[list[int]] = spec(LISTS)
    units: dict[int, Unit] = spec(ObjectsBy(Obj(Unit, clone=True), "uid"))
    acted: set[int] = spec(SET)              # unit ids that activated this round
    next_token: int
    energy: list[int] = spec(LIST)
    initiative: int
    first_deployer: int
    deploy_turn: int
    last_side: int                           # the side whose unit activated last this round
    active: int                              # the unit in the middle of its activation
    active_committed: bool
    active_used: list[int] = spec(LIST)      # ability indices used in this activation
    evo_played: list[bool] = spec(LIST)      # one evolution per side per round
    queue: list[int] = spec(LIST)            # seats still to decide in PREP / SHOP
    shop_kept: bool                          # SHOP: the seat at the queue's head has kept its relic
    winners: list[int] | None = spec(OrNone(LIST))   # sides; [] is a draw
    reason: str
    # views only: the seat the view is for
    viewer: int | None = spec(VALUE, if_absent=None, written_if=("viewer",))
    # views only: the army points of each seat's units still waiting to be deployed, public once
    # the armies are set out (HIDDEN before); a full state counts them from its cards
    waiting_points: list[int] | None = spec(OrNone(LIST), if_absent=None, written_if=("viewer",))
    # card id -> design, from the factions: not saved, rebuilt on load
    designs: dict[int, str] = spec(Shared(DictOf(int_keys=True)), saved=False,
                                   derive=lambda s: card_designs(tuple(s.factions)))

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
        self.emblems = []
        self.lines = [[], []]
        self.units = {}
        self.acted = set()
        self.next_token = TOKEN_BASE
        self.energy = [0, 0]
        self.initiative = 0
        self.first_deployer = 0
        self.deploy_turn = 0
        self.last_side = -1
        self.active = -1
        self.active_committed = False
        self.active_used = []
        self.evo_played = [False, False]
        self.queue = []
        self.shop_kept = False
        self.winners = None
        self.reason = ""
        self.viewer = None
        self.waiting_points = None
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


SEAT_ZONES = _SEAT_ZONES
