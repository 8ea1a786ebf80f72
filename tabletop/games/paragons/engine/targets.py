"""Chosen targets: how they are written in actions and links, and whether one is valid now.

A target is one int whose meaning its effect's spec gives: a mercenary or a Pool card is its
card id; a player is -1 - seat; a board space is 1000 + seat * 8 + space; a link of the chain
is 2000 + its index in the chain (links never move while the chain lives: a cancelled one is
voided in place).

Concealed mercenaries are no valid target for enemy spells and Voluntary Abilities; the
arrival effects of mercenaries (passive abilities) may still target them.

Every check takes `source`, the card the effect comes from (-1: none, as for a copy of a
spell): "another mercenary of yours" (other_own_merc) is any mercenary of yours but that one.
"""

from __future__ import annotations

from tabletop.games.paragons.engine.stack_item import MERC, SPELL
from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.stats import card_of, has, name
from tabletop.games.paragons.engine.state import SPACES, ParagonsState
from tabletop.games.paragons.engine.steps import (MERC_TARGETS, OWN_MERC_TARGETS, SOURCE_TARGETS,
                                                  SPACE_TARGETS)

SPACE_BASE, LINK_BASE = 1000, 2000
# who aims: Concealed turns away spells and abilities, not passive abilities
SPELL_AIM, ABILITY_AIM, PASSIVE_AIM = "spell", "ability", "passive"
# what a spec asks for, in the words of a refusal
TARGET_WORDS = {"enemy_merc": "an enemy mercenary", "own_merc": "a mercenary of yours",
                "other_own_merc": "another mercenary of yours", "any_merc": "a mercenary on the board",
                "enemy_any": "an enemy mercenary or an opponent", "opponent": "an opponent", "own_space": "a space of your own board",
                "enemy_space": "a space of an opponent's board", "pool": "a card of the Mercenary Pool",
                "pool_lesser": "a Lesser mercenary of the Pool", "enemy_spell": "an enemy spell on the chain",
                "enemy_merc_link": "an enemy mercenary being played", "own_spell": "a spell of yours on the chain"}


def player_target(p: int) -> int:
    return -1 - p


def is_player(t: int) -> bool:
    return t < 0


def player_of(t: int) -> int:
    return -1 - t


def space_target(seat: int, i: int) -> int:
    return SPACE_BASE + seat * SPACES + i


def space_of_target(t: int) -> tuple[int, int]:
    """(seat, space) of a space target."""
    return divmod(t - SPACE_BASE, SPACES)


def link_target(i: int) -> int:
    return LINK_BASE + i


def is_merc_id(t: int) -> bool:
    return 0 <= t < SPACE_BASE


def merc_ok(s: ParagonsState, seat: int, spec: str, m: int, aim: str, source: int) -> bool:
    if not is_merc_id(m) or m not in s.at:
        return False
    board = s.board_of(m)
    if s.out[board]:
        return False
    if board == seat:
        return spec in ("own_merc", "any_merc") or (spec == "other_own_merc" and m != source)
    if spec in OWN_MERC_TARGETS:
        return False
    return aim == PASSIVE_AIM or not has(s, m, "concealed")


def _link_ok(s: ParagonsState, seat: int, spec: str, t: int) -> bool:
    i = t - LINK_BASE
    if not 0 <= i < len(s.stack):
        return False
    link = s.stack[i]
    if spec == "own_spell":      # a plain spell: a copy of an Imbuement would have no card to attach
        return link.kind == SPELL and link.seat == seat and \
            card(link.design or s.designs[link.card]).type == "spell"
    if spec == "enemy_spell":
        return link.kind == SPELL and link.seat != seat
    # a mercenary being played: its play waits on the chain and it is still on the board
    return link.kind == MERC and link.seat != seat and link.card in s.at


def aims_at_source(spec: str, targets: tuple, source: int) -> bool:
    """Do `targets` aim "another mercenary of yours" at the card the effect comes from?"""
    return spec in SOURCE_TARGETS and source >= 0 and tuple(targets[:1]) == (source,)


def target_ok(s: ParagonsState, seat: int, spec: str, t: int, aim: str, source: int) -> bool:
    """Whether `t` is a valid target of `spec` for `seat` now, for an effect of card `source`."""
    if type(t) is not int:
        return False
    if spec in MERC_TARGETS:
        return merc_ok(s, seat, spec, t, aim, source)
    if spec in ("opponent", "enemy_any"):
        if is_player(t):
            p = player_of(t)
            return 0 <= p < s.players and p != seat and not s.out[p]
        return spec == "enemy_any" and merc_ok(s, seat, "enemy_merc", t, aim, source)
    if spec in ("pool", "pool_lesser"):
        return t in s.pool and (spec == "pool" or card_of(s, t).tier == "lesser")
    if spec in SPACE_TARGETS:
        if not SPACE_BASE <= t < LINK_BASE:
            return False
        q, _ = space_of_target(t)
        if q >= s.players or s.out[q]:
            return False
        return (q == seat) == (spec == "own_space")
    if t >= LINK_BASE:
        return _link_ok(s, seat, spec, t)
    return False


def why_not(s: ParagonsState, seat: int, spec: str, t: int, aim: str, source: int, what: str) -> str | None:
    """The rule an invalid target of `what` (a spell, "X's ability") breaks, in a sentence that
    names it: Concealed, out of the game, not Lesser, not another one, or what the effect asks
    for. None when the target is valid."""
    if type(t) is not int or target_ok(s, seat, spec, t, aim, source):
        return None
    wants = f"{what} targets {TARGET_WORDS.get(spec, 'something else')}"
    if is_merc_id(t) and t in s.at and spec in MERC_TARGETS + ("enemy_any",):
        mine = s.board_of(t) == seat
        if s.out[s.board_of(t)]:
            return "That player is out of the game: nothing of theirs can be targeted."
        if spec in SOURCE_TARGETS and t == source:
            return f"{wants}, not the mercenary it comes from."
        if spec in OWN_MERC_TARGETS and not mine:
            return f"{wants}; {name(s, t)} is an opponent's."
        if spec in ("enemy_merc", "enemy_any") and mine:
            return f"{wants}; {name(s, t)} is yours."
        if has(s, t, "concealed") and aim != PASSIVE_AIM:
            return (f"{name(s, t)} is Concealed: enemy spells and abilities cannot target it "
                    "(the arrival of a mercenary still can).")
    if spec == "pool_lesser" and t in s.pool:
        return f"{wants}; {name(s, t)} is not Lesser."
    if is_player(t) and 0 <= player_of(t) < s.players and s.out[player_of(t)]:
        return "That player is out of the game."
    return f"{wants}."


def choices(s: ParagonsState, seat: int, spec: str, aim: str, source: int) -> list[int]:
    """Every valid target of `spec` for `seat` now, for an effect of card `source`."""
    if spec in MERC_TARGETS:
        return [m for m in s.all_mercs() if merc_ok(s, seat, spec, m, aim, source)]
    if spec in ("opponent", "enemy_any"):
        out = [player_target(p) for p in s.live() if p != seat]
        if spec == "enemy_any":
            out += [m for m in s.all_mercs() if merc_ok(s, seat, "enemy_merc", m, aim, source)]
        return out
    if spec in ("pool", "pool_lesser"):
        return [c for c in s.pool if target_ok(s, seat, spec, c, aim, source)]
    if spec in SPACE_TARGETS:
        seats = [seat] if spec == "own_space" else [p for p in s.live() if p != seat]
        return [space_target(q, i) for q in seats for i in range(SPACES)]
    return [link_target(i) for i in range(len(s.stack)) if _link_ok(s, seat, spec, link_target(i))]
