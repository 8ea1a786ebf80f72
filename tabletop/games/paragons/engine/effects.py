"""The effect primitives, each declared once in the op registry (steps.OPS) with its
parameters, the sentence it writes on a card and what it does; and the moves they rest on:
damage (with Garrison counters), destroying, Bouncing and Banishing mercenaries, drawing,
Recruiting, cancelling and copying links of the chain, and the triggers of cards in play.

An op's execute takes (step, state, ctx, t, events): `t` is what it acts on, encoded as
targets.py says (a mercenary's id, a player as -1 - seat, a Pool card, a space, a link).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core import Event
from tabletop.core.event import card_drawn
from tabletop.core.ops import Param
from tabletop.games.paragons.engine import outcome
from tabletop.games.paragons.engine.board import lift
from tabletop.games.paragons.engine.cards import KEYWORD_NAMES, card
from tabletop.games.paragons.engine.stack_item import FROM_HAND, MERC, SPELL, Link
from tabletop.games.paragons.engine.state import MAX_LIFE, PLAY, POOL_SIZE, ParagonsState
from tabletop.games.paragons.engine.stats import card_of, health, name
from tabletop.games.paragons.engine.steps import GRANTABLE, OPS, Effect, Step
from tabletop.games.paragons.engine.targets import (LINK_BASE, PASSIVE_AIM, is_player, player_of,
                                                    player_target, space_of_target, target_ok)


class Ctx(NamedTuple):
    """Who does an effect and from which card: `seat` is "you"; `source` the card (-1: a copy
    with no card); `host` the mercenary an Imbuement is on or the space an Enchantment holds."""
    seat: int
    source: int
    design: str
    host: int = -1


# --- moves the ops rest on ----------------------------------------------------------------------

def draw(s: ParagonsState, p: int, n: int, ev: list[Event]) -> bool:
    """Player p draws n cards; a card the deck cannot give puts p out (False)."""
    for _ in range(n):
        if not s.decks[p]:
            outcome.knock_out(s, p, f"Player {p + 1} cannot draw", ev)
            return False
        c = s.decks[p].pop()
        s.hands[p].append(c)
        ev.append(card_drawn(p, c, name(s, c)))
    return True


def lose_life(s: ParagonsState, p: int, n: int, source: int, ev: list[Event]) -> None:
    if n <= 0:
        return
    s.life[p] -= n
    ev.append(Event("life", {"seat": p, "amount": -n, "total": s.life[p], "source": source,
                             "source_name": name(s, source) if source >= 0 else ""}))


def gain_life(s: ParagonsState, p: int, n: int, ev: list[Event]) -> None:
    """Life never goes above 20."""
    got = max(0, min(MAX_LIFE, s.life[p] + n) - s.life[p])
    s.life[p] += got
    ev.append(Event("life", {"seat": p, "amount": got, "total": s.life[p]}))


def deal_damage(s: ParagonsState, m: int, n: int, source: int, ev: list[Event]) -> int:
    """Deal n damage to mercenary m; destruction waits for `settle`. Each full step of its base
    health the damage reaches takes a Garrison counter off instead (rules, Garrison)."""
    if n <= 0 or m not in s.at:
        return 0
    total = s.damage.get(m, 0) + n
    base = card_of(s, m).health
    lost = 0
    while s.garrison.get(m, 0) > 0 and total >= base:
        s.garrison[m] -= 1
        total -= base
        lost += 1
    s.damage[m] = total
    ev.append(Event("damage",
                    {"card": m, "name": name(s, m), "owner": s.owner[m], "amount": n, "total": total,
                     "source": source, "source_name": name(s, source) if source >= 0 else ""}))
    if lost:
        ev.append(Event("garrison", {"card": m, "name": name(s, m), "owner": s.owner[m], "amount": -lost,
                                     "total": s.garrison[m]}))
    return n


def _leave_board(s: ParagonsState, m: int, zone: list[int], event: Event, ev: list[Event]) -> int:
    """Mercenary m leaves its board for `zone` (first, so that nothing after can lose it); its
    Imbuements are destroyed and then resolve their leaving effects. Returns the seat whose
    board it was on."""
    seat = s.board_of(m)
    lift(s, m)
    zone.append(m)
    ev.append(event)
    gone = s.imbued.pop(m, [])
    for c in gone:
        s.host.pop(c)
        s.discards[s.owner[c]].append(c)
        ev.append(Event("destroy", {"card": c, "name": name(s, c), "owner": s.owner[c], "from": "imbued",
                                    "to": "discard"}))
    for c in gone:
        for e in card_of(s, c).effects_when("leaves"):
            if outcome.game_on(s):
                run_effect(s, Ctx(s.owner[c], c, s.designs[c], m), e, (), False, ev)
    return seat


def destroy(s: ParagonsState, m: int, ev: list[Event]) -> None:
    p = s.owner[m]
    seat = _leave_board(s, m, s.discards[p], Event("destroy",
                                                   {"card": m, "name": name(s, m), "owner": p, "from": "board", "to": "discard"}), ev)
    for e in card_of(s, m).effects_when("destroyed"):
        if outcome.game_on(s):
            run_effect(s, Ctx(seat, m, s.designs[m]), e, (), False, ev)


def bounce(s: ParagonsState, m: int, ev: list[Event]) -> None:
    p = s.owner[m]
    s.known[p].append(m)
    _leave_board(s, m, s.hands[p], Event("bounce",
                                         {"card": m, "name": name(s, m), "owner": p, "from": "board", "to": "hand"}), ev)


def banish(s: ParagonsState, m: int, ev: list[Event]) -> None:
    p = s.owner[m]
    s.banished.add(m)
    _leave_board(s, m, s.reserves[p], Event("banish",
                                            {"card": m, "name": name(s, m), "owner": p, "from": "board", "to": "reserve"}), ev)


def recruit(s: ParagonsState, p: int, c: int, ev: list[Event]) -> None:
    """Player p takes card c from the Mercenary Pool into their hand; the top card of the
    Neutral Mercenary Deck takes its place. Then p's "whenever you Recruit" effects."""
    i = s.pool.index(c)
    if s.neutral_deck:
        s.pool[i] = s.neutral_deck.pop()
    else:
        del s.pool[i]
    s.hands[p].append(c)
    s.known[p].append(c)
    s.owner[c] = p
    s.recruited.add(c)
    ev.append(Event("recruit", {"seat": p, "card": c, "name": name(s, c), "from": "pool", "to": "hand"}))
    if len(s.pool) == POOL_SIZE and s.pool[i] != c:
        new = s.pool[i]
        ev.append(Event("refill", {"card": new, "name": name(s, new), "from": "neutral_deck", "to": "pool"}))
    trigger(s, p, "recruit", ev)


def settle(s: ParagonsState, ev: list[Event]) -> None:
    """Destroy every mercenary whose damage has reached its health, then put out the players
    at 0 Life."""
    while outcome.game_on(s):
        dead = [m for m in s.all_mercs() if health(s, m) <= s.damage.get(m, 0)]
        if not dead:
            break
        for m in dead:
            if m in s.at and outcome.game_on(s):
                destroy(s, m, ev)
    if s.phase == PLAY:
        outcome.check_life(s, ev)


# --- triggers of the cards in play -----------------------------------------------------------

def board_cards(s: ParagonsState, seat: int):
    """(card, Ctx) of every card on seat's board: its mercenaries (theirs is "you"), their
    Imbuements and the Enchantments on its spaces (their owner is "you")."""
    for i, m in enumerate(s.spaces[seat]):
        if m >= 0:
            yield m, Ctx(seat, m, s.designs[m])
            for c in s.imbued.get(m, ()):
                yield c, Ctx(s.owner[c], c, s.designs[c], m)
    for i, e in enumerate(s.enchants[seat]):
        if e >= 0:
            yield e, Ctx(s.owner[e], e, s.designs[e], s.spaces[seat][i])


def trigger(s: ParagonsState, seat: int, when: str, ev: list[Event]) -> None:
    """The `when` effects of the cards on seat's board, in board order (they open no window)."""
    for c, ctx in list(board_cards(s, seat)):
        if not _still_there(s, c, seat):
            continue
        for e in card_of(s, c).effects_when(when):
            if outcome.game_on(s):
                if ctx.host >= 0 and card_of(s, c).type == "enchantment":
                    i = s.enchants[seat].index(c)
                    ctx = ctx._replace(host=s.spaces[seat][i])
                run_effect(s, ctx, e, (), False, ev)


def _still_there(s: ParagonsState, c: int, seat: int) -> bool:
    return (c in s.at and s.board_of(c) == seat) or (c in s.host and s.host[c] in s.at) \
        or c in s.enchants[seat]


# --- carrying out an effect ----------------------------------------------------------------------

def _refs(s: ParagonsState, ctx: Ctx, st: Step, eff: Effect, chosen: tuple, aim: str) -> list[int]:
    to, seat = st.to, ctx.seat
    if to == "target":
        return [t for t in chosen[:1] if target_ok(s, seat, eff.target, t, aim, ctx.source)]
    if to == "self":
        return [ctx.source] if ctx.source in s.at else []
    if to == "host":
        return [ctx.host] if ctx.host in s.at else []
    if to == "controller":
        return [player_target(seat)]
    if to == "opponents":
        return [player_target(p) for p in s.live() if p != seat]
    if to == "own_mercs":
        return s.mercs(seat)
    if to == "enemy_mercs":
        return [m for p in s.live() if p != seat for m in s.mercs(p)]
    return s.all_mercs()


_OPS = {}          # name -> Op, filled once the ops are declared (run_effect's dispatch)


def run_effect(s: ParagonsState, ctx: Ctx, eff: Effect, chosen: tuple, combo: bool,
               ev: list[Event], aim: str = PASSIVE_AIM) -> None:
    """Carry out `eff` for ctx.seat (its combo steps too when `combo`); a target that has
    become invalid on the way is skipped."""
    for st in eff.steps + (eff.combo if combo else ()):
        if not outcome.game_on(s):
            return
        op = _OPS[st.op]
        for t in _refs(s, ctx, st, eff, chosen, aim):
            op.execute(st, s, ctx, t, ev)
        settle(s, ev)


# --- the ops: each declared once with its parameters, its sentence and what it does ----------------
# kinds (cards.py checks what each may act on): "hit" mercenaries or players, "merc" mercenaries,
# "player" you, "pool" a Pool card, "link" a link of the chain, "space" a board space; "static"
# ops are read where they apply (stats.py).

TARGET_NOUN = {"enemy_merc": "target enemy mercenary", "own_merc": "target mercenary of yours",
               "other_own_merc": "another target mercenary of yours",
               "any_merc": "target mercenary", "opponent": "target opponent",
               "enemy_any": "target enemy mercenary or opponent",
               "pool": "target mercenary of the Mercenary Pool",
               "pool_lesser": "target Lesser Mercenary of the Mercenary Pool",
               "own_space": "target space of your board", "enemy_space": "target space of an enemy board",
               "enemy_spell": "target enemy spell on the chain",
               "enemy_merc_link": "target enemy mercenary being played",
               "own_spell": "target spell of yours on the chain (not an Imbuement or Enchantment)"}
REF_NOUN = {"self": "this mercenary", "enemy_mercs": "each enemy mercenary",
            "own_mercs": "each of your mercenaries", "all_mercs": "each mercenary", "controller": "you",
            "opponents": "each opponent"}
HOST_NOUN = {"imbuement": "the imbued mercenary", "enchantment": "the mercenary on this space"}


def _named_before(st: Step, eff: Effect) -> bool:
    """Did an earlier step of the effect name the same one thing (so this one says "it")?"""
    if st.to not in ("target", "host", "self"):
        return False
    seq = eff.steps + eff.combo
    i = next(i for i, x in enumerate(seq) if x is st)
    return any(x.to == st.to for x in seq[:i])


def noun(st: Step, eff: Effect, ctype: str) -> str:
    if _named_before(st, eff):
        return "it"
    if st.to == "target":
        return TARGET_NOUN[eff.target]
    if st.to == "host":
        return HOST_NOUN[ctype]
    if st.to == "own_mercs" and eff.when == "static":
        return "your other mercenaries"
    return REF_NOUN[st.to]


def _stats(atk: int, hp: int) -> str:
    return f"{atk:+d}/{hp:+d}"


def _verb(st: Step, singular: str, plural: str) -> str:
    return plural if st.to == "own_mercs" else singular


N = Param("n")
ATK, HP = Param("atk"), Param("hp")


@OPS.op("damage", params=(N,), kind="hit",
        text=lambda st, eff, ct: f"deal {st.n} damage to {noun(st, eff, ct)}")
def _damage(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    if is_player(t):
        lose_life(s, player_of(t), st.n, ctx.source, ev)
    else:
        deal_damage(s, t, st.n, ctx.source, ev)


@OPS.op("heal", params=(N,), kind="player", text=lambda st, eff, ct: f"you gain {st.n} Life")
def _heal(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    gain_life(s, player_of(t), st.n, ev)


@OPS.op("draw", params=(N,), kind="player",
        text=lambda st, eff, ct: f"draw {st.n} card{'s' if st.n != 1 else ''}")
def _draw(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    draw(s, player_of(t), st.n, ev)


@OPS.op("buff", params=(ATK, HP), kind="merc",
        text=lambda st, eff, ct: f"{noun(st, eff, ct)} gets {_stats(st.atk, st.hp)} this turn")
def _buff(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    for marks, n in ((s.buff_atk, st.atk), (s.buff_hp, st.hp)):
        if n:
            marks[m] = marks.get(m, 0) + n
    ev.append(Event("buff", {"card": m, "name": name(s, m), "owner": s.owner[m], "atk": st.atk, "hp": st.hp,
                             "source": ctx.source}))


@OPS.op("destroy", kind="merc", text=lambda st, eff, ct: f"destroy {noun(st, eff, ct)}")
def _destroy(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    destroy(s, m, ev)


@OPS.op("bounce", kind="merc",
        text=lambda st, eff, ct: f"Bounce {noun(st, eff, ct)} (it returns to its owner's hand)")
def _bounce(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    bounce(s, m, ev)


@OPS.op("banish", kind="merc",
        text=lambda st, eff, ct: f"Banish {noun(st, eff, ct)} (it goes to its owner's Reserve Pile)")
def _banish(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    banish(s, m, ev)


def _exhaust_text(st: Step, eff: Effect, ct: str) -> str:
    return f"exhaust {noun(st, eff, ct)}" + ("; it skips its next Recover" if st.hold else "")


@OPS.op("exhaust", params=(Param("hold", bool),), kind="merc", text=_exhaust_text)
def _exhaust(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    s.exhausted.add(m)
    if st.hold:
        s.held.add(m)
    ev.append(Event("exhaust", {"card": m, "name": name(s, m), "owner": s.owner[m], "hold": st.hold}))


@OPS.op("recover", kind="merc", text=lambda st, eff, ct: f"{noun(st, eff, ct)} Recovers")
def _recover(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    s.exhausted.discard(m)
    ev.append(Event("recover", {"card": m, "name": name(s, m),
                                "owner": s.owner[m]}))


@OPS.op("fortify", params=(N,), kind="merc",
        text=lambda st, eff, ct: f"put {st.n} Garrison counter{'s' if st.n != 1 else ''} on "
                                 f"{noun(st, eff, ct)}")
def _fortify(st: Step, s: ParagonsState, ctx: Ctx, m: int, ev: list[Event]) -> None:
    add_garrison(s, m, st.n, ev)


def add_garrison(s: ParagonsState, m: int, n: int, ev: list[Event]) -> None:
    s.garrison[m] = s.garrison.get(m, 0) + n
    ev.append(Event("garrison", {"card": m, "name": name(s, m), "owner": s.owner[m], "amount": n,
                                 "total": s.garrison[m]}))


@OPS.op("recruit", kind="pool",
        text=lambda st, eff, ct: f"Recruit {noun(st, eff, ct)} into your hand at no cost")
def _recruit(st: Step, s: ParagonsState, ctx: Ctx, c: int, ev: list[Event]) -> None:
    recruit(s, ctx.seat, c, ev)


def _counter_text(st: Step, eff: Effect, ct: str) -> str:
    where = "returns to its owner's hand" if st.to_hand else "is destroyed"
    return f"cancel {noun(st, eff, ct)}; its card {where}"


@OPS.op("counter", params=(Param("to_hand", bool),), kind="link", text=_counter_text)
def _counter(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    link = outcome.void(s, t - LINK_BASE)
    if link.kind == MERC:        # a mercenary being played is on the board already: it goes back
        m = link.card
        if m in s.at:
            p = s.owner[m]
            if st.to_hand:
                s.known[p].append(m)
            to = "hand" if st.to_hand else "discard"
            _leave_board(s, m, s.hands[p] if st.to_hand else s.discards[p], Event("counter",
                                                                                  {"card": m, "name": name(s, m), "owner": p, "source": ctx.source, "from": "board",
                                                                                   "to": to}), ev)
        return
    what = name(s, link.card) if link.card >= 0 else f"the copy of {_design_name(link.design)}"
    ev.append(Event("counter", {"card": link.card, "name": what, "owner": link.seat, "source": ctx.source,
                                "from": "chain", "to": ("hand" if st.to_hand else "discard") if link.holds_card
                                else None}))
    if link.holds_card:
        p = s.owner[link.card]
        if st.to_hand:
            s.hands[p].append(link.card)
            s.known[p].append(link.card)
        else:
            s.discards[p].append(link.card)


def _design_name(design: str) -> str:
    return card(design).name


@OPS.op("copy", kind="link",
        text=lambda st, eff, ct: f"copy {noun(st, eff, ct)}: the copy resolves first, then leaves "
                                 "the game")
def _copy(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    link = s.stack[t - LINK_BASE]
    design = link.design or s.designs[link.card]
    s.stack.append(Link(SPELL, ctx.seat, -1, design, -1, -1, -1, link.targets, FROM_HAND, link.combo))
    ev.append(Event("copy",
                    {"seat": ctx.seat, "name": _design_name(design), "source": ctx.source, "to": "chain"}))


@OPS.op("disenchant", kind="space",
        text=lambda st, eff, ct: f"destroy the Enchantment on {noun(st, eff, ct)}")
def _disenchant(st: Step, s: ParagonsState, ctx: Ctx, t: int, ev: list[Event]) -> None:
    q, i = space_of_target(t)
    e = s.enchants[q][i]
    if e >= 0:
        s.enchants[q][i] = -1
        s.discards[s.owner[e]].append(e)
        ev.append(Event("destroy",
                        {"card": e, "name": name(s, e), "owner": s.owner[e], "from": "space", "to": "discard"}))


# statics: read by stats.py while the card is in play
OPS.declare("stat", params=(ATK, HP), kind="static",
            text=lambda st, eff, ct: f"{noun(st, eff, ct)} {_verb(st, 'has', 'have')} "
                                     f"{_stats(st.atk, st.hp)}")
OPS.declare("grant", params=(Param("keyword", str, choices=GRANTABLE, what="keyword"),), kind="static",
            text=lambda st, eff, ct: f"{noun(st, eff, ct)} {_verb(st, 'has', 'have')} "
                                     f"{KEYWORD_NAMES[st.keyword]}")
OPS.declare("discount", params=(N,), kind="static",
            text=lambda st, eff, ct: f"your Recruits cost {st.n} less (never less than 1)")

_OPS.update(OPS.ops())
