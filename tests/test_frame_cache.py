"""The frame cache (tabletop/table/frame.py) draws only what changed since the last frame; these
tests hold it to the whole table drawn afresh, pixel for pixel.

Every game plays a seeded match through its real presenter and scene, animations on: at each
position the table is drawn with the cache (one surface, frame after frame, as the widget
keeps it) and drawn whole (frame_cache off, a fresh surface), mid-animation and settled; and
every few moves the pointer hovers a card, drags a piece across the table (its targets
glowing) and lets it go, the thinking pill turns, a card is peeked at, one is zoomed, a lesson
lights a piece, a piece pulses and the keyboard moves its focus. At a device pixel ratio of 1
and of 2. The two pictures must be the same bytes each time."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops

from presenter_helpers import Refuses
from tabletop.core import Rng
from tabletop.games.registry import get_game, plugin
from tabletop.store.settings import Settings
from tabletop.table.card import CardSprite
from tabletop.table.faces import FaceCache
from tabletop.table.frame import FrameCache, Recorder, merge
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import init_offscreen, make_target
from tabletop.table.scene import Scene
from tabletop.table.session import TableSession

TABLE = (1200, 720)           # logical pixels of the table (a 1600x900 window's)
GAMES = [
    ("paargus", {}),
    ("trials", {}),
    ("pariah", {}),
    ("paragons", {"variant": "preconstructed", "best_of": 1}),
    ("paragons", {"best_of": 1}),                      # the draft room
    ("brawl", {}),                                     # the pick screen, then the arena
]
MOVES = {1: 36, 2: 18}        # at ratio 2 (four times the pixels) fewer moves, the same screens
BATTERY_EVERY = 6             # moves between two rounds of pointer, pill, peek and zoom


def _picture(surf: pygame.Surface) -> Image.Image:
    return Image.frombytes("RGB", surf.get_size(), pygame.image.tobytes(surf, "RGB"))


class Table:
    """A scene and presenter, with one surface drawn through the cache and the check."""

    def __init__(self, game_id: str, options: dict, ratio: float, tmp_path: Path):
        init_offscreen()
        self.game = get_game(game_id)
        self.scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
        self.scene.ratio = ratio
        self.scene.pace = 1.0
        self.size = (round(TABLE[0] * ratio), round(TABLE[1] * ratio))
        self.p = plugin(game_id).presentation().make_presenter(
            self.scene, self.scene.faces, Settings(), ["You", "Bot"])
        self.cached = make_target(*self.size)
        self.whole = make_target(*self.size)
        self.scene.resize(*self.size)
        self.state = self.game.setup(dict(self.game.default_options(2), **options), 5, 2)
        self.session = TableSession(self.scene, self.p, Refuses(), refresh=lambda: self.show([]))
        self.checks = 0
        self.partial = 0          # frames the cache drew in part (not whole)

    def show(self, events: list) -> None:
        g, s = self.game, self.state
        legal = g.legal_actions(s) if g.to_act(s) == 0 else []
        self.p.sync(g.view(s, 0), legal, bool(legal), events)
        if events:
            self.p.animate(events)

    def check(self, what: str) -> None:
        scene = self.scene
        scene.render(self.cached)
        if scene.repainted != [self.cached.get_rect()]:
            self.partial += 1
        scene.frame_cache = False
        scene.render(self.whole)          # every pixel drawn afresh (the felt first)
        scene.frame_cache = True
        self.checks += 1
        if self.cached.get_view("1").raw != self.whole.get_view("1").raw:
            box = ImageChops.difference(_picture(self.cached), _picture(self.whole)).getbbox()
            pytest.fail(f"{what}: the cached frame differs from the whole one in {box}")

    def tick(self, what: str, steps: int = 3, dt: float = 0.07) -> None:
        for i in range(steps):
            self.scene.update(dt)
            self.check(f"{what}, frame {i + 1}")

    def at(self, sprite) -> tuple[float, float]:
        r = sprite.screen_rect(self.scene.viewport)
        return (r.centerx, r.centery)

    # -- the moments a player sees -------------------------------------------------------
    def battery(self, when: str) -> None:
        scene, p = self.scene, self.p
        seen = [s for s in scene.sprites() if s.visible and s.w * s.h > 400]
        cards = [s for s in seen if isinstance(s, CardSprite)]
        pieces = [s for s in seen if s.draggable]
        # hover: the card lifts, its readable copy appears after a rest
        for card in cards[:2] + cards[-1:]:
            self.session.handle(scene.mouse_move(*self.at(card)))
            self.tick(f"{when}: hover on {card.id}", steps=2)
            z = p.zoom(card.id)
            if z is not None:
                scene.peek(card.id, z[0], z[1])
                self.tick(f"{when}: peek at {card.id}", steps=2, dt=0.2)
        self.session.handle(scene.mouse_leave())
        scene.peek(None)
        self.tick(f"{when}: pointer gone", steps=2)
        # a drag across the table, its targets glowing, let go and sliding home
        for piece in pieces[:1]:
            x, y = self.at(piece)
            self.session.handle(scene.mouse_down(x, y, 1))
            for k in range(1, 5):
                tx = x + (self.size[0] / 2 - x) * k / 4
                ty = y + (self.size[1] / 3 - y) * k / 4
                self.session.handle(scene.mouse_move(tx, ty))
                self.tick(f"{when}: dragging {piece.id}, step {k}", steps=1)
            self.session.handle(scene.mouse_up(tx, ty, 1))
            self.tick(f"{when}: {piece.id} let go", steps=3)
            if scene.dragging is not None:
                scene.cancel_drag(scene.dragging)
            scene.set_glow(set())
        # glowing targets pulse
        glow = [s.id for s in seen[:3]] + list(scene.layout.zones)[:2]
        scene.set_glow(glow)
        self.tick(f"{when}: glow on {glow}", steps=3, dt=0.25)
        scene.set_glow(set())
        # the bot thinks
        scene.set_thinking("Bot is thinking…")
        self.tick(f"{when}: thinking pill", steps=4, dt=0.09)
        scene.set_thinking(None)
        # a card zoomed over the table, then dismissed
        for card in cards[:1]:
            z = p.zoom(card.id)
            if z is not None:
                scene.overlay_card(z[0], z[1], "A card, large.\nIts words beside it.")
                self.check(f"{when}: overlay of {card.id}")
                scene.overlay_card(None)
                self.check(f"{when}: overlay gone")
        # a lesson's spotlight, a pulse, the keyboard's focus
        if seen:
            scene.set_spotlight([seen[len(seen) // 2].id])
            self.tick(f"{when}: spotlight", steps=1)
            scene.set_spotlight(None)
            scene.pulse(seen[-1].id)
            self.tick(f"{when}: pulse on {seen[-1].id}", steps=3, dt=0.1)
        scene.key("tab")
        self.check(f"{when}: focus on {scene.focus_id}")
        scene.key("tab")
        self.check(f"{when}: focus on {scene.focus_id}")
        scene.focus_id = None
        scene.status = "Your turn: play a card."
        self.check(f"{when}: status line")
        scene.status = None


@pytest.mark.parametrize("ratio", [1, 2])
@pytest.mark.parametrize("game_id, options", GAMES, ids=[f"{g}{'-' + next(iter(o.values())) if o.get('variant') else ''}{'-draft' if g == 'paragons' and not o.get('variant') else ''}" for g, o in GAMES])
def test_a_frame_drawn_in_part_is_the_frame_drawn_whole(game_id, options, ratio, tmp_path):
    t = Table(game_id, options, ratio, tmp_path)
    rng = Rng(7)
    t.show([])
    t.check("the first frame")
    for move in range(MOVES[ratio]):
        g, s = t.game, t.state
        if g.result(s) is not None:
            break
        if move % BATTERY_EVERY == 0:
            t.battery(f"move {move}")
        events = [e.for_seat(0) for e in g.apply(s, rng.choice(g.legal_actions(s)))]
        t.show(events)
        t.tick(f"move {move + 1} under way", steps=2, dt=0.08)
        for _ in range(60):
            if not t.scene.update(0.1):
                break
        t.check(f"move {move + 1} settled")
    # a thumbnail for Saved games is drawn bare into the same surface: the next frame mends it
    t.scene.render(t.cached, bare=True)
    t.scene.set_thinking("Bot is thinking…")
    t.check("after a bare thumbnail")
    assert t.checks > 50
    assert t.partial > t.checks // 2, "the cache hardly ever drew a frame in part"


# -- the parts ------------------------------------------------------------------------------

def test_the_recorder_takes_blits_only():
    """Drawing on the table other than by blit would bypass the record: it fails at once."""
    init_offscreen()
    rec = Recorder(make_target(200, 100))
    dot = pygame.Surface((10, 10), pygame.SRCALPHA)
    rec.blit(dot, (195, -4))
    rec.blit(dot, (500, 10))                        # off the table: nothing to record
    rec.blit(dot, (3.7, 2.2), pygame.Rect(-2, 0, 6, 6))
    assert [tuple(op[1]) for op in rec.ops] == [(195, -4, 10, 10), (5, 2, 4, 6)]
    with pytest.raises(TypeError):
        pygame.draw.circle(rec, (255, 0, 0), (20, 20), 5)
    with pytest.raises(AttributeError):
        rec.fill((0, 0, 0))


def test_no_drawing_on_the_table_but_blits():
    """Nothing in the toolkit or a game draws shapes straight onto the table's target."""
    root = Path(__file__).resolve().parents[1] / "tabletop"
    pattern = re.compile(r"pygame\.(draw|gfxdraw)\.\w+\(\s*target\b|\btarget\.(fill|set_at|scroll)\(")
    found = [f"{path.relative_to(root)}:{n}" for path in [*root.glob("table/*.py"), *root.glob("games/*/presentation/*.py")]
             for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert found == []


def test_a_changed_place_repaints_the_old_and_the_new_rectangle():
    init_offscreen()
    target = make_target(300, 200)
    base = make_target(300, 200)
    base.fill((10, 80, 60))
    card = pygame.Surface((40, 60), pygame.SRCALPHA)
    card.fill((200, 30, 30, 200))
    cache = FrameCache()
    rec = Recorder(target)
    rec.blit(card, (10, 10))
    assert cache.paint(target, base, rec.ops) == [target.get_rect()]
    rec = Recorder(target)
    rec.blit(card, (100, 50))
    assert sorted(map(tuple, cache.paint(target, base, rec.ops))) == [(10, 10, 40, 60), (100, 50, 40, 60)]
    rec2 = Recorder(target)
    rec2.blit(card, (100, 50))
    assert cache.paint(target, base, rec2.ops) == []           # nothing changed: nothing drawn
    card.set_alpha(120)
    rec3 = Recorder(target)
    rec3.blit(card, (100, 50))
    expected = base.copy()
    expected.blit(card, (100, 50))
    card.set_alpha(255)                  # as a sprite leaves it after a faded blit
    assert [tuple(r) for r in cache.paint(target, base, rec3.ops)] == [(100, 50, 40, 60)]
    assert target.get_at((120, 70)) == expected.get_at((120, 70)) != base.get_at((120, 70))
    assert target.get_at((20, 20)) == base.get_at((20, 20))      # where the card was first


def test_dirty_rectangles_join_and_turn_whole_when_large():
    full = pygame.Rect(0, 0, 100, 100)
    joined = merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 5, 5), pygame.Rect(5, 5, 10, 10)], full)
    assert sorted(map(tuple, joined)) == [(0, 0, 15, 15), (50, 50, 5, 5)]
    assert merge([pygame.Rect(-20, -20, 30, 30)], full) == [pygame.Rect(0, 0, 10, 10)]
    assert merge([pygame.Rect(0, 0, 80, 80)], full) == [full]
