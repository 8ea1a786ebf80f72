"""The match from set-up to the last game: a new match, each game's start (shuffles, the Mercenary
Pool, opening hands, the one mulligan), and the turns.

A turn starts (no window opens): the player's Mana Total becomes the Mana Threshold (the round,
at most 10); damage heals and this turn's buffs end on every board; the player's mercenaries
Recover (unless an effect holds them); the player draws up to 5 cards, or 1 when holding 5 or
more (a card the deck cannot give loses the game); then their start-of-turn effects happen.
Play order is Warrior, Mage, Ranger; a round ends with the last of them.

Spells may be played on any turn: every turn gives the other players two moments, as links of
the turn player's on the chain that only the others are asked about: once the Beginning is done
(BEGIN, before the turn player's first action) and when the turn player would end the turn (END;
as it resolves, the turn ends and the next begins). In a moment a player is asked only if they
have something they could play now; anyone who plays opens an ordinary chain on top of it.

This module owns the response window (chain.py says what links are and how they resolve),
because resolving END ends the turn.
"""

from __future__ import annotations

from tabletop.core import Event, Rng
from tabletop.core.response import ResponseWindow
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, draft, moves, outcome
from tabletop.games.paragons.engine.cards import CLASSES, neutrals
from tabletop.games.paragons.engine.stack_item import BEGIN, END, MOMENTS, Link
from tabletop.games.paragons.engine.effects import draw, trigger
from tabletop.games.paragons.engine.state import (CLASS, HAND_TARGET, MULLIGAN, PLAY, POOL_SIZE,
                                                  START_LIFE, ParagonsState)
from tabletop.games.paragons.engine.stats import name

VARIANTS = ("draft", "short", "preconstructed")    # short: a small draft (draft.layouts)


def new_state(options: dict, seed: int, players: int, ev: list[Event]) -> ParagonsState:
    if players not in (2, 3):
        raise ValueError("Paragons is played by 2 players, or 3 in a three-for-all.")
    variant = options.get("variant") or "draft"
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: draft, short or preconstructed")
    best_of = int(options.get("best_of", 3))
    if best_of not in (1, 3):
        raise ValueError("a match is best of 3 or best of 1")
    s = ParagonsState(Rng(seed), players, variant, best_of)
    s.designs = dict(enumerate(neutrals()))      # shared by clones: replaced, never changed in place
    s.neutral_deck = list(range(len(neutrals())))
    classes = options.get("classes")
    if classes is None and variant == "preconstructed":      # no clash to settle: a seeded deal
        classes = list(CLASSES)
        s.rng.shuffle(classes)
        classes = classes[:players]
    if classes is not None:
        classes = list(classes)
        if len(classes) != players or len(set(classes)) != players or not set(classes) <= set(CLASSES):
            raise ValueError(f"classes must name {players} different classes of {CLASSES}")
        for p, k in enumerate(classes):
            draft.assign(s, p, k)
        start_after_classes(s, ev)
    else:
        s.phase, s.deciding = CLASS, 0
    return s


def start_after_classes(s: ParagonsState, ev: list[Event]) -> None:
    if s.variant == "preconstructed":
        draft.deal_precon(s)
        start_game(s, ev)
    else:
        draft.start_draft(s, ev)


def start_game(s: ParagonsState, ev: list[Event]) -> None:
    """A new game: 20 Life each, shuffled decks, the Pool's 5 cards, 5 cards in hand each; then
    the mulligans, in play order."""
    s.game_no += 1
    s.life = [START_LIFE] * s.players
    s.out = [False] * s.players
    s.mana = [0] * s.players
    s.played = [0] * s.players
    s.round = 0
    s.phase = MULLIGAN
    for p in range(s.players):
        s.rng.shuffle(s.decks[p])
    s.rng.shuffle(s.neutral_deck)
    s.pool = [s.neutral_deck.pop() for _ in range(min(POOL_SIZE, len(s.neutral_deck)))]
    ev.append(Event("game", {"count": s.game_no, "cards": list(s.pool),
                             "names": [name(s, c) for c in s.pool]}, reveals=True))
    for p in s.order():
        draw(s, p, HAND_TARGET, ev)
    s.deciding = s.order()[0]


def mulligan(s: ParagonsState, p: int, back: tuple, ev: list[Event]) -> None:
    """Seat p sets `back` aside, draws up to 5, and shuffles the set-aside cards into its deck."""
    for c in back:
        s.hands[p].remove(c)
    if back:
        draw(s, p, len(back), ev)
        s.decks[p] += list(back)
        s.rng.shuffle(s.decks[p])
    ev.append(Event("mulligan", {"seat": p, "count": len(back)}, reveals=bool(back)))
    order = s.order()
    i = order.index(p)
    if i + 1 < len(order):
        s.deciding = order[i + 1]
        return
    s.phase = PLAY
    s.round = 1
    start_turn(s, order[0], ev)
    WINDOW.advance(s, ev)        # the first turn's moment


def start_turn(s: ParagonsState, p: int, ev: list[Event]) -> None:
    s.turn = p
    s.mana[p] = s.threshold()
    ev.append(Event("turn", {"seat": p, "round": s.round, "total": s.mana[p]}))
    s.damage.clear()
    s.buff_atk.clear()
    s.buff_hp.clear()
    s.fresh.clear()
    s.attacked.clear()
    s.cast.clear()
    s.garrisoned.clear()
    s.played = [0] * s.players
    for m in s.mercs(p):
        if m in s.held:
            s.held.discard(m)
        else:
            s.exhausted.discard(m)
    want = HAND_TARGET - len(s.hands[p]) if len(s.hands[p]) < HAND_TARGET else 1
    if draw(s, p, want, ev):
        trigger(s, p, "turn_start", ev)
    _skip_if_out(s, ev)
    if s.turn == p and outcome.game_on(s) and not s.out[p] and not s.stack and s.pending is None:
        # the Beginning is done: the others may act first (opened, not pushed: this may run
        # while END resolves, and the window's loop goes on with it; other callers advance)
        WINDOW.open(s, _moment(s, BEGIN))


def _moment(s: ParagonsState, kind: str) -> Link:
    return Link(kind, s.turn, -1, "", -1, -1, -1, (), 0, 0)


def would_end_turn(s: ParagonsState, ev: list[Event]) -> None:
    """The turn player would end the turn: the others' moment first (the turn ends as it
    resolves)."""
    declare(s, _moment(s, END), ev)


def pass_if_out(s: ParagonsState, ev: list[Event]) -> None:
    """A three-for-all player put out on their own turn: once nothing waits on the chain, the
    turn goes to the next player still in (and the window to that turn's moment)."""
    if _skip_if_out(s, ev):
        WINDOW.advance(s, ev)


def _skip_if_out(s: ParagonsState, ev: list[Event]) -> bool:
    if s.out[s.turn] and outcome.game_on(s) and not s.stack and s.pending is None:
        next_turn(s, s.turn, ev)
        return True
    return False


def end_turn(s: ParagonsState, ev: list[Event]) -> None:
    """The turn player's end-of-turn effects, then the next player's turn (a new round after the
    last in play order)."""
    p = s.turn
    ev.append(Event("end_turn", {"seat": p}))
    trigger(s, p, "turn_end", ev)
    if outcome.game_on(s):
        next_turn(s, p, ev)


def next_turn(s: ParagonsState, p: int, ev: list[Event]) -> None:
    order = [q for q in s.order() if not s.out[q] or q == p]
    nxt = order[(order.index(p) + 1) % len(order)]
    if order.index(nxt) <= order.index(p):
        s.round += 1
    start_turn(s, nxt, ev)


# --- the window: the chain and the turn's moments --------------------------------------------------

def _may_respond(s: ParagonsState, p: int) -> bool:
    top = s.stack[-1]
    if top.kind in MOMENTS:      # only the others, and only with something they could play now
        return top.seat != p and any(not A.DECLINE.matches(a) for a in moves.play_moves(s, p))
    return chain.may_respond(s, p)


def _resolve(s: ParagonsState, link: Link, ev: list[Event]) -> None:
    if link.kind == END:         # nobody else wants to act: the turn ends, the next one begins
        end_turn(s, ev)
    elif link.kind != BEGIN:
        chain.resolve(s, link, ev)


WINDOW: ResponseWindow[ParagonsState] = ResponseWindow(
    out=lambda s: s.out, may_respond=_may_respond, resolve=_resolve, closed=chain.closed,
    on_empty=chain.emptied, reopen=False)
declare = WINDOW.push           # (s, link, ev): a Voluntary Action joins the chain
decline = WINDOW.decline        # (s, ev): the seat holding priority lets the chain be


def rechoose(s: ParagonsState, space: int, bump: int, targets: tuple, ev: list[Event]) -> None:
    """The pending link's player has chosen again: it is carried out, and the chain goes on."""
    chain.rechoose(s, space, bump, targets, ev)
    WINDOW.advance(s, ev)
