"""Write tests/durations.json from a run's `--durations` table, for the conftest's ordering of
the long tests (no tests here):

    QT_QPA_PLATFORM=offscreen SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \\
        .venv/bin/python -m pytest -q -n auto --dist worksteal --durations=0 -p no:cacheprovider \\
        | .venv/bin/python tests/record_durations.py

Each test's setup, call and teardown are added up; tests under a second are left out (they
are the short ones the workers share out at the end)."""

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+(\S+)")
FLOOR = 1.0


def main() -> None:
    total: dict[str, float] = defaultdict(float)
    for line in sys.stdin:
        m = LINE.match(line.strip())
        if m:
            total[m.group(2)] += float(m.group(1))
    kept = {k: round(v, 1) for k, v in sorted(total.items(), key=lambda kv: -kv[1]) if v >= FLOOR}
    if not kept:
        sys.exit("no --durations table in the input")
    out = Path(__file__).with_name("durations.json")
    out.write_text(json.dumps(kept, indent=0) + "\n")
    print(f"{len(kept)} tests of a second or more, {sum(kept.values()):.0f} s, in {out}")


if __name__ == "__main__":
    main()
