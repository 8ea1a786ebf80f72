"""A unit's stats and keywords as they stand now.

Printed stats, plus its evolution, its equipment, this round's temporary
changes, passive changes whose condition holds, the Auras of allied units in
range (itself included; similar Auras stack) and the emblems of its side.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.games.pariah.engine.cards import STATS, Keywords, design, evolutions, relics
from tabletop.games.pariah.engine.state import PariahState, Unit

# Dexterity and Armor are die faces to reach: they are never better than 2+ (ruling)
_FLOOR = {"priority": 0, "attacks": 0, "dexterity": 2, "damage": 0, "armor": 2, "ap": 0, "hp": 1}


@lru_cache(maxsize=None)
def _changes(card_design: str) -> dict[str, int]:
    """Stat changes of an evolution or relic design, as a dict."""
    e = evolutions().get(card_design)
    return dict(e.changes) if e else dict(relics()[card_design].changes)


@lru_cache(maxsize=None)
def _extra_keywords(card_design: str) -> Keywords:
    e = evolutions().get(card_design)
    return e.keywords if e else relics()[card_design].keywords


@lru_cache(maxsize=None)
def _damaged_bonus(design_id: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in design(design_id).abilities:
        if a.when == "passive" and a.condition == "damaged":
            for e in a.effects:
                out[e.stat] = out.get(e.stat, 0) + e.delta
    return out


@lru_cache(maxsize=4096)
def _merged_keywords(design_id: str, extras: tuple[str, ...]) -> Keywords:
    kw = design(design_id).keywords
    for d in extras:
        kw = kw.merged(_extra_keywords(d))
    return kw


def keywords(s: PariahState, u: Unit) -> Keywords:
    if not u.evos and not u.equip:
        return design(u.design).keywords
    designs = s.designs
    return _merged_keywords(u.design, tuple(designs[c] for c in u.evos + u.equip))


def _line_auras(s: PariahState, side: int) -> list[tuple[int, object]]:
    """(slot, aura) of every Aura on a side's line."""
    units = s.units
    out = []
    for j, uid in enumerate(s.lines[side]):
        u = units[uid]
        auras = (keywords(s, u) if u.evos or u.equip else design(u.design).keywords).auras
        for a in auras:
            out.append((j, a))
    return out


def _own_stat(s: PariahState, u: Unit, name: str) -> int:
    """The stat before Auras, emblems and the floor: printed, evolved, equipped, modified."""
    v = getattr(design(u.design), name)
    if u.evos or u.equip:
        for c in u.evos + u.equip:
            v += _changes(s.designs[c]).get(name, 0)
    for st, dl in u.mods:
        if st == name:
            v += dl
    if u.damage:
        v += _damaged_bonus(u.design).get(name, 0)
    return v


def _side_change(s: PariahState, side: int, name: str) -> int:
    v = 0
    for card, emb, eside in s.emblems:
        if eside == side:
            v += _changes(emb).get(name, 0)
    return v


def stat(s: PariahState, u: Unit, name: str, side: int | None = None, index: int | None = None) -> int:
    v = _own_stat(s, u, name)
    if side is None:
        side, index = s.where(u.uid)
    for j, aura in _line_auras(s, side):
        if aura.stat == name and abs(j - index) <= aura.range:
            v += aura.delta
    if s.emblems:
        v += _side_change(s, side, name)
    return max(v, _FLOOR[name])


def line_stat(s: PariahState, side: int, name: str) -> list[int]:
    """One stat of every unit on a side's line, left to right (as `stat` gives it)."""
    auras = [(j, a) for j, a in _line_auras(s, side) if a.stat == name]
    extra = _side_change(s, side, name) if s.emblems else 0
    floor = _FLOOR[name]
    units = s.units
    out = []
    for i, uid in enumerate(s.lines[side]):
        v = _own_stat(s, units[uid], name) + extra
        for j, a in auras:
            if abs(j - i) <= a.range:
                v += a.delta
        out.append(v if v > floor else floor)
    return out


def line_stats(s: PariahState, side: int) -> list[list[int]]:
    """Every unit's stats on a side's line, left to right, in STATS order: what
    `stat` gives one at a time, computed in one pass (the bots ask for whole lines)."""
    units = [s.units[uid] for uid in s.lines[side]]
    auras = _line_auras(s, side)
    side_changes: dict[str, int] = {}
    for card, emb, eside in s.emblems:
        if eside == side:
            for k, v in _changes(emb).items():
                side_changes[k] = side_changes.get(k, 0) + v
    designs = s.designs
    out = []
    for i, u in enumerate(units):
        d = design(u.design)
        v = {"priority": d.priority, "attacks": d.attacks, "dexterity": d.dexterity,
             "damage": d.damage, "armor": d.armor, "ap": d.ap, "hp": d.hp}
        for c in u.evos + u.equip:
            for k, dl in _changes(designs[c]).items():
                v[k] += dl
        for st, dl in u.mods:
            v[st] += dl
        if u.damage:
            for k, dl in _damaged_bonus(u.design).items():
                v[k] += dl
        for j, a in auras:
            if abs(j - i) <= a.range:
                v[a.stat] += a.delta
        for k, dl in side_changes.items():
            v[k] += dl
        out.append([max(v[n], _FLOOR[n]) for n in STATS])
    return out


def hp_left(s: PariahState, u: Unit) -> int:
    return stat(s, u, "hp") - u.damage


def priorities(s: PariahState, side: int) -> list[int]:
    """The Priority of each unit on a side's line, left to right."""
    return line_stat(s, side, "priority")


def stat_line(s: PariahState, u: Unit) -> dict[str, int]:
    side, i = s.where(u.uid)
    return {n: stat(s, u, n, side, i) for n in ("priority", "attacks", "dexterity", "damage",
                                                  "armor", "ap", "hp")}
