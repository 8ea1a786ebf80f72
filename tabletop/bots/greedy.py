"""The greedy bot: look one action ahead and take the best-scoring one.

For each candidate action: deal the unknown cards back in (`game.sample`),
apply the action to a clone and score the result with `game.evaluate` for the
seat to act. With hidden information the score is averaged over a few
determinisations, since one deal may flatter a move that is bad in most.

From the game's Policy (passed in): `evaluate`, `perfect_information` (one
sample is enough) and `preferred_kinds` (action kinds always evaluated even
when the action list is capped, see `candidates`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core import Action, Game, Rng
from tabletop.core.game import IllegalAction
from tabletop.core.policy import NO_POLICY, Policy

# Determinisations per decision, by difficulty.
SAMPLES = {"easy": 1, "normal": 2, "hard": 4}
# Above this many legal actions, a random subset is evaluated: one ply over
# thousands of actions (a big deck-building turn) would stall the bot.
MAX_CANDIDATES = 200
_TIE = 1e-9


def candidates(policy: Policy, legal: list[Action], cap: int, rng: Rng) -> list[Action]:
    """All of `legal` if there are at most `cap`; else every action of a
    preferred kind plus a uniform random subset of `cap` of the others."""
    if len(legal) <= cap:
        return list(legal)
    preferred_kinds = set(policy.preferred_kinds)
    preferred = [a for a in legal if a.kind in preferred_kinds]
    rest = [a for a in legal if a.kind not in preferred_kinds]
    take = min(cap, len(rest))
    for i in range(take):            # partial Fisher-Yates: first `take` are uniform
        j = i + rng.below(len(rest) - i)
        rest[i], rest[j] = rest[j], rest[i]
    return preferred + rest[:take]


@dataclass
class GreedyBot:
    samples: int = SAMPLES["normal"]
    max_candidates: int = MAX_CANDIDATES
    name: str = "greedy"
    policy: Policy = NO_POLICY

    @classmethod
    def for_difficulty(cls, difficulty: str, policy: Policy = NO_POLICY) -> "GreedyBot":
        return cls(samples=SAMPLES.get(difficulty, SAMPLES["normal"]), policy=policy)

    def choose(self, game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal actions to choose from")
        if len(legal) == 1:
            return legal[0]
        policy = self.policy
        options = candidates(policy, legal, self.max_candidates, rng)
        rounds = 1 if policy.perfect_information else max(1, self.samples)
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        for _ in range(rounds):
            state = game.sample(view, rng)
            seat = game.to_act(state)
            for i, action in enumerate(options):
                after = game.clone(state)
                try:
                    game.apply(after, action)
                except IllegalAction:
                    continue        # this deal disagrees with the real state; the others decide
                res = game.result(after)
                if res is not None and res.winners == [seat]:
                    return action   # an outright win needs no further thought
                totals[i] += policy.value(game, after, seat)
                counts[i] += 1
        scores = [t / c if c else float("-inf") for t, c in zip(totals, counts)]
        best = max(scores)
        ties = [a for a, s in zip(options, scores) if s >= best - _TIE]
        return rng.choice(ties)
