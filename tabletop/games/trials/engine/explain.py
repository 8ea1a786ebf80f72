"""why_illegal's sentences: for a Trials action of a declared shape that is not legal now, the
reason in the words of the rules."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.trials.engine import actions, flow
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.choices import explain_answer, explain_waiting
from tabletop.games.trials.engine.state import TrialsState, seat_of

# the kinds that are only ever the turn's action (never an Instant answer)
_TURN_ACTIONS = kinds(actions.ATTACK, actions.CHANNEL, actions.IGNITE, actions.PASS)
_SCOUT_LATER = ("A scout's choice (the top card, the bottom card or none) is made when it happens, "
                "not when the card is declared: give 0.")


def explain(s: TrialsState, a: Action, seat: int) -> str:
    return _explain(s, a, seat) or "That move is not allowed now."


def _explain(s: TrialsState, a: Action, seat: int) -> str | None:
    main = flow.main_time(s)
    kind = a.kind
    if s.waiting is not None:
        return explain_answer(s, a) if kind in actions.ANSWERS else explain_waiting(s)
    if kind in actions.ANSWERS:
        return "Nothing is waiting for that choice now."
    if kind == actions.DECLINE.kind:
        return "There is nothing to respond to: take your turn's action."
    if kind in _TURN_ACTIONS and not main:
        return ("You can only answer with an Instant card or Instant effect now, or let the "
                "stack resolve." if s.stack else "You have already taken your action this turn.")
    if kind == actions.PLAY.kind:
        return _explain_play(s, seat, main, a)
    if kind == actions.ACTIVATE.kind:
        c, i = actions.ACTIVATE.card(a), actions.ACTIVATE.effect(a)
        if not s.in_play(c) or seat_of(c) != seat:
            return "You can only activate effects of your own cards in play."
        effs = fx.side(s, c).effects
        if not 0 <= i < len(effs) or effs[i].when != "activated":
            return f"{fx.name(s, c)} has no such activated effect."
        e = effs[i]
        if not (main or e.instant):
            return "Only Instant effects can be used outside your own action."
        if e.cost_of("exhaust") and c in s.exhausted:
            return f"{fx.name(s, c)} is exhausted: it must be readied first."
        if (need := fx.energy_cost(s, seat, e)) > s.energy[seat]:
            return f"That costs {need} energy; you have {s.energy[seat]}."
        if e.cost_of("charge") > s.counters.get(c, {}).get("charge", 0):
            return f"{fx.name(s, c)} has no charge counter to remove."
        if actions.ACTIVATE.scout(a) != 0:
            return _SCOUT_LATER
        return "That target is not valid for this effect."
    if kind == actions.ATTACK.kind:
        c, t = actions.ATTACK.attacker(a), actions.ATTACK.target(a)
        if not s.in_play(c) or seat_of(c) != seat:
            return "Only your own cards in play can attack."
        if c in s.exhausted:
            return f"{fx.name(s, c)} is exhausted: only a ready card can attack."
        if not fx.is_avatar(s, c) and fx.card_of(s, c).power:
            return f"{fx.name(s, c)} has Power: it adds to its Avatar's Attack and cannot attack."
        if fx.attack(s, c) <= 0:
            return f"{fx.name(s, c)} has no Attack."
        if not isinstance(t, int) or t not in s.designs or not s.in_play(t) or seat_of(t) == seat:
            return "Attack an enemy card in play."
        if fx.max_hp(s, t) <= 0:
            return f"{fx.name(s, t)} has no HP: it is not a valid target."
        if fx.is_stealthy(s, t, seat):
            return f"{fx.name(s, t)} is stealthy: you cannot target it."
        return "A Guardian protects that Avatar and its cards: attack the Guardian first."
    if kind == actions.CHANNEL.kind:
        av = actions.CHANNEL.avatar(a)
        if av not in s.avatars[seat]:
            return "Channel with one of your own Avatars."
        if av in s.fallen:
            return "A Fallen Avatar cannot channel energy."
        return f"{fx.name(s, av)} is exhausted."
    if kind == actions.IGNITE.kind:
        if not fx.ignite_count(s, seat):
            return "There is no ignite card in your discard pile."
        if s.energy[seat] < 1:
            return "Igniting costs 1 energy."
        return "Ignite damage needs an enemy card with HP as its target."
    return "That is not a move in this game."


def _explain_play(s: TrialsState, seat: int, main: bool, action: Action) -> str:
    cid, a, d = actions.PLAY.card(action), actions.PLAY.avatar(action), actions.PLAY.detach(action)
    if cid not in s.hands[seat]:
        return "That card is not in your hand."
    c = fx.card_of(s, cid)
    if not (main or c.instant):
        return ("Only Instant cards can be played in response." if s.prio >= 0 else
                "You have already taken your action this turn.")
    if c.cost > s.energy[seat]:
        return f"{c.name} costs {c.cost} energy; you have {s.energy[seat]}."
    if a not in s.avatars[seat]:
        return "Attach the card to one of your own Avatars."
    if a in s.fallen:
        return "You cannot attach cards to a Fallen Avatar."
    if not fx.can_attach(s, seat, c, a):
        return (f"{c.name} ({', '.join(x.capitalize() for x in c.disciplines)}) shares no "
                f"discipline with {fx.name(s, a)}.")
    choices = fx.must_choose_detach(s, cid, a)
    if choices and d not in choices:
        return f"{fx.name(s, a)} already holds two One-Handed cards: choose one to detach."
    if not choices and d != -1:
        return "Nothing needs to be detached for this card."
    if c.play_effect and c.play_effect.target and not fx.target_choices(s, seat, c.play_effect):
        return f"{c.name} has no valid target."
    if actions.PLAY.scout(action) != 0:
        return _SCOUT_LATER
    return "That target is not valid for this card."
