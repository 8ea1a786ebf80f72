"""`python -m tabletop.lab.oracle`: how much of a game is luck, measured.

A measuring instrument, never a seat in the app: the *oracle* is the same
ISMCTS as `ismcts`, but each of its determinisations is the real state (every
hand and the deck order) instead of a guess dealt from its seat's view. So it
plays the game as if it could see everything, including the future draws.

Played against `greedy:hard` on the same seeds as the fair `ismcts` bot, it
bounds what better guessing about hidden cards could ever add. docs/BOTS.md
quotes it for Paargus, where the fair bot stays under the 70% bar. With
`--hard-check PLAN` it takes the seat of a balance plan's hard check instead
(the stored weakest choice, against `random` holding the strongest), on the
same seeds, so the check's figure can be read against it.

How the oracle gets the state without changing the arena (which hands every
bot only its seat's view): the arena plays a *glass* copy of the game, which
keeps a clone of the real state beside the last view it made; the oracle's
search deals from that, and every other bot sees only the view.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import lru_cache
from typing import Sequence

from tabletop.lab.arena import format_table, run_arena
from tabletop.lab.balance import hard_check_seats, hard_check_seed, load_record
from tabletop.bots.base import register_bot, resolve_plugin, unregister_bot
from tabletop.bots.ismcts import LEVELS, ISMCTSBot, level_for
from tabletop.core import Game
from tabletop.core.plugin import Plugin


@lru_cache(maxsize=None)
def _glass_types(game_type: type) -> tuple[type, type]:
    """(Glass, Seer) subclasses of a game's class."""

    def view(self, state, seat):
        v = game_type.view(self, state, seat)
        # the real state goes beside the view, not into it: views may be slotted,
        # and every other bot must get exactly the plain game's view
        self.glass = (v, self.clone(state))
        return v

    def sample(self, v, rng):
        return self.clone(self.real)

    glass = type("Glass" + game_type.__name__, (game_type,), {"view": view, "base": game_type})
    seer = type("Seer" + game_type.__name__, (glass,), {"sample": sample})
    return glass, seer


def glass_game(game: Game) -> Game:
    """The game whose views also leave the real state beside them (for the oracle only)."""
    return _glass_types(type(game))[0]()


class OracleBot(ISMCTSBot):
    name = "oracle"

    def choose(self, game, view, legal, rng):
        seen = getattr(game, "glass", None)
        if seen is None or seen[0] is not view:
            raise ValueError("the oracle plays only in a glass game (tabletop.lab.oracle)")
        seer = _glass_types(type(game).base)[1]()
        seer.real = seen[1]
        return super().choose(seer, view, legal, rng)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.lab.oracle",
                                     description="An ISMCTS that sees everything, against a bot.")
    parser.add_argument("game")
    parser.add_argument("--difficulty", default="hard", choices=sorted(LEVELS),
                        help="the oracle's search budget (default hard)")
    parser.add_argument("--opponent", help="the bot in the other seats (default greedy:hard; "
                                           "random with --hard-check)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, help="the first game's seed (default 30000; with "
                                                 "--hard-check, the check's own)")
    parser.add_argument("--options", default="{}", help="match options (JSON)")
    parser.add_argument("--hard-check", metavar="PLAN",
                        help="sit where the balance plan's hard check seats its strong bot")
    args = parser.parse_args(argv)
    base = resolve_plugin(args.game)
    # the glass game, searched with the game's own policy and the fair bot's budget
    game = Plugin(glass_game(base.game), base.policy)
    budget = level_for(base.policy, args.difficulty)
    if args.hard_check:
        if args.options != "{}":
            parser.error("--hard-check plays the plan's own options; leave --options out")
        record = load_record(args.hard_check)
        if record["game"] != base.game.info.id:
            parser.error(f"{args.hard_check} is a plan of {record['game']}, not {args.game}")
        table = hard_check_seats(record, "oracle", args.opponent or "random")
        seats = {"bots": table["bots"], "options": table["options"],
                 "seat_option": table["seat_option"]}
        seed = hard_check_seed(record) if args.seed is None else args.seed
    else:
        seats = {"bots": ["oracle", args.opponent or "greedy:hard"],
                 "options": json.loads(args.options)}
        seed = 30_000 if args.seed is None else args.seed
    register_bot("oracle", lambda difficulty, policy: OracleBot(budget, args.difficulty, policy))
    started = time.perf_counter()
    try:
        report = run_arena(game, games=args.games, seed=seed, jobs=1, **seats)
    finally:
        unregister_bot("oracle")   # never left where a fair arena could name it
    report["oracle_difficulty"] = args.difficulty
    report["seed"] = seed
    report["minutes"] = round((time.perf_counter() - started) / 60, 1)
    print(format_table(report))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
