"""Pariah's content as data: three factions of units, tokens and evolutions, and the relics.

Everything is loaded from data/*.json. A unit's abilities are lists of effect
steps interpreted by abilities.py; a new unit should rarely need new code.
Stats follow the dice: Dexterity and Armor are the lowest die face that hits
or blocks, so a *lower* value is better for both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from tabletop.resources import read_json

FACTIONS = ("emberkin", "tidewardens", "thornwild")
STATS = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")
STAT_NAMES = {"priority": "Priority", "attacks": "Attacks", "dexterity": "Dexterity",
              "damage": "Damage", "armor": "Armor", "ap": "Armor Perforation", "hp": "HP"}

# the vocabulary of the effect library (abilities.py); load() rejects anything else
OPS = ("damage", "heal", "modify", "energy", "token", "revive", "emblem", "destroy_emblem")
TARGETS = ("self", "enemy", "ally", "adjacent_allies", "all_allies", "opposite", "grave", "none",
           "attacker", "enemy_emblem")
WHENS = ("active", "passive", "start", "end", "deploy")
TRIGGERS = ("attacked", "kill")
CONDITIONS = ("damaged",)
RELIC_TYPES = ("consumable", "equipment", "emblem")


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    amount: int = 0
    stat: str = ""
    delta: int = 0
    token: str = ""
    emblem: str = ""


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    when: str                      # active, passive, start, end, deploy
    target: str = "none"
    effects: tuple[Effect, ...] = ()
    commit: bool = False           # active: replaces the attack
    cost: int = 0                  # active: Elemental Energy paid to use it
    trigger: str = ""              # passive: "attacked" or "kill"
    condition: str = ""            # passive stat change: "damaged"
    text: str = ""


@dataclass(frozen=True, slots=True)
class Aura:
    range: int
    stat: str
    delta: int


@dataclass(frozen=True, slots=True)
class Keywords:
    guardian: bool = False
    sweep: int = 0
    range: int = 0
    invulnerable: int = 0          # 0: none; else the block roll never needs more than this
    revive: bool = False
    auras: tuple[Aura, ...] = ()

    def merged(self, other: "Keywords") -> "Keywords":
        """Keywords gained from an evolution or equipment add to the printed ones."""
        if other is NO_KEYWORDS:
            return self
        inv = [v for v in (self.invulnerable, other.invulnerable) if v]
        return Keywords(self.guardian or other.guardian, max(self.sweep, other.sweep),
                        max(self.range, other.range), min(inv) if inv else 0,
                        self.revive or other.revive, self.auras + other.auras)

    def texts(self) -> list[str]:
        out = []
        for a in self.auras:
            out.append(f"Aura {a.range} ({STAT_NAMES[a.stat]} {a.delta:+d})")
        if self.sweep:
            out.append(f"Sweep {self.sweep}")
        if self.range:
            out.append(f"Range {self.range}")
        if self.guardian:
            out.append("Guardian")
        if self.invulnerable:
            out.append(f"Invulnerable {self.invulnerable}+")
        if self.revive:
            out.append("Revive")
        return out


NO_KEYWORDS = Keywords()


@dataclass(frozen=True, slots=True)
class UnitDesign:
    id: str
    name: str
    faction: str
    cost: int
    priority: int
    attacks: int
    dexterity: int
    damage: int
    armor: int
    ap: int
    hp: int
    keywords: Keywords = NO_KEYWORDS
    abilities: tuple[Ability, ...] = ()
    copies: int = 0
    token: bool = False

    def base(self, stat: str) -> int:
        return getattr(self, stat)


@dataclass(frozen=True, slots=True)
class Evolution:
    id: str
    name: str
    faction: str
    unit: str                      # the design it upgrades
    cost: int
    changes: tuple[tuple[str, int], ...] = ()
    keywords: Keywords = NO_KEYWORDS
    text: str = ""


@dataclass(frozen=True, slots=True)
class Relic:
    id: str
    name: str
    relic_type: str
    cost: int
    target: str = "none"           # consumables: what they are played on
    effects: tuple[Effect, ...] = ()
    changes: tuple[tuple[str, int], ...] = ()   # equipment: the bearer; emblems: every allied unit
    keywords: Keywords = NO_KEYWORDS            # equipment: gained by the bearer
    abilities: tuple[Ability, ...] = ()         # emblems: timed effects
    text: str = ""
    card: bool = True              # False: an emblem only units create


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    blurb: str
    units: tuple[UnitDesign, ...]
    tokens: tuple[UnitDesign, ...]
    evolutions: tuple[Evolution, ...]
    deck: tuple[str, ...] = field(default=())   # 30 design ids, copies spelled out


# --- loading -----------------------------------------------------------------------------
def _effect(d: dict) -> Effect:
    if d["op"] not in OPS:
        raise ValueError(f"unknown effect op {d['op']!r}")
    if d.get("stat") and d["stat"] not in STATS:
        raise ValueError(f"unknown stat {d['stat']!r}")
    return Effect(d["op"], d.get("amount", 0), d.get("stat", ""), d.get("delta", 0),
                  d.get("token", ""), d.get("emblem", ""))


def _ability(d: dict) -> Ability:
    a = Ability(d["name"], d["when"], d.get("target", "none"),
                tuple(_effect(e) for e in d.get("effects", ())), bool(d.get("commit", False)),
                int(d.get("cost", 0)), d.get("trigger", ""), d.get("condition", ""), d.get("text", ""))
    if a.when not in WHENS or a.target not in TARGETS:
        raise ValueError(f"ability {a.name!r}: bad when/target {a.when}/{a.target}")
    if a.trigger and a.trigger not in TRIGGERS or a.condition and a.condition not in CONDITIONS:
        raise ValueError(f"ability {a.name!r}: bad trigger/condition")
    return a


def _keywords(d: dict | None) -> Keywords:
    if not d:
        return NO_KEYWORDS
    auras = tuple(Aura(a["range"], a["stat"], a["delta"]) for a in d.get("aura", ()))
    return Keywords(bool(d.get("guardian")), int(d.get("sweep", 0)), int(d.get("range", 0)),
                    int(d.get("invulnerable", 0)), bool(d.get("revive")), auras)


def _changes(d: dict | None) -> tuple[tuple[str, int], ...]:
    out = tuple(sorted((d or {}).items()))
    for stat, _ in out:
        if stat not in STATS:
            raise ValueError(f"unknown stat {stat!r}")
    return out


def _unit(d: dict, faction: str, token: bool = False) -> UnitDesign:
    return UnitDesign(d["id"], d["name"], faction, d["cost"], d["priority"], d["attacks"],
                      d["dexterity"], d["damage"], d["armor"], d["ap"], d["hp"],
                      _keywords(d.get("keywords")), tuple(_ability(a) for a in d.get("abilities", ())),
                      d.get("copies", 0), token)


def _relic(d: dict, card: bool) -> Relic:
    if d["relic_type"] not in RELIC_TYPES:
        raise ValueError(f"unknown relic type {d['relic_type']!r}")
    return Relic(d["id"], d["name"], d["relic_type"], d["cost"], d.get("target", "none"),
                 tuple(_effect(e) for e in d.get("effects", ())), _changes(d.get("changes")),
                 _keywords(d.get("keywords")), tuple(_ability(a) for a in d.get("abilities", ())),
                 d.get("text", ""), card)


@lru_cache(maxsize=1)
def factions() -> dict[str, Faction]:
    out = {}
    for fid in FACTIONS:
        d = read_json("tabletop.games.pariah.engine", f"data/{fid}.json")
        units = tuple(_unit(u, fid) for u in d["units"])
        deck = tuple(u.id for u in units for _ in range(u.copies))
        if len(deck) != 30:
            raise ValueError(f"{fid}: a unit deck is 30 cards, not {len(deck)}")
        evos = tuple(Evolution(e["id"], e["name"], fid, e["unit"], e["cost"], _changes(e.get("changes")),
                               _keywords(e.get("keywords")), e.get("text", "")) for e in d["evolutions"])
        out[fid] = Faction(fid, d["name"], d["blurb"], units,
                           tuple(_unit(t, fid, token=True) for t in d.get("tokens", ())), evos, deck)
    return out


@lru_cache(maxsize=1)
def designs() -> dict[str, UnitDesign]:
    """Every unit and token design by id."""
    return {u.id: u for f in factions().values() for u in f.units + f.tokens}


@lru_cache(maxsize=1)
def evolutions() -> dict[str, Evolution]:
    return {e.id: e for f in factions().values() for e in f.evolutions}


@lru_cache(maxsize=1)
def relics() -> dict[str, Relic]:
    """Relic cards and the emblems units create, by id."""
    d = read_json("tabletop.games.pariah.engine", "data/relics.json")
    out = {r["id"]: _relic(r, True) for r in d["relics"]}
    out.update({r["id"]: _relic(r, False) for r in d.get("emblems", ())})
    return out


@lru_cache(maxsize=1)
def relic_deck() -> tuple[str, ...]:
    """The relic deck every player brings: one of each relic card."""
    return tuple(r.id for r in relics().values() if r.card)


def design(design_id: str) -> UnitDesign:
    return designs()[design_id]


# --- the catalogue ---------------------------------------------------------------------------
def _ability_json(a: Ability) -> dict:
    return {"name": a.name, "when": a.when, "commit": a.commit, "cost": a.cost, "text": a.text}


def card_pool() -> list[dict]:
    """Units, tokens, evolutions and relics as plain data (`tabletop cards pariah --json`)."""
    out: list[dict] = []
    for f in factions().values():
        for u in f.units + f.tokens:
            out.append({"id": u.id, "name": u.name, "type": "token" if u.token else "unit",
                        "faction": f.id, "faction_name": f.name, "copies": u.copies, "cost": u.cost,
                        **{s: u.base(s) for s in STATS},
                        "keywords": u.keywords.texts(),
                        "abilities": [_ability_json(a) for a in u.abilities]})
        for e in f.evolutions:
            out.append({"id": e.id, "name": e.name, "type": "evolution", "faction": f.id,
                        "unit": e.unit, "unit_name": design(e.unit).name, "cost": e.cost,
                        "changes": dict(e.changes), "keywords": e.keywords.texts(), "text": e.text})
    for r in relics().values():
        if r.card:
            out.append({"id": r.id, "name": r.name, "type": "relic", "relic_type": r.relic_type,
                        "cost": r.cost, "text": r.text})
    return out
