"""A tiny game on the engine contract, for testing core, store and bots alone.

Nim with a twist: piles are dealt by the Rng, each seat holds one secret
"bonus" number drawn from the Rng, and whoever takes the last stone wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from tabletop.core.plugin import Plugin
from tabletop.core.policy import Policy
from tabletop.core import Action, Event, Game, GameInfo, Result, Rng
from tabletop.core.action_kinds import ActionKind, ActionKinds
from tabletop.core.game import handles


class Take(NamedTuple):
    pile: int
    stones: int


TAKE = ActionKind("take", Take, says="Only taking stones is allowed.")


@dataclass
class NimState:
    piles: list[int]
    secrets: list[int | None]
    turn: int = 0
    rng: Rng = field(default_factory=Rng)
    winner: int | None = None


class ToyNim(Game):
    info = GameInfo("toynim", "Toy Nim", (2,), 1)
    action_kinds = ActionKinds(TAKE, unknown="Only taking stones is allowed.")

    def setup(self, options, seed, players=2):
        rng = Rng(seed)
        piles = [rng.randint(1, 5) for _ in range(3)]
        return NimState(piles, [rng.randint(1, 9) for _ in range(players)], 0, rng)

    def to_act(self, s):
        return None if s.winner is not None else s.turn

    def legal_actions(self, s):
        if s.winner is not None:
            return []
        return [Action("take", (p, n), f"Take {n} from pile {p + 1}")
                for p, size in enumerate(s.piles) for n in range(1, size + 1)]

    def why_illegal(self, s, a):
        if s.winner is not None:
            return "The game is over."
        reason = self.check_action(a)
        if reason:
            return reason
        p, n = a.args
        if not 0 <= p < len(s.piles):
            return "There is no such pile."
        if not 1 <= n <= s.piles[p]:
            return f"Pile {p + 1} holds {s.piles[p]} stones."
        return None

    @handles(TAKE)
    def _take(self, state, seat, events, pile, stones):
        state.piles[pile] -= stones
        events.append(Event("take", f"Player {seat + 1} takes {stones} from pile {pile + 1}.",
                            {"pile": pile, "n": stones}))
        if sum(state.piles) == 0:
            state.winner = seat
            events.append(Event("win", f"Player {seat + 1} wins."))
        else:
            state.turn = 1 - seat

    def result(self, s):
        if s.winner is None:
            return None
        return Result([1.0 if i == s.winner else 0.0 for i in range(2)], [s.winner])

    def view(self, s, seat):
        v = self.clone(s)
        v.secrets = [x if i == seat else None for i, x in enumerate(s.secrets)]
        return v

    def sample(self, view, rng):
        s = self.clone(view)
        s.secrets = [x if x is not None else rng.randint(1, 9) for x in s.secrets]
        return s

    def clone(self, s):
        return NimState(list(s.piles), list(s.secrets), s.turn, s.rng.clone(), s.winner)

    def state_to_json(self, s):
        return {"piles": s.piles, "secrets": s.secrets, "turn": s.turn, "rng": s.rng.to_json(),
                "winner": s.winner}

    def state_from_json(self, d):
        return NimState(list(d["piles"]), list(d["secrets"]), d["turn"], Rng.from_json(d["rng"]),
                        d["winner"])


GAME = ToyNim()


def evaluate(s, seat):
    res = GAME.result(s)
    if res:
        return 1.0 if seat in res.winners else -1.0
    x = 0
    for p in s.piles:
        x ^= p
    # nim-sum zero is good for the player who just moved
    mover_good = x == 0
    return 0.5 if (mover_good and s.turn != seat) or (not mover_good and s.turn == seat) else -0.5


POLICY = Policy(evaluate=evaluate)
PLUGIN = Plugin(GAME, POLICY)
