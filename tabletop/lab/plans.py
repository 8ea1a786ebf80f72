"""The lab's plans: how docs/BOTS.md measures a game's bots and how docs/BALANCE.md measures its
starting choices. One module per game under tabletop/lab/games declares them (REPORT, and
BALANCE for a game with starting choices); the app never imports any of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable

from tabletop.games.registry import game_ids


@dataclass(frozen=True)
class Matchup:
    bots: tuple[str, str]
    games: int
    target: float | None = None          # the least win rate of bots[0] we promise


@dataclass(frozen=True)
class ReportPlan:
    """How docs/BOTS.md measures a game's bots."""

    options: dict
    what_a_game_is: str
    matchups: tuple[Matchup, ...]
    seed: int = 20_000
    timing_targets: dict[str, float] = field(default_factory=dict)   # bot -> p95 seconds
    # prose under the win rates: measurements made by other commands, which it names
    notes: str = ""


@dataclass(frozen=True)
class BalanceChoice:
    """One starting choice a player makes before the match (a starter deck, a faction)."""

    id: str            # short and stable: the key in docs/balance/GAME.json
    label: str         # as the player sees it
    value: Any         # what the match option holds for a seat that made this choice


@dataclass(frozen=True)
class BalancePlan:
    """How docs/BALANCE.md measures a game's starting choices against each other.

    A pairing of choices a and b is fixed by the match option `option` as a list by
    seat: `{**options, option: [a.value, b.value]}` puts a in seat 0 and b in seat 1. With
    `players` > 2 the choices meet at tables of that many instead, one choice a seat
    (`option` lists them by seat the same way), and each pairing is read from the tables
    where both sat.
    `contents(value)` is what a choice holds (its cards, units and their numbers) as JSON: the
    record keeps its digest, so a retuned choice's figures are known to be stale (and a
    resumed run plays again only the pairings of the choices that changed).
    """

    choices: tuple[BalanceChoice, ...]
    option: str
    options: dict = field(default_factory=dict)       # the rest of the match options
    seed: int = 40_000
    notes: str = ""                                     # prose under the game's table
    contents: Callable[[Any], Any] | None = None
    id: str = ""                # the record's name (docs/balance/ID.json); "" is the game's id
    title: str = ""             # what the plan measures, after the game's title ("battle royale")
    players: int = 2            # seats at a table when measured
    shown_for: tuple[int, ...] = (2,)       # the seat counts whose new-match dialog shows it
    # the share `ismcts:hard` with the weakest choice must win against `random` with the
    # strongest; a plan whose luck puts the 90% out of reach states a measured bar,
    # the oracle's figure that shows it (hard_bar_reason) and the seats it was measured on
    # (the weakest choice's id, then the strongest's): on other seats the 90% holds again
    hard_bar: float = 0.90
    hard_bar_reason: str = ""
    hard_bar_seats: tuple[str, ...] = ()

    def pairing_options(self, seat0: BalanceChoice, seat1: BalanceChoice) -> dict:
        return {**self.options, self.option: [seat0.value, seat1.value]}


def _module(game_id: str):
    return import_module(f"tabletop.lab.games.{game_id}")


def report_plans() -> dict[str, ReportPlan]:
    """Every game's bots plan, by game id, in the registry's order."""
    return {gid: plan for gid in game_ids() if (plan := getattr(_module(gid), "REPORT", None))}


def balance_plans(game_id: str) -> tuple[BalancePlan, ...]:
    """A game's plans of starting choices (Trials: the duel's decks, the royale's)."""
    return tuple(getattr(_module(game_id), "BALANCE", ()))
