"""The effect primitives every ability, relic and emblem is made of.

An ability names a target kind and a list of effect steps (cards.py):

targets  self, enemy (a chosen enemy unit; Guardians first), ally (a chosen
         allied unit), adjacent_allies, all_allies, opposite (the enemy facing
         the source), attacker (the unit whose attack triggered a passive),
         grave (a chosen unit card in an allied graveyard and a side of the
         source to return it to), enemy_emblem (a chosen enemy emblem), none
ops      damage N (no rolls), heal N (remove damage), modify stat +-N (until the
         end of the round), energy N (to the source's side), token (created right
         of the source), revive, emblem (a side gains an emblem), destroy_emblem

Each op is declared here once, in the registry cards.OPS (tabletop.core.ops):
its parameters, the rules sentence it writes on a card, and its execution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tabletop.core import Event
from tabletop.core.ops import Param
from tabletop.games.pariah.engine.board import (card_name, check_deaths, create_token, deal_damage, opposite,
                                         place, unit_name)
from tabletop.games.pariah.engine.cards import OPS, STAT_NAMES, STATS, Ability, Effect, design, relics
from tabletop.games.pariah.engine.state import PariahState, Unit, is_unit_card, seat_of, side_of
from tabletop.games.pariah.engine.stats import keywords

CHOSEN = ("enemy", "ally", "grave", "enemy_emblem")   # target kinds that are a player's choice
LEFT, RIGHT = 0, 1


def enemy_targets(s: PariahState, side: int) -> list[int]:
    """The enemy units a player may choose: while a Guardian stands, only Guardians."""
    line = s.lines[1 - side]
    guards = [uid for uid in line if keywords(s, s.units[uid]).guardian]
    return guards or list(line)


def revive_choices(s: PariahState, side: int) -> list[tuple[int, int]]:
    cards = sorted(c for p in s.seats_of_side(side) for c in s.graves[p] if is_unit_card(c))
    return [(c, pos) for c in cards for pos in (LEFT, RIGHT)]


def choices(s: PariahState, target: str, side: int) -> list:
    """The choices a target kind offers; [-1] when nothing is chosen."""
    if target == "enemy":
        return enemy_targets(s, side)
    if target == "ally":
        return list(s.lines[side])
    if target == "grave":
        return revive_choices(s, side)
    if target == "enemy_emblem":
        return [i for i, e in enumerate(s.emblems) if e[2] != side]
    return [-1]


def describe_choice(s: PariahState, target: str, chosen) -> str:
    if target in ("enemy", "ally"):
        return unit_name(s, chosen)
    if target == "grave":
        c, pos = chosen
        return f"{card_name(s, c)} to its {'left' if pos == LEFT else 'right'}"
    if target == "enemy_emblem":
        return relics()[s.emblems[chosen][1]].name
    return ""


def _units_hit(s: PariahState, target: str, source: int, side: int, chosen, attacker: int) -> list[int]:
    if target == "self":
        return [source] if source in s.units else []
    if target in ("enemy", "ally"):
        return [chosen] if chosen in s.units else []
    if target == "adjacent_allies":
        if source not in s.units:
            return []
        line = s.lines[side]
        i = line.index(source)
        return [line[j] for j in (i - 1, i + 1) if 0 <= j < len(line)]
    if target == "all_allies":
        return list(s.lines[side])
    if target == "opposite":
        if source not in s.units:
            return []
        o = opposite(s, source)
        return [] if o is None else [o]
    if target == "attacker":
        return [attacker] if attacker in s.units else []
    return []


# --- the ops: each declared once, with its parameters, its rules text and its execution ---------
# text(eff, ability, name_of): the clause it adds to the ability's sentence (name_of(kind, id)
# names a "token" design or an "emblem"); execute(eff, s, hit, name, source, seat, side, chosen,
# events): `hit` are the units the ability's target kind reaches, `chosen` the player's choice.
AMOUNT = Param("amount")
# what a target kind is called as the object of a clause, and as a subject (has/have)
_OBJECT = {"enemy": "an enemy unit", "ally": "an allied unit", "self": "this unit",
           "adjacent_allies": "each unit next to this one", "all_allies": "each of your units",
           "opposite": "the enemy unit opposite this one", "attacker": "the attacker"}
_SUBJECT = {"enemy": "an enemy unit has", "ally": "an allied unit has", "self": "",
            "adjacent_allies": "the units next to this one have", "all_allies": "your units have",
            "opposite": "the enemy unit opposite this one has", "attacker": "the attacker has"}
Namer = Callable[[str, str], str]


def _damage_text(eff: Effect, ab: Ability, name_of: Namer) -> str:
    if ab.target == "attacker":
        return f"the attacker takes {eff.amount} damage"
    return f"deal {eff.amount} damage to {_OBJECT[ab.target]}" + (", no rolls" if ab.when == "active"
                                                                 else "")


@OPS.op("damage", params=(AMOUNT,), text=_damage_text)
def _damage(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
            side: int, chosen, events: list[Event]) -> None:
    for t in hit:
        if t in s.units:
            deal_damage(s, t, eff.amount, events, name)


def _heal_text(eff: Effect, ab: Ability, name_of: Namer) -> str:
    return f"remove {'up to ' if eff.amount > 1 else ''}{eff.amount} damage from {_OBJECT[ab.target]}"


@OPS.op("heal", params=(AMOUNT,), text=_heal_text)
def _heal(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
          side: int, chosen, events: list[Event]) -> None:
    for t in hit:
        u = s.units.get(t)
        if u is not None and u.damage:
            healed = min(eff.amount, u.damage)
            u.damage -= healed
            events.append(Event("heal", {"unit": t, "amount": healed, "total": u.damage,
                                         "name": unit_name(s, t), "owner": u.owner, "cause": name}))


def _modify_text(eff: Effect, ab: Ability, name_of: Namer) -> str:
    change = f"{eff.delta:+d} {STAT_NAMES[eff.stat]}"
    if ab.condition:                    # a passive change: holds while the condition does
        return f"it has {change}"
    who = _SUBJECT[ab.target]
    return f"{who + ' ' if who else ''}{change} this round"


@OPS.op("modify", params=(Param("stat", str, choices=STATS), Param("delta")), text=_modify_text)
def _modify(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
            side: int, chosen, events: list[Event]) -> None:
    for t in hit:
        if t in s.units:
            s.units[t].mods.append((eff.stat, eff.delta))
            events.append(Event("modify", {"unit": t, "stat": eff.stat, "delta": eff.delta,
                                           "name": unit_name(s, t), "owner": s.units[t].owner,
                                           "stat_name": STAT_NAMES[eff.stat], "cause": name}))


@OPS.op("energy", params=(AMOUNT,),
        text=lambda eff, ab, name_of: f"your side gains {eff.amount} Elemental Energy")
def _energy(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
            side: int, chosen, events: list[Event]) -> None:
    s.energy[side] += eff.amount
    events.append(Event("energy", {"side": side, "amount": eff.amount,
                                   "total": s.energy[side], "cause": name}))


@OPS.op("token", params=(Param("token", str),),
        text=lambda eff, ab, name_of: f"create a {name_of('token', eff.token)} token to the right of "
                                      "this unit")
def _token(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
           side: int, chosen, events: list[Event]) -> None:
    if source in s.units:
        i = s.lines[side].index(source)
        t = create_token(s, eff.token, seat, side, i + 1)
        events.append(Event("token", {"unit": t.uid, "design": eff.token, "side": side, "index": i + 1,
                                      "name": design(eff.token).name + " token", "owner": seat,
                                      "cause": name, "to": "line"}))


@OPS.op("revive", text=lambda eff, ab, name_of: "return a unit from an allied graveyard next to "
                                                "this unit, undamaged")
def _revive(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
            side: int, chosen, events: list[Event]) -> None:
    card, pos = chosen
    if source in s.units:
        owner = seat_of(card)
        s.graves[owner].remove(card)
        i = s.lines[side].index(source) + (0 if pos == LEFT else 1)
        place(s, Unit(card, s.designs[card], owner, revived=True), side, i)
        events.append(Event("revive", {"unit": card, "side": side, "index": i, "by": source,
                                       "name": card_name(s, card), "owner": owner, "cause": name,
                                       "from": "graveyard", "to": "line"}))


@OPS.op("emblem", params=(Param("emblem", str),),
        text=lambda eff, ab, name_of: f"your side gains the {name_of('emblem', eff.emblem)} emblem")
def _emblem(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
            side: int, chosen, events: list[Event]) -> None:
    s.emblems.append([-1, eff.emblem, side])
    events.append(Event("emblem", {"side": side, "emblem": eff.emblem, "name": relics()[eff.emblem].name,
                                   "cause": name}))


@OPS.op("destroy_emblem", text=lambda eff, ab, name_of: "destroy an enemy emblem")
def _destroy_emblem(eff: Effect, s: PariahState, hit: list[int], name: str, source: int, seat: int,
                    side: int, chosen, events: list[Event]) -> None:
    card, emb, eside = s.emblems.pop(chosen)
    if card >= 0:
        s.graves[seat_of(card)].append(card)
    events.append(Event("emblem_destroyed",
                        {"side": eside, "emblem": emb, "card": card, "name": relics()[emb].name,
                         "cause": name}))


_OPS = OPS.ops()     # name -> Op, for resolve's dispatch


# --- would an ability do anything? -------------------------------------------------------------
# For some ops a step can land where it changes nothing (no unit in reach, a stat that no longer
# counts this round). Each such op says why, judged before it is carried out. Ops absent here
# always count as doing something. The rules still allow such an ability; the table reads this
# to say so on its button before any energy is spent (issue 18), and the bots' search already
# learns that it gains nothing.
Idle = Callable[[Effect, PariahState, list[int]], str | None]
_IDLE: dict[str, Idle] = {}
# the stats only an attack reads: changing them helps a unit with an attack still to come
ATTACK_STATS = frozenset({"attacks", "dexterity", "damage", "ap"})


def _idle(op: str):
    def register(fn: Idle) -> Idle:
        assert op in OPS, op
        _IDLE[op] = fn
        return fn
    return register


def _no_attack_left(s: PariahState, uid: int) -> str | None:
    """Why the unit will not attack again this round (mods end with the round), or None."""
    name = unit_name(s, uid)
    if not s.lines[1 - side_of(s.units[uid].owner)]:
        return f"no enemy is left for {name} to attack"
    if uid == s.active:
        return f"{name} has already attacked or committed this activation" if s.active_committed \
            else None
    return f"{name} has already activated this round" if uid in s.acted else None


def _stat_unused(s: PariahState, uid: int, stat: str) -> str | None:
    if stat in ATTACK_STATS:
        return _no_attack_left(s, uid)
    if stat == "priority" and uid in s.acted:     # Priority only orders the activations to come
        return f"{unit_name(s, uid)} has already activated this round, so its Priority no longer counts"
    return None


def _every_unit(hit: list[int], why, what: str) -> str | None:
    """The reason when each unit reached is idle (one unit: its own reason), else None."""
    if not hit:
        return "it reaches no unit"
    reasons = [why(t) for t in hit]
    if any(r is None for r in reasons):
        return None
    return reasons[0] if len(hit) == 1 else f"none of the units it reaches {what}"


@_idle("damage")
def _damage_idle(eff: Effect, s: PariahState, hit: list[int]) -> str | None:
    return None if hit else "it reaches no unit"


@_idle("heal")
def _heal_idle(eff: Effect, s: PariahState, hit: list[int]) -> str | None:
    return _every_unit(hit, lambda t: None if s.units[t].damage else f"{unit_name(s, t)} has no damage",
                       "has damage")


@_idle("modify")
def _modify_idle(eff: Effect, s: PariahState, hit: list[int]) -> str | None:
    what = ("has an attack still to come this round" if eff.stat in ATTACK_STATS
            else "is still to activate this round")
    return _every_unit(hit, lambda t: _stat_unused(s, t, eff.stat), what)


def idle_reason(s: PariahState, target: str, effects, source: int, side: int, chosen) -> str | None:
    """Why an ability used now on `chosen` would change nothing (its first step's reason), or
    None when some step of it does something."""
    hit = _units_hit(s, target, source, side, chosen, -1)
    reasons = [_IDLE[e.op](e, s, hit) if e.op in _IDLE else None for e in effects]
    return reasons[0] if reasons and all(reasons) else None



def resolve(s: PariahState, name: str, target: str, effects, source: int, seat: int, side: int,
            chosen, events: list[Event], attacker: int = -1) -> None:
    """Carry out an ability's effect steps, then destroy whatever reached 0 HP. A passive set off
    by an attack names that `attacker` in its events, so the table tells its damage from the
    attack's own."""
    hit = _units_hit(s, target, source, side, chosen, attacker)
    start = len(events)
    for eff in effects:
        _OPS[eff.op].execute(eff, s, hit, name, source, seat, side, chosen, events)
    if attacker >= 0:
        events[start:] = [replace(e, data={**e.data, "attacker": attacker}) for e in events[start:]]
    check_deaths(s, events)


def timed(s: PariahState, when: str, order: tuple[int, int], events: list[Event]) -> None:
    """Start- or end-of-round effects: each side in `order`, its units left to right, then its emblems."""
    for side in order:
        for uid in list(s.lines[side]):
            u = s.units.get(uid)
            if u is None:
                continue
            for a in design(u.design).abilities:
                if a.when == when and uid in s.units:
                    resolve(s, a.name, a.target, a.effects, uid, u.owner, side, -1, events)
        for card, emb, eside in list(s.emblems):
            if eside != side:
                continue
            owner = seat_of(card) if card >= 0 else s.seats_of_side(side)[0]
            for a in relics()[emb].abilities:
                if a.when == when:
                    resolve(s, a.name, a.target, a.effects, -1, owner, side, -1, events)


def deploy_effects(s: PariahState, uid: int, events: list[Event]) -> None:
    u = s.units[uid]
    side = u.owner % 2
    for a in design(u.design).abilities:
        if a.when == "deploy" and uid in s.units:
            resolve(s, a.name, a.target, a.effects, uid, u.owner, side, -1, events)
