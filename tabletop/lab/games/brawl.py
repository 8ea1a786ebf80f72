"""How docs/BOTS.md measures the Champions' Brawl bots (make bots-report GAME=brawl)."""

from tabletop.games.brawl import PLUGIN
from tabletop.lab.plans import Matchup, ReportPlan

REPORT = ReportPlan(
    options=PLUGIN.measured_options,
    what_a_game_is=(
        "one whole **match** of Champions' Brawl (match options `{\"picks\": \"alternate\"}`), "
        "until a player reaches 5 Victory Points: the first player is drawn from the match "
        "seed, the champions are chosen by alternate picks (1-2-2-1), and the bots' set-up "
        "choices (champions, the redraw, traps, deployment) are setupcraft's heuristics for "
        "every search bot, so the measured games measure the play: the cards, the moves, the "
        "targets and the reactions. A match runs some 4 to 10 rounds of two turns between bots."),
    matchups=(
        Matchup(("ismcts:hard", "random"), 200, 0.90),
        Matchup(("ismcts:hard", "greedy:hard"), 200, 0.65),
        Matchup(("ismcts:normal", "random"), 200, 0.85),
        Matchup(("greedy:hard", "random"), 100),
    ),
    seed=50_000,
    timing_targets={"ismcts:hard": 3.0, "ismcts:normal": 1.0},
)
