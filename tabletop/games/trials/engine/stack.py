"""What goes on the stack and how it resolves; the window itself is flow.WINDOW (the shared
response window, tabletop.core.response).

Every declared play, activation, attack, ignite or channel goes on the stack as a TrialsItem
(stack_item.py), and so does every triggered effect. The seat after the declarer gets priority
first; each seat in turn may respond (an Instant card or Instant effect goes on top, and priority
moves on from the responder) or let it pass. When every seat still in the game has let it pass in
a row, the top item resolves ("first in, last out"); if items remain, a new window opens with the
seat after the new top item's controller, so any number of responses can be resolved before an
attack deals its damage.

Effects that trigger while something resolves (a card destroyed, an Avatar falling) go on the
stack once it is done, above what is left; effects that trigger together are put on in the order
the player with initiative chooses (an ORDER choice, one effect at a time). A resolution that
needs its player's decision (a scout, a card making room) stops and waits as `s.resolving` until
the player has chosen (flow.answer), then goes on from where it stopped.

A seat with no card in hand and no usable Instant effect in play (both public)
is passed over without being asked.
"""

from __future__ import annotations

from typing import Callable

from tabletop.core import Event
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.stack_item import ATTACHING, DETACH, ORDER, TrialsChoice, TrialsItem
from tabletop.games.trials.engine.state import OVER, TrialsState, next_live, seat_of


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
    if fx.energy_cost(s, seat, e) > s.energy[seat]:
        return False
    if e.cost_of("charge") > s.counters.get(c, {}).get("charge", 0):
        return False
    if e.cost_of("lose_hp") and (fx.is_avatar(s, c) and c in s.fallen):
        return False
    return True


def may_respond(s: TrialsState, p: int) -> bool:
    return bool(s.hands[p]) or any(True for _ in instant_effects(s, p))


# --- resolving ------------------------------------------------------------------------------------

def resolve(s: TrialsState, item: TrialsItem, ev: list[Event]) -> None:
    """The window's callback: `item`, just taken off the top of the stack, resolves."""
    carry_on(s, item, ATTACHING, None, ev)


def carry_on(s: TrialsState, item: TrialsItem, at: int, answer: int | None, ev: list[Event]) -> None:
    """Resolve `item` from `at` (ATTACHING: from its beginning), with the player's `answer` to
    the decision asked there. If it stops to ask another, it waits as s.resolving; once it is
    done, the effects it triggered go on the stack."""
    if not _RESOLVERS[item.kind](s, item, at, answer, ev):
        s.resolving = item
        return
    stack_triggered(s, ev)


def _resolve_play(s: TrialsState, item: TrialsItem, at: int, answer: int | None,
                  ev: list[Event]) -> bool:
    seat, cid, avatar = item.seat, item.cid, item.avatar
    c = fx.card_of(s, cid)
    if at == ATTACHING:
        if avatar in s.fallen or s.out[seat]:
            s.discards[seat].append(cid)
            ev.append(Event("fizzle", {"card": cid, "name": c.name, "owner": seat, "why": "no_avatar",
                                       "from": "stack", "to": "discards"}))
            return True
        if not _arrive(s, item, c, answer, ev):
            return False
        at, answer = 0, None
    eff = c.play_effect
    if eff and not fx.run_effect(s, seat, eff, cid, avatar, item.targets, ev, at, answer):
        return False
    if not c.stays:
        s.discards[seat].append(cid)     # an Ability detaches at once
    return True


def _arrive(s: TrialsState, item: TrialsItem, c, answer: int | None, ev: list[Event]) -> bool:
    """A played card reaches its Avatar: Equipment and Ongoing Abilities attach (a third
    One-Handed card replaces the one chosen when it was played, or, if that one is gone, the one
    its player chooses now); other Abilities resolve on it."""
    seat, cid, avatar = item.seat, item.cid, item.avatar
    if not c.stays:
        ev.append(Event("ability", {"card": cid, "avatar": avatar, "name": c.name, "owner": seat,
                                    "avatar_name": fx.name(s, avatar), "from": "stack", "to": "discards"}))
        return True
    detach = item.detach if answer is None else answer
    room = fx.must_choose_detach(s, cid, avatar)
    if room and detach not in room:
        s.waiting = TrialsChoice(DETACH, seat, cid, avatar, ATTACHING)
        return False
    fx.attach(s, cid, avatar, detach, ev)
    return True


def _resolve_effect(s: TrialsState, item: TrialsItem, at: int, answer: int | None,
                    ev: list[Event]) -> bool:
    """An activated or triggered effect. It resolves even if its card has left play (or, an
    Avatar, fallen since); the parts that name that card or its Avatar are then lost."""
    if s.out[item.seat]:
        return True                      # its player is out of the game
    cid = item.cid
    host = cid if fx.is_avatar(s, cid) else s.host.get(cid, -1)
    return fx.run_effect(s, item.seat, fx.effect_of(s, item), cid, host, item.targets, ev,
                         max(at, 0), answer)


def _resolve_attack(s: TrialsState, item: TrialsItem, at: int, answer: int | None,
                    ev: list[Event]) -> bool:
    resolve_attack(s, item.seat, item.cid, item.targets[0], ev, item.index)
    return True


def _resolve_ignite(s: TrialsState, item: TrialsItem, at: int, answer: int | None,
                    ev: list[Event]) -> bool:
    seat, t = item.seat, item.targets[0]
    if fx.target_ok(s, seat, "enemy_card", t):
        fx.deal_damage(s, -1, t, item.index, ev)
        fx.settle(s, ev)
    else:
        ev.append(Event("fizzle", {"why": "ignite_target", "seat": seat}))
    return True


def _resolve_channel(s: TrialsState, item: TrialsItem, at: int, answer: int | None,
                     ev: list[Event]) -> bool:
    """The energy of a channel: gained even if the Avatar has fallen or been readied since
    (exhausting it was the cost, paid when declaring)."""
    seat = item.seat
    s.energy[seat] += 1
    ev.append(Event("energy", {"seat": seat, "amount": 1, "total": s.energy[seat]}))
    return True


def attack_target_ok(s: TrialsState, seat: int, t: int) -> bool:
    return fx.target_ok(s, seat, "enemy_card", t)


def resolve_attack(s: TrialsState, seat: int, a: int, t: int, ev: list[Event],
                   was_fallen: int = 0) -> None:
    if not s.in_play(a) or (a in s.fallen) != bool(was_fallen):
        ev.append(Event("fizzle", {"why": "attacker_gone", "seat": seat}))
        return
    if not attack_target_ok(s, seat, t):
        ev.append(Event("fizzle", {"why": "attack_target", "seat": seat}))
        return
    kws = fx.keywords(s, a)
    defender_kws = fx.keywords(s, t)
    if "parry" in defender_kws and fx.attack(s, t) > 0:
        ev.append(Event("parry", {"card": t, "name": fx.name(s, t), "owner": seat_of(t), "target": a}))
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
    ev.append(Event("attack",
                    {"attacker": a, "target": t, "amount": power, "card": a, "name": fx.name(s, a),
                     "owner": seat_of(a), "target_name": fx.name(s, t), "target_owner": seat_of(t)}))
    fx.deal_damage(s, a, t, power, ev, "piercing" in kws, "corrosive" in kws, "draining" in kws)
    if back > 0:
        ev.append(Event("reciprocal",
                        {"card": t, "name": fx.name(s, t), "owner": seat_of(t), "amount": back, "target": a}))
        fx.deal_damage(s, t, a, back, ev)
    fx.settle(s, ev)


Resolver = Callable[[TrialsState, TrialsItem, int, "int | None", list], bool]
_RESOLVERS: dict[str, Resolver] = {"play": _resolve_play, "activate": _resolve_effect,
                                   "trigger": _resolve_effect, "attack": _resolve_attack,
                                   "ignite": _resolve_ignite, "channel": _resolve_channel}


# --- triggered effects onto the stack --------------------------------------------------------------

def tie_breaker(s: TrialsState) -> int:
    """The player who orders simultaneous effects: the one with initiative (or, out of the game,
    the next player still in)."""
    return s.initiative if not s.out[s.initiative] else next_live(s, s.initiative)


def order_options(s: TrialsState) -> list[int]:
    """The waiting triggered effects one may choose to resolve next: one index per different
    effect (the same card's same effect twice is one choice)."""
    seen: set[TrialsItem] = set()
    out = []
    for i, item in enumerate(s.triggered):
        if item not in seen:
            seen.add(item)
            out.append(i)
    return out


def stack_triggered(s: TrialsState, ev: list[Event]) -> None:
    """Effects that triggered go on the stack: alone at once; together, in the order the player
    with initiative chooses (the question goes to s.waiting)."""
    if s.phase == OVER:
        s.triggered.clear()
        return
    if len(order_options(s)) > 1:
        s.waiting = TrialsChoice(ORDER, tie_breaker(s), -1, -1, len(s.stack))
        return
    while s.triggered:
        _to_stack(s, s.triggered.pop(), len(s.stack), ev)


def place(s: TrialsState, choice: TrialsChoice, i: int, ev: list[Event]) -> None:
    """The player with initiative chose waiting effect `i` to resolve before the others left:
    it goes on the stack below the ones chosen before it and above the rest."""
    _to_stack(s, s.triggered.pop(i), choice.at, ev)
    if len(order_options(s)) > 1:
        s.waiting = choice
        return
    while s.triggered:
        _to_stack(s, s.triggered.pop(), choice.at, ev)


def _to_stack(s: TrialsState, item: TrialsItem, at: int, ev: list[Event]) -> None:
    s.stack.insert(at, item)
    c = item.cid
    ev.append(Event("trigger", {"card": c, "name": fx.name(s, c), "owner": seat_of(c), "seat": item.seat,
                                "to": "stack"}))
