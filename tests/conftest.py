import os
import sys
from pathlib import Path

# Headless everywhere: no test may open a real window.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def tabletop_home(tmp_path, monkeypatch):
    """Every test gets its own TABLETOP_HOME so nothing touches the real user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    # an empty face cache per test: warming every match's faces would only load the machine
    # (the warmer's own tests turn it on)
    from tabletop.shell import covers, warmer
    monkeypatch.setattr(warmer, "ENABLED", False)
    # nor the home tiles' covers, but in the tests that look at them (the `covers` fixture)
    monkeypatch.setattr(covers, "ENABLED", False)
    return home


@pytest.fixture(autouse=True)
def no_windows_left_behind():
    """The windows a test opened and left (closed, hidden, never deleted) are deleted after it.
    Left alive they pile up in the worker process (thousands of widgets after a few hundred
    tests), and every later stylesheet change (apply_theme, the `themed` fixture) repolishes
    each of them: a theme applied late in the suite took seconds. Only windows without a
    parent that did not exist before the test: a longer-lived fixture's stay."""
    from PySide6.QtWidgets import QApplication
    from shiboken6 import getCppPointer

    def address(w) -> int:             # the widget's own, not its Python wrapper's (made anew)
        return getCppPointer(w)[0]

    app = QApplication.instance()
    before = {address(w) for w in app.topLevelWidgets()} if app is not None else set()
    yield
    app = QApplication.instance()
    if app is None:
        return
    from PySide6.QtCore import QEvent
    left = [w for w in app.topLevelWidgets() if address(w) not in before and w.parentWidget() is None]
    for w in left:
        w.close()
        w.deleteLater()
    if left:
        QApplication.sendPostedEvents(None, QEvent.DeferredDelete)


@pytest.fixture
def shared_faces(tabletop_home, tmp_path_factory):
    """The journeys' card faces kept on disk for the worker's next journeys: TABLETOP_HOME's
    face cache is one folder per pytest worker (tests there run one at a time), so a face one
    journey composed the next reads back instead of composing it again. For the journeys only,
    which are about the app's flow: the tests of the faces, the text floor, the warmer and a
    full or unwritable disk keep an empty cache of their own."""
    shared = tmp_path_factory.getbasetemp() / "journey-faces"
    shared.mkdir(exist_ok=True)
    (tabletop_home / "cache").mkdir(parents=True, exist_ok=True)
    (tabletop_home / "cache" / "faces").symlink_to(shared, target_is_directory=True)
    return shared


@pytest.fixture
def covers(monkeypatch):
    """The home tiles' covers drawn, as in the app."""
    from tabletop.shell import covers
    monkeypatch.setattr(covers, "ENABLED", True)
    return covers


@pytest.fixture
def themed(qapp):
    """The app's own fonts and stylesheet (what players see), put back afterwards."""
    from tabletop.shell.theme import apply_theme
    before = (qapp.styleSheet(), qapp.font(), qapp.palette(), qapp.style().name())
    apply_theme(qapp)
    yield qapp
    sheet, font, palette, style = before
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setPalette(palette)
    qapp.setStyle(style)


@pytest.fixture
def quick_bench(monkeypatch):
    """`tabletop bench` with short samples: the tests check that each figure is measured
    and printed, not its size (`make bench` keeps the full samples)."""
    import tabletop.bench as shell_bench
    import tabletop.lab.bench as bench
    monkeypatch.setattr(bench, "_playouts_per_s", lambda game, options, seconds=2.0: 1.0)
    monkeypatch.setattr(bench, "SECONDS", 0.2)
    monkeypatch.setattr(bench, "SEARCH_POSITIONS", 1)
    monkeypatch.setattr(shell_bench, "MOVES", 30)
    return 30          # the moves timed through the real shell


# The long tests first, shared out between the workers. pytest-xdist's worksteal hands each
# worker a run of the collected order (the first half to one, the second to the other on
# 2 cores) and later moves tests from the tail of a busy worker's run to an idle one: so each
# worker's run starts with its share of the long tests (longest first, dealt so that the
# shares take about as long), then the short tests in file order, which even out the end.
# Their times are tests/durations.json (tests/record_durations.py writes it from a run's
# --durations table); a test not in it counts as short.
DURATIONS = Path(__file__).with_name("durations.json")


def _shares(n: int, count: int) -> list[int]:
    """How many tests worksteal first hands each of n workers out of `count` (its own sums)."""
    sizes, left = [], count
    for i in range(n):
        sizes.append(left // (n - i))
        left -= sizes[-1]
    return sizes


def pytest_collection_modifyitems(config, items):
    import json
    try:
        took = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        took = {}
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    long = sorted((it for it in items if it.nodeid in took), key=lambda it: -took[it.nodeid])
    short = [it for it in items if it.nodeid not in took]
    sizes = _shares(workers, len(items))
    runs: list[list] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for it in long:                  # longest first, each to the least loaded run with room
        open_runs = [i for i in range(workers) if len(runs[i]) < sizes[i]] or list(range(workers))
        i = min(open_runs, key=lambda k: load[k])
        runs[i].append(it)
        load[i] += took[it.nodeid]
    for i in range(workers):         # then the short tests, in file order, to fill each run
        need = max(0, sizes[i] - len(runs[i]))
        runs[i] += short[:need]
        short = short[need:]
    runs[-1] += short
    items[:] = [it for run in runs for it in run]
