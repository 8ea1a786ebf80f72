"""The match between decisions: setting out the armies, deployment order, round start and end,
the shop.

`advance` runs every automatic step until some seat has a decision to make or
the match is over, and sets `state.turn` to that seat.
"""

from __future__ import annotations

from tabletop.core import Event, Rng
from tabletop.games.pariah.engine import abilities, actions
from tabletop.games.pariah.engine.board import card_name, side_name, unit_name
from tabletop.games.pariah.engine.cards import (FACTIONS, START, design, evolutions, factions, relic_deck,
                                                relics)
from tabletop.games.pariah.engine.state import (ACTIVATE, ARMY_POINTS, BLOCK, DEPLOY, DRAW, EVO_BASE, OVER,
                                         PREP, RELIC_BASE, ROUNDS, SELECT, SHOP, PariahState, side_of)
from tabletop.games.pariah.engine.stats import priorities

SHOP_DRAW = 3


def army_cost(s: PariahState, cards) -> int:
    return sum(design(s.designs[c]).cost for c in cards)


# --- setting up ----------------------------------------------------------------------------------
def new_state(options: dict, seed: int, players: int) -> PariahState:
    if players not in (2, 4):
        raise ValueError("Pariah is played by two players, or four in two teams.")
    rng = Rng(seed)
    wanted = list(options.get("factions") or [])
    if len(wanted) == 2 and players == 4:
        wanted = [wanted[p % 2] for p in range(4)]     # one faction per team
    chosen = []
    for p in range(players):
        f = wanted[p] if p < len(wanted) and wanted[p] else rng.choice(FACTIONS)
        if f not in FACTIONS:
            raise ValueError(f"unknown faction {f!r}; known: {', '.join(FACTIONS)}")
        chosen.append(f)
    s = PariahState(rng, players, chosen)
    for p in range(players):
        base = p * BLOCK
        s.decks[p] = [base + i for i in range(30)]
        rng.shuffle(s.decks[p])
        s.hands[p] = [s.decks[p].pop() for _ in range(DRAW)]      # the top of a deck is its end
        s.evo_out[p] = evolution_cards(s, p)
        s.relic_decks[p] = [base + RELIC_BASE + i for i in range(len(relic_deck()))]
        rng.shuffle(s.relic_decks[p])
    s.turn = 0
    return s


def set_out(s: PariahState, events: list[Event]) -> None:
    """Every army is committed: set them out face down, bank the unspent points, build the
    evolution piles, draw who deploys first. The other players learn an army's count and
    points, never its units: each is revealed as it is deployed."""
    for p in range(s.players):
        points = army_cost(s, s.armies[p])
        s.energy[side_of(p)] += ARMY_POINTS - points
        build_evolution_pile(s, p)
        events.append(_army_event(s, p, points))
    s.revealed = True
    first = s.rng.below(2)
    s.first_deployer = s.deploy_turn = first
    events.append(Event("first_deployer", {"side": first}, reveals=True))
    s.phase = DEPLOY


def _army_event(s: PariahState, p: int, points: int) -> Event:
    spare = ARMY_POINTS - points
    n = len(s.armies[p])
    told = {"seat": p, "count": n, "points": points, "energy": spare, "amount": spare}
    names = [card_name(s, c) for c in s.armies[p]]
    return Event("army", {**told, "cards": list(s.armies[p]), "names": names}, private_to=p, public_data=told)


def waiting_points(s: PariahState, p: int) -> int:
    """The army points of p's units still waiting to be deployed. A view carries them (it hides
    the units; HIDDEN before the armies are set out); a full state counts its cards."""
    if s.waiting_points is not None:
        return s.waiting_points[p]
    return army_cost(s, s.armies[p])


def evolution_cards(s: PariahState, p: int) -> list[int]:
    """Every evolution card of seat p, in card order."""
    first = p * BLOCK + EVO_BASE
    return list(range(first, first + len(factions()[s.factions[p]].evolutions)))


def army_designs(s: PariahState, p: int) -> set[str]:
    """The unit designs of p's army, the units still to deploy and those deployed (no token)."""
    placed = {u.design for u in s.units.values() if u.owner == p and not u.token}
    return {s.designs[c] for c in s.armies[p]} | placed


def build_evolution_pile(s: PariahState, p: int) -> None:
    """p's evolution pile holds the evolutions of its army's units; the others are set aside."""
    kinds = army_designs(s, p)
    every = evolution_cards(s, p)
    s.evo_piles[p] = [c for c in every if evolutions()[s.designs[c]].unit in kinds]
    s.evo_out[p] = [c for c in every if c not in s.evo_piles[p]]


def deploy_seat(s: PariahState) -> int | None:
    """Who places the next unit: the side whose turn it is (or the other, if it has none left);
    in a team, the teammate with more units left to place, the lower seat on a tie."""
    for side in (s.deploy_turn, 1 - s.deploy_turn):
        seats = [p for p in s.seats_of_side(side) if s.armies[p]]
        if seats:
            s.deploy_turn = side
            return max(seats, key=lambda p: (len(s.armies[p]), -p))
    return None


# --- a round -------------------------------------------------------------------------------------
def start_round(s: PariahState, events: list[Event]) -> None:
    s.round += 1
    s.acted = set()
    s.last_side, s.active, s.active_committed, s.active_used = -1, -1, False, []
    s.evo_played = [False, False]
    events.append(Event("round", {"round": s.round}))
    roll_initiative(s, events)
    init = s.initiative
    abilities.timed(s, "start", (init, 1 - init), events)
    if s.round >= 2:
        s.phase = PREP
        s.queue = s.seats_of_side(init) + s.seats_of_side(1 - init)
    else:
        s.phase = ACTIVATE


def roll_initiative(s: PariahState, events: list[Event]) -> None:
    tops = [max(priorities(s, side), default=-1) for side in (0, 1)]
    if tops[0] != tops[1]:
        s.initiative = 0 if tops[0] > tops[1] else 1
        events.append(Event("initiative", {"side": s.initiative, "priority": max(tops)}))
        return
    while True:                       # tied: each side rolls a die, again while the dice tie
        faces = [s.rng.randint(1, 6), s.rng.randint(1, 6)]
        events.append(Event("dice", {"faces": faces, "purpose": "initiative", "sides": [0, 1]}, reveals=True))
        if faces[0] != faces[1]:
            s.initiative = 0 if faces[0] > faces[1] else 1
            events.append(Event("initiative", {"side": s.initiative, "roll": faces}))
            return


def eligible(s: PariahState) -> tuple[int, list[int]] | None:
    """The side whose unit activates next and its units that may: those not yet activated
    at the highest Priority left. On a tie between sides, the side that did not act last
    (the side with the initiative, for the first activation of a round)."""
    best, at = -1, ([], [])
    for side in (0, 1):
        for uid, pr in zip(s.lines[side], priorities(s, side)):
            if uid in s.acted:
                continue
            if pr > best:
                best, at = pr, ([], [])
            if pr == best:
                at[side].append(uid)
    sides = [side for side in (0, 1) if at[side]]
    if not sides:
        return None
    if len(sides) == 1:
        side = sides[0]
    else:
        side = s.initiative if s.last_side < 0 else 1 - s.last_side
    return side, at[side]


def activation_open(s: PariahState) -> bool:
    """The active unit still has something to decide (it ends when it has not)."""
    if s.active not in s.units:
        return False
    if not s.active_committed:
        return True
    return bool(usable_free_abilities(s, s.active, s.active_used, True))


def usable_free_abilities(s: PariahState, uid: int, used=(), committed: bool = False
                          ) -> list[tuple[int, list]]:
    """(ability index, choices) for the unit's active abilities it may use now, given the
    abilities it has used and whether it has committed in this activation."""
    u = s.units[uid]
    side = side_of(u.owner)
    out = []
    for i, a in enumerate(design(u.design).abilities):
        if a.when != "active" or i in used:
            continue
        if a.commit and committed:
            continue
        if a.cost > s.energy[side]:
            continue
        ch = abilities.choices(s, a.target, side)
        if ch:
            out.append((i, ch))
    return out


def end_round(s: PariahState, events: list[Event]) -> None:
    init = s.initiative
    abilities.timed(s, "end", (init, 1 - init), events)
    for side in (0, 1):
        for uid in [u for u in s.lines[side] if s.units[u].token]:
            tok = s.units.pop(uid)
            s.lines[side].remove(uid)
            for c in tok.equip:                     # its equipment is discarded with it
                s.graves[c // BLOCK].append(c)
            events.append(Event("token_gone",
                                {"unit": uid, "side": side, "name": design(tok.design).name + " token",
                                 "owner": tok.owner, "from": "line", "to": None}))
    for u in s.units.values():
        u.mods = []
    events.append(Event("round_end", {"round": s.round}))
    empty = [side for side in (0, 1) if not s.lines[side]]
    if empty:
        if len(empty) == 2:
            finish(s, [], "Both sides have lost every unit: a draw.", events)
        else:
            w = 1 - empty[0]
            finish(s, [w], f"{side_name(s, w)} wins by annihilation at the end of round {s.round}.",
                   events)
        return
    if s.round >= ROUNDS:
        pts = [points(s, 0), points(s, 1)]
        if pts[0] == pts[1]:
            finish(s, [], f"After round {ROUNDS} both sides keep {pts[0]} points: a draw.", events)
        else:
            w = 0 if pts[0] > pts[1] else 1
            finish(s, [w], f"{side_name(s, w)} wins by attrition, {pts[w]} points to {pts[1 - w]}.",
                   events)
        return
    start_shop(s, events)


def points(s: PariahState, side: int) -> int:
    return sum(design(s.units[u].design).cost for u in s.lines[side] if not s.units[u].token)


def finish(s: PariahState, winners: list[int], why: str, events: list[Event]) -> None:
    s.phase = OVER
    s.winners = winners
    s.reason = why
    events.append(Event("game_end", {"winners": winners, "points": [points(s, 0), points(s, 1)],
                                     "units": [len(s.lines[0]), len(s.lines[1])], "round": s.round}))


# --- the shop --------------------------------------------------------------------------------------
def start_shop(s: PariahState, events: list[Event]) -> None:
    s.phase = SHOP
    s.queue = list(range(s.players))
    s.shop_kept = False
    for p in range(s.players):
        n = min(SHOP_DRAW, len(s.relic_decks[p]))
        s.offers[p] = [s.relic_decks[p].pop() for _ in range(n)]
        events.append(Event("relic_draw", {"seat": p, "cards": list(s.offers[p]),
                                           "names": [card_name(s, c) for c in s.offers[p]], "count": n,
                                           "from": "relic deck", "to": "offer"}, private_to=p,
                            public_data={"seat": p, "count": n, "from": "relic deck", "to": "offer"},
                            reveals=True))


def evo_options(s: PariahState, seat: int) -> list[int]:
    """Evolution cards the seat may take now: ones matching a unit of theirs in play."""
    mine = {u.design for u in s.units.values() if u.owner == seat and not u.token}
    return [c for c in s.evo_piles[seat] if evolutions()[s.designs[c]].unit in mine]


def shop_has_choice(s: PariahState, seat: int) -> bool:
    return bool(s.offers[seat] and not s.shop_kept) or bool(evo_options(s, seat))


# --- relics (at the start of a round, some during an activation) and evolutions ------------------
def relic_targets(s: PariahState, seat: int, card: int) -> list:
    r = relics()[s.designs[card]]
    side = side_of(seat)
    if r.relic_type == "equipment":       # one Equipment per unit (ruling)
        return [uid for uid in s.lines[side] if not s.units[uid].equip]
    if r.relic_type == "emblem":
        return [-1]
    return abilities.choices(s, r.target, side)


def evolve_targets(s: PariahState, seat: int, card: int) -> list[int]:
    e = evolutions()[s.designs[card]]
    return [uid for uid in s.lines[side_of(seat)]
            if s.units[uid].owner == seat and s.units[uid].design == e.unit and not s.units[uid].evos]


def relic_options(s: PariahState, seat: int, moment: str) -> list[tuple[int, object]]:
    """(relic card, target) plays of the seat's relics that may be played at this moment
    (cards.RELIC_MOMENTS) and that it can afford."""
    energy = s.energy[side_of(seat)]
    out = []
    for c in s.relic_hands[seat]:
        r = relics()[s.designs[c]]
        if moment in r.moments and r.cost <= energy:
            out += [(c, t) for t in relic_targets(s, seat, c)]
    return out


def prep_options(s: PariahState, seat: int) -> list[tuple[str, int, int]]:
    """(RELIC's or EVOLVE's kind, card, target) plays the seat can afford at the start of the round."""
    side = side_of(seat)
    energy = s.energy[side]
    out = [(actions.RELIC.kind, c, t) for c, t in relic_options(s, seat, START)]
    if not s.evo_played[side]:
        for c in s.evo_hands[seat]:
            if evolutions()[s.designs[c]].cost <= energy:
                out += [(actions.EVOLVE.kind, c, t) for t in evolve_targets(s, seat, c)]
    return out


# --- the driver ------------------------------------------------------------------------------------------
def advance(s: PariahState, events: list[Event]) -> None:
    while True:
        if s.phase == OVER:
            return
        if s.phase == SELECT:
            pending = [p for p in range(s.players) if not s.committed[p]]
            if pending:
                s.turn = pending[0]
                return
            set_out(s, events)
        elif s.phase == DEPLOY:
            seat = deploy_seat(s)
            if seat is not None:
                s.turn = seat
                return
            start_round(s, events)
        elif s.phase == PREP:
            while s.queue and not prep_options(s, s.queue[0]):
                s.queue.pop(0)
            if s.queue:
                s.turn = s.queue[0]
                return
            s.phase = ACTIVATE
        elif s.phase == ACTIVATE:
            if s.active >= 0:
                if activation_open(s):
                    s.turn = s.units[s.active].owner
                    return
                s.active, s.active_committed, s.active_used = -1, False, []
            nxt = eligible(s)
            if nxt is not None:
                side, uids = nxt
                s.turn = s.units[uids[0]].owner       # the leftmost such unit's owner chooses
                return
            end_round(s, events)
        elif s.phase == SHOP:
            while s.queue and not shop_has_choice(s, s.queue[0]):
                s.queue.pop(0)
                s.shop_kept = False
            if s.queue:
                s.turn = s.queue[0]
                return
            start_round(s, events)


def unit_label(s: PariahState, uid: int) -> str:
    side, i = s.where(uid)
    return f"{unit_name(s, uid)} (slot {i + 1})"

