"""A frozen or orphaned bot worker: stopping it never blocks the caller, and a worker
whose app is gone exits at once, quietly (issue 19, points 6 and 7)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import test_bots_support  # noqa: F401  (registers the test bots here too)
from process_helpers import freeze, gone
from toygame import GAME

from tabletop.bots.worker import BotWorker

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")

TOY = "toygame:PLUGIN"
QUICK = 0.2                   # seconds the UI may spend stopping a worker


def _position():
    state = GAME.setup({}, 8)
    seat = GAME.to_act(state)
    return seat, GAME.view(state, seat), GAME.legal_actions(state)


def _thinking(w: BotWorker, bot: str = "sleepy") -> int:
    """Ask `bot` for a move and return once the process is ready and on it."""
    w.request(TOY, *_position(), bot)
    end = time.monotonic() + 60
    while not w.thinking:
        assert w.poll() is None and time.monotonic() < end
        time.sleep(0.01)
    return w.pid


def _timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


STOPS = {
    "cancel": lambda w: w.cancel(),
    "close": lambda w: w.close(),
    "restart": lambda w: w.request(TOY, *_position(), "random"),   # cancels, starts afresh
}


@pytest.mark.parametrize("stop", sorted(STOPS))
def test_stopping_a_frozen_worker_returns_at_once_and_leaves_no_process(stop):
    with BotWorker(time_limit=60, preload=["test_bots_support"]) as w:
        pid = _thinking(w)
        freeze(pid)
        assert _timed(lambda: STOPS[stop](w)) < QUICK
        assert gone(pid)
        if stop == "restart":       # the replacement answers
            assert w.wait(timeout=60)[2] is None


def test_a_frozen_worker_past_its_time_limit_is_dropped_at_once():
    with BotWorker(time_limit=0.3, preload=["test_bots_support"]) as w:
        pid = _thinking(w)
        freeze(pid)
        time.sleep(w.time_limit + 0.05)
        start = time.perf_counter()
        outcome = w.poll()
        assert time.perf_counter() - start < QUICK
        assert outcome is not None and "longer than" in outcome[2]
        assert gone(pid)


# --- the app dies under its worker ----------------------------------------------------
_PARENT = """
import sys, time
sys.path[:0] = {paths!r}
from test_bots_worker_faults import _thinking
from tabletop.bots.worker import BotWorker
w = BotWorker(time_limit=600, preload=["test_bots_support"])
pid = _thinking(w, {bot!r})
time.sleep(0.3)                      # well into the decision
print(pid, flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("bot", ["spinner", "sleepy"])
def test_a_worker_exits_quietly_within_a_second_or_two_of_its_app_being_killed(tmp_path, bot):
    paths = [str(Path(__file__).parent), str(Path(__file__).parents[1])]
    errors = tmp_path / "stderr.txt"
    with errors.open("wb") as err:
        app = subprocess.Popen([sys.executable, "-c", _PARENT.format(paths=paths, bot=bot)],
                               stdout=subprocess.PIPE, stderr=err)
    pid = None
    try:
        pid = int(app.stdout.readline())
        app.kill()                  # kill -9: nothing in the app runs
        app.wait()
        assert gone(pid, within=2.0), "the worker outlived its app"
    finally:
        app.kill()
        app.stdout.close()
        if pid is not None and not gone(pid, within=0):
            os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)                 # anything it wrote on its way out
    assert "Traceback" not in errors.read_text(), errors.read_text()
