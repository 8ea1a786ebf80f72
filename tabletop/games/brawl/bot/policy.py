"""What a bot knows about Champions' Brawl: the evaluation, the playout policy, pruning and budgets.

The evaluation. The game is a race to 5 VP, and VP come from two places: knocking enemy
champions out and meeting the challenges on the track at one's own Scoreboard Phase. So a
seat's worth, in VP, is the VP it has; for each champion its wounds (a wounded champion is a
VP the other seat may take), a champion waiting at its gate (a turn of actions lost), a level
gained, and its spot (tactics.spot: on or near the coming challenges' objectives, pressing the
enemy when healthy, exposed when wounded); and each challenge the seat meets now, for the VP
its slot will be worth at the seat's next Scoreboard Phase: nearly sure for the seat that
scores next (its opponent's turn just ended), half that for the active seat, whose opponent
moves first. The value compares the two seats, so it is zero-sum; a finished game is +-1.

Before play (champions, redraw, traps, deployment) the bots take setupcraft's choice: pruning
leaves that one move and it is played without searching; the value of a set-up state is a
small lead in the champions chosen (by setupcraft's order), so the one-ply greedy bot picks
sensibly too.

The search (playbook.py): the playout policy is the playbook's best move (another candidate
one time in six); pruning keeps every card and the best champion per standard action in the
Activation Phase, the first step towards the two best ends of a move, the two best targets,
every reaction, and the playbook's one answer elsewhere. There is no search horizon: a turn
runs some twenty decisions, and the rollout depth reaches into the opponent's reply.
"""

from __future__ import annotations

import math

from tabletop.core import Action, Rng
from tabletop.core.policy import Policy
from tabletop.games.brawl.bot import playbook as book
from tabletop.games.brawl.bot import setupcraft as craft
from tabletop.games.brawl.bot import tactics as T
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.engine.cards import challenges
from tabletop.games.brawl.engine.moves import to_act
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import OVER, PLAY, BrawlState, team
from tabletop.games.brawl.engine.steps import OPS

WOUND = 0.7             # a champion's wounds, as a share of its hit points
AT_GATE = 0.35          # a champion out of action: its actions lost until it walks back
LEVEL = 0.3             # a levelled-up champion
SPOT = 1.0              # tactics.spot is in VP already
SCORES_NEXT = 0.85      # a challenge met by the seat whose Scoreboard Phase comes next
SCORES_LATER = 0.4      # by the active seat: its opponent moves before it scores
SCALE = 2.5             # VP lead for a value of ~0.76 * EDGE
EDGE = 0.95             # a game still running is never valued as won or lost
SETUP_SCALE = 6.0

# The search budgets. An iteration (a determinisation, a few tree moves, a playout of up to
# rollout_depth playbook moves, the evaluation) costs some 3 ms on the 2-core reference
# machine when it is not shared; the caps keep hard near 1.3 s and normal near 0.3 s a
# searched decision, well under the shared levels' clocks (a loaded machine meets the clocks
# first: normal then still needs its margin under 1 s), and a match asks some 35 searched
# decisions of each seat. The playbook carries much of the skill: normal won 20 of 20 against
# random on 17 iterations a decision, hard 19 of 20 against greedy:hard on 97. The depth is
# about half a turn for normal, a turn and more for hard.
SEARCH_LEVELS = {
    "normal": {"iterations": 100, "min_iterations": 30, "rollout_depth": 12},
    "hard": {"iterations": 400, "min_iterations": 100, "rollout_depth": 30},
}


def met(s: BrawlState, ch: int, seat: int) -> bool:
    return bool(OPS.execute(challenges()[ch].check, s, seat))


def worth(s: BrawlState, p: int) -> float:
    v = float(s.vp[p])
    obj = T.objective_map(s, p)
    for c in team(p):
        if not s.deployed[c]:
            continue
        if s.pos[c] == GATE:
            v -= AT_GATE
            continue
        v -= WOUND * T.wound(s, c)
        v += SPOT * T.spot(s, c, s.pos[c], obj)
        if s.levelled[c]:
            v += LEVEL
    share = SCORES_LATER if p == s.active else SCORES_NEXT
    for slot, ch in enumerate(s.track):
        if ch < 0:
            continue
        vp = T.next_slot_vp(s, slot, p)
        if not vp:
            continue
        if challenges()[ch].check.op == "colours" and p == s.active:
            continue                      # a hand the Upkeep Phase replaces before it counts
        if met(s, ch, p):
            v += share * vp
    return v


def evaluate(s: BrawlState, seat: int) -> float:
    if s.phase == OVER:
        return 1.0 if s.winner == seat else -1.0
    if s.phase != PLAY:
        lead = craft.team_strength(s, seat) - craft.team_strength(s, 1 - seat)
        return 0.2 * math.tanh(lead / SETUP_SCALE)
    lead = worth(s, seat) - worth(s, 1 - seat)
    return EDGE * math.tanh(lead / SCALE)


# --- the search's hooks -------------------------------------------------------------------------------

def prune_actions(s: BrawlState, legal: list[Action]) -> list[Action]:
    """The playbook's candidates that are legal, in its order; never none."""
    if len(legal) <= 1:
        return legal
    allowed = set(legal)
    keep = [a for a in book.ranked(s) if a in allowed]
    return keep or legal


def search_actions(s: BrawlState) -> list[Action]:
    return prune_actions(s, GAME.legal_actions(s))


def search_apply(s: BrawlState, action: Action) -> None:
    GAME.apply(s, action, checked=True, events=False)


def playout(s: BrawlState, rng: Rng, max_actions: int) -> int:
    """Up to `max_actions` playbook moves, applied unchecked (the playbook lists only moves
    the engine's options allow; tests/test_brawl_bots.py checks it); the moves made."""
    done = 0
    while done < max_actions and to_act(s) is not None:
        GAME.apply(s, book.rollout_action(s, rng), checked=True, events=False)
        done += 1
    return done


POLICY = Policy(evaluate=evaluate, rollout_action=book.rollout_action,
                prune_actions=prune_actions, search_actions=search_actions,
                search_apply=search_apply, playout=playout, zero_sum=True, single_pruned=True,
                levels=SEARCH_LEVELS,
                preferred_kinds=tuple(k.kind for k in (A.PLAY, A.END, A.TARGET, A.REACT, A.PASS, A.STOP)),
                setup_decision=lambda v: v.phase != PLAY and v.phase != OVER)

__all__ = ["POLICY", "evaluate", "worth", "prune_actions", "search_actions"]
