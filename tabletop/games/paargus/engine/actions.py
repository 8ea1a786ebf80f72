"""The decisions of Paargus, each declared once: its JSON kind, its named arguments in
order, and the sentence for an action of that kind with the wrong arguments.

A turn is play* (trade | draw) (conjoin | trail | end_turn); between hands, deal.
Cards are ids 0..41 (cards.py); quadrants are 1..4 (QUADRANTS).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.action_kinds import ActionKind, ActionKinds


class Play(NamedTuple):
    card: int                    # from the hand to the sky tableau


class Trade(NamedTuple):
    give: int                    # a card of the hand
    take: int                    # a tableau card with the same North-West sigil


class Conjoin(NamedTuple):
    quadrant: int                # the quadrant whose sigil the cards share
    fan: tuple[int, ...]         # three cards of the hand, the top card last


class Trail(NamedTuple):
    conjunction: int             # the index of an East conjunction in the player's array
    card: int                    # a card of the hand showing its sigil


DEAL = ActionKind("deal", says="Dealing the next hand takes nothing.")
PLAY = ActionKind("play", Play, says="Only a card from your own hand can go to the sky tableau.")
TRADE = ActionKind("trade", Trade, says="A trade swaps one hand card for one tableau card.")
DRAW = ActionKind("draw", says="Drawing takes no cards from you.")
CONJOIN = ActionKind("conjoin", Conjoin, says="A conjunction names a quadrant and its cards.")
TRAIL = ActionKind("trail", Trail, says="A trailing card names one of your conjunctions and one card.")
END_TURN = ActionKind("end_turn", says="Ending the turn takes nothing.")

KINDS = ActionKinds(DEAL, PLAY, TRADE, DRAW, CONJOIN, TRAIL, END_TURN,
                    unknown="That is not a Paargus move.")
