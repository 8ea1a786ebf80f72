"""Median apply and clone time (µs) over many samples, the loop of tabletop.lab.bench (seeded),
run from any checkout's folder so two trees can be compared back to back:

    cd OTHER_TREE && python /path/to/stress/apply_bench.py GAME 20000
"""

import json
import statistics
import sys
import time

sys.path.insert(0, ".")                 # the tree this is run from

from tabletop.core import Rng  # noqa: E402
from tabletop.games.registry import plugin  # noqa: E402

gid, samples = sys.argv[1], int(sys.argv[2])
p = plugin(gid)
game, options = p.game, dict(getattr(p, "measured_options", None) or {})
if gid == "paargus": options = {"hands": 1}
if gid == "brawl": options = {"picks": "alternate"}
if gid == "paragons": options = {"variant": "preconstructed", "best_of": 1}
if gid == "trials": options = {"decks": ["bot", "bot"]}
rng = Rng(2); s = game.setup(options, 2); applies, clones = [], []
while len(applies) < samples:
    if game.to_act(s) is None:
        s = game.setup(options, len(applies))
    a = rng.choice(game.legal_actions(s))
    t = time.perf_counter(); c = game.clone(s); clones.append(time.perf_counter() - t)
    t = time.perf_counter(); game.apply(c, a); applies.append(time.perf_counter() - t)
    s = c
print(json.dumps({"apply_us": round(statistics.median(applies) * 1e6, 2), "clone_us": round(statistics.median(clones) * 1e6, 2)}))
