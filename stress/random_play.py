"""Seeded random play of every game, checked at every move (part of `make stress`).

For each game and seat count, many seeded matches of random moves; at every position:
- every listed action is accepted by why_illegal, and a few bent ones (a legal action with an
  argument changed or reordered) are refused with a sentence unless they are listed;
- the view of every seat is unchanged when that seat's hidden cards are redealt among
  themselves (the redeal of tests/test_views_fairness.py);
and at the end of each match the log replays from the seed to the same state and the state's
JSON round-trips. Prints the figures; exits 1 on the first failure, with its seed.

    python stress/random_play.py [--games N] [--every K] [--game ID]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_views_fairness import SECRETS, _redeal  # noqa: E402  (the same redeal as the tests)

from tabletop.core import Action, Rng  # noqa: E402
from tabletop.core.game import IllegalAction  # noqa: E402
from tabletop.games.registry import plugins  # noqa: E402

MAX_MOVES = 3000


def _bent(a: Action, rng: Rng) -> Action:
    if not a.args:
        return Action(a.kind, (rng.below(50),))
    i = rng.below(len(a.args))
    args = list(a.args)
    args[i] = (args[i][::-1] if isinstance(args[i], tuple) and len(args[i]) > 1
               else rng.choice([-1, 10**9, "x", None, (), args[i]]))
    return Action(a.kind, tuple(args))


def _check_position(game, s, players: int, rng: Rng, tally: dict) -> None:
    legal = game.legal_actions(s)
    listed = set(legal)
    for a in legal:
        if game.why_illegal(s, a) is not None:
            raise AssertionError(f"listed but refused: {a}")
    for a in legal[:3]:
        b = _bent(a, rng)
        reason = game.why_illegal(s, b)
        if (reason is None) != (b in listed):
            raise AssertionError(f"why_illegal and legal_actions disagree on {b}: {reason!r}")
        if reason is not None:
            t = game.clone(s)
            try:
                game.apply(t, b)
                raise AssertionError(f"apply took the refused {b}")
            except IllegalAction:
                pass
        tally["fabricated"] += 1
    tally["actions"] += len(legal)
    redeal = SECRETS.get(game.info.id)
    for seat in range(players):
        seen = json.dumps(game.view_to_json(game.view(s, seat)), sort_keys=True)
        t = game.clone(s)
        for group in (redeal(t, seat) if redeal else []):
            _redeal(group, rng)
        if json.dumps(game.view_to_json(game.view(t, seat)), sort_keys=True) != seen:
            raise AssertionError(f"seat {seat + 1}'s view tells hidden cards apart")
        tally["views"] += 1


def play_one(game, players: int, seed: int, every: int, tally: dict) -> None:
    options = game.default_options(players) if players > 2 else {}
    s = game.setup(options, seed, players)
    rng = Rng(seed * 31 + 7)
    log = []
    for n in range(MAX_MOVES):
        if game.to_act(s) is None:
            break
        if n % every == 0:
            _check_position(game, s, players, rng, tally)
        a = rng.choice(game.legal_actions(s))
        game.apply(s, a)
        log.append(a)
        tally["moves"] += 1
    again = game.setup(options, seed, players)
    for a in log:
        game.apply(again, Action.from_json(json.loads(json.dumps(a.to_json()))))
    if game.state_to_json(again) != game.state_to_json(s):
        raise AssertionError("the log does not replay to the same state")
    round_trip = game.state_to_json(game.state_from_json(json.loads(json.dumps(game.state_to_json(s)))))
    if round_trip != game.state_to_json(s):
        raise AssertionError("the state's JSON does not round-trip")
    tally["games"] += 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150, help="matches per game and seat count")
    ap.add_argument("--every", type=int, default=3, help="check one position in K")
    ap.add_argument("--game", action="append", help="only this game (may be repeated)")
    args = ap.parse_args(argv)
    start = time.monotonic()
    lines = []
    for gid, plugin in plugins().items():
        if args.game and gid not in args.game:
            continue
        game = plugin.game
        tally = dict.fromkeys(("games", "moves", "actions", "fabricated", "views"), 0)
        for players in game.info.players:
            for i in range(args.games):
                seed = 9_000_000 + i * 13 + players
                try:
                    play_one(game, players, seed, args.every, tally)
                except Exception as exc:       # report the seed that fails, then stop
                    print(f"FAIL {gid} {players} players seed {seed}: {type(exc).__name__}: {exc}")
                    return 1
        lines.append(f"{gid}: {tally['games']} games, {tally['moves']} moves, "
                     f"{tally['actions']} listed actions checked, {tally['fabricated']} bent ones, "
                     f"{tally['views']} views redealt")
    print("\n".join(lines))
    print(f"random play: 0 errors in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
