"""Paragons card faces and the card back, drawn with Pillow from the card data.

A face: the frame in the class colour (neutral mercenaries: gold for Greater, charcoal steel
for Lesser, as the printed cards are), the mana cost in a gem at the top left, the name on a
dark band, a picture (a landscape of the card's own, seeded by its id, under the card's own
icon from pictures.json, drawn by tabletop.table.icons), the type line, the rules text (`card_text`, keywords and ability costs in
bold) shrunk to fit its box, and at the foot the attack with its combat mark (sword, arrow or
staff), the health in a heart, and the class name or "Neutral" (a neutral's type line says
Greater or Lesser). Nothing here imports pygame or Qt.

Design space 300x420, drawn at 2x so the zoom stays crisp.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from tabletop.games.paragons.engine.cards import CLASS_NAMES, Card, card, card_text
from tabletop.table import compact, textfloor
from tabletop.table.facekeys import H, K, W, stamp
from tabletop.table.paint import card_back, mix
from tabletop.table.icons import paste_picture, picture_table
from tabletop.table.pil_text import fit_line, font

FACE_VERSION = 3
PICTURES = picture_table(__package__)

# frame colours: the class colours of the rules (red, blue, green) and the two neutral tiers
FRAME = {
    "warrior": (168, 40, 36), "mage": (38, 84, 176), "ranger": (44, 122, 62),
    "greater": (206, 162, 64), "lesser": (78, 84, 94),
}
PARCHMENT = (244, 236, 218)
TEXT_PAPER = (252, 248, 238)
INK = (34, 30, 28)
MUTED = (116, 106, 96)
MANA = (46, 120, 222)
HEART = (198, 38, 48)
STEEL = (214, 220, 228)
GOLD = (232, 196, 104)

TYPE_NAMES = {"mercenary": "Mercenary", "spell": "Spell", "imbuement": "Imbuement",
              "enchantment": "Enchantment"}
COMBAT_NAMES = {"melee": "Melee", "ranged": "Ranged", "caster": "Caster"}

# the rules text: largest and smallest size tried (design pixels); below the floor it would be
# unreadable in the zoom, so every card's text must fit at or above it (tests check)
TEXT_PX, TEXT_FLOOR = 15, 10

# the boxes, in design pixels
NAME_BAND = (14, 14, 286, 52)
PICTURE = (18, 58, 282, 192)
TYPE_LINE = (30, 182, 270, 206)
TEXT_BOX = (18, 213, 282, 359)
TEXT_BOX_SPELL = (18, 213, 282, 384)
_PAD = 10                                   # inside the text box


def face_key(design: str) -> str:
    # a digest of the card's data and wording is in the key: a face cached on disk never
    # outlives a retuned number or a change of wording, and so is its icon, for the same reason
    return f"paragons/card/{design}/{_stamp(design)}/{PICTURES[design]}/v{FACE_VERSION}"


@lru_cache(maxsize=None)
def _stamp(design: str) -> str:
    """The digest of a design's data and wording (the cards are read once a process; the
    digest, taken afresh, was 4 ms of a move)."""
    c = card(design)
    return stamp((c, card_text(c)))


def back_key() -> str:
    return f"paragons/back/v{FACE_VERSION}"


def frame_colour(c: Card):
    return FRAME[c.tier or c.klass]


def _shade(c, k: float):
    """Lighter towards white (k > 0) or darker towards black (k < 0)."""
    if k >= 0:
        return tuple(round(v + (255 - v) * k) for v in c[:3])
    return tuple(round(v * (1 + k)) for v in c[:3])


def _s(*v: float):
    """Design pixels to drawing pixels."""
    return tuple(x * K for x in v)


# --- marks and emblems ------------------------------------------------------------------------
def _along(cx, cy, ang, length):
    """A function mapping (u, v) in weapon space (u along its length, tip at +0.5, in units of
    `length`) to the picture, the weapon centred on (cx, cy) and pointing at `ang` radians."""
    ca, sa = math.cos(ang), math.sin(ang)

    def at(u, v):
        return (cx + (u * ca - v * sa) * length, cy + (u * sa + v * ca) * length)
    return at


def sword(d, cx, cy, length, ang, fill, line, grip=(92, 58, 34)) -> None:
    """The Melee mark: a straight blade, cross-guard, grip and pommel."""
    at = _along(cx, cy, ang, length)
    lw = max(1, round(length / 110))
    d.polygon([at(-.14, -.055), at(.36, -.055), at(.5, 0), at(.36, .055), at(-.14, .055)],
              fill=fill, outline=line, width=lw)
    d.line([at(-.12, 0), at(.38, 0)], fill=_shade(fill, -.3), width=lw)
    d.polygon([at(-.2, -.2), at(-.14, -.2), at(-.14, .2), at(-.2, .2)], fill=GOLD, outline=line,
              width=lw)
    d.polygon([at(-.42, -.035), at(-.2, -.035), at(-.2, .035), at(-.42, .035)], fill=grip,
              outline=line, width=lw)
    px, py = at(-.46, 0)
    r = length * .055
    d.ellipse((px - r, py - r, px + r, py + r), fill=GOLD, outline=line, width=lw)


def arrow(d, cx, cy, length, ang, fill, line, shaft=(120, 84, 48)) -> None:
    """The Ranged mark: a shaft, a broad head and the fletching."""
    at = _along(cx, cy, ang, length)
    lw = max(1, round(length / 110))
    d.polygon([at(-.5, -.028), at(.32, -.028), at(.32, .028), at(-.5, .028)], fill=shaft,
              outline=line, width=lw)
    d.polygon([at(.26, -.11), at(.5, 0), at(.26, .11), at(.32, 0)], fill=fill, outline=line, width=lw)
    for s in (-1, 1):
        d.polygon([at(-.5, s * .026), at(-.45, s * .13), at(-.25, s * .13), at(-.3, s * .026)],
                  fill=(226, 226, 214), outline=line, width=lw)


def staff(d, cx, cy, length, ang, fill, line, wood=(118, 80, 44)) -> None:
    """The Caster mark: a long staff crowned with a glowing orb in two prongs."""
    at = _along(cx, cy, ang, length)
    lw = max(1, round(length / 110))
    d.polygon([at(-.5, -.03), at(.3, -.036), at(.3, .036), at(-.5, .03)], fill=wood, outline=line,
              width=lw)
    for s in (-1, 1):                        # the prongs holding the orb
        d.line([at(.28, s * .03), at(.33, s * .1), at(.42, s * .11), at(.47, s * .06)],
               fill=GOLD, width=max(2, round(length / 22)), joint="curve")
    ox, oy = at(.39, 0)
    for k, col in ((.13, _shade(fill, .55)), (.09, fill), (.045, (255, 255, 255))):
        r = length * k
        d.ellipse((ox - r, oy - r, ox + r, oy + r), fill=col)
    r = length * .09
    d.ellipse((ox - r, oy - r, ox + r, oy + r), outline=line, width=lw)


COMBAT_MARKS = {"melee": sword, "ranged": arrow, "caster": staff}


def combat_mark(d, combat: str, cx, cy, length, ang=-math.pi / 4, fill=STEEL, line=(30, 28, 34)):
    COMBAT_MARKS[combat](d, cx, cy, length, ang, fill, line)


def class_emblem(d, klass: str, cx, cy, r, fill, line) -> None:
    """A class's sign: Warrior a shield with a chevron, Mage an eight-point star, Ranger a leaf;
    the neutrals a coin (they fight for pay)."""
    lw = max(1, round(r / 9))
    if klass == "warrior":
        d.polygon([(cx - r * .8, cy - r * .85), (cx + r * .8, cy - r * .85), (cx + r * .8, cy - r * .05),
                   (cx, cy + r), (cx - r * .8, cy - r * .05)], fill=fill, outline=line, width=lw)
        d.line([(cx - r * .55, cy + r * .05), (cx, cy - r * .45), (cx + r * .55, cy + r * .05)],
               fill=line, width=lw * 2, joint="curve")
    elif klass == "mage":
        pts = []
        for i in range(16):
            a = i * math.pi / 8 - math.pi / 2
            rr = r if i % 4 == 0 else (r * .62 if i % 2 == 0 else r * .32)
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        d.polygon(pts, fill=fill, outline=line, width=lw)
    elif klass == "ranger":
        # x ~ sin|sin| closes in to a point at both tips, where a plain ellipse would be round
        pts = [(cx + math.sin(t) * abs(math.sin(t)) * r * .62, cy - math.cos(t) * r * .95)
               for t in (i * math.pi / 24 for i in range(48))]
        d.polygon(pts, fill=fill, outline=line, width=lw)
        d.line([(cx, cy - r * .8), (cx, cy + r * 1.05)], fill=line, width=lw)
        for k in (-.35, .05, .45):
            d.line([(cx, cy + k * r), (cx - r * .3, cy + (k - .28) * r)], fill=line, width=lw)
            d.line([(cx, cy + k * r), (cx + r * .3, cy + (k - .28) * r)], fill=line, width=lw)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=line, width=lw)
        d.ellipse((cx - r * .74, cy - r * .74, cx + r * .74, cy + r * .74), outline=line, width=lw)
        pts = []
        for i in range(10):
            a = i * math.pi / 5 - math.pi / 2
            rr = r * .5 if i % 2 == 0 else r * .2
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        d.polygon(pts, fill=line)


def hidden_eye(d, cx, cy, r, fill, line) -> None:
    """The Hidden sign: an eye with its lid half lowered, watching unseen."""
    lw = max(2, round(r / 7))
    d.chord((cx - r, cy - r * 1.1, cx + r, cy + r * .62), 0, 180, fill=fill)       # the lower lid
    d.ellipse((cx - r * .36, cy - r * .3, cx + r * .36, cy + r * .42), fill=line)   # the iris
    d.ellipse((cx - r * .12, cy - r * .02, cx + r * .12, cy + r * .22), fill=fill)
    d.rectangle((cx - r, cy - r * .7, cx + r, cy - r * .02), fill=line)            # the lid
    d.arc((cx - r, cy - r * 1.1, cx + r, cy + r * .62), 0, 180, fill=fill, width=lw)
    d.line([(cx - r * 1.02, cy - r * .02), (cx + r * 1.02, cy - r * .02)], fill=fill, width=lw)
    for k in (-.6, 0, .6):                   # the lashes of the lowered lid
        d.line([(cx + k * r, cy - r * .02), (cx + k * r * 1.15, cy - r * .36)], fill=fill, width=lw)


def heart(d, cx, cy, r, fill, line) -> None:
    lw = max(1, round(r / 10))
    pts = []
    for i in range(64):                      # the classic parametric heart, flipped for y down
        t = i * 2 * math.pi / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * r / 16, cy - y * r / 16 - r * .08))
    d.polygon(pts, fill=fill, outline=line, width=lw)
    d.ellipse((cx - r * .62, cy - r * .62, cx - r * .22, cy - r * .3), fill=_shade(fill, .35))


def mana_gem(d, cx, cy, r, value: str) -> None:
    """The cost: a faceted octagonal gem."""
    def ring(rr, rot=math.pi / 8):
        return [(cx + math.cos(i * math.pi / 4 + rot) * rr, cy + math.sin(i * math.pi / 4 + rot) * rr)
                for i in range(8)]
    d.polygon(ring(r + 3 * K), fill=(22, 22, 30))
    d.polygon(ring(r), fill=_shade(MANA, -.3))
    d.polygon(ring(r * .8), fill=MANA)
    outer, inner = ring(r), ring(r * .8)
    for i in range(8):                       # light from the top left on the bevel
        shade = .45 if i in (4, 5) else (.2 if i in (3, 6) else -.1 if i in (0, 1) else .05)
        d.polygon([outer[i], outer[(i + 1) % 8], inner[(i + 1) % 8], inner[i]], fill=_shade(MANA, shade))
    d.polygon([inner[4], inner[5], inner[6], (cx, cy - r * .1)], fill=_shade(MANA, .22))
    px = round(r * (1.15 if len(value) == 1 else .95))
    d.text((cx, cy + K), value, font=font(px, True), fill=(255, 255, 255), anchor="mm",
           stroke_width=2 * K, stroke_fill=(16, 34, 80))


# --- the rules text -----------------------------------------------------------------------------
# bold: the keyword line, an ability's cost ("Anytime, Exhaust, 2 mana:"), the combat reminders
# and "Combo:", so a player reading the zoom finds the parts that matter at a glance
_COST_LEAD = re.compile(r"^((?:Anytime|Exhaust|\d+ mana)(?:, (?:Anytime|Exhaust|\d+ mana))*"
                        r"|Caster|Ranged|Melee):")


def rules_runs(c: Card) -> list[list[tuple[str, bool]]]:
    """The rules text as paragraphs of (word, bold) runs."""
    text = c.text
    muted_melee = False
    if not text and c.combat == "melee":
        # a plain melee mercenary has no rules text; remind what its sword means
        text, muted_melee = "Melee: cannot attack from the back line past an ally in front.", True
    paras = []
    for i, para in enumerate(text.split("\n")):
        words = para.split()
        if i == 0 and c.keywords:
            # the keyword line; Hidden's reveal condition is read, not shouted
            cut = len(words)
            if c.hidden:
                cut = next((j for j, w in enumerate(words) if w.startswith("(")), cut)
                end = next((j for j, w in enumerate(words) if j >= cut and w.endswith(("),", ")."))),
                           cut - 1)
                paras.append([(w, j < cut or j > end) for j, w in enumerate(words)])
            else:
                paras.append([(w, True) for w in words])
            continue
        bold = set()
        m = _COST_LEAD.match(para)
        if m:
            bold |= set(range(len(m.group(0).split())))
        bold |= {j for j, w in enumerate(words) if w == "Combo:"}
        paras.append([(w, j in bold) for j, w in enumerate(words)])
    if muted_melee:
        paras = [[(w, b, "muted") for w, b in p] for p in paras]    # type: ignore[misc]
    return paras


@dataclass(frozen=True)
class TextFit:
    """How a card's rules text sits in its box: the size chosen, its lines of runs, the line
    height, and whether it fits (at the floor a text that still overflows does not)."""
    px: int
    lines: tuple                             # ((words of (text, bold[, muted])...), para_end)...
    line_height: float
    height: float
    box: tuple[float, float, float, float]
    fits: bool


def _wrap_runs(d, para, px: int, width: float):
    reg, bold = font(px * K), font(px * K, True)
    space = d.textlength(" ", font=reg)
    lines, cur, x = [], [], 0.0
    for run in para:
        w = d.textlength(run[0], font=bold if run[1] else reg)
        if cur and x + space + w > width:
            lines.append(tuple(cur))
            cur, x = [], 0.0
        x += (space if cur else 0) + w
        cur.append(run)
    lines.append(tuple(cur))
    return lines


def fit_rules(c: Card, d: ImageDraw.ImageDraw | None = None) -> TextFit:
    """The largest size from TEXT_PX down to TEXT_FLOOR at which the rules text fits its box."""
    d = d or ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    box = _s(*(TEXT_BOX if c.is_merc else TEXT_BOX_SPELL))
    width = box[2] - box[0] - 2 * _PAD * K
    room = box[3] - box[1] - 2 * _PAD * K * .8
    paras = rules_runs(c)
    for px in range(TEXT_PX, TEXT_FLOOR - 1, -1):
        lh = px * K * 1.24
        gap = lh * .35                       # a little air between paragraphs
        lines = []
        for para in paras:
            wrapped = _wrap_runs(d, para, px, width)
            lines += [(ln, i == len(wrapped) - 1) for i, ln in enumerate(wrapped)]
        height = len(lines) * lh + gap * (len(paras) - 1)
        if height <= room:
            return TextFit(px, tuple(lines), lh, height, box, True)
    return TextFit(TEXT_FLOOR, tuple(lines), lh, height, box, False)


def _draw_rules(d, c: Card) -> TextFit:
    fit = fit_rules(c, d)
    x0, y0, x1, y1 = fit.box
    reg, bold = font(fit.px * K), font(fit.px * K, True)
    space = d.textlength(" ", font=reg)
    # short texts sit in the middle of the box rather than hugging its top
    y = y0 + max(_PAD * K * .8, (y1 - y0 - fit.height) / 2)
    gap = fit.line_height * .35
    for ln, para_end in fit.lines:
        x = x0 + _PAD * K
        widths = [d.textlength(r[0], font=bold if r[1] else reg) for r in ln]
        if len(fit.lines) <= 2:              # one or two lines look best centred
            x = (x0 + x1) / 2 - (sum(widths) + space * (len(ln) - 1)) / 2
        for run, w in zip(ln, widths):
            col = MUTED if len(run) > 2 else INK
            d.text((x, y), run[0], font=bold if run[1] else reg, fill=col)
            x += w + space
        y += fit.line_height + (gap if para_end else 0)
    return fit


# --- the frame and the picture --------------------------------------------------------------------
def _frame(c: Card) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    col = frame_colour(c)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    body = Image.new("RGBA", (W, H))
    bd = ImageDraw.Draw(body)
    for y in range(0, H, 2):                 # light at the top, deeper at the foot
        t = y / H
        bd.rectangle((0, y, W, y + 2), fill=_shade(col, .12 - .45 * t) if t < .27
                     else _shade(col, -.05 - .3 * t))
    if c.tier == "greater":                  # gold leaf: a sheen across the frame
        sheen = Image.linear_gradient("L").rotate(-35, expand=False).resize((W, H))
        sheen = sheen.point(lambda v: max(0, 110 - abs(v - 128) * 3))
        body = Image.composite(Image.new("RGBA", (W, H), (255, 240, 190, 255)), body, sheen)
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, W - 1, H - 1), radius=20 * K, fill=255)
    img.paste(body, (0, 0), mask)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=20 * K, outline=(16, 14, 14), width=2 * K)
    d.rounded_rectangle(_s(6, 6, 294, 414), radius=16 * K, outline=_shade(col, .35), width=K)
    d.rounded_rectangle(_s(10, 10, 290, 410), radius=13 * K, fill=PARCHMENT,
                        outline=_shade(col, -.5), width=K)
    return img, d


def _seed(c: Card) -> random.Random:
    return random.Random(zlib.crc32(c.id.encode("utf-8")))


def _picture(img: Image.Image, c: Card) -> None:
    """A landscape of the card's own under the card's icon."""
    x0, y0, x1, y1 = _s(*PICTURE)
    w, h = int(x1 - x0), int(y1 - y0)
    col = frame_colour(c)
    rnd = _seed(c)
    sky_top, sky_low = _shade(col, .5), _shade(mix(col, (255, 214, 160), .35), .62)
    if c.tier == "lesser":
        sky_top, sky_low = (150, 162, 180), (222, 214, 200)
    if c.hidden:                             # Hidden cards wait at dusk
        sky_top = _shade(mix(col, (40, 30, 70), .55), -.25)
        sky_low = _shade(mix(col, (120, 80, 120), .5), .1)
    pic = Image.new("RGBA", (w, h))
    pd = ImageDraw.Draw(pic)
    for y in range(h):
        pd.line([(0, y), (w, y)], fill=mix(sky_top, sky_low, y / (h - 1)))
    # the light behind the emblem
    glow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(glow).ellipse((w * .26, h * .08, w * .74, h * .84), fill=150 if not c.hidden else 90)
    glow = glow.filter(ImageFilter.GaussianBlur(w / 14))
    pic = Image.composite(Image.new("RGBA", (w, h), (255, 250, 232, 255)), pic, glow)
    pd = ImageDraw.Draw(pic)
    if c.klass == "mage":                    # the Mage's sky is full of stars
        for _ in range(rnd.randint(9, 14)):
            sx, sy, sr = rnd.uniform(.03, .97) * w, rnd.uniform(.04, .42) * h, rnd.uniform(1.2, 3) * K
            star = _shade(sky_top, .75)
            for a, b in ((sr * .5, sr * 2), (sr * 2, sr * .5)):      # a thin four-point twinkle
                pd.polygon([(sx, sy - b), (sx + a, sy), (sx, sy + b), (sx - a, sy)], fill=star)
    # three ridges of hills, far to near, each its own seeded line; on them the class's country
    for k, (base, amp, dark) in enumerate(((.62, .2, .22), (.76, .14, .42), (.9, .08, .62))):
        ground = mix(_shade(col, -dark), sky_low, .45 - k * .15)
        phase, freq = rnd.uniform(0, 6.28), rnd.uniform(1.2, 2.6)
        pts = [(0, h)]
        for i in range(41):
            x = w * i / 40
            yy = h * (base - amp * (.5 + .5 * math.sin(phase + freq * i / 40 * 6.28))
                      * (.7 + .3 * math.sin(phase * 2 + i / 3)))
            pts.append((x, yy))
        pts.append((w, h))
        pd.polygon(pts, fill=ground)
        _country(pd, c, k, pts, w, h, ground, rnd)
    # the card's own icon in its frame colour, deep enough to stand out of the pale sky and glow
    paste_picture(pic, PICTURES[c.id], (0, 0, w, h * .94), _shade(col, .15), _shade(col, -.4),
                  _shade(col, -.82))
    if c.hidden:
        pd = ImageDraw.Draw(pic)
        r = 17 * K
        ex, ey = w - r - 8 * K, r + 8 * K
        pd.ellipse((ex - r - 2 * K, ey - r - 2 * K, ex + r + 2 * K, ey + r + 2 * K), fill=(24, 18, 36),
                   outline=GOLD, width=K)
        hidden_eye(pd, ex, ey + 3 * K, r * .72, (226, 214, 240), (24, 18, 36))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=8 * K, fill=255)
    img.paste(pic, (int(x0), int(y0)), mask)
    ImageDraw.Draw(img).rounded_rectangle((x0, y0, x1, y1), radius=8 * K, outline=_shade(col, -.6),
                                          width=K)


def _ridge_y(pts, x: float) -> float:
    """The height of a ridge line (its points spaced evenly across, ends at the foot) at x."""
    line = pts[1:-1]
    step = line[1][0] - line[0][0]
    i = min(len(line) - 2, max(0, int(x // step)))
    t = (x - line[i][0]) / step
    return line[i][1] + (line[i + 1][1] - line[i][1]) * t


def _side_x(rnd, w: float) -> float:
    """A place left or right of the emblem, which owns the middle of the picture."""
    return w * (rnd.uniform(.07, .28) if rnd.random() < .5 else rnd.uniform(.72, .93))


def _country(d, c: Card, ridge: int, pts, w, h, ground, rnd) -> None:
    """What stands on a ridge: a Warrior's keep, a Ranger's pines, a Greater mercenary's distant
    city, a Lesser one's camp of tents; the Mage has its stars in the sky instead."""
    dark = _shade(ground, -.25)
    if c.klass == "warrior" and ridge == 0:
        x = _side_x(rnd, w)
        y = _ridge_y(pts, x) + 3 * K
        tw, th = 13 * K, 34 * K
        d.rectangle((x - tw / 2, y - th, x + tw / 2, y), fill=dark)
        for j in range(3):                   # battlements
            bx = x - tw / 2 + j * tw / 2.5
            d.rectangle((bx, y - th - 4 * K, bx + tw / 5, y - th), fill=dark)
        d.line([(x, y - th - 4 * K), (x, y - th - 16 * K)], fill=dark, width=K)
        d.polygon([(x, y - th - 16 * K), (x + 10 * K, y - th - 13 * K), (x, y - th - 10 * K)],
                  fill=_shade(FRAME["warrior"], .1))
    elif c.klass == "ranger" and ridge in (1, 2):
        for _ in range(rnd.randint(3, 6) if ridge == 1 else rnd.randint(1, 3)):
            x = _side_x(rnd, w)
            y = _ridge_y(pts, x) + 2 * K
            th = rnd.uniform(22, 36) * K * (1.25 if ridge == 2 else 1)
            for j in range(3):               # a pine: three stacked tiers
                ty, tw = y - th * (.25 + j * .26), th * (.36 - j * .08)
                d.polygon([(x - tw, ty), (x, ty - th * .42), (x + tw, ty)], fill=dark)
            d.rectangle((x - K, y - th * .25, x + K, y), fill=dark)
    elif c.tier == "greater" and ridge == 0:
        x = _side_x(rnd, w)
        y = _ridge_y(pts, x) + 3 * K
        for dx, th in ((-14, 20), (0, 30), (12, 24)):
            d.rectangle((x + (dx - 4) * K, y - th * K, x + (dx + 4) * K, y), fill=dark)
            d.polygon([(x + (dx - 6) * K, y - th * K), (x + dx * K, y - (th + 10) * K),
                       (x + (dx + 6) * K, y - th * K)], fill=dark)
        d.rectangle((x - 16 * K, y - 12 * K, x + 14 * K, y), fill=dark)
    elif c.tier == "lesser" and ridge == 1:
        for _ in range(rnd.randint(1, 3)):
            x = _side_x(rnd, w)
            y = _ridge_y(pts, x) + 2 * K
            tw, th = rnd.uniform(10, 15) * K, rnd.uniform(10, 14) * K
            d.polygon([(x - tw, y), (x, y - th), (x + tw, y)], fill=dark)
            d.polygon([(x - tw * .25, y), (x, y - th * .7), (x + tw * .25, y)], fill=_shade(ground, .2))


def type_line(c: Card) -> str:
    parts = [TYPE_NAMES[c.type]]
    if c.tier:                               # the neutrals' tier, as the printed cards say it
        parts[0] = f"{c.tier.capitalize()} {parts[0]}"
    if c.is_merc:
        parts.append(COMBAT_NAMES[c.combat])
    if c.hidden:
        parts.append("Hidden")
    return " · ".join(parts)


def foot_line(c: Card) -> str:
    return CLASS_NAMES.get(c.klass, "Neutral")


def _stat_attack(d, c: Card, x, cy) -> None:
    """The attack at the bottom left: a dark plate with the combat mark (sword, arrow or staff)
    on a steel disc, then the number."""
    h, w = 19 * K, 74 * K
    d.rounded_rectangle((x - 2 * K, cy - h - 2 * K, x + w + 2 * K, cy + h + 2 * K), radius=h + 2 * K,
                        fill=(16, 14, 16))
    d.rounded_rectangle((x, cy - h, x + w, cy + h), radius=h, fill=(62, 60, 68),
                        outline=_shade(STEEL, -.2), width=K)
    r = h - 3 * K
    ix = x + 3 * K + r
    d.ellipse((ix - r, cy - r, ix + r, cy + r), fill=(226, 230, 236), outline=(30, 28, 34), width=K)
    combat_mark(d, c.combat, ix, cy, r * 2.05, -math.pi / 4, fill=(176, 186, 200), line=(24, 22, 26))
    d.text((x + w - 19 * K, cy + K), str(c.attack), font=font(26 * K, True), fill=(255, 255, 255),
           anchor="mm", stroke_width=2 * K, stroke_fill=(20, 18, 22))


def _stat_health(d, c: Card, cx, cy) -> None:
    heart(d, cx, cy, 26 * K, HEART, (70, 10, 16))
    d.text((cx, cy - K), str(c.health), font=font(24 * K, True), fill=(255, 255, 255), anchor="mm",
           stroke_width=2 * K, stroke_fill=(90, 10, 20))


def compose_face(design: str) -> Image.Image:
    c = card(design)
    col = frame_colour(c)
    img, d = _frame(c)
    # the name band, leaving the gem its corner
    band = _s(*NAME_BAND)
    band_col = _shade(col, -.55) if c.tier != "greater" else (92, 64, 22)
    d.rounded_rectangle(band, radius=9 * K, fill=band_col, outline=_shade(col, .25), width=K)
    left, right = (NAME_BAND[0] + 46) * K, (NAME_BAND[2] - 10) * K
    fnt = fit_line(d, c.name, 20 * K, right - left, bold=True, serif=True, floor=12 * K)
    d.text(((left + right) / 2, (band[1] + band[3]) / 2 + K), c.name, font=fnt,
           fill=(252, 244, 224), anchor="mm")
    _picture(img, c)
    d = ImageDraw.Draw(img)
    mana_gem(d, 32 * K, 33 * K, 21 * K, str(c.cost))
    # the type line on a plate across the picture's lower edge
    d.rounded_rectangle(_s(*TYPE_LINE), radius=11 * K, fill=_shade(col, -.45),
                        outline=_shade(col, .3), width=K)
    tl = type_line(c)
    fnt = fit_line(d, tl, 13 * K, (TYPE_LINE[2] - TYPE_LINE[0] - 20) * K, bold=True, floor=9 * K)
    d.text((W / 2, (TYPE_LINE[1] + TYPE_LINE[3]) / 2 * K + K / 2), tl, font=fnt, fill=(250, 242, 222),
           anchor="mm")
    # the rules text
    box = _s(*(TEXT_BOX if c.is_merc else TEXT_BOX_SPELL))
    d.rounded_rectangle(box, radius=8 * K, fill=TEXT_PAPER, outline=_shade(PARCHMENT, -.22), width=K)
    _draw_rules(d, c)
    # the foot: class (or Neutral and tier) between the stats
    foot = foot_line(c).upper()
    fy, mid, room = (394 * K, 163 * K, 124 * K) if c.is_merc else (398 * K, W / 2, 220 * K)
    fnt = fit_line(d, foot, 12 * K, room - 18 * K, bold=True, floor=8 * K)
    fw = d.textlength(foot, font=fnt)
    foot_col = _shade(col, -.45) if c.tier != "lesser" else (58, 62, 70)
    start = mid - (fw + 18 * K) / 2            # the class sign, then the words, centred together
    class_emblem(d, c.klass, start + 7 * K, fy, 7 * K, col, _shade(col, -.6))
    d.text((start + 18 * K, fy), foot, font=fnt, fill=foot_col, anchor="lm")
    if c.is_merc:
        _stat_attack(d, c, 18 * K, 386 * K)
        _stat_health(d, c, W - 42 * K, 384 * K)
    return img


# --- the back ----------------------------------------------------------------------------------------
def compose_back() -> Image.Image:
    """Our own back: a night-blue field with a lattice, a crest of the three classes' colours
    crowned by a star, and the word PARAGONS on a banner."""
    step = 28 * K

    def lattice(fd) -> None:
        for i in range(-H // step - 1, W // step + H // step + 2):
            for s in (1, -1):
                fd.line([(i * step, 0), (i * step + s * H * .7, H)], fill=(44, 48, 82), width=K)
    img = card_back((W, H), (34, 38, 70), (14, 14, 28), 20 * K, (8, 8, 14), 2 * K, lattice)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(_s(12, 12, 288, 408), radius=14 * K, outline=GOLD, width=3 * K)
    d.rounded_rectangle(_s(20, 20, 280, 400), radius=10 * K, outline=(120, 100, 60), width=K)
    for x, y in ((12, 12), (288, 12), (12, 408), (288, 408)):   # corner studs
        d.ellipse(_s(x - 7, y - 7, x + 7, y + 7), fill=GOLD, outline=(90, 70, 30), width=K)
    # the crest: a shield parted in three, the class signs on their fields
    cx, cy = W / 2, 190 * K
    sw, sh = 82 * K, 100 * K
    outline = [(cx - sw, cy - sh * .8), (cx + sw, cy - sh * .8), (cx + sw, cy + sh * .05),
               (cx, cy + sh), (cx - sw, cy + sh * .05)]
    shield = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shield).polygon(outline, fill=255)
    parts = Image.new("RGBA", (W, H))
    ppd = ImageDraw.Draw(parts)
    ppd.rectangle((0, 0, cx, cy - sh * .05), fill=FRAME["warrior"])
    ppd.rectangle((cx, 0, W, cy - sh * .05), fill=FRAME["mage"])
    ppd.rectangle((0, cy - sh * .05, W, H), fill=FRAME["ranger"])
    img.paste(parts, (0, 0), shield)
    d = ImageDraw.Draw(img)
    d.line([(cx, cy - sh * .8), (cx, cy - sh * .05)], fill=GOLD, width=2 * K)
    d.line([(cx - sw, cy - sh * .05), (cx + sw, cy - sh * .05)], fill=GOLD, width=2 * K)
    d.polygon(outline, outline=GOLD, width=4 * K)
    light = (246, 236, 214)
    class_emblem(d, "warrior", cx - sw * .5, cy - sh * .42, 22 * K, light, _shade(FRAME["warrior"], -.5))
    class_emblem(d, "mage", cx + sw * .5, cy - sh * .42, 24 * K, light, _shade(FRAME["mage"], -.5))
    class_emblem(d, "ranger", cx, cy + sh * .4, 24 * K, light, _shade(FRAME["ranger"], -.5))
    # a star above the crest
    sy = cy - sh * .8 - 34 * K
    pts = [(cx + math.cos(i * math.pi / 5 - math.pi / 2) * (26 if i % 2 == 0 else 11) * K,
            sy + math.sin(i * math.pi / 5 - math.pi / 2) * (26 if i % 2 == 0 else 11) * K)
           for i in range(10)]
    d.polygon(pts, fill=GOLD, outline=(100, 76, 28), width=K)
    # the banner with the name
    by = 322 * K
    d.polygon(_s(30, by / K - 4, 58, by / K - 14, 58, by / K + 22, 30, by / K + 12), fill=(110, 24, 28))
    d.polygon(_s(270, by / K - 4, 242, by / K - 14, 242, by / K + 22, 270, by / K + 12), fill=(110, 24, 28))
    d.polygon(_s(46, 308, 254, 308, 262, 326, 254, 344, 46, 344, 38, 326), fill=(156, 34, 38),
              outline=GOLD, width=2 * K)
    with textfloor.ornament():          # the back's emblem, not words to read
        d.text((cx, by + 4 * K), "PARAGONS", font=font(26 * K, True, True), fill=GOLD, anchor="mm",
               stroke_width=K, stroke_fill=(70, 14, 18))
        d.text((cx, 370 * K), "AGE OF CHAMPIONS", font=font(11 * K, True), fill=(190, 170, 120),
               anchor="mm")
    return img


# --- the compact face a card on the table shows (the full face above is for the zoom) ---------------
TABLE_MIN_PX = compact.MIN_PX       # the smallest font on a face drawn on the table (design px)


def _now_stats(c, now: tuple[int, int] | None, neutral_hp=(40, 40, 44)) -> tuple:
    """A mercenary's attack and health as compact stats: `now` (attack, health left) in play,
    coloured where they differ from the printed numbers (so a number as printed is dark: red
    and green say changed); the printed ones elsewhere."""
    if not c.is_merc:
        return ()
    atk, hp = now if now is not None else (c.attack, c.health)
    return (compact.Stat("ATK", str(atk), (40, 40, 44), compact.changed(atk, c.attack)),
            compact.Stat("HP", str(hp), neutral_hp, compact.changed(hp, c.health)))


def compose_compact(design: str, text: bool = True, now: tuple[int, int] | None = None) -> Image.Image:
    """Name, mana cost, attack and health (`now`: as they stand in play), and the combat kind
    and keywords large; the rules text is on the zoom. `text=False`: the picture only."""
    c = card(design)
    col = frame_colour(c)

    def picture(img, box):
        paste_picture(img, PICTURES[c.id], box, _shade(col, .15), _shade(col, -.4), _shade(col, -.82))

    words = [COMBAT_NAMES[c.combat]] if c.is_merc else [TYPE_NAMES[c.type]]
    words += [k.replace("_", " ").title() for k in c.keywords if k != "hidden"]
    if c.hidden:
        words.append("Hidden")
    return compact.compose(c.name, _shade(col, -.25), _shade(col, -.6), picture, cost=(str(c.cost), MANA, "coin"),
                           stats=_now_stats(c, now), words=" · ".join(words), paper=PARCHMENT, ink=INK, text=text,
                           base=face_key(design))


def table_key(design: str, detail: str = "full", now: tuple[int, int] | None = None) -> str:
    """The key of the face a card shows on the table at `detail` (compact.detail_for), with the
    numbers it shows now: a changed number is a new face."""
    base = face_key(design)
    if detail in ("full", "picture"):
        key = compact.key(base, detail == "full")
    else:
        key = f"{base}/big{compact.VERSION}/{detail}"
    return key + (f"/now={now[0]},{now[1]}" if now is not None and detail != "picture" else "")


def compose_table(design: str, detail: str = "full", now: tuple[int, int] | None = None) -> Image.Image:
    """The face a card shows on the table: the compact face ("full"), its picture alone, or the
    big face's name and numbers (a mercenary's attack and health, a spell's cost)."""
    if detail in ("full", "picture"):
        return compose_compact(design, detail == "full", now)
    c = card(design)
    col = frame_colour(c)

    def picture(img, box):
        paste_picture(img, PICTURES[c.id], box, _shade(col, .15), _shade(col, -.4), _shade(col, -.82))
    numbers = _now_stats(c, now, (120, 44, 52)) or (compact.Stat("Mana", str(c.cost), MANA),)
    return compact.compose_big(c.name if detail == "name" else None, _shade(col, -.25), _shade(col, -.6),
                               picture, numbers)
