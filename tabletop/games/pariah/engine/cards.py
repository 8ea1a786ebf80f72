"""Pariah's content as data: three factions of units, tokens and evolutions, and the relics.

Everything is loaded from data/*.json. A unit's abilities are lists of effect
steps, each naming an op of the registry OPS (declared in abilities.py with its
parameters, its rules text and its execution); a new unit should rarely need new
code. Every printed text is generated: abilities and consumables from their ops,
equipment, emblems and evolutions from their stat changes and keywords, so text
cannot drift from the rules.
Stats follow the dice: Dexterity and Armor are the lowest die face that hits
or blocks, so a *lower* value is better for both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from tabletop.core.ops import OpDataError, OpRegistry
from tabletop.resources import read_json

FACTIONS = ("emberkin", "tidewardens", "thornwild")
STATS = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")
STAT_NAMES = {"priority": "Priority", "attacks": "Attacks", "dexterity": "Dexterity",
              "damage": "Damage", "armor": "Armor", "ap": "Armor Perforation", "hp": "HP"}

# the effect primitives, each declared once in abilities.py; loading rejects any other op or parameter
OPS = OpRegistry("pariah")
# the rest of the vocabulary; loading rejects anything else
TARGETS = ("self", "enemy", "ally", "adjacent_allies", "all_allies", "opposite", "grave", "none",
           "attacker", "enemy_emblem")
WHENS = ("active", "passive", "start", "end", "deploy")
TRIGGERS = ("attacked", "kill")
CONDITIONS = ("damaged",)
RELIC_TYPES = ("consumable", "equipment", "emblem")
# When a relic is played: at the start of a round (from round 2), and for the relics whose text
# names it, also during an activation of one of your units. Words for each: a card's lead, and
# a sentence's.
START, ACTIVATION = "start", "activation"
RELIC_MOMENTS = {START: ("start of round", "at the start of a round"),
                 ACTIVATION: ("your activation", "during your activation")}


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
    moments: tuple[str, ...] = (START,)         # when it may be played (RELIC_MOMENTS)


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    blurb: str
    units: tuple[UnitDesign, ...]
    tokens: tuple[UnitDesign, ...]
    evolutions: tuple[Evolution, ...]
    deck: tuple[str, ...] = field(default=())   # 30 design ids, copies spelled out


# --- rules text, generated -------------------------------------------------------------------
# ability heads: when it happens (an active ability: what it costs and whether it is the attack)
_WHEN_LEAD = {"deploy": "Deployment: ", "start": "Start of round: ", "end": "End of round: "}
_PASSIVE_LEAD = {"attacked": "When an attack damages this unit, ",
                 "kill": "When an attack by this unit destroys an enemy unit, ",
                 "damaged": "While this unit carries damage "}
_LOWER = {"armor": "block", "dexterity": "hit"}       # lower is better: "blocks on one lower"
_COUNT = {1: "one", 2: "two", 3: "three"}


def effects_text(ab: "Ability", name_of: Callable[[str, str], str]) -> str:
    """The sentence of an ability (or a consumable: when ""), written by its ops; name_of(kind, id)
    names a "token" design or an "emblem"."""
    lead = _WHEN_LEAD.get(ab.when, "")
    if ab.when == "passive":
        lead = _PASSIVE_LEAD.get(ab.trigger or ab.condition, "")
    elif ab.when == "active":
        pay = f"pay {ab.cost} energy" if ab.cost else ""
        lead = (f"Commit, {pay}: " if pay else "Commit: ") if ab.commit else (f"{pay}: " if pay else "")
    sentence = lead + OPS.texts(ab.effects, ab, name_of)
    sentence = sentence[0].upper() + sentence[1:] + "."
    if ab.when == "active" and not ab.commit:
        sentence += " Does not replace the attack."
    return sentence


def moments_lead(moments: tuple[str, ...]) -> str:
    """'Start of round or your activation': the moments a relic is played, as its card says them."""
    lead = " or ".join(RELIC_MOMENTS[m][0] for m in moments)
    return lead[0].upper() + lead[1:]


def moments_phrase(moments: tuple[str, ...]) -> str:
    """'at the start of a round or during your activation'."""
    return " or ".join(RELIC_MOMENTS[m][1] for m in moments)


def stat_phrase(stat: str, delta: int, plural: bool = False) -> str:
    """'+1 Damage'; 'blocks on one lower (Armor -1)' for the stats where lower is better."""
    if stat in _LOWER and delta < 0:
        return (f"{_LOWER[stat]}{'' if plural else 's'} on {_COUNT.get(-delta, str(-delta))} lower "
                f"({STAT_NAMES[stat]} {delta:+d})")
    return f"{delta:+d} {STAT_NAMES[stat]}"


def _ordered(changes: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    return sorted(changes, key=lambda c: STATS.index(c[0]))


def bearer_text(changes: tuple[tuple[str, int], ...], kws: "Keywords", who: str, plural: bool) -> str:
    """What equipment gives its bearer ('The bearer') or an emblem every allied unit ('Your units')."""
    parts = [p if p[0] not in "+-" else ("have " if plural else "has ") + p
             for p in (stat_phrase(k, v, plural) for k, v in _ordered(changes))]
    parts += [("gain " if plural else "gains ") + k for k in kws.texts()]
    return f"{who} {' and '.join(parts)}."


def evolution_text(changes: tuple[tuple[str, int], ...], kws: "Keywords") -> str:
    """'+1 Priority, +2 HP; Invulnerable 4+.': the stat changes, then the keywords gained."""
    stats = ", ".join(stat_phrase(k, v) for k, v in _ordered(changes))
    gained = [f"Gains Aura {a.range}: {stat_phrase(a.stat, a.delta, True)}" for a in kws.auras]
    gained += kws.texts()[len(kws.auras):]
    text = "; ".join(p for p in (stats, "; ".join(gained)) if p)
    return text[0].upper() + text[1:] + "."


# --- loading -----------------------------------------------------------------------------
Names = Mapping[str, Mapping[str, str]]      # what a text may name: "token" / "emblem" -> id -> name


def _effect(d: dict, where: str) -> Effect:
    return Effect(**OPS.check(d, where))


def parse_ability(d: dict, where: str, names: Names) -> Ability:
    where = f"{where}: ability {d.get('name')!r}"
    a = Ability(d["name"], d["when"], d.get("target", "none"),
                tuple(_effect(e, where) for e in d.get("effects", ())), bool(d.get("commit", False)),
                int(d.get("cost", 0)), d.get("trigger", ""), d.get("condition", ""))
    if a.when not in WHENS or a.target not in TARGETS:
        raise OpDataError(f"{where}: bad when/target {a.when}/{a.target}")
    if a.trigger and a.trigger not in TRIGGERS or a.condition and a.condition not in CONDITIONS:
        raise OpDataError(f"{where}: bad trigger/condition")
    if "text" in d:
        raise OpDataError(f"{where}: the text is generated from the effects, not given")
    return replace(a, text=_text(a, where, names))


def _text(a: Ability, where: str, names: Names) -> str:
    """The ability's generated text; an OpDataError if it names a token or emblem that is not
    there, or aims an op at a target kind the op cannot act on."""
    def name_of(kind: str, ref: str) -> str:
        if ref not in names.get(kind, {}):
            raise OpDataError(f"{where}: no {kind} {ref!r}")
        return names[kind][ref]
    try:
        return effects_text(a, name_of)
    except KeyError:
        ops = [e.op for e in a.effects]
        raise OpDataError(f"{where}: {ops} cannot act on the target {a.target!r}") from None


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


def _unit(d: dict, faction: str, names: Names, token: bool = False) -> UnitDesign:
    return UnitDesign(d["id"], d["name"], faction, d["cost"], d["priority"], d["attacks"],
                      d["dexterity"], d["damage"], d["armor"], d["ap"], d["hp"],
                      _keywords(d.get("keywords")),
                      tuple(parse_ability(a, d["id"], names) for a in d.get("abilities", ())),
                      d.get("copies", 0), token)


def parse_relic(d: dict, card: bool, names: Names) -> Relic:
    where = d["id"]
    if d["relic_type"] not in RELIC_TYPES:
        raise ValueError(f"{where}: unknown relic type {d['relic_type']!r}")
    if "text" in d:
        raise OpDataError(f"{where}: the text is generated, not given")
    r = Relic(d["id"], d["name"], d["relic_type"], d["cost"], d.get("target", "none"),
              tuple(_effect(e, where) for e in d.get("effects", ())), _changes(d.get("changes")),
              _keywords(d.get("keywords")),
              tuple(parse_ability(a, where, names) for a in d.get("abilities", ())), card=card,
              moments=_moments(d, where))
    if r.relic_type == "consumable":
        text = _text(Ability(r.name, "", r.target, r.effects), where, names)
        if r.moments != (START,):         # a card names the moments that are not the usual one
            text = f"{moments_lead(r.moments)}: {text[0].lower()}{text[1:]}"
    elif r.relic_type == "equipment":
        text = bearer_text(r.changes, r.keywords, "The bearer", plural=False)
    else:       # an emblem: what it gives every allied unit, then its timed abilities
        gives = r.changes or r.keywords != NO_KEYWORDS
        given = [bearer_text(r.changes, r.keywords, "Your units", True)] if gives else []
        text = " ".join(given + [a.text for a in r.abilities])
    return replace(r, text=text)


def _moments(d: dict, where: str) -> tuple[str, ...]:
    """When a relic may be played (its "moments", the start of a round if not given)."""
    moments = tuple(d.get("moments", (START,)))
    unknown = [m for m in moments if m not in RELIC_MOMENTS]
    if unknown:
        raise OpDataError(f"{where}: unknown moments {unknown}")
    if not moments:
        raise OpDataError(f"{where}: no moment to play it at")
    # Equipment goes on "usually at Start of Round" and emblems stay: none of ours is played at
    # another moment, so their texts need no lead
    if moments != (START,) and d["relic_type"] != "consumable":
        raise OpDataError(f"{where}: only a consumable is played at another moment than the start "
                          "of a round")
    return moments


def _evolution(e: dict, faction: str) -> Evolution:
    if "text" in e:
        raise OpDataError(f"{e['id']}: the text is generated from the changes, not given")
    changes, kws = _changes(e.get("changes")), _keywords(e.get("keywords"))
    return Evolution(e["id"], e["name"], faction, e["unit"], e["cost"], changes, kws,
                     evolution_text(changes, kws))


@lru_cache(maxsize=1)
def factions() -> dict[str, Faction]:
    raw = {fid: read_json("tabletop.games.pariah.engine", f"data/{fid}.json") for fid in FACTIONS}
    # what a unit's text may name: token designs (any faction's) and emblems
    names = {"token": {t["id"]: t["name"] for d in raw.values() for t in d.get("tokens", ())},
             "emblem": {r.id: r.name for r in relics().values() if r.relic_type == "emblem"}}
    out = {}
    for fid, d in raw.items():
        units = tuple(_unit(u, fid, names) for u in d["units"])
        deck = tuple(u.id for u in units for _ in range(u.copies))
        if len(deck) != 30:
            raise ValueError(f"{fid}: a unit deck is 30 cards, not {len(deck)}")
        evos = tuple(_evolution(e, fid) for e in d["evolutions"])
        out[fid] = Faction(fid, d["name"], d["blurb"], units,
                           tuple(_unit(t, fid, names, token=True) for t in d.get("tokens", ())),
                           evos, deck)
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
    names = {"emblem": {r["id"]: r["name"] for r in (*d["relics"], *d.get("emblems", ()))
                        if r["relic_type"] == "emblem"}}
    out = {r["id"]: parse_relic(r, True, names) for r in d["relics"]}
    out.update({r["id"]: parse_relic(r, False, names) for r in d.get("emblems", ())})
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


def faction_contents(faction_id: str) -> list:
    """A faction as docs/BALANCE.md measured it: its units' data (the relics are everyone's;
    a faction retuned since then no longer shows the figures)."""
    return read_json("tabletop.games.pariah.engine", f"data/{faction_id}.json")
