"""The front lines: names for the log, placing units, and destroying them."""

from __future__ import annotations

from tabletop.core import Event
from tabletop.games.pariah.engine.cards import design, evolutions, relics
from tabletop.games.pariah.engine.state import PariahState, Unit, side_of
from tabletop.games.pariah.engine.stats import line_stat


def seat_name(s: PariahState, seat: int) -> str:
    if s.players == 4:
        return f"Player {seat + 1} (team {'AB'[side_of(seat)]})"
    return f"Player {seat + 1}"


def side_name(s: PariahState, side: int) -> str:
    return f"Team {'AB'[side]}" if s.players == 4 else f"Player {side + 1}"


def card_name(s: PariahState, cid: int) -> str:
    d = s.designs[cid]
    for table in (evolutions(), relics()):
        if d in table:
            return table[d].name
    return design(d).name


def unit_name(s: PariahState, uid: int) -> str:
    u = s.units.get(uid)
    if u is None:
        return card_name(s, uid)
    return design(u.design).name + (" token" if u.token else "")


def place(s: PariahState, u: Unit, side: int, index: int) -> None:
    s.units[u.uid] = u
    s.lines[side].insert(index, u.uid)


def create_token(s: PariahState, token_design: str, owner: int, side: int, index: int) -> Unit:
    u = Unit(s.next_token, token_design, owner)
    s.next_token += 1
    place(s, u, side, index)
    return u


def destroy(s: PariahState, uid: int, events: list[Event]) -> None:
    """A unit at 0 HP leaves: tokens vanish, a revived unit leaves the game, any
    other goes to its owner's graveyard and its side gains energy equal to its cost."""
    u = s.units.pop(uid)
    side = side_of(u.owner)
    s.lines[side].remove(uid)
    for c in u.evos + u.equip:                   # attached cards follow the unit out
        s.graves[c // 100].append(c)
    name = design(u.design).name
    if u.token:
        events.append(Event("destroyed", {"unit": uid, "token": True, "side": side, "name": name + " token",
                                          "owner": u.owner, "from": "line", "to": None}))
    elif u.revived:
        s.removed[u.owner].append(uid)
        events.append(Event("destroyed", {"unit": uid, "removed": True, "side": side, "name": name,
                                          "owner": u.owner, "from": "line", "to": "removed"}))
    else:
        s.graves[u.owner].append(uid)
        cost = design(u.design).cost
        s.energy[side] += cost
        events.append(Event("destroyed", {"unit": uid, "side": side, "energy": cost, "name": name,
                                          "owner": u.owner, "amount": cost, "from": "line",
                                          "to": "graveyard"}))
    if s.active == uid:
        s.active = -1


def check_deaths(s: PariahState, events: list[Event]) -> list[int]:
    """Destroy every unit whose damage has reached its HP; returns their ids."""
    dead = [uid for side in (0, 1) for uid, hp in zip(s.lines[side], line_stat(s, side, "hp"))
            if s.units[uid].damage >= hp]
    for uid in dead:
        if uid in s.units:
            destroy(s, uid, events)
    return dead


def deal_damage(s: PariahState, uid: int, amount: int, events: list[Event], why: str,
                source: int = -1, hits: int = 0) -> int:
    """`why` names the cause (an ability); an attack also gives its `source` unit and `hits`."""
    u = s.units[uid]
    u.damage += amount
    src = s.units.get(source)
    events.append(Event("damage",
                        {"unit": uid, "amount": amount, "total": u.damage, "name": unit_name(s, uid),
                         "owner": u.owner, "cause": why, "source": source, "hits": hits,
                         "source_name": unit_name(s, source) if src else "",
                         "source_owner": src.owner if src else None}))
    return amount


def opposite(s: PariahState, uid: int) -> int | None:
    """The enemy unit facing this one: same slot, or the enemy line's last unit if it is shorter."""
    side, i = s.where(uid)
    enemy = s.lines[1 - side]
    if not enemy:
        return None
    return enemy[min(i, len(enemy) - 1)]
