"""Reaction chains: what a link is, who may answer it, how it resolves. The response window
itself (tabletop.core.response, reopen=False) is built in flow.py, which owns the turn.

Every Voluntary Action is declared as a link. The seats after its player, round the table,
may React (a spell, a Hidden card revealed, an ability, a defence); when every seat still in
has let the chain pass in a row, it resolves whole, last link first. A link that can no longer
be done as declared is handed back to its player to choose again with the same card or action
(the state's `pending` link; the chain stops until they do), or is rescinded when no other
choice exists: its card goes back where it came from, and what was paid stays paid.

A mercenary played resolves onto the board at once ("instantly"), its arrival effect with it,
so answers can target it there; its link stays on the chain as "the mercenary being played"
(answers and Hidden cards can respond to the play) and has nothing left to do when it resolves.
Only an answer that explicitly aims at a mercenary being played (a counter) undoes its coming:
the mercenary goes from the board back to its owner's hand (or discard pile).

Seats are asked on what the table shows (cards in hand with mana to spend, face-down Hidden
cards, usable abilities, an attack to defend against), so being passed over tells nothing.

Spells may be played on any turn: every turn also gives the other players two moments on the
chain (flow.py), once its Beginning is done and when its player would end it.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.games.paragons.engine import combat, outcome
from tabletop.games.paragons.engine.board import place, placements
from tabletop.games.paragons.engine.stack_item import (ABILITY, ATTACK, CASTER, DEFEND, FROM_HIDDEN,
                                                       GARRISON, HIDE, MERC, RECRUIT, SPELL, Link)
from tabletop.games.paragons.engine.effects import Ctx, add_garrison, recruit, run_effect, settle
from tabletop.games.paragons.engine.state import ParagonsState
from tabletop.games.paragons.engine.stats import card_of, name
from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.targets import (ABILITY_AIM, PASSIVE_AIM, SPELL_AIM, choices,
                                                    space_of_target, target_ok)


# --- the choices a link was declared with, valid or not now ------------------------------------

def design_of(s: ParagonsState, link: Link) -> str:
    return link.design or s.designs[link.card]


def aim_choices(s: ParagonsState, seat: int, spec: str, aim: str, optional: bool,
                source: int = -1) -> list[tuple]:
    """The target tuples to declare an effect of card `source` with (-1: no card, as for a
    copy): () when it takes none; () too when nothing is there to aim at and the card may come
    in without its effect (a mercenary)."""
    if not spec:
        return [()]
    found = [(t,) for t in choices(s, seat, spec, aim, source)]
    return found or ([()] if optional else [])


def merc_choices(s: ParagonsState, seat: int, c: int) -> list[tuple[int, int, tuple]]:
    eff = card_of(s, c).play_effect
    aims = aim_choices(s, seat, eff.target if eff else "", PASSIVE_AIM, True, c)
    return [(sp, b, t) for sp, b in placements(s, seat) for t in aims]


def link_valid(s: ParagonsState, link: Link) -> bool:
    seat, kind = link.seat, link.kind
    if kind == MERC:             # it entered the board when played: nothing is left to do
        return True
    if kind == SPELL:
        spec = card(design_of(s, link)).play_effect.target
        return not spec or target_ok(s, seat, spec, link.targets[0], SPELL_AIM, link.card)
    if kind == ATTACK:
        a = link.card
        return a in s.at and s.board_of(a) == seat and combat_ready(s, a) \
            and link.targets[0] in combat.attack_targets(s, a)
    if kind == DEFEND:
        return _defence_valid(s, link)
    if kind == ABILITY:
        spec = card(link.design).activated[link.index].target
        return not spec or target_ok(s, seat, spec, link.targets[0], ABILITY_AIM, link.card)
    if kind == CASTER:
        return link.targets[0] in combat.caster_targets(s, seat)
    if kind == GARRISON:
        return link.card in s.at and s.board_of(link.card) == seat
    if kind == RECRUIT:
        return link.targets[0] in s.pool
    return True          # a card put face down, a voided link


def combat_ready(s: ParagonsState, a: int) -> bool:
    """An attacker can still fight from where it stands (a melee one not behind an ally)."""
    return not (card_of(s, a).combat == "melee" and combat.blocked_melee(s, a))


def _defence_valid(s: ParagonsState, link: Link) -> bool:
    a, d = link.index, link.card
    attack = next((x for x in s.stack if x.kind == ATTACK and x.card == a), None)
    return attack is not None and d in combat.defenders(s, a, attack.targets[0])


def options(s: ParagonsState, link: Link) -> list[tuple[int, int, tuple]]:
    """The other ways (space, bump, targets) to do the link with the same card or action."""
    seat, kind = link.seat, link.kind
    if kind == SPELL and link.card >= 0:
        spec = card(design_of(s, link)).play_effect.target
        return [(-1, -1, t) for t in aim_choices(s, seat, spec, SPELL_AIM, False, link.card)]
    if kind == ATTACK and link.card in s.at and s.board_of(link.card) == seat \
            and combat_ready(s, link.card):
        return [(-1, -1, (t,)) for t in combat.attack_targets(s, link.card)]
    if kind == ABILITY:
        spec = card(link.design).activated[link.index].target
        return [(-1, -1, t) for t in aim_choices(s, seat, spec, ABILITY_AIM, False, link.card)]
    if kind == CASTER:
        return [(-1, -1, (t,)) for t in combat.caster_targets(s, seat)]
    if kind == RECRUIT:
        tier = card(s.designs[link.card]).tier
        return [(-1, -1, (c,)) for c in s.pool if card_of(s, c).tier == tier]
    return []            # a copy, a defence, a Garrison counter: the same card or nothing (a
                         # mercenary played has nothing to choose again: it is on the board)


# --- resolving ---------------------------------------------------------------------------------

def resolve(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    """Carry out the top link, or hand it back to be re-chosen, or rescind it."""
    if link.kind == "void":
        return
    if link_valid(s, link):
        carry_out(s, link, ev)
        return
    others = options(s, link)
    if others:
        s.pending = link
        ev.append(Event("rechoose", {"seat": link.seat, "cause": link.kind}))
    else:
        rescind(s, link, ev)


def what_of(s: ParagonsState, link: Link) -> str:
    if link.kind in (MERC, SPELL) and (link.card >= 0 or link.design):
        return card(design_of(s, link)).name
    if link.card >= 0 and link.card in s.designs:
        return f"{name(s, link.card)}'s {link.kind}"
    return f"the {link.kind}"


def rescind(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    """The action cannot be done: its card returns where it came from; mana and exhaustion
    stay spent."""
    to = None
    if link.holds_card:
        p = s.owner[link.card]
        if link.origin == FROM_HIDDEN:
            s.hidden[p].append(link.card)
            to = "hidden"
        else:
            s.hands[p].append(link.card)
            s.known[p].append(link.card)
            to = "hand"
    ev.append(Event("rescind",
                    {"seat": link.seat, "card": link.card, "cause": link.kind, "from": "chain", "to": to}))


def carry_out(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    seat, kind, c = link.seat, link.kind, link.card
    if kind == MERC:
        pass             # it entered the board as it was played (rules.py, enter below)
    elif kind == SPELL:
        cast_spell(s, link, ev)
    elif kind == HIDE:
        ev.append(Event("hidden", {"seat": seat}))
    elif kind == ATTACK:
        combat.resolve_attack(s, c, link.targets[0], ev)
    elif kind == DEFEND:
        s.defenders[link.index] = c
        ev.append(Event("defend", {"card": c, "name": name(s, c), "owner": seat, "target": link.index,
                                   "target_name": name(s, link.index)}))
    elif kind == ABILITY:
        eff = card(link.design).activated[link.index]
        run_effect(s, Ctx(seat, c, link.design), eff, link.targets, False, ev, ABILITY_AIM)
    elif kind == CASTER:
        combat.resolve_caster(s, c, card(link.design).attack, link.targets[0], ev)
    elif kind == GARRISON:
        add_garrison(s, c, 1, ev)
    elif kind == RECRUIT:
        recruit(s, seat, link.targets[0], ev)


def enter(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    """A mercenary played comes onto its player's board at once, then its arrival effect
    happens; the play's link then joins the chain (rules.py)."""
    seat, m = link.seat, link.card
    moved = place(s, seat, link.space, link.bump, m)
    s.fresh.add(m)
    src = "hidden" if link.origin == FROM_HIDDEN else "hand"
    ev.append(Event("enter",
                    {"card": m, "name": name(s, m), "owner": seat, "space": link.space, "from": src,
                     "to": "board", "bumped": moved, "bump": link.bump}))
    eff = card_of(s, m).play_effect
    if eff is not None:
        run_effect(s, Ctx(seat, m, s.designs[m]), eff, link.targets, bool(link.combo), ev, PASSIVE_AIM)
    settle(s, ev)


def cast_spell(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    """A spell resolves: an Imbuement attaches, an Enchantment takes its space, any other spell
    does what it says and is destroyed; a copy leaves the game."""
    seat, c = link.seat, link.card
    design = design_of(s, link)
    sp = card(design)
    eff = sp.play_effect
    if sp.type == "imbuement":
        host = link.targets[0]
        s.imbued.setdefault(host, []).append(c)
        s.host[c] = host
        ev.append(Event("imbue", {"card": c, "name": sp.name, "owner": seat, "target": host,
                                  "target_name": name(s, host), "from": "chain", "to": "imbued"}))
        run_effect(s, Ctx(seat, c, design, host), eff, (), bool(link.combo), ev, SPELL_AIM)
        settle(s, ev)
        return
    if sp.type == "enchantment":
        q, i = space_of_target(link.targets[0])
        old = s.enchants[q][i]
        if old >= 0:
            s.discards[s.owner[old]].append(old)
            ev.append(Event("destroy",
                            {"card": old, "name": name(s, old), "owner": s.owner[old], "from": "space",
                             "to": "discard"}))
        s.enchants[q][i] = c
        ev.append(Event("enchant", {"card": c, "name": sp.name, "owner": seat, "seat": q, "space": i,
                                    "from": "chain", "to": "space"}))
        run_effect(s, Ctx(seat, c, design, s.spaces[q][i]), eff, (), bool(link.combo), ev, SPELL_AIM)
        settle(s, ev)
        return
    ev.append(Event("resolve", {"card": c, "name": sp.name, "owner": seat,
                               "copy": c < 0}))
    if c >= 0:          # destroyed as it resolves (first: its effect may end the game)
        s.discards[s.owner[c]].append(c)
    run_effect(s, Ctx(seat, c, design), eff, link.targets, bool(link.combo), ev, SPELL_AIM)
    if c < 0:
        ev.append(Event("copy_gone", {"name": sp.name}))


def rechoose(s: ParagonsState, space: int, bump: int, targets: tuple, ev: list[Event]) -> None:
    """The pending link's player has chosen again: it is carried out (the window then goes on:
    flow.rechoose)."""
    link = s.pending.with_choices(space, bump, targets)
    s.pending = None
    if link.kind == ATTACK:          # a defence was against the target first declared
        s.defenders.pop(link.card, None)
    carry_out(s, link, ev)


# --- the window ------------------------------------------------------------------------------------

def may_respond(s: ParagonsState, p: int) -> bool:
    """Could p add to the chain, judged on what the table shows? (A turn's moments ask
    otherwise: flow.py.)"""
    if s.hidden[p] or (s.hands[p] and s.mana[p] >= 1):
        return True
    if combat.open_attacks(s, p) and any(combat.defenders(s, a, t) for a, t in combat.open_attacks(s, p)):
        return True
    own_turn = s.turn == p
    for m in s.mercs(p):
        if own_turn and combat.can_cast(s, m) and combat.caster_targets(s, p):
            return True
        for e in card_of(s, m).activated:
            if (e.anytime or (own_turn and m not in s.fresh)) and ability_payable(s, p, m, e):
                return True
    return False


def ability_payable(s: ParagonsState, p: int, m: int, e) -> bool:
    return not (e.exhaust and m in s.exhausted) and e.mana <= s.mana[p]


def emptied(s: ParagonsState, ev: list[Event]) -> None:
    """The chain has resolved whole: no attack waits for its defence any more."""
    s.defenders.clear()


def closed(s: ParagonsState) -> bool:
    """Nobody is asked while a link waits to be chosen again or once the game is decided."""
    return s.pending is not None or not outcome.game_on(s)
