"""The starting choices docs/BALANCE.md measures for Trials: the duel starter decks."""

from tabletop.core.plugin import BalanceChoice, BalancePlan
from tabletop.games.trials.engine.cards import SCHOOLS
from tabletop.games.trials.engine.decks import starter_names, starters
from tabletop.resources import read_json


def _id(name: str) -> str:
    return name.lower().replace(" ", "-")


def contents(name: str) -> dict:
    """A starter as measured: its list, in order, and every one of its cards' data."""
    deck = starters()[name]
    raw = {c["id"]: c for school in SCHOOLS
           for c in read_json("tabletop.games.trials.engine", f"data/{school}.json")}
    return {"deck": deck, "cards": [raw[c] for c in (*deck["avatars"], *deck["cards"])]}


PLAN = BalancePlan(
    # the engine takes a starter's name as a seat's deck (decks.resolve_deck)
    choices=tuple(BalanceChoice(_id(n), n, n) for n in starter_names()),
    option="decks",
    contents=contents,
    notes=(
        "A game is one whole **duel**; each seat plays the starter deck named (match option "
        "`decks`, a starter's name per seat), in the order the starter lists its cards. The "
        "battle royale starters (one Avatar each, 3 or 4 players) are not measured here."),
)
