"""How long the app takes to open: `tabletop bench` without a game (a benchmark, not a test).

Each launch is a new process running the real app (`tabletop.shell.app.run`) offscreen, timed
from just before the process starts until the home screen's first frame is painted, and until
every tile shows its cover; and the processor time the process spent until the first frame
(on a machine busy with other work the wall-clock figures grow, that one hardly). Cold: a new TABLETOP_HOME, so the covers' disk cache is empty (the
first launch after installing, or at a new window size); warm: a home whose cache is filled.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

LAUNCHES = 3
TIMEOUT_S = 120.0


def launch(home: str) -> dict:
    """One launch of the app with TABLETOP_HOME `home`: {"first_frame_s", "covers_s"}."""
    env = dict(os.environ, TABLETOP_HOME=home, QT_QPA_PLATFORM="offscreen",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # an installed app starts from compiled modules: let Python keep them as it does there
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tabletop.shell.first_frame", repr(start)],
                          env=env, capture_output=True, text=True, timeout=TIMEOUT_S + 30)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the app did not open (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])


def bench_home(launches: int | None = None) -> dict:
    """The medians of `launches` cold and `launches` warm launches, in milliseconds, and each
    launch's first frame (`..._runs_ms`) for quoting."""
    launches = launches or LAUNCHES
    with tempfile.TemporaryDirectory(prefix="tabletop-home-bench-") as tmp:
        launch(os.path.join(tmp, "primer"))     # untimed: Python compiles the modules once
        cold = [launch(os.path.join(tmp, f"cold{i}")) for i in range(launches)]
        warm_home = os.path.join(tmp, "warm")
        launch(warm_home)                       # fills the cache
        warm = [launch(warm_home) for _ in range(launches)]
    figures = {}
    for name, runs in (("cold", cold), ("warm", warm)):
        frames = [round(r["first_frame_s"] * 1000) for r in runs]
        figures[f"home_first_frame_{name}_ms"] = round(statistics.median(frames))
        figures[f"home_first_frame_{name}_runs_ms"] = frames
        # the processor time the launch took to get there: what a busy machine does not inflate
        figures[f"home_first_frame_{name}_cpu_ms"] = round(
            statistics.median(r["first_frame_cpu_s"] for r in runs) * 1000)
        if any(r["covers_s"] is None for r in runs):
            raise RuntimeError(f"the covers did not come within {TIMEOUT_S:.0f} s")
        figures[f"home_covers_{name}_ms"] = round(statistics.median(r["covers_s"] for r in runs) * 1000)
    return figures


def _probe(started: float) -> int:
    """In the launched process: run the app, print the times as JSON, quit."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(["tabletop"])      # the app's run() takes this one
    seen: dict[str, float] = {}

    def covers(home) -> None:
        if home.covers_shown() or time.monotonic() - started > TIMEOUT_S:
            seen["covers_s"] = time.monotonic() - started if home.covers_shown() else None
            print(json.dumps(seen), flush=True)
            app.quit()
        else:
            QTimer.singleShot(5, lambda: covers(home))

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if not seen and event.type() == QEvent.Paint and type(obj).__name__ == "HomePage":
                seen["first_frame_s"] = time.monotonic() - started
                seen["first_frame_cpu_s"] = time.process_time()
                QTimer.singleShot(0, lambda: covers(obj))
            return False

    spy = FirstPaint()
    app.installEventFilter(spy)
    from tabletop.shell.app import run
    return run()


if __name__ == "__main__":
    sys.exit(_probe(float(sys.argv[1])))
