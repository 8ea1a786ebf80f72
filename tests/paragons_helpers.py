"""Building Paragons positions for the rules tests: a game under way, cards fetched into hands,
boards and Hidden Piles, moves made by kind, chains let through."""

from __future__ import annotations

from tabletop.core import Action, Rng
from tabletop.games.paragons.engine.board import place
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import SEAT_ZONES, ParagonsState
from tabletop.games.paragons.engine.targets import player_target

WARRIOR, MAGE, RANGER = "warrior", "mage", "ranger"


def duel(classes=(WARRIOR, MAGE), seed: int = 3, best_of: int = 1, empty: bool = True) -> ParagonsState:
    """A pre-constructed game under way: mulligans kept, the first player's turn. `empty`:
    hands go back under the decks and the Pool is as dealt, so tests fetch what they need."""
    s = GAME.setup({"variant": "preconstructed", "classes": list(classes), "best_of": best_of},
                   seed, len(classes))
    while s.phase == "mulligan":
        do(s, "mulligan", ())
    if empty:
        for p in range(s.players):
            s.decks[p][:0] = s.hands[p]
            s.hands[p].clear()
            s.known[p].clear()
    return s


def do(s: ParagonsState, kind: str, *args) -> list:
    return GAME.apply(s, Action(kind, args))


def legal(s: ParagonsState, kind: str | None = None) -> list[Action]:
    return [a for a in GAME.legal_actions(s) if kind is None or a.kind == kind]


def has_move(s: ParagonsState, kind: str, *args) -> bool:
    return GAME.why_illegal(s, Action(kind, args)) is None


def why(s: ParagonsState, kind: str, *args) -> str | None:
    return GAME.why_illegal(s, Action(kind, args))


def let_resolve(s: ParagonsState) -> None:
    """Every seat asked lets the chain be, until it is empty or a choice is pending."""
    while s.prio >= 0 and s.pending is None and s.phase == "play":
        do(s, "decline")


def end_turn(s: ParagonsState) -> None:
    let_resolve(s)
    do(s, "end_turn")


def pt(seat: int) -> int:
    """A player as a target."""
    return player_target(seat)


def _zones(s: ParagonsState, p: int):
    own = [getattr(s, z)[p] for z in ("decks", "reserves", "discards", "hands", "hidden")]
    others = [getattr(s, z)[q] for q in range(s.players) if q != p
              for z in ("decks", "reserves", "discards")]
    return own + [s.neutral_deck, s.pool, s.layout] + others


def fetch(s: ParagonsState, p: int, design: str) -> int:
    """A card of that design out of wherever it waits (not the board), now player p's."""
    for zone in _zones(s, p):
        for c in zone:
            if s.designs[c] == design:
                zone.remove(c)
                for known in s.known:
                    if c in known:
                        known.remove(c)
                s.owner[c] = p
                return c
    raise LookupError(f"no {design} left to fetch")


def to_hand(s: ParagonsState, p: int, design: str) -> int:
    c = fetch(s, p, design)
    s.hands[p].append(c)
    return c


def to_hidden(s: ParagonsState, p: int, design: str) -> int:
    c = fetch(s, p, design)
    s.hidden[p].append(c)
    return c


def to_board(s: ParagonsState, p: int, design: str, space: int, fresh: bool = False) -> int:
    c = fetch(s, p, design)
    place(s, p, space, -1, c)
    if fresh:
        s.fresh.add(c)
    return c


def to_pool(s: ParagonsState, design: str) -> int:
    for zone in (s.neutral_deck,) + tuple(s.decks) + tuple(s.reserves):
        for c in zone:
            if s.designs[c] == design:
                zone.remove(c)
                s.pool.append(c)
                s.owner.pop(c, None)
                return c
    raise LookupError(design)


def every_card_once(s: ParagonsState) -> None:
    """Conservation: each card of the match lies in exactly one place; places agree."""
    where = sorted(c for cards in s.card_zones().values() for c in cards)
    assert where == sorted(s.designs), "a card was lost or duplicated"
    for p in range(s.players):
        for z in SEAT_ZONES:
            for c in getattr(s, z)[p]:
                assert s.owner.get(c) == p, (z, p, c)
        assert 0 <= s.mana[p] and s.life[p] <= 20
    assert s.at == {m: p * 8 + i for p, row in enumerate(s.spaces) for i, m in enumerate(row) if m >= 0}
    assert s.host == {c: m for m, cs in s.imbued.items() for c in cs}
    assert all(m in s.at for m in s.imbued)


def random_moves(s: ParagonsState, n: int, seed: int = 0) -> None:
    rng = Rng(seed)
    for _ in range(n):
        if GAME.to_act(s) is None:
            return
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))


def table_for(size: tuple[int, int], ratio: float, cache_dir):
    """The real Paragons presenter on a table of `size` device pixels at `ratio`:
    (scene, presenter)."""
    from tabletop.games.registry import plugin
    from tabletop.store.settings import Settings
    from tabletop.table.faces import FaceCache
    from tabletop.table.layout import Layout
    from tabletop.table.pgsetup import init_offscreen
    from tabletop.table.scene import Scene
    init_offscreen()
    scene = Scene(layout=Layout(), faces=FaceCache(cache_dir))
    scene.pace = 0
    scene.ratio = ratio
    p = plugin("paragons").presentation().make_presenter(scene, scene.faces, Settings(), ["You", "Bot"])
    scene.resize(*size)
    return scene, p


def _draw(s, scene, p, size) -> None:
    import pygame
    p.sync(GAME.view(s, 0), GAME.legal_actions(s), True, [])
    scene.render(pygame.Surface(size))


def drawn_at(until, size: tuple[int, int], ratio: float, cache_dir, seed: int = 1):
    """A best-of-one match played at random from `seed` until `until(state)` and seat 0 to act,
    synced and drawn by the real presenter on a table of `size` device pixels at `ratio`:
    (state, scene, presenter)."""
    s = GAME.setup(dict(GAME.default_options(2), best_of=1), seed, 2)
    rng = Rng(seed)
    while not (until(s) and GAME.to_act(s) == 0):
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    scene, p = table_for(size, ratio, cache_dir)
    _draw(s, scene, p, size)
    return s, scene, p


def draft_moments(size: tuple[int, int], ratio: float, cache_dir, seed: int = 1):
    """A best-of-one draft played at random from `seed`, drawn by the real presenter at each of
    seat 0's picks: yields (state, scene, presenter) there, until the build room."""
    from tabletop.games.paragons.engine.state import BUILD, DRAFT
    s = GAME.setup(dict(GAME.default_options(2), best_of=1), seed, 2)
    rng = Rng(seed)
    scene, p = table_for(size, ratio, cache_dir)
    while s.phase != BUILD:
        if s.phase == DRAFT and GAME.to_act(s) == 0:
            _draw(s, scene, p, size)
            yield s, scene, p
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
