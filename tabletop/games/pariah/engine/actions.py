"""The decisions of Pariah, each declared once: its JSON kind, its named arguments in order,
and the sentence for an action of that kind with the wrong arguments.

By phase: select (pick, unpick, commit), deploy, prep (relic, evolve, ready), activate
(attack, ability, end), shop (keep, take_evo, no_evo); rules.py says when each is legal.
Cards are ids (seat * 100 + n, state.py); a unit is the id of the card it came from.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.action import Action
from tabletop.core.action_kinds import ActionKind, ActionKinds

# What an ability or a consumable relic is used on (abilities.choices): a unit, an emblem's
# index or -1 (nothing chosen), or (a unit card in a graveyard, LEFT 0 / RIGHT 1) to revive.
Choice = int | tuple[int, int]


class Card(NamedTuple):
    card: int


class Relic(NamedTuple):
    card: int                            # a relic of the hand
    target: Choice                       # the unit an Equipment goes on; -1 for an emblem


class Evolve(NamedTuple):
    card: int                            # an evolution taken at the shop
    unit: int                            # the unit it evolves


class Attack(NamedTuple):
    unit: int
    plan: tuple[tuple[int, int], ...]    # (enemy unit, dice) for each target, the main one first


class Ability(NamedTuple):
    unit: int
    index: int                           # which of the unit's abilities (an active one)
    choice: Choice


class Unit(NamedTuple):
    unit: int


PICK = ActionKind("pick", Card, says="Pick one card of the ten you drew.")
UNPICK = ActionKind("unpick", Card, says="Name the card to take back out of your army.")
COMMIT = ActionKind("commit", says="Committing your army takes nothing more.")
DEPLOY = ActionKind("deploy", Card, says="Name the unit of your army to deploy.")
RELIC = ActionKind("relic", Relic, says="Name the card and what it is played on.")
EVOLVE = ActionKind("evolve", Evolve, says="Name the card and what it is played on.")
READY = ActionKind("ready", says="Ready takes nothing.")
ATTACK = ActionKind("attack", Attack,
                    says="An attack declares its plan: the targets and the dice each gets.")
ABILITY = ActionKind("ability", Ability, says="Name the unit, which of its abilities, and its target.")
END = ActionKind("end", Unit, says="Name the unit that ends its activation.")
KEEP = ActionKind("keep", Card, says="Keep one of the three relics you drew.")
TAKE_EVO = ActionKind("take_evo", Card, says="Name the evolution to take.")
NO_EVO = ActionKind("no_evo", says="Taking no evolution takes nothing more.")

KINDS = ActionKinds(PICK, UNPICK, COMMIT, DEPLOY, RELIC, EVOLVE, READY, ATTACK, ABILITY, END, KEEP,
                    TAKE_EVO, NO_EVO, unknown="That is not a Pariah move.")

# attack, ability and end are done by a unit: the first argument of each
_UNIT = {ATTACK.kind: ATTACK.unit, ABILITY.kind: ABILITY.unit, END.kind: END.unit}
# deploy, relic and evolve play a card: the first argument of each
_CARD = {DEPLOY.kind: DEPLOY.card, RELIC.kind: RELIC.card, EVOLVE.kind: EVOLVE.card}


def unit_of(a: Action) -> int | None:
    """The unit an attack, an ability or an end of activation is done by; None otherwise."""
    get = _UNIT.get(a.kind)
    return None if get is None else get(a)


def card_of(a: Action) -> int | None:
    """The card a deploy, a relic or an evolution plays; None otherwise."""
    get = _CARD.get(a.kind)
    return None if get is None else get(a)


def played_on(a: Action) -> Choice | None:
    """What a relic or an evolution is played on; None for other kinds."""
    if a.kind == RELIC.kind:
        return RELIC.target(a)
    return EVOLVE.unit(a) if a.kind == EVOLVE.kind else None


def ability_of(a: Action) -> tuple[int, int]:
    """(unit, ability index) of an ability use: which ability, whatever it is used on."""
    return ABILITY.unit(a), ABILITY.index(a)


def plan_targets(a: Action) -> list[int]:
    """The enemy units an attack's plan names, the main target first."""
    return [t for t, _ in ATTACK.plan(a)]


def main_target(a: Action) -> int:
    """The main target of an attack: its plan's first target."""
    return ATTACK.plan(a)[0][0]
