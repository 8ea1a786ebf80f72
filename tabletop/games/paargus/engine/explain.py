"""why_illegal's sentences: for a Paargus action, the reason it is refused in the words of the
rules, or None when it is legal (checked in the rules' own order, without listing the moves)."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paargus.engine import actions, conjunctions as cj
from tabletop.games.paargus.engine.cards import EAST, QUADRANT_NAMES, QUADRANTS, card, sigil_name
from tabletop.games.paargus.engine.state import HAND_LIMIT, HAND_OVER, MATCH_OVER, TABLEAU, PaargusState

# the kinds of step 1-3 (before and with the draw), those of them that take a card, and step 4's
_TABLEAU_KINDS = kinds(actions.PLAY, actions.TRADE, actions.DRAW)
_TAKING = kinds(actions.TRADE, actions.DRAW)
_CLOSING = kinds(actions.CONJOIN, actions.TRAIL, actions.END_TURN)


def why_illegal(s: PaargusState, a: Action) -> str | None:
    if s.phase == MATCH_OVER:
        return "The match is over."
    reason = actions.KINDS.check_shape(a)      # the shape first: below, every kind has its arguments
    if reason:
        return reason
    kind = a.kind
    hand = s.hands[s.turn]
    if s.phase == HAND_OVER:
        return None if kind == actions.DEAL.kind else "The hand is over: deal the next one."
    if kind == actions.DEAL.kind:
        return "The hand is still being played."
    if s.phase == TABLEAU:
        if kind == actions.PLAY.kind:
            if actions.PLAY.card(a) not in hand:
                return "Only a card from your own hand can go to the sky tableau."
            return None
        if kind in _TAKING and len(hand) > HAND_LIMIT:
            extra = len(hand) - HAND_LIMIT
            return (f"Your hand holds {len(hand)} cards: play {extra} more to the sky tableau "
                    f"first (at most {HAND_LIMIT}).")
        if kind == actions.TRADE.kind:
            h, t = actions.TRADE.give(a), actions.TRADE.take(a)
            if h not in hand:
                return "You can only trade a card from your own hand."
            if t not in s.tableau:
                return "You can only trade for a card in the sky tableau."
            if card(h).sigils[0] != card(t).sigils[0]:
                return (f"A trade needs the same North-West sigil: {sigil_name(card(h).sigils[0])} "
                        f"is not {sigil_name(card(t).sigils[0])}.")
            return None
        if kind == actions.DRAW.kind:
            return None
        if kind in _CLOSING:
            return "Conjunctions come after the draw: play to the tableau, trade or draw first."
        return "That is not a Paargus move."
    # CONJOIN
    if kind in _TABLEAU_KINDS:
        return "You have already drawn this turn: play a conjunction or end your turn."
    if kind == actions.END_TURN.kind:
        return None
    if kind == actions.CONJOIN.kind:
        return _why_conjoin(s, a)
    if kind == actions.TRAIL.kind:
        return _why_trail(s, a)
    return "That is not a Paargus move."


def _why_conjoin(s: PaargusState, a: Action) -> str | None:
    q, fan = actions.CONJOIN.quadrant(a), actions.CONJOIN.fan(a)
    if q not in QUADRANTS:
        return "A conjunction names a quadrant and its cards."
    if len(fan) != 3:
        return "A new conjunction is exactly three cards."
    if len(set(fan)) != 3 or any(c not in s.hands[s.turn] for c in fan):
        return "A conjunction is made of three different cards from your hand."
    if not cj.matches(fan, q):
        names = ", ".join(sigil_name(card(c).sigil(q)) for c in fan)
        return f"The three cards must share the sigil in the {QUADRANT_NAMES[q]}: they show {names}."
    return None


def _why_trail(s: PaargusState, a: Action) -> str | None:
    i, c = actions.TRAIL.conjunction(a), actions.TRAIL.card(a)
    array = s.arrays[s.turn]
    if not (isinstance(i, int) and 0 <= i < len(array)):
        return "Trailing cards go on one of your own conjunctions."
    conj = array[i]
    if conj.quadrant not in EAST:
        return "West conjunctions are always exactly three cards: only East ones take trailing cards."
    if c not in s.hands[s.turn]:
        return "The trailing card must come from your hand."
    want = card(conj.fan[0]).sigil(conj.quadrant)
    if card(c).sigil(conj.quadrant) != want:
        return (f"A trailing card must show {sigil_name(want)} in the {QUADRANT_NAMES[conj.quadrant]}, "
                f"as the conjunction does.")
    return None
