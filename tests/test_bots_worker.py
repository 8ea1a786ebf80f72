"""The bot worker process: answers, errors, time limits, cancel, close; fallback."""

from __future__ import annotations

import time

import pytest
import test_bots_support  # noqa: F401  (registers the test bots here too)
from toygame import GAME

from tabletop.bots.worker import (BotWorker, choose_in_process, choose_with_fallback,
                                  fallback_choice)
from tabletop.core import Action, Rng

TOY = "toygame:PLUGIN"


@pytest.fixture(scope="module")
def worker():
    w = BotWorker(time_limit=5.0, preload=["test_bots_support"])
    yield w
    w.close()


def _position(seed=8):
    state = GAME.setup({}, seed)
    seat = GAME.to_act(state)
    return state, seat, GAME.view(state, seat), GAME.legal_actions(state)


def test_worker_answers_with_a_legal_labelled_action(worker):
    state, seat, view, legal = _position()
    ticket = worker.request(TOY, seat, view, legal, "greedy", "normal", seed=42)
    got, action, error = worker.wait(timeout=30)
    assert (got, error) == (ticket, None)
    assert action in legal and action.label
    # the process thinks exactly as this process would
    assert action == choose_in_process(GAME, view, legal, "greedy", "normal", Rng(42))
    assert worker.is_alive() and not worker.busy
    assert worker.poll() is None


def test_worker_accepts_a_json_view(worker):
    state, seat, view, legal = _position(3)
    worker.request(TOY, seat, GAME.state_to_json(view), legal, "random", seed=1)
    _, action, error = worker.wait(timeout=30)
    assert error is None and action in legal


def test_poll_does_not_block(worker):
    state, seat, view, legal = _position()
    worker.request(TOY, seat, view, legal, "greedy", seed=1)
    start = time.perf_counter()
    outcome = worker.poll()
    assert time.perf_counter() - start < 0.05
    outcome = outcome or worker.wait(timeout=30)
    assert outcome[2] is None


def test_a_raising_bot_gives_an_error_and_the_fallback_plays(worker):
    state, seat, view, legal = _position()
    ticket = worker.request(TOY, seat, view, legal, "boom")
    got, action, error = worker.wait(timeout=30)
    assert got == ticket and action is None
    assert "boom" in error
    assert fallback_choice(GAME, view, legal, Rng(0)) in legal
    assert worker.is_alive()        # a bot error does not cost the process


@pytest.mark.parametrize("bot, words", [("illegal", "not legal"), ("nobody", "known bots")])
def test_bad_answers_and_unknown_bots_are_errors(worker, bot, words):
    state, seat, view, legal = _position()
    worker.request(TOY, seat, view, legal, bot)
    _, action, error = worker.wait(timeout=30)
    assert action is None and words in error


def test_time_limit_stops_the_bot_and_the_worker_recovers():
    state, seat, view, legal = _position()
    with BotWorker(time_limit=0.5, preload=["test_bots_support"]) as w:
        w.request(TOY, seat, view, legal, "sleepy")
        _, action, error = w.wait(timeout=30)
        assert action is None and "longer than 0.5 s" in error
        assert not w.is_alive()
        w.request(TOY, seat, view, legal, "random")
        assert w.wait(timeout=30)[1] in legal


def test_the_time_limit_counts_thinking_not_the_process_starting():
    state, seat, view, legal = _position()
    with BotWorker(time_limit=0.5, preload=["slow_start_support"]) as w:
        w.request(TOY, seat, view, legal, "random")     # sent before the process is ready
        _, action, error = w.wait(timeout=60)
        assert error is None and action in legal


def test_cancel_drops_the_pending_request():
    state, seat, view, legal = _position()
    with BotWorker(time_limit=60, preload=["test_bots_support"]) as w:
        w.request(TOY, seat, view, legal, "sleepy")
        w.cancel()
        assert not w.busy and w.poll() is None
        ticket = w.request(TOY, seat, view, legal, "greedy")
        got, action, error = w.wait(timeout=30)
        assert got == ticket and error is None and action in legal


def test_close_ends_the_process():
    state, seat, view, legal = _position()
    w = BotWorker(preload=["test_bots_support"])
    assert not w.is_alive()         # started lazily
    w.request(TOY, seat, view, legal, "sleepy")
    proc = w._proc
    assert proc.is_alive()
    w.close()
    assert not w.is_alive()
    end = time.monotonic() + 2      # killed at once, reaped in the background
    while proc.is_alive() and time.monotonic() < end:
        time.sleep(0.01)
    assert not proc.is_alive()
    w.close()                       # twice is harmless


def test_choose_with_fallback_in_process():
    state, seat, view, legal = _position()
    action, error = choose_with_fallback(GAME, view, legal, "boom", rng=Rng(1))
    assert action in legal and "boom" in error
    action, error = choose_with_fallback(GAME, view, legal, "greedy", rng=Rng(1))
    assert action in legal and error is None
    assert choose_with_fallback(GAME, view, legal, "illegal")[0] == Action("take", (99, 1))
