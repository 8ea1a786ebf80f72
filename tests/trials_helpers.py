"""Building Trials positions for rules and card tests."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import flow
from tabletop.games.trials.engine.cards import pool
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.engine.state import TrialsState

# seat 1's usual Avatars: plain stats, no effect that fires by itself
FOE = ["grosk-the-unbroken", "vora-skullsplitter"]


def deck(avatars: list[str], first: list[str] = ()) -> dict:
    """A legal deck for `avatars` holding `first` at the top, padded with fitting cards."""
    p = pool()
    discs = {d for a in avatars for d in p[a].disciplines}
    cards = list(first)
    for c in p.values():
        if len(cards) >= 20:
            break
        if c.type != "avatar" and c.id not in cards and set(c.disciplines) & discs:
            cards.append(c.id)
    return {"avatars": list(avatars), "cards": cards}


def duel(mine: list[str], first: list[str] = (), theirs: list[str] = FOE, their_first=(),
         initiative: int = 0, seed: int = 0) -> TrialsState:
    return GAME.setup({"decks": [deck(mine, first), deck(theirs, their_first)],
                       "initiative": initiative}, seed)


def cid(s: TrialsState, design: str, seat: int | None = None) -> int:
    """The card id of `design` for `seat`; if that deck lacks it, the bottom card of the deck
    becomes it (a position is set up, not played to)."""
    found = [c for c, d in s.designs.items() if d == design and (seat is None or c // 100 == seat)]
    if found:
        return found[0]
    c = s.decks[seat][-1]
    s.designs[c] = design
    return c


def avatar(s: TrialsState, seat: int, i: int = 0) -> int:
    return s.avatars[seat][i]


def _take(s: TrialsState, c: int) -> None:
    for z in ("decks", "hands", "discards", "exiles"):
        lst = getattr(s, z)[c // 100]
        if c in lst:
            lst.remove(c)
            return
    if c in s.host:
        fx.detach(s, c)
        s.discards[c // 100].remove(c)


def to_hand(s: TrialsState, design: str, seat: int = 0) -> int:
    c = cid(s, design, seat)
    _take(s, c)
    s.hands[seat].append(c)
    return c


def to_discard(s: TrialsState, design: str, seat: int = 0) -> int:
    c = cid(s, design, seat)
    _take(s, c)
    s.discards[seat].append(c)
    return c


def put_on(s: TrialsState, design: str, avatar_cid: int, ready: bool = True) -> int:
    """Attach a card straight from anywhere (no cost, no limits checked), ready by default."""
    seat = avatar_cid // 100
    c = cid(s, design, seat)
    _take(s, c)
    s.attached.setdefault(avatar_cid, []).append(c)
    s.host[c] = avatar_cid
    if not ready:
        s.exhausted.add(c)
    return c


def find(s: TrialsState, kind: str, *args) -> Action:
    """The legal action of `kind` whose args start with `args`."""
    for a in GAME.legal_actions(s):
        if a.kind == kind and tuple(a.args[:len(args)]) == tuple(args):
            return a
    raise AssertionError(f"no legal {kind}{args}: {[str(a) for a in GAME.legal_actions(s)]}")


def has(s: TrialsState, kind: str, *args) -> bool:
    return any(a.kind == kind and tuple(a.args[:len(args)]) == tuple(args)
               for a in GAME.legal_actions(s))


def do(s: TrialsState, kind: str, *args):
    return GAME.apply(s, find(s, kind, *args))


def answer_first(s: TrialsState) -> Action:
    """The first answer offered to the pending question: a scout takes the top card, effects
    that trigger together resolve in the order listed."""
    return GAME.legal_actions(s)[0]


def settle_stack(s: TrialsState, answer=answer_first) -> None:
    """Everyone lets the stack resolve; a question asked on the way gets `answer(s)` (a scout
    takes the top card; a One-Handed card to detach must be chosen by the test)."""
    while (s.stack or s.waiting) and s.phase != "over":
        if s.waiting is not None:
            assert s.waiting.kind != "detach", "the test must choose the One-Handed card that goes"
            GAME.apply(s, answer(s))
        else:
            GAME.apply(s, Action("decline"))


def after_triggers(s: TrialsState) -> None:
    """What triggered outside any action (a test destroyed a card, felled an Avatar) goes on the
    stack and resolves."""
    flow.go_on(s, [])
    settle_stack(s)


def play(s: TrialsState, c: int, on: int, targets=(), detach: int = -1) -> list:
    ev = GAME.apply(s, Action("play", (c, on, detach, tuple(targets), 0)))
    settle_stack(s)
    return ev
