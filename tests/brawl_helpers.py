"""Champions' Brawl test helpers: a game set up to a known table, then pieces put where a rule
needs them."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.hexgrid import Hex
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import flow
from tabletop.games.brawl.engine.arena import arena
from tabletop.games.brawl.engine.cards import champions, token_effect
from tabletop.games.brawl.engine.rules import GAME

TEAMS = ("kessa", "orrin", "maud", "sable", "ilse", "varro")
# champions by number in a duel(): Player 1 has 0-2, Player 2 has 3-5
KESSA, ORRIN, MAUD, SABLE, ILSE, VARRO = range(6)
PARK = [(-4, 4), (-3, 4), (-2, 4), (0, -4), (1, -4), (2, -4)]


def H(q: int, r: int) -> int:
    return arena().index[Hex(q, r)]


def duel(teams=TEAMS, seed: int = 3):
    """A game in its first turn, Player 1 (seat 0) to act, no trap on the board, empty hands,
    the champions on their deployment areas."""
    s = flow.new_state({}, seed)
    s.first = s.active = 0
    s.picks, s.step_no = [list(teams[:3]), list(teams[3:])], 6
    flow._deal(s, [])
    do(s, "redraw", ())
    do(s, "redraw", ())
    for h in arena().trap_hexes[:4]:
        do(s, "trap", h)
    for i in range(3):
        do(s, "deploy", i, H(*PARK[i]))
        do(s, "deploy", 3 + i, H(*PARK[3 + i]))
    assert s.phase == "play" and s.active == 0 and s.turn_no == 1
    s.tokens += list(s.traps.values())
    s.traps = {}
    give(s, 0)                       # empty hands: a test deals the cards its rule needs
    give(s, 1)
    return s


def do(s, kind: str, *args) -> list:
    return GAME.apply(s, A.KINDS[kind].of(tuple(args)))


def act(kind: str, *args) -> Action:
    return A.KINDS[kind].of(tuple(args))


def why(s, kind: str, *args) -> str | None:
    return GAME.why_illegal(s, act(kind, *args))


def put(s, c: int, q: int, r: int) -> None:
    s.pos[c] = H(q, r)


def card(c: int, design: str, s=None) -> int:
    """The number of champion c's card `design` (in a duel with the default teams)."""
    teams = s.champs if s is not None else TEAMS
    ids = [cd.id for cd in champions()[teams[c]].cards]
    return c * 6 + ids.index(design)


def give(s, seat: int, *cards: int) -> None:
    """Seat's hand becomes exactly these cards (the rest go back to the deck)."""
    s.decks[seat] += s.hands[seat]
    s.hands[seat] = []
    for c in cards:
        for zone in (s.decks[seat], s.discards[seat]):
            if c in zone:
                zone.remove(c)
        s.hands[seat].append(c)


def trap(s, q: int, r: int, effect: str) -> int:
    """A trap token of this effect on hex (q, r)."""
    t = next(t for t in s.tokens if token_effect(t) == effect)
    s.tokens.remove(t)
    s.traps[H(q, r)] = t
    return t


def their_turn(s) -> None:
    """End Player 1's turn: Player 2 acts (round 1, turn 2)."""
    do(s, "end")
    assert s.active == 1


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def legal_kinds(s) -> set[str]:
    return {a.kind for a in GAME.legal_actions(s)}
