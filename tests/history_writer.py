"""A copy of the app recording finished matches into the match history as fast as it can,
for the kill -9 test (test_history_kill.py): prints "committed ID" once each record has
returned, so whatever the test read was in the database before the kill. No tests here.

    python tests/history_writer.py DB_PATH"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def main() -> None:
    from history_helpers import finished_match
    from tabletop.store.history import History
    matches = [finished_match(game, seed) for seed, game in enumerate(("brawl", "pariah", "paargus"))]
    history = History(Path(sys.argv[1]))
    assert history.writable, history.problem
    print("ready", flush=True)
    n = 0
    while True:
        match = matches[n % len(matches)]
        match.id = f"{os.getpid()}-{n:06d}"     # a new match each time, as far as the history knows
        if not history.record(match, f"{match.id}.json"):
            print(f"failed {history.problem}", flush=True)
            return
        print(f"committed {match.id}", flush=True)
        n += 1


if __name__ == "__main__":
    main()
