"""The set-up decisions of Champions' Brawl, by heuristics: a search would spend its time on
choices it cannot tell apart from a few playouts (which champion, which cards to redraw,
where the traps and the champions start), so the bots take these from here.

- Champions: a fixed order of preference (sturdy hitters first); in alternate picks the
  other seat's choices simply leave the list.
- Redraw: only one card of a colour can be played in a turn (its core is then spent), so a
  second card of a colour is dead weight: keep the best of each colour, redraw the others. A
  reaction is kept by the second player only (it may answer the first player's opening turn;
  the first player's hand is discarded before the other seat moves).
- Traps: where the enemy will walk (near its deployment area and champions).
- Deployment: the free deployment hex nearest the coming challenges' objectives and the
  middle of the arena, the sturdiest champion first.
"""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.hexgrid import Hex
from tabletop.games.brawl import tactics as T
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import arena
from tabletop.games.brawl.engine.board import card_of
from tabletop.games.brawl.engine.content import champions
from tabletop.games.brawl.engine.state import DEPLOY, PICK, REDRAW, TRAPS, BrawlState, team

# Most wanted first. Tough melee champions hold areas and take hits; Sable's long shots and
# Ilse's healing come next; Orrin (7 hit points, no defence) is the easiest to knock out.
PREFERENCE = ("maud", "kessa", "varro", "sable", "ilse", "orrin")


def rank(champ: str) -> int:
    return PREFERENCE.index(champ) if champ in PREFERENCE else len(PREFERENCE)


def pick_choice(s: BrawlState, seat: int) -> Action:
    return A.PICK(min(flow.pickable(s, seat), key=lambda c: (rank(c), c)))


def redraw_cards(s: BrawlState, seat: int) -> tuple[int, ...]:
    """The cards to set aside: all but the best card of each colour (reactions kept only by
    the second player, and only one)."""
    keep: dict[str, int] = {}
    second = seat != s.first
    hand = sorted(s.hands[seat])
    for c in sorted(hand, key=lambda x: (-T.card_worth(s, x), x)):
        cd = card_of(s, c)
        key = "reaction" if cd.type == "reaction" else cd.core
        if key == "reaction" and not second:
            continue
        if key not in keep:
            keep[key] = c
    return tuple(c for c in hand if c not in keep.values())


def trap_choice(s: BrawlState, seat: int) -> Action:
    opts = board.trap_hexes_open(s)
    return A.TRAP(max(opts, key=lambda h: (T.trap_spot(s, seat, h), -h)))


def deploy_choice(s: BrawlState, seat: int) -> Action:
    champs, hexes = flow.deploy_options(s, seat)
    c = min(champs, key=lambda x: (-board.hp(s, x) - 2 * board.defence(s, x), x))
    obj = T.objective_map(s, seat)
    centre = arena().index[Hex(0, 0)]
    h = max(hexes, key=lambda x: (obj[x] - 0.01 * T.dist(x, centre), -x))
    return A.DEPLOY(c, h)


def setup_move(s: BrawlState, seat: int) -> Action:
    if s.phase == PICK:
        return pick_choice(s, seat)
    if s.phase == REDRAW:
        return A.REDRAW(redraw_cards(s, seat))
    if s.phase == TRAPS:
        return trap_choice(s, seat)
    if s.phase == DEPLOY:
        return deploy_choice(s, seat)
    raise ValueError(f"not a set-up phase: {s.phase}")


def team_strength(s: BrawlState, seat: int) -> float:
    """The champions a seat has chosen, by the preference above (for the set-up value)."""
    return sum(len(PREFERENCE) - rank(c) for c in s.picks[seat] if c in champions())


__all__ = ["setup_move", "team_strength", "PREFERENCE", "redraw_cards", "team"]
