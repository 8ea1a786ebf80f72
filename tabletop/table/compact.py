"""A compact card face for the table, as MTG Arena draws cards on the battlefield.

A card on the table is a third of its design size or less, so its rules text would be a few
pixels tall. The compact face keeps what a player reads at a glance, large: the name, the
picture, the cost and one other corner number, the key stats and the keywords. The full
face stays for the hover zoom and the full-size view. Each game hands in its own colours,
picture and numbers; nothing here knows a game. Pillow only (no pygame, no Qt).

Sizes are design pixels on a 300x420 card (drawn at 2x). A card shown `w` pixels wide on
screen shows its text at px * w / 300: the test of readable cards reads MIN_PX from here.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Hashable

from PIL import Image, ImageDraw

from tabletop.table import textfloor
from tabletop.table.facekeys import CARD_SIZE, H, K, W
from tabletop.table.pil_text import font, measuring_font


# the fonts of a compact face (design px): every text drawn on it uses one of these
NAME_PX = 38
NUMBER_PX = 48
CAPTION_PX = 32
WORD_PX = 32
MIN_PX = min(NAME_PX, NUMBER_PX, CAPTION_PX, WORD_PX)
VERSION = 6            # in every compact face key: a changed drawing is a new picture


@dataclass(frozen=True)
class Stat:
    caption: str                       # "ATK"
    value: str                         # "3", "4+"
    color: tuple = (40, 34, 28)        # the value's ink (a big face: its disc)
    change: int = 0                    # below (-1) or above (+1) the printed number: red or green


# a number changed in play, as digital card games show it: worse in red, better in green
WORSE = (206, 34, 30)
BETTER = (30, 150, 62)


def changed(value: int, printed: int) -> int:
    """-1, 0 or +1: `value` against the `printed` number."""
    return (value > printed) - (value < printed)


def _ink(st: Stat):
    return WORSE if st.change < 0 else BETTER if st.change > 0 else st.color


Picture = Callable[[Image.Image, tuple[int, int, int, int]], None]    # draws into a box


def _shade(c, k: float):
    if k >= 0:
        return tuple(round(v + (255 - v) * k) for v in c[:3])
    return tuple(round(v * (1 + k)) for v in c[:3])


SEPARATOR = " · "
WORD_ROOM = W - 2 * 7 * K - 12 * K       # the words' line on the 2x drawing
WORD_LEADING = 1.2
ART_LEAST = 64 * K     # the picture keeps this height (2x px) when the words take another line


def fit_words(words: str, width: float, most: int, measure=None) -> list[str]:
    """The keyword line `words` ("Melee · First Blood · Critical Strike") in at most `most`
    lines no wider than `width` at the words' font: whole items to a line, an item wider than
    a line broken between its words. What does not fit ends with "…" after a whole item, never
    inside one: a part of an item ("Raise the …" of "Raise the Ebb Ward") says nothing, so it
    goes whole and the zoom shows it all."""
    measure = measure or measuring_font(WORD_PX * K, True).getlength
    if measure(words) <= width:
        return [words]
    lines: list[str] = []
    ends: list[bool] = []                   # a line ends where an item ends (not inside one)
    for item in words.split(SEPARATOR):
        if lines and ends[-1] and measure(lines[-1] + SEPARATOR + item) <= width:
            lines[-1] += SEPARATOR + item
        elif measure(item) <= width:
            lines.append(item)
            ends.append(True)
        else:                               # an item wider than a line: between its words
            lines.append("")
            ends.append(False)
            for w in item.split():
                if lines[-1] and measure(f"{lines[-1]} {w}") > width:
                    lines.append(w)
                    ends.append(False)
                else:
                    lines[-1] = f"{lines[-1]} {w}".strip()
            ends[-1] = True
    if len(lines) <= most and all(measure(ln) <= width for ln in lines):
        return lines
    kept = lines[:most]
    while True:
        # the last line keeps its whole items that fit before the ellipsis; with none, the
        # line before it ends with the ellipsis (a broken item's first part goes with it)
        rest = kept[-1] if ends[len(kept) - 1] else ""
        while rest and measure(rest + " …") > width:
            rest = rest.rsplit(SEPARATOR, 1)[0] if SEPARATOR in rest else ""
        if rest or len(kept) == 1:
            kept[-1] = f"{rest} …" if rest else "…"
            return kept
        kept.pop()


def break_name(name: str, fnt, width: float, most: int) -> list[str] | None:
    """`name` broken between words into at most `most` lines no wider than `width` at `fnt`
    (two lines as even as they can be, more filled line by line), or None when it does not fit
    (a word wider than `width`, or more lines than `most`)."""
    measure = fnt.getlength
    if measure(name) <= width:
        return [name]
    words = name.split()
    if any(measure(w) > width for w in words) or most < 2 or len(words) < 2:
        return None
    two = min(([" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))),
              key=lambda ls: max(measure(x) for x in ls))
    if max(measure(x) for x in two) <= width:
        return two
    lines: list[str] = []
    for word in words:
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and measure(trial) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines if len(lines) <= most else None


def fit_name(name: str, width: float, largest: int, least: int, most: int) -> tuple[list[str], int]:
    """`name` in at most `most` lines of `width` (2x canvas px) at the largest size (design px)
    from `largest` down to `least` at which it fits; where none does, at the size under `least`
    at which it does (a name is never cut and never runs past the card: the caller asking
    `name_px` knows the card must then be wider for the words to read)."""
    px = largest
    while True:
        lines = break_name(name, measuring_font(px * K, True, True), width, most)
        if lines is not None or px <= 4:
            return lines or [name], px
        px -= 1


COMPACT_NAME_ROOM = W - 2 * 7 * K - 14 * K      # the compact face's name band on the 2x drawing


def _name_lines(name: str) -> tuple[list[str], int]:
    """The compact face's name: one line, or two or three when it is long, at the largest size
    from NAME_PX down to MIN_PX that fits."""
    return fit_name(name, COMPACT_NAME_ROOM, NAME_PX, MIN_PX, 3)


def _badge(d, cx, cy, r, value: str, fill, shape: str) -> None:
    if shape == "shield":
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r * 0.25), (cx, cy + r * 1.2),
               (cx - r, cy + r * 0.25)]
        d.polygon(pts, fill=_shade(fill, -0.35), outline=(230, 196, 110), width=2 * K)
    elif shape == "gem":
        pts = [(cx, cy - r * 1.1), (cx + r, cy), (cx, cy + r * 1.1), (cx - r, cy)]
        d.polygon(pts, fill=fill, outline=(255, 255, 255), width=2 * K)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_shade(fill, -0.35))
        d.ellipse((cx - r + 3 * K, cy - r + 3 * K, cx + r - 3 * K, cy + r - 3 * K), fill=fill,
                  outline=(230, 196, 110), width=2 * K)
    d.text((cx, cy), value, font=font(NUMBER_PX * K, True), fill=(255, 255, 255), anchor="mm",
           stroke_width=K, stroke_fill=(20, 16, 12))


def compose(name: str, main, dark, picture: Picture, *, cost: tuple[str, tuple, str] | None = None,
            corner: tuple[str, tuple, str] | None = None, stats: tuple[Stat, ...] = (),
            words: str = "", paper=(244, 236, 216), ink=(40, 34, 28), text: bool = True,
            base: Hashable | None = None) -> Image.Image:
    """A compact face. `cost` and `corner` are (value, fill colour, shape: coin | shield | gem)
    at the picture's top corners; `stats` stand three to a row above the `words` line.
    `text=False`: the picture only on its colours, for a thumbnail too small for any word.
    `base` names the card's picture (its face key): faces of one card that differ only in
    their stats' values (a unit damaged, a mercenary buffed) share the rest of the drawing, so
    a changed number costs its boxes, not a whole face, on the move that changes it."""
    if not text:
        img = Image.new("RGBA", (W, H), dark + (255,))
        d = ImageDraw.Draw(img)
        m = 7 * K
        d.rounded_rectangle((m, m, W - m, H - m), radius=12 * K, fill=main, outline=_shade(main, 0.4), width=2 * K)
        art = (m * 2, m * 2, W - 2 * m, H - 2 * m)
        wash = Image.new("RGBA", (art[2] - art[0], art[3] - art[1]), _shade(main, 0.6) + (255,))
        picture(wash, (0, 0, wash.width, wash.height))
        img.paste(wash, art[:2])
        return img.reduce(K)   # a box filter: the same edges as LANCZOS at 2:1, a tenth of the time
    m = 7 * K
    # stats and words from the foot up: the words' lines, then each row of stat boxes
    rows = [stats[i:i + 3] for i in range(0, len(stats), 3)]
    box_h = (CAPTION_PX + NUMBER_PX + 10) * K
    line_h = WORD_PX * WORD_LEADING * K
    word_lines = _word_lines(name, words, len(rows)) if words else ()
    y = H - m - 4 * K - line_h * len(word_lines)
    words_y = y
    tops = []
    for _ in rows:
        y -= box_h + 4 * K
        tops.append(y)
    # everything but the stat boxes (they do not overlap it): drawn once per card and shape
    memo = None if base is None or textfloor.active() else (
        base, name, main, dark, cost, corner, tuple(st.caption for st in stats), words, paper, ink)
    img = _base_copy(memo)
    if img is None:
        with textfloor.composing() as sizes:
            img = _compose_base(name, main, dark, picture, cost, corner, word_lines, words_y, y, paper, ink)
            if word_lines and word_lines[-1].endswith("…"):
                textfloor.cut(words, " ".join(word_lines))
        _base_keep(memo, img, sizes)
        for px in sizes:                 # the base's fonts are this face's too
            textfloor.face_font(px)
    d = ImageDraw.Draw(img)
    for row, top in zip(reversed(rows), tops):
        n = len(row)
        gap = 5 * K
        bw = (W - 2 * m - 10 * K - (n - 1) * gap) / n
        for i, st in enumerate(row):
            x = m + 5 * K + i * (bw + gap)
            d.rounded_rectangle((x, top, x + bw, top + box_h), radius=8 * K, fill=_shade(main, 0.8),
                                outline=_shade(main, -0.2), width=K)
            d.text((x + bw / 2, top + (CAPTION_PX * 0.62 + 2) * K), st.caption, font=font(CAPTION_PX * K, True),
                   fill=_shade(main, -0.45), anchor="mm")
            d.text((x + bw / 2, top + box_h - (NUMBER_PX * 0.55 + 2) * K), st.value,
                   font=font(NUMBER_PX * K, True), fill=_ink(st), anchor="mm")
    textfloor.shrunk(K)
    return img.reduce(K)   # a box filter: the same edges as LANCZOS at 2:1, a tenth of the time


@lru_cache(maxsize=4096)
def _word_lines(name: str, words: str, rows: int) -> tuple[str, ...]:
    """The compact face's keyword lines under `rows` rows of stat boxes: a long line takes
    another (up to three) while the picture keeps ART_LEAST (measured once per card and shape:
    a face is composed again on every changed number)."""
    m = 7 * K
    lines, px = _name_lines(name)
    box_h = (CAPTION_PX + NUMBER_PX + 10) * K
    art = H - m - 4 * K - rows * (box_h + 4 * K) - (m + 10 * K + px * 1.12 * K * len(lines)) - 8 * K
    line_h = WORD_PX * WORD_LEADING * K
    return tuple(fit_words(words, WORD_ROOM, max(1, min(3, 1 + int((art - line_h - ART_LEAST) // line_h)))))


def _compose_base(name, main, dark, picture: Picture, cost, corner, words: tuple[str, ...], words_y: float,
                  stats_top: float, paper, ink) -> Image.Image:
    """The compact face at twice its size without its stat boxes: the card, its name band, the
    words' lines from `words_y`, the picture down to the stats' top and its corner numbers."""
    img = Image.new("RGBA", (W, H), dark + (255,))
    d = ImageDraw.Draw(img)
    m = 7 * K
    d.rounded_rectangle((m, m, W - m, H - m), radius=12 * K, fill=paper, outline=_shade(main, 0.4), width=2 * K)
    # the name, on a band in the card's colour
    lines, px = _name_lines(name)
    band = _name_band(d, lines, px, m, main, 1.12, 5)
    wf = font(WORD_PX * K, True)
    for i, ln in enumerate(words):
        d.text((W / 2, words_y + WORD_PX * (0.6 + WORD_LEADING * i) * K), ln, font=wf, fill=ink, anchor="mm")
    # the picture fills what is left, its corner numbers over it
    art = (m + 4 * K, round(band[3] + 4 * K), W - m - 4 * K, round(stats_top - 4 * K))
    if art[3] - art[1] > 20 * K:
        wash = Image.new("RGBA", (art[2] - art[0], art[3] - art[1]), _shade(main, 0.6) + (255,))
        picture(wash, (0, 0, wash.width, wash.height))
        img.paste(wash, art[:2])
        d.rectangle(art, outline=_shade(main, -0.3), width=K)
    r = 27 * K
    if cost is not None:
        _badge(d, art[0] + r + 2 * K, art[1] + r + 2 * K, r, cost[0], cost[1], cost[2])
    if corner is not None:
        _badge(d, art[2] - r - 2 * K, art[1] + r + 2 * K, r, corner[0], corner[1], corner[2])
    return img


# the bases of recent faces (twice the face's size, about 2 MB each): the cards whose numbers
# change on a move are a few; the warmer's thread and the UI's both compose
_BASES: OrderedDict = OrderedDict()
_BASES_KEPT = 24
_bases_lock = threading.Lock()


def _base_copy(memo) -> Image.Image | None:
    """A copy of the kept base for `memo`, its fonts noted again for the text floor; None."""
    if memo is None:
        return None
    with _bases_lock:
        hit = _BASES.get(memo)
        if hit is None:
            return None
        _BASES.move_to_end(memo)
    img, sizes = hit
    for px in sizes:
        textfloor.face_font(px)
    return img.copy()


def _base_keep(memo, img: Image.Image, sizes: list[float]) -> None:
    if memo is None:
        return
    with _bases_lock:
        _BASES[memo] = (img.copy(), list(sizes))
        while len(_BASES) > _BASES_KEPT:
            _BASES.popitem(last=False)


# the big face, for a card shown 46-104 logical px wide: its name and numbers only, large
BIG_NAME_PX = 56
BIG_MIN_PX = 44        # 11 px on screen at 75 px wide (BIG_MIN_PX * 75 / 300): most names fit at it
BIG_NUMBER_PX = (72, 60)    # up to two numbers, three


def _name_band(d, lines: list[str], px: int, m: int, main, leading: float, pad: int) -> tuple:
    """A face's name: `lines` at `px` (design px) on a band in the card's colour at its top,
    `m` from the edge; the band's box (its bottom is where the picture starts)."""
    lh = px * leading * K
    band = (m, m, W - m, m + 2 * pad * K + lh * len(lines))
    d.rectangle(band, fill=main)
    nf = font(px * K, True, True)
    for ln in lines:
        if nf.getlength(ln) > band[2] - band[0]:
            textfloor.spilled(ln)
    for i, ln in enumerate(lines):
        d.text((W / 2, band[1] + pad * K + lh * (i + 0.5)), ln, font=nf, fill=(255, 252, 240), anchor="mm",
               stroke_width=K, stroke_fill=_shade(main, -0.5))
    return band


DETAILS = ("full", "name", "numbers", "picture")     # detail_for's answers, most said first


def detail_for(width: float, floor: float = 11.0, name: str | None = None) -> str:
    """How much a card face can say at `width` logical px wide with no word under `floor` px:
    "full" (the compact face), "name" (the big face's name and numbers), "numbers", or
    "picture" (no word at all). Given the card's `name`, at the size that name is drawn: a
    short name reads on a narrower card, a long word ("Quartermaster") needs a wider one and
    below that the card shows its numbers (the zoom has the name)."""
    def reads(px: float) -> bool:
        return px * width / CARD_SIZE[0] >= floor - 0.05
    if reads(MIN_PX) and (name is None or reads(name_px(name))):
        return "full"
    if reads(BIG_MIN_PX) if name is None else reads(big_name_px(name)):
        return "name"
    return "numbers" if reads(BIG_NUMBER_PX[0]) else "picture"


BIG_NAME_ROOM = W - 2 * 5 * K - 6 * K        # the name band's width on the 2x drawing


def _big_name(name: str) -> tuple[list[str], int]:
    """The name broken between words into at most three lines, at the largest size from
    BIG_NAME_PX down at which every line fits the card (a long word a smaller size)."""
    return fit_name(name, BIG_NAME_ROOM, BIG_NAME_PX, BIG_MIN_PX, 3)


@lru_cache(maxsize=4096)
def big_name_px(name: str) -> int:
    """The size (design px) a big face draws `name` at: a short name large, so it still reads
    on a card too narrow for the longest names; a long word small, so it needs a wider card."""
    return _big_name(name)[1]


@lru_cache(maxsize=4096)
def name_px(name: str) -> int:
    """The size (design px) the compact face draws `name` at."""
    return _name_lines(name)[1]


def compose_big(name: str | None, main, dark, picture: Picture, numbers: tuple[Stat, ...] = ()) -> Image.Image:
    """A big face: the name (None: none, for a card too narrow even for that) on a band at
    the top and up to three numbers in discs at the foot, each disc in its Stat's colour (the
    full face's colours for the same number); the picture behind. The zoom has the words."""
    img = Image.new("RGBA", (W, H), dark + (255,))
    d = ImageDraw.Draw(img)
    m = 5 * K
    d.rounded_rectangle((m, m, W - m, H - m), radius=12 * K, fill=_shade(main, 0.6), outline=_shade(main, 0.4),
                        width=2 * K)
    top = m
    if name:
        lines, px = _big_name(name)
        top = round(_name_band(d, lines, px, m, main, 1.1, 4)[3])
    n = len(numbers[:3])
    r = (56 if n <= 2 else 46) * K
    foot = H - m - 2 * r - 8 * K if numbers else H - m
    art = (m + 4 * K, top + 4 * K, W - m - 4 * K, foot - 4 * K)
    if art[3] - art[1] > 20 * K:
        wash = Image.new("RGBA", (art[2] - art[0], art[3] - art[1]), _shade(main, 0.6) + (255,))
        picture(wash, (0, 0, wash.width, wash.height))
        img.paste(wash, art[:2])
    npx = BIG_NUMBER_PX[0] if n <= 2 else BIG_NUMBER_PX[1]
    for i, st in enumerate(numbers[:3]):
        cx = W / 2 + (i - (n - 1) / 2) * (2 * r + 4 * K)
        cy = foot + r
        fill, rim = (_ink(st), (255, 255, 255)) if st.change else (st.color, (240, 236, 226))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_shade(fill, -0.35))
        d.ellipse((cx - r + 3 * K, cy - r + 3 * K, cx + r - 3 * K, cy + r - 3 * K), fill=fill,
                  outline=rim, width=(4 if st.change else 2) * K)
        d.text((cx, cy), st.value, font=font(npx * K, True), fill=(255, 255, 255), anchor="mm",
               stroke_width=K, stroke_fill=(20, 16, 12))
    textfloor.shrunk(K)
    return img.reduce(K)   # a box filter: the same edges as LANCZOS at 2:1, a tenth of the time


def key(base: str, text: bool = True) -> str:
    """The cache key of a compact face drawn from the full face's key: always a different one."""
    return f"{base}/{'compact' if text else 'thumb'}{VERSION}"
