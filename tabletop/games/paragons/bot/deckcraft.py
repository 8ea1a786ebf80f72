"""What the bots think of Paragons cards away from the table: a card's worth from its printed
stats, keywords and effects, and the decisions taken before a game is played (the class, the
draft picks, the deck of 30, the mulligan).

A card's *power* is what it brings, in mana: a vanilla mercenary of cost c has about 2c + 1
attack and health together, so half its stats is close to its cost, and every keyword and
effect adds what the same effect costs on other cards. A card's *surplus* is its power less
its cost: how much better than fair it is. Decks are built for a curve (mana grows by one a
round), and a draft pick is worth what it adds to the best deck its drafter could build.

Everything here reads designs only (never a state's hidden cards), so the bots' setup
choices are the same whichever determinisation they are made in.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from tabletop.games.paragons.engine.cards import DECK_SIZE, Card, card
from tabletop.games.paragons.engine.steps import Effect, Step

# --- a card's power ---------------------------------------------------------------------------

STAT_WORTH = 0.5                 # a point of attack or health, in mana
KEYWORD_WORTH = {"garrison": 0.8, "reach": 0.5, "first_blood": 0.5, "concealed": 0.4,
                 "hidden": 0.4, "critical_strike": 0.0}   # critical strike: by attack, below
CRIT_PER_ATTACK = 0.35
CASTER_PER_ATTACK = 0.7          # an exhaust-to-ping each turn is worth most of a second attack
RANGED_WORTH = 0.3               # attacks from the Back Line, safe behind the Front Line
# how often an effect happens, by its trigger: a start- or end-of-turn effect repeats
WHEN_TIMES = {"play": 1.0, "activated": 1.6, "turn_start": 2.5, "turn_end": 2.5,
              "destroyed": 0.7, "leaves": 0.6, "recruit": 0.6, "static": 1.0}
COMBO_SHARE = 0.6                # a combo needs another card played first
AREA_HITS = 2.5                  # mercenaries an effect on "each enemy mercenary" meets, on average
DRAW_WORTH = 0.8


def _step_worth(st: Step, target: str, ctype: str) -> float:
    """One step's worth, in mana, once."""
    op, to, n = st.op, st.to, st.n
    many = to in ("enemy_mercs", "all_mercs", "own_mercs")
    if op == "damage":
        if to == "opponents":
            return 0.5 * n
        if many:            # some 2.5 mercenaries are hit; damage past a typical 4 health is lost
            return AREA_HITS * 0.6 * min(n, 4) * (0.3 if to == "all_mercs" else 1.0)
        return (0.65 if target == "enemy_any" else 0.6) * n
    if op == "heal":
        return 0.3 * n
    if op == "draw":        # the hand refills to five each turn anyway, and the deck runs down
        return DRAW_WORTH * n
    if op == "buff":
        worth = 0.15 * (abs(st.atk) + abs(st.hp))
        return worth * (2.0 if many else 1.0)
    if op == "stat":
        worth = STAT_WORTH * (abs(st.atk) + abs(st.hp))
        return worth * (1.5 if to == "own_mercs" else 1.0)
    if op == "grant":
        return KEYWORD_WORTH.get(st.keyword, 0.4) + (0.6 if st.keyword == "critical_strike" else 0.0)
    return _OTHER_OPS.get(op, 0.5) + (0.6 if op == "exhaust" and st.hold else 0.0) \
        + (0.8 * n if op == "fortify" else 0.0) + (0.8 * n if op == "discount" else 0.0)


_OTHER_OPS = {"destroy": 4.0, "banish": 4.5, "bounce": 2.0, "exhaust": 0.8, "recover": 0.5,
              "fortify": 0.7, "recruit": 1.8, "counter": 2.2, "copy": 1.5, "disenchant": 0.4,
              "discount": 0.0}


def effect_worth(e: Effect, ctype: str) -> float:
    """An effect's worth, in mana: its steps (a combo's at a share), times how often it
    happens, less an ability's mana cost."""
    once = sum(_step_worth(st, e.target, ctype) for st in e.steps)
    once += COMBO_SHARE * sum(_step_worth(st, e.target, ctype) for st in e.combo)
    if e.target == "pool_lesser":
        once *= 0.85
    worth = once * WHEN_TIMES.get(e.when, 1.0)
    return worth - 0.8 * e.mana


@lru_cache(maxsize=None)
def power(design: str) -> float:
    """What the card brings, in mana (see the module text)."""
    c = card(design)
    total = sum(effect_worth(e, c.type) for e in c.effects)
    if c.is_merc:
        total += merc_body(c)
    elif c.hidden:
        total += KEYWORD_WORTH["hidden"]       # a surprise the opponent must play around
    return total


def merc_body(c: Card) -> float:
    """A mercenary's printed body: its stats, keywords and combat type."""
    total = STAT_WORTH * (c.attack + c.health)
    total += sum(KEYWORD_WORTH.get(k, 0.0) for k in c.keywords)
    if c.has("critical_strike"):
        total += CRIT_PER_ATTACK * c.attack
    if c.combat == "caster":
        total += CASTER_PER_ATTACK * c.attack
    elif c.combat == "ranged":
        total += RANGED_WORTH
    return total


@lru_cache(maxsize=None)
def surplus(design: str) -> float:
    """Power above the card's cost: how much better than fair it is."""
    return power(design) - card(design).cost


# --- the class ---------------------------------------------------------------------------------

# Which class the bots wish for first. Measured with the ready decks, the playout policy
# playing both seats, 200 games a pair: the Warrior beat the Mage 122-78 and the Ranger
# 186-14, the Mage beat the Ranger 169-31 (the Warrior always moves first, which counts too).
CLASS_PREFERENCE = ("warrior", "mage", "ranger")


def class_rank(klass: str) -> int:
    return CLASS_PREFERENCE.index(klass)


# --- building a deck ---------------------------------------------------------------------------

# The curve: at least this many cards of each cost band (mana is the round number, so the
# first turns need cheap cards and the expensive ones wait in hand), at most so many dear ones.
CURVE_FLOOR = ((2, 8), (4, 18))          # (cost at most, cards at least)
DEAR_FROM, DEAR_MOST = 5, 7              # cards costing 5 or more: at most 7
MERCS_LEAST = 16                         # a board wins games: at least 16 mercenaries


def deck_worth(cards: Sequence[str]) -> float:
    """How strong a deck of these designs is: its cards' worth, less what its curve lacks."""
    worth = sum(card_score(d) for d in cards)
    return worth - 1.5 * curve_shortfall(cards)


def card_score(design: str) -> float:
    """A card's worth in a deck: mostly its surplus; its power counts a little, since a card
    drawn is a card played whatever it costs."""
    return surplus(design) + 0.25 * power(design)


def curve_shortfall(cards: Sequence[str]) -> int:
    """Cards the deck lacks (or has too many of) by the curve's rules."""
    costs = [card(d).cost for d in cards]
    short = sum(max(0, least - sum(c <= top for c in costs)) for top, least in CURVE_FLOOR)
    short += max(0, sum(c >= DEAR_FROM for c in costs) - DEAR_MOST)
    short += max(0, MERCS_LEAST - sum(card(d).is_merc for d in cards))
    return short


def best_deck(owned: Iterable[int], designs: dict[int, str], size: int = DECK_SIZE) -> list[int]:
    """The `size` cards of `owned` the bots would play: the best by `card_score`, taken so
    that the curve's floors and caps hold when the cards allow it (see CURVE_FLOOR)."""
    ranked = sorted(owned, key=lambda c: (-card_score(designs[c]), c))
    deck: list[int] = []
    for top, least in CURVE_FLOOR:           # the cheap cards first, best of them first
        have = sum(card(designs[c]).cost <= top for c in deck)
        for c in ranked:
            if have >= least:
                break
            if c not in deck and card(designs[c]).cost <= top:
                deck.append(c)
                have += 1
    mercs = sum(card(designs[c]).is_merc for c in deck)
    for c in ranked:                         # enough mercenaries
        if mercs >= MERCS_LEAST or len(deck) >= size:
            break
        if c not in deck and card(designs[c]).is_merc and _fits(deck, c, designs):
            deck.append(c)
            mercs += 1
    for c in ranked:                         # then simply the best that fit
        if len(deck) >= size:
            break
        if c not in deck and _fits(deck, c, designs):
            deck.append(c)
    for c in ranked:                         # a pool short of cheap cards: the best left
        if len(deck) >= size:
            break
        if c not in deck:
            deck.append(c)
    return deck[:size]


def _fits(deck: list[int], c: int, designs: dict[int, str]) -> bool:
    if card(designs[c]).cost < DEAR_FROM:
        return True
    return sum(card(designs[x]).cost >= DEAR_FROM for x in deck) < DEAR_MOST


# --- the draft ---------------------------------------------------------------------------------

def pool_worth(owned: Iterable[int], designs: dict[int, str]) -> float:
    """What a seat's cards are worth: the deck it would build from them."""
    return deck_worth([designs[c] for c in best_deck(list(owned), designs)])


def designs_worth(cards: Sequence[str]) -> float:
    """`pool_worth` of cards known only by their designs (a rival's cards, as a view shows them)."""
    return pool_worth(range(len(cards)), dict(enumerate(cards)))


def pick_gain(owned: Sequence[int], c: int, designs: dict[int, str]) -> float:
    """What drafting card c adds to the best deck its drafter can build."""
    return pool_worth([*owned, c], designs) - pool_worth(owned, designs)


def best_picks(owned: Sequence[int], layout: Sequence[int], designs: dict[int, str],
               keep: int) -> list[int]:
    """The `keep` cards of the layout that add most to the drafter's deck (ties: its surplus,
    so a card no deck wants yet still goes best first)."""
    base = pool_worth(owned, designs)
    scored = sorted(layout, key=lambda c: (-(pool_worth([*owned, c], designs) - base),
                                           -surplus(designs[c]), c))
    return scored[:keep]


# --- the mulligan ------------------------------------------------------------------------------

CHEAP = 3                    # a card playable in the first three rounds


def mulligan_back(hand: Sequence[int], designs: dict[int, str]) -> tuple[int, ...]:
    """The cards to put back: every card costing 5 or more, and a 4 unless the hand already
    has three cheap cards to play first. The tuple is sorted, as the engine lists it."""
    costs = {c: card(designs[c]).cost for c in hand}
    cheap = sum(cost <= CHEAP for cost in costs.values())
    back = [c for c, cost in costs.items() if cost >= 5 or (cost == 4 and cheap < 3)]
    return tuple(sorted(back))


def hand_worth(hand: Sequence[int], designs: dict[int, str]) -> float:
    """An opening hand's worth: its cards' scores, and the cheap plays it begins with."""
    cheap = sum(card(designs[c]).cost <= CHEAP for c in hand)
    return sum(card_score(designs[c]) for c in hand) + 1.5 * min(cheap, 3)
