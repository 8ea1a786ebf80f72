"""The state of a Champions' Brawl match.

Champions are numbered 0..5: seat * 3 + slot, `champs` holds their designs once chosen. Cards are
numbered as cards.py says (champion * 6 + i), so a card's champion is `card // 6`. Hex numbers
are arena.py's; a place of -1 is the champion's gate. Decks keep their top last.

A card being played is a `Play`: its stages run in order (flow.py), and any stage that needs a
decision pushes a `Pending` on a stack; the top of the stack is what the game waits for. An
attack's reactions go through the shared response window (its `stack`, `prio` and `declines`). Trap
tokens are numbered in cards.trap_effects() order; their effects are hidden until sprung.
Cores hold, per colour, the last turn number through which they stay exhausted (-1: ready).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.fields import LIST, LISTS, RNG, DictOf, ListOf, Obj, OrNone, declared, spec
from tabletop.core.response import Pending as WaitingDecision
from tabletop.core.response import StackItem
from tabletop.core.rng import Rng

# phases
PICK, REDRAW, TRAPS, DEPLOY, PLAY, OVER = "pick", "redraw", "traps", "deploy", "play", "over"
WIN_VP = 5
HAND = 5
SLOT_VP = (0, 1, 2, 1)            # the challenge track: not yet scorable, 1, 2, 1 VP
HIDDEN = -1                       # a card or token a view may not show
UNPICKED = "?"                    # a free pick the other seat has not yet seen


class Declared(StackItem):
    """On the response window's stack (tabletop.core.response): an attack ("attack", the attacking
    seat, its card) and the reactions answering it ("reaction", the defending seat, the card)."""
    __slots__ = ()
    card: int


class Pending(WaitingDecision):
    """A decision the game waits for (kind, deciding seat, *payload; tabletop.core.response):
    kind is walk, force, dash, swoop, jump, fear, place, target, discard, plan or trap."""
    __slots__ = ()
    champ: int                    # the champion moved, placed, stunned, or the one acting (-1: none)
    n: int                        # steps left, or how many (plan)
    src: int                      # fear: the source's hex; trap: the hex just sprung; place: the centre


@declared
@dataclass(slots=True, eq=False)
class Play:
    """A card (or a standard action) on its way: what remains to do and what it did so far."""
    seat: int
    card: int                     # -1: a standard action
    champ: int
    std: str                      # a standard action's core colour and option ("red", "move"), else ""
    queue: list[str] = spec(LIST)             # the stages left (flow.STAGES)
    targets: list[int] = spec(LIST)
    dealt: list[int] = spec(LIST)             # damage dealt to each target by the damage steps
    shields: list[int] = spec(LIST)           # the shield each target raised
    reactions: list[int] = spec(LIST)         # reaction cards played against it


@declared
@dataclass(slots=True, eq=False)
class BrawlState:
    rng: Rng = spec(RNG)
    phase: str
    picks_mode: str               # "alternate" or "free"
    first: int
    active: int
    round: int
    turn_no: int                  # 1 is the first player's first turn
    step_no: int                  # set-up: how many set-up decisions were made
    picks: list[list[str]] = spec(LISTS)
    champs: list[str] = spec(LIST)
    pos: list[int] = spec(LIST)
    damage: list[int] = spec(LIST)
    levelled: list[bool] = spec(LIST)
    levelled_ever: list[bool] = spec(LIST)
    rooted: list[int] = spec(LIST)            # rooted through this turn number (-1: not)
    back_on: list[int] = spec(LIST)           # at the gate: may re-enter from this turn number
    deployed: list[bool] = spec(LIST)
    hands: list[list[int]] = spec(LISTS)
    decks: list[list[int]] = spec(LISTS)
    planned: list[int] = spec(LIST)           # per seat: top cards of its deck it put there (Plan)
    discards: list[list[int]] = spec(LISTS)
    cores: list[list[int]] = spec(LISTS)      # per seat, per CORES colour
    std_used: list[str] = spec(LIST)          # standard actions used this turn
    traps: dict[int, int] = spec(DictOf(int_keys=True))   # hex -> token
    tokens: list[int] = spec(LIST)            # the face-down pool, top last
    sprung: list[int] = spec(LIST)            # tokens flipped, in order
    challenge_deck: list[int] = spec(LIST)
    track: list[int] = spec(LIST)             # four slots, -1 empty
    challenge_discard: list[int] = spec(LIST)
    vp: list[int] = spec(LIST)
    winner: int
    play: Play | None = spec(OrNone(Obj(Play, clone=True)))
    pending: list[Pending] = spec(ListOf(Obj(Pending)))
    # the response window (tabletop.core.response): open while an attack waits for reactions
    stack: list[Declared] = spec(ListOf(Obj(Declared)))
    prio: int
    declines: int
    viewer: int | None = None                 # a view's seat (None: the full state)


def owner(champ: int) -> int:
    return champ // 3


def champ_of_card(card: int) -> int:
    return card // 6


def team(seat: int) -> range:
    return range(seat * 3, seat * 3 + 3)
