"""Pariah card faces and backs, drawn with Pillow from the card data.

Unit cards: the army points in a coin at the top left, Priority in a shield at
the top right, the name on a faction-coloured band, the unit's own picture (an
icon from pictures.json, drawn by tabletop.table.icons), the six combat stats in
two rows, then keywords and ability texts. Evolutions and relics share the frame
with their own banners and pictures (an evolution shows its unit's picture
turning into its own); every faction has a back and
the relic deck has its own. Nothing here imports pygame or Qt.

Design space 300x420; drawn at 2x and scaled down so text stays crisp in the zoom.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from tabletop.games.pariah.engine.cards import Ability, design, evolutions, factions, relics
from tabletop.table import compact, pil_text, textfloor
from tabletop.table.facekeys import H, K, W, stamp
from tabletop.table.icons import paste_picture, picture_table

FACE_VERSION = 5
PICTURES = picture_table(__package__)

# faction look: (main colour, dark, light accent)
FACTION_COLORS = {
    "emberkin": ((196, 78, 40), (92, 30, 18), (255, 196, 120)),
    "tidewardens": ((44, 118, 168), (18, 46, 80), (150, 220, 240)),
    "thornwild": ((70, 138, 64), (28, 60, 30), (196, 230, 140)),
}
RELIC_COLORS = {"consumable": (170, 60, 120), "equipment": (150, 120, 70), "emblem": (110, 80, 170)}
PARCHMENT = (244, 236, 216)
INK = (40, 34, 28)
MUTED = (110, 100, 88)
GOLD = (222, 184, 96)
ENERGY = (240, 196, 60)

# the stats printed on a unit, with their short captions (Priority has its own shield)
STAT_BOXES = (("attacks", "ATK"), ("dexterity", "DEX"), ("damage", "DMG"),
              ("armor", "ARM"), ("ap", "AP"), ("hp", "HP"))
DIE_STATS = ("dexterity", "armor")       # shown as "4+": a die face to reach


# text helpers shared with the other games' faces
_font, _wrap = pil_text.font, pil_text.wrap


def _fit(d, text: str, px: int, width: float, bold=True, serif=False, floor: int = 14):
    return pil_text.fit_line(d, text, px, width, bold, serif, floor)


def _shade(c, k: float):
    if k >= 0:
        return tuple(round(v + (255 - v) * k) for v in c[:3])
    return tuple(round(v * (1 + k)) for v in c[:3])


# --- emblems ----------------------------------------------------------------------------------
def _emblem(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill, line=None):
    """A faction's sign: a flame, a wave over a ring, a three-leaf sprig; relics a gem."""
    lw = max(2, round(r / 10))
    if kind == "emberkin":
        for k, col in ((1.0, fill), (0.55, line or fill)):
            rr = r * k
            base = cy + r * 0.95 - rr * 0.6
            pts = [(cx + math.sin(t) * rr * 0.62, base + math.cos(t) * rr * 0.6)
                   for t in (i / 20 * math.pi - math.pi / 2 for i in range(21))]
            tip = (cx + rr * 0.12, base - rr * 1.55)
            pts = pts[10:] + [(cx + rr * 0.6, base - rr * 0.35), (cx + rr * 0.38, base - rr * 0.95), tip,
                              (cx - rr * 0.32, base - rr * 0.85), (cx - rr * 0.6, base - rr * 0.25)] + pts[:10]
            d.polygon(pts, fill=col, outline=line if k == 1.0 else None, width=lw)
    elif kind == "tidewardens":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=lw * 2)
        for k in (-0.35, 0.1, 0.55):
            pts = [(cx - r * 0.8 + i * r * 1.6 / 20,
                    cy + k * r + math.sin(i / 20 * 2 * math.pi) * r * 0.18) for i in range(21)]
            d.line(pts, fill=fill, width=lw * 2, joint="curve")
    elif kind == "thornwild":
        d.line([(cx, cy + r), (cx, cy - r * 0.1)], fill=fill, width=lw * 2)
        for ang in (-50, 0, 50):
            a = math.radians(ang - 90)
            tip = (cx + math.cos(a) * r * 0.95, cy - r * 0.1 + math.sin(a) * r * 0.95)
            nx, ny = -math.sin(a) * r * 0.28, math.cos(a) * r * 0.28
            mid = (cx + math.cos(a) * r * 0.5, cy - r * 0.1 + math.sin(a) * r * 0.5)
            d.polygon([(cx, cy - r * 0.1), (mid[0] + nx, mid[1] + ny), tip, (mid[0] - nx, mid[1] - ny)],
                      fill=fill, outline=line, width=max(1, lw // 2))
    else:                                   # relics: a faceted gem
        pts = [(cx - r * 0.9, cy - r * 0.3), (cx - r * 0.5, cy - r * 0.8), (cx + r * 0.5, cy - r * 0.8),
               (cx + r * 0.9, cy - r * 0.3), (cx, cy + r)]
        d.polygon(pts, fill=fill, outline=line, width=lw)
        d.line([(cx - r * 0.9, cy - r * 0.3), (cx + r * 0.9, cy - r * 0.3)], fill=line, width=lw)
        d.line([(cx - r * 0.3, cy - r * 0.3), (cx, cy + r), (cx + r * 0.3, cy - r * 0.3)], fill=line,
               width=lw)


def energy_mark(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Elemental Energy: a small sun."""
    for i in range(8):
        a = i * math.pi / 4
        d.line([(cx + math.cos(a) * r * 0.75, cy + math.sin(a) * r * 0.75),
                (cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 1.25)], fill=(120, 80, 10),
               width=max(2, round(r / 4)))
    d.ellipse((cx - r * 0.65, cy - r * 0.65, cx + r * 0.65, cy + r * 0.65), fill=ENERGY,
              outline=(120, 80, 10), width=max(1, round(r / 6)))


# --- the frame ------------------------------------------------------------------------------------
def _frame(main, dark, light) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (W, H), dark + (255,))
    d = ImageDraw.Draw(img)
    for y in range(0, H, 4):                 # a soft vertical gradient in the border
        t = y / H
        d.rectangle((0, y, W, y + 4), fill=_shade(main, -0.15 - 0.35 * t))
    m = 10 * K
    d.rounded_rectangle((m, m, W - m, H - m), radius=14 * K, fill=PARCHMENT, outline=light,
                        width=2 * K)
    return img, d


# a coin's or shield's caption: 11 px in the full-size view at 1280x720 (chrome.READABLE_FACE_H)
CAPTION_MIN = round(7.5 * K)


def _coin(d, cx, cy, r, text: str, fill, ink=(255, 255, 255), caption: str = ""):
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_shade(fill, -0.4))
    d.ellipse((cx - r + 3 * K, cy - r + 3 * K, cx + r - 3 * K, cy + r - 3 * K), fill=fill,
              outline=GOLD, width=2 * K)
    d.text((cx, cy - (3 * K if caption else 0)), text, font=_font(round(r * 1.0), True), fill=ink,
           anchor="mm")
    if caption:
        d.text((cx, cy + r * 0.55), caption, font=_font(max(round(r * 0.32), CAPTION_MIN), True), fill=ink,
               anchor="mm")


def _shield(d, cx, cy, r, text: str, fill, caption: str):
    pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r * 0.2), (cx, cy + r * 1.15),
           (cx - r, cy + r * 0.2)]
    d.polygon(pts, fill=_shade(fill, -0.45), outline=GOLD, width=2 * K)
    d.text((cx, cy - r * 0.05), text, font=_font(round(r * 1.05), True), fill=(255, 255, 255),
           anchor="mm")
    d.text((cx, cy - r * 0.75), caption, font=_font(max(round(r * 0.32), CAPTION_MIN), True), fill=GOLD,
           anchor="mm")


def _name_band(d, y, name: str, main, sub: str = ""):
    d.rectangle((10 * K, y, W - 10 * K, y + 40 * K), fill=main)
    d.line((10 * K, y, W - 10 * K, y), fill=GOLD, width=K)
    d.line((10 * K, y + 40 * K, W - 10 * K, y + 40 * K), fill=GOLD, width=K)
    f = _fit(d, name, 24 * K, W - 40 * K, serif=True)
    d.text((W / 2, y + (16 if sub else 20) * K), name, font=f, fill=(255, 252, 240), anchor="mm")
    if sub:
        d.text((W / 2, y + 33 * K), sub, font=_font(10 * K, True), fill=_shade(main, 0.7),
               anchor="mm")


def _text_block(d, top: float, bottom: float, parts: list[tuple[str, str]]) -> None:
    """Rules text: (heading, body) pairs wrapped into the box, shrinking until they fit."""
    width = W - 40 * K
    for px in range(15, 8, -1):
        body, head = _font(px * K), _font(px * K, True)
        lines = []
        for h, b in parts:
            text = f"{h} {b}".strip()
            for i, ln in enumerate(_wrap(d, text, head if h else body, width)):
                lines.append((ln, h if i == 0 else ""))
        lh = px * K * 1.25
        if len(lines) * lh <= bottom - top or px == 9:
            break
    y = top + max(0, (bottom - top - len(lines) * lh) / 2) * 0.3
    for ln, h in lines:
        x = 20 * K
        if h and ln.startswith(h):
            d.text((x, y), h, font=head, fill=INK)
            x += d.textlength(h + " ", font=head)
            ln = ln[len(h):].lstrip()
        d.text((x, y), ln, font=body, fill=INK)
        y += lh


def ability_heading(a: Ability) -> str:
    tags = []
    if a.when == "active":
        tags.append("Commit" if a.commit else "Action")
    elif a.when == "deploy":
        tags.append("Deploy")
    elif a.when == "start":
        tags.append("Start of round")
    elif a.when == "end":
        tags.append("End of round")
    else:
        tags.append("Passive")
    if a.cost:
        tags.append(f"{a.cost} energy")
    return f"{a.name} ({', '.join(tags)}):"


def _stat_text(name: str, value: int) -> str:
    return f"{value}+" if name in DIE_STATS else str(value)


def _stats(d, top: float, values: dict[str, int], main, base: dict[str, int] | None = None) -> None:
    bw, bh, gap = 84 * K, 42 * K, 8 * K
    x0 = (W - 3 * bw - 2 * gap) / 2
    for i, (stat, cap) in enumerate(STAT_BOXES):
        x = x0 + (i % 3) * (bw + gap)
        y = top + (i // 3) * (bh + gap)
        d.rounded_rectangle((x, y, x + bw, y + bh), radius=8 * K, fill=_shade(main, 0.82),
                            outline=_shade(main, -0.2), width=K)
        d.text((x + 8 * K, y + bh / 2), cap, font=_font(12 * K, True), fill=_shade(main, -0.35),
               anchor="lm")
        v = values[stat]
        color = INK
        if base is not None and v != base[stat]:
            better = v < base[stat] if stat in DIE_STATS else v > base[stat]
            color = (30, 120, 40) if better else (170, 40, 30)
        d.text((x + bw - 8 * K, y + bh / 2), _stat_text(stat, v), font=_font(22 * K, True),
               fill=color, anchor="rm")


# --- faces ---------------------------------------------------------------------------------------
def compose_unit(design_id: str, values: tuple[tuple[str, int], ...] | None = None) -> Image.Image:
    """A unit card; `values` (stat, value) pairs print current stats instead of the printed ones."""
    u = design(design_id)
    main, dark, light = FACTION_COLORS[u.faction]
    img, d = _frame(main, dark, light)
    fname = factions()[u.faction].name
    _name_band(d, 16 * K, u.name, main, f"{fname} token" if u.token else fname)
    # the picture: a radial wash under the unit's icon
    art = (18 * K, 62 * K, W - 18 * K, 180 * K)
    wash = Image.new("RGBA", (art[2] - art[0], art[3] - art[1]), _shade(main, 0.55) + (255,))
    wd = ImageDraw.Draw(wash)
    ww, wh = wash.size
    for i in range(12, 0, -1):
        r = ww * 0.6 * i / 12
        wd.ellipse((ww / 2 - r, wh / 2 - r, ww / 2 + r, wh / 2 + r), fill=_shade(main, 0.2 + i * 0.04))
    wash = wash.filter(ImageFilter.SMOOTH)
    # the unit's own icon, in deep faction colours so it stands out of the pale wash
    paste_picture(wash, PICTURES[design_id], (0, 0, ww, wh), _shade(main, -0.05), _shade(main, -0.45),
                  _shade(dark, -0.4))
    img.paste(wash, art[:2])
    d.rectangle(art, outline=_shade(main, -0.3), width=K)
    _coin(d, 40 * K, 86 * K, 24 * K, str(u.cost), _shade(main, -0.2), caption="PTS")
    pr = dict(values).get("priority", u.priority) if values else u.priority
    _shield(d, W - 40 * K, 84 * K, 22 * K, str(pr), main, "PRI")
    base = {s: u.base(s) for s, _ in STAT_BOXES}
    shown = dict(base, **(dict(values) if values else {}))
    _stats(d, 190 * K, shown, main, base if values else None)
    parts: list[tuple[str, str]] = []
    kws = u.keywords.texts()
    if kws:
        parts.append(("", " · ".join(kws)))
    for a in u.abilities:
        parts.append((ability_heading(a), a.text))
    if not parts:
        parts.append(("", "No special abilities."))
    _text_block(d, 290 * K, H - 20 * K, parts)
    if u.token:
        d.rounded_rectangle((W / 2 - 44 * K, H - 26 * K, W / 2 + 44 * K, H - 8 * K), radius=8 * K,
                            fill=dark, outline=GOLD, width=K)
        d.text((W / 2, H - 17 * K), "TOKEN", font=_font(11 * K, True), fill=GOLD, anchor="mm")
    return img


def compose_evolution(evo_id: str) -> Image.Image:
    e = evolutions()[evo_id]
    main, dark, light = FACTION_COLORS[e.faction]
    img, d = _frame(_shade(main, -0.1), dark, GOLD)
    _name_band(d, 16 * K, e.name, main, "EVOLUTION")
    art = (18 * K, 62 * K, W - 18 * K, 170 * K)
    d.rectangle(art, fill=_shade(main, 0.6), outline=_shade(main, -0.3), width=K)
    cx, cy = W / 2, (art[1] + art[3]) / 2
    # the unit it evolves, small, turning into the evolution's own picture
    paste_picture(img, PICTURES[e.unit], (cx - 84 * K, cy - 32 * K, cx - 20 * K, cy + 32 * K),
                  _shade(main, 0.1), _shade(main, -0.3), _shade(dark, -0.4))
    d.polygon([(cx - 12 * K, cy - 14 * K), (cx + 14 * K, cy), (cx - 12 * K, cy + 14 * K)], fill=GOLD)
    paste_picture(img, PICTURES[evo_id], (cx + 10 * K, art[1] + 3 * K, cx + 112 * K, art[3] - 3 * K),
                  _shade(main, -0.1), _shade(main, -0.5), _shade(dark, -0.5))
    _coin(d, 40 * K, 86 * K, 24 * K, str(e.cost), ENERGY, INK, "ENERGY")
    d.text((W / 2, 190 * K), f"Evolves a {design(e.unit).name}", font=_font(15 * K, True),
           fill=_shade(main, -0.4), anchor="mm")
    parts = [("", e.text)]          # generated from its changes and keywords (cards.py)
    parts.append(("", "Play it at the start of a round, paying its energy; damage stays."))
    _text_block(d, 214 * K, H - 24 * K, parts)
    return img


RELIC_WORDS = {"consumable": "Consumable: used once, then to the graveyard.",
               "equipment": "Equipment: attach to a unit of your side; lost when it leaves.",
               "emblem": "Emblem: stays in play for your side until destroyed."}


def compose_relic(relic_id: str) -> Image.Image:
    r = relics()[relic_id]
    main = RELIC_COLORS[r.relic_type]
    img, d = _frame(main, _shade(main, -0.55), GOLD)
    _name_band(d, 16 * K, r.name, main, r.relic_type.upper())
    art = (18 * K, 62 * K, W - 18 * K, 190 * K)
    d.rectangle(art, fill=_shade(main, 0.7), outline=_shade(main, -0.3), width=K)
    paste_picture(img, PICTURES[relic_id], (art[0], art[1] + 4 * K, art[2], art[3] - 4 * K),
                  _shade(main, 0.1), _shade(main, -0.4), _shade(main, -0.7))
    _coin(d, 40 * K, 86 * K, 24 * K, str(r.cost), ENERGY, INK, "ENERGY")
    parts = [("", r.text)]
    if r.relic_type in RELIC_WORDS:
        parts.append(("", RELIC_WORDS[r.relic_type]))
    _text_block(d, 206 * K, H - 24 * K, parts)
    return img


def compose_back(kind: str) -> Image.Image:
    """A faction's back (or "relic")."""
    main, dark, light = FACTION_COLORS.get(kind, ((120, 90, 150), (40, 28, 56), GOLD))
    img = Image.new("RGBA", (W, H), dark + (255,))
    d = ImageDraw.Draw(img)
    step = 30 * K
    for i in range(-H // step - 2, W // step + H // step + 2):
        d.line([(i * step, 0), (i * step + H, H)], fill=_shade(dark, 0.12), width=2 * K)
        d.line([(i * step, 0), (i * step - H, H)], fill=_shade(dark, 0.12), width=2 * K)
    m = 16 * K
    d.rounded_rectangle((m, m, W - m, H - m), radius=16 * K, outline=GOLD, width=3 * K)
    d.rounded_rectangle((m + 8 * K, m + 8 * K, W - m - 8 * K, H - m - 8 * K), radius=12 * K,
                        outline=_shade(main, -0.1), width=K)
    d.ellipse((W / 2 - 80 * K, H / 2 - 80 * K, W / 2 + 80 * K, H / 2 + 80 * K), fill=_shade(main, -0.3),
              outline=GOLD, width=3 * K)
    _emblem(d, kind if kind in FACTION_COLORS else "relic", W / 2, H / 2, 54 * K, _shade(light, 0.2),
            _shade(dark, -0.3))
    word = factions()[kind].name.upper() if kind in FACTION_COLORS else "RELIC"
    with textfloor.ornament():          # the back's emblem, not words to read
        d.text((W / 2, H - 56 * K), word, font=_font(18 * K, True, True), fill=GOLD, anchor="mm")
        d.text((W / 2, 56 * K), "PARIAH", font=_font(18 * K, True, True), fill=GOLD, anchor="mm")
    return img


# --- compact faces for the table (the full faces above are for the zoom) --------------------------
TABLE_MIN_PX = compact.MIN_PX       # the smallest font on a face drawn on the table (design px)


def _drawer(pic: str, main, dark):
    def draw(img, box):
        paste_picture(img, pic, box, _shade(main, -0.05), _shade(main, -0.45), _shade(dark, -0.4))
    return draw


def compose_unit_compact(design_id: str, values: tuple[tuple[str, int], ...] | None = None,
                         text: bool = True) -> Image.Image:
    """A unit on the table: points, Priority, the six stats (current ones in colour) and its
    keywords (or its abilities' names) large; the rules text is on the zoom."""
    u = design(design_id)
    main, dark, light = FACTION_COLORS[u.faction]
    base = {s: u.base(s) for s, _ in STAT_BOXES}
    shown = dict(base, **(dict(values) if values else {}))
    stats = []
    for stat, cap in STAT_BOXES:
        v, color = shown[stat], INK
        if values and v != base[stat]:
            better = v < base[stat] if stat in DIE_STATS else v > base[stat]
            color = (30, 120, 40) if better else (170, 40, 30)
        stats.append(compact.Stat(cap, _stat_text(stat, v), color))
    pr = dict(values).get("priority", u.priority) if values else u.priority
    words = " · ".join(u.keywords.texts()) or " · ".join(a.name for a in u.abilities)
    return compact.compose(u.name, main, dark, _drawer(PICTURES[design_id], main, dark),
                           cost=(str(u.cost), _shade(main, -0.2), "coin"), corner=(str(pr), main, "shield"),
                           stats=tuple(stats), words=words, paper=PARCHMENT, ink=INK, text=text,
                           base=unit_key(design_id))


def compose_named(kind: str, design_id: str) -> Image.Image:
    """A card too small for the compact face's words: its name large over its picture (the
    unit's numbers stand beside it on the table, the zoom has everything)."""
    if kind == "unit":
        u = design(design_id)
        name, (main, dark) = u.name, FACTION_COLORS[u.faction][:2]
    elif kind == "evo":
        e = evolutions()[design_id]
        name, (main, dark) = e.name, FACTION_COLORS[e.faction][:2]
    else:
        r = relics()[design_id]
        name, main = r.name, RELIC_COLORS[r.relic_type]
        dark = _shade(main, -0.55)
    return compact.compose_big(name, main, dark, _drawer(PICTURES[design_id], main, dark))


def compose_evolution_compact(evo_id: str, text: bool = True) -> Image.Image:
    e = evolutions()[evo_id]
    main, dark, light = FACTION_COLORS[e.faction]
    return compact.compose(e.name, main, dark, _drawer(PICTURES[evo_id], main, dark),
                           cost=(str(e.cost), ENERGY, "coin"), words="Evolution",
                           paper=PARCHMENT, ink=INK, text=text)


def compose_relic_compact(relic_id: str, text: bool = True) -> Image.Image:
    r = relics()[relic_id]
    main = RELIC_COLORS[r.relic_type]
    return compact.compose(r.name, main, _shade(main, -0.55), _drawer(PICTURES[relic_id], main, _shade(main, -0.55)),
                           cost=(str(r.cost), ENERGY, "coin"), words=r.relic_type.capitalize(),
                           paper=PARCHMENT, ink=INK, text=text)


# --- keys for the face cache -----------------------------------------------------------------------
# The icons drawn and a stamp of the card's data are in the keys: a changed picture table or a
# retuned number (balance changes) never serves a stale face from the disk cache.
@lru_cache(maxsize=None)
def _stamp(kind: str, card_id: str) -> str:
    if kind == "unit":
        card = design(card_id)
    elif kind == "evo":
        card = (evolutions()[card_id], design(evolutions()[card_id].unit))
    else:
        card = relics()[card_id]
    return stamp(card)


def unit_key(design_id: str, values=None) -> str:
    extra = "" if not values else "/" + ",".join(f"{s}={v}" for s, v in values)
    return (f"pariah/unit/{design_id}/{PICTURES[design_id]}/{_stamp('unit', design_id)}"
            f"/v{FACE_VERSION}{extra}")


def evolution_key(evo_id: str) -> str:
    evo = evolutions()[evo_id]
    return (f"pariah/evo/{evo_id}/{PICTURES[evo.unit]}-{PICTURES[evo_id]}/"
            f"{_stamp('evo', evo_id)}/v{FACE_VERSION}")


def relic_key(relic_id: str) -> str:
    return f"pariah/relic/{relic_id}/{PICTURES[relic_id]}/{_stamp('relic', relic_id)}/v{FACE_VERSION}"


def back_key(kind: str) -> str:
    return f"pariah/back/{kind}/v{FACE_VERSION}"
