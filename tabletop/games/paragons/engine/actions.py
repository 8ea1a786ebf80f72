"""The decisions of Paragons, each declared once: its JSON kind, its named arguments in order,
and the sentence for an action of that kind with the wrong arguments.

Cards are ids (state.py); a target is one int as targets.py encodes it (a mercenary's id, a
player as -1 - seat, a space as 1000 + seat * 8 + space, a link as 2000 + its index); `targets`
holds none or one. A board space is 0..7 (0-3 the Front Line); `bump` is the Surrounding space
a mercenary already there moves to, -1 when the space is empty.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.action_kinds import ActionKind, ActionKinds, kinds


class Choose(NamedTuple):
    klass: str                   # warrior, mage or ranger


class OneCard(NamedTuple):
    card: int


class Mulligan(NamedTuple):
    cards: tuple[int, ...]       # the hand cards set aside and shuffled back


class Play(NamedTuple):
    card: int                    # a mercenary in hand (or, revealing, a Hidden card)
    space: int
    bump: int
    targets: tuple[int, ...]


class Cast(NamedTuple):
    card: int                    # a spell in hand
    targets: tuple[int, ...]


class Attack(NamedTuple):
    attacker: int
    target: int                  # an enemy mercenary, or a player as -1 - seat


class Defend(NamedTuple):
    attacker: int                # the attack on the chain it answers
    defender: int


class Ability(NamedTuple):
    card: int                    # a mercenary of yours on the board
    index: int                   # which of its abilities
    targets: tuple[int, ...]


class CasterShot(NamedTuple):
    card: int                    # a Caster of yours
    target: int                  # an enemy mercenary


class Exchange(NamedTuple):
    out: tuple[int, ...]         # deck cards set aside in the Reserve Pile
    into: tuple[int, ...]        # as many Reserve Pile cards put into the deck


class Rechoose(NamedTuple):
    space: int
    bump: int
    targets: tuple[int, ...]


CHOOSE = ActionKind("choose", Choose, says="Choose a class: warrior, mage or ranger.")
PICK = ActionKind("pick", OneCard, says="Draft one of the cards laid out.")
ADD = ActionKind("add", OneCard, says="Put one card of your Reserve Pile into your deck.")
REMOVE = ActionKind("remove", OneCard, says="Set one card of your deck aside in your Reserve Pile.")
DONE = ActionKind("done", says="Finishing your deck takes nothing.")
# several cards swapped at once, in one move: too many combinations to list, so the rule
# decides each (Paragons.open_kinds); the two-step add / remove stay, and old saves replay
EXCHANGE = ActionKind("exchange", Exchange,
                      says="A swap names the deck cards to set aside and as many Reserve Pile cards to put in.")
MULLIGAN = ActionKind("mulligan", Mulligan, says="A mulligan names the cards of your hand to return.")
PLAY = ActionKind("play", Play, says="Name the mercenary, its space, the bump and its targets.")
CAST = ActionKind("cast", Cast, says="Name the spell and its targets.")
HIDE = ActionKind("hide", OneCard, says="Name the Hidden card to put face down.")
REVEAL = ActionKind("reveal", Play, says="Name the Hidden card, its space, the bump and its targets.")
ATTACK = ActionKind("attack", Attack, says="Name the attacking mercenary and its target.")
DEFEND = ActionKind("defend", Defend, says="Name the attacker and the mercenary that defends.")
ABILITY = ActionKind("ability", Ability, says="Name the mercenary, which ability and its targets.")
CASTER = ActionKind("caster", CasterShot, says="Name the Caster and the enemy mercenary it hits.")
GARRISON = ActionKind("garrison", OneCard, says="Name the mercenary that takes a Garrison counter.")
RECRUIT = ActionKind("recruit", OneCard, says="Name the mercenary of the Pool to Recruit.")
END_TURN = ActionKind("end_turn", says="Ending your turn takes nothing.")
DECLINE = ActionKind("decline", says="Letting the chain resolve takes nothing.")
RECHOOSE = ActionKind("rechoose", Rechoose, says="Choose again: a space, a bump and targets.")

KINDS = ActionKinds(CHOOSE, PICK, ADD, REMOVE, DONE, EXCHANGE, MULLIGAN, PLAY, CAST, HIDE, REVEAL, ATTACK,
                    DEFEND, ABILITY, CASTER, GARRISON, RECRUIT, END_TURN, DECLINE, RECHOOSE,
                    unknown="That is not a Paragons move.")
# the kinds of the play itself (after the mulligans): a player put out on their own turn passes
# it on after any of them
IN_PLAY = kinds(PLAY, CAST, HIDE, REVEAL, ATTACK, DEFEND, ABILITY, CASTER, GARRISON, RECRUIT, END_TURN,
                DECLINE, RECHOOSE)
