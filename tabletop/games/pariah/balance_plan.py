"""The starting choices docs/BALANCE.md measures for Pariah: the three factions."""

from tabletop.core.plugin import BalanceChoice, BalancePlan
from tabletop.games.pariah.engine.cards import FACTIONS, factions
from tabletop.resources import read_json


def contents(faction_id: str) -> list:
    """A faction as measured: its units' data (the relics are everyone's)."""
    return read_json("tabletop.games.pariah.engine", f"data/{faction_id}.json")


PLAN = BalancePlan(
    id="pariah",
    choices=tuple(BalanceChoice(fid, factions()[fid].name, fid) for fid in FACTIONS),
    option="factions",
    contents=contents,
    notes=(
        "A game is a whole two-player **match**; each seat plays the faction named (match "
        "option `factions`, one per seat). The army is still drawn from the faction's deck "
        "and chosen in secret, so a pairing's figure mixes the faction with the draw. A tie "
        "on points is a draw, and a draw is not a win."),
)
