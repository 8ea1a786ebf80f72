"""The effect primitives, each declared once in the op registry (steps.OPS): parameters, the
words it prints on a card, and what it does.

kind "effect": a card's pre- or post-attack step, run as execute(step, state, ctx, events);
kind "mod":    a static of an attack, read by its damage step (flow.strike);
kind "level":  a champion's levelled-up ability, read where it applies;
kind "challenge": a condition, execute(step, state, seat) -> bool, checked in the Scoreboard Phase.

Steps that need a decision (Force, Fear, Place, Dash, Swoop, Jump, Plan, a Stun with a choice)
push a Pending; the flow waits for it before the next stage of the card.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core import Event
from tabletop.core.ops import Param
from tabletop.games.brawl.engine import board
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import cname, hurt, in_arena
from tabletop.games.brawl.engine.state import BrawlState, Pending, owner, team
from tabletop.games.brawl.engine.steps import AREAS, CORES, OPS, WHOM, Step


class Ctx(NamedTuple):
    """Who does a step: the player, the acting champion, the card's targets with the damage each
    took, and (on a reaction) the attacking champion."""
    seat: int
    actor: int
    targets: tuple[int, ...] = ()
    dealt: tuple[int, ...] = ()
    attacker: int = -1


WHO = {"target": "the target", "self": "this champion", "attacker": "the attacker"}
N = Param("n", int, 1)
TO = Param("to", str, "target", WHOM, "recipient")
SELF = Param("to", str, "self", ("self",), "recipient")


def recipients(s: BrawlState, st: Step, ctx: Ctx) -> list[int]:
    if st.to == "self":
        out = [ctx.actor]
    elif st.to == "attacker":
        out = [ctx.attacker]
    else:
        out = list(ctx.targets)
    return [c for c in out if c >= 0 and in_arena(s, c)]


def _who(st: Step) -> str:
    return WHO[st.to]


# --- effects ----------------------------------------------------------------------------------------
@OPS.op("heal", kind="effect", params=(N, TO), text=lambda st: f"Heal {_who(st)} {st.n}")
def _heal(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    for c in recipients(s, st, ctx):
        board.heal(s, c, st.n, ev)


@OPS.op("damage", kind="effect", params=(N, TO),
        text=lambda st: f"Deal {st.n} damage to {_who(st)}, ignoring defence")
def _damage(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    for c in recipients(s, st, ctx):
        hurt(s, c, st.n, ctx.actor, ev)


def _shove(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event], away: bool) -> None:
    """Push (away) or Pull (towards): along the row joining the actor and the target; a target
    in none of the actor's rows is not moved. Stopped short by a statue, a champion or the edge,
    it takes the distance left as damage (a Snare stops it without damage)."""
    A = arena()
    for t in recipients(s, st, ctx):
        if not in_arena(s, ctx.actor):
            return
        d = A.direction(s.pos[ctx.actor], s.pos[t])
        if d < 0:
            ev.append(Event("no_effect", {"unit": t, "name": cname(s, t)}))
            continue
        if not away:
            d = (d + 3) % 6
        path = []
        for h in A.ray(s.pos[t], d, st.n):
            if not board.free(s, h):
                break
            path.append(h)
        if board.travel(s, t, path, ev) and len(path) < st.n:
            hurt(s, t, st.n - len(path), ctx.actor, ev)


def _keyword(word: str):
    """The text of a keyword with a number: "Push 1" on the target, "Push the attacker 1"."""
    return lambda st: f"{word} {st.n}" if st.to == "target" else f"{word} {_who(st)} {st.n}"


OPS.declare("push", kind="effect", params=(N, TO), text=_keyword("Push"),
            execute=lambda st, s, ctx, ev: _shove(st, s, ctx, ev, True))
OPS.declare("pull", kind="effect", params=(N, TO), text=_keyword("Pull"),
            execute=lambda st, s, ctx, ev: _shove(st, s, ctx, ev, False))


@OPS.op("root", kind="effect", params=(TO,), text=lambda st: "Root" + (
    "" if st.to == "target" else f" {_who(st)}"))
def _root(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    for c in recipients(s, st, ctx):
        # through this turn if it is its own player's, else through its player's next turn
        s.rooted[c] = s.turn_no + (0 if owner(c) == s.active else 1)
        ev.append(Event("root", {"seat": owner(c), "unit": c,
                                   "name": cname(s, c)}))


@OPS.op("stun", kind="effect", params=(TO,), text=lambda st: "Stun" + (
    "" if st.to == "target" else f" {_who(st)}"))
def _stun(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    for c in reversed(recipients(s, st, ctx)):
        board.discard_one(s, c, ev)


def _decide(kind: str, by_owner: bool):
    """An effect carried out by a decision: one Pending per recipient, the first on top."""
    def run(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
        for c in reversed(recipients(s, st, ctx)):
            seat = owner(c) if by_owner else ctx.seat
            src = s.pos[ctx.actor] if kind == "fear" else ctx.actor
            if kind == "fear" and s.pos[ctx.actor] == GATE:
                continue
            s.pending.append(Pending(kind, seat, c, st.n, src))
    return run


OPS.declare("force", kind="effect", params=(N, TO), execute=_decide("force", False),
            text=_keyword("Force"))
OPS.declare("fear", kind="effect", params=(N, TO), execute=_decide("fear", True),
            text=_keyword("Fear"))
OPS.declare("place", kind="effect", params=(N, TO), execute=_decide("place", False),
            text=lambda st: (f"Place {_who(st)} on a free hex within {st.n} of this champion"
                             if st.to != "self" else f"Place this champion on a free hex within {st.n}"))
OPS.declare("dash", kind="effect", params=(N, SELF), execute=_decide("dash", True),
            text=lambda st: f"Dash {st.n}")
OPS.declare("swoop", kind="effect", params=(N, SELF), execute=_decide("swoop", True),
            text=lambda st: f"Swoop {st.n}")
OPS.declare("jump", kind="effect", params=(N, SELF), execute=_decide("jump", True),
            text=lambda st: f"Jump {st.n}")


@OPS.op("plan", kind="effect", params=(N,), text=lambda st: f"Plan {st.n}")
def _plan(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    if s.hands[ctx.seat]:
        s.pending.append(Pending("plan", ctx.seat, ctx.actor, st.n, -1))


@OPS.op("poison", kind="effect", params=(N,), text=lambda st: f"Poison {st.n}")
def _poison(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    for t, d in zip(ctx.targets, ctx.dealt):
        if d > 0 and in_arena(s, t):
            hurt(s, t, st.n, ctx.actor, ev)


@OPS.op("lifesteal", kind="effect", text=lambda st: "Lifesteal")
def _lifesteal(st: Step, s: BrawlState, ctx: Ctx, ev: list[Event]) -> None:
    if in_arena(s, ctx.actor):
        board.heal(s, ctx.actor, sum(ctx.dealt), ev)


# --- statics of an attack (read by flow.strike) ----------------------------------------------------------
OPS.declare("double", kind="mod", text=lambda st: "Double")
OPS.declare("bloodied", kind="mod", params=(N,),
            text=lambda st: f"+{st.n} strength against a Bloodied target")
OPS.declare("control", kind="mod", params=(Param("area", str, "centre", AREAS, "area"), N),
            text=lambda st: f"+{st.n} strength while you Control {arena().area_names[st.area]}")

# --- levelled-up abilities ----------------------------------------------------------------------------------
OPS.declare("fierce", kind="level", params=(N,), text=lambda st: f"its attacks have +{st.n} strength")
OPS.declare("swift", kind="level", params=(N,), text=lambda st: f"its cards have +{st.n} movement")
OPS.declare("sturdy", kind="level", params=(N,), text=lambda st: f"+{st.n} defence")
OPS.declare("venom", kind="level", params=(N,), text=lambda st: f"its attacks have Poison {st.n}")
OPS.declare("regen", kind="level", params=(N,), text=lambda st: f"it heals {st.n} in your Upkeep Phase")
OPS.declare("warded", kind="level", params=(N,), text=lambda st: f"its reactions shield {st.n} more")


# --- challenges: checked for `seat` in its Scoreboard Phase ------------------------------------------------
def _mine(s: BrawlState, seat: int) -> list[int]:
    return [c for c in team(seat) if in_arena(s, c)]


def _next_to_statue(s: BrawlState, c: int, statue: int) -> bool:
    return arena().dist(s.pos[c], statue) == 1


OPS.declare("hold_area", kind="challenge", params=(Param("area", str, "centre", AREAS, "area"),),
            text=lambda st: f"Control {arena().area_names[st.area]}",
            execute=lambda st, s, seat: board.controls(s, seat, st.area))
OPS.declare("statues", kind="challenge", params=(N,),
            text=lambda st: f"Have champions next to {st.n} different statues",
            execute=lambda st, s, seat: sum(
                any(_next_to_statue(s, c, h) for c in _mine(s, seat))
                for h in arena().statues.values()) >= st.n)
OPS.declare("statue", kind="challenge", params=(Param("colour", str, "red", CORES, "colour"),),
            text=lambda st: f"Have a champion next to the {st.colour} statue",
            execute=lambda st, s, seat: any(_next_to_statue(s, c, arena().statues[st.colour])
                                            for c in _mine(s, seat)))
OPS.declare("bloody", kind="challenge", params=(N,),
            text=lambda st: f"{st.n} enemy champions are Bloodied",
            execute=lambda st, s, seat: sum(board.bloodied(s, c) for c in team(1 - seat)) >= st.n)
OPS.declare("routed", kind="challenge", params=(N,),
            text=lambda st: f"{st.n} enemy champion{'s are' if st.n > 1 else ' is'} out of action",
            execute=lambda st, s, seat: sum(s.pos[c] == GATE and s.deployed[c]
                                            for c in team(1 - seat)) >= st.n)
OPS.declare("unbowed", kind="challenge",
            text=lambda st: "All three of your champions are in the arena and none is Bloodied",
            execute=lambda st, s, seat: len(_mine(s, seat)) == 3 and not any(
                board.bloodied(s, c) for c in team(seat)))
OPS.declare("invade", kind="challenge",
            text=lambda st: "A champion of yours stands in the enemy deployment area",
            execute=lambda st, s, seat: any(s.pos[c] in arena().deploy[1 - seat] for c in _mine(s, seat)))
OPS.declare("spread", kind="challenge", params=(N,),
            text=lambda st: f"Your three champions are in the arena, each {st.n} or more hexes from the others",
            execute=lambda st, s, seat: len(_mine(s, seat)) == 3 and all(
                arena().dist(s.pos[a], s.pos[b]) >= st.n
                for a in team(seat) for b in team(seat) if a < b))
OPS.declare("huddle", kind="challenge",
            text=lambda st: "Your three champions are in the arena, each next to another of them",
            execute=lambda st, s, seat: len(_mine(s, seat)) == 3 and all(
                any(arena().dist(s.pos[a], s.pos[b]) == 1 for b in team(seat) if b != a)
                for a in team(seat)))
OPS.declare("trap_hex", kind="challenge", text=lambda st: "A champion of yours stands on a trap hex",
            execute=lambda st, s, seat: any(s.pos[c] in arena().trap_hexes for c in _mine(s, seat)))
OPS.declare("colours", kind="challenge", text=lambda st: "Your hand holds cards of all three colours",
            execute=lambda st, s, seat: {board.card_of(s, x).core for x in s.hands[seat]} == set(CORES))
