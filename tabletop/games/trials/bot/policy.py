"""What a bot knows about Trials: an evaluation, a cheap rollout policy and search hooks.

How a game is won shapes the evaluation. A seat is out when both its Avatars
have fallen, or when it cannot draw at the start of a round (decks are never
refilled: the shorter deck loses, and with equal decks the player with
initiative wins, that is whoever passed first in the round's last run of
passes). So a seat's worth is what its standing Avatars still hold (HP, with
the last HP of an Avatar worth more, and Attack), what is attached to them,
the cards it can still play and the energy it can still spend this round; a
Fallen Avatar is worth only a little. Near the bottom of the decks the deck
race weighs more and more, up to a sure result when the round ending now
decides the game. The evaluation compares a seat with its strongest rival,
so it reads the same in the battle royale; in a duel it is zero-sum. At a
table, a rival's blows are spread over all its enemies (`incoming`): read as
a duel, the kill race looked a third as long as it is, and the bot traded HP
and cards for blows, then was struck down or drew itself out in the deck race
that ends most royales.

The questions asked while something resolves (engine/choices.py) get rules of
thumb in the rollouts (`answer`): a scout never takes the deck's last card, nor
one that loses a near deck race, and otherwise takes the card worth more in the
long run; the One-Handed card worth least makes room; effects that trigger
together resolve in the order they triggered.
"""

from __future__ import annotations

import math

from tabletop.core import Action, Event, Rng
from tabletop.core.policy import Policy
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import actions, choices, stack
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.engine.stack_item import DETACH, SCOUT
from tabletop.games.trials.engine.state import OVER, TrialsState

HP_WORTH, ATTACK_WORTH, STANDING_WORTH, FALLEN_WORTH = 1.0, 1.6, 6.0, 1.5
LOW_HP = 5                    # the last HP of an Avatar count double: one blow from falling
CARD_WORTH, HAND_WORTH, ENERGY_WORTH = 0.5, 1.2, 0.3
SHIELD_WORTH = 1.5
SCALE = 24.0                   # worth difference for tanh: ~ two Avatars' HP
OUTLOOK = 1.2                  # weight of the outlook (kill race or deck race) in tanh units
BLOW = 2.0                     # the damage a shield absorbs, on average
EDGE = 0.95                    # evaluations of running games stay inside (-EDGE, EDGE)

# The search budgets for Trials. A game asks the hard bot some fifty questions, and the
# evaluation (the kill race and the deck race) carries most of the skill: 300 iterations beat
# greedy:hard 17-3 in 20 duels, at a quarter of the time the shared 2,500 took (docs/BOTS.md
# has the 200-game figures).
SEARCH_LEVELS = {
    "normal": {"iterations": 120, "min_iterations": 40},
    "hard": {"iterations": 300, "min_iterations": 100},
}


# --- the evaluation --------------------------------------------------------------------------------

def _attack_left(s: TrialsState, c: int) -> int:
    """`c`'s Attack as it can still strike: a round's buff on an exhausted card ends with the
    round before the card strikes again, so it is worth nothing (an ability that exhausts to
    buff, or War Cry on a card that has struck, must not read as lasting Attack)."""
    total = fx.attack(s, c)
    if c in s.exhausted and s.buffs.get(c):
        total = max(0, total - s.buffs[c])
    return total


def avatar_worth(s: TrialsState, a: int) -> float:
    hp = fx.hp_left(s, a)
    total = STANDING_WORTH + HP_WORTH * (hp + min(hp, LOW_HP)) + ATTACK_WORTH * _attack_left(s, a)
    if a in s.shields:
        total += SHIELD_WORTH
    for c in s.attached.get(a, ()):
        card = fx.card_of(s, c)
        # what the card still does: its HP left, its own Attack (Power is in the Avatar's),
        # and what it cost (effects and keywords)
        total += CARD_WORTH * (max(0, fx.hp_left(s, c)) + _attack_left(s, c) + card.cost + 1)
    return total


def seat_worth(s: TrialsState, seat: int) -> float:
    if s.out[seat]:
        return 0.0
    total = 0.0
    for a in s.avatars[seat]:
        total += FALLEN_WORTH if a in s.fallen else avatar_worth(s, a)
    hand = s.hands[seat]
    # cards to play, but only as many as the rounds left can use
    total += HAND_WORTH * min(len(hand), 2 + len(s.decks[seat]) // 2)
    if s.prio < 0 and hand:
        # energy left this round is worth something only while a card could use it
        total += ENERGY_WORTH * min(s.energy[seat], max(fx.card_of(s, c).cost for c in hand)
                                    if all(s.designs.get(c) for c in hand) else s.energy[seat])
    return total


def settled(s: TrialsState) -> TrialsState:
    """`s` with its stack resolved as if nobody responded, and the questions asked on the way
    answered by the rules of thumb: a declared attack or card is judged by what it will do, not
    by the card that left the hand."""
    if (not s.stack and s.waiting is None) or s.phase == OVER:
        return s
    c = s.clone()
    ev: list[Event] = []
    while c.phase != OVER:
        if c.waiting is not None:
            GAME.apply(c, answer(c), checked=True, events=False)
        elif c.stack:
            stack.resolve(c, c.stack.pop(), ev)
        else:
            break
    return c


def evaluate(s: TrialsState, seat: int) -> float:
    s = settled(s)
    if s.phase == OVER:
        return 1.0 if s.winners and seat in s.winners else -1.0
    if s.out[seat]:
        return -1.0
    rivals = [p for p in s.live_seats() if p != seat]
    if not rivals:
        return EDGE
    mine = seat_worth(s, seat)
    rival = max(seat_worth(s, p) for p in rivals)
    look = min(outlook(s, seat, p) for p in rivals)
    return EDGE * math.tanh((mine - rival) / SCALE + OUTLOOK * look)


def damage_per_round(s: TrialsState, p: int) -> float:
    """What `p`'s cards can strike for in a round: every card with Attack attacks once."""
    total = 0
    for a in s.avatars[p]:
        total += _attack_left(s, a)
        for c in s.attached.get(a, ()):
            if fx.card_of(s, c).power == 0:
                total += _attack_left(s, c)
    return float(total)


def incoming(s: TrialsState, p: int) -> float:
    """What strikes `p` in a round: each other seat's damage, spread over the enemies it has.
    In a duel that is the rival's whole damage; at a table of four a rival strikes `p` with a
    third of it, so a kill race lasts rounds longer and the deck race weighs more."""
    live = s.live_seats()
    enemies = max(1, len(live) - 1)
    return sum(damage_per_round(s, q) for q in live if q != p) / enemies


def toughness(s: TrialsState, p: int) -> float:
    """The damage it takes to defeat `p`: HP of the standing Avatars, their Guardians'
    HP (struck first) and a blow absorbed per shield."""
    total = 0.0
    for a in s.standing(p):
        total += fx.hp_left(s, a) + BLOW * (a in s.shields)
        for c in s.attached.get(a, ()):
            if "guardian" in fx.side(s, c).keywords:
                total += max(0, fx.hp_left(s, c))
    return total


def outlook(s: TrialsState, seat: int, rival: int) -> float:
    """How the game is heading between `seat` and `rival`, in [-1, 1]: whoever would be
    struck down first (by everyone's blows, see `incoming`), if that comes before the decks run
    out, else the deck race."""
    left = min(len(s.decks[seat]), len(s.decks[rival])) + 1       # rounds until the race ends it
    mine = toughness(s, rival) / max(incoming(s, rival), 0.5)
    theirs = toughness(s, seat) / max(incoming(s, seat), 0.5)
    first = min(mine, theirs)
    p_kill = 1.0 / (1.0 + math.exp((first - left) / 1.5))
    kill = math.tanh((theirs - mine) / max(2.0, 0.6 * first))
    return p_kill * kill + (1.0 - p_kill) * deck_race(s, seat, rival, left)


def race_holder(s: TrialsState) -> int:
    """Who takes initiative if the round ends now: the first passer of the current run of
    passes; with no pass yet, the player to act, who can pass first."""
    if s.pass_streak > 0 and s.first_passer >= 0:
        return s.first_passer
    return s.turn


def deck_race(s: TrialsState, seat: int, rival: int, left: int) -> float:
    """The deck race in [-1, 1]: who draws from an empty deck first loses (the shorter
    deck; with equal decks whoever lacks initiative, more certain in the last round)."""
    mine, theirs = len(s.decks[seat]), len(s.decks[rival])
    sure = min(1.0, 3.0 / (2 + left))       # far from the end, plans and scouting still change it
    if mine != theirs:           # one card behind can still be caught up, two hardly
        return sure * math.tanh(1.2 * (mine - theirs))
    holder = race_holder(s) if left <= 1 else s.initiative
    sure *= 1.0 if left <= 1 else 0.4
    return sure if holder == seat else -sure


# --- the questions asked while something resolves ---------------------------------------------------

RACE_NEAR = 3                  # a rival deck this short: the deck race is near


def scout_where(s: TrialsState, seat: int) -> int:
    """Where `seat`'s scout takes its card. Never the deck's last card (the next Start Phase
    draw would find the deck empty and lose), nor a card that leaves the deck shorter than a
    near rival's (the shorter deck loses the race). Otherwise the bottom card unless the card
    after the top is worth more: taking the bottom adds a card that would come last, while the
    top one is drawn next round anyway."""
    deck = s.decks[seat]
    rivals = [len(s.decks[p]) for p in s.live_seats() if p != seat]
    near = min(rivals, default=len(deck))
    if len(deck) <= 1 or (len(deck) - 1 < near <= RACE_NEAR):
        return fx.SCOUT_NONE
    after_top = deck[1]
    return fx.SCOUT_TOP if _card_value(s, after_top) > _card_value(s, deck[-1]) else fx.SCOUT_BOTTOM


def _card_value(s: TrialsState, c: int) -> int:
    """What a card in one's own deck is worth to have: its cost, the rough measure of its power
    (an unknown card, in a sample's rival deck, counts as average)."""
    return fx.card_of(s, c).cost if s.designs.get(c) else 2


def detach_worst(s: TrialsState) -> int:
    """The One-Handed card that makes room: the one still worth least (HP left, Attack, cost)."""
    return min(choices.options(s), key=lambda c: (max(0, fx.hp_left(s, c)) + fx.attack(s, c)
                                                  + fx.card_of(s, c).cost, c))


def answer(s: TrialsState) -> Action:
    """The rule-of-thumb answer to the pending question."""
    w = s.waiting
    if w.kind == SCOUT:
        return actions.SCOUT.of((scout_where(s, w.seat),))
    if w.kind == DETACH:
        return actions.DETACH.of((detach_worst(s),))
    return actions.ORDER.of((choices.options(s)[0],))      # in the order they triggered


# --- the rollout policy ----------------------------------------------------------------------------

def pass_wins_race(s: TrialsState, seat: int) -> bool:
    """Ending the round now would end the game (some deck is empty) and passing first
    gives `seat` the initiative that decides an even race, or `seat` is ahead anyway."""
    rivals = [p for p in s.live_seats() if p != seat]
    if not rivals:
        return False
    mine = len(s.decks[seat])
    theirs = min(len(s.decks[p]) for p in rivals)
    if min(mine, theirs) > 0:
        return False
    if mine != theirs:
        return mine > theirs
    return s.pass_streak == 0 or s.first_passer == seat


def _attack_score(s: TrialsState, attacker: int, t: int) -> tuple:
    power = fx.attack(s, attacker)
    left = fx.hp_left(s, t)
    avatar = fx.is_avatar(s, t)
    if t in s.shields:
        return (0, 0, -left)
    kills = power >= left
    back = 0 if avatar else fx.attack(s, t)
    loses = not fx.is_avatar(s, attacker) and back >= fx.hp_left(s, attacker)
    return (2 if kills and avatar else 1 if kills or avatar else 0, -loses, -left)


def _best_attack(s: TrialsState, seat: int, rng: Rng) -> Action | None:
    G = GAME
    aims = None
    best, key = None, None
    for a in s.avatars[seat]:
        for c in (a, *s.attached.get(a, ())):
            if not G.can_attack(s, c):
                continue
            if aims is None:
                aims = G.attack_targets(s, seat)
                if not aims:
                    return None
            for t in aims:
                k = (*_attack_score(s, c, t), rng.below(4))
                if key is None or k > key:
                    best, key = (c, t), k
    return None if best is None else actions.ATTACK.of(best)


def _best_play(s: TrialsState, seat: int, rng: Rng) -> Action | None:
    """A card to play: the dearest one affordable (energy does not carry over), aimed at
    an enemy Avatar or card when it hurts, at its own side when it helps; now and then
    an activated effect instead."""
    G = GAME
    plays = G._plays(s, seat, True, False)
    acts = [a for a in G._activations(s, seat, True, False)
            if not _draws(s, actions.ACTIVATE.card(a), actions.ACTIVATE.effect(a))]
    if acts and (not plays or rng.below(3) == 0):
        return rng.choice(acts)
    if not plays:
        return None
    card = actions.PLAY.card
    top = max(fx.card_of(s, card(a)).cost for a in plays)
    dear = [a for a in plays if fx.card_of(s, card(a)).cost == top]
    return rng.choice(dear)


def _draws(s: TrialsState, c: int, i: int) -> bool:
    return any(st.op in ("draw", "scout") for st in fx.side(s, c).effects[i].steps)


_DECLINE, _PASS = actions.DECLINE(), actions.PASS()


def rollout_action(s: TrialsState, rng: Rng | None = None) -> Action:
    """Let the stack resolve in a response window; on a turn: pass first when that wins
    the deck race, else attack (a killing blow or an Avatar first), else play the dearest
    card it can afford, else channel when a card in hand needs one more energy, else pass."""
    rng = rng or Rng(0)
    if s.waiting is not None:
        return answer(s)
    if s.prio >= 0:
        return _DECLINE
    seat = s.turn
    if pass_wins_race(s, seat):
        return _PASS
    a = _best_attack(s, seat, rng)
    if a is not None and rng.below(8):
        return a
    p = _best_play(s, seat, rng)
    if p is not None:
        return p
    if a is not None:
        return a
    e = s.energy[seat]
    if any(fx.card_of(s, c).cost == e + 1 for c in s.hands[seat]):
        ready = [x for x in s.standing(seat) if x not in s.exhausted]
        if ready:
            return actions.CHANNEL(ready[0])
    return _PASS


def playout(s: TrialsState, rng: Rng, max_actions: int) -> int:
    """Play up to `max_actions` moves of the rollout policy on `s` (legal by construction,
    so applied without the legality check); the number played."""
    G = GAME
    done = 0
    while done < max_actions and s.phase != OVER:
        G.apply(s, rollout_action(s, rng), checked=True, events=False)
        done += 1
    return done


# --- the search's own view of the moves ---------------------------------------------------------------

def search_actions(s: TrialsState) -> list[Action]:
    """The legal actions without their labels (equal to the listed ones), pruned: channel
    only when the energy could pay for something more; a scout of a one-card deck takes it
    from the top (the bottom is the same card)."""
    acts = GAME.legal_moves(s)
    if s.waiting is not None:
        if s.waiting.kind == SCOUT and len(s.decks[s.waiting.seat]) == 1:
            acts = [a for a in acts if actions.SCOUT.where(a) != fx.SCOUT_BOTTOM]
        return acts
    if s.prio < 0 and not s.acted:
        seat = s.turn
        if not _energy_useful(s, seat):
            channel = actions.CHANNEL.kind
            acts = [a for a in acts if a.kind != channel] or acts
    return acts


def _energy_useful(s: TrialsState, seat: int) -> bool:
    e = s.energy[seat]
    if any(not s.designs.get(c) or fx.card_of(s, c).cost > e for c in s.hands[seat]):
        return True
    return any(fx.energy_cost(s, seat, ef) > e for a in s.avatars[seat] for c in (a, *s.attached.get(a, ()))
               for ef in fx.side(s, c).effects if ef.when == "activated")


def prune_actions(s: TrialsState, legal: list[Action]) -> list[Action]:
    keep = set(search_actions(s))
    return [a for a in legal if a in keep] or legal


def search_apply(s: TrialsState, action: Action) -> None:
    GAME.apply(s, action, checked=True, events=False)


# Not zero-sum: a royale has more than two sides, and the duel's evaluation is scored per seat too.
POLICY = Policy(evaluate=evaluate, rollout_action=rollout_action, prune_actions=prune_actions,
                search_actions=search_actions, search_apply=search_apply, playout=playout,
                levels=SEARCH_LEVELS,
                preferred_kinds=tuple(k.kind for k in (actions.ATTACK, actions.PASS, actions.DECLINE)))
