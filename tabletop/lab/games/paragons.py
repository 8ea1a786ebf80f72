"""How docs/BOTS.md measures the Paragons bots (make bots-report GAME=paragons)."""

from tabletop.games.paragons import PLUGIN
from tabletop.lab.plans import Matchup, ReportPlan

REPORT = ReportPlan(
    options=PLUGIN.measured_options,
    what_a_game_is=(
        "one **game** of Paragons between two players with the **ready decks** (match "
        "options `{\"variant\": \"preconstructed\", \"best_of\": 1}`): the classes are dealt "
        "from the match seed, so every matchup plays every pairing of classes, and the game "
        "ends when a player's Life reaches 0 or a player cannot draw. A match is best of three "
        "games, but the bots search only the game they are in (the next one starts from "
        "shuffled decks), so one game is the unit of skill at a third of the cost. The drafted "
        "variant is left out of the measured games: the class, the draft and the deck are "
        "deckcraft's heuristics for every search bot (no search is spent on them), so they "
        "would measure no search: `python -m tabletop.lab.setupcheck paragons` measures them "
        "instead, against random choices (2026-11-23, `--difficulty easy --games 200`: the "
        "bot's own class, draft and deck won 162 of 200 drafted games, 81%, against random "
        "ones played by the same bot)."),
    matchups=(
        Matchup(("ismcts:hard", "random"), 200, 0.95),
        Matchup(("ismcts:hard", "greedy:hard"), 200, 0.70),
        Matchup(("ismcts:normal", "random"), 200, 0.85),
        Matchup(("greedy:hard", "random"), 100),
    ),
    seed=40_000,
    timing_targets={"ismcts:hard": 3.0, "ismcts:normal": 1.0},
    notes=(
        "**Rules version 2** (2026-12-07: spells on any turn, in a moment after each turn's "
        "beginning and before its end; mercenaries that arrive on the board at once): matchup 2, "
        "`ismcts:hard` against `greedy:hard`, was measured again under it, 161 of 200 (80.5%; "
        "84.0% under version 1), `ismcts:hard` at 2,515 ms a decision at the 95th percentile "
        "in that matchup (2,566 ms for the searched ones), on a machine that ran the test suite "
        "and other measurements beside it for much of the run. The other matchups and the "
        "figures above that come from them are version 1's (2026-11-24) until they are measured "
        "again (`make bots-report GAME=paragons MATCHUP=\"1 3 4\"`)."),
)
