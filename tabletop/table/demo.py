"""A sample table for eyeballing the toolkit and for the benchmark.

    python -m tabletop.table.demo [out.png]
"""

from __future__ import annotations

import sys

from PIL import Image, ImageDraw, ImageFont

from tabletop.resources import font_path

from .layout import Layout
from .scene import Scene
from .sprites import (ButtonSprite, CardSprite, ChipStack, CounterSprite, DieSprite,
                      LabelSprite, TokenSprite)

SUITS = [((196, 62, 58), "♥"), ((40, 40, 48), "♠"), ((46, 120, 200), "♦"), ((52, 140, 84), "♣")]

DEMO_LAYOUT = {
    "size": [1920, 1080],
    "card_size": [150, 210],
    "zones": {
        "opponent": {"rect": [360, 40, 1200, 250], "label": "Opponent", "kind": "fan", "spacing": 60},
        "deck": {"rect": [90, 400, 230, 280], "label": "Deck", "kind": "stack"},
        "table": {"rect": [360, 330, 1200, 380], "label": "Table", "kind": "row"},
        "discard": {"rect": [1600, 400, 230, 280], "label": "Discard", "kind": "stack"},
        "hand": {"rect": [360, 750, 1200, 270], "label": "Your hand", "kind": "fan", "spacing": 96},
    },
}


def demo_face(n: int, size=(300, 420)) -> Image.Image:
    """A simple numbered card face: ivory, a coloured suit band, big rank."""
    color, _ = SUITS[n % 4]
    w, h = size
    img = Image.new("RGBA", size, (248, 243, 230, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, h * 0.16), fill=color)
    d.rectangle((w * 0.06, h * 0.2, w * 0.94, h * 0.94), outline=color, width=4)
    try:
        big = ImageFont.truetype(str(font_path(bold=True, serif=True)), int(h * 0.3))
        small = ImageFont.truetype(str(font_path(bold=True)), int(h * 0.07))
    except Exception:
        big = small = ImageFont.load_default(int(h * 0.1))
    d.text((w / 2, h * 0.57), str(n % 13 + 1), font=big, fill=color, anchor="mm")
    d.text((w * 0.08, h * 0.08), f"CARD {n}", font=small, fill=(255, 255, 255), anchor="lm")
    return img


def card(n: int, **kw) -> CardSprite:
    return CardSprite(f"card{n}", f"demo/card/{n}/v1", lambda n=n: demo_face(n), **kw)


def demo_scene() -> Scene:
    layout = Layout.from_json(DEMO_LAYOUT)
    scene = Scene(layout=layout)
    cw, ch = layout.card_size
    hand = layout.zones["hand"].positions(7, (cw, ch))
    for i, (x, y) in enumerate(hand):
        scene.put(card(i, x=x, y=y, z=i, draggable=True))
    for i, (x, y) in enumerate(layout.zones["opponent"].positions(6, (cw, ch))):
        scene.put(card(20 + i, face_up=False, x=x, y=y, z=i))
    for i, (x, y) in enumerate(layout.zones["deck"].positions(12, (cw, ch))):
        scene.put(card(40 + i, face_up=False, x=x, y=y, z=i))
    tx, ty = layout.zones["table"].positions(3, (cw, ch))[0]
    scene.put(card(8, x=tx, y=ty, highlight="select", badge="2"))
    scene.put(card(9, x=tx + 170, y=ty, angle=8))
    scene.put(card(10, x=tx + 340, y=ty, dim=True))
    scene.put(ChipStack("pot", 24, (196, 58, 52), x=1180, y=400))
    scene.put(ChipStack("stake", 6, (40, 110, 190), x=1300, y=400))
    scene.put(TokenSprite("tok", (232, 188, 70), "3", 34, x=1420, y=440, draggable=True))
    scene.put(DieSprite("d6", 6, 5, x=1190, y=590))
    scene.put(DieSprite("d20", 20, 17, (190, 60, 70), x=1290, y=590))
    scene.put(DieSprite("d10", 10, 9, (60, 90, 160), x=1390, y=590))
    scene.put(CounterSprite("score", 12, "Score", x=1640, y=760))
    scene.put(CounterSprite("chips", 48, "Chips", x=1640, y=860))
    scene.put(ButtonSprite("pass", "Pass", x=1640, y=980, w=120, h=56))
    scene.put(ButtonSprite("play", "Play cards", primary=True, x=1640, y=700, w=220, h=52))
    scene.put(LabelSprite("name", "Ada  ·  12 points", 30, x=90, y=980, bold=True))
    scene.set_glow({"discard", "table"})
    scene.status = "That card must follow suit: play a heart."
    return scene


def bench_scene(n: int = 60) -> Scene:
    """`n` face-up cards spread over the table, overlapping a little (the DESIGN.md figure)."""
    scene = Scene()
    for i in range(n):
        scene.put(CardSprite(f"b{i}", f"demo/card/{i % 52}/v1", lambda i=i: demo_face(i % 52),
                             x=60 + (i % 12) * 150, y=40 + (i // 12) * 200, z=i))
    return scene


def main(argv: list[str]) -> None:
    import pygame
    from .pgsetup import make_target
    out = argv[0] if argv else "/tmp/table_demo.png"
    scene = demo_scene()
    target = make_target(1920, 1080)
    scene.render(target)
    pygame.image.save(target, out)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
