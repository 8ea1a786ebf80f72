"""The hex zone on a real scene: hit testing by window pixels at several window sizes, the
reachable highlight and the drag path changing the pixels where they should, and drops
landing on hexes."""

import pytest

from tabletop.core.hexgrid import Hex, HexMap, hexagon, neighbours, reachable
from tabletop.table.faces import FaceCache
from tabletop.table.hexdemo import arena_map, demo_scene, drag_to
from tabletop.table.hexzone import HexBoard
from tabletop.table.intents import Click, Drop
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import make_target
from tabletop.table.scene import Scene
from tabletop.table.sprites import TokenSprite

SIZES = [(1920, 1080), (1280, 720), (1000, 900), (700, 1000)]


def click(scene, x, y):
    return scene.mouse_down(x, y, 1) + scene.mouse_up(x, y, 1)


def board_scene(size, pointy=True, tmp=None):
    layout = Layout.from_json({"zones": {"arena": {"rect": [300, 60, 1200, 900], "kind": "hex"}}})
    scene = Scene(layout=layout, faces=FaceCache(tmp))
    scene.resize(*size)
    board = HexBoard.in_zone(layout.zones["arena"], arena_map(), pointy=pointy)
    board.put_into(scene)
    return scene, board


def pixel(target, vp, point):
    x, y = vp.to_screen(*point)
    return tuple(target.get_at((round(x), round(y))))[:3]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("pointy", [True, False])
def test_clicks_land_on_the_hex_under_the_pointer(size, pointy, tmp_path):
    scene, board = board_scene(size, pointy, tmp_path)
    vp = scene.viewport
    px = board.pixels
    for h in hexagon(4):
        cx, cy = px.center(h)
        assert click(scene, *vp.to_screen(cx, cy)) == [Click(board.cell_id(h))]
        corners = px.corners(h)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            # just inside the edge (two window pixels): still this hex
            d = 2 / vp.scale / px.size
            ix, iy = cx + (mid[0] - cx) * (1 - d * 1.2), cy + (mid[1] - cy) * (1 - d * 1.2)
            assert board.hex_of(click(scene, *vp.to_screen(ix, iy))[0].target) == h, (h, i)
            # just past it: the neighbour across that edge, or the felt off the board
            ox, oy = cx + (mid[0] - cx) * (1 + d * 1.2), cy + (mid[1] - cy) * (1 + d * 1.2)
            out = click(scene, *vp.to_screen(ox, oy))[0].target
            across = board.hex_of(out)
            if across is None:
                assert out in (None, "arena") and not set(neighbours(h)) <= set(hexagon(4))
            else:
                assert across in neighbours(h)


def test_a_point_off_the_board_is_no_hex(tmp_path):
    scene, board = board_scene((1280, 720), tmp=tmp_path)
    x, y, w, h = board.sprite.rect
    assert board.hex_at(x + 5, y + 5) is None and board.hex_of("arena") is None
    assert board.hex_of("arena:9,9") is None and board.hex_of("other:0,0") is None
    assert board.hex_of("arena:1,-2") == Hex(1, -2)


def test_the_reachable_highlight_lights_those_hexes_only(tmp_path):
    scene, board = board_scene((1280, 720), tmp=tmp_path)
    target = make_target(1280, 720)
    scene.render(target)
    vp, px = scene.viewport, board.pixels
    # a point a little off centre, clear of the terrain emblems
    spot = lambda h: (px.center(h)[0] + px.size * 0.45, px.center(h)[1])   # noqa: E731
    before = {h: pixel(target, vp, spot(h)) for h in hexagon(4)}
    start = Hex(-3, 1)
    paths = reachable(start, 2, arena_map().hexes)
    board.show_moves("p", start, paths)
    assert scene.needs_redraw
    scene.render(target)
    after = {h: pixel(target, vp, spot(h)) for h in hexagon(4)}
    for h in hexagon(4):
        if h in paths:
            b, a = before[h], after[h]
            assert a != b and a[0] >= b[0] and a[2] <= b[2] + 2, (h, b, a)   # warmer, golden
        elif all(n not in paths for n in neighbours(h)):
            assert after[h] == before[h], h                                  # far away: untouched
    board.clear_moves()
    scene.render(target)
    assert {h: pixel(target, vp, spot(h)) for h in hexagon(4)} == before


def test_dragging_a_piece_draws_its_path_and_the_drop_names_the_hex(tmp_path):
    scene, board = demo_scene((1600, 900))
    target = make_target(1600, 900)
    vp, px = scene.viewport, board.pixels
    goal = Hex(1, -3)
    path = [Hex(-2, -1)] + board.paths[goal]
    # the middle of each path segment (not under the held piece)
    mids = [((px.center(a)[0] + px.center(b)[0]) / 2, (px.center(a)[1] + px.center(b)[1]) / 2)
            for a, b in zip(path[:-2], path[1:-1])]
    scene.render(target)
    before = [pixel(target, vp, m) for m in mids]
    assert board.shown_path() is None
    drag_to(scene, board, "c2", goal)
    assert scene.drop_hover == board.cell_id(goal)
    assert board.shown_path() == (path, True)
    scene.render(target)
    after = [pixel(target, vp, m) for m in mids]
    for b, a in zip(before, after):
        assert a != b and sum(a) > sum(b) + 60          # the ivory line is drawn there
    # the end hex is outlined in gold: a point on its rim is golden now
    rim = board.pixels.corners(goal, board.pixels.size * 0.13)
    edge_mid = ((rim[2][0] + rim[3][0]) / 2, (rim[2][1] + rim[3][1]) / 2)
    r, g, b = pixel(target, vp, edge_mid)
    assert r > 200 and g > 150 and b < 140
    # over a hex it cannot reach, the rim turns red and no line is drawn
    far = Hex(4, -4)
    x, y = vp.to_screen(*board.hex_center(far))
    scene.mouse_move(x, y)
    assert board.shown_path() == ([far], False)
    scene.render(target)
    rim = board.pixels.corners(far, board.pixels.size * 0.13)
    r, g, b = pixel(target, vp, ((rim[2][0] + rim[3][0]) / 2, (rim[2][1] + rim[3][1]) / 2))
    assert r > 180 and g < 130
    assert all(sum(pixel(target, vp, m)) < sum(a) for m, a in zip(mids, after))
    # the drop lands on the cell under the pointer
    x, y = vp.to_screen(*board.hex_center(goal))
    scene.mouse_move(x, y)
    out = scene.mouse_up(x, y, 1)
    drops = [i for i in out if isinstance(i, Drop)]
    assert len(drops) == 1 and drops[0].sprite_id == "c2" and board.hex_of(drops[0].target) == goal
    assert board.shown_path() is None                 # the drag is over


def test_hovering_a_reachable_hex_previews_the_path_without_a_drag(tmp_path):
    scene, board = demo_scene((1280, 720))
    vp = scene.viewport
    goal = Hex(-1, -1)
    scene.mouse_move(*vp.to_screen(*board.hex_center(goal)))
    assert board.shown_path() == ([Hex(-2, -1)] + board.paths[goal], True)
    scene.mouse_move(*vp.to_screen(*board.hex_center(Hex(4, 0))))    # not reachable: nothing
    assert board.shown_path() is None


def test_a_board_of_any_shape_fits_its_zone(tmp_path):
    small = HexMap(frozenset({Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(0, 1)}))
    layout = Layout.from_json({"zones": {"strip": {"rect": [100, 100, 600, 200], "kind": "hex"}}})
    scene = Scene(layout=layout, faces=FaceCache(tmp_path))
    board = HexBoard.in_zone(layout.zones["strip"], small)
    board.put_into(scene)
    scene.put(TokenSprite("t", x=0, y=0))
    for h, cell in board.cells.items():
        x, y, w, hgt = cell.rect
        assert 100 <= x and x + w <= 700 + 1e-6 and 100 <= y and y + hgt <= 300 + 1e-6
    target = make_target(800, 450)
    scene.render(target)                                # draws without a highlight or a path


def test_the_keyboard_steps_through_the_hexes_and_previews_paths(tmp_path):
    scene, board = demo_scene((1280, 720))
    seen = set()
    for _ in range(80):
        scene.key("tab")
        h = board.hex_of(scene.focus_id)
        if h is not None:
            seen.add(h)
            if h in board.paths:
                break
    assert h in board.paths and board.shown_path() == ([Hex(-2, -1)] + board.paths[h], True)
    assert scene.key("return") == [Click(board.cell_id(h))]


def test_a_path_set_by_the_presenter_is_drawn_on_the_wrapper_too(tmp_path):
    scene, board = board_scene((1280, 720), tmp=tmp_path)
    board.show_moves(None, Hex(0, -3), {})
    board.path = [Hex(1, -3), Hex(2, -3)]
    assert board.sprite.path == [Hex(1, -3), Hex(2, -3)] and scene.needs_redraw
    assert board.shown_path() == ([Hex(0, -3), Hex(1, -3), Hex(2, -3)], True)


def test_a_new_map_redraws_the_tiles(tmp_path):
    scene, board = board_scene((1280, 720), tmp=tmp_path)
    target = make_target(1280, 720)
    scene.render(target)
    vp, px = scene.viewport, board.pixels
    spot = (px.center(Hex(1, 1))[0] + px.size * 0.45, px.center(Hex(1, 1))[1])
    before = pixel(target, vp, spot)
    m = arena_map()
    board.hexmap = HexMap(m.hexes, dict(m.areas), {**m.terrain, Hex(1, 1): "water"})
    scene.render(target)
    after = pixel(target, vp, spot)
    assert after != before and after[2] > after[0]              # water is blue
