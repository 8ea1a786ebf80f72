"""Instants, the stack and priority, on the shared response window (tabletop.core.response).

Every declared play, activation, attack or ignite goes on the stack as a TrialsItem
(stack_item.py). The seat after the declarer gets priority first; each seat in turn may respond (an
Instant card or Instant effect goes on top, and priority moves on from the responder) or let it
pass. When every seat still in the game has let it pass in a row, the top item resolves ("first
in, last out"); if items remain, a new window opens with the seat after the new top item's
controller, so any number of responses can be resolved before an attack deals its damage. When the
stack is empty after the turn's action, the turn passes on.

A seat with no card in hand and no usable Instant effect in play (both public)
is passed over without being asked.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.core.response import ResponseWindow
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import flow
from tabletop.games.trials.engine.stack_item import TrialsItem
from tabletop.games.trials.engine.state import OVER, TrialsState, seat_of


def instant_effects(s: TrialsState, seat: int):
    """(card, effect index, effect) of the Instant effects `seat` could pay for now."""
    for a in s.avatars[seat]:
        for c in (a, *s.attached.get(a, ())):
            for i, e in enumerate(fx.side(s, c).effects):
                if e.when == "activated" and e.instant and can_pay(s, seat, c, e):
                    yield c, i, e


def can_pay(s: TrialsState, seat: int, c: int, e) -> bool:
    if e.cost_of("exhaust") and c in s.exhausted:
        return False
    if e.cost_of("energy") > s.energy[seat]:
        return False
    if e.cost_of("charge") > s.counters.get(c, {}).get("charge", 0):
        return False
    if e.cost_of("lose_hp") and (fx.is_avatar(s, c) and c in s.fallen):
        return False
    return True


def may_respond(s: TrialsState, p: int) -> bool:
    return bool(s.hands[p]) or any(True for _ in instant_effects(s, p))


def _out(s: TrialsState) -> list[bool]:
    return s.out


def _over(s: TrialsState) -> bool:
    return s.phase == OVER


def _emptied(s: TrialsState, ev: list[Event]) -> None:
    if s.acted:                 # the turn's action has resolved: the next seat's turn
        flow.end_turn(s, ev)


def resolve(s: TrialsState, item: TrialsItem, ev: list[Event]) -> None:
    kind, seat, cid, index, avatar, detach, chosen, opt = item     # TrialsItem's fields, in order
    if kind == "play":
        resolve_play(s, seat, cid, avatar, detach, chosen, opt, ev)
    elif kind == "activate":
        c = fx.card_of(s, cid)
        e = (c.fallen if avatar == 1 else c.front).effects[index]   # the side it was used from
        host = cid if fx.is_avatar(s, cid) else s.host.get(cid, -1)
        fx.run_effect(s, seat, e, cid, host, chosen, opt, ev)
    elif kind == "attack":
        resolve_attack(s, seat, cid, chosen[0], ev, index)
    elif kind == "ignite":
        t = chosen[0]
        if fx.target_ok(s, seat, "enemy_card", t):
            fx.deal_damage(s, -1, t, index, ev)
            fx.settle(s, ev)
        else:
            ev.append(Event("fizzle", "The ignite's target is no longer valid.",
                            {"why": "ignite_target", "seat": seat}))


def resolve_play(s: TrialsState, seat: int, cid: int, avatar: int, detach: int, chosen: tuple,
                 opt: int, ev: list[Event]) -> None:
    c = fx.card_of(s, cid)
    if avatar in s.fallen or s.out[seat]:
        s.discards[seat].append(cid)
        ev.append(Event("fizzle", f"{c.name} has no standing Avatar to attach to and is discarded.",
                        {"card": cid, "name": c.name, "owner": seat, "why": "no_avatar",
                         "from": "stack", "to": "discards"}))
        return
    eff = c.play_effect
    if c.stays:
        fx.attach(s, cid, avatar, detach, ev)
        if eff:
            fx.run_effect(s, seat, eff, cid, avatar, chosen, opt, ev)
        return
    ev.append(Event("ability", f"{c.name} resolves on {fx.name(s, avatar)}.",
                    {"card": cid, "avatar": avatar, "name": c.name, "owner": seat,
                     "avatar_name": fx.name(s, avatar), "from": "stack", "to": "discards"}))
    if eff:
        fx.run_effect(s, seat, eff, cid, avatar, chosen, opt, ev)
    s.discards[seat].append(cid)     # an Ability detaches at once


def attack_target_ok(s: TrialsState, seat: int, t: int) -> bool:
    return fx.target_ok(s, seat, "enemy_card", t)


def resolve_attack(s: TrialsState, seat: int, a: int, t: int, ev: list[Event],
                   was_fallen: int = 0) -> None:
    if not s.in_play(a) or (a in s.fallen) != bool(was_fallen):
        ev.append(Event("fizzle", "The attacker has left play or fallen: the attack is cancelled.",
                        {"why": "attacker_gone", "seat": seat}))
        return
    if not attack_target_ok(s, seat, t):
        ev.append(Event("fizzle", "The attack's target is no longer valid: the attack is cancelled.",
                        {"why": "attack_target", "seat": seat}))
        return
    kws = fx.keywords(s, a)
    defender_kws = fx.keywords(s, t)
    if "parry" in defender_kws and fx.attack(s, t) > 0:
        ev.append(Event("parry", f"{fx.name(s, t)} parries first.",
                        {"card": t, "name": fx.name(s, t), "owner": seat_of(t), "target": a}))
        fx.deal_damage(s, t, a, fx.attack(s, t), ev)
        fx.settle(s, ev)
        if s.phase == OVER or not s.in_play(a) or a in s.fallen:
            return
        if not s.in_play(t):
            return
    power = fx.attack(s, a)
    back = 0
    if (not fx.is_avatar(s, t) and fx.card_of(s, t).power == 0) or "reciprocal" in defender_kws:
        back = fx.attack(s, t)
    ev.append(Event("attack", f"{fx.name(s, a)} strikes {fx.name(s, t)} for {power}.",
                    {"attacker": a, "target": t, "amount": power, "card": a, "name": fx.name(s, a),
                     "owner": seat_of(a), "target_name": fx.name(s, t), "target_owner": seat_of(t)}))
    fx.deal_damage(s, a, t, power, ev, "piercing" in kws, "corrosive" in kws, "draining" in kws)
    if back > 0:
        ev.append(Event("reciprocal", f"{fx.name(s, t)} deals {back} reciprocal damage.",
                        {"card": t, "name": fx.name(s, t), "owner": seat_of(t), "amount": back, "target": a}))
        fx.deal_damage(s, t, a, back, ev)
    fx.settle(s, ev)


WINDOW: ResponseWindow[TrialsState] = ResponseWindow(out=_out, may_respond=may_respond, resolve=resolve,
                                                     closed=_over, on_empty=_emptied)
declare = WINDOW.push           # (s, item, ev): a play, activation, attack or ignite is declared
decline = WINDOW.decline        # (s, ev): the seat holding priority lets the top item pass
