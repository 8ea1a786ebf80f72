"""The Paargus deck as data: our own 42 sky charts and 14 sigils (data/deck.json)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tabletop.resources import read_json

QUADRANTS = (1, 2, 3, 4)
QUADRANT_NAMES = {1: "North-West", 2: "South-West", 3: "North-East", 4: "South-East"}
POINTS = {1: 4, 2: 3, 3: 2, 4: 1}
WEST = (1, 2)
EAST = (3, 4)


def sky_of(quadrant: int) -> str:
    return "west" if quadrant in WEST else "east"


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    sigils: tuple[str, str, str, str]   # sigil id in quadrants 1..4
    alignment: int | None               # the quadrant the alignment symbol sits over

    def sigil(self, quadrant: int) -> str:
        return self.sigils[quadrant - 1]


@dataclass(frozen=True, slots=True)
class Sigil:
    id: str
    name: str
    emblem: str


@lru_cache(maxsize=1)
def deck_data() -> dict:
    return read_json("tabletop.games.paargus.engine", "data/deck.json")


@lru_cache(maxsize=1)
def cards() -> tuple[Card, ...]:
    out = tuple(Card(c["id"], c["name"], tuple(c["sigils"]), c["alignment"])
                for c in deck_data()["cards"])
    assert [c.id for c in out] == list(range(len(out))), "card ids must be 0..n-1 in order"
    return out


@lru_cache(maxsize=1)
def sigils() -> dict[str, Sigil]:
    return {s["id"]: Sigil(s["id"], s["name"], s["emblem"]) for s in deck_data()["sigils"]}


def card(card_id: int) -> Card:
    return cards()[card_id]


def sigil_name(sigil_id: str) -> str:
    return sigils()[sigil_id].name


@lru_cache(maxsize=None)     # the deck is fixed data; labels and events name cards all the time
def short(card_id: int) -> str:
    """A card as people name it in the log: its chart number and North-West sigil."""
    c = card(card_id)
    return f"{c.name} ({sigil_name(c.sigils[0])})"


def card_pool() -> list[dict]:
    """The deck as plain data, for `tabletop cards paargus --json`."""
    return [{"id": c.id, "name": c.name, "type": "chart",
             "sigils": list(c.sigils),
             "sigil_names": [sigil_name(s) for s in c.sigils],
             "alignment": c.alignment,
             "alignment_quadrant": QUADRANT_NAMES.get(c.alignment)} for c in cards()]
