"""How docs/BOTS.md measures the Pariah bots (make bots-report GAME=pariah)."""

from tabletop.games.pariah import PLUGIN
from tabletop.games.pariah.engine.cards import FACTIONS, faction_contents, factions
from tabletop.lab.plans import BalanceChoice, BalancePlan, Matchup, ReportPlan

REPORT = ReportPlan(
    options=PLUGIN.measured_options,
    what_a_game_is=(
        "a whole **match** of Pariah, two players: each picks a secret 20-point army from "
        "ten cards drawn, deploys it, and the match ends by annihilation or after round 5 "
        "on the points still standing (a tie on points is a draw, and a draw is not a win: "
        "win rates below are wins / games). Factions are drawn at random per seat from the "
        "match seed, so every matchup plays every pairing of factions."),
    matchups=(
        Matchup(("ismcts:hard", "random"), 200, 0.85),
        Matchup(("ismcts:hard", "greedy:hard"), 200, 0.65),
        Matchup(("ismcts:normal", "random"), 200, 0.85),
        Matchup(("greedy:hard", "random"), 100),
    ),
    seed=30_000,
    timing_targets={"ismcts:hard": 3.0, "ismcts:normal": 1.0},
)


# --- the starting choices docs/BALANCE.md measures: the three factions
PLAN = BalancePlan(
    id="pariah",
    choices=tuple(BalanceChoice(fid, factions()[fid].name, fid) for fid in FACTIONS),
    option="factions",
    contents=faction_contents,
    notes=(
        "A game is a whole two-player **match**; each seat plays the faction named (match "
        "option `factions`, one per seat). The army is still drawn from the faction's deck "
        "and chosen in secret, so a pairing's figure mixes the faction with the draw. A tie "
        "on points is a draw, and a draw is not a win."),
)

BALANCE = (PLAN,)
