"""The end of a game and of the match: Life at 0 or a failed draw puts a player out; the last
one standing wins the game; the match goes to the first to win a majority of its games, and
between games every card goes back to its deck, Reserve Pile or the Neutral Mercenary Deck.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.core.response import ResponseWindow
from tabletop.games.paragons.engine.board import lift
from tabletop.games.paragons.engine.stack_item import Link
from tabletop.games.paragons.engine.state import OVER, SPACES, SWAP, ParagonsState

NEUTRAL_IDS = 100          # ids below are neutral mercenaries (state.py)


def wins_needed(s: ParagonsState) -> int:
    return s.best_of // 2 + 1


def from_turn(s: ParagonsState) -> list[int]:
    """The seats in play order, starting with the player whose turn it is."""
    order = s.order()
    i = order.index(s.turn) if s.turn in order else 0
    return order[i:] + order[:i]


def game_on(s: ParagonsState) -> bool:
    return s.phase not in (SWAP, OVER) and s.winner is None and len(s.live()) > 1


def check_life(s: ParagonsState, ev: list[Event]) -> None:
    """Players at 0 Life or below are out, one at a time from the player whose turn it is,
    until one is left (so a game always has a winner)."""
    for p in from_turn(s):
        if s.phase == "play" and not s.out[p] and s.life[p] <= 0 and len(s.live()) > 1:
            knock_out(s, p, f"Player {p + 1} is at {s.life[p]} Life", ev)


def knock_out(s: ParagonsState, p: int, why: str, ev: list[Event]) -> None:
    """Player p is out of the game: their cards leave the table (no card's effect happens)."""
    s.out[p] = True
    ev.append(Event("out", {"seat": p, "cause": why}))
    live = s.live()
    if len(live) == 1:
        finish_game(s, live[0], why, ev)
        return
    _clear_seat(s, p)


def _to_discard(s: ParagonsState, c: int) -> None:
    s.discards[s.owner[c]].append(c)


def _clear_seat(s: ParagonsState, p: int) -> None:
    """A player out of a three-for-all: their mercenaries, Imbuements and Enchantments leave
    the table; others' attachments on their board go to their owners' discard piles; their
    links on the chain are voided."""
    for m in s.mercs(p):
        for c in s.imbued.pop(m, []):
            s.host.pop(c, None)
            _to_discard(s, c)
        lift(s, m)
        _to_discard(s, m)
    for q in range(s.players):
        for i in range(SPACES):
            e = s.enchants[q][i]
            if e >= 0 and (q == p or s.owner[e] == p):
                s.enchants[q][i] = -1
                _to_discard(s, e)
    for m, cs in list(s.imbued.items()):
        for c in [c for c in cs if s.owner[c] == p]:
            cs.remove(c)
            s.host.pop(c, None)
            _to_discard(s, c)
        if not cs:
            del s.imbued[m]
    for i, link in enumerate(s.stack):
        if link.seat == p and void(s, i).holds_card:
            _to_discard(s, link.card)
    if s.pending is not None and s.pending.seat == p:
        if s.pending.holds_card:
            _to_discard(s, s.pending.card)
        s.pending = None


def void(s: ParagonsState, i: int) -> Link:
    """Cancel the link at index i in place (indices of the others never move); its card, if it
    holds one, is the caller's to place. Returns the cancelled link."""
    link = s.stack[i]
    s.stack[i] = Link("void", link.seat, -1, "", -1, -1, -1, (), 0, 0)
    return link


def finish_game(s: ParagonsState, w: int, why: str, ev: list[Event]) -> None:
    """Player w wins this game; the match is over, or everything is gathered for the next."""
    for link in ResponseWindow.close(s):
        if link.holds_card:
            _to_discard(s, link.card)
    if s.pending is not None:
        if s.pending.holds_card:
            _to_discard(s, s.pending.card)
        s.pending = None
    s.wins[w] += 1
    s.game_winners.append(w)
    s.reason = why
    ev.append(Event("game_over", {"winner": w, "winners": [w], "count": s.game_no, "cause": why}))
    if s.wins[w] >= wins_needed(s):
        s.phase, s.winner = OVER, w
        ev.append(Event("over", {"winner": w, "winners": [w], "total": s.wins[w]}))
        return
    gather(s)
    s.phase = SWAP
    s.deciding = next(p for p in s.order() if p != w)


def gather(s: ParagonsState) -> None:
    """Every card back where a game starts from: a seat's deck is the 30 it built (Banished
    cards return to it), the rest of its cards its Reserve Pile; recruited mercenaries and the
    Pool go back into the Neutral Mercenary Deck."""
    for p in range(s.players):
        reserve = set(s.reserves[p]) - s.banished
        s.decks[p] = [c for c in s.owned[p] if c not in reserve]
        s.reserves[p] = [c for c in s.owned[p] if c in reserve]
        s.hands[p], s.discards[p], s.hidden[p], s.known[p] = [], [], [], []
        s.spaces[p] = [-1] * SPACES
        s.enchants[p] = [-1] * SPACES
    owned = {c for cs in s.owned for c in cs}
    s.neutral_deck = sorted(c for c in s.designs if c < NEUTRAL_IDS and c not in owned)
    s.pool = []
    s.owner = {c: p for p, cs in enumerate(s.owned) for c in cs}
    s.imbued, s.at, s.host = {}, {}, {}
    s.recruited, s.banished = set(), set()
    for marks in (s.damage, s.garrison, s.buff_atk, s.buff_hp, s.defenders):
        marks.clear()
    for flags in (s.exhausted, s.held, s.fresh, s.attacked, s.cast, s.garrisoned):
        flags.clear()
