"""The arena's decision times: bounded memory, quantiles within the stated error, merging."""

from __future__ import annotations

import pickle
import random
import statistics

import pytest

from tabletop.lab.arena import _Entrant, format_table, run_arena
from tabletop.lab.quantiles import (EXACT_LIMIT, GAMMA, MAX_BUCKETS, MIN_VALUE, REL_ERROR,
                                     Quantiles)

TOL = REL_ERROR + 1e-9            # floating point at a bucket's edge


def exact_p95(xs):
    ordered = sorted(xs)          # nearest rank, as the arena always reported it
    return ordered[-(-95 * len(ordered) // 100) - 1]


def samples(rng, n):
    """Decision-like times in ms: instant ones, some zeros, a long tail of searches."""
    kinds = [lambda: rng.expovariate(1 / 0.005), lambda: 0.0,
             lambda: rng.lognormvariate(6, 1.0), lambda: rng.uniform(1e-7, 1e6)]
    return [rng.choice(kinds)() for _ in range(n)]


def entrant_with(times):
    entrant = _Entrant("random", "random", "normal")
    for x in times:
        entrant.times_ms.add(x)
        entrant.search_ms.add(x)
    return entrant


def test_an_entrants_times_do_not_grow_with_the_number_of_decisions():
    every_bucket = [0.0] + [MIN_VALUE * GAMMA ** i for i in range(MAX_BUCKETS)]
    ceiling = max(len(pickle.dumps(entrant_with(xs)))    # the most either form can hold
                  for xs in (every_bucket * 2, [1 / 3] * EXACT_LIMIT))
    rng = random.Random(1)
    for n in (100, 10_000, 200_000):
        entrant = entrant_with(samples(rng, n))
        assert entrant.times_ms.size() <= max(EXACT_LIMIT, MAX_BUCKETS)
        assert len(pickle.dumps(entrant)) <= ceiling, n


@pytest.mark.parametrize("n", [1, 2, 7, 100, EXACT_LIMIT])
def test_small_counts_are_exact(n):
    xs = samples(random.Random(n), n)
    q = Quantiles(xs)
    assert q.exact
    assert q.median() == statistics.median(xs)
    assert q.percentile(95) == exact_p95(xs)


@pytest.mark.parametrize("seed", range(8))
def test_large_counts_are_within_the_stated_error(seed):
    rng = random.Random(seed)
    xs = samples(rng, rng.randrange(EXACT_LIMIT + 1, 60_000))
    q = Quantiles(xs)
    assert not q.exact and q.count == len(xs)
    for got, want in [(q.median(), statistics.median(xs)), (q.percentile(95), exact_p95(xs))]:
        assert abs(got - want) <= TOL * want, (got, want)


@pytest.mark.parametrize("sizes", [(10, 20), (1500, 1500), (5000, 30), (30, 5000), (4000, 9000)])
def test_merge_equals_the_summary_of_the_concatenation(sizes):
    rng = random.Random(sum(sizes))
    a, b = (samples(rng, n) for n in sizes)
    merged = Quantiles(a)
    merged.merge(Quantiles(b))
    whole = Quantiles(a + b)
    assert merged.count == whole.count and merged.exact == whole.exact
    for p in (5, 50, 95, 99, 100):
        assert merged.percentile(p) == whole.percentile(p)
    assert merged.median() == whole.median()


def test_an_empty_summary_reports_zero():
    assert Quantiles().median() == Quantiles().percentile(95) == 0.0


def test_the_report_says_when_its_times_are_approximate():
    report = run_arena("toygame:PLUGIN", ["random", "random"], games=20, seed=3)
    assert "timing_error" not in report                   # few decisions: exact
    long_run = run_arena("toygame:PLUGIN", ["random", "random"], games=2 * EXACT_LIMIT, seed=3)
    assert "1%" in long_run["timing_error"]
    assert set(long_run["entrants"][0]["decision_ms"]) == {"median", "p95"}
    assert "1%" in format_table(long_run)
