"""Paragons' card pool as data: the three classes' 30 cards, the neutral mercenaries, and the
ready decks of the pre-constructed variant.

Cards are loaded from data/*.json. A card's effects are lists of steps naming ops of the
registry steps.OPS (declared in effects.py); the rules text players read is written by the
same declarations (`card_text`), so text and behaviour cannot drift apart. Loading rejects
any op, parameter, trigger, target, reference, keyword or condition the engine does not know,
and any combination the rules cannot carry out (a target no step uses, an ability that costs
nothing, a Hidden card with no reveal condition...).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from importlib.resources import files

from tabletop.core.ops import OpDataError
from tabletop.games.paragons.engine.steps import (CONDITION_TEXT, CONDITIONS, COST_KEYS, GRANTABLE,
                                                  KEYWORD_NAMES, LINK_TARGETS, MERC_KEYWORDS,
                                                  MERC_REFS, MERC_TARGETS, OPS, PLAYER_TARGETS,
                                                  POOL_TARGETS, SOURCE_TARGETS, SPACE_TARGETS,
                                                  SPELL_KEYWORDS, TARGETS, WHENS, Effect, Step)

CLASSES = ("warrior", "mage", "ranger")              # play order; the draft goes the other way
CLASS_NAMES = {"warrior": "Warrior", "mage": "Mage", "ranger": "Ranger"}
CLASS_COLOURS = {"warrior": "red", "mage": "blue", "ranger": "green"}
NEUTRAL = "neutral"
TYPES = ("mercenary", "spell", "imbuement", "enchantment")
SPELL_TYPES = ("spell", "imbuement", "enchantment")
COMBATS = ("melee", "ranged", "caster")
CLASS_SIZE = 30
DECK_SIZE = 30
GREATER_COSTS = (5, 6, 7)
LESSER_MAX = 4

# which triggers each type of card may carry
_WHENS_OF = {
    "mercenary": ("play", "activated", "turn_start", "turn_end", "destroyed", "recruit", "static"),
    "spell": ("play",),
    "imbuement": ("play", "turn_start", "turn_end", "leaves", "static"),
    "enchantment": ("play", "turn_start", "turn_end", "static"),
}
# what a step of each op kind may act on (kinds are declared with the ops in effects.py)
_REFS_OF_KIND = {
    "merc": ("target",) + MERC_REFS,
    "hit": ("target", "opponents") + MERC_REFS,
    "player": ("controller",),
    "pool": ("target",), "link": ("target",), "space": ("target",),
    "static": ("host", "own_mercs", "controller"),
}
_TARGETS_OF_KIND = {"merc": MERC_TARGETS, "hit": MERC_TARGETS + PLAYER_TARGETS,
                    "pool": POOL_TARGETS, "link": LINK_TARGETS, "space": SPACE_TARGETS}


class CardDataError(OpDataError):
    pass


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    klass: str                            # warrior, mage, ranger or neutral
    type: str
    cost: int
    combat: str = ""                      # mercenaries: melee, ranged or caster
    attack: int = 0                       # the base stats
    health: int = 0
    keywords: tuple[str, ...] = ()
    reveal: str = ""                      # Hidden cards: when they may be revealed
    effects: tuple[Effect, ...] = ()
    text: str = field(default="", compare=False)

    @property
    def is_merc(self) -> bool:
        return self.type == "mercenary"

    @property
    def tier(self) -> str:
        """A neutral mercenary's tier: greater (cost 5-7) or lesser (4 or less)."""
        if self.klass != NEUTRAL:
            return ""
        return "greater" if self.cost in GREATER_COSTS else "lesser"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @cached_property
    def hidden(self) -> bool:
        return "hidden" in self.keywords

    @cached_property
    def fated(self) -> bool:
        return "fated" in self.keywords

    @cached_property
    def play_effect(self) -> Effect | None:
        return next((e for e in self.effects if e.when == "play"), None)

    @cached_property
    def activated(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == "activated")

    def effects_when(self, when: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.when == when)

    @cached_property
    def statics(self) -> tuple[Step, ...]:
        return tuple(st for e in self.effects if e.when == "static" for st in e.steps)


# --- loading and checking -------------------------------------------------------------------

def slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower().replace("'", "")).strip("-")


def _steps(raw: list, where: str) -> tuple[Step, ...]:
    out = []
    for r in raw:
        try:
            out.append(Step(**OPS.check(r, where)))
        except OpDataError as e:
            raise CardDataError(str(e)) from None
    return tuple(out)


def _effect(raw: dict, ctype: str, where: str) -> Effect:
    when = raw.get("when")
    if when not in WHENS:
        raise CardDataError(f"{where}: unknown trigger {when!r}")
    if when not in _WHENS_OF[ctype]:
        raise CardDataError(f"{where}: a {ctype} has no {when!r} effect")
    extra = set(raw) - {"when", "do", "target", "combo", "cost", "anytime"}
    if extra:
        raise CardDataError(f"{where}: an effect takes no {sorted(extra)}")
    steps, combo = _steps(raw.get("do", ()), where), _steps(raw.get("combo", ()), where)
    target = raw.get("target", "")
    if target and target not in TARGETS:
        raise CardDataError(f"{where}: unknown target {target!r}")
    if target and when not in ("play", "activated"):
        raise CardDataError(f"{where}: only played or activated effects choose a target")
    if target in SOURCE_TARGETS and ctype != "mercenary":
        raise CardDataError(f"{where}: only a mercenary's effect aims at another mercenary than itself")
    attaches = when == "play" and ctype in ("imbuement", "enchantment")
    if attaches:
        want = MERC_TARGETS if ctype == "imbuement" else SPACE_TARGETS
        if target not in want:
            raise CardDataError(f"{where}: an {ctype} is played on one of {want}")
    elif any(st.to == "target" for st in steps + combo) != bool(target):
        raise CardDataError(f"{where}: a chosen target needs a step that uses it, and back")
    for st in steps + combo:
        _check_step(st, when, ctype, target, where)
    if combo and when != "play":
        raise CardDataError(f"{where}: only a played effect has a combo")
    cost = raw.get("cost", {})
    if set(cost) - set(COST_KEYS):
        raise CardDataError(f"{where}: unknown cost {sorted(set(cost) - set(COST_KEYS))}")
    exhaust, mana = bool(cost.get("exhaust")), int(cost.get("mana", 0))
    if when == "activated" and not (exhaust or mana > 0):
        raise CardDataError(f"{where}: an ability must exhaust or cost mana (so a turn always ends)")
    if when != "activated" and (cost or raw.get("anytime")):
        raise CardDataError(f"{where}: only an ability has a cost or is usable anytime")
    return Effect(when, steps, target, combo, exhaust, mana, bool(raw.get("anytime")))


def _check_step(st: Step, when: str, ctype: str, target: str, where: str) -> None:
    kind = OPS[st.op].kind
    if (kind == "static") != (when == "static"):
        raise CardDataError(f"{where}: {st.op} is {'only' if kind == 'static' else 'never'} a static")
    if st.to not in _REFS_OF_KIND[kind]:
        raise CardDataError(f"{where}: {st.op} cannot act on {st.to!r}")
    if st.to == "target" and target not in _TARGETS_OF_KIND[kind]:
        raise CardDataError(f"{where}: {st.op} cannot act on a {target!r} target")
    if st.to == "self" and ctype != "mercenary":
        raise CardDataError(f"{where}: only a mercenary's steps act on 'self'")
    if st.to == "host" and ctype not in ("imbuement", "enchantment"):
        raise CardDataError(f"{where}: only an Imbuement or Enchantment has a host")
    if when == "static" and st.to == "own_mercs" and ctype != "mercenary":
        raise CardDataError(f"{where}: only a mercenary's static reaches its allies")
    if st.op == "grant" and st.keyword not in GRANTABLE:
        raise CardDataError(f"{where}: {st.keyword!r} cannot be granted")


def parse_card(raw: dict, klass: str) -> Card:
    where = raw.get("name", "?")
    ctype = raw.get("type")
    if ctype not in TYPES:
        raise CardDataError(f"{where}: unknown type {ctype!r}")
    cost = raw.get("cost")
    if not isinstance(cost, int) or not 1 <= cost <= 10:
        raise CardDataError(f"{where}: a card costs 1 to 10 mana")
    kws = tuple(raw.get("keywords", ()))
    allowed = MERC_KEYWORDS if ctype == "mercenary" else SPELL_KEYWORDS
    if any(k not in allowed for k in kws) or ("fated" in kws and ctype != "spell"):
        raise CardDataError(f"{where}: a {ctype} cannot have the keywords {kws}")
    reveal = raw.get("reveal", "")
    if ("hidden" in kws) != bool(reveal) or (reveal and reveal not in CONDITIONS):
        raise CardDataError(f"{where}: a Hidden card, and only one, names a reveal condition")
    if klass == NEUTRAL and (ctype != "mercenary" or "hidden" in kws):
        raise CardDataError(f"{where}: neutral cards are mercenaries, never Hidden")
    combat, attack, health = raw.get("combat", ""), raw.get("attack", 0), raw.get("health", 0)
    if ctype == "mercenary":
        if combat not in COMBATS or not (isinstance(attack, int) and attack >= 0) \
                or not (isinstance(health, int) and health >= 1):
            raise CardDataError(f"{where}: a mercenary has a combat type, attack >= 0, health >= 1")
    elif combat or attack or health:
        raise CardDataError(f"{where}: only mercenaries have combat stats")
    effects = tuple(_effect(e, ctype, where) for e in raw.get("effects", ()))
    if ctype in SPELL_TYPES and not any(e.when == "play" for e in effects):
        raise CardDataError(f"{where}: a spell says what it does when played")
    if sum(e.when == "play" for e in effects) > 1:
        raise CardDataError(f"{where}: one played effect at most")
    card = Card(slug(raw["name"]), raw["name"], klass, ctype, cost, combat, attack, health, kws,
                reveal, effects)
    return replace(card, text=card_text(card))


def _read(name: str) -> list:
    return json.loads(files(__package__).joinpath("data", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _load() -> tuple[dict[str, Card], dict[str, tuple[str, ...]]]:
    """(every design by id, each class's and the neutrals' list of cards, copies repeated)."""
    designs: dict[str, Card] = {}
    lists: dict[str, tuple[str, ...]] = {}
    for klass in (*CLASSES, NEUTRAL):
        ids: list[str] = []
        for raw in _read(f"{klass}.json"):
            c = parse_card({k: v for k, v in raw.items() if k != "copies"}, klass)
            if c.id in designs:
                raise CardDataError(f"{c.name}: two cards have this name")
            designs[c.id] = c
            ids += [c.id] * int(raw.get("copies", 1))
        lists[klass] = tuple(ids)
    for klass in CLASSES:
        if len(lists[klass]) != CLASS_SIZE:
            raise CardDataError(f"the {klass} has {len(lists[klass])} class cards, not {CLASS_SIZE}")
    return designs, lists


def pool() -> dict[str, Card]:
    """Every design by id, in data-file order."""
    return _load()[0]


def card(design: str) -> Card:
    return _load()[0][design]


def class_cards(klass: str) -> tuple[str, ...]:
    """The class's 30 cards (a design appears once per copy)."""
    return _load()[1][klass]


def neutrals() -> tuple[str, ...]:
    """The neutral mercenaries, one design per card."""
    return _load()[1][NEUTRAL]


@lru_cache(maxsize=1)
def precon_decks() -> dict[str, tuple[str, ...]]:
    """Each class's ready 30-card deck: designs, copies repeated (data/decks.json)."""
    raw = _read("decks.json")
    out = {}
    taken: set[str] = set()
    for klass in CLASSES:
        deck = tuple(d for d, n in raw[klass].items() for _ in range(n))
        mine = list(class_cards(klass))
        for d in deck:
            if d in mine:
                mine.remove(d)
            elif d in neutrals() and d not in taken:
                taken.add(d)
            else:
                raise CardDataError(f"the {klass} deck's {d!r} is not a card of its own "
                                    "(its class cards, or a neutral no other deck holds)")
        if len(deck) != DECK_SIZE:
            raise CardDataError(f"the {klass} deck holds {len(deck)} cards, not {DECK_SIZE}")
        out[klass] = deck
    return out


# --- rules text, written by the ops' own declarations ---------------------------------------------

def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_WHEN_TEXT = {"turn_start": "At the start of {whose} turn, ", "turn_end": "At the end of {whose} turn, ",
              "destroyed": "When this mercenary is destroyed, ",
              "leaves": "When the imbued mercenary leaves the board, ",
              "recruit": "Whenever you Recruit a mercenary, "}
_ATTACH_TEXT = {"own_merc": "Imbue a mercenary of yours.", "enemy_merc": "Imbue an enemy mercenary.",
                "any_merc": "Imbue a mercenary.", "own_space": "Enchant a space of your board.",
                "enemy_space": "Enchant a space of an enemy board."}


def cost_text(e: Effect) -> str:
    parts = ["Anytime"] if e.anytime else []
    if e.exhaust:
        parts.append("Exhaust")
    if e.mana:
        parts.append(f"{e.mana} mana")
    return ", ".join(parts)


def effect_text(e: Effect, ctype: str) -> str:
    body = OPS.texts(e.steps, e, ctype)
    combo = OPS.texts(e.combo, e, ctype)
    if e.when == "activated":
        out = f"{cost_text(e)}: {_cap(body)}."
    elif e.when == "play" and ctype in ("imbuement", "enchantment"):
        out = _ATTACH_TEXT[e.target] + (f" {_cap(body)}." if body else "")
    elif e.when == "play":
        lead = "When this enters the board, " if ctype == "mercenary" else ""
        out = _cap(lead + body) + "." if body else ""
    else:
        whose = "your" if ctype == "mercenary" else "its player's"
        out = _cap(_WHEN_TEXT.get(e.when, "").format(whose=whose) + body) + "."
    if combo:
        out = (out + " " if out else "") + f"Combo: {_cap(combo)}."
    return out


def card_text(c: Card) -> str:
    lines = []
    kws = [KEYWORD_NAMES[k] + (f" ({CONDITION_TEXT[c.reveal]})" if k == "hidden" else "")
           for k in c.keywords]
    if kws:
        lines.append(", ".join(kws) + ".")
    if c.combat == "caster":
        lines.append(f"Caster: exhaust on your turn to deal {c.attack} damage to an enemy mercenary "
                     "(not in a turn it attacks); hits back when a caster's ability damages it.")
    elif c.combat == "ranged":
        lines.append("Ranged: hits back when a caster's ability damages it.")
    lines += [t for e in c.effects if (t := effect_text(e, c.type))]
    return "\n".join(lines)


def card_pool() -> list[dict]:
    """Every design as plain data (for `tabletop cards paragons --json` and the deck builder)."""
    out = []
    for c in pool().values():
        out.append({"id": c.id, "name": c.name, "class": c.klass, "type": c.type, "cost": c.cost,
                    "tier": c.tier, "combat": c.combat, "attack": c.attack, "health": c.health,
                    "keywords": list(c.keywords), "reveal": c.reveal, "text": c.text,
                    "copies": (class_cards(c.klass) if c.klass in CLASSES else neutrals()).count(c.id)})
    return out
