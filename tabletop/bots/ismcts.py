"""Information Set Monte Carlo Tree Search (single-observer ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search"
(IEEE TCIAIG 2012). The bot sees only its seat's view. Each iteration:

1. determinise: `game.sample(view, rng)` deals the cards the bot cannot see
   back in, one consistent guess per iteration;
2. select: from the root, while every action legal in this determinisation
   already has a child, descend to the child with the best UCB score, where
   the "number of tries" of a child is its *availability* (how often it was
   legal when its parent was visited), not the parent's visits: an action
   that exists in few determinisations (the opponent playing one particular
   hidden card, a conjunction only some draws allow) is judged fairly;
3. expand one untried action legal here;
4. roll out with the game's rollout policy, cut off after `rollout_depth`
   actions or at the game's search horizon, and score with the policy's evaluation;
5. back the score up: each node adds the value for the player who made the
   move into it.

The most visited root action is played. The budget is iterations AND a time
limit: the iteration count decides when the machine is fast enough (the
same seed then gives the same choice), the clock stops a slow machine.

The game's knowledge comes from the Policy its plugin declares, passed in when the
bot is made (tabletop/core/policy.py lists the hooks: evaluation, rollout policy,
search horizon, pruning, fast playouts, zero-sum and team scoring, per-game
budgets). Without one, playouts are uniform and only the end of the game scores.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from tabletop.core import Action, Game, Rng
from tabletop.core.game import IllegalAction
from tabletop.core.policy import NO_POLICY, Policy


@dataclass(frozen=True)
class SearchBudget:
    iterations: int                  # at most this many determinised iterations
    seconds: float | None            # and at most this long (None: no clock)
    rollout_depth: int               # actions in a playout before evaluating
    informed: bool = True            # the game's rollout policy, else uniform random
    exploration: float = 0.7         # UCB constant, for values in [-1, 1]
    min_iterations: int = 0          # no early stop before this many


# The difficulties. Measured on the 2-core reference machine (docs/BOTS.md):
# hard stays under 3 s and normal under 1 s a decision at the 95th percentile.
LEVELS: dict[str, SearchBudget] = {
    "easy": SearchBudget(iterations=150, seconds=0.25, rollout_depth=4, informed=False,
                         exploration=1.0),
    "normal": SearchBudget(iterations=700, seconds=0.8, rollout_depth=10),
    "hard": SearchBudget(iterations=2500, seconds=2.5, rollout_depth=20, min_iterations=300),
}


@dataclass(frozen=True)
class RootStats:
    """One search's knowledge of a decision (ISMCTSBot.analyse)."""
    best: Action                                     # the most visited: what the bot plays
    stats: dict[Action, tuple[int, float | None]]    # root action -> (visits, mean value)
    iterations: int
    seconds: float


def _short(root: "_Node", focus: Action | None, floor: int) -> bool:
    """The focus action has not had its floor of tries yet (no early stop before it has)."""
    if focus is None:
        return False
    child = root.children.get(focus)
    return child is None or child.visits < floor


class _Node:
    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: int | None) -> None:
        self.player = player          # who made the move into this node
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[Action, _Node] = {}


def level_for(policy: Policy | None, difficulty: str) -> SearchBudget:
    """A difficulty's budget for a game: LEVELS, with the changes its policy makes in
    `levels` (an iteration costs very different time per game)."""
    budget = LEVELS.get(difficulty, LEVELS["normal"])
    changes = (policy.levels if policy is not None else {}).get(difficulty)
    return replace(budget, **changes) if changes else budget


class ISMCTSBot:
    name = "ismcts"

    def __init__(self, budget: SearchBudget | None = None, difficulty: str = "normal",
                 policy: Policy = NO_POLICY) -> None:
        self.budget = budget or LEVELS[difficulty]
        self.difficulty = difficulty
        self.policy = policy
        # figures of the last decision, for the arena and the report
        self.last_search: dict | None = None

    @classmethod
    def for_difficulty(cls, difficulty: str, policy: Policy = NO_POLICY, **changes) -> "ISMCTSBot":
        # the game's own budget for the difficulty; explicit changes apply to the shared LEVELS
        if changes:
            budget = replace(LEVELS.get(difficulty, LEVELS["normal"]), **changes)
        else:
            budget = level_for(policy, difficulty)
        bot = cls(budget, difficulty, policy)
        return bot

    # --- the decision -------------------------------------------------------------------
    def choose(self, game: Game, view: Any, legal: list[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal actions to choose from")
        self.last_search = None
        if len(legal) == 1:
            return legal[0]           # nothing to think about: a "deal", a forced move
        start = time.perf_counter()
        root, iterations = self._search(game, view, legal, rng, start)
        best = self._most_visited(root, legal)
        self.last_search = {"iterations": iterations,
                            "seconds": time.perf_counter() - start,
                            "actions": len(root.children)}
        return best

    def analyse(self, game: Game, view: Any, legal: list[Action], rng: Rng,
                focus: Action | None = None, focus_visits: int = 0) -> "RootStats":
        """What one search of this decision knows: each root action's visits and mean value
        for the seat to act (in [-1, 1]), and the action `choose` would play.

        `focus` (the move a player made, when a review rates it) is searched even if pruning
        dropped it as the same move as another, and is tried at least `focus_visits` times
        at the root (UCB gives a bad move few tries, so its mean would rest on a handful)."""
        if not legal:
            raise ValueError("no legal actions to choose from")
        start = time.perf_counter()
        root, iterations = self._search(game, view, legal, rng, start, focus, focus_visits)
        listed = list(legal) + ([focus] if focus is not None and focus not in legal else [])
        stats = {a: (c.visits, c.total / c.visits if c.visits and iterations else None)
                 for a, c in root.children.items()}     # no iterations: pruning left one move
        return RootStats(best=self._most_visited(root, listed), stats=stats,
                         iterations=iterations, seconds=time.perf_counter() - start)

    @staticmethod
    def _most_visited(root: _Node, legal: list[Action]) -> Action:
        best, key = legal[0], (-1, -math.inf)
        for action in legal:          # in the engine's order: ties go to the first
            child = root.children.get(action)
            if child is None:
                continue
            k = (child.visits, child.total / child.visits if child.visits else -math.inf)
            if k > key:
                best, key = action, k
        return best

    def _search(self, game: Game, view: Any, legal: list[Action], rng: Rng,
                start: float, focus: Action | None = None,
                focus_visits: int = 0) -> tuple[_Node, int]:
        budget = self.budget
        hooks = self.policy
        rollout_policy = hooks.rollout_action if budget.informed else None
        playout = hooks.playout if budget.informed else None
        horizon = hooks.search_horizon
        prune = hooks.prune_actions
        sample, apply, to_act = game.sample, game.apply, game.to_act
        tree_apply = hooks.search_apply or apply
        legal_actions = game.legal_actions
        evaluate = hooks.evaluate or (lambda s, seat: hooks.value(game, s, seat))
        deadline = None if budget.seconds is None else start + budget.seconds
        perf = time.perf_counter
        sqrt, log = math.sqrt, math.log
        c_uct = budget.exploration
        depth_cap = budget.rollout_depth
        n_max = max(1, budget.iterations)
        min_iter = budget.min_iterations

        def stop_here(state) -> bool:
            if horizon is not None and horizon(state):
                return True
            return to_act(state) is None

        fast_actions = hooks.search_actions

        def actions_of(state) -> list[Action]:
            if fast_actions is not None:
                return fast_actions(state)
            acts = legal_actions(state)
            if prune is not None and len(acts) > 1:
                acts = prune(state, acts) or acts
            return acts

        def rollout(s, r: Rng) -> None:
            if playout is not None:
                if not stop_here(s):
                    playout(s, r, depth_cap)    # the game plays it out itself
                return
            depth = 0
            while depth < depth_cap and not stop_here(s):
                a = rollout_policy(s, r) if rollout_policy is not None else None
                try:
                    apply(s, a if a is not None else r.choice(legal_actions(s)))
                except IllegalAction:       # a policy slip: any legal move will do
                    apply(s, r.choice(legal_actions(s)))
                depth += 1

        root = _Node(None)
        root_legal = list(legal)
        first = sample(view, rng)
        me = to_act(first)
        zero_sum = hooks.zero_sum
        team_of = hooks.team_of
        my_team = team_of(me) if team_of is not None else None
        if prune is not None:
            root_legal = prune(first, root_legal) or root_legal
            if focus is not None and focus not in root_legal:
                root_legal.append(focus)
            if len(root_legal) == 1 and hooks.single_pruned:   # nothing left to search
                root.children[root_legal[0]] = _Node(me)
                root.children[root_legal[0]].visits = 1
                return root, 0
        done = 0
        state = first
        while done < n_max:
            if done and (done & 7) == 0:
                if deadline is not None and perf() > deadline:
                    break
                if done >= min_iter and not _short(root, focus, focus_visits):
                    remaining = n_max - done
                    if deadline is not None:
                        # iterations the clock still allows, at the rate so far
                        now = perf()
                        remaining = min(remaining, int(done * (deadline - now) / max(now - start, 1e-6)) + 1)
                    if self._settled(root, remaining):
                        break
            if state is None:
                state = sample(view, rng)
            s, state = state, None
            node = root
            path: list[_Node] = []
            acts = root_legal
            try:
                while True:
                    children = node.children
                    untried = None
                    for a in acts:
                        child = children.get(a)
                        if child is None:
                            if untried is None:
                                untried = [a]
                            else:
                                untried.append(a)
                        else:
                            child.avail += 1
                    player = to_act(s)
                    # root actions are checked (they came from the real state); the
                    # others were listed as legal in this very determinisation
                    step = apply if node is root else tree_apply
                    if untried is not None:
                        a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                        step(s, a)
                        child = children[a] = _Node(player)
                        path.append(child)
                        break
                    best_a, best_c, best_v = None, None, -math.inf
                    if node is root and focus is not None and children[focus].visits < focus_visits:
                        best_a, best_c = focus, children[focus]      # a review's floor of tries
                    else:
                        for a in acts:
                            child = children[a]
                            v = child.total / child.visits + c_uct * sqrt(log(child.avail) / child.visits)
                            if v > best_v:
                                best_a, best_c, best_v = a, child, v
                    step(s, best_a)
                    path.append(best_c)
                    node = best_c
                    if stop_here(s):
                        break
                    acts = actions_of(s)
                    if not acts:
                        break
            except IllegalAction:
                # this determinisation disagrees with an action in the tree (a game
                # whose legal moves depend on hidden cards): drop the iteration
                done += 1
                continue
            rollout(s, rng)
            if zero_sum:
                mine = evaluate(s, me)
                for n in path:
                    n.visits += 1
                    if team_of is None:
                        n.total += mine if n.player == me else -mine
                    else:
                        n.total += mine if team_of(n.player) == my_team else -mine
            else:
                values: dict[int | None, float] = {}
                for n in path:
                    v = values.get(n.player)
                    if v is None:
                        v = values[n.player] = evaluate(s, n.player)
                    n.visits += 1
                    n.total += v
            root.visits += 1
            done += 1
        return root, done

    @staticmethod
    def _settled(root: _Node, remaining: int) -> bool:
        """True when no other root action could catch the most visited one."""
        first = second = 0
        for child in root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > remaining
