"""Champions' Brawl card faces, composed by Pillow from the engine's data: action cards in their
core's colour (red destruction, yellow creation, blue manipulation) with the champion, the type,
movement, range, strength or shield and the engine's own text; champion cards (hit points,
defence, and either side: basic or levelled up); the back.

Faces are drawn at K times the 300x420 design size, so the zoom stays sharp; every key carries
the text's digest, so a cached face never outlives a change of wording.
"""

from __future__ import annotations

import math
import zlib

from PIL import Image, ImageDraw

from tabletop.games.brawl.engine.cards import Card, Champion, champions, range_text
from tabletop.table import compact, textfloor
from tabletop.table.facekeys import H, K, W
from tabletop.table.paint import card_back, mix
from tabletop.table.icons import paste_picture, picture_table
from tabletop.table.pil_text import fit_block, fit_line, font

FACE_VERSION = 3
PICTURES = picture_table(__package__)

CORE = {"red": (176, 46, 38), "yellow": (206, 156, 30), "blue": (40, 90, 176)}
CORE_WORD = {"red": "Destruction", "yellow": "Creation", "blue": "Manipulation"}
TYPE_WORD = {"attack": "Attack", "skill": "Skill", "reaction": "Reaction"}
PAPER = (250, 245, 232)
INK = (34, 30, 28)
MUTED = (110, 100, 90)
BOOT = (64, 150, 72)
BURST = (224, 176, 40)
STRENGTH = (196, 40, 36)
SHIELD = (70, 110, 170)
GOLD = (232, 196, 104)
BRONZE = (132, 96, 58)
# body text, design pixels: the largest tried and the floor. The side panel's zoom shows a face
# about 175 pixels wide at 1920x1080, so 19 design pixels read as 11 there (a test checks that
# every card's text fits at the floor or above).
TEXT_PX, TEXT_FLOOR = 21, 19
TEXT_BOX = (16, 256, 284, 406)


def _s(*v: float) -> tuple:
    return tuple(round(x * K) for x in v)


def _shade(c, k: float) -> tuple:
    if k >= 0:
        return tuple(round(x + (255 - x) * k) for x in c[:3])
    return tuple(round(x * (1 + k)) for x in c[:3])


# --- keys -------------------------------------------------------------------------------------------
def card_key(card: Card) -> str:
    text = zlib.crc32((card.text + range_text(card) + card.name).encode("utf-8"))
    return f"brawl/card/{card.champion}/{card.id}/{text:08x}/v{FACE_VERSION}"


def champion_key(champ: str, levelled: bool) -> str:
    ch = champions()[champ]
    text = zlib.crc32((ch.level_text + ch.level_title + ch.name).encode("utf-8"))
    return f"brawl/champion/{champ}/{int(levelled)}/{text:08x}/v{FACE_VERSION}"


# what a card's table face shows, by the room it has (logical px wide at 1280x720): its name
# and numbers from 75 px (compact.BIG_MIN_PX), the numbers alone from 55, else the picture alone
TABLE_SHOWS = ("name", "numbers", "picture")


def table_card_key(card: Card, shows: str = "name") -> str:
    """The key of a card's table face (`shows` one of TABLE_SHOWS)."""
    return f"{card_key(card)}/big{compact.VERSION}/{shows}"


def champion_table_key(champ: str, levelled: bool) -> str:
    return compact.key(champion_key(champ, levelled))


def back_key() -> str:
    return f"brawl/back/v{FACE_VERSION}"


# --- pieces of a face ---------------------------------------------------------------------------------
def _frame(col) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A rounded card in `col` with a lighter inner field."""
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=18 * K, fill=_shade(col, -.35), outline=(12, 10, 10),
                        width=2 * K)
    d.rounded_rectangle(_s(7, 7, 293, 413), radius=13 * K, fill=col)
    d.rounded_rectangle(_s(12, 60, 288, 408), radius=10 * K, fill=mix(col, PAPER, .82))
    return img, d


def _disc(d, cx, cy, r, fill, edge=(20, 16, 14)) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=max(2, K * 2))


def _number(d, cx, cy, text: str, px: int, fill=(255, 252, 240)) -> None:
    d.text((cx, cy), text, font=font(px * K, True), fill=fill, anchor="mm", stroke_width=K,
           stroke_fill=(20, 16, 14))


def _picture_field(img, d, box, col, icon: str) -> None:
    """The illustration: a radial wash of the core's colour behind the card's silhouette."""
    x0, y0, x1, y1 = _s(*box)
    field = Image.new("RGBA", (x1 - x0, y1 - y0))
    fd = ImageDraw.Draw(field)
    light, dark = _shade(col, .55), _shade(col, -.2)
    steps = 24
    for i in range(steps):
        t = i / steps
        inset = t * min(field.size) * .5
        fd.ellipse((-field.size[0] * .3 + inset * 1.6, -field.size[1] * .3 + inset,
                    field.size[0] * 1.3 - inset * 1.6, field.size[1] * 1.3 - inset),
                   fill=mix(dark, light, t))
    mask = Image.new("L", field.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, field.size[0] - 1, field.size[1] - 1), radius=8 * K, fill=255)
    img.paste(field, (x0, y0), mask)
    d.rounded_rectangle((x0, y0, x1, y1), radius=8 * K, outline=_shade(col, -.5), width=K)
    paste_picture(img, icon, (x0, y0, x1, y1), (255, 250, 236), _shade(col, .3), scale=.86)


def _fit(d, box, text: str, px: int, floor: int):
    x0, y0, x1, y1 = _s(*box)
    pad = 8 * K
    return fit_block(d, text, px * K, (x1 - x0 - 2 * pad, y1 - y0 - 2 * pad), floor=floor * K, leading=1.16)


def text_px(champ: str, index: int) -> float:
    """The design size a card's text is set at (it must not fall below TEXT_FLOOR)."""
    d = ImageDraw.Draw(Image.new("RGBA", (W, H)))
    c = champions()[champ].cards[index]
    fnt, lines, lh = _fit(d, TEXT_BOX, _body(c), TEXT_PX, TEXT_FLOOR - 1)
    return fnt.size / K


def _body(c: Card) -> str:
    return c.text if c.text else ("A plain blow: its strength less the target's defence." if c.type == "attack" else "")


def _text_box(d, box, text: str, px: int = TEXT_PX, floor: int = TEXT_FLOOR, fill=INK) -> None:
    x0, y0, x1, y1 = _s(*box)
    d.rounded_rectangle((x0, y0, x1, y1), radius=8 * K, fill=PAPER, outline=(150, 138, 118), width=K)
    if not text:
        return
    fnt, lines, lh = _fit(d, box, text, px, floor)
    top = y0 + (y1 - y0 - len(lines) * lh) / 2
    for i, line in enumerate(lines):
        d.text(((x0 + x1) / 2, top + i * lh + lh / 2), line, font=fnt, fill=fill, anchor="mm")


def stat_line(c: Card) -> str:
    """The card's numbers in words (the zoom's caption and the tooltips)."""
    parts = [TYPE_WORD[c.type]]
    if c.type != "reaction":
        parts.append(f"move {c.move}")
    if c.range != "self":
        parts.append(range_text(c))
    if c.type == "attack":
        parts.append(f"strength {c.strength}")
    if c.type == "reaction":
        parts.append(f"shield {c.shield}")
    return ", ".join(parts)


# --- an action card -----------------------------------------------------------------------------------
def compose_card(champ: str, index: int) -> Image.Image:
    c = champions()[champ].cards[index]
    ch = champions()[champ]
    col = CORE[c.core]
    img, d = _frame(col)
    # the title band: the type's emblem left, the name, the core's gem right
    d.rounded_rectangle(_s(10, 10, 290, 56), radius=10 * K, fill=_shade(col, -.5), outline=_shade(col, .3), width=K)
    _disc(d, *_s(34, 33), 20 * K, _shade(col, -.15), edge=GOLD)
    paste_picture(img, PICTURES[f"type:{c.type}"], _s(16, 15, 52, 51), (255, 248, 230), GOLD, scale=.9)
    fnt = fit_line(d, c.name, 21 * K, 196 * K, bold=True, serif=True, floor=13 * K)
    d.text((W / 2 + 2 * K, 33 * K), c.name, font=fnt, fill=(252, 246, 230), anchor="mm")
    _disc(d, *_s(268, 33), 13 * K, _shade(col, .25), edge=(250, 240, 210))
    d.ellipse(_s(262, 25, 270, 32), fill=_shade(col, .75))
    # the champion and the type, over the picture
    _picture_field(img, d, (18, 64, 282, 176), col, PICTURES[c.id])
    cap = f"{ch.name.split()[0]} · {TYPE_WORD[c.type]}"
    fnt = fit_line(d, cap, 15 * K, 170 * K, bold=True, floor=11 * K)
    d.rounded_rectangle(_s(60, 158, 240, 184), radius=10 * K, fill=_shade(col, -.45), outline=_shade(col, .3), width=K)
    d.text((W / 2, 171 * K), cap, font=fnt, fill=(250, 244, 228), anchor="mm")
    # the icons: movement (a boot), range (a burst), strength (red) or shield (blue)
    y = 210
    if c.type == "reaction":
        _disc(d, *_s(150, y), 24 * K, SHIELD, edge=(240, 236, 226))
        paste_picture(img, "shield", _s(128, y - 22, 172, y + 22), (210, 224, 246), (150, 176, 214), scale=.86)
        _number(d, 150 * K, y * K, str(c.shield), 22)
        d.text((W / 2, (y + 33) * K), "Shield", font=font(14 * K, True), fill=INK, anchor="mm")
    else:
        _disc(d, *_s(56, y), 22 * K, BOOT, edge=(240, 236, 226))
        paste_picture(img, PICTURES["move"], _s(37, y - 19, 75, y + 19), (210, 240, 200), (150, 200, 140), scale=.8)
        _number(d, 56 * K, y * K, str(c.move), 21)
        d.text((56 * K, (y + 32) * K), "Move", font=font(14 * K, True), fill=INK, anchor="mm")
        _disc(d, *_s(150, y), 22 * K, BURST, edge=(240, 236, 226))
        paste_picture(img, PICTURES[f"range:{c.range}"], _s(131, y - 19, 169, y + 19), (255, 246, 214),
                      (236, 206, 120), scale=.8)
        if c.range in ("direct", "indirect", "area"):
            _number(d, 150 * K, y * K, str(c.reach), 21)
        rw = {"melee": "Melee", "direct": "Direct", "indirect": "Indirect", "area": "Area", "self": "Self"}[c.range]
        if c.min:                   # a minimum range: the span, "Direct 2–5"
            rw += f" {c.min}–{c.reach}"
        d.text((150 * K, (y + 32) * K), rw, font=font(14 * K, True), fill=INK, anchor="mm")
        if c.type == "attack":
            _disc(d, *_s(244, y), 22 * K, STRENGTH, edge=(240, 236, 226))
            _number(d, 244 * K, y * K, str(c.strength), 24)
            d.text((244 * K, (y + 32) * K), "Strength", font=font(14 * K, True), fill=INK, anchor="mm")
        elif c.target == "ally":
            _disc(d, *_s(244, y), 22 * K, (90, 150, 110), edge=(240, 236, 226))
            paste_picture(img, "shaking-hands", _s(225, y - 19, 263, y + 19), (230, 250, 230), (170, 220, 180), scale=.82)
            d.text((244 * K, (y + 32) * K), "Ally", font=font(14 * K, True), fill=INK, anchor="mm")
    _text_box(d, TEXT_BOX, _body(c))
    return img


# --- the faces a card shows on the table (the full ones above are for the zoom) -------------------------
def table_numbers(c: Card) -> tuple:
    """A card's numbers in the full face's colours: movement, reach, strength or shield."""
    out = []
    if c.type != "reaction":
        out.append(compact.Stat("Move", str(c.move), BOOT))
    if c.range in ("direct", "indirect", "area"):
        out.append(compact.Stat("Reach", str(c.reach), _shade(BURST, -.25)))
    if c.type == "attack":
        out.append(compact.Stat("Strength", str(c.strength), STRENGTH))
    elif c.type == "reaction":
        out.append(compact.Stat("Shield", str(c.shield), SHIELD))
    return tuple(out)


def compose_table_card(champ: str, index: int, shows: str = "name") -> Image.Image:
    c = champions()[champ].cards[index]
    col = CORE[c.core]

    def picture(img, box):
        paste_picture(img, PICTURES[c.id], box, (255, 250, 236), _shade(col, .3), scale=.8)
    return compact.compose_big(c.name if shows == "name" else None, col, _shade(col, -.55), picture,
                               table_numbers(c) if shows != "picture" else ())


def compose_table_champion(champ: str, levelled: bool = False) -> Image.Image:
    ch: Champion = champions()[champ]
    col = (168, 128, 52) if levelled else BRONZE
    defence = ch.defence + (ch.level.n if levelled and ch.level.op == "sturdy" else 0)

    def picture(img, box):
        paste_picture(img, PICTURES[champ], box, (255, 250, 236), _shade(col, .3), scale=.86)
    return compact.compose(ch.level_title if levelled else ch.name, col, _shade(col, -.55), picture,
                           stats=(compact.Stat("HP", str(ch.hp), STRENGTH), compact.Stat("DEF", str(defence), SHIELD)))


# --- a champion card ----------------------------------------------------------------------------------
def compose_champion(champ: str, levelled: bool = False) -> Image.Image:
    ch: Champion = champions()[champ]
    col = (168, 128, 52) if levelled else BRONZE
    img, d = _frame(col)
    d.rounded_rectangle(_s(10, 10, 290, 56), radius=10 * K, fill=_shade(col, -.55), outline=GOLD, width=K)
    title = ch.level_title if levelled else ch.name
    fnt = fit_line(d, title, 22 * K, 260 * K, bold=True, serif=True, floor=13 * K)
    d.text((W / 2, 33 * K), title, font=fnt, fill=(252, 246, 230), anchor="mm")
    _picture_field(img, d, (18, 66, 282, 214), (190, 150, 90) if levelled else (120, 110, 100), PICTURES[champ])
    sub = f"{ch.name}, levelled up" if levelled else ch.title.capitalize()
    fnt = fit_line(d, sub, 15 * K, 240 * K, bold=True, floor=11 * K)
    d.rounded_rectangle(_s(40, 196, 260, 222), radius=10 * K, fill=_shade(col, -.45), outline=GOLD, width=K)
    d.text((W / 2, 209 * K), sub, font=fnt, fill=(250, 244, 228), anchor="mm")
    # hit points (a heart) and defence (a shield)
    y = 254
    paste_picture(img, "paw-heart", _s(46, y - 26, 98, y + 26), (236, 80, 80),
                  (170, 30, 40), scale=.96)
    _number(d, 72 * K, (y + 1) * K, str(ch.hp), 22)
    d.text((72 * K, (y + 34) * K), "Hit points", font=font(14 * K, True), fill=INK, anchor="mm")
    paste_picture(img, "shield", _s(202, y - 26, 254, y + 26), (200, 214, 236), (110, 130, 170), scale=.96)
    defence = ch.defence + (ch.level.n if levelled and ch.level.op == "sturdy" else 0)
    _number(d, 228 * K, (y + 1) * K, str(defence), 22)
    d.text((228 * K, (y + 34) * K), "Defence", font=font(14 * K, True), fill=INK, anchor="mm")
    paste_picture(img, PICTURES["crown"], _s(126, y - 22, 174, y + 22),
                  (255, 226, 120) if levelled else (200, 190, 170), (200, 150, 50) if levelled else (140, 130, 116))
    head = "Levelled up" if levelled else f"Level up, {ch.level_title}"
    _text_box(d, (18, 296, 282, 404), f"{head}: {ch.level_text[0].upper()}{ch.level_text[1:]}.", px=21)
    return img


# --- the back -------------------------------------------------------------------------------------------
def compose_back() -> Image.Image:
    """Our own back: a dusk-red field with a hex lattice, three core gems and the word BRAWL."""
    r = 22 * K
    dx, dy = r * math.sqrt(3), r * 1.5

    def hexes(fd) -> None:
        for row in range(-1, int(H / dy) + 2):
            for col in range(-1, int(W / dx) + 2):
                cx = col * dx + (dx / 2 if row % 2 else 0)
                cy = row * dy
                pts = [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
                       for i in range(6)]
                fd.polygon(pts, outline=(112, 50, 48))
    img = card_back((W, H), (92, 34, 36), (34, 12, 16), 18 * K, (12, 8, 8), 2 * K, hexes)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_s(12, 12, 288, 408), radius=14 * K, outline=GOLD, width=3 * K)
    cx, cy = W / 2, 186 * K
    for i, core in enumerate(("red", "yellow", "blue")):
        a = math.radians(-90 + 120 * i)
        gx, gy = cx + 56 * K * math.cos(a), cy + 56 * K * math.sin(a)
        _disc(d, gx, gy, 30 * K, CORE[core], edge=GOLD)
        d.ellipse((gx - 14 * K, gy - 20 * K, gx - 2 * K, gy - 8 * K), fill=_shade(CORE[core], .6))
    paste_picture(img, "crossed-swords", (cx - 44 * K, cy - 44 * K, cx + 44 * K, cy + 44 * K), GOLD, (170, 120, 40))
    d.rounded_rectangle(_s(50, 300, 250, 350), radius=10 * K, fill=(30, 12, 14), outline=GOLD, width=2 * K)
    with textfloor.ornament():          # the back's emblem, not words to read
        d.text((cx, 325 * K), "BRAWL", font=font(30 * K, True, True), fill=GOLD, anchor="mm")
    return img
