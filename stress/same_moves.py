"""Same moves, same results: fixed-seed bot games of every game, summed up as figures and digests.

For a change meant to leave the rules alone (a refactor of how moves are dispatched), the
games bots play from fixed seeds must come out the same before and after: the same wins,
losses and draws, and the same final state of every game. The search bot is held to its
iteration cap with no clock (`ismcts_fixed`), so what it plays does not depend on the
machine's load.

    python stress/same_moves.py [--games 30] [--game ID ...] [--json OUT]
    python stress/same_moves.py --compare BEFORE.json [--json AFTER.json] [--pairings 2]

Prints one line per game and pairing; with --compare, exits 1 on the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's tabletop

from tabletop.lab.arena import run_arena  # noqa: E402
from tabletop.bots.base import _EXTRA, register_bot  # noqa: E402
from tabletop.bots.ismcts import ISMCTSBot, level_for  # noqa: E402
from tabletop.games.registry import game_ids  # noqa: E402

PAIRINGS = (("random", "random"), ("greedy", "random"), ("greedy:hard", "ismcts_fixed:easy"))
SEED = 81_000


def _fixed_ismcts(difficulty, policy):
    """The game's ISMCTS budget for the difficulty, without its clock."""
    return ISMCTSBot(replace(level_for(policy, difficulty), seconds=None), difficulty, policy)


if "ismcts_fixed" not in _EXTRA:           # imported again by the arena's worker processes
    register_bot("ismcts_fixed", _fixed_ismcts)


def digest(folder: Path) -> tuple[str, int]:
    """One digest of every saved game's final state and result, in game order."""
    h = hashlib.sha256()
    files = sorted(folder.glob("*.json"), key=lambda p: json.loads(p.read_text())["match"]["seed"])
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        match = data["match"]
        h.update(json.dumps([match["seed"], match["snapshot"], data["summary"].get("result"),
                             [e["action"] for e in match["log"]]],
                            sort_keys=True).encode("utf-8"))
    return h.hexdigest(), len(files)


def measure(game: str, bots: tuple[str, str], games: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        t0 = time.perf_counter()
        report = run_arena(game, list(bots), games=games, seed=SEED, save_dir=folder, jobs=2,
                           preload=["stress.same_moves"])
        seconds = time.perf_counter() - t0
        dig, saved = digest(Path(folder))
    first = report["entrants"][0]
    return {"game": game, "bots": list(bots), "games": games, "wins": first["wins"],
            "losses": first["losses"], "draws": first["draws"], "errors": report["errors"],
            "illegal": report["illegal"], "unfinished": report["unfinished"], "saved": saved,
            "digest": dig, "seconds": round(seconds, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--game", action="append", help="only these games (default: all)")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--compare", help="figures of an earlier run to compare with")
    ap.add_argument("--pairings", type=int, default=len(PAIRINGS),
                    help="only the first N pairings (the search's, last, takes longest)")
    args = ap.parse_args(argv)
    before = {}
    if args.compare:
        before = {(r["game"], tuple(r["bots"])): r for r in json.loads(Path(args.compare).read_text())}
    rows, same = [], True
    for game in args.game or game_ids():
        for bots in PAIRINGS[:args.pairings]:
            row = measure(game, bots, args.games)
            rows.append(row)
            was = before.get((game, bots))
            verdict = ""
            if args.compare:
                keys = ("wins", "losses", "draws", "errors", "illegal", "unfinished", "digest")
                ok = was is not None and all(was[k] == row[k] for k in keys)
                same &= ok
                verdict = "  same" if ok else f"  DIFFERENT (before: {was})"
            print(f"{game:9} {' vs '.join(bots):32} {row['wins']:3}-{row['losses']:3}-{row['draws']:3}"
                  f"  {row['digest'][:12]}  {row['seconds']:6.1f} s{verdict}", flush=True)
            if args.json:
                Path(args.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
