"""A sample hex arena for eyeballing the hex zone (and a fixture for its tests).

    python -m tabletop.table.hexdemo [out.png]

Draws a 61-hex arena with two deployment areas, statues and traps, three champions a side,
the reachable hexes of one champion and the path it would walk while it is dragged.
"""

from __future__ import annotations

import sys

import pygame

from tabletop.core.hexgrid import Hex, HexMap, hexagon, reachable

from .hexzone import HexBoard
from .layout import Layout
from .pgsetup import make_target
from .scene import Scene
from .sprites import LabelSprite, TokenSprite

BLUE = (70, 130, 220)
RED = (210, 72, 60)

DEMO_LAYOUT = {
    "size": [1920, 1080],
    "zones": {
        "arena": {"rect": [420, 40, 1080, 960], "label": "", "kind": "hex", "hidden": True},
        "west": {"rect": [40, 140, 340, 800], "label": "Blue champions", "kind": "area"},
        "east": {"rect": [1540, 140, 340, 800], "label": "Red champions", "kind": "area"},
    },
}


def arena_map() -> HexMap:
    """61 hexes; a deployment area of 5 hexes per side; three statues and six traps."""
    hexes = frozenset(hexagon(4))
    deploy_1 = frozenset({Hex(-4, 0), Hex(-4, 1), Hex(-4, 2), Hex(-3, 0), Hex(-3, 1)})
    deploy_2 = frozenset({Hex(4, 0), Hex(4, -1), Hex(4, -2), Hex(3, 0), Hex(3, -1)})
    terrain = {Hex(0, 0): "statue", Hex(-1, -2): "statue", Hex(1, 2): "statue",
               Hex(-2, 3): "trap", Hex(2, -3): "trap", Hex(0, -3): "trap", Hex(0, 3): "trap",
               Hex(-2, 0): "trap", Hex(2, 0): "trap"}
    return HexMap(hexes, {"deploy 1": deploy_1, "deploy 2": deploy_2}, terrain)


def demo_scene(size: tuple[int, int] = (1920, 1080)) -> tuple[Scene, HexBoard]:
    layout = Layout.from_json(DEMO_LAYOUT)
    scene = Scene(layout=layout)
    scene.resize(*size)
    hexmap = arena_map()
    board = HexBoard.in_zone(layout.zones["arena"], hexmap, areas={"deploy 1": BLUE, "deploy 2": RED})
    board.put_into(scene)
    blue = {"c1": Hex(-3, 1), "c2": Hex(-2, -1), "c3": Hex(-4, 2)}
    red = {"c4": Hex(3, -1), "c5": Hex(1, -1), "c6": Hex(2, 1)}
    r = board.pixels.size * 0.62
    for team, color in ((blue, BLUE), (red, RED)):
        for cid, h in team.items():
            cx, cy = board.hex_center(h)
            scene.put(TokenSprite(cid, color=color, label=cid[1], radius=r, x=cx - r, y=cy - r,
                                  z=10, draggable=True))
    for i, (name, hp) in enumerate((("Ashka", "7/9"), ("Brannoc", "5/8"), ("Ilse", "6/6"))):
        scene.put(LabelSprite(f"bl{i}", f"{i + 1}  {name}  ·  {hp} HP", 28, color=(236, 230, 218),
                              x=70, y=210 + i * 60))
    for i, (name, hp) in enumerate((("Morrow", "8/8"), ("Vey", "3/7"), ("Tarquin", "9/10"))):
        scene.put(LabelSprite(f"rl{i}", f"{i + 4}  {name}  ·  {hp} HP", 28, color=(236, 230, 218),
                              x=1570, y=210 + i * 60))
    statues = hexmap.with_terrain("statue")
    enemies = set(red.values())
    allies = set(blue.values()) - {blue["c2"]}
    paths = reachable(blue["c2"], 4, hexmap.hexes, blocked=statues | enemies, no_stop=allies)
    board.show_moves("c2", blue["c2"], paths)
    scene.droppable(board.cell_ids())
    return scene, board


def drag_to(scene: Scene, board: HexBoard, piece: str, h: Hex) -> None:
    """Pick `piece` up and hold it over hex `h` (window pixels, as a player would)."""
    vp = scene.viewport
    sprite = scene.get(piece)
    scene.mouse_down(*vp.to_screen(*sprite.center))
    tx, ty = vp.to_screen(*board.hex_center(h))
    sx, sy = vp.to_screen(*sprite.center)
    for k in range(1, 9):
        scene.mouse_move(sx + (tx - sx) * k / 8, sy + (ty - sy) * k / 8)
    for _ in range(30):
        scene.update(1 / 60)


def main(argv: list[str]) -> None:
    out = argv[0] if argv else "/tmp/hex_demo.png"
    scene, board = demo_scene()
    drag_to(scene, board, "c2", Hex(1, -3))
    scene.status = "Brannoc moves up to 4 hexes: drop him on a lit hex."
    target = make_target(1920, 1080)
    scene.render(target)
    pygame.image.save(target, out)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
