"""The decisions of Paragon: Trials of the Chosen, each declared once: its JSON kind, its
named arguments in order, and the sentence for an action of that kind with the wrong
arguments.

Cards are ids in the state's designs (seat * 100 + n, state.py); targets are card ids,
or seats for effects aimed at an opponent. Instant cards and effects do not use the
turn's action (rules.py).

Three decisions answer a question the engine asks while something resolves
(stack_item.TrialsChoice): where a scout takes its card, which One-Handed card makes
room, and which of the effects that triggered together resolves first.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.action import Action
from tabletop.core.action_kinds import ActionKind, ActionKinds


class Play(NamedTuple):
    card: int                    # a card of the hand
    avatar: int                  # the Avatar it attaches to
    detach: int                  # the One-Handed card a third one replaces, -1: none
    targets: tuple[int, ...]     # what its play effect is aimed at
    scout: int                   # 0: kept for the saved form; a scout is chosen when it happens


class Activate(NamedTuple):
    card: int                    # a card of the player's in play
    effect: int                  # the index of its activated effect
    targets: tuple[int, ...]
    scout: int                   # 0, as for Play


class Attack(NamedTuple):
    attacker: int
    target: int


class Channel(NamedTuple):
    avatar: int                  # exhausted for 1 energy


class Ignite(NamedTuple):
    target: int                  # the enemy card the ignite damage goes to


class Scout(NamedTuple):
    where: int                   # 0: the top card, 1: the bottom card, 2: no card


class Detach(NamedTuple):
    card: int                    # the One-Handed card that makes room for the one arriving


class Order(NamedTuple):
    effect: int                  # which waiting triggered effect (its place in the state's
                                 # list) resolves before the others left


PLAY = ActionKind("play", Play, says="Name the card, the Avatar, what to detach, the targets and 0.")
ACTIVATE = ActionKind("activate", Activate, says="Name the card, which of its effects, the targets and 0.")
ATTACK = ActionKind("attack", Attack, says="Name the attacking card and its target.")
CHANNEL = ActionKind("channel", Channel, says="Channel with one of your own Avatars.")
IGNITE = ActionKind("ignite", Ignite, says="Ignite names the enemy card its damage goes to.")
PASS = ActionKind("pass", says="Passing takes nothing.")
DECLINE = ActionKind("decline", says="Letting the stack resolve takes nothing.")
SCOUT = ActionKind("scout", Scout, says="A scout takes the top card (0), the bottom card (1) or none (2).")
DETACH = ActionKind("detach", Detach, says="Name the One-Handed card to detach.")
ORDER = ActionKind("order", Order, says="Name the waiting effect that resolves first.")

KINDS = ActionKinds(PLAY, ACTIVATE, ATTACK, CHANNEL, IGNITE, PASS, DECLINE, SCOUT, DETACH, ORDER,
                    unknown="That is not a move in this game.")
# the answers to a question asked while something resolves, by the question's kind (each
# answer's kind is the kind of the question it answers: stack_item.SCOUT, DETACH, ORDER)
ANSWERS = {k.kind: k for k in (SCOUT, DETACH, ORDER)}

# A play, an activation, a channel and an attack start from a card (the first argument of each).
_SOURCE = {PLAY.kind: PLAY.card, ACTIVATE.kind: ACTIVATE.card, CHANNEL.kind: CHANNEL.avatar,
           ATTACK.kind: ATTACK.attacker}


def source(a: Action) -> int | None:
    """The card a play, activation, channel or attack starts from; None for other kinds."""
    get = _SOURCE.get(a.kind)
    return None if get is None else get(a)
