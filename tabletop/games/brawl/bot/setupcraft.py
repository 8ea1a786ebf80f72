"""The set-up decisions of Champions' Brawl, by heuristics: a search would spend its time on
choices it cannot tell apart from a few playouts (which champion, which cards to redraw,
where the traps and the champions start), so the bots take these from here.

- Champions: a fixed order of preference, measured: in 1500 games of the playbook against
  itself with random picks, teams with Kessa won 62%, Varro 57%, Ilse 56%, Maud, Sable and
  Orrin 41-42%. In alternate picks the other seat's choices simply leave the list. Against
  random picks, the same play otherwise, these picks win 71% (1000 games).
- Redraw: only one card of a colour can be played in a turn (its core is then spent), so a
  second card of a colour is dead weight: keep the best of each colour, redraw the others;
  reactions stay (they answer attacks on the other seat's turn). Measured, the redraw barely
  matters: 48.6% against keeping every hand (1500 games, within the noise).
- Traps: where the enemy will walk (near its deployment area and champions): 54% against
  random traps (1000 games).
- Deployment: the free deployment hex nearest the coming challenges' objectives and the
  middle of the arena, the sturdiest champion first: 52% against random deployment.
"""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.hexgrid import Hex
from tabletop.games.brawl.bot import tactics as T
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import arena
from tabletop.games.brawl.engine.board import card_of
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.state import DEPLOY, PICK, REDRAW, TRAPS, BrawlState

# Most wanted first (the measurement above): Kessa's heavy melee, Varro's lifesteal and
# regeneration, Ilse's healing; Orrin (7 hit points, no defence) is the easiest to knock out.
PREFERENCE = ("kessa", "varro", "ilse", "maud", "sable", "orrin")


def rank(champ: str) -> int:
    return PREFERENCE.index(champ) if champ in PREFERENCE else len(PREFERENCE)


def pick_choice(s: BrawlState, seat: int) -> Action:
    return A.PICK(min(flow.pickable(s, seat), key=lambda c: (rank(c), c)))


def redraw_cards(s: BrawlState, seat: int) -> tuple[int, ...]:
    """The cards to set aside: every card of a colour but the best one; reactions are kept."""
    keep: set[str] = set()
    out = []
    for c in sorted(s.hands[seat], key=lambda x: (-T.card_worth(s, x), x)):
        cd = card_of(s, c)
        if cd.type == "reaction":
            continue
        if cd.core in keep:
            out.append(c)
        keep.add(cd.core)
    return tuple(sorted(out))


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


__all__ = ["setup_move", "team_strength", "PREFERENCE", "redraw_cards"]
