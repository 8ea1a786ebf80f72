"""why_illegal's sentences: for a Pariah action of a declared shape that is not legal now, the
reason in the words of the rules."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import actions, combat, flow
from tabletop.games.pariah.engine.board import card_name, unit_name
from tabletop.games.pariah.engine.cards import (ACTIVATION, START, design, evolutions, moments_phrase,
                                                relics)
from tabletop.games.pariah.engine.state import (ACTIVATE, ARMY_POINTS, DEPLOY, PREP, SELECT, SHOP,
                                                PariahState, side_of)

_PHASE_KINDS = {
    SELECT: kinds(actions.PICK, actions.UNPICK, actions.COMMIT),
    DEPLOY: kinds(actions.DEPLOY),
    PREP: kinds(actions.RELIC, actions.EVOLVE, actions.READY),
    ACTIVATE: kinds(actions.ATTACK, actions.ABILITY, actions.END, actions.RELIC),
    SHOP: kinds(actions.KEEP, actions.TAKE_EVO, actions.NO_EVO),
}
# the moment (cards.RELIC_MOMENTS) a relic played in a phase is played at
_MOMENT = {PREP: START, ACTIVATE: ACTIVATION}
_PHASE_WORDS = {SELECT: "choosing armies", DEPLOY: "deployment", PREP: "the start of the round",
                ACTIVATE: "the activations", SHOP: "the shop"}


def explain(s: PariahState, a: Action) -> str:
    return _explain(s, a) or "That move is not allowed now."


def _explain(s: PariahState, a: Action) -> str | None:
    seat, kind = s.turn, a.kind
    if kind not in _PHASE_KINDS.get(s.phase, ()):
        return f"That is not a move during {_PHASE_WORDS[s.phase]}."
    side = side_of(seat)
    if s.phase == SELECT:
        if kind == actions.COMMIT.kind:
            return "Choose at least one unit before committing your army."
        if kind == actions.UNPICK.kind:
            return "That card is not in the army you are choosing."
        c = actions.PICK.card(a)
        if c not in s.hands[seat]:
            return "You can only pick from the ten cards you drew."
        spent = flow.army_cost(s, s.picks[seat])
        return (f"{card_name(s, c)} costs {design(s.designs[c]).cost} points: your army already "
                f"holds {spent} of {ARMY_POINTS}.")
    if s.phase == DEPLOY:
        return "You can only deploy a unit of your own army that is still waiting to be placed."
    if kind == actions.RELIC.kind:
        return _explain_relic(s, seat, side, a, _MOMENT[s.phase])
    if s.phase == PREP:
        return _explain_prep(s, seat, side, kind, a)
    if s.phase == SHOP:
        if kind == actions.KEEP.kind:
            return "Keep one of the three relics you drew."
        if s.offers[seat] and not s.shop_kept:
            return "First keep one of the relics you drew."
        return "You can only take an evolution for a unit of yours in play, from your evolution pile."
    return _explain_activation(s, seat, side, kind, a)

def _explain_prep(s, seat, side, kind, action: Action) -> str | None:
    """Why a ready or an evolution is refused (relics: _explain_relic)."""
    if kind == actions.READY.kind:
        return "Ready takes nothing."
    c, t = actions.EVOLVE.card(action), actions.EVOLVE.unit(action)
    if c not in s.evo_hands[seat]:
        return "That evolution is not among the ones you have taken."
    e = evolutions()[s.designs[c]]
    if s.evo_played[side]:
        return ("Your team has already played an evolution this round." if s.players == 4
                else "You have already played an evolution this round.")
    if e.cost > s.energy[side]:
        return f"{e.name} costs {e.cost} Elemental Energy; you have {s.energy[side]}."
    u = s.units.get(t)
    if u is None or u.owner != seat or u.design != e.unit:
        return f"{e.name} evolves a {design(e.unit).name} of yours in play."
    return "That unit has already evolved."

def _explain_relic(s, seat, side, action: Action, moment: str) -> str:
    c, t = actions.RELIC.card(action), actions.RELIC.target(action)
    if c not in s.relic_hands[seat]:
        return "That relic is not in your hand."
    r = relics()[s.designs[c]]
    if moment not in r.moments:
        return f"{r.name} is played {moments_phrase(r.moments)}."
    if r.cost > s.energy[side]:
        return f"{r.name} costs {r.cost} Elemental Energy; you have {s.energy[side]}."
    if r.relic_type == "equipment":
        if t in s.lines[side]:
            return "A unit carries at most one Equipment."
        return "Equipment goes on one of your side's units."
    if r.target == "enemy" and t in s.lines[1 - side]:
        return "An enemy Guardian is in play: it must be chosen first."
    if r.target == "enemy_emblem":
        return "Choose an emblem of the other side."
    return f"{r.name} cannot be played on that."

def _explain_activation(s, seat, side, kind, action: Action) -> str | None:
    uid = actions.unit_of(action)
    if uid not in s.units:
        return "That unit is not on the front line."
    if s.active >= 0 and uid != s.active:
        return f"{unit_name(s, s.active)} is in the middle of its activation."
    u = s.units[uid]
    if u.owner != seat:
        return "You can only activate your own units."
    if uid in s.acted and uid != s.active:
        return f"{unit_name(s, uid)} has already activated this round."
    if s.active < 0:
        nxt = flow.eligible(s)
        if nxt is None or uid not in nxt[1]:
            return ("Units activate in descending Priority: a unit with a higher Priority, or "
                    "the other side on a tie, goes first.")
    if kind == actions.ATTACK.kind:
        if s.active == uid and s.active_committed:
            return f"{unit_name(s, uid)} is already committed this activation."
        plan = actions.ATTACK.plan(action)
        return combat.why_plan_illegal(s, uid, plan) or "That attack is not possible."
    if kind == actions.ABILITY.kind:
        abl = design(u.design).abilities
        i = actions.ABILITY.index(action)
        if not 0 <= i < len(abl) or abl[i].when != "active":
            return f"{unit_name(s, uid)} has no such active ability."
        a = abl[i]
        if s.active == uid and i in s.active_used:
            return f"{a.name} can be used once per activation."
        if a.commit and s.active == uid and s.active_committed:
            return f"{a.name} needs Commit, and {unit_name(s, uid)} has already attacked or committed."
        if a.cost > s.energy[side]:
            return f"{a.name} costs {a.cost} Elemental Energy; you have {s.energy[side]}."
        if a.target == "enemy":
            return "An enemy Guardian is in play: it must be targeted first."
        if a.target == "grave":
            return "Revive needs a unit card in an allied graveyard and a side of the reviver."
        return f"{a.name} cannot be used on that."
    return None
