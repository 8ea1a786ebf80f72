"""Builders for Pariah positions: front lines named by unit design, dice chosen by the test."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.pariah.engine import flow
from tabletop.games.pariah.engine.cards import design, evolutions, relics
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.stats import stat
from tabletop.games.pariah.engine.state import ACTIVATE, DEPLOY, PREP, PariahState, Unit, side_of


class Dice:
    """A stand-in for the state's Rng: dice come from a list the test wrote; shuffles keep order."""

    def __init__(self, faces=()):
        self.faces = list(faces)

    def randint(self, lo, hi):
        if not self.faces:
            raise AssertionError("the test did not provide enough dice")
        return self.faces.pop(0)

    def below(self, n):
        return 0

    def shuffle(self, items):
        pass

    def choice(self, seq):
        return seq[0]

    def fork(self):
        return Dice()

    def clone(self):
        return Dice(self.faces)

    def to_json(self):
        return 0


def _entries(entries, side, players):
    """("design" | (seat, "design")) -> (seat, design); a bare design belongs to the side's first seat."""
    return [(e if isinstance(e, tuple) else (side, e)) for e in entries]


def battle(side0=(), side1=(), players=2, seed=1, energy=(0, 0), round_no=1, phase=ACTIVATE,
           factions=None, dice=None) -> PariahState:
    """Armies revealed and deployed as listed (left to right), in `phase` of round `round_no`."""
    lines = [_entries(side0, 0, players), _entries(side1, 1, players)]
    facs = list(factions) if factions else [None] * players
    for line in lines:
        for seat, d in line:
            facs[seat] = design(d).faction
    facs = [f or "emberkin" for f in facs]
    s = GAME.setup({"factions": facs}, seed, players)
    for p in range(players):
        s.decks[p] += s.hands[p] + s.picks[p]
        s.hands[p], s.picks[p] = [], []
        s.committed[p] = True
    s.revealed = True
    for side, line in enumerate(lines):
        for seat, d in line:
            c = next(c for c in s.decks[seat] if s.designs[c] == d)
            s.decks[seat].remove(c)
            s.units[c] = Unit(c, d, seat)
            s.lines[side].append(c)
    for p in range(players):
        kinds = {u.design for u in s.units.values() if u.owner == p}
        s.evo_piles[p] = [c for c in s.evo_out[p] if evolutions()[s.designs[c]].unit in kinds]
        s.evo_out[p] = [c for c in s.evo_out[p] if c not in s.evo_piles[p]]
    s.phase, s.round, s.energy = phase, round_no, list(energy)
    if phase == DEPLOY:                   # deployment done: flow.start_round begins round_no
        s.round = round_no - 1
    if dice is not None:
        s.rng = Dice(dice)
    if phase == PREP:                     # the test hands out cards, then calls flow.advance
        s.queue = list(range(players))
        s.turn = 0
    elif phase == ACTIVATE:
        flow.advance(s, [])
    return s


def uid(s: PariahState, d: str, nth: int = 0) -> int:
    """The id of the nth unit of design `d` on the lines (left side first)."""
    found = [u for side in (0, 1) for u in s.lines[side] if s.units[u].design == d]
    return found[nth]


def card(s: PariahState, seat: int, d: str) -> int:
    """A card of `seat` with design / evolution / relic id `d`."""
    return next(c for c in sorted(s.designs) if c // 100 == seat and s.designs[c] == d)


def give_relic(s: PariahState, seat: int, relic_id: str) -> int:
    c = card(s, seat, relic_id)
    s.relic_decks[seat].remove(c)
    s.relic_hands[seat].append(c)
    return c


def give_evo(s: PariahState, seat: int, evo_id: str) -> int:
    c = card(s, seat, evo_id)
    for z in (s.evo_piles, s.evo_out):
        if c in z[seat]:
            z[seat].remove(c)
    s.evo_hands[seat].append(c)
    return c


def another_hidden_army(s: PariahState, p: int) -> PariahState:
    """A copy of `s` where one unit of p's army still to deploy is swapped for a unit of its deck
    of the same cost and another design, p's evolution pile made to match: an army of the same
    count and points, which the other seats must not tell from the real one."""
    alt = s.clone()
    a, d = next((a, d) for a in alt.armies[p] for d in alt.decks[p]
                if design(alt.designs[a]).cost == design(alt.designs[d]).cost
                and alt.designs[a] != alt.designs[d])
    alt.armies[p][alt.armies[p].index(a)] = d
    alt.decks[p][alt.decks[p].index(d)] = a
    kinds = {alt.designs[c] for c in alt.armies[p]} | {u.design for u in alt.units.values()
                                                       if u.owner == p and not u.token}
    every = sorted(alt.evo_piles[p] + alt.evo_out[p])
    alt.evo_piles[p] = [c for c in every if evolutions()[alt.designs[c]].unit in kinds]
    alt.evo_out[p] = [c for c in every if c not in alt.evo_piles[p]]
    return alt


def act(s: PariahState, kind: str, *args):
    return GAME.apply(s, Action(kind, args))


def kinds(s: PariahState) -> set[str]:
    return {a.kind for a in GAME.legal_actions(s)}


def dice_events(events, purpose=None):
    return [e for e in events if e.kind == "dice" and (purpose is None or e.data["purpose"] == purpose)]


def attack(s: PariahState, attacker: int, *plan):
    """Attack with `plan` given as (target, dice) pairs; one target alone gets every die."""
    if len(plan) == 1 and not isinstance(plan[0], tuple):
        plan = ((plan[0], stat(s, s.units[attacker], "attacks")),)
    return act(s, "attack", attacker, tuple(plan))


def side_energy(s: PariahState, seat: int) -> int:
    return s.energy[side_of(seat)]


__all__ = ["Dice", "battle", "uid", "card", "give_relic", "give_evo", "another_hidden_army", "act", "kinds", "dice_events",
           "attack", "side_energy", "relics", "design"]
