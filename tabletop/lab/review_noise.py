"""How noisy a review's values are: some decisions of a saved match rated with six seeds each.

    python -m tabletop.lab.review_noise SAVE SEAT [--decisions 8] [--budget B]

SEAT counts from 0. Prints the spread (population standard deviation over the seeds) of the
player's move's value and of the swing, and at how many decisions the bot's own move changed
with the seed (docs/notes/review.md).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from tabletop.bots.base import resolve_plugin
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.review import decisions, focus_floor, rate, review_budget
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

SEEDS = 6


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tabletop.lab.review_noise")
    p.add_argument("save")
    p.add_argument("seat", type=int)
    p.add_argument("--decisions", type=int, default=8)
    p.add_argument("--budget", default=None)
    args = p.parse_args(argv)
    path = Path(args.save)
    match = SaveStore(path.parent).load(path, games=get_game)
    plugin = resolve_plugin(match.game)
    budget = review_budget(plugin, args.budget)
    bot = ISMCTSBot(budget, "hard", plugin.policy)
    found = decisions(match.game, match.initial_state(),
                      match.log, {args.seat})
    picked = found[::max(1, len(found) // args.decisions)][:args.decisions]
    sd_value, sd_swing, changed = [], [], 0
    for d in picked:
        rated = [rate(match.game, bot, d.view, d.legal, d.chosen, seed, focus_floor(budget),
                      d.move, d.seat) for seed in range(SEEDS)]
        sd_value.append(statistics.pstdev([r.chosen_value for r in rated
                                           if r.chosen_value is not None] or [0.0]))
        sd_swing.append(statistics.pstdev([r.swing for r in rated]))
        changed += len({r.bot for r in rated}) > 1
    if not picked:
        print("no decision of that seat to rate")
        return 1
    print(f"{match.game.info.id}: {len(picked)} decisions x {SEEDS} seeds, {budget.iterations} "
          f"iterations: sd of the player's move's value median {statistics.median(sd_value):.3f} "
          f"max {max(sd_value):.3f}; sd of the swing median {statistics.median(sd_swing):.3f} "
          f"max {max(sd_swing):.3f}; the bot's move changed with the seed at {changed} of {len(picked)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
