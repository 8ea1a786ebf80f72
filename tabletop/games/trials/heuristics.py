"""What a bot knows about Trials: an evaluation, a cheap rollout policy and search hooks.

A seat's worth is what its standing Avatars still hold (HP left and Attack),
what is attached to them, and the cards it still has to play; a Fallen Avatar is
worth only a little (its Fallen side still acts). The evaluation compares a
seat with its strongest rival, so it reads the same in the battle royale.
"""

from __future__ import annotations

import math

from tabletop.core import Action, Rng
from tabletop.games.trials import effects as fx
from tabletop.games.trials.state import OVER, TrialsState

HP_WORTH, ATTACK_WORTH, CARD_WORTH, HAND_WORTH, DECK_WORTH, FALLEN_WORTH = 1.0, 1.5, 0.6, 1.0, 0.15, 2.0
SCALE = 12.0
DECK_RACE = 12.0


def seat_worth(s: TrialsState, seat: int) -> float:
    if s.out[seat]:
        return 0.0
    total = 0.0
    for a in s.avatars[seat]:
        if a in s.fallen:
            total += FALLEN_WORTH
            continue
        total += HP_WORTH * fx.hp_left(s, a) + ATTACK_WORTH * fx.attack(s, a)
        total += 2.0 * (a in s.shields)
        for c in s.attached.get(a, ()):
            card = fx.card_of(s, c)
            total += CARD_WORTH * (max(0, fx.hp_left(s, c)) + fx.attack(s, c) + card.cost)
    total += HAND_WORTH * len(s.hands[seat]) + DECK_WORTH * len(s.decks[seat])
    return total


def settled(s: TrialsState) -> TrialsState:
    """`s` with its stack resolved as if nobody responded: a declared attack or card is
    judged by what it will do, not by the card that left the hand."""
    if not s.stack:
        return s
    from tabletop.games.trials import stack
    c = s.clone()
    while c.stack and c.phase != OVER:
        item = c.stack.pop()
        stack.resolve(c, item, [])
    return c


def evaluate(s: TrialsState, seat: int) -> float:
    s = settled(s)
    if s.phase == OVER:
        return 1.0 if s.winners and seat in s.winners else -1.0
    mine = seat_worth(s, seat)
    rivals = [p for p in s.live_seats() if p != seat]
    rival = max(seat_worth(s, p) for p in rivals) if rivals else 0.0
    return 0.9 * math.tanh((mine - rival + deck_race(s, seat, rivals)) / SCALE)


def deck_race(s: TrialsState, seat: int, rivals: list[int]) -> float:
    """Near the bottom of the decks, who would lose drawing from an empty deck first
    (the shorter deck; with equal decks, whoever lacks initiative: the first passer of
    the current run of passes takes it at the end of the round)."""
    if not rivals:
        return 0.0
    low = min(len(s.decks[p]) for p in (seat, *rivals))
    if low > 3:
        return 0.0
    weight = DECK_RACE * (4 - low) / 4
    mine = len(s.decks[seat])
    theirs = min(len(s.decks[p]) for p in rivals)
    if mine != theirs:
        return weight if mine > theirs else -weight
    holder = s.first_passer if s.first_passer >= 0 else s.initiative   # who will have it
    return weight if holder == seat else -weight


# --- the rollout policy ---------------------------------------------------------------------------

def rollout_action(s: TrialsState, rng: Rng | None = None) -> Action:
    """Attack when it can (the weakest enemy Avatar first), else play a card it can afford,
    else channel or pass; in a response window, mostly let the stack resolve."""
    from tabletop.games.trials.rules import GAME
    rng = rng or Rng(0)
    legal = GAME.legal_actions(s)
    if s.prio >= 0 or s.stack:
        responses = [a for a in legal if a.kind != "decline"]
        if responses and rng.below(4) == 0:
            return rng.choice(responses)
        return next(a for a in legal if a.kind == "decline")
    attacks = [a for a in legal if a.kind == "attack"]
    if attacks:
        def score(a):
            t = a.args[1]
            return (fx.is_avatar(s, t), -fx.hp_left(s, t))
        best = max(score(a) for a in attacks)
        return rng.choice([a for a in attacks if score(a) == best])
    plays = [a for a in legal if a.kind in ("play", "activate", "ignite")]
    if plays and rng.below(5):
        return rng.choice(plays)
    channels = [a for a in legal if a.kind == "channel"]
    if channels and plays == [] and rng.below(3) == 0:
        return rng.choice(channels)
    return next(a for a in legal if a.kind == "pass")


def search_apply(s: TrialsState, action: Action) -> None:
    from tabletop.games.trials.rules import GAME
    GAME.apply_legal(s, action)
