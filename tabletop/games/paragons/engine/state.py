"""The state of a Paragons match: the class choice, the draft, decks, each game's zones and
boards, mercenaries' marks, the reaction chain, and the best-of-three score.

Card ids: neutral mercenaries are 0..89 in data order; class cards are 100 + i (Warrior),
200 + i (Mage), 300 + i (Ranger) in their class list's order. `designs` maps every id in
the match to its design; a view blanks ("") the ids its seat may not know and renumbers them
(views.py), so code never derives a design from an id.

A board is 8 spaces per seat: 0-3 the Front Line (left to right), 4-7 the Back Line; space i
and i + 4 are one column.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.fields import (LIST, LISTS, RNG, SET, VALUE, DictOf, ListOf, Obj, OrNone, Shared,
                                  declared, spec)
from tabletop.core.rng import Rng
from tabletop.games.paragons.engine.stack_item import Link

# phases
CLASS, DRAFT, BUILD, MULLIGAN, PLAY, SWAP, OVER = ("class", "draft", "build", "mulligan", "play",
                                                    "swap", "over")
SPACES, COLS = 8, 4
START_LIFE = MAX_LIFE = 20
HAND_TARGET = 5
MANA_CAP = 10
POOL_SIZE = 5
CLASS_BASE = {"warrior": 100, "mage": 200, "ranger": 300}
HIDDEN_CLASS = "?"                 # a view of a class wish not yet revealed


def _where(s: "ParagonsState") -> dict[int, int]:
    return {m: p * SPACES + i for p, row in enumerate(s.spaces) for i, m in enumerate(row) if m >= 0}


def _hosts(s: "ParagonsState") -> dict[int, int]:
    return {c: m for m, cs in s.imbued.items() for c in cs}


_VIEW = ("viewer", "secrets")      # a spectator view has secrets and no viewer


@declared
@dataclass(slots=True, init=False, eq=False, repr=False)
class ParagonsState:
    """Each field is declared once with its kind (tabletop.core.fields), which gives clone,
    to_json and from_json; the declaration order is the key order of the saved JSON."""

    rng: Rng = spec(RNG)
    players: int
    variant: str                      # "draft", "short" (a small draft) or "preconstructed"
    best_of: int                      # 3 or 1
    phase: str
    deciding: int                     # the seat choosing (class, draft, build, mulligan, swap)
    classes: list[str] = spec(LIST)   # per seat; "" until settled
    wishes: list[str] = spec(LIST)    # the class choice: committed wishes ("" none yet)
    designs: dict[int, str] = spec(Shared(DictOf(int_keys=True)))
    # each seat's cards for the whole match: its class cards and drafted mercenaries
    owned: list[list[int]] = spec(LISTS)
    # the draft: the cards laid out, the round (0: greater; 1, 2, ...: lesser)
    layout: list[int] = spec(LIST)
    draft_round: int
    # shared zones: the Neutral Mercenary Deck (top last) and the Mercenary Pool
    neutral_deck: list[int] = spec(LIST)
    pool: list[int] = spec(LIST)
    # seat zones (decks: top last); `known`: hand cards the table saw arrive
    hands: list[list[int]] = spec(LISTS)
    decks: list[list[int]] = spec(LISTS)
    discards: list[list[int]] = spec(LISTS)
    reserves: list[list[int]] = spec(LISTS)
    hidden: list[list[int]] = spec(LISTS)
    known: list[list[int]] = spec(LISTS)
    # boards: a mercenary per space (-1: empty), an Enchantment per space (-1: none)
    spaces: list[list[int]] = spec(LISTS)
    enchants: list[list[int]] = spec(LISTS)
    imbued: dict[int, list[int]] = spec(DictOf(LIST, int_keys=True, drop_empty=True))
    at: dict[int, int] = spec(DictOf(int_keys=True), saved=False, derive=_where)   # merc -> seat*8+i
    host: dict[int, int] = spec(DictOf(int_keys=True), saved=False, derive=_hosts)  # imbuement -> merc
    owner: dict[int, int] = spec(DictOf(int_keys=True))       # every card a seat holds
    recruited: set[int] = spec(SET)   # neutrals taken from the pool this game (they go back after it)
    banished: set[int] = spec(SET)    # deck cards Banished to a Reserve Pile this game (back after it)
    # mercenaries' marks
    damage: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    garrison: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    buff_atk: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    buff_hp: dict[int, int] = spec(DictOf(int_keys=True, drop_empty=True))
    exhausted: set[int] = spec(SET)
    held: set[int] = spec(SET)        # skip their next recovery
    fresh: set[int] = spec(SET)       # arrived this turn
    attacked: set[int] = spec(SET)    # attacked this turn
    cast: set[int] = spec(SET)        # used their caster ability this turn
    garrisoned: set[int] = spec(SET)  # took a Garrison counter this turn
    defenders: dict[int, int] = spec(DictOf(int_keys=True))   # attacker -> the defending mercenary
    # the game and the match
    game_no: int
    wins: list[int] = spec(LIST)
    round: int
    turn: int
    mana: list[int] = spec(LIST)
    life: list[int] = spec(LIST)
    out: list[bool] = spec(LIST)
    played: list[int] = spec(LIST)    # cards each seat played this turn (combos)
    # the reaction chain (tabletop.core.response; chain.py) and a link waiting to be re-chosen
    stack: list[Link] = spec(ListOf(Obj(Link)))
    prio: int
    declines: int
    pending: Link | None = spec(OrNone(Obj(Link)))
    game_winners: list[int] = spec(LIST)
    winner: int | None
    reason: str
    # views only: the seat it is for, and each seat's unknown cards' designs (sorted)
    viewer: int | None = spec(VALUE, if_absent=None, written_if=_VIEW)
    secrets: list[list[str]] | None = spec(OrNone(LISTS), if_absent=None, written_if=_VIEW)

    def __init__(self, rng: Rng, players: int, variant: str, best_of: int) -> None:
        n = players
        self.rng = rng
        self.players, self.variant, self.best_of = n, variant, best_of
        self.phase, self.deciding = CLASS, 0
        self.classes, self.wishes = [""] * n, [""] * n
        self.designs = {}
        self.owned = [[] for _ in range(n)]
        self.layout, self.draft_round = [], 0
        self.neutral_deck, self.pool = [], []
        for z in SEAT_ZONES:
            setattr(self, z, [[] for _ in range(n)])
        self.known = [[] for _ in range(n)]
        self.spaces = [[-1] * SPACES for _ in range(n)]
        self.enchants = [[-1] * SPACES for _ in range(n)]
        self.imbued, self.at, self.host, self.owner = {}, {}, {}, {}
        self.recruited, self.banished = set(), set()
        self.damage, self.garrison, self.buff_atk, self.buff_hp = {}, {}, {}, {}
        self.exhausted, self.held, self.fresh = set(), set(), set()
        self.attacked, self.cast, self.garrisoned = set(), set(), set()
        self.defenders = {}
        self.game_no, self.wins = 0, [0] * n
        self.round, self.turn = 0, 0
        self.mana, self.life = [0] * n, [START_LIFE] * n
        self.out, self.played = [False] * n, [0] * n
        self.stack, self.prio, self.declines, self.pending = [], -1, 0, None
        self.game_winners, self.winner, self.reason = [], None, ""
        self.viewer, self.secrets = None, None

    # --- reading ---------------------------------------------------------------------------
    def live(self) -> list[int]:
        return [p for p in range(self.players) if not self.out[p]]

    def order(self) -> list[int]:
        """The seats in play order (Warrior, Mage, Ranger)."""
        return sorted(range(self.players), key=lambda p: CLASS_ORDER.get(self.classes[p], 9))

    def draft_order(self) -> list[int]:
        """The seats in draft order (Ranger, Mage, Warrior)."""
        return self.order()[::-1]

    def mercs(self, seat: int) -> list[int]:
        return [m for m in self.spaces[seat] if m >= 0]

    def all_mercs(self) -> list[int]:
        return [m for p in range(self.players) for m in self.spaces[p] if m >= 0]

    def board_of(self, m: int) -> int:
        """The seat whose board mercenary `m` is on."""
        return self.at[m] // SPACES

    def space_of(self, m: int) -> int:
        return self.at[m] % SPACES

    def threshold(self) -> int:
        return min(self.round, MANA_CAP)

    def card_zones(self) -> dict[str, list[int]]:
        """Every place a card can be, for conservation checks."""
        out: dict[str, list[int]] = {"layout": list(self.layout), "neutral_deck": list(self.neutral_deck),
                                     "pool": list(self.pool)}
        for z in SEAT_ZONES:
            for p, cards in enumerate(getattr(self, z)):
                out[f"{z}{p}"] = list(cards)
        out["board"] = self.all_mercs()
        out["enchants"] = [c for row in self.enchants for c in row if c >= 0]
        out["imbued"] = [c for cs in self.imbued.values() for c in cs]
        out["chain"] = [it.card for it in self.stack if it.holds_card]
        if self.pending is not None and self.pending.holds_card:
            out["chain"].append(self.pending.card)
        return out


SEAT_ZONES = ("hands", "decks", "discards", "reserves", "hidden")
CLASS_ORDER = {"warrior": 0, "mage": 1, "ranger": 2}
