"""The starting choices docs/BALANCE.md measures for Trials: the duel starter decks."""

from tabletop.core.plugin import BalanceChoice, BalancePlan
from tabletop.games.trials.engine.decks import starter_names


def _id(name: str) -> str:
    return name.lower().replace(" ", "-")


PLAN = BalancePlan(
    # the engine takes a starter's name as a seat's deck (decks.resolve_deck)
    choices=tuple(BalanceChoice(_id(n), n, n) for n in starter_names()),
    option="decks",
    notes=(
        "A game is one whole **duel**; each seat plays the starter deck named (match option "
        "`decks`, a starter's name per seat), in the order the starter lists its cards. The "
        "battle royale starters (one Avatar each, 3 or 4 players) are not measured here."),
)
