"""The words card and challenge data are written in: the op registry (declared in effects.py)
and the step value each op reads its parameters from.

A card has three lists of steps: `mods` (statics read by the attack's damage step: Double,
Bloodied, Control), `pre` (before targets are chosen: they act on the acting champion) and
`post` (after damage). A step's `to` names whom it acts on: "target" (each target of the card),
"self" (the acting champion) or "attacker" (on a reaction: the champion whose attack it answers).
A champion's levelled-up ability is one step of kind "level"; a challenge is one step of kind
"challenge", checked for the player in their Scoreboard Phase.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.ops import OpRegistry

OPS = OpRegistry("brawl")

WHOM = ("target", "self", "attacker")
CORES = ("red", "yellow", "blue")
AREAS = ("centre", "west", "east")


@dataclass(frozen=True, slots=True)
class Step:
    op: str
    n: int = 0
    to: str = "target"
    area: str = ""
    colour: str = ""
