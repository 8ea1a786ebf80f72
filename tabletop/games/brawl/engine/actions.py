"""The decisions of Champions' Brawl, each declared once: its JSON kind, its named arguments in
order, and the sentence for an action of that kind with the wrong arguments.

Champions are numbers 0..5 (seat * 3 + slot), cards numbers as cards.py deals them, hexes the
arena's numbers (arena.py). `hex` answers every decision that asks for a hex: a step of a move, the
end of a Dash, Swoop, Jump or Fear, where a Place puts a champion; `stop` ends a move early.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.action_kinds import ActionKind, ActionKinds


class Pick(NamedTuple):
    champion: str                # a champion design's id


class Cards(NamedTuple):
    cards: tuple[int, ...]


class OneHex(NamedTuple):
    hex: int


class Deploy(NamedTuple):
    champion: int
    hex: int


class OneCard(NamedTuple):
    card: int


class Standard(NamedTuple):
    core: str                    # red, yellow or blue: the core it exhausts
    option: str                  # "own": the colour's own action; "move": move 2
    champion: int


class OneChampion(NamedTuple):
    champion: int


PICK = ActionKind("pick", Pick, says="Name the champion you choose.")
REDRAW = ActionKind("redraw", Cards, says="Name the cards of your hand to replace (none: keep).")
TRAP = ActionKind("trap", OneHex, says="Name the trap hex for the trap.")
DEPLOY = ActionKind("deploy", Deploy, says="Name the champion and the deployment hex.")
PLAY = ActionKind("play", OneCard, says="Name the card to play.")
STANDARD = ActionKind("standard", Standard, says="Name the core, the option and the champion.")
HEX = ActionKind("hex", OneHex, says="Name the hex.")
STOP = ActionKind("stop", says="Stopping takes nothing.")
TARGET = ActionKind("target", OneChampion, says="Name the champion to target.")
REACT = ActionKind("react", OneCard, says="Name the reaction card to play.")
PASS = ActionKind("pass", says="Passing takes nothing.")
DISCARD = ActionKind("discard", OneCard, says="Name the card to discard.")
PLAN = ActionKind("plan", Cards, says="Name the cards to put on top of your deck (none: keep them).")
END = ActionKind("end", says="Ending your turn takes nothing.")

KINDS = ActionKinds(PICK, REDRAW, TRAP, DEPLOY, PLAY, STANDARD, HEX, STOP, TARGET, REACT, PASS,
                    DISCARD, PLAN, END, unknown="That is not a Champions' Brawl move.")
