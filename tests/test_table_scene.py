"""The scene: input to intents, drag and drop, redraw bookkeeping and real pixels."""

import pytest
from PIL import Image

from tabletop.table.faces import FaceCache
from tabletop.table.intents import (ButtonPress, Click, DragStart, Drop, Hover, KeyPress,
                                    RightClick)
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import make_target
from tabletop.table.scene import Scene
from tabletop.table.sprites import ButtonSprite, CardSprite, LabelSprite, TokenSprite

RED = (210, 30, 40)
LAYOUT = {"zones": {
    "hand": {"rect": [0, 700, 1920, 380], "label": "Hand", "kind": "fan"},
    "pile": {"rect": [500, 0, 800, 500], "label": "Pile", "kind": "stack"},
}}


def solid(color):
    return lambda: Image.new("RGBA", (300, 420), color + (255,))


@pytest.fixture
def scene(tmp_path):
    s = Scene(layout=Layout.from_json(LAYOUT), faces=FaceCache(tmp_path))
    s.resize(1920, 1080)
    s.put(CardSprite("a", "test/red", solid(RED), x=100, y=750, draggable=True))
    s.put(CardSprite("b", "test/blue", solid((20, 40, 200)), x=700, y=100))
    return s


def of(kind, intents):
    return [i for i in intents if isinstance(i, kind)]


def drag(scene, start, end, steps=4):
    out = scene.mouse_down(*start, 1)
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k / steps
        y = start[1] + (end[1] - start[1]) * k / steps
        out += scene.mouse_move(x, y)
    return out + scene.mouse_up(*end, 1)


def settle(scene):
    for _ in range(600):
        if not scene.update(1 / 60):
            break


def test_click_without_movement(scene):
    assert scene.mouse_down(170, 850, 1) == []
    assert scene.mouse_up(171, 851, 1) == [Click("a")]
    scene.mouse_down(760, 200, 1)
    assert scene.mouse_up(760, 200, 1) == [Click("b")]
    scene.mouse_down(1200, 400, 1)  # empty part of a zone
    assert scene.mouse_up(1200, 400, 1) == [Click("pile")]
    scene.mouse_down(50, 600, 1)    # bare felt
    assert scene.mouse_up(50, 600, 1) == [Click(None)]


def test_small_jitter_is_still_a_click(scene):
    scene.mouse_down(170, 850, 1)
    assert of(DragStart, scene.mouse_move(174, 853)) == []  # 5 px: below the threshold
    assert scene.mouse_up(174, 853, 1) == [Click("a")]


def test_drag_onto_a_droppable_sprite_beats_the_zone(scene):
    scene.droppable({"b"})
    out = drag(scene, (170, 850), (760, 200))
    starts, drops = of(DragStart, out), of(Drop, out)
    assert starts == [DragStart("a")]
    assert out.index(starts[0]) < out.index(drops[0])
    assert drops == [Drop("a", "b", 760, 200)]
    # The piece followed the pointer: same grab offset as when it was picked up.
    assert (scene.get("a").x, scene.get("a").y) == (100 + 590, 750 - 650)


def test_drop_on_a_zone_when_the_sprite_is_not_a_candidate(scene):
    scene.droppable(set())
    out = drag(scene, (170, 850), (760, 200))
    assert of(Drop, out) == [Drop("a", "pile", 760, 200)]
    out = drag(scene, (695, 200), (1700, 300))  # the strip of "a" that "b" does not cover
    assert of(Drop, out)[0].target is None


def test_non_draggable_sprite_does_not_drag(scene):
    out = drag(scene, (760, 200), (1000, 300))
    assert of(DragStart, out) == [] and of(Drop, out) == []
    assert scene.get("b").x == 700


def test_cancel_drag_slides_back(scene):
    drag(scene, (170, 850), (900, 300))
    assert scene.get("a").x != 100
    scene.cancel_drag("a")
    assert scene.busy
    settle(scene)
    a = scene.get("a")
    assert (a.x, a.y) == (100, 750) and a.lift == 0


def test_accept_drag_leaves_it_to_the_presenter(scene):
    drag(scene, (170, 850), (900, 300))
    scene.accept_drag("a")
    scene.move("a", 600, 120)
    settle(scene)
    assert (scene.get("a").x, scene.get("a").y) == (600, 120)
    scene.cancel_drag("a")  # nothing pending: no effect
    settle(scene)
    assert scene.get("a").x == 600


def test_escape_cancels_a_drag(scene):
    scene.mouse_down(170, 850, 1)
    assert of(DragStart, scene.mouse_move(300, 700))
    out = scene.key("escape")
    assert of(Drop, out)[0].target is None
    settle(scene)
    assert scene.get("a").x == 100 and scene.dragging is None


def test_drag_in_a_letterboxed_window(scene):
    scene.resize(960, 1000)  # scale 0.5, bars of 230 px above and below
    out = drag(scene, (85, 230 + 425), (400, 230 + 100))
    drop = of(Drop, out)[0]
    assert drop.sprite_id == "a" and drop.target == "pile"
    assert (drop.vx, drop.vy) == pytest.approx((800, 200))


def test_right_click_and_hover(scene):
    assert scene.mouse_down(760, 200, 3) == [RightClick("b")]
    assert scene.mouse_move(760, 200) == [Hover("b")]
    assert scene.hover_id == "b" and scene.get("b").hovered
    assert scene.mouse_move(765, 205) == []
    assert scene.mouse_move(1800, 50) == [Hover(None)]
    assert scene.mouse_down(1800, 50, 3) == [RightClick(None)]


def test_button_press_and_disabled_button(scene):
    scene.put(ButtonSprite("go", "Go", x=1600, y=900))
    scene.put(ButtonSprite("no", "No", enabled=False, x=1600, y=1000, h=50))
    scene.mouse_down(1650, 920, 1)
    assert scene.get("go").pressed
    assert scene.mouse_up(1650, 920, 1) == [ButtonPress("go")]
    assert not scene.get("go").pressed
    scene.mouse_down(1650, 1020, 1)
    assert scene.mouse_up(1650, 1020, 1) == []


def test_keyboard_focus_and_activate(scene):
    scene.put(ButtonSprite("go", "Go", x=1600, y=900))
    scene.set_glow({"pile"})
    stops = []
    for _ in range(3):
        stops += [i.target for i in scene.key("tab")]
    assert set(stops) == {"a", "go", "pile"}
    while scene.focus_id != "go":
        scene.key("tab")
    assert scene.key("return") == [ButtonPress("go")]
    while scene.focus_id != "a":
        scene.key("shift+tab")
    assert scene.key("space") == [Click("a")]
    assert scene.key("f1") == [KeyPress("f1")]


def test_overlay_is_dismissed_by_the_next_click(scene):
    scene.overlay_card("test/red", solid(RED), caption="A red card.\nIt is red.")
    assert scene.overlay == "test/red"
    target = make_target(960, 540)
    scene.render(target)
    assert scene.mouse_down(10, 10, 1) == []
    assert scene.overlay is None
    assert scene.mouse_up(10, 10, 1) == []


def test_curtain_blocks_the_table(scene):
    scene.set_curtain("Pass the computer to Bea")
    assert scene.mouse_down(170, 850, 1) == [ButtonPress("curtain")]
    assert scene.mouse_move(300, 300) == []
    target = make_target(640, 360)
    scene.render(target)
    # Opaque: the red card is covered everywhere.
    sx, sy = scene.viewport.to_screen(175, 855)
    assert tuple(target.get_at((int(sx), int(sy))))[:3] != RED
    scene.set_curtain(None)
    assert scene.curtain is None


def test_render_draws_the_card_where_it_belongs(scene):
    target = make_target(960, 540)  # half size: everything scaled by 0.5
    scene.render(target)
    inside = target.get_at((int((100 + 75) * 0.5), int((750 + 105) * 0.5)))
    assert tuple(inside)[:3] == pytest.approx(RED, abs=3)
    felt = target.get_at((10, 300))
    assert felt.g > felt.r  # green baize, not card
    assert tuple(target.get_at((int(800 * 0.5), int(200 * 0.5))))[:3] == pytest.approx((20, 40, 200), abs=3)


def test_render_bytes_are_qt_rgb32(scene):
    target = make_target(200, 100)
    assert target.get_bitsize() == 32 and target.get_masks() == (0xFF0000, 0xFF00, 0xFF, 0)
    target.fill((10, 20, 30))
    raw = bytes(target.get_view("1"))
    assert len(raw) == 200 * 100 * 4
    assert raw[:3] == bytes([30, 20, 10])  # B, G, R on little-endian
    # After a render every pixel is 0xffRRGGBB, even where cards were alpha-blended.
    scene.render(target)
    view = target.get_view("1")
    raw = bytes(view)
    del view
    assert set(raw[3::4]) == {255}


def test_needs_redraw_tracks_changes(scene):
    target = make_target(640, 360)
    assert scene.needs_redraw
    scene.render(target)
    assert not scene.needs_redraw
    assert scene.update(1 / 60) is False and not scene.needs_redraw  # idle: nothing to paint
    scene.move("b", 400, 100)
    scene.update(1 / 60)
    assert scene.needs_redraw
    settle(scene)
    scene.render(target)
    assert not scene.needs_redraw
    scene.get("b").highlight = "select"  # a plain attribute change counts too
    assert scene.needs_redraw
    scene.render(target)
    scene.status = "Not your turn."
    assert scene.needs_redraw


def test_put_keeps_position_and_remove_forgets(scene):
    scene.put(CardSprite("b", "test/blue", solid((20, 40, 200)), x=0, y=0, badge="3"))
    assert (scene.get("b").x, scene.get("b").y) == (700, 100) and scene.get("b").badge == "3"
    scene.mouse_move(760, 200)
    scene.remove("b")
    assert scene.get("b") is None and scene.hover_id is None
    scene.clear()
    assert scene.sprites() == []


def test_z_order_and_hit(scene):
    scene.put(TokenSprite("t", x=120, y=760, z=5))
    assert [s.id for s in scene.sprites()] == ["a", "b", "t"]
    assert scene.sprite_at(150, 790).id == "t"
    assert scene.sprite_at(122, 762).id == "a"  # outside the round token's corner
    scene.get("t").visible = False
    assert scene.sprite_at(150, 790).id == "a"


def test_clipped_card_hits_only_its_half():
    card = CardSprite("c", "k", solid(RED), clip="left", x=0, y=0)
    assert card.hit(30, 100) and not card.hit(120, 100)


def test_label_measures_itself():
    label = LabelSprite("l", "Score: 12", 30, anchor="midtop", x=500, y=20)
    x, y, w, h = label.rect
    assert x + w / 2 == pytest.approx(500) and y == 20 and w > 50
    assert label.hit(500, 30)


def test_everything_renders(scene):
    from tabletop.table.demo import demo_scene
    demo = demo_scene()
    demo.set_thinking("Thinking…")
    demo.pulse("card0")
    demo.get("card3").flip = 0.3
    demo.get("card4").lift = 1
    demo.roll("d20", 12)
    demo.update(0.1)
    for size in ((1920, 1080), (1280, 800), (800, 450)):
        target = make_target(*size)
        demo.render(target)
        assert target.get_bounding_rect().size == size


def test_the_felt_and_zones_are_drawn_once_per_table_shape(tmp_path, monkeypatch):
    # a move repaints the table; rebuilding the felt and every zone panel at each paint cost
    # most of a move (issue 18). A stretchable table rebuilds them only when its shape changes
    from tabletop.table import chrome
    built = []
    real = chrome.build_static
    monkeypatch.setattr(chrome, "build_static", lambda *a, **k: built.append(1) or real(*a, **k))
    data = {"size": [1920, 1080], "stretch": True,
            "zones": {"top": {"rect": [0, 0, 1920, 540], "label": "Top"},
                      "low": {"rect": [0, 540, 1920, 540]}}}
    sc = Scene(layout=Layout.from_json(data), faces=FaceCache(tmp_path))
    target = make_target(1450, 1050)
    for _ in range(3):
        sc.render(target)
    assert len(built) == 1
    sc.render(make_target(1920, 1080))             # another shape: drawn again, once
    sc.render(make_target(1920, 1080))
    assert len(built) == 2


# --- the peek: a small card drawn readable beside itself -------------------------------------
def test_a_small_hovered_card_is_drawn_large_beside_itself_after_a_moment(scene):
    scene.put(CardSprite("small", "test/green", solid((30, 200, 60)), x=300, y=300, w=90, h=126))
    target = make_target(1920, 1080)
    scene.mouse_move(340, 360)
    assert scene.hover_id == "small"
    scene.peek("small", "test/green", solid((30, 200, 60)))
    assert scene.peeking is None                    # not at once: a sweep must not flash
    scene.update(0.2)
    assert scene.peeking is None
    scene.update(0.2)
    assert scene.needs_redraw and scene.peeking == "small"
    scene.render(target)
    # right of the card, half the table tall, inside the table, in the card's colours
    card = scene.get("small").screen_rect(scene.viewport)
    x, y = card.right + 60, card.centery
    assert tuple(target.get_at((x, y)))[:3] == (30, 200, 60)
    # the pointer moves on: the peek goes with it
    scene.mouse_move(1700, 100)
    assert scene.peeking is None
    scene.render(target)
    assert tuple(target.get_at((x, y)))[:3] != (30, 200, 60)


def test_no_peek_while_dragging_or_for_a_card_already_drawn_large(scene):
    from tabletop.table.chrome import peek_rect
    import pygame
    assert peek_rect(pygame.Rect(0, 0, 400, 560), 300 / 420, 1920, 1080) is None
    right_edge = peek_rect(pygame.Rect(1800, 500, 90, 126), 300 / 420, 1920, 1080)
    assert right_edge.right <= 1800 and right_edge.top >= 0 and right_edge.bottom <= 1080
    scene.mouse_move(170, 850)
    scene.peek("a", "test/red", solid(RED))
    scene.update(0.5)
    scene.mouse_down(170, 850, 1)
    scene.mouse_move(400, 600)
    assert scene.peeking is None


def test_the_next_match_on_an_equal_layout_reuses_the_felt(tmp_path, monkeypatch):
    """A new match builds a new scene and reads its layout afresh: equal zones on the same
    faces draw the felt once (13 ms a match saved); a changed zone draws it again."""
    from tabletop.table import chrome
    built = []
    real = chrome.build_static
    monkeypatch.setattr(chrome, "build_static", lambda *a: built.append(1) or real(*a))
    faces = FaceCache(tmp_path)
    data = {"zones": {"hand": {"rect": [100, 700, 1200, 300], "label": "Your hand"}}}
    target = make_target(960, 540)
    for _ in range(2):
        Scene(layout=Layout.from_json(data), faces=faces).render(target)
    assert len(built) == 1
    data["zones"]["hand"]["label"] = "Hand"
    Scene(layout=Layout.from_json(data), faces=faces).render(target)
    assert len(built) == 2


def test_switching_back_to_a_layout_reuses_its_felt_and_zones(scene, monkeypatch):
    """A game that switches layouts by phase (Pariah's shop) does not redraw the felt each
    time; each layout still shows its own zones."""
    from tabletop.table import chrome
    built = []
    real = chrome.build_static
    monkeypatch.setattr(chrome, "build_static", lambda *a: built.append(1) or real(*a))
    other = Layout.from_json({"zones": {"shop": {"rect": [100, 100, 600, 600], "label": "Shop"}}})
    first = scene.layout
    target = make_target(960, 540)
    frames = {}
    for layout in (first, other, first, other, first):
        scene.set_layout(layout)
        scene.render(target)
        frames.setdefault(id(layout), []).append(target.copy())
    assert len(built) == 2
    a, b = frames[id(first)][0], frames[id(other)][0]
    at = scene.viewport.to_screen(400, 400)
    assert tuple(a.get_at((int(at[0]), int(at[1])))) != tuple(b.get_at((int(at[0]), int(at[1]))))


def test_a_layouts_felt_outlives_the_cards_churn_through_memory(tmp_path, monkeypatch):
    """The felt and zones of the layouts a game switches between stay while many new pictures
    pass through the memory (at a ratio of 2 Pariah drew its felt again on most switches back,
    100 ms each, once the cards of a few rounds had pushed it out)."""
    import pygame
    from tabletop.table import chrome
    built = []
    real = chrome.build_static
    monkeypatch.setattr(chrome, "build_static", lambda *a: built.append(1) or real(*a))
    faces = FaceCache(tmp_path, memory_mb=16)
    first = Layout.from_json({"zones": {"hand": {"rect": [100, 700, 1200, 300], "label": "Hand"}}})
    other = Layout.from_json({"zones": {"shop": {"rect": [100, 100, 600, 600], "label": "Shop"}}})
    sc = Scene(layout=first, faces=faces)
    target = make_target(1920, 1080)
    for i in range(4):
        for layout in (first, other):
            sc.set_layout(layout)
            sc.render(target)
        for n in range(20):           # a round's new pictures: more than the memory holds
            faces.memo(("card", i, n), lambda: pygame.Surface((600, 840), pygame.SRCALPHA))
    assert len(built) == 2



@pytest.mark.parametrize("s", [0.6, 1.0, 2.0])
def test_a_status_pill_of_any_width_is_the_pill_drawn_whole(s):
    # each status line is a new width: its pill is cut from one drawn per height, its ends and
    # its middle stretched, and must be the same pixels as a pill drawn whole at that width
    import pygame

    from tabletop.table import chrome, paint
    from tabletop.table.card import with_shadow
    faces = FaceCache()
    h = round(24 * s) + round(18 * s)
    for w in (20, 2 * h, 3 * h + 7, 900):
        body = paint.rounded_rect((w, h), h / 2, chrome.PANEL, outline=(255, 255, 255, 40), width=max(1.0, s))
        whole = with_shadow(body, h * 2, False)
        cut = chrome._blank_pill(faces, w, h, s)
        assert pygame.image.tobytes(cut, "RGBA") == pygame.image.tobytes(whole, "RGBA"), w
