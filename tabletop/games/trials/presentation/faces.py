"""Trials card faces, Fallen sides and the card back, drawn with Pillow from the card data.

A face: the border in the card's discipline colours (split down the middle for
two), the type sign at the top left and the energy cost in a blue gem at the
top right, the name, a picture panel with the discipline signs, Attack (or
Power) and HP, the subtypes, the generated rules text, and the discipline names
at the foot. An Avatar's Fallen side is the same frame gone to ash-grey with
its own name and text. Nothing here imports pygame or Qt.

Design space 300x420, drawn at 2x so the zoom stays crisp.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from tabletop.games.trials.engine.cards import SCHOOLS, Card, card, side_text
from tabletop.table import compact
from tabletop.table.facekeys import H, K, W, stamp
from tabletop.table.icons import paste_picture, picture_table
from tabletop.table.pil_text import fit_block, fit_line, font

FACE_VERSION = 3
PICTURES = picture_table(__package__)

DISCIPLINE_COLORS = {
    "chronomancy": (64, 156, 190), "pyromancy": (218, 92, 44),
    "brutality": (168, 52, 48), "chivalry": (222, 186, 80),
    "marksmanship": (92, 150, 72), "shadow": (92, 72, 140),
    "divinity": (236, 226, 170), "demonology": (120, 40, 86),
}
PARCHMENT = (246, 238, 220)
INK = (38, 32, 28)
MUTED = (112, 100, 88)
ENERGY = (52, 110, 210)
ATTACK = (64, 150, 70)
HEART = (200, 44, 52)
ASH = (118, 116, 120)
SCHOOL_OF = {d: s for s, pair in SCHOOLS.items() for d in pair}


def face_key(card_id: str, fallen: bool = False) -> str:
    # the icon and the card's data are in the key: a new picture or a retuned number is a new
    # face, never a stale one
    side = "fallen" if fallen else "front"
    return f"trials/card/{card_id}/{side}/{PICTURES[card_id]}/{_stamp(card_id)}/v{FACE_VERSION}"


@lru_cache(maxsize=None)
def _stamp(card_id: str) -> str:
    return stamp(card(card_id))


def back_key() -> str:
    return f"trials/back/v{FACE_VERSION}"


def _shade(c, k: float):
    if k >= 0:
        return tuple(round(v + (255 - v) * k) for v in c[:3])
    return tuple(round(v * (1 + k)) for v in c[:3])


def _grey(c, k: float = 0.85):
    g = sum(c[:3]) / 3
    return tuple(round(v * (1 - k) + g * k) for v in c[:3])


# --- signs --------------------------------------------------------------------------------------
def discipline_sign(d: ImageDraw.ImageDraw, disc: str, cx: float, cy: float, r: float, fill, line):
    """Each discipline's own simple sign, drawn from a few shapes."""
    lw = max(2, round(r / 9))
    if disc == "chronomancy":               # an hourglass in a ring
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=lw)
        d.polygon([(cx - r * .5, cy - r * .6), (cx + r * .5, cy - r * .6), (cx, cy),
                   (cx + r * .5, cy + r * .6), (cx - r * .5, cy + r * .6), (cx, cy)], fill=fill,
                  outline=line)
    elif disc == "pyromancy":               # a flame: a teardrop with a licking tip
        for k, col in ((1.0, fill), (0.55, line)):
            rr = r * k
            base = cy + r * 0.55
            pts = [(cx + math.sin(t) * rr * 0.6, base - rr * 0.45 + math.cos(t) * rr * 0.45)
                   for t in (math.pi / 2 + i * math.pi / 16 for i in range(17))]
            pts += [(cx - rr * 0.45, base - rr * 0.95), (cx - rr * 0.1, base - rr * 1.15),
                    (cx + rr * 0.05, base - rr * 1.6 * (1 if k == 1 else 0.9)),
                    (cx + rr * 0.3, base - rr * 1.05), (cx + rr * 0.6, base - rr * 0.5)]
            d.polygon(pts, fill=col)
    elif disc == "brutality":               # two crossed cleavers
        for s in (-1, 1):
            d.line([(cx - s * r * .8, cy + r * .8), (cx + s * r * .5, cy - r * .5)], fill=fill, width=lw * 2)
            d.polygon([(cx + s * r * .35, cy - r * .35), (cx + s * r * .95, cy - r * .95),
                       (cx + s * r * .95, cy - r * .25)], fill=fill, outline=line)
    elif disc == "chivalry":                # a heater shield with a cross
        d.polygon([(cx - r * .75, cy - r * .8), (cx + r * .75, cy - r * .8), (cx + r * .75, cy),
                   (cx, cy + r), (cx - r * .75, cy)], fill=fill, outline=line, width=lw)
        d.line([(cx, cy - r * .6), (cx, cy + r * .6)], fill=line, width=lw)
        d.line([(cx - r * .5, cy - r * .2), (cx + r * .5, cy - r * .2)], fill=line, width=lw)
    elif disc == "marksmanship":            # a target with an arrow
        for k in (1, .62, .25):
            d.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), outline=fill, width=lw)
        d.line([(cx, cy), (cx + r * 1.05, cy - r * 1.05)], fill=line, width=lw)
    elif disc == "shadow":                  # a crescent over a dagger point
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        d.ellipse((cx - r * .55, cy - r * 1.05, cx + r * 1.25, cy + r * .75), fill=line)
    elif disc == "divinity":                # a rayed sun
        for i in range(12):
            a = i * math.pi / 6
            d.line([(cx + math.cos(a) * r * .55, cy + math.sin(a) * r * .55),
                    (cx + math.cos(a) * r, cy + math.sin(a) * r)], fill=fill, width=lw)
        d.ellipse((cx - r * .45, cy - r * .45, cx + r * .45, cy + r * .45), fill=fill, outline=line)
    else:                                   # demonology: a horned circle
        d.ellipse((cx - r * .6, cy - r * .4, cx + r * .6, cy + r * .8), fill=fill, outline=line)
        for s in (-1, 1):
            d.polygon([(cx + s * r * .25, cy - r * .25), (cx + s * r * .95, cy - r),
                       (cx + s * r * .6, cy - r * .05)], fill=fill, outline=line)


def type_sign(d, kind: str, cx: float, cy: float, r: float, fill) -> None:
    """Avatar: a crown; Equipment: a sword; Ability: a four-point star."""
    if kind == "avatar":
        d.polygon([(cx - r, cy + r * .6), (cx - r, cy - r * .5), (cx - r * .5, cy), (cx, cy - r * .8),
                   (cx + r * .5, cy), (cx + r, cy - r * .5), (cx + r, cy + r * .6)], fill=fill)
    elif kind == "equipment":
        d.polygon([(cx - r * .18, cy + r * .35), (cx - r * .18, cy - r * .75), (cx, cy - r),
                   (cx + r * .18, cy - r * .75), (cx + r * .18, cy + r * .35)], fill=fill)
        d.rectangle((cx - r * .6, cy + r * .3, cx + r * .6, cy + r * .48), fill=fill)
        d.rectangle((cx - r * .12, cy + r * .48, cx + r * .12, cy + r), fill=fill)
    else:
        pts = []
        for i in range(8):
            a = i * math.pi / 4 - math.pi / 2
            rr = r if i % 2 == 0 else r * .32
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        d.polygon(pts, fill=fill)


def heart(d, cx: float, cy: float, r: float, fill, line=None) -> None:
    d.ellipse((cx - r, cy - r * .75, cx, cy + r * .25), fill=fill)
    d.ellipse((cx, cy - r * .75, cx + r, cy + r * .25), fill=fill)
    d.polygon([(cx - r * .97, cy - r * .12), (cx + r * .97, cy - r * .12), (cx, cy + r)], fill=fill)
    if line:
        d.arc((cx - r, cy - r * .75, cx, cy + r * .25), 150, 300, fill=line, width=max(1, round(r / 8)))


# --- the frame --------------------------------------------------------------------------------
def _border(img: Image.Image, discs: tuple[str, ...], fallen: bool) -> None:
    cols = [DISCIPLINE_COLORS[x] for x in discs]
    if fallen:
        cols = [_grey(c, .7) for c in cols]
    mask = Image.new("L", (W, H), 0)
    md = ImageDraw.Draw(mask)
    md.rounded_rectangle((0, 0, W - 1, H - 1), radius=24 * K, fill=255)
    left = Image.new("RGBA", (W, H), cols[0] + (255,))
    right = Image.new("RGBA", (W, H), cols[-1] + (255,))
    split = Image.linear_gradient("L").rotate(90).resize((W, H))
    split = split.point(lambda v: 255 if v > 136 else (0 if v < 120 else (v - 120) * 16))
    body = Image.composite(right, left, split)      # the mask is light on the right
    img.paste(body, (0, 0), mask)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=24 * K, outline=(20, 18, 16), width=2 * K)


def _picture(img: Image.Image, c: Card, box, fallen: bool) -> None:
    x0, y0, x1, y1 = box
    w, h = int(x1 - x0), int(y1 - y0)
    base = DISCIPLINE_COLORS[c.disciplines[0]]
    other = DISCIPLINE_COLORS[c.disciplines[-1]]
    if fallen:
        base, other = _grey(base, .8), _grey(other, .8)
    pic = Image.new("RGBA", (w, h))
    pd = ImageDraw.Draw(pic)
    for y in range(h):
        t = y / max(1, h - 1)
        col = tuple(round(a * (1 - t) + b * t) for a, b in zip(_shade(base, -.35), _shade(other, -.65)))
        pd.line([(0, y), (w, y)], fill=col)
    glow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(glow).ellipse((w * .2, h * .1, w * .8, h * .9), fill=120)
    glow = glow.filter(ImageFilter.GaussianBlur(w / 8))
    pic = Image.composite(Image.new("RGBA", (w, h), _shade(base, .35) + (255,)), pic, glow)
    # the card's own icon, lit in its first discipline's colour fading to its second's
    top, bottom = _shade(base, .6), _shade(other, .3)
    edge = _shade(base, -.75)
    if fallen:
        top, bottom, edge = _grey(top), _grey(bottom), _grey(edge)
    paste_picture(pic, PICTURES[c.id], (0, 0, w, h), top, bottom, edge)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=10 * K, fill=255)
    img.paste(pic, (int(x0), int(y0)), mask)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=10 * K, outline=(24, 20, 18), width=K)


def _gem(d, cx, cy, r, fill, text: str, px: int) -> None:
    d.ellipse((cx - r - 2 * K, cy - r - 2 * K, cx + r + 2 * K, cy + r + 2 * K), fill=(24, 22, 26))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    d.ellipse((cx - r * .7, cy - r * .8, cx + r * .3, cy - r * .1), fill=_shade(fill, .25))
    d.text((cx, cy + K), text, font=font(px, True), fill=(255, 255, 255), anchor="mm",
           stroke_width=K, stroke_fill=_shade(fill, -.6))


def compose_face(card_id: str, fallen: bool = False) -> Image.Image:
    c = card(card_id)
    side = c.fallen if fallen and c.fallen else c.front
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    _border(img, c.disciplines, fallen)
    d = ImageDraw.Draw(img)
    inner = (10 * K, 10 * K, W - 10 * K, H - 10 * K)
    paper = PARCHMENT if not fallen else (214, 210, 206)
    d.rounded_rectangle(inner, radius=16 * K, fill=paper)
    # the name band
    band = (16 * K, 16 * K, W - 16 * K, 58 * K)
    band_col = _shade(DISCIPLINE_COLORS[c.disciplines[0]], -.45)
    if fallen:
        band_col = (54, 52, 58)
    d.rounded_rectangle(band, radius=10 * K, fill=band_col)
    d.ellipse((20 * K, 19 * K, 54 * K, 53 * K), fill=_shade(band_col, .25))
    type_sign(d, c.type, 37 * K, 36 * K, 12 * K, (250, 236, 200))
    name_right = W - (62 if c.type != "avatar" else 22) * K
    fnt = fit_line(d, side.name, 21 * K, name_right - 62 * K, bold=True, serif=True, floor=11 * K)
    d.text((60 * K, 37 * K), side.name, font=fnt, fill=(250, 244, 228), anchor="lm")
    if c.type != "avatar":
        _gem(d, W - 38 * K, 37 * K, 19 * K, ENERGY, str(c.cost), 22 * K)
    # the picture
    _picture(img, c, (18 * K, 64 * K, W - 18 * K, 186 * K), fallen)
    d = ImageDraw.Draw(img)
    if fallen:
        d.rounded_rectangle((W / 2 - 58 * K, 70 * K, W / 2 + 58 * K, 96 * K), radius=8 * K,
                            fill=(30, 28, 32))
        d.text((W / 2, 83 * K), "FALLEN", font=font(16 * K, True), fill=(230, 222, 210), anchor="mm")
    # stats on the picture's lower corners: Attack or Power (green), HP (red heart)
    sy = 184 * K
    if side.power:
        _stat_box(d, 22 * K, sy, ATTACK, f"+{side.power}", "POWER")
    elif side.attack or c.type == "avatar":
        _stat_box(d, 22 * K, sy, ATTACK, str(side.attack), "ATTACK")
    if side.hp:
        heart(d, W - 48 * K, sy - 2 * K, 24 * K, HEART)
        d.text((W - 48 * K, sy - 4 * K), str(side.hp), font=font(21 * K, True), fill=(255, 255, 255),
               anchor="mm", stroke_width=K, stroke_fill=(90, 10, 20))
    # subtypes
    kind = {"avatar": "Avatar", "equipment": "Equipment", "ability": "Ability"}[c.type]
    subs = list(c.subtypes) + (["Fallen"] if fallen else [])
    line = kind + (" — " + " · ".join(subs) if subs else "")
    fnt = fit_line(d, line, 14 * K, W - 60 * K, bold=True, floor=9 * K)
    d.text((W / 2, 214 * K), line, font=fnt, fill=INK, anchor="mm")
    # the text box
    tb = (20 * K, 228 * K, W - 20 * K, 384 * K)
    d.rounded_rectangle(tb, radius=8 * K, fill=(255, 251, 240) if not fallen else (232, 228, 224),
                        outline=_shade(paper, -.25), width=K)
    body = side_text(side) or ("No effect." if fallen else "")
    if c.type == "avatar" and not fallen and c.fallen:
        body = (body + "\n" if body else "") + f"Falls to: {c.fallen.name}."
    fnt, lines, lh = fit_block(d, body, 16 * K, (tb[2] - tb[0] - 20 * K, tb[3] - tb[1] - 14 * K),
                               floor=9 * K)
    y = tb[1] + 9 * K
    for ln in lines:
        d.text((tb[0] + 10 * K, y), ln, font=fnt, fill=INK)
        y += lh
    # the foot: discipline names in their colours
    foot = " · ".join(x.upper() for x in c.disciplines)
    fnt = fit_line(d, foot, 13 * K, W - 60 * K, bold=True, floor=8 * K)
    d.text((W / 2, 399 * K), foot, font=fnt, fill=_shade(band_col, -.2) if not fallen else (70, 68, 72),
           anchor="mm")
    return img


def _stat_box(d, x, y, col, value: str, caption: str) -> None:
    d.rounded_rectangle((x, y - 22 * K, x + 52 * K, y + 18 * K), radius=10 * K, fill=col,
                        outline=_shade(col, -.5), width=K)
    d.text((x + 26 * K, y - 6 * K), value, font=font(22 * K, True), fill=(255, 255, 255), anchor="mm",
           stroke_width=K, stroke_fill=_shade(col, -.6))
    d.text((x + 26 * K, y + 11 * K), caption, font=font(8 * K, True), fill=(240, 250, 236), anchor="mm")


def compose_back() -> Image.Image:
    """Our own back: a deep indigo field, a gold eight-point star in rings, the school signs."""
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=24 * K, fill=(26, 24, 54), outline=(12, 10, 24),
                        width=2 * K)
    d.rounded_rectangle((12 * K, 12 * K, W - 12 * K, H - 12 * K), radius=16 * K, outline=(200, 164, 84),
                        width=3 * K)
    cx, cy = W / 2, H / 2
    for k, col in ((118, (60, 52, 110)), (96, (40, 36, 80)), (74, (70, 60, 130))):
        d.ellipse((cx - k * K, cy - k * K, cx + k * K, cy + k * K), fill=col, outline=(200, 164, 84),
                  width=2 * K)
    pts = []
    for i in range(16):
        a = i * math.pi / 8 - math.pi / 2
        rr = (70 if i % 2 == 0 else 28) * K
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    d.polygon(pts, fill=(226, 190, 100), outline=(120, 90, 30))
    for i, disc in enumerate(("chronomancy", "brutality", "shadow", "divinity")):
        x = W / 2 + (-1 if i % 2 == 0 else 1) * 96 * K
        y = H / 2 + (-1 if i < 2 else 1) * 150 * K
        discipline_sign(d, disc, x, y, 20 * K, (200, 164, 84), (26, 24, 54))
    return img


# --- the compact face a card on the table shows (the full face above is for the zoom) ---------------
TABLE_MIN_PX = compact.MIN_PX       # the smallest font on a face drawn on the table (design px)


def _colours(c, fallen: bool):
    base, other = DISCIPLINE_COLORS[c.disciplines[0]], DISCIPLINE_COLORS[c.disciplines[-1]]
    main = _shade(base, -.3)
    if fallen:
        base, other, main = _grey(base, .8), _grey(other, .8), (84, 82, 88)
    return base, other, main


def _stats(c, side, now: tuple[int, int] | None) -> tuple:
    """Attack (or Power) and HP: `now` (attack, HP left) as they stand in play, coloured where
    they differ from the printed numbers (a number as printed is dark: red and green say
    changed)."""
    atk, hp = now if now is not None else (side.attack, side.hp)
    stats = []
    if side.power:
        stats.append(compact.Stat("POW", f"+{side.power}", ATTACK))
    elif side.attack or c.type == "avatar":
        stats.append(compact.Stat("ATK", str(atk), INK, compact.changed(atk, side.attack)))
    if side.hp:
        stats.append(compact.Stat("HP", str(hp), INK, compact.changed(hp, side.hp)))
    return tuple(stats)


def table_key(card_id: str, fallen: bool, detail: str = "full", now: tuple[int, int] | None = None) -> str:
    """The key of the face a card shows on the table at `detail` (compact.detail_for), with the
    numbers it shows now: a changed number is a new face."""
    base = face_key(card_id, fallen)
    key = compact.key(base, detail == "full") if detail in ("full", "picture") else f"{base}/big{compact.VERSION}/{detail}"
    return key + (f"/now={now[0]},{now[1]}" if now is not None and detail != "picture" else "")


def compose_table(card_id: str, fallen: bool = False, detail: str = "full",
                  now: tuple[int, int] | None = None) -> Image.Image:
    """The face a card shows on the table: the compact face ("full"), its picture alone, or the
    big face's name and numbers."""
    if detail in ("full", "picture"):
        return compose_compact(card_id, fallen, detail == "full", now)
    c = card(card_id)
    side = c.fallen if fallen and c.fallen else c.front
    base, other, main = _colours(c, fallen)

    def picture(img, box):
        paste_picture(img, PICTURES[c.id], box, _shade(base, .6), _shade(other, .3), _shade(base, -.75))
    numbers = _stats(c, side, now) or ((compact.Stat("Cost", str(c.cost), ENERGY),) if c.type != "avatar" else ())
    return compact.compose_big(side.name if detail == "name" else None, main, _shade(main, -.5), picture, numbers)


def compose_compact(card_id: str, fallen: bool = False, text: bool = True,
                    now: tuple[int, int] | None = None) -> Image.Image:
    """Name, cost, Attack (or Power) and HP (`now`: as they stand in play), and the card's kind
    large; its text on the zoom. `text=False`: the picture only, for a pile's top card or a
    card on the stack (named beside it)."""
    c = card(card_id)
    side = c.fallen if fallen and c.fallen else c.front
    base, other = DISCIPLINE_COLORS[c.disciplines[0]], DISCIPLINE_COLORS[c.disciplines[-1]]
    main = _shade(base, -.3)
    if fallen:
        base, other, main = _grey(base, .8), _grey(other, .8), (84, 82, 88)

    def picture(img, box):
        top, bottom, edge = _shade(base, .6), _shade(other, .3), _shade(base, -.75)
        if fallen:
            top, bottom, edge = _grey(top), _grey(bottom), _grey(edge)
        paste_picture(img, PICTURES[c.id], box, top, bottom, edge)

    stats = _stats(c, side, now)
    kind = {"avatar": "Avatar", "equipment": "Equipment", "ability": "Ability"}[c.type]
    words = "Fallen" if fallen else (c.subtypes[0] if c.subtypes else kind)
    cost = (str(c.cost), ENERGY, "coin") if c.type != "avatar" else None
    paper = PARCHMENT if not fallen else (214, 210, 206)
    return compact.compose(side.name, main, _shade(main, -.5), picture, cost=cost, stats=tuple(stats),
                           words=words, paper=paper, ink=INK, text=text, base=face_key(card_id, fallen))
