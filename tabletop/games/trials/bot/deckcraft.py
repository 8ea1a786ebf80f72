"""The bots' deck: one of the strongest starters, by a deck's fighting worth.

The engine plays a seat whose deck option is "bot" with the deck this chooses from the match
seed; the plugin declaration hands it to the engine (`Trials.bot_deck`), so the engine does not
own the bots' knowledge.
"""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.trials.engine.cards import Card, pool
from tabletop.games.trials.engine.decks import starters
from tabletop.games.trials.engine.state import DECK_SIZE

STRONG_CHOICES = 3        # the bot picks among this many of the strongest starters


def _draws_self(c: Card) -> int:
    """Extra cards a card makes its own player draw or scout: each one shortens the deck,
    and the player who cannot draw at the start of a round loses."""
    return sum(1 for e in (*c.effects, *(c.fallen.effects if c.fallen else ())) for st in e.steps
               if st.op in ("draw", "scout") and st.to not in ("opponents", "target"))


def deck_strength(deck: dict, card_pool: dict[str, Card] | None = None) -> float:
    """A deck's fighting worth for the bots' choice: its Avatars' HP and Attack (what the
    opponent must strike through, what strikes every round), the Attack and Power its
    Equipment adds, less the cards that thin its own deck."""
    p = card_pool or pool()
    avs = [p[a] for a in deck["avatars"]]
    cards = [p[c] for c in deck["cards"]]
    return (sum(a.hp for a in avs) + 3 * sum(a.attack for a in avs)
            + sum(c.attack + c.power for c in cards if c.type == "equipment")
            - 2 * sum(_draws_self(c) for c in (*avs, *cards)))


def choose_deck(card_pool: dict[str, Card] | None, rng: Rng, royale: bool = False) -> dict:
    """The bots' deck: one of the strongest ready-made decks (by deck_strength) for the
    variant, drawn at random among the best few so that bots do not all play one deck."""
    card_pool = card_pool or pool()
    decks = [d for d in starters().values() if (len(d["avatars"]) == 1) == royale
             and all(c in card_pool for c in (*d["avatars"], *d["cards"]))]
    if not decks:            # a pool without the starters' cards: the cheapest fitting cards
        avs = [c for c in card_pool.values() if c.type == "avatar"]
        rng.shuffle(avs)
        chosen = avs[:1 if royale else 2]
        discs = {d for a in chosen for d in a.disciplines}
        fits = sorted((c for c in card_pool.values() if c.type != "avatar"
                       and set(c.disciplines) & discs), key=lambda c: (c.cost, c.id))
        return {"avatars": [a.id for a in chosen], "cards": [c.id for c in fits[:DECK_SIZE]]}
    decks.sort(key=lambda d: -deck_strength(d, card_pool))
    d = rng.choice(decks[:STRONG_CHOICES])
    return {"avatars": list(d["avatars"]), "cards": list(d["cards"])}
