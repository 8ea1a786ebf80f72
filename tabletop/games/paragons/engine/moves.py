"""The legal actions of the seat to act, with their labels, phase by phase.

On your turn with the chain empty you may play mercenaries, put Hidden cards face down,
attack, use abilities (a Caster's too), add Garrison counters, Recruit, play spells, reveal
Hidden cards, or end the turn. While a chain is open, the seat holding priority may add a
spell, reveal a Hidden card, use an ability ("anytime" ones on any turn, others on its own
turn), defend against an attack on it, or let the chain be. The moments a turn gives the other
players (after its Beginning, and when its player would end it) are links of the chain too.
"""

from __future__ import annotations

from itertools import combinations

from tabletop.core import Action
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, combat
from tabletop.games.paragons.engine.board import space_name
from tabletop.games.paragons.engine.cards import CLASS_NAMES, DECK_SIZE, card
from tabletop.games.paragons.engine.stack_item import ATTACK, BEGIN, END, MERC, SPELL
from tabletop.games.paragons.engine.draft import open_classes
from tabletop.games.paragons.engine.state import (BUILD, CLASS, DRAFT, MULLIGAN, OVER, PLAY, SWAP,
                                                  ParagonsState)
from tabletop.games.paragons.engine.steps import LOW_LIFE
from tabletop.games.paragons.engine.stats import card_of, has, name, recruit_discount
from tabletop.games.paragons.engine.targets import (ABILITY_AIM, LINK_BASE, SPACE_BASE, SPELL_AIM,
                                                    is_player, player_of, space_of_target)


def to_act(s: ParagonsState) -> int | None:
    if s.phase == OVER:
        return None
    if s.phase != PLAY:
        return s.deciding
    if s.pending is not None:
        return s.pending.seat
    return s.prio if s.prio >= 0 else s.turn


def main_time(s: ParagonsState) -> bool:
    """The turn player with the chain empty: the time for anything a turn allows."""
    return s.phase == PLAY and s.prio < 0 and s.pending is None and not s.stack


def recruit_price(s: ParagonsState, seat: int, c: int) -> int:
    """Lesser Mercenaries cost 2, Greater ones 3, less any discounts (never below 1)."""
    base = 3 if card_of(s, c).tier == "greater" else 2
    return max(1, base - recruit_discount(s, seat))


def reveal_ready(s: ParagonsState, seat: int, c: int) -> bool:
    """Is the reveal condition of Hidden card c met now for its player?"""
    cond = card_of(s, c).reveal
    if cond == "your_turn":
        return s.turn == seat
    if cond == "low_life":
        return s.life[seat] <= LOW_LIFE
    if cond == "enemy_attack":
        return any(link.kind == ATTACK and link.seat != seat and link.card in s.at
                   and combat.attacked_seat(s, link.targets[0]) == seat for link in s.stack)
    want = SPELL if cond == "enemy_spell" else MERC
    return any(link.kind == want and link.seat != seat for link in s.stack)


def garrison_ok(s: ParagonsState, seat: int, m: int) -> bool:
    return has(s, m, "garrison") and m not in s.fresh and m not in s.garrisoned \
        and card_of(s, m).cost <= s.mana[seat]


# --- labels ----------------------------------------------------------------------------------------

def target_label(s: ParagonsState, t: int) -> str:
    if is_player(t):
        return f"Player {player_of(t) + 1}"
    if t >= LINK_BASE:
        link = s.stack[t - LINK_BASE]
        return f"Player {link.seat + 1}'s {card(chain.design_of(s, link)).name} on the chain"
    if t >= SPACE_BASE:
        q, i = space_of_target(t)
        return f"Player {q + 1}'s {space_name(i)}"
    if t in s.at:
        return f"Player {s.board_of(t) + 1}'s {name(s, t)}"
    return name(s, t)


def _aimed(s: ParagonsState, targets: tuple) -> str:
    return f", aimed at {target_label(s, targets[0])}" if targets else ""


def _placed(s: ParagonsState, seat: int, space: int, bump: int) -> str:
    text = f" to {space_name(space)}"
    if bump >= 0:
        text += f", moving {name(s, s.spaces[seat][space])} to {space_name(bump)}"
    return text


# --- the phases --------------------------------------------------------------------------------------

def legal(s: ParagonsState) -> list[Action]:
    seat = to_act(s)
    if seat is None:
        return []
    if s.phase == CLASS:
        return [A.CHOOSE(k, label=f"Play the {CLASS_NAMES[k]}") for k in open_classes(s)]
    if s.phase == DRAFT:
        return [A.PICK(c, label=f"Draft {name(s, c)}") for c in s.layout]
    if s.phase in (BUILD, SWAP):
        return building(s, seat)
    if s.phase == MULLIGAN:
        return mulligans(s, seat)
    return play_moves(s, seat)


def building(s: ParagonsState, seat: int) -> list[Action]:
    """A deck changes by swaps made in two steps: with 30 cards, set one aside (or finish); with
    29, put one in. So the deck is never far from legal and any deck of 30 can be reached."""
    if len(s.decks[seat]) < DECK_SIZE:
        return [A.ADD(c, label=f"Put {name(s, c)} into your deck") for c in s.reserves[seat]]
    out = [A.REMOVE(c, label=f"Set {name(s, c)} aside") for c in sorted(s.decks[seat])]
    out.append(A.DONE(label=f"Play this deck of {DECK_SIZE} cards"))
    return out


def mulligans(s: ParagonsState, seat: int) -> list[Action]:
    hand = sorted(s.hands[seat])
    out = [A.MULLIGAN((), label="Keep this hand")]
    for n in range(1, len(hand) + 1):
        for back in combinations(hand, n):
            out.append(A.MULLIGAN(back, label="Mulligan: return " + ", ".join(name(s, c) for c in back)))
    return out


def play_moves(s: ParagonsState, seat: int) -> list[Action]:
    if s.pending is not None:
        return [A.RECHOOSE(sp, b, t, label=f"Instead: {_rechoice_label(s, sp, b, t)}")
                for sp, b, t in chain.options(s, s.pending)]
    main = main_time(s)
    out = hand_moves(s, seat, main) + hidden_moves(s, seat) + board_moves(s, seat, main)
    if main:
        out += [A.RECRUIT(c, label=f"Recruit {name(s, c)} ({recruit_price(s, seat, c)} mana)")
                for c in s.pool if recruit_price(s, seat, c) <= s.mana[seat]]
        out.append(A.END_TURN(label="End your turn"))
    else:
        for a, t in combat.open_attacks(s, seat):
            out += [A.DEFEND(a, d, label=f"Defend with {name(s, d)} against {name(s, a)}")
                    for d in combat.defenders(s, a, t)]
        out.append(A.DECLINE(label=_decline_label(s)))
    return out


def _decline_label(s: ParagonsState) -> str:
    top = s.stack[-1].kind if s.stack else ""
    if top == BEGIN:
        return "Let the turn go on"
    if top == END:
        return "Let the turn end"
    return "Let the chain resolve"


def _rechoice_label(s: ParagonsState, space: int, bump: int, targets: tuple) -> str:
    if space >= 0:
        return "play it" + _placed(s, s.pending.seat, space, bump) + _aimed(s, targets)
    return "aim it at " + target_label(s, targets[0]) if targets else "do it without a target"


def hand_moves(s: ParagonsState, seat: int, main: bool) -> list[Action]:
    out = []
    mana = s.mana[seat]
    for c in s.hands[seat]:
        cd = card_of(s, c)
        if cd.cost > mana:
            continue
        if cd.hidden:
            if main:
                out.append(A.HIDE(c, label=f"Put {cd.name} face down ({cd.cost} mana)"))
        elif cd.is_merc:
            if main:
                out += [A.PLAY(c, sp, b, t, label=f"Play {cd.name}{_placed(s, seat, sp, b)} "
                                                  f"({cd.cost} mana){_aimed(s, t)}")
                        for sp, b, t in chain.merc_choices(s, seat, c)]
        else:
            spec = cd.play_effect.target
            out += [A.CAST(c, t, label=f"Cast {cd.name} ({cd.cost} mana){_aimed(s, t)}")
                    for t in chain.aim_choices(s, seat, spec, SPELL_AIM, False, c)]
    return out


def hidden_moves(s: ParagonsState, seat: int) -> list[Action]:
    out = []
    for c in s.hidden[seat]:
        if not reveal_ready(s, seat, c):
            continue
        cd = card_of(s, c)
        if cd.is_merc:
            out += [A.REVEAL(c, sp, b, t, label=f"Reveal {cd.name}{_placed(s, seat, sp, b)}{_aimed(s, t)}")
                    for sp, b, t in chain.merc_choices(s, seat, c)]
        else:
            out += [A.REVEAL(c, -1, -1, t, label=f"Reveal {cd.name}{_aimed(s, t)}")
                    for t in chain.aim_choices(s, seat, cd.play_effect.target, SPELL_AIM, False, c)]
    return out


def board_moves(s: ParagonsState, seat: int, main: bool) -> list[Action]:
    out = []
    own = s.turn == seat
    for m in s.mercs(seat):
        cd = card_of(s, m)
        for i, e in enumerate(cd.activated):
            if not (e.anytime or (own and m not in s.fresh)) or not chain.ability_payable(s, seat, m, e):
                continue
            out += [A.ABILITY(m, i, t, label=f"{cd.name}'s ability{_aimed(s, t)}")
                    for t in chain.aim_choices(s, seat, e.target, ABILITY_AIM, False, m)]
        if own and combat.can_cast(s, m):
            out += [A.CASTER(m, t, label=f"{cd.name} casts {cd.attack} damage at {target_label(s, t)}")
                    for t in combat.caster_targets(s, seat)]
        if main:
            if combat.can_attack(s, m):
                out += [A.ATTACK(m, t, label=f"Attack {target_label(s, t)} with {cd.name}")
                        for t in combat.attack_targets(s, m)]
            if garrison_ok(s, seat, m):
                out.append(A.GARRISON(m, label=f"Garrison {cd.name} ({cd.cost} mana)"))
    return out
