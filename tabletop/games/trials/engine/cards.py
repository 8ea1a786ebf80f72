"""Trials' card pool as data: Avatars (with their Fallen sides), Abilities and Equipment.

Every card is loaded from data/<school>.json. A card's effects are lists of
steps, each naming an op of the registry OPS (declared in effects.py) with its
parameters; the rules text shown to players is generated from those steps by
the same declarations (`card_text`), so text and behaviour cannot drift apart.
`pool()` rejects any op, parameter, target, trigger, keyword or subtype the
engine does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from tabletop.core.ops import OpDataError, OpRegistry, Param
from tabletop.resources import read_json

SCHOOLS = {"magic": ("chronomancy", "pyromancy"), "martial": ("brutality", "chivalry"),
           "mischief": ("marksmanship", "shadow"), "mythos": ("divinity", "demonology")}
DISCIPLINES = tuple(d for pair in SCHOOLS.values() for d in pair)
TYPES = ("avatar", "ability", "equipment")
SUBTYPES = ("Weapon", "Armor", "Accessory", "One-Handed", "Two-Handed", "Ongoing", "Instant")
# keywords a card can carry (ignite is the discard-pile action; reciprocal lets an Avatar hit back)
KEYWORDS = ("guardian", "stealthy", "parry", "piercing", "draining", "corrosive", "ignite",
            "reciprocal")
# when an effect happens
WHENS = ("play", "activated", "round_start", "round_end", "fall_from_discard", "destroyed", "static")
# what a chosen target may be (effects.TARGET_SPECS says how each is checked)
TARGETS = ("enemy_avatar", "own_avatar", "any_avatar", "enemy_card", "own_card", "any_card",
           "enemy_attachment", "enemy_equipment", "own_fallen", "opponent", "enemy_any", "own_any")
# what an op may name in "to": the chosen target, or a reference resolved when it happens
REFS = ("target", "host", "self", "controller", "opponents", "enemy_avatars", "enemy_cards",
        "all_cards", "other_avatar", "own_avatars")
COUNTER_KINDS = ("attack", "charge")
# ops whose step asks a decision of the player it acts for when it happens (effects._QUESTIONS):
# they act for the card's controller, the seat that is asked
ASKING_OPS = ("scout", "attach_self")
# "crowd": energy paid on top of "energy" while two or more rivals are still in the game, for
# an effect that answers one rival and so is worth more the more there are (effects.energy_cost)
COST_KEYS = ("energy", "exhaust", "charge", "lose_hp", "crowd")

# The primitives. Each is declared once, in effects.py, with its parameters, its rules text and
# its execution; every op also takes "to" (who or what it acts on: a chosen target or a REF).
OPS = OpRegistry("trials", common=(Param("to", str, "target", REFS, "reference"),))


@dataclass(frozen=True, slots=True)
class Step:
    op: str
    to: str = "target"
    n: int = 0
    kind: str = ""
    keyword: str = ""
    piercing: bool = False
    corrosive: bool = False
    draining: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    when: str
    steps: tuple[Step, ...]
    target: str = ""                      # the chosen target's spec, "" for none
    cost: tuple[tuple[str, int], ...] = ()  # activated: (("energy", 1), ("exhaust", 1))
    instant: bool = False                 # activated: usable in response windows

    def cost_of(self, key: str) -> int:
        for k, n in self.cost:
            if k == key:
                return n
        return 0

    @property
    def split(self) -> int:
        return next((st.n for st in self.steps if st.op == "split"), 0)


@dataclass(frozen=True, slots=True)
class Side:
    """What one face of a card says: stats, keywords, effects."""
    name: str
    attack: int = 0
    power: int = 0
    hp: int = 0
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    disciplines: tuple[str, ...]
    cost: int = 0
    attack: int = 0
    power: int = 0
    hp: int = 0
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    fallen: Side | None = None
    text: str = field(default="", compare=False)

    @cached_property
    def front(self) -> Side:
        return Side(self.name, self.attack, self.power, self.hp, self.keywords, self.effects)

    def has(self, subtype: str) -> bool:
        return subtype in self.subtypes

    @cached_property
    def instant(self) -> bool:
        return "Instant" in self.subtypes

    @cached_property
    def stays(self) -> bool:
        """Equipment and Ongoing Abilities stay attached; other Abilities resolve and leave."""
        return self.type == "equipment" or "Ongoing" in self.subtypes

    @cached_property
    def play_effect(self) -> Effect | None:
        return next((e for e in self.effects if e.when == "play"), None)

    @property
    def all_keywords(self) -> tuple[str, ...]:
        return self.keywords + (self.fallen.keywords if self.fallen else ())


class CardDataError(OpDataError):
    pass


def _step(raw: dict, where: str) -> Step:
    """One step, checked against its op's declaration (OPS)."""
    try:
        return Step(**OPS.check(raw, where))
    except OpDataError as e:
        raise CardDataError(str(e)) from None


def _effect(raw: dict, where: str) -> Effect:
    when = raw.get("when")
    if when not in WHENS:
        raise CardDataError(f"{where}: unknown trigger {when!r}")
    steps = tuple(_step(s, where) for s in raw.get("do", ()))
    for st in steps:
        if st.op in ASKING_OPS and st.to != "controller":
            raise CardDataError(f"{where}: {st.op} asks its player a decision, so it acts for the "
                                "card's controller")
    target = raw.get("target", "")
    if target and target not in TARGETS:
        raise CardDataError(f"{where}: unknown target {target!r}")
    if any(s.to == "target" for s in steps) != bool(target):
        raise CardDataError(f"{where}: a chosen target needs a target spec and a step that uses it")
    if target and when not in ("play", "activated"):
        raise CardDataError(f"{where}: only played or activated effects choose targets")
    cost = raw.get("cost", {})
    if set(cost) - set(COST_KEYS):
        raise CardDataError(f"{where}: unknown cost {sorted(set(cost) - set(COST_KEYS))}")
    if when == "activated" and not (cost.get("exhaust") or cost.get("charge")):
        raise CardDataError(f"{where}: an activated effect must exhaust or spend a counter "
                            "(so a round always ends)")
    return Effect(when, steps, target, tuple(sorted((k, int(v)) for k, v in cost.items())),
                  bool(raw.get("instant")))


def _side(raw: dict, name: str, where: str) -> Side:
    kws = tuple(raw.get("keywords", ()))
    bad = [k for k in kws if k not in KEYWORDS]
    if bad:
        raise CardDataError(f"{where}: unknown keywords {bad}")
    return Side(name, int(raw.get("attack", 0)), int(raw.get("power", 0)), int(raw.get("hp", 0)),
                kws, tuple(_effect(e, where) for e in raw.get("effects", ())))


def parse_card(raw: dict) -> Card:
    where = raw.get("id", "?")
    if raw.get("type") not in TYPES:
        raise CardDataError(f"{where}: unknown type {raw.get('type')!r}")
    discs = tuple(raw.get("disciplines", ()))
    if not 1 <= len(discs) <= 2 or any(d not in DISCIPLINES for d in discs):
        raise CardDataError(f"{where}: one or two of {DISCIPLINES} needed, got {discs}")
    subs = tuple(raw.get("subtypes", ()))
    if any(s not in SUBTYPES for s in subs):
        raise CardDataError(f"{where}: unknown subtypes {subs}")
    front = _side(raw, raw["name"], where)
    if front.attack and front.power:
        raise CardDataError(f"{where}: a card has Attack or Power, not both")
    fallen = None
    if raw["type"] == "avatar":
        if "fallen" not in raw:
            raise CardDataError(f"{where}: an Avatar needs a Fallen side")
        fallen = _side(raw["fallen"], raw["fallen"]["name"], where + " (Fallen)")
        if fallen.hp:
            raise CardDataError(f"{where}: a Fallen side has no HP")
    card = Card(raw["id"], raw["name"], raw["type"], discs, int(raw.get("cost", 0)), front.attack,
                front.power, front.hp, subs, front.keywords, front.effects, fallen)
    return replace(card, text=card_text(card))


_SCHOOL_FILES = tuple(SCHOOLS)


@lru_cache(maxsize=1)
def pool() -> dict[str, Card]:
    """Every card of the pool by id, in data-file order."""
    out: dict[str, Card] = {}
    for school in _SCHOOL_FILES:
        for raw in read_json("tabletop.games.trials.engine", f"data/{school}.json"):
            card = parse_card(raw)
            if card.id in out:
                raise CardDataError(f"duplicate card id {card.id}")
            out[card.id] = card
    return out


def card(card_id: str) -> Card:
    return pool()[card_id]


def avatars() -> list[Card]:
    return [c for c in pool().values() if c.type == "avatar"]


def deck_cards() -> list[Card]:
    return [c for c in pool().values() if c.type != "avatar"]


# --- rules text, generated from the steps (each op writes its own sentence: OPS) -------------------

def step_text(st: Step, eff: Effect) -> str:
    return OPS.text(st, eff)


_WHEN_TEXT = {"play": "", "round_start": "At the start of the round, ", "round_end":
              "At the end of the round, ", "destroyed": "When this card is destroyed, ",
              "fall_from_discard": "Whenever an Avatar falls while this card is in your discard pile, ",
              "static": ""}


def cost_text(eff: Effect, energy: int | None = None) -> str:
    """The cost as printed; `energy`, when given, is the energy it costs now (a move's label says
    what the player pays, where the card says when a crowd costs more)."""
    parts = []
    if eff.instant:
        parts.append("Instant")
    if eff.cost_of("exhaust"):
        parts.append("Exhaust")
    crowded = "while two or more opponents are in the game"
    if energy is not None:
        if energy:
            parts.append(f"Pay {energy} energy")
    elif eff.cost_of("crowd") and eff.cost_of("energy"):
        parts.append(f"Pay {eff.cost_of('energy')} energy "
                     f"({eff.cost_of('energy') + eff.cost_of('crowd')} {crowded})")
    elif eff.cost_of("crowd"):
        parts.append(f"Pay {eff.cost_of('crowd')} energy {crowded}")
    elif eff.cost_of("energy"):
        parts.append(f"Pay {eff.cost_of('energy')} energy")
    if eff.cost_of("charge"):
        parts.append(f"Remove {eff.cost_of('charge')} charge counter")
    if eff.cost_of("lose_hp"):
        parts.append(f"The attached Avatar loses {eff.cost_of('lose_hp')} HP")
    return ", ".join(parts)


def effect_text(eff: Effect, energy: int | None = None) -> str:
    body = OPS.texts(eff.steps, eff)
    if eff.when == "activated":
        return f"{cost_text(eff, energy)}: {body[0].upper() + body[1:]}."
    lead = _WHEN_TEXT[eff.when]
    sentence = lead + body
    return sentence[0].upper() + sentence[1:] + "."


def side_text(side: Side) -> str:
    kws = [k.capitalize() for k in side.keywords]
    lines = [", ".join(kws) + "."] if kws else []
    lines += [effect_text(e) for e in side.effects]
    return "\n".join(lines)


def card_text(c: Card) -> str:
    text = side_text(c.front)
    if c.fallen:
        text += f"\nFallen side, {c.fallen.name}: " + (side_text(c.fallen) or "no effect.")
    return text.strip()
