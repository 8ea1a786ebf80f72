"""The library of effect primitives, and the stats and targeting they rest on.

A card's effect is a list of steps (cards.Step); `run_effect` carries them out
one by one. Each primitive is declared here once, in the op registry cards.OPS
(tabletop.core.ops): its parameters, the rules sentence it writes on a card and
the function, named after the glossary word it implements, that carries it out.
Steps aimed at a chosen target that has become invalid are skipped (the rest of
the effect still happens), as the Targeting rule says.

A step that needs its player's decision (a scout: top, bottom or neither; a card
attaching to an Avatar that holds two One-Handed cards: which one goes) stops the
effect there and leaves the question in `s.waiting` (stack_item.TrialsChoice);
the effect goes on from that step once the player has answered. Effects that
trigger (at the start or end of the round, when a card is destroyed, when an
Avatar falls) are not carried out on the spot: they wait in `s.triggered` until
what is resolving is done, then go on the stack (stack.py).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from tabletop.core import Event
from tabletop.core.event import card_drawn
from tabletop.core.ops import Param
from tabletop.core.response import ResponseWindow
from tabletop.games.trials.engine.cards import COUNTER_KINDS, KEYWORDS, OPS, Card, Effect, Side, Step, pool
from tabletop.games.trials.engine.stack_item import DETACH, SCOUT, TrialsChoice, TrialsItem
from tabletop.games.trials.engine.state import OVER, TrialsState, seat_of

# --- what a card is and says now -------------------------------------------------------------


def card_of(s: TrialsState, cid: int) -> Card:
    return pool()[s.designs[cid]]


def name(s: TrialsState, cid: int) -> str:
    d = s.designs.get(cid)
    if not d:
        return "a hidden card"
    c = pool()[d]
    return c.fallen.name if cid in s.fallen and c.fallen else c.name


def side(s: TrialsState, cid: int) -> Side:
    c = card_of(s, cid)
    return c.fallen if cid in s.fallen else c.front


def is_avatar(s: TrialsState, cid: int) -> bool:
    return cid in s.avatars[seat_of(cid)]


def energy_cost(s: TrialsState, seat: int, e: Effect) -> int:
    """What an activated effect costs its seat now: its energy, and its "crowd" energy on top
    while two or more rivals are in the game (so in a duel never)."""
    rivals = sum(1 for p in s.live_seats() if p != seat)
    return e.cost_of("energy") + (e.cost_of("crowd") if rivals > 1 else 0)


def statics(s: TrialsState, cid: int):
    """The static steps of a card in play."""
    for e in side(s, cid).effects:
        if e.when == "static":
            yield from e.steps


def attack(s: TrialsState, cid: int) -> int:
    sd = side(s, cid)
    total = sd.attack + s.counters.get(cid, {}).get("attack", 0) + s.buffs.get(cid, 0)
    if is_avatar(s, cid):
        total += sum(card_of(s, c).power for c in s.attached.get(cid, ()))
        for other in s.avatars[seat_of(cid)]:
            if other != cid and cid not in s.fallen:
                for src in (other, *s.attached.get(other, ())):
                    total += sum(st.n for st in statics(s, src) if st.op == "aura")
    return max(0, total)


def max_hp(s: TrialsState, cid: int) -> int:
    return side(s, cid).hp


def hp_left(s: TrialsState, cid: int) -> int:
    return max_hp(s, cid) - s.damage.get(cid, 0)


def keywords(s: TrialsState, cid: int) -> set[str]:
    kws = set(side(s, cid).keywords)
    if is_avatar(s, cid):
        for c in s.attached.get(cid, ()):
            kws.update(st.keyword for st in statics(s, c) if st.op == "grant")
    return kws


def is_stealthy(s: TrialsState, cid: int, seat: int | None = None, *, own: bool = True) -> bool:
    """Stealthy to every rival; given the seat that looks, also stealthy to that seat alone.
    `own=False` asks for what an Avatar passes on to its attached cards: a veil (`veil`) covers
    the card that drew it and nothing attached to it."""
    if cid in s.stealth or "stealthy" in keywords(s, cid):
        return True
    if seat is not None and s.veiled and seat in s.veiled.get(cid, ()):
        return True
    if own and seat is not None and s.veiled_alone and seat in s.veiled_alone.get(cid, ()):
        return True
    h = s.host.get(cid)
    return h is not None and is_stealthy(s, h, seat, own=False)


def hidden_from(s: TrialsState, cid: int) -> list[int]:
    """The seats `cid` is stealthy to alone this round (its own, or its Avatar's that covers
    its attached cards)."""
    veiled, alone, h = s.veiled or {}, s.veiled_alone or {}, s.host.get(cid)
    return sorted({*veiled.get(cid, ()), *alone.get(cid, ()),
                   *(veiled.get(h, ()) if h is not None else ())})


def ward(s: TrialsState, avatar: int) -> int:
    return sum(st.n for c in (avatar, *s.attached.get(avatar, ())) for st in statics(s, c)
               if st.op == "ward")


def controller(cid: int) -> int:
    return seat_of(cid)


def effect_of(s: TrialsState, item: TrialsItem) -> Effect:
    """The effect an activation or a triggered effect on the stack carries out: the one of the
    side it was used or triggered from, whichever side shows now."""
    c = card_of(s, item.cid)
    return (c.fallen if item.avatar == 1 else c.front).effects[item.index]


def fire(s: TrialsState, seat: int, cid: int, when: str) -> None:
    """The effects of `cid` that trigger on `when` wait to go on the stack (s.triggered)."""
    for i, e in enumerate(side(s, cid).effects):
        if e.when == when:
            s.triggered.append(TrialsItem("trigger", seat, cid, i, int(cid in s.fallen), -1, (), 0))


# --- targeting ---------------------------------------------------------------------------------


def _enemy_ok(s: TrialsState, seat: int, cid: int) -> bool:
    return seat_of(cid) != seat and not s.out[seat_of(cid)] and not is_stealthy(s, cid, seat)


def target_ok(s: TrialsState, seat: int, spec: str, t: int) -> bool:
    """Whether `t` is a legal target of `spec` for `seat` right now."""
    if spec == "opponent":
        return 0 <= t < s.players and t != seat and not s.out[t]
    if not isinstance(t, int) or t < 0 or t not in s.designs or not s.in_play(t):
        return False
    own = seat_of(t) == seat
    avatar = is_avatar(s, t)
    standing = avatar and t not in s.fallen
    if spec == "own_fallen":
        return own and avatar and t in s.fallen
    if spec in ("enemy_avatar", "own_avatar", "any_avatar"):
        if not standing:
            return False
        if spec == "own_avatar":
            return own
        return (own and spec == "any_avatar") or (not own and _enemy_ok(s, seat, t))
    if spec in ("enemy_card", "own_card", "any_card"):
        if max_hp(s, t) <= 0:
            return False
        if spec == "own_card":
            return own
        return (own and spec == "any_card") or (not own and _enemy_ok(s, seat, t))
    if spec == "enemy_attachment":
        return not avatar and _enemy_ok(s, seat, t)
    if spec == "enemy_equipment":
        return not avatar and card_of(s, t).type == "equipment" and _enemy_ok(s, seat, t)
    if spec == "enemy_any":
        return not own and _enemy_ok(s, seat, t)
    if spec == "own_any":
        return own
    return False


def targets(s: TrialsState, seat: int, spec: str) -> list[int]:
    if spec == "opponent":
        return [p for p in range(s.players) if target_ok(s, seat, spec, p)]
    return [c for c in s.cards_in_play() if target_ok(s, seat, spec, c)]


def target_choices(s: TrialsState, seat: int, eff: Effect | None) -> list[tuple]:
    """Every way to aim `eff`: () when it takes no target, a multiset for split damage."""
    if eff is None or not eff.target:
        return [()]
    valid = targets(s, seat, eff.target)
    if eff.split:
        return list(combinations_with_replacement(valid, eff.split))
    return [(t,) for t in valid]


# --- moving cards ------------------------------------------------------------------------------


def detach(s: TrialsState, cid: int, to: str = "discards") -> None:
    a = s.host.pop(cid)
    s.attached[a].remove(cid)
    getattr(s, to)[seat_of(cid)].append(cid)
    for marks in (s.exhausted, s.shields, s.stealth):
        marks.discard(cid)
    for veils in (s.veiled, s.veiled_alone):
        if veils:
            veils.pop(cid, None)
    for marks in (s.damage, s.counters, s.buffs):
        marks.pop(cid, None)


def make_room(s: TrialsState, cid: int, avatar: int, detach_choice: int, ev: list[Event]) -> None:
    """Detach what the attachment limits force out before `cid` attaches to `avatar`; a third
    One-Handed card replaces the one its player chose (`detach_choice`, one of
    must_choose_detach: the engine never picks it)."""
    c = card_of(s, cid)
    have = s.attached.get(avatar, [])
    out: list[int] = []
    if c.has("Two-Handed"):
        out = [x for x in have if card_of(s, x).has("One-Handed") or card_of(s, x).has("Two-Handed")]
    elif c.has("One-Handed"):
        out = [x for x in have if card_of(s, x).has("Two-Handed")]
        ones = [x for x in have if card_of(s, x).has("One-Handed")]
        if len(ones) >= 2:
            if detach_choice not in ones:
                raise ValueError(f"{name(s, avatar)} holds two One-Handed cards: its player "
                                 "chooses the one that makes room")
            out.append(detach_choice)
    for sub in ("Armor", "Accessory"):
        if c.has(sub):
            out += [x for x in have if card_of(s, x).has(sub) and x not in out]
    for x in out:
        detach(s, x)
        ev.append(Event("detach", {"card": x, "name": name(s, x), "owner": seat_of(x), "avatar": avatar,
                                   "avatar_name": name(s, avatar), "from": "play", "to": "discards"}))


def must_choose_detach(s: TrialsState, cid: int, avatar: int) -> list[int]:
    """The One-Handed cards a player picks from when a third would attach (else [])."""
    if not card_of(s, cid).has("One-Handed"):
        return []
    ones = [x for x in s.attached.get(avatar, []) if card_of(s, x).has("One-Handed")]
    return ones if len(ones) >= 2 else []


def attach(s: TrialsState, cid: int, avatar: int, detach_choice: int, ev: list[Event],
           ready: bool = False) -> None:
    make_room(s, cid, avatar, detach_choice, ev)
    s.attached.setdefault(avatar, []).append(cid)
    s.host[cid] = avatar
    if not ready:
        s.exhausted.add(cid)       # cards come into play exhausted
    ev.append(Event("attach", {"card": cid, "avatar": avatar, "name": name(s, cid), "owner": seat_of(cid),
                               "avatar_name": name(s, avatar), "from": "stack", "to": "play"}))


# --- damage, falls, the end ---------------------------------------------------------------------


def deal_damage(s: TrialsState, source: int, t: int, n: int, ev: list[Event], piercing=False,
                corrosive=False, draining=False, drain_to: int = -1) -> int:
    """Deal `n` damage to `t`; returns what it took. Deaths wait for `settle`.

    Draining damage to an Avatar restores `drain_to` (by default the attacking Avatar, or
    the Avatar the attacking card is attached to)."""
    if n <= 0 or not s.in_play(t) or max_hp(s, t) <= 0:
        return 0
    if t in s.shields:
        s.shields.discard(t)
        ev.append(Event("shield", {"card": t, "name": name(s, t), "owner": seat_of(t), "absorbed": n}))
        return 0
    if is_avatar(s, t):
        n -= ward(s, t)
        if n <= 0:
            ev.append(Event("ward", {"card": t, "name": name(s, t), "owner": seat_of(t)}))
            return 0
    left = hp_left(s, t)
    s.damage[t] = s.damage.get(t, 0) + n
    ev.append(Event("damage", {
"card": t, "amount": n, "source": source, "name": name(s, t), "owner": seat_of(t),
"source_name": name(s, source) if source >= 0 else "", "total": s.damage[t]}))
    h = s.host.get(t)
    if corrosive and h is not None and card_of(s, t).type == "equipment":
        s.damage[t] = max(s.damage[t], max_hp(s, t))     # settle destroys it
        ev.append(Event("corrode", {"card": t, "name": name(s, t), "owner": seat_of(t)}))
    if piercing and h is not None and n > left > -1:
        deal_damage(s, source, h, n - max(left, 0), ev)
    if draining and is_avatar(s, t) and source >= 0:
        mine = drain_to if drain_to >= 0 else source if is_avatar(s, source) else s.host.get(source)
        if mine is not None and mine not in s.fallen:
            heal(s, mine, n, ev)
    return n


def heal(s: TrialsState, t: int, n: int, ev: list[Event]) -> None:
    had = s.damage.get(t, 0)
    if n <= 0 or not had or max_hp(s, t) <= 0:
        return
    s.damage[t] = max(0, had - n)
    ev.append(Event("heal",
                    {"card": t, "name": name(s, t), "owner": seat_of(t), "amount": had - s.damage[t],
                     "total": s.damage[t]}))


def destroy(s: TrialsState, cid: int, ev: list[Event], to: str = "discards") -> None:
    detach(s, cid, to)
    ev.append(Event("destroy" if to == "discards" else "exile",
                    {"card": cid, "name": name(s, cid), "owner": seat_of(cid), "from": "play", "to": to}))
    if to == "discards":
        fire(s, seat_of(cid), cid, "destroyed")


def fall(s: TrialsState, a: int, ev: list[Event]) -> None:
    for c in list(s.attached.get(a, ())):
        detach(s, c)
    s.fallen.add(a)
    for marks in (s.exhausted, s.shields, s.stealth):
        marks.discard(a)
    for veils in (s.veiled, s.veiled_alone):
        if veils:
            veils.pop(a, None)
    for marks in (s.damage, s.counters, s.buffs):
        marks.pop(a, None)
    ev.append(Event("fall",
                    {"card": a, "name": card_of(s, a).name, "fallen_name": name(s, a), "owner": seat_of(a)}))
    for p in initiative_order(s):
        for c in s.discards[p]:
            fire(s, p, c, "fall_from_discard")


def settle(s: TrialsState, ev: list[Event]) -> None:
    """Destroy cards at 0 HP, make Avatars at 0 HP fall, and see whether the game is over."""
    while s.phase != OVER:
        dead = [c for c in list(s.host) if max_hp(s, c) > 0 and hp_left(s, c) <= 0]
        falling = [a for p in range(s.players) for a in s.standing(p) if hp_left(s, a) <= 0]
        if not dead and not falling:
            break
        for c in dead:
            if c in s.host:
                destroy(s, c, ev)
        for a in falling:
            if a not in s.fallen:
                fall(s, a, ev)
        check_end(s, ev)


def initiative_order(s: TrialsState) -> list[int]:
    return [(s.initiative + i) % s.players for i in range(s.players)]


def check_end(s: TrialsState, ev: list[Event], losers: list[int] | None = None) -> None:
    """Seats without a standing Avatar (or in `losers`) are out; the last one standing wins."""
    newly = [p for p in s.live_seats() if not s.standing(p) or (losers and p in losers)]
    if not newly:
        return
    exits = list(s.exits or [0] * s.players)
    step = 1 + max(exits)
    for p in newly:
        s.out[p] = True
        exits[p] = step
        ev.append(Event("out", {"seat": p}))
    s.exits = exits
    live = s.live_seats()
    if len(live) > 1:
        return
    if not live:                 # everyone left went out at once: initiative breaks the tie
        live = [next(p for p in initiative_order(s) if p in newly)]
        s.out[live[0]] = False
        exits[live[0]] = 0
    s.phase = OVER
    s.winners = live
    s.reason = s.reason or "defeated every rival Avatar"
    for it in ResponseWindow.close(s):          # cards waiting on the stack go to their discards
        if it.kind == "play":
            s.discards[seat_of(it.cid)].append(it.cid)
    s.triggered.clear()                         # what triggered as the match ended never resolves
    ev.append(Event("over", {"winners": live}))


# --- the primitives ------------------------------------------------------------------------------


def draw(s: TrialsState, p: int, n: int, ev: list[Event]) -> int:
    got = 0
    for _ in range(n):
        if not s.decks[p]:
            break
        c = s.decks[p].pop(0)
        s.hands[p].append(c)
        got += 1
        ev.append(card_drawn(p, c, name(s, c)))
    return got


def _players(s: TrialsState, seat: int, st: Step, eff: Effect, chosen: list[int]) -> list[int]:
    if st.to == "target":
        return list(chosen) if eff.target == "opponent" else [seat_of(t) for t in chosen]
    if st.to == "opponents":
        return [p for p in s.live_seats() if p != seat]
    return [seat]


def _cards(s: TrialsState, seat: int, st: Step, source: int, host: int, chosen: list[int]) -> list[int]:
    to = st.to
    if to == "target":
        return chosen
    if to == "host":
        return [host] if host >= 0 and s.in_play(host) else []
    if to == "self":
        return [source] if s.in_play(source) else []
    if to == "other_avatar":
        return [a for a in s.standing(seat) if a != host and a != source]
    if to == "own_avatars":
        return s.standing(seat)
    if to == "enemy_avatars":
        return [a for p in s.live_seats() if p != seat for a in s.standing(p)]
    if to == "enemy_cards":
        return [c for c in s.cards_in_play() if seat_of(c) != seat and not s.out[seat_of(c)]
                and max_hp(s, c) > 0]
    if to == "all_cards":
        return [c for c in s.cards_in_play() if max_hp(s, c) > 0]
    return []


SCOUT_TOP, SCOUT_BOTTOM, SCOUT_NONE = 0, 1, 2


def _scout(s, p, where, ev):
    if not s.decks[p]:
        return
    if where == SCOUT_NONE:         # Scout is a "may": the player takes neither card
        ev.append(Event("scout", {"seat": p, "card": None}))
        return
    c = s.decks[p].pop(-1 if where == SCOUT_BOTTOM else 0)
    s.hands[p].append(c)
    end = "bottom" if where == SCOUT_BOTTOM else "top"
    ev.append(Event("scout",
                    {"seat": p, "card": c, "name": name(s, c), "where": end, "from": "deck", "to": "hand"},
                    private_to=p, public_data={"seat": p, "where": end, "from": "deck", "to": "hand"},
                    reveals=True))


def _discard(s, p, n, ev):
    for _ in range(min(n, len(s.hands[p]))):
        c = s.hands[p].pop(s.rng.below(len(s.hands[p])))
        s.discards[p].append(c)
        ev.append(Event("discard",
                        {"seat": p, "card": c, "name": name(s, c), "from": "hand", "to": "discards"},
                        reveals=True))


# --- the ops: each primitive declared once, with its parameters, rules text and execution -------
# kinds: "player" ops act on players (execute(st, s, p, answer, ev)), "card" ops on cards in play
# (execute(st, s, seat, source, host, t, ev)), "self" on the card itself (execute(st, s, seat,
# source, answer, ev)); "static" ops hold while the card is in play and are read where they apply.
# `answer` is the player's decision for ops that ask one (_QUESTIONS), else None.

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
N, KIND = Param("n"), Param("kind", str, choices=COUNTER_KINDS, what="counter kind")


def _noun(st: Step, eff: Effect) -> str:
    return _TARGET_NOUN[eff.target] if st.to == "target" else _REF_NOUN[st.to]


def _player(st: Step, eff: Effect) -> tuple[str, bool]:
    """(subject, is 'you') for an op done by a player."""
    if st.to in ("controller", "self", "host", "own_avatars", "other_avatar"):
        return "you", True
    if st.to == "target":
        return "target opponent" if eff.target in ("opponent",) else "that card's controller", False
    return "each opponent", False


def _does(verb: str, rest: str = ""):
    """Text of a player op: '<who> <verb>[s]<rest>'."""
    def text(st: Step, eff: Effect) -> str:
        who, you = _player(st, eff)
        return f"{who} {verb}{'' if you else 's'}{rest.format(n=st.n, s='s' if st.n != 1 else '')}"
    return text


def _on_card(fmt: str):
    """Text of a card op: `fmt` with {noun} (what it acts on) and {n}."""
    return lambda st, eff: fmt.format(noun=_noun(st, eff), n=st.n)


@OPS.op("draw", params=(N,), text=_does("draw", " {n} card{s}"), kind="player")
def _draw(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    draw(s, p, st.n, ev)


@OPS.op("scout", text=_does("scout"), kind="player")
def _scout_op(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    _scout(s, p, answer, ev)


@OPS.op("discard", params=(N,), text=_does("discard", " {n} card{s} at random"), kind="player")
def _discard_op(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    _discard(s, p, st.n, ev)


def _confuse_text(st: Step, eff: Effect) -> str:
    who, you = _player(st, eff)
    return f"{who} {'become' if you else 'becomes'} confused"


@OPS.op("confuse", text=_confuse_text, kind="player")
def _confuse(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    if s.decks[p]:
        s.decks[p].append(s.decks[p].pop(0))
        ev.append(Event("confuse", {"seat": p}))


def _exile_discard_text(st: Step, eff: Effect) -> str:
    who, you = _player(st, eff)
    return (f"exile the top {st.n} card{'s' if st.n != 1 else ''} of "
            f"{'your' if you else who + chr(39) + 's'} discard pile")


@OPS.op("exile_discard", params=(N,), text=_exile_discard_text, kind="player")
def _exile_discard(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    for _ in range(min(st.n, len(s.discards[p]))):
        c = s.discards[p].pop()
        s.exiles[p].append(c)
        ev.append(Event("exile",
                        {"card": c, "name": name(s, c), "owner": p, "from": "discards", "to": "exiles"}))


@OPS.op("energy", params=(N,), text=_does("gain", " {n} energy"), kind="player")
def _energy(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    s.energy[p] += st.n
    ev.append(Event("energy", {"seat": p, "amount": st.n, "total": s.energy[p]}))


def _recover_text(st: Step, eff: Effect) -> str:
    who, you = _player(st, eff)
    return (f"{who} return{'' if you else 's'} the top card of {'your' if you else 'their'} "
            "discard pile to hand")


@OPS.op("recover", text=_recover_text, kind="player")
def _recover(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    if s.discards[p]:
        c = s.discards[p].pop()
        s.hands[p].append(c)
        ev.append(Event("recover",
                        {"seat": p, "card": c, "name": name(s, c), "from": "discards", "to": "hand"}))


@OPS.op("initiative", text=_does("take", " initiative"), kind="player")
def _initiative(st: Step, s: TrialsState, p: int, answer: int | None, ev: list[Event]) -> None:
    s.initiative = p
    ev.append(Event("initiative", {"seat": p}))


def _damage_text(st: Step, eff: Effect) -> str:
    extras = [w for w, on in (("piercing", st.piercing), ("corrosive", st.corrosive),
                              ("draining", st.draining)) if on]
    kind = " ".join(extras) + " " if extras else ""
    return f"deal {st.n} {kind}damage to {_noun(st, eff)}"


@OPS.op("damage", params=(N, Param("piercing", bool), Param("corrosive", bool), Param("draining", bool)),
        text=_damage_text, kind="card")
def _damage(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
            ev: list[Event]) -> None:
    deal_damage(s, source, t, st.n, ev, st.piercing, st.corrosive, st.draining, host)


@OPS.op("split", params=(N,), kind="card",
        text=lambda st, eff: f"deal {st.n} split damage among {_TARGET_NOUN[eff.target]}s")
def _split(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
           ev: list[Event]) -> None:
    deal_damage(s, source, t, 1, ev)        # once per chosen target, a target chosen n times


@OPS.op("lose_hp", params=(N,), text=_on_card("{noun} loses {n} HP"), kind="card")
def _lose_hp(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
             ev: list[Event]) -> None:
    if max_hp(s, t) > 0:
        s.damage[t] = s.damage.get(t, 0) + st.n
        ev.append(Event("lose_hp", {"card": t, "name": name(s, t), "owner": seat_of(t), "amount": st.n,
                                    "total": s.damage[t]}))


@OPS.op("heal", params=(N,), text=_on_card("restore {n} HP to {noun}"), kind="card")
def _heal(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
          ev: list[Event]) -> None:
    heal(s, t, st.n, ev)


@OPS.op("shield", text=_on_card("shield {noun}"), kind="card")
def _shield(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
            ev: list[Event]) -> None:
    if t not in s.shields:         # never more than one shield counter
        s.shields.add(t)
        ev.append(Event("shield", {"card": t, "name": name(s, t), "owner": seat_of(t)}))


def _counter_text(st: Step, eff: Effect) -> str:
    what = "+1 Attack" if st.kind == "attack" else "charge"
    return f"put {st.n} {what} counter{'s' if st.n != 1 else ''} on {_noun(st, eff)}"


@OPS.op("counter", params=(N, KIND), text=_counter_text, kind="card")
def _counter(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
             ev: list[Event]) -> None:
    marks = s.counters.setdefault(t, {})
    marks[st.kind] = marks.get(st.kind, 0) + st.n
    ev.append(Event("counter", {"card": t, "name": name(s, t), "owner": seat_of(t), "amount": st.n,
                                "counter": st.kind}))


@OPS.op("destroy", text=_on_card("destroy {noun}"), kind="card")
def _destroy(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
             ev: list[Event]) -> None:
    if t in s.host:
        destroy(s, t, ev, "discards")


@OPS.op("exile", text=_on_card("exile {noun}"), kind="card")
def _exile(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
           ev: list[Event]) -> None:
    if t in s.host:
        destroy(s, t, ev, "exiles")


@OPS.op("exhaust", text=_on_card("exhaust {noun}"), kind="card")
def _exhaust(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
             ev: list[Event]) -> None:
    s.exhausted.add(t)
    ev.append(Event("exhaust", {"card": t, "name": name(s, t), "owner": seat_of(t)}))


@OPS.op("ready", text=_on_card("ready {noun}"), kind="card")
def _ready(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
           ev: list[Event]) -> None:
    s.exhausted.discard(t)
    ev.append(Event("ready", {"card": t, "name": name(s, t), "owner": seat_of(t)}))


@OPS.op("buff", params=(N,), kind="card",
        text=lambda st, eff: f"{_noun(st, eff)} gets {st.n:+d} Attack this round")
def _buff(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
          ev: list[Event]) -> None:
    s.buffs[t] = s.buffs.get(t, 0) + st.n
    ev.append(Event("buff", {"card": t, "name": name(s, t), "owner": seat_of(t), "amount": st.n}))


@OPS.op("stealth", text=_on_card("{noun} becomes stealthy this round"), kind="card")
def _stealth(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
             ev: list[Event]) -> None:
    s.stealth.add(t)
    ev.append(Event("stealth", {"card": t, "name": name(s, t), "owner": seat_of(t)}))


HIDER = Param("kind", str, "self", ("self", "host"), what="who hides")


def _hide_from_text(st: Step, eff: Effect) -> str:
    who = "target opponent" if st.to == "target" else "each opponent"
    return f"{_REF_NOUN[st.kind]} becomes stealthy to {who} this round"


def _hide(s: TrialsState, veils: str, c: int, p: int, ev: list[Event]) -> None:
    """Make card `c` stealthy to seat `p` this round, in the state's map `veils` ("veiled":
    its attached cards too; "veiled_alone": the card alone)."""
    if getattr(s, veils) is None:
        setattr(s, veils, {})
    seats = getattr(s, veils).setdefault(c, [])
    if p not in seats:
        seats.append(p)
    ev.append(Event("hide_from", {"card": c, "name": name(s, c), "owner": seat_of(c), "seat": p}))


@OPS.op("hide_from", params=(HIDER,), text=_hide_from_text, kind="seen_by")
def _hide_from(st: Step, s: TrialsState, source: int, p: int, ev: list[Event]) -> None:
    # stealthy to one rival: at a table of four the others may still strike (in a duel, to the
    # one rival: the same as stealth)
    c = s.host.get(source, -1) if st.kind == "host" else source
    if c >= 0:
        _hide(s, "veiled", c, p, ev)


def _veil_text(st: Step, eff: Effect) -> str:
    return "this card (not its attached cards) becomes stealthy to target opponent this round"


@OPS.op("veil", text=_veil_text, kind="seen_by")
def _veil(st: Step, s: TrialsState, source: int, p: int, ev: list[Event]) -> None:
    # Nyx's own hide: the hide_from of one card, which leaves her gear in sight. With her gear
    # hidden too, the Shadow pair beat Chronomancy 33-7, Brutality 35-5 and Magic 33-7 over 40
    # games each (docs/BALANCE.md): the rivals had no target left in her half of the table.
    _hide(s, "veiled_alone", source, p, ev)


@OPS.op("revive", params=(N,), text=_on_card("revive {noun} with {n} HP"), kind="card")
def _revive(st: Step, s: TrialsState, seat: int, source: int, host: int, t: int,
            ev: list[Event]) -> None:
    if t in s.fallen and seat_of(t) == seat:
        s.fallen.discard(t)
        s.damage[t] = max(0, max_hp(s, t) - st.n)
        ev.append(Event("revive", {"card": t, "name": name(s, t), "owner": seat_of(t)}))


def _attach_self_avatar(s: TrialsState, seat: int, source: int) -> int | None:
    """Where attach_self puts its card: the first standing Avatar, if the card is still in the
    discard pile."""
    live = s.standing(seat)
    return live[0] if live and source in s.discards[seat] else None


@OPS.op("attach_self", kind="self",
        text=lambda st, eff: "attach this card from your discard pile to your first standing Avatar")
def _attach_self(st: Step, s: TrialsState, seat: int, source: int, answer: int | None,
                 ev: list[Event]) -> None:
    avatar = _attach_self_avatar(s, seat, source)
    if avatar is not None:
        s.discards[seat].remove(source)
        attach(s, source, avatar, -1 if answer is None else answer, ev)


# statics: read by keywords(), ward() and attack() while the card is in play
OPS.declare("grant", params=(Param("keyword", str, choices=KEYWORDS, what="keyword"),), kind="static",
            text=lambda st, eff: f"the attached Avatar has {st.keyword}")
OPS.declare("ward", params=(N,), kind="static",
            text=lambda st, eff: f"damage dealt to the attached Avatar is reduced by {st.n}")
OPS.declare("aura", params=(N,), kind="static",
            text=lambda st, eff: f"your other Avatar has {st.n:+d} Attack")

_OPS = OPS.ops()     # name -> Op, for run_effect's dispatch


# --- the decisions a step asks of its player ------------------------------------------------------
# op -> (step, state, seat, source, the step's index) -> the question, or None when there is
# nothing to decide (an empty deck has nothing to scout; an Avatar with room takes the card).
# These ops act for the card's controller (cards.ASKING_OPS), the seat asked.

def _scout_question(st: Step, s: TrialsState, seat: int, source: int, at: int) -> TrialsChoice | None:
    return TrialsChoice(SCOUT, seat, source, -1, at) if s.decks[seat] else None


def _attach_question(st: Step, s: TrialsState, seat: int, source: int, at: int) -> TrialsChoice | None:
    avatar = _attach_self_avatar(s, seat, source)
    if avatar is None or not must_choose_detach(s, source, avatar):
        return None
    return TrialsChoice(DETACH, seat, source, avatar, at)


_QUESTIONS = {"scout": _scout_question, "attach_self": _attach_question}


def run_effect(s: TrialsState, seat: int, eff: Effect, source: int, host: int, chosen: tuple,
               ev: list[Event], start: int = 0, answer: int | None = None) -> bool:
    """Carry out `eff` for `seat` from step `start`; targets that are no longer valid are skipped.

    A step that asks its player a decision stops the effect: the question goes to s.waiting and
    the result is False. The effect goes on from that step with the player's `answer`. True
    once every step is done (or the match is over)."""
    valid = [t for t in chosen if target_ok(s, seat, eff.target, t)]
    if len(valid) < len(chosen) and answer is None:      # said once, not again on going on
        ev.append(Event("fizzle", {"source": source, "why": "target", "seat": seat}))
    for i in range(start, len(eff.steps)):
        if s.phase == OVER:
            return True
        st = eff.steps[i]
        given = answer if i == start else None
        ask = _QUESTIONS.get(st.op)
        if given is None and ask is not None:
            question = ask(st, s, seat, source, i)
            if question is not None:
                s.waiting = question
                return False
        _do_step(s, seat, eff, st, source, host, valid, given, ev)
    settle(s, ev)
    return True


def _do_step(s: TrialsState, seat: int, eff: Effect, st: Step, source: int, host: int,
             valid: list[int], answer: int | None, ev: list[Event]) -> None:
    op = _OPS[st.op]
    kind = op.kind
    if kind == "static":
        return
    if kind == "self":
        op.execute(st, s, seat, source, answer, ev)
        return
    if kind == "seen_by":                # the card hides from players: (st, s, source, p, ev)
        for p in _players(s, seat, st, eff, valid if st.to == "target" else []):
            if not s.out[p]:
                op.execute(st, s, source, p, ev)
        return
    if kind == "player":
        picks = valid if st.to == "target" else []
        for p in (_players(s, seat, st, eff, picks) if st.to in ("target", "opponents") else [seat]):
            if not s.out[p]:
                op.execute(st, s, p, answer, ev)
        return
    for t in _cards(s, seat, st, source, host, valid):
        if s.in_play(t):
            op.execute(st, s, seat, source, host, t, ev)
    settle(s, ev)


def ignite_count(s: TrialsState, seat: int) -> int:
    """The ignite cards in a seat's discard pile (what Ignite exiles and deals in damage)."""
    return sum(1 for c in s.discards[seat] if "ignite" in card_of(s, c).keywords)


def can_attach(s: TrialsState, seat: int, card, avatar: int) -> bool:
    """Whether `card` may be attached to `avatar`: an own standing Avatar sharing a discipline."""
    if avatar in s.fallen or avatar not in s.avatars[seat]:
        return False
    if any(a in s.fallen for a in s.avatars[seat]):
        return True          # a Fallen Avatar lets the other take any discipline
    return bool(set(card.disciplines) & set(card_of(s, avatar).disciplines))
