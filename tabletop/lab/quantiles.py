"""A bounded summary of timings that still gives their median and 95th percentile.

The arena times every decision; keeping every time made its memory grow with the
run (21 to 272 MB in five minutes of Paargus hands). `Quantiles` keeps the values
themselves while there are at most EXACT_LIMIT (the figures are then exact), and
past that a log-bucketed histogram: bucket i counts the values in
(GAMMA**(i-1), GAMMA**i] and reads them back as the one value within REL_ERROR
of both ends. So a quantile is within REL_ERROR (1%, relative) of the exact
sample at its rank; the median of an even count, the mean of two such samples,
too. Values under MIN_VALUE count as 0 and values over MAX_VALUE as MAX_VALUE
(for milliseconds: 1 ns and 11 days, never met). The histogram has at most
MAX_BUCKETS buckets whatever the count, and two summaries merge by adding
counts, so parallel chunks combine exactly as if one process had seen it all.
"""

from __future__ import annotations

import math
from typing import Iterable

EXACT_LIMIT = 2000                   # values kept as they are (16 KB) before the histogram
REL_ERROR = 0.01
GAMMA = (1 + REL_ERROR) / (1 - REL_ERROR)
_LOG_GAMMA = math.log(GAMMA)
MIN_VALUE = 1e-6
MAX_VALUE = 1e9
MAX_BUCKETS = math.ceil(math.log(MAX_VALUE / MIN_VALUE) / _LOG_GAMMA) + 2   # + zero, + rounding


class Quantiles:
    """Median and nearest-rank percentiles of non-negative values, in bounded memory."""

    def __init__(self, values: Iterable[float] = ()) -> None:
        self.count = 0
        self._exact: list[float] | None = []     # None once the histogram has taken over
        self._buckets: dict[int, int] = {}       # bucket index -> how many values
        for x in values:
            self.add(x)

    @property
    def exact(self) -> bool:
        return self._exact is not None

    def size(self) -> int:
        """How many numbers are held: at most max(EXACT_LIMIT, MAX_BUCKETS), whatever the count."""
        return len(self._exact) if self._exact is not None else len(self._buckets)

    def add(self, x: float) -> None:
        self.count += 1
        if self._exact is not None:
            self._exact.append(x)
            if len(self._exact) > EXACT_LIMIT:
                self._to_histogram()
        else:
            self._count_in_bucket(x, 1)

    def merge(self, other: "Quantiles") -> None:
        """Add the other's values: the same figures as one summary of both sets of values."""
        if other._exact is not None:
            for x in other._exact:
                self.add(x)
            return
        self._to_histogram()
        self.count += other.count
        for i, n in other._buckets.items():
            self._buckets[i] = self._buckets.get(i, 0) + n

    def to_json(self) -> dict:
        """Everything it holds, as JSON (a kept batch of a long run)."""
        return {"count": self.count, "exact": self._exact,
                "buckets": None if self._exact is not None else [[i, n] for i, n in self._buckets.items()]}

    @classmethod
    def from_json(cls, data: dict) -> "Quantiles":
        q = cls()
        q.count = int(data["count"])
        q._exact = [float(x) for x in data["exact"]] if data["exact"] is not None else None
        q._buckets = {int(i): int(n) for i, n in data["buckets"] or ()}
        return q

    def median(self) -> float:
        """The middle value (the mean of the two middle ones for an even count); 0 if empty."""
        if not self.count:
            return 0.0
        return (self._at_rank((self.count + 1) // 2) + self._at_rank(self.count // 2 + 1)) / 2

    def percentile(self, p: float) -> float:
        """The nearest-rank percentile: the smallest value with p% of the values at or below it."""
        if not self.count:
            return 0.0
        return self._at_rank(max(1, math.ceil(p * self.count / 100)))

    # --- inside --------------------------------------------------------------------------
    def _to_histogram(self) -> None:
        values, self._exact = self._exact or [], None
        for x in values:
            self._count_in_bucket(x, 1)

    def _count_in_bucket(self, x: float, n: int) -> None:
        i = _bucket(x)
        self._buckets[i] = self._buckets.get(i, 0) + n

    def _at_rank(self, rank: int) -> float:
        """The rank-th smallest value (1-based), or its bucket's value."""
        if self._exact is not None:
            return sorted(self._exact)[rank - 1]
        seen = 0
        for i in sorted(self._buckets):
            seen += self._buckets[i]
            if seen >= rank:
                return _value(i)
        raise AssertionError("rank past the count")


def _bucket(x: float) -> int:
    if x < MIN_VALUE:
        return -1 << 30                          # the zero bucket, below every other
    return math.ceil(math.log(min(x, MAX_VALUE)) / _LOG_GAMMA)


def _value(i: int) -> float:
    """The value that is within REL_ERROR of every value in bucket i."""
    if i == -1 << 30:
        return 0.0
    return 2 * GAMMA ** i / (GAMMA + 1)
