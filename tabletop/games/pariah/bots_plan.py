"""How docs/BOTS.md measures the Pariah bots (make bots-report GAME=pariah)."""

from tabletop.core.plugin import Matchup, ReportPlan

PLAN = ReportPlan(
    options={},
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
