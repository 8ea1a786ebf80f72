"""Hex geometry: distances, rows, line of sight (with the edge rule), reachable hexes and their
paths, rings, maps as JSON, and the pixel maths the table uses."""

import itertools
import json
import random

import pytest

from tabletop.core.hexgrid import (DIRECTIONS, Hex, HexMap, HexPixels, area, direction_between,
                                   distance, fit, hexagon, line, line_of_sight, line_traces,
                                   neighbours, path_to, ray, reachable, ring, same_row, slide)

O = Hex(0, 0)
BOARD = hexagon(4)


def bfs_distances(a, board, blocked=()):
    """Reference: plain breadth-first walking distances from `a` to every hex it can reach."""
    dist, frontier, d = {a: 0}, [a], 0
    while frontier:
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n in board and n not in blocked and n not in dist:
                    dist[n] = d + 1
                    nxt.append(n)
        frontier, d = nxt, d + 1
    return dist


def test_coordinates_and_neighbours():
    assert Hex(2, -3).s == 1
    assert len(set(neighbours(O))) == 6 and all(distance(O, n) == 1 for n in neighbours(O))
    for i, d in enumerate(DIRECTIONS):
        assert DIRECTIONS[(i + 3) % 6] == Hex(-d.q, -d.r)      # opposite directions
    assert Hex.from_json(Hex(3, -1).to_json()) == Hex(3, -1)


def test_distance_is_a_metric_and_matches_walking():
    hs = hexagon(3)
    plane = set(hexagon(7))
    for a in hs:
        walked = bfs_distances(a, plane)
        for b in hs:
            assert distance(a, b) == distance(b, a) == walked[b]
            assert (distance(a, b) == 0) == (a == b)
    for a, b, c in random.Random(1).sample(list(itertools.product(hs, repeat=3)), 300):
        assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance(Hex(-2, 0), Hex(2, -3)) == 4


def test_board_sizes_and_rings():
    assert len(hexagon(4)) == 61 and len(set(hexagon(4))) == 61
    for r in range(5):
        ring_r = ring(Hex(1, -2), r)
        assert len(ring_r) == max(1, 6 * r) and len(set(ring_r)) == len(ring_r)
        assert all(distance(Hex(1, -2), h) == r for h in ring_r)
        # consecutive hexes of a ring touch: it is walked in order
        if r:
            assert all(distance(ring_r[i], ring_r[(i + 1) % len(ring_r)]) == 1 for i in range(len(ring_r)))
    assert set(area(O, 2)) == {h for h in hexagon(5) if distance(O, h) <= 2}


def test_straight_rows():
    assert ray(O, 0, 3) == [Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert direction_between(O, Hex(0, -4)) == 2 and direction_between(Hex(0, -4), O) == 5
    assert direction_between(O, Hex(2, -1)) is None and direction_between(O, O) is None
    assert same_row(Hex(1, 1), Hex(-2, 4)) and not same_row(Hex(1, 1), Hex(2, 3))
    # a row is its own line
    for i in range(6):
        assert line(O, ray(O, i, 4)[-1]) == [O] + ray(O, i, 4)


def test_a_push_stops_before_a_statue_and_reports_the_shortfall():
    statue = Hex(3, 0)
    moved = slide(O, 0, 4, lambda h: h == statue or h not in BOARD)
    assert moved == [Hex(1, 0), Hex(2, 0)] and 4 - len(moved) == 2
    edge = slide(Hex(3, 0), 0, 3, lambda h: h not in BOARD)      # pushed off nothing: the edge
    assert edge == [Hex(4, 0)]


def test_lines_are_contiguous_and_as_long_as_the_distance():
    rng = random.Random(7)
    for _ in range(300):
        a, b = rng.choice(BOARD), rng.choice(BOARD)
        for trace in line_traces(a, b):
            assert trace[0] == a and trace[-1] == b and len(trace) == distance(a, b) + 1
            assert all(distance(trace[i], trace[i + 1]) == 1 for i in range(len(trace) - 1))


def test_line_of_sight_open_and_blocked():
    target = Hex(4, 0)
    assert line_of_sight(O, target, [])
    assert not line_of_sight(O, target, [Hex(2, 0)])              # a statue in the row
    assert line_of_sight(O, target, [Hex(2, -1)])                 # beside the row, not on it
    assert line_of_sight(O, target, [O, target])                  # the ends never block
    assert line_of_sight(O, Hex(1, 0), [Hex(1, 0)])               # adjacent: always seen
    # off-row line: O to (3, -1) crosses (1, 0) and (2, -1)
    assert not line_of_sight(O, Hex(3, -1), [Hex(2, -1)])
    assert not line_of_sight(O, Hex(3, -1), lambda h: h == Hex(1, 0))


def test_a_line_along_an_edge_is_blocked_only_by_both_sides():
    # O -> (1, -2) runs exactly along the edge between (0, -1) and (1, -1).
    a, b = O, Hex(1, -2)
    left, right = line_traces(a, b)
    assert left != right and {left[1], right[1]} == {Hex(0, -1), Hex(1, -1)}
    assert line_of_sight(a, b, [Hex(0, -1)])
    assert line_of_sight(a, b, [Hex(1, -1)])
    assert not line_of_sight(a, b, [Hex(0, -1), Hex(1, -1)])
    # the same in all six "diagonal" directions, and twice as far
    for i in range(6):
        d = DIRECTIONS[i] + DIRECTIONS[(i + 1) % 6]
        for k in (1, 2):
            b = d.scaled(k)
            t1, t2 = line_traces(O, b)
            sides = {t1[1], t2[1]}
            assert len(sides) == 2
            for s in sides:
                assert line_of_sight(O, b, [s])
            assert not line_of_sight(O, b, sides)


def test_line_of_sight_is_symmetric():
    rng = random.Random(3)
    for _ in range(200):
        blocks = set(rng.sample(BOARD, 8))
        a, b = rng.choice(BOARD), rng.choice(BOARD)
        assert line_of_sight(a, b, blocks) == line_of_sight(b, a, blocks)


def test_reachable_on_open_ground_is_the_area():
    got = reachable(O, 2, BOARD)
    assert set(got) == set(area(O, 2)) - {O}
    assert all(len(p) == distance(O, h) and p[-1] == h for h, p in got.items())


def test_reachability_goes_around_walls_with_shortest_paths():
    wall = {Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1)}     # a cup open to the west and north
    board = set(BOARD)
    got = reachable(O, 5, board, blocked=wall)
    assert len(got[Hex(2, 0)]) == 5                                  # round the wall, not 2 steps
    assert Hex(2, 0) not in reachable(O, 4, board, blocked=wall)
    assert not set(got) & wall
    walked = bfs_distances(O, board, wall)
    for h, p in got.items():
        assert len(p) == walked[h] <= 5                              # shortest
        steps = [O] + p
        assert all(distance(steps[i], steps[i + 1]) == 1 for i in range(len(p)))
        assert not set(p) & wall and set(p) <= board
    # every hex within 5 walking steps is there
    assert {h for h, d in walked.items() if 0 < d <= 5} == set(got)


def test_allies_can_be_crossed_but_not_ended_on():
    ally = Hex(1, 0)
    got = reachable(O, 2, BOARD, blocked=[Hex(1, -1), Hex(0, 1)], no_stop=[ally])
    assert ally not in got and Hex(2, 0) in got and got[Hex(2, 0)] == [ally, Hex(2, 0)]


def test_the_board_edge_stops_movement_and_path_to():
    got = reachable(Hex(4, 0), 1, BOARD)
    assert set(got) == {h for h in neighbours(Hex(4, 0)) if h in BOARD} and len(got) == 3
    assert path_to(O, O) == []
    assert path_to(O, Hex(3, 0), BOARD, blocked=ring(O, 1)) is None   # walled in
    assert len(path_to(Hex(-4, 0), Hex(4, 0), BOARD)) == 8


def test_maps_round_trip_through_json_and_check_their_areas():
    m = HexMap(frozenset(BOARD), {"deploy 1": frozenset(ring(Hex(0, 3), 1)[:5])},
               {Hex(0, 0): "statue", Hex(2, -1): "trap"})
    data = json.loads(json.dumps(m.to_json()))
    back = HexMap.from_json(data)
    assert back == HexMap(m.hexes, dict(m.areas), dict(m.terrain))
    assert back.terrain_of(O) == "statue" and back.with_terrain("trap") == {Hex(2, -1)}
    assert back.areas_of(ring(Hex(0, 3), 1)[0]) == ["deploy 1"] and len(back) == 61
    assert len(back.neighbours(Hex(4, 0))) == 3
    with pytest.raises(ValueError):
        HexMap(frozenset([O]), {"x": frozenset([Hex(5, 5)])})


@pytest.mark.parametrize("pointy", [True, False])
def test_pixels_round_trip_and_edges(pointy):
    px = HexPixels(37.5, (400, 300), pointy)
    for h in hexagon(4):
        cx, cy = px.center(h)
        assert px.hex_at(cx, cy) == h
        # just inside every corner and every edge midpoint, still the same hex
        cs = px.corners(h)
        for i in range(6):
            x, y = cs[i]
            mx, my = (cs[i][0] + cs[(i + 1) % 6][0]) / 2, (cs[i][1] + cs[(i + 1) % 6][1]) / 2
            for fx, fy in ((x, y), (mx, my)):
                assert px.hex_at(cx + (fx - cx) * 0.97, cy + (fy - cy) * 0.97) == h
            # just outside an edge midpoint: the neighbour across it
            out = px.hex_at(cx + (mx - cx) * 1.03, cy + (my - cy) * 1.03)
            assert distance(out, h) == 1


def test_fit_keeps_the_board_inside_the_rect_and_centred():
    rect = (100, 50, 800, 600)
    for pointy in (True, False):
        px = fit(BOARD, rect, pointy, margin=10)
        xs = [x for h in BOARD for x, _ in px.corners(h)]
        ys = [y for h in BOARD for _, y in px.corners(h)]
        assert min(xs) >= 110 - 1e-6 and max(xs) <= 890 + 1e-6
        assert min(ys) >= 60 - 1e-6 and max(ys) <= 640 + 1e-6
        assert abs((min(xs) + max(xs)) / 2 - 500) < 1e-6 and abs((min(ys) + max(ys)) / 2 - 350) < 1e-6
        # it fills one of the two dimensions
        assert max(xs) - min(xs) > 779 or max(ys) - min(ys) > 579
