"""Whose decision it is and every legal action with its label (rules.py carries them out)."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import arena
from tabletop.games.brawl.engine.board import card_of, cname
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.state import DEPLOY, OVER, PICK, PLAY, REDRAW, TRAPS, BrawlState

STOPPABLE = ("walk", "force", "dash", "swoop", "jump")
HEX_KINDS = STOPPABLE + ("fear", "place", "trap")


def to_act(s: BrawlState) -> int | None:
    if s.phase == OVER:
        return None
    if s.phase != PLAY:
        return flow.deciding(s)
    if s.prio >= 0:                  # an attack waits for reactions
        return s.prio
    return s.pending[-1].seat if s.pending else s.active


def can_stop(s: BrawlState, pd) -> bool:
    """A move may end here unless the champion stands on an ally's hex."""
    return not board.at(s, s.pos[pd.champ], pd.champ) or s.pos[pd.champ] < 0


def legal(s: BrawlState) -> list[Action]:
    seat = to_act(s)
    if seat is None:
        return []
    L = arena().label
    if s.phase == PICK:
        return [A.PICK(c, label=f"Choose {champions()[c].name}") for c in flow.pickable(s, seat)]
    if s.phase == REDRAW:
        return [A.REDRAW(cards, label="Keep your hand" if not cards else
                         "Redraw " + ", ".join(card_of(s, c).name for c in cards))
                for cards in flow.plan_options(s, seat, len(s.hands[seat]))]
    if s.phase == TRAPS:
        return [A.TRAP(h, label=f"Set a trap on {L(h)}") for h in board.trap_hexes_open(s)]
    if s.phase == DEPLOY:
        champs, hexes = flow.deploy_options(s, seat)
        return [A.DEPLOY(c, h, label=f"Deploy {cname(s, c)} on {L(h)}") for c in champs for h in hexes]
    if s.prio >= 0:
        return [A.REACT(c, label=f"React with {card_of(s, c).name}")
                for c in flow.reaction_options(s, s.play)] + [A.PASS(label="No reaction")]
    if s.pending:
        return _answers(s, s.pending[-1])
    out = [A.PLAY(c, label=f"Play {card_of(s, c).name} ({cname(s, c // 6)})")
           for c in sorted(s.hands[seat]) if flow.playable(s, seat, c)]
    out += [A.STANDARD(core, option, c, label=f"Standard action ({core} core, "
                       f"{'move 2' if option == 'move' else 'its own'}) with {cname(s, c)}")
            for core, option, c in flow.standard_options(s, seat)]
    out.append(A.END(label="End your turn"))
    return out


def _answers(s: BrawlState, pd) -> list[Action]:
    L = arena().label
    opts = flow.options(s, pd)
    k = pd.kind
    if k in HEX_KINDS:
        verb = {"trap": "Set a trap on", "place": f"Place {cname(s, pd.champ)} on"}.get(
            k, f"{cname(s, pd.champ)} to")
        out = [A.HEX(h, label=f"{verb} {L(h)}") for h in opts]
        if k in STOPPABLE and can_stop(s, pd):
            out.append(A.STOP(label="Stop moving"))
        return out
    if k == "target":
        return [A.TARGET(c, label=f"Target {cname(s, c)}") for c in opts]
    if k == "discard":
        return [A.DISCARD(c, label=f"Discard {card_of(s, c).name}") for c in opts]
    if k == "plan":
        return [A.PLAN(cards, label="Plan nothing" if not cards else
                       "Put on top: " + ", ".join(card_of(s, c).name for c in cards)) for cards in opts]
    raise ValueError(k)
