"""The content of the game as data (data/*.json): champions with their six cards each, trap
tokens and challenges. Loading checks every step against the op registry (steps.OPS), and every
card's and challenge's text is written from its steps by the same declarations that run them.

Card ids in a match: champion k of the match (seat * 3 + slot) owns cards 6k .. 6k + 5, in the
order of its data; a champion's card list is two per core.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tabletop.games.brawl.engine.steps import CORES, OPS, Step

TYPES = ("attack", "skill", "reaction")
RANGES = ("melee", "indirect", "direct", "area", "self")
TARGETS = ("enemy", "ally", "none")
CARDS_PER_CHAMPION = 6
TEAM = 3


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    champion: str
    core: str
    type: str
    move: int
    range: str
    reach: int
    min: int
    strength: int
    shield: int
    target: str
    mods: tuple[Step, ...]
    pre: tuple[Step, ...]
    post: tuple[Step, ...]

    def has(self, op: str) -> bool:
        return any(st.op == op for st in self.mods)

    @property
    def text(self) -> str:
        return card_text(self)


@dataclass(frozen=True)
class Champion:
    id: str
    name: str
    title: str
    hp: int
    defence: int
    level_title: str
    level: Step
    cards: tuple[Card, ...]

    @property
    def level_text(self) -> str:
        return OPS.text(self.level)


@dataclass(frozen=True)
class Challenge:
    id: str
    name: str
    check: Step

    @property
    def text(self) -> str:
        return OPS.text(self.check)


def _data(name: str):
    return json.loads(resources.files("tabletop.games.brawl.engine").joinpath(f"data/{name}")
                      .read_text(encoding="utf-8"))


def _step(raw: dict, where: str, kinds: tuple[str, ...]) -> Step:
    st = Step(**OPS.check(raw, where))
    if OPS[st.op].kind not in kinds:
        raise ValueError(f"{where}: {st.op} cannot be used here")
    return st


def _card(raw: dict, champ: str) -> Card:
    where = f"card {raw['id']}"
    kind = raw["type"]
    if kind not in TYPES or raw["core"] not in CORES:
        raise ValueError(f"{where}: unknown type or core")
    rng = raw.get("range", "self")
    if rng not in RANGES:
        raise ValueError(f"{where}: unknown range {rng!r}")
    target = raw.get("target", "enemy" if kind == "attack" else "none")
    if target not in TARGETS or (kind == "attack" and target != "enemy"):
        raise ValueError(f"{where}: an attack targets enemies")
    if (target == "none") != (rng == "self") and kind != "reaction":
        raise ValueError(f"{where}: a card with a target has a range, and only then")
    reach = raw.get("reach", 1 if rng in ("melee", "area") else 0)
    card = Card(raw["id"], raw["name"], champ, raw["core"], kind, raw.get("move", 0), rng, reach,
                raw.get("min", 0), raw.get("strength", 0), raw.get("shield", 0), target,
                tuple(_step(s, where, ("mod",)) for s in raw.get("mods", ())),
                tuple(_step(s, where, ("effect",)) for s in raw.get("pre", ())),
                tuple(_step(s, where, ("effect",)) for s in raw.get("post", ())))
    for st in card.pre:
        if st.to != "self" and OPS[st.op].params and any(p.name == "to" for p in OPS[st.op].params):
            raise ValueError(f"{where}: a pre-attack step acts on the champion itself (no target yet)")
    if kind == "reaction" and (card.move or card.pre or card.mods or card.shield <= 0):
        raise ValueError(f"{where}: a reaction is a shield and post-attack steps")
    if kind != "reaction" and any(st.to == "attacker" for st in card.post):
        raise ValueError(f"{where}: only a reaction answers an attacker")
    return card


@cache
def champions() -> dict[str, Champion]:
    out = {}
    for raw in _data("champions.json"):
        cards = tuple(_card(c, raw["id"]) for c in raw["cards"])
        if len(cards) != CARDS_PER_CHAMPION or any(
                sum(c.core == k for c in cards) != 2 for k in CORES):
            raise ValueError(f"champion {raw['id']}: six cards, two of each core")
        level = _step(raw["level"]["ability"], f"champion {raw['id']}", ("level",))
        out[raw["id"]] = Champion(raw["id"], raw["name"], raw["title"], raw["hp"], raw["defence"],
                                  raw["level"]["title"], level, cards)
    return out


@cache
def challenges() -> tuple[Challenge, ...]:
    return tuple(Challenge(c["id"], c["name"], _step(c["check"], f"challenge {c['id']}", ("challenge",)))
                 for c in _data("challenges.json"))


@cache
def trap_effects() -> tuple[tuple[str, ...], dict[str, dict]]:
    """(the token pool's effects in token-id order, effect id -> its data)."""
    data = _data("traps.json")
    effects = {e["id"]: e for e in data["effects"]}
    return tuple(e["id"] for _ in range(data["copies"]) for e in data["effects"]), effects


def token_effect(token: int) -> str:
    return trap_effects()[0][token]


# --- text --------------------------------------------------------------------------------------
RANGE_WORDS = {"melee": "melee", "indirect": "indirect", "direct": "direct", "area": "area"}


def range_text(c: Card) -> str:
    if c.range == "self":
        return "no target"
    word = {"melee": "Melee", "indirect": f"Indirect {c.reach}", "direct": f"Direct {c.reach}",
            "area": f"Area {c.reach}"}[c.range]
    return word + (f" (minimum {c.min})" if c.min else "")


def card_text(c: Card) -> str:
    parts = []
    if c.type == "reaction":
        parts.append(f"Shield {c.shield}.")
    if c.target == "ally":
        parts.append("Choose one of your champions in range.")
    parts += [OPS.text(st) + "." for st in c.mods]
    if c.pre:
        parts.append("Before: " + "; ".join(OPS.text(st) for st in c.pre) + ".")
    if c.post:
        parts.append("After: " + "; ".join(OPS.text(st) for st in c.post) + ".")
    return " ".join(parts)


def card_pool() -> list[dict]:
    """Every champion, card and challenge as plain data, for `tabletop cards brawl --json`."""
    out: list[dict] = []
    for ch in champions().values():
        out.append({"type": "champion", "id": ch.id, "name": ch.name, "title": ch.title, "hp": ch.hp,
                    "defence": ch.defence, "levelled": ch.level_title, "ability": ch.level_text})
        for c in ch.cards:
            out.append({"type": c.type, "id": c.id, "name": c.name, "champion": ch.id, "core": c.core,
                        "move": c.move, "range": range_text(c), "strength": c.strength,
                        "shield": c.shield, "text": c.text})
    for ch in challenges():
        out.append({"type": "challenge", "id": ch.id, "name": ch.name, "text": ch.text})
    return out
