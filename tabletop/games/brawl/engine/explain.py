"""why_illegal's sentences: for an action of a declared shape that is not legal now, the reason
in the words of the rules."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import card_of, cname
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.moves import STOPPABLE, to_act
from tabletop.games.brawl.engine.state import DEPLOY, PICK, REDRAW, TRAPS, BrawlState, owner, team
from tabletop.games.brawl.engine.steps import CORES

WAITING = {
    "walk": "a champion is moving: choose its next hex or stop",
    "force": "you are forcing a champion: choose its next hex or stop",
    "dash": "choose where the Dash ends, or stop", "swoop": "choose where the Swoop lands, or stop",
    "jump": "choose where the Jump lands, or stop", "fear": "choose where the frightened champion runs",
    "place": "choose where to place the champion", "target": "choose the target",
    "discard": "choose the card to discard",
    "plan": "choose the cards to put on top of your deck", "trap": "place the new trap",
}
PHASE_KIND = {PICK: (A.PICK.kind, "choose a champion"), REDRAW: (A.REDRAW.kind, "keep or redraw your hand"),
              TRAPS: (A.TRAP.kind, "set a trap"), DEPLOY: (A.DEPLOY.kind, "deploy a champion")}
# the kinds that answer each pending decision, by its kind
_HEX_OR_STOP, _HEX = kinds(A.HEX, A.STOP), kinds(A.HEX)
PENDING_KIND = {"walk": _HEX_OR_STOP, "force": _HEX_OR_STOP, "dash": _HEX_OR_STOP,
                "swoop": _HEX_OR_STOP, "jump": _HEX_OR_STOP, "fear": _HEX, "place": _HEX,
                "trap": _HEX, "target": kinds(A.TARGET),
                "discard": kinds(A.DISCARD), "plan": kinds(A.PLAN)}
# the answers to the defending player's reaction window, and every kind that answers something
# (a set-up step, a reaction window, a pending decision) rather than starts a play
_REACTION = kinds(A.REACT, A.PASS)
_ANSWERS = kinds(A.HEX, A.STOP, A.TARGET, A.REACT, A.PASS, A.DISCARD, A.PLAN, A.PICK, A.REDRAW, A.TRAP,
                 A.DEPLOY)


def _valid(n: int, size: int) -> bool:
    return type(n) is int and 0 <= n < size


def explain(s: BrawlState, a: Action) -> str:
    seat = to_act(s)
    k = a.kind
    if s.phase in PHASE_KIND:
        want, what = PHASE_KIND[s.phase]
        if k != want:
            return f"Set-up is not over: now Player {seat + 1} must {what}."
        return _setup(s, seat, a)
    if s.prio >= 0:
        if k not in _REACTION:
            return "First, the defending player reacts to the attack or passes."
        return _react(s, seat, a.args[0])
    if s.pending:
        pd = s.pending[-1]
        if k not in PENDING_KIND[pd.kind]:
            return f"First, {WAITING[pd.kind]}."
        return _answer(s, pd, a)
    if k in _ANSWERS:
        return "Nothing is waiting for that answer: play a card, take a standard action or end your turn."
    if k == A.PLAY.kind:
        return _play(s, seat, a.args[0])
    if k == A.STANDARD.kind:
        return _standard(s, seat, *a.args)
    return "That move is not allowed now."


def _setup(s: BrawlState, seat: int, a: Action) -> str:
    if s.phase == PICK:
        c = a.args[0]
        if c not in champions():
            return f"There is no champion called {c!r}."
        return f"{champions()[c].name} is already chosen."
    if s.phase == REDRAW:
        cards = a.args[0]
        if len(set(cards)) != len(cards):
            return "Name each card to redraw once."
        if any(c not in s.hands[seat] for c in cards):
            return "You can only redraw cards in your hand."
        return "Name the cards to redraw from the lowest card number up."
    if s.phase == TRAPS:
        return _trap_hex(s, a.args[0], -1)
    c, h = a.args
    if not _valid(c, 6) or owner(c) != seat:
        return "Deploy one of your own champions."
    if s.deployed[c]:
        return f"{cname(s, c)} is already deployed."
    if h not in arena().deploy[seat]:
        return "Champions are deployed on the hexes of your own deployment area."
    return "That deployment hex is taken."


def _trap_hex(s: BrawlState, h: int, sprung: int) -> str:
    if h not in arena().trap_hexes:
        return "Traps go only on the six trap hexes."
    if h in s.traps:
        return "That trap hex already holds a trap."
    if h == sprung:
        return "The new trap goes on a different trap hex from the one just sprung."
    return "A champion stands on that trap hex."


def _play(s: BrawlState, seat: int, card: int) -> str:
    if card not in s.hands[seat]:
        return "That card is not in your hand."
    cd = card_of(s, card)
    c = card // 6
    if cd.type == "reaction":
        return "A reaction is played only on your opponent's turn, when its champion is attacked."
    if not flow.core_ready(s, seat, cd.core):
        return f"Your {cd.core} core is exhausted: no other {cd.core} card can be played now."
    if s.back_on[c] > s.turn_no:
        return f"{cname(s, c)} was just taken out of action: it can come back on your next turn."
    if cd.move < 1:
        return f"{cname(s, c)} is at its gate: only a card with movement brings it back."
    return f"{cname(s, c)} is at its gate and your deployment area is full."


def _standard(s: BrawlState, seat: int, core: str, option: str, c: int) -> str:
    if core not in CORES:
        return "The cores are red, yellow and blue."
    if option not in ("own", "move"):
        return "A standard action is a core's own action (\"own\") or a move of 2 (\"move\")."
    if not _valid(c, 6) or owner(c) != seat:
        return "Name one of your own champions."
    if not flow.core_ready(s, seat, core):
        return f"Your {core} core is exhausted."
    if any(card_of(s, x).core == core for x in s.hands[seat]):
        return f"You hold a {core} card: standard actions use a core only when you hold no card of its colour."
    if (core if option == "own" else "move") in s.std_used:
        return "Each standard action can be taken once a turn."
    if s.back_on[c] > s.turn_no:
        return f"{cname(s, c)} was just taken out of action: it can come back on your next turn."
    return f"{cname(s, c)} cannot come back: your deployment area is full."


def _react(s: BrawlState, seat: int, r: int) -> str:
    if r not in s.hands[seat]:
        return "That card is not in your hand."
    cd = card_of(s, r)
    if cd.type != "reaction":
        return "Only a reaction card can answer an attack."
    if r // 6 not in s.play.targets:
        return f"{cd.name} shields {cname(s, r // 6)}, who is not a target of this attack."
    if not flow.core_ready(s, seat, cd.core):
        return f"Your {cd.core} core is exhausted."
    return f"{cname(s, r // 6)} has already reacted to this attack."


def _answer(s: BrawlState, pd, a: Action) -> str:
    k = a.kind
    c = pd.champ
    if k == A.STOP.kind:
        return "A champion may cross an ally but not end its move on the ally's hex."
    if k == A.HEX.kind:
        h = a.args[0]
        if pd.kind == "trap":
            return _trap_hex(s, h, pd.src)
        if not _valid(h, len(arena().hexes)):
            return "That hex is not in the arena."
        if pd.kind in STOPPABLE and board.rooted(s, c):
            return f"{cname(s, c)} is rooted and cannot move."
        if h in arena().statue_set:
            return "Nothing stands on or moves through a statue."
        there = board.at(s, h, c)
        if pd.kind in ("walk", "force"):
            if s.pos[c] == GATE:
                return f"{cname(s, c)} comes back onto a free hex of your deployment area."
            if arena().dist(s.pos[c], h) != 1:
                return "A move goes one neighbouring hex at a time."
            if any(owner(x) != owner(c) for x in there) or (pd.kind == "force" and there):
                return "Champions never move through enemies." if pd.kind == "walk" else \
                    "A forced champion stops before any other champion."
            return "You may cross an ally only with steps left to end on a free hex."
        if there:
            return "That hex is taken: a champion cannot end there."
        if pd.kind == "fear":
            return "Fear makes the champion run as far as it can, ending farther from the source."
        if pd.kind == "place":
            return f"The champion is placed within {pd.n} of the champion that places it."
        if pd.kind in ("dash", "swoop"):
            return f"A {pd.kind.capitalize()} runs along one straight row, up to {pd.n} hexes, never through enemies or statues." \
                if pd.kind == "dash" else f"A Swoop goes along one straight row, up to {pd.n} hexes."
        return f"A Jump lands within {pd.n} hexes."
    if k == A.TARGET.kind:
        t = a.args[0]
        if not _valid(t, 6):
            return "There is no such champion."
        if s.pos[t] == GATE:
            return "Champions outside the arena cannot be targeted."
        cd = card_of(s, s.play.card) if s.play.card >= 0 else None
        if cd is not None and cd.target == "ally" and t not in team(pd.seat):
            return "This card targets one of your own champions."
        if t in team(pd.seat) and (cd is None or cd.target == "enemy"):
            return "Attacks target enemy champions."
        if cd is not None and cd.min and arena().dist(s.pos[c], s.pos[t]) < cd.min:
            return f"That champion is closer than the card's minimum range ({cd.min})."
        return "That champion is not in range (or not in sight) of the card."
    if k == A.DISCARD.kind:
        return f"Discard a card of {cname(s, c)} from your hand."
    if k == A.PLAN.kind:
        cards = a.args[0]
        if len(cards) > pd.n:
            return f"Plan puts at most {pd.n} card{'s' * (pd.n != 1)} on top of your deck."
        if any(x not in s.hands[pd.seat] for x in cards) or len(set(cards)) != len(cards):
            return "Plan puts cards of your hand on your deck, each once."
        return "Name the cards from the lowest card number up."
    return "That move is not allowed now."
