"""`python -m tabletop.lab.setupcheck GAME`: how much the choices before play are worth.

Paragons is won at the table and before it: the class, the draft and the deck. This plays a
search bot whose choices before play are its own (deckcraft, for Paragons) against the same
search bot whose choices before play are random (a random class, random picks, a deck built
by random additions and removals), seats alternating, through the arena. Everything after
the deck is built is played by the same bot on both sides, so the win rate measures the
choices alone. A game's policy names its setup decisions (`Policy.setup_decision`).

The `randomsetup` entrant is registered when this module is imported (the arena's workers
import it too: `preload`); nothing in the app imports it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Sequence

from tabletop.lab.arena import format_table, run_arena
from tabletop.bots.base import make_bot, register_bot, resolve_plugin
from tabletop.core.policy import Policy

ENTRANT = "randomsetup"


class RandomSetupBot:
    """Random before play, the named search bot after."""

    name = ENTRANT

    def __init__(self, difficulty: str, policy: Policy, player: str = "ismcts") -> None:
        # the arena first makes each entrant without a policy, to check its name
        self.setup_decision = policy.setup_decision or (lambda view: False)
        self.player = make_bot(player, difficulty, policy)
        self.last_search = None

    def choose(self, game, view, legal, rng):
        if self.setup_decision(view):
            self.last_search = None
            return rng.choice(legal)
        action = self.player.choose(game, view, legal, rng)
        self.last_search = getattr(self.player, "last_search", None)
        return action


register_bot(ENTRANT, lambda difficulty, policy: RandomSetupBot(difficulty, policy))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.lab.setupcheck",
                                     description="A bot's own choices before play against random "
                                                 "ones, the same bot playing both sides.")
    parser.add_argument("game")
    parser.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--options", default='{"variant": "draft", "best_of": 1}',
                        help="match options (JSON)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    plugin = resolve_plugin(args.game)
    if plugin.policy.setup_decision is None:
        print(f"{plugin.game.info.title} has no decisions before play to measure.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    report = run_arena(plugin.id, [f"ismcts:{args.difficulty}", f"{ENTRANT}:{args.difficulty}"],
                       games=args.games, seed=args.seed, options=json.loads(args.options),
                       jobs=args.jobs, preload=("tabletop.lab.setupcheck",))
    report["minutes"] = round((time.perf_counter() - started) / 60, 1)
    print(format_table(report))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
