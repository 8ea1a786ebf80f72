"""Combat: who may attack, what it may attack, who may defend, and the exchange of blows; the
Caster's ability and the Ranged mercenary's answer to it.

An attacker and its target (or the defender standing in for it) deal their attack power to each
other at once, except that an attacker with First Blood strikes first and takes nothing back
from a mercenary it destroys. Critical Strike doubles the damage of an attack (not of a
defence). A Reach attack on a mercenary cannot be defended.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.games.paragons.engine import outcome
from tabletop.games.paragons.engine.board import adjacent, blocked_melee, exposed, is_front
from tabletop.games.paragons.engine.stack_item import ATTACK
from tabletop.games.paragons.engine.effects import deal_damage, lose_life, settle
from tabletop.games.paragons.engine.state import ParagonsState
from tabletop.games.paragons.engine.stats import attack, card_of, has, is_ranged_type, name
from tabletop.games.paragons.engine.targets import ABILITY_AIM, is_player, merc_ok, player_of, player_target


def can_attack(s: ParagonsState, m: int) -> bool:
    """Ready, not new this turn, not yet attacked nor cast this turn, and (melee) not behind an
    ally."""
    if m in s.exhausted or m in s.fresh or m in s.attacked or m in s.cast:
        return False
    return not (card_of(s, m).combat == "melee" and blocked_melee(s, m))


def attack_targets(s: ParagonsState, m: int) -> list[int]:
    """The opponents, their Front Line mercenaries, and their Back Line ones that are exposed
    (or any of them, with Reach)."""
    seat = s.board_of(m)
    reach = has(s, m, "reach")
    out = []
    for p in s.live():
        if p == seat:
            continue
        out.append(player_target(p))
        out += [t for i, t in enumerate(s.spaces[p])
                if t >= 0 and (reach or is_front(i) or exposed(s, p, i))]
    return out


def attacked_seat(s: ParagonsState, target: int) -> int:
    """The seat an attack aims at (-1: its target mercenary has left the board)."""
    if is_player(target):
        return player_of(target)
    return s.board_of(target) if target in s.at else -1


def defenders(s: ParagonsState, a: int, target: int) -> list[int]:
    """Who may defend against attacker a's attack on `target`: any unexhausted mercenary of an
    attacked player; an unexhausted mercenary Adjacent to an attacked mercenary, unless the
    attacker has Reach."""
    if a not in s.at:
        return []
    if is_player(target):
        p = player_of(target)
        return [d for d in s.mercs(p) if d not in s.exhausted] if not s.out[p] else []
    if target not in s.at or has(s, a, "reach"):
        return []
    p, i = s.board_of(target), s.space_of(target)
    return [d for j in adjacent(i) if (d := s.spaces[p][j]) >= 0 and d not in s.exhausted]


def open_attacks(s: ParagonsState, seat: int) -> list[tuple[int, int]]:
    """(attacker, target) of the attacks on the chain against seat or its mercenaries that no
    defence answers yet."""
    claimed = set(s.defenders) | {link.index for link in s.stack if link.kind == "defend"}
    out = []
    for link in s.stack:
        if link.kind == ATTACK and link.seat != seat and link.card not in claimed \
                and link.card in s.at and attacked_seat(s, link.targets[0]) == seat:
            out.append((link.card, link.targets[0]))
    return out


def strike_power(s: ParagonsState, a: int) -> int:
    return attack(s, a) * (2 if has(s, a, "critical_strike") else 1)


def resolve_attack(s: ParagonsState, a: int, target: int, ev: list[Event]) -> None:
    """Attacker a's attack on `target` (valid: chain.py checked it) lands."""
    d = s.defenders.pop(a, -1)
    if d >= 0 and (d not in s.at or d in s.exhausted or s.board_of(d) != attacked_seat(s, target)):
        ev.append(Event("defence_fails", {"card": d, "name": name(s, d), "target": a}))
        d = -1
    if d >= 0:
        fight(s, a, d, ev)
    elif is_player(target):
        p = player_of(target)
        power = strike_power(s, a)
        ev.append(Event("strike",
                        {"card": a, "name": name(s, a), "owner": s.owner[a], "seat": p, "amount": power}))
        lose_life(s, p, power, a, ev)
    else:
        fight(s, a, target, ev)
    settle(s, ev)


def fight(s: ParagonsState, a: int, d: int, ev: list[Event]) -> None:
    """Attacker a and mercenary d trade blows."""
    power = strike_power(s, a)
    ev.append(Event("clash", {"card": a, "name": name(s, a), "owner": s.owner[a], "target": d,
                              "target_name": name(s, d), "target_owner": s.owner[d], "amount": power}))
    if has(s, a, "first_blood"):
        deal_damage(s, d, power, a, ev)
        settle(s, ev)
        if outcome.game_on(s) and d in s.at and a in s.at:
            deal_damage(s, a, attack(s, d), d, ev)
        return
    back = attack(s, d)
    deal_damage(s, d, power, a, ev)
    deal_damage(s, a, back, d, ev)


def caster_targets(s: ParagonsState, seat: int) -> list[int]:
    return [m for p in s.live() if p != seat for m in s.mercs(p)
            if merc_ok(s, seat, "enemy_merc", m, ABILITY_AIM, -1)]


def can_cast(s: ParagonsState, m: int) -> bool:
    """A Caster's ability: ready, not new this turn, and not on a turn it attacked or cast."""
    return card_of(s, m).combat == "caster" and m not in s.exhausted and m not in s.fresh \
        and m not in s.attacked and m not in s.cast


def resolve_caster(s: ParagonsState, c: int, design_attack: int, t: int, ev: list[Event]) -> None:
    """The Caster deals its base attack to t; a Ranged or Caster target hits back with its own
    attack power, as in combat, if the caster is still on the board."""
    back = attack(s, t) if is_ranged_type(s, t) and c in s.at else 0
    ev.append(Event("cast", {"card": c, "name": name(s, c), "target": t, "target_name": name(s, t),
                             "target_owner": s.owner[t], "amount": design_attack}))
    deal_damage(s, t, design_attack, c, ev)
    if back:
        ev.append(Event("answer", {"card": t, "name": name(s, t), "target": c, "amount": back}))
        deal_damage(s, c, back, t, ev)
    settle(s, ev)
