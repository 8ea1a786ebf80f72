"""How docs/BOTS.md measures the Trials bots (make bots-report GAME=trials)."""

from tabletop.core.plugin import Matchup, ReportPlan

PLAN = ReportPlan(
    options={"decks": ["bot", "bot"]},
    what_a_game_is=(
        "one whole **duel** of Paragon: Trials of the Chosen, until both Avatars of a "
        "player have fallen or a player cannot draw at the start of a round. Every seat's "
        "deck is left to the bots (match option `{\"decks\": [\"bot\", \"bot\"]}`): "
        "each seat gets one of the three strongest ready-made decks by "
        "`decks.deck_strength`, drawn from the match seed, so neither entrant is tied to "
        "a weaker deck by its seat."),
    matchups=(
        Matchup(("ismcts:hard", "random"), 200, 0.95),
        Matchup(("ismcts:hard", "greedy:hard"), 200, 0.70),
        Matchup(("ismcts:normal", "random"), 200, 0.85),
        Matchup(("greedy:hard", "random"), 100),
    ),
    timing_targets={"ismcts:hard": 3.0, "ismcts:normal": 1.0},
)
