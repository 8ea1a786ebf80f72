"""What the bots know of a game: the policy a game's plugin hands to the bots.

Every hook is optional. A game without a policy is searched with uniform
random playouts and scored only at the end (win 1, loss -1, draw 0). The bots
take a Policy object; they never import a game's modules to find its hooks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from tabletop.core.action import Action
from tabletop.core.rng import Rng


@dataclass(frozen=True)
class Policy:
    # value of a state for a seat, in [-1, 1]
    evaluate: Callable[[Any, int], float] | None = None
    # the playout policy: one action for the seat to act
    rollout_action: Callable[[Any, Rng], Action] | None = None
    # where the search stops and evaluates (Paargus: the end of the hand)
    search_horizon: Callable[[Any], bool] | None = None
    # drop actions that are the same move for the search (never all of them)
    prune_actions: Callable[[Any, list[Action]], list[Action]] | None = None
    # the legal actions, pruned as prune_actions would, without labels
    search_actions: Callable[[Any], list[Action]] | None = None
    # `apply` for actions the search knows are legal, without building events
    search_apply: Callable[[Any, Action], Any] | None = None
    # play up to N rollout moves on a state faster than one apply at a time; returns moves made
    playout: Callable[[Any, Rng, int], int] | None = None
    # evaluate(s, other seat) == -evaluate(s, seat): each playout is scored once
    zero_sum: bool = False
    # team games with zero_sum: seats of one team share a value (Pariah 2v2)
    team_of: Callable[[int], int] | None = None
    # when pruning leaves one root action, play it without searching
    single_pruned: bool = False
    # difficulty -> changes to the search budget (an iteration costs different time per game)
    levels: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # action kinds the greedy bot always evaluates when it caps its candidates
    preferred_kinds: tuple[str, ...] = ()
    # nothing is hidden: one determinisation is enough
    perfect_information: bool = False
    # a decision taken before play (Paragons: class, draft, deck building): what
    # `python -m tabletop.lab.setupcheck` hands to chance to measure how much those choices matter
    setup_decision: Callable[[Any], bool] | None = None

    def value(self, game, state, seat: int) -> float:
        """`evaluate`, or the final result alone when the game has no evaluation."""
        if self.evaluate is not None:
            return self.evaluate(state, seat)
        res = game.result(state)
        if res is None:
            return 0.0
        return 1.0 if seat in res.winners else (0.0 if not res.winners else -1.0)


NO_POLICY = Policy()
