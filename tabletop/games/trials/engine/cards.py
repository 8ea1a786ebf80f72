"""Trials' card pool as data: Avatars (with their Fallen sides), Abilities and Equipment.

Every card is loaded from data/<school>.json. A card's effects are lists of
steps, each naming a primitive of effects.py with its parameters; the rules
text shown to players is generated from those steps (`card_text`), so text and
behaviour cannot drift apart. `load()` rejects any op, target, trigger,
keyword or subtype the engine does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

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
# the primitives (effects.py) and the parameters each takes besides "to"
OPS = {"damage": ("n", "piercing", "corrosive", "draining"), "split": ("n",), "lose_hp": ("n",),
       "heal": ("n",), "shield": (), "counter": ("kind", "n"), "destroy": (), "exile": (),
       "discard": ("n",), "draw": ("n",), "scout": (), "exhaust": (), "ready": (), "confuse": (),
       "exile_discard": ("n",), "buff": ("n",), "stealth": (), "energy": ("n",), "revive": ("n",),
       "recover": (), "initiative": (), "attach_self": (),
       # statics: hold while the card is in play
       "grant": ("keyword",), "ward": ("n",), "aura": ("n",)}
# non-chosen references an op may name in "to"
REFS = ("target", "host", "self", "controller", "opponents", "enemy_avatars", "enemy_cards",
        "all_cards", "other_avatar", "own_avatars")
COUNTER_KINDS = ("attack", "charge")
COST_KEYS = ("energy", "exhaust", "charge", "lose_hp")


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

    @property
    def scouts(self) -> bool:
        return any(st.op == "scout" for st in self.steps)


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


class CardDataError(ValueError):
    pass


def _step(raw: dict, where: str) -> Step:
    op = raw.get("op")
    if op not in OPS:
        raise CardDataError(f"{where}: unknown op {op!r}")
    extra = set(raw) - {"op", "to", *OPS[op]}
    if extra:
        raise CardDataError(f"{where}: {op} takes no {sorted(extra)}")
    to = raw.get("to", "target")
    if to not in REFS:
        raise CardDataError(f"{where}: unknown reference {to!r}")
    kind = raw.get("kind", "")
    if op == "counter" and kind not in COUNTER_KINDS:
        raise CardDataError(f"{where}: unknown counter kind {kind!r}")
    kw = raw.get("keyword", "")
    if op == "grant" and kw not in KEYWORDS:
        raise CardDataError(f"{where}: unknown keyword {kw!r}")
    return Step(op, to, int(raw.get("n", 0)), kind, kw, bool(raw.get("piercing")),
                bool(raw.get("corrosive")), bool(raw.get("draining")))


def _effect(raw: dict, where: str) -> Effect:
    when = raw.get("when")
    if when not in WHENS:
        raise CardDataError(f"{where}: unknown trigger {when!r}")
    steps = tuple(_step(s, where) for s in raw.get("do", ()))
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


# --- rules text, generated from the steps ----------------------------------------------------------

_TARGET_NOUN = {"enemy_avatar": "target enemy Avatar", "own_avatar": "target Avatar of yours",
                "any_avatar": "target Avatar", "enemy_card": "target enemy card",
                "own_card": "target card of yours", "any_card": "target card",
                "enemy_attachment": "target enemy attached card",
                "enemy_equipment": "target enemy Equipment", "own_fallen": "target Fallen Avatar of yours",
                "opponent": "target opponent", "enemy_any": "target enemy card",
                "own_any": "target card of yours"}
_REF_NOUN = {"host": "the attached Avatar", "self": "this card", "controller": "you",
             "opponents": "each opponent", "enemy_avatars": "each enemy Avatar",
             "enemy_cards": "each enemy card", "all_cards": "each card in play",
             "other_avatar": "your other Avatar", "own_avatars": "each of your Avatars"}
_PLAYER_OPS = ("discard", "draw", "scout", "confuse", "exile_discard", "energy", "recover",
               "initiative")


def _noun(step: Step, eff: Effect) -> str:
    return _TARGET_NOUN[eff.target] if step.to == "target" else _REF_NOUN[step.to]


def _player(step: Step, eff: Effect) -> tuple[str, bool]:
    """(subject, is 'you') for an op done by a player."""
    if step.to in ("controller", "self", "host", "own_avatars", "other_avatar"):
        return "you", True
    if step.to == "target":
        return "target opponent" if eff.target in ("opponent",) else "that card's controller", False
    return "each opponent", False


def step_text(st: Step, eff: Effect) -> str:
    noun = _noun(st, eff) if st.op not in _PLAYER_OPS else ""
    extras = [w for w, on in (("piercing", st.piercing), ("corrosive", st.corrosive),
                              ("draining", st.draining)) if on]
    kind = " ".join(extras) + " " if extras else ""
    if st.op == "damage":
        return f"deal {st.n} {kind}damage to {noun}"
    if st.op == "split":
        return f"deal {st.n} split damage among {_TARGET_NOUN[eff.target].replace('target ', 'target ')}s"
    if st.op == "lose_hp":
        return f"{noun} loses {st.n} HP"
    if st.op == "heal":
        return f"restore {st.n} HP to {noun}"
    if st.op == "shield":
        return f"shield {noun}"
    if st.op == "counter":
        what = "+1 Attack" if st.kind == "attack" else "charge"
        return f"put {st.n} {what} counter{'s' if st.n != 1 else ''} on {noun}"
    if st.op == "destroy":
        return f"destroy {noun}"
    if st.op == "exile":
        return f"exile {noun}"
    if st.op == "exhaust":
        return f"exhaust {noun}"
    if st.op == "ready":
        return f"ready {noun}"
    if st.op == "buff":
        return f"{noun} gets {st.n:+d} Attack this round"
    if st.op == "stealth":
        return f"{noun} becomes stealthy this round"
    if st.op == "revive":
        return f"revive {noun} with {st.n} HP"
    if st.op == "attach_self":
        return "attach this card from your discard pile to your first standing Avatar"
    if st.op == "grant":
        return f"the attached Avatar has {st.keyword}"
    if st.op == "ward":
        return f"damage dealt to the attached Avatar is reduced by {st.n}"
    if st.op == "aura":
        return f"your other Avatar has {st.n:+d} Attack"
    who, you = _player(st, eff)
    s = "" if you else "s"
    if st.op == "discard":
        return f"{who} discard{s} {st.n} card{'s' if st.n != 1 else ''} at random"
    if st.op == "draw":
        return f"{who} draw{s} {st.n} card{'s' if st.n != 1 else ''}"
    if st.op == "scout":
        return f"{who} scout{s}"
    if st.op == "confuse":
        return f"{who} {'become' if you else 'becomes'} confused"
    if st.op == "exile_discard":
        return (f"exile the top {st.n} card{'s' if st.n != 1 else ''} of "
                f"{'your' if you else who + chr(39) + 's'} discard pile")
    if st.op == "energy":
        return f"{who} gain{s} {st.n} energy"
    if st.op == "recover":
        return f"{who} return{s} the top card of {'your' if you else 'their'} discard pile to hand"
    if st.op == "initiative":
        return f"{who} take{s} initiative"
    raise CardDataError(f"no text for {st.op}")


_WHEN_TEXT = {"play": "", "round_start": "At the start of the round, ", "round_end":
              "At the end of the round, ", "destroyed": "When this card is destroyed, ",
              "fall_from_discard": "Whenever an Avatar falls while this card is in your discard pile, ",
              "static": ""}


def cost_text(eff: Effect) -> str:
    parts = []
    if eff.instant:
        parts.append("Instant")
    if eff.cost_of("exhaust"):
        parts.append("Exhaust")
    if eff.cost_of("energy"):
        parts.append(f"Pay {eff.cost_of('energy')} energy")
    if eff.cost_of("charge"):
        parts.append(f"Remove {eff.cost_of('charge')} charge counter")
    if eff.cost_of("lose_hp"):
        parts.append(f"The attached Avatar loses {eff.cost_of('lose_hp')} HP")
    return ", ".join(parts)


def effect_text(eff: Effect) -> str:
    body = "; ".join(step_text(st, eff) for st in eff.steps)
    if eff.when == "activated":
        return f"{cost_text(eff)}: {body[0].upper() + body[1:]}."
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
