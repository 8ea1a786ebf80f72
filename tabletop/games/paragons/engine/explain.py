"""Why a move is not allowed now, in a sentence a player understands."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, combat
from tabletop.games.paragons.engine.board import blocked_melee
from tabletop.games.paragons.engine.draft import exchange_refusal
from tabletop.games.paragons.engine.cards import CLASS_NAMES, CLASSES, DECK_SIZE
from tabletop.games.paragons.engine.moves import main_time, recruit_price, reveal_ready, to_act
from tabletop.games.paragons.engine.state import (BUILD, CLASS, DRAFT, MULLIGAN, SWAP, ParagonsState)
from tabletop.games.paragons.engine.steps import CONDITION_TEXT
from tabletop.games.paragons.engine.stats import card_of, has, name
from tabletop.games.paragons.engine.targets import (ABILITY_AIM, PASSIVE_AIM, SPELL_AIM, aims_at_source,
                                                    why_not)

_ANSWERS = "spells, Hidden cards revealed, abilities and defences"
# the kinds of the set-up (class, draft, deck, mulligan); those only done in a main time of one's
# own turn; the plays of a card of the hand; what a mercenary on the board does
_SETUP = kinds(A.CHOOSE, A.PICK, A.ADD, A.REMOVE, A.DONE, A.EXCHANGE, A.MULLIGAN)
_MAIN_ONLY = kinds(A.END_TURN, A.PLAY, A.HIDE, A.ATTACK, A.GARRISON, A.RECRUIT)
_FROM_HAND = kinds(A.PLAY, A.CAST, A.HIDE)
_BY_A_MERC = kinds(A.ABILITY, A.CASTER, A.GARRISON)


def explain(s: ParagonsState, a: Action) -> str:
    seat = to_act(s)
    kind = a.kind
    if s.phase == CLASS:
        if kind != A.CHOOSE.kind:
            return "Choose your class first."
        k = A.CHOOSE.klass(a)
        if k not in CLASSES:
            return f"There is no {k!r} class: choose the Warrior, the Mage or the Ranger."
        return f"The {CLASS_NAMES[k]} is taken: choose another class."
    if s.phase == DRAFT:
        return "That card is not laid out: draft one that is." if kind == A.PICK.kind else \
            "It is the draft: pick one of the cards laid out."
    if s.phase in (BUILD, SWAP):
        return _building(s, seat, a)
    if s.phase == MULLIGAN:
        return "Return only cards of your own hand, each once." if kind == A.MULLIGAN.kind else \
            "Decide on your mulligan first (keeping the hand is a choice too)."
    if kind in _SETUP:
        return "The game is under way: that belongs to another phase of the match."
    if s.pending is not None:
        what = chain.what_of(s, s.pending)
        return "That choice is not possible either." if kind == A.RECHOOSE.kind else \
            f"{what} can no longer be done as declared: choose again for it first."
    if kind == A.RECHOOSE.kind:
        return "There is nothing to choose again."
    main = main_time(s)
    if kind == A.DECLINE.kind:
        return "No chain is waiting for an answer: act, or end your turn."
    if kind in _MAIN_ONLY and not main:
        if seat != s.turn:
            return f"On another player's turn you may only answer with {_ANSWERS}."
        return f"While the chain is open you may only add {_ANSWERS}, or let it resolve."
    return _play_phase(s, seat, a, kind)


def _building(s: ParagonsState, seat: int, a: Action) -> str:
    kind = a.kind
    short = len(s.decks[seat]) < DECK_SIZE
    if kind == A.ADD.kind:
        return "That card is not in your Reserve Pile." if short else \
            f"Your deck already holds {DECK_SIZE} cards: set one aside first."
    if kind == A.REMOVE.kind:
        return "That card is not in your deck." if not short else \
            "Put a card into your deck first: a swap sets one card aside, then puts one in."
    if kind == A.DONE.kind:
        return f"Your deck holds {len(s.decks[seat])} cards: it must hold exactly {DECK_SIZE}."
    if kind == A.EXCHANGE.kind:
        return exchange_refusal(s, seat, *a.args) or "That swap is not possible now."
    return "Finish your deck first." if s.phase == BUILD else \
        "Between games the loser may change their deck: add, set aside or finish."


def _play_phase(s: ParagonsState, seat: int, a: Action, kind: str) -> str:
    mana = s.mana[seat]
    if kind in _FROM_HAND:
        c = a.args[0]
        if c not in s.hands[seat]:
            return "That card is not in your hand."
        cd = card_of(s, c)
        if kind == A.HIDE.kind and not cd.hidden:
            return f"{cd.name} is not a Hidden card: only Hidden cards go face down."
        if kind != A.HIDE.kind and cd.hidden:
            return f"{cd.name} is Hidden: put it face down on your turn, then reveal it when it says."
        if kind == A.PLAY.kind and not cd.is_merc:
            return f"{cd.name} is a spell: cast it."
        if kind == A.CAST.kind and cd.is_merc:
            return f"{cd.name} is a mercenary: play it onto your board."
        if cd.cost > mana:
            return f"{cd.name} costs {cd.cost} mana; you have {mana}."
        if kind != A.HIDE.kind and cd.play_effect is not None:
            aim = PASSIVE_AIM if kind == A.PLAY.kind else SPELL_AIM
            rule = _target_rule(s, seat, cd.play_effect.target, a.args[-1], aim, c, cd.name)
            if rule:
                return rule
        return _where(cd.name, kind)
    if kind == A.REVEAL.kind:
        c = A.REVEAL.card(a)
        if c not in s.hidden[seat]:
            return "That card is not in your Hidden Pile."
        if not reveal_ready(s, seat, c):
            cd = card_of(s, c)
            return f"{cd.name} can only be revealed {CONDITION_TEXT[cd.reveal]}."
        return _where(name(s, c), (A.PLAY if card_of(s, c).is_merc else A.CAST).kind)
    if kind == A.ATTACK.kind:
        return _attack(s, seat, A.ATTACK.attacker(a))
    if kind == A.DEFEND.kind:
        attacks = dict(combat.open_attacks(s, seat))
        att = A.DEFEND.attacker(a)
        if att not in attacks:
            return "You can only defend against an attack on you or your mercenaries that no one defends yet."
        return ("That mercenary cannot defend: it must be yours and unexhausted, and Adjacent to "
                "the mercenary attacked; an attack with Reach on a mercenary cannot be defended.")
    if kind in _BY_A_MERC:
        m = a.args[0]
        if m not in s.at or s.board_of(m) != seat:
            return "Use one of your own mercenaries on the board."
        cd = card_of(s, m)
        if kind == A.GARRISON.kind:
            if not has(s, m, "garrison"):
                return f"{cd.name} does not have Garrison."
            if m in s.fresh:
                return f"{cd.name} arrived this turn: its abilities wait until your next turn."
            if m in s.garrisoned:
                return f"{cd.name} has already taken a Garrison counter this turn."
            return f"A Garrison counter on {cd.name} costs {cd.cost} mana; you have {mana}."
        if kind == A.CASTER.kind:
            return _caster(s, seat, m)
        i = A.ABILITY.index(a)
        if not 0 <= i < len(cd.activated):
            return f"{cd.name} has no such ability."
        e = cd.activated[i]
        if not e.anytime and s.turn != seat:
            return f"{cd.name}'s ability is used on your own turn (it does not say anytime)."
        if not e.anytime and m in s.fresh:
            return f"{cd.name} arrived this turn: its abilities wait until your next turn."
        if e.exhaust and m in s.exhausted:
            return f"{cd.name} is exhausted: its ability needs it to exhaust."
        if e.mana > mana:
            return f"That ability costs {e.mana} mana; you have {mana}."
        if aims_at_source(e.target, A.ABILITY.targets(a), m):
            return "An ability that says another mercenary cannot target the mercenary it comes from."
        rule = _target_rule(s, seat, e.target, A.ABILITY.targets(a), ABILITY_AIM, m, f"{cd.name}'s ability")
        return rule or "That is not a valid target for this ability."
    if kind == A.RECRUIT.kind:
        c = A.RECRUIT.card(a)
        if c not in s.pool:
            return "That mercenary is not in the Mercenary Pool."
        return f"Recruiting {name(s, c)} costs {recruit_price(s, seat, c)} mana; you have {mana}."
    return "That move is not allowed now."


def _target_rule(s: ParagonsState, seat: int, spec: str, targets, aim: str, source: int,
                 what: str) -> str | None:
    """The rule the chosen target breaks (targets.why_not), when a target is chosen."""
    if not spec or not isinstance(targets, tuple) or not targets:
        return None
    return why_not(s, seat, spec, targets[0], aim, source, what)


def _where(what: str, kind: str) -> str:
    if kind == A.PLAY.kind:
        return (f"{what} cannot go there: choose a space of your board; if it is taken, its "
                "mercenary must move to an empty Surrounding space. Any target must be valid.")
    return f"That is not a valid target for {what}."


def _attack(s: ParagonsState, seat: int, m: int) -> str:
    if m not in s.at or s.board_of(m) != seat:
        return "Attack with one of your own mercenaries on the board."
    n = name(s, m)
    if m in s.fresh:
        return f"{n} arrived this turn: it cannot attack until your next turn."
    if m in s.exhausted:
        return f"{n} is exhausted: it cannot attack."
    if m in s.attacked:
        return f"{n} has already attacked this turn."
    if m in s.cast:
        return f"{n} used its caster ability this turn: it cannot attack too."
    if card_of(s, m).combat == "melee" and blocked_melee(s, m):
        return f"{n} fights in melee and an ally stands in front of it: it cannot attack."
    return (f"{n} cannot attack that: choose an opponent, a Front Line mercenary, or a Back Line "
            "one with no ally in front of it (any mercenary, with Reach).")


def _caster(s: ParagonsState, seat: int, m: int) -> str:
    cd = card_of(s, m)
    if cd.combat != "caster":
        return f"{cd.name} is not a Caster."
    if s.turn != seat:
        return "A Caster's ability is used on your own turn."
    if m in s.fresh:
        return f"{cd.name} arrived this turn: its abilities wait until your next turn."
    if m in s.attacked:
        return f"{cd.name} attacked this turn: it cannot cast too."
    if m in s.cast:
        return f"{cd.name} has already cast this turn."
    if m in s.exhausted:
        return f"{cd.name} is exhausted."
    return "A Caster hits an enemy mercenary that is not Concealed."
