"""Everything on the table that is not a piece: felt, zones, status line, spinner,
card zoom and the hotseat curtain."""

from __future__ import annotations

import math

import pygame
from PIL import Image, ImageFilter

from . import paint, textfloor
from .base import HIGHLIGHT_COLORS, outline_ring
from .card import shadow_room, with_shadow
from .faces import Compose, FaceCache, pil_to_surface
from .fonts import font, wrap_text
from .layout import Viewport, Zone

FELT = (22, 80, 70)          # deep green with a touch of blue
INK = (244, 238, 222)
PANEL = (14, 18, 22, 215)
FELT_SIZE = (1920, 1080)     # the felt's picture, scaled to cover the window


def felt_image(size: tuple[int, int] = (1920, 1080), base=FELT) -> Image.Image:
    """Baize: fine grain over soft mottling, darkening towards the edges."""
    w, h = size
    mottle = Image.effect_noise((max(2, w // 48), max(2, h // 48)), 22).resize(size, Image.BICUBIC)
    grain = Image.effect_noise(size, 26).filter(ImageFilter.GaussianBlur(0.7))
    mix = Image.blend(mottle, grain, 0.45)
    light = Image.new("RGB", size, paint.shade(base, 0.16))
    dark = Image.new("RGB", size, paint.shade(base, -0.2))
    felt = Image.composite(light, dark, mix)
    vignette = Image.radial_gradient("L").resize(size, Image.BICUBIC)
    vignette = vignette.point(lambda v: min(255, int((v / 255) ** 2.2 * 230)))
    return Image.composite(Image.new("RGB", size, (4, 14, 14)), felt, vignette).convert("RGBA")


def build_static(size: tuple[int, int], like: pygame.Surface, vp: Viewport, faces: FaceCache,
                 zones: list[Zone], base=FELT) -> pygame.Surface:
    """Felt covering the whole window of `size` (the letterbox bars too) with the zones drawn
    on it, in the pixel format of `like`."""
    W, H = size
    key = f"table/felt/v1/{tuple(base)}"
    # the felt's size is known: a table whose felt is still in memory at this size (a room and
    # its table, the next match) does not read it again (100 ms from disk)
    cover = max(W / FELT_SIZE[0], H / FELT_SIZE[1])
    size = (math.ceil(FELT_SIZE[0] * cover), math.ceil(FELT_SIZE[1] * cover))
    layer = pygame.Surface((W, H), 0, like)
    big = faces.layer(("felt", key, size), lambda: faces.surface(key, lambda: felt_image(FELT_SIZE, base), size))
    layer.blit(big, ((W - size[0]) // 2, (H - size[1]) // 2))
    for zone in zones:
        if not zone.hidden:
            draw_zone(layer, zone, vp, faces)
    return layer


def draw_zone(layer: pygame.Surface, zone: Zone, vp: Viewport, faces: FaceCache) -> None:
    r = vp.rect_to_screen(zone.rect)
    s = vp.scale
    panel = faces.memo(("zone-panel", r.size, round(s, 3)), lambda: paint.rounded_rect(
        r.size, 18 * s, (0, 0, 0, 46), outline=(255, 255, 255, 34), width=max(1.0, 1.5 * s)))
    layer.blit(panel, r)
    if zone.label:
        cap = paint.text(zone.label.upper(), max(6, round(17 * s)), (236, 226, 196, 150), bold=True)
        layer.blit(cap, (r.x + round(16 * s), r.y + round(10 * s)))


def draw_zone_glow(target: pygame.Surface, zone: Zone, vp: Viewport, faces: FaceCache,
                   strength: float, hot: bool) -> None:
    """A legal destination: soft gold halo, brighter when a dragged piece is over it."""
    r = vp.rect_to_screen(zone.rect)
    s = vp.scale
    ring = outline_ring(faces, r.size, 18 * s, HIGHLIGHT_COLORS["glow"], s)
    tint = faces.memo(("zone-tint", r.size), lambda: paint.rounded_rect(
        r.size, 18 * s, HIGHLIGHT_COLORS["glow"] + (255,)))
    tint.set_alpha(int((60 if hot else 22) * strength + (30 if hot else 0)))
    target.blit(tint, r)
    ring.set_alpha(int(255 * min(1.0, strength + (0.3 if hot else 0))))
    target.blit(ring, ring.get_rect(center=r.center))
    ring.set_alpha(255)


def pill(faces: FaceCache, text: str, px: int, s: float, left_pad: int = 0) -> pygame.Surface:
    """A dark rounded panel holding one line of text (status, thinking)."""
    def build():
        label = paint.text(text, px, INK)
        h = label.get_height() + round(18 * s)
        w = label.get_width() + round(40 * s) + left_pad
        out = _blank_pill(faces, w, h, s)
        m, drop = shadow_room(h * 2)
        out.blit(label, label.get_rect(midleft=(m + round(20 * s) + left_pad, m + drop + h / 2)))
        return out
    return faces.memo(("pill", text, px, left_pad), build)


def _blank_pill(faces: FaceCache, w: int, h: int, s: float) -> pygame.Surface:
    """An empty pill `w` x `h` with its shadow, a new surface. Every status line is a new width:
    the pill is cut from one drawn per height (its two ends, and its middle column stretched),
    so a new line costs no rounded shape and no blur (9 ms a line at a ratio of 2)."""
    def whole(width: int) -> pygame.Surface:
        body = paint.rounded_rect((width, h), h / 2, PANEL, outline=(255, 255, 255, 40), width=max(1.0, s))
        return with_shadow(body, h * 2, False)
    m, _ = shadow_room(h * 2)
    end = h // 2 + 2 * m + 2                     # an end: its cap and the shadow's reach inside
    if w <= 2 * end:
        return whole(w)
    ref = faces.memo(("pill-blank", h, round(s, 3)), lambda: whole(2 * end))
    W, H = w + 2 * m, ref.get_height()
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    rw = ref.get_width()
    # the pieces do not overlap: added to a clear surface, each is copied as it is
    out.blit(ref, (0, 0), pygame.Rect(0, 0, end, H), special_flags=pygame.BLEND_RGBA_ADD)
    out.blit(ref, (W - (rw - end), 0), pygame.Rect(end, 0, rw - end, H), special_flags=pygame.BLEND_RGBA_ADD)
    middle = pygame.transform.scale(ref.subsurface(pygame.Rect(end - 1, 0, 1, H)), (W - end - (rw - end), H))
    out.blit(middle, (end, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out.convert_alpha()


def draw_status(target, text: str, vp: Viewport, faces: FaceCache) -> None:
    s = vp.scale
    surf = pill(faces, text, max(6, round(24 * s)), s)
    x, y = vp.to_screen(vp.virtual[0] / 2, vp.virtual[1] - 40)
    target.blit(surf, surf.get_rect(center=(round(x), round(y))))


def draw_thinking(target, text: str, vp: Viewport, faces: FaceCache, t: float, at: float = 44) -> None:
    """A pill centred at virtual height `at` (the top by default) with a turning ring of dots:
    the bot is working."""
    s = vp.scale
    spin, px = round(34 * s), textfloor.lift(max(6, round(22 * s)))
    surf = pill(faces, text, px, s, left_pad=spin)
    x, y = vp.to_screen(vp.virtual[0] / 2, at)
    rect = surf.get_rect(center=(round(x), round(y)))
    target.blit(surf, rect)
    body_w = font(px).size(text)[0] + round(40 * s) + spin  # as pill() sizes it
    cx = rect.centerx - body_w / 2 + round(18 * s) + spin / 2
    cy = rect.centery
    n, rad = 10, 10 * s
    head = int(t * 12) % n
    # the dots are drawn on a small surface of their own and blitted (the table's frames are
    # recorded as blits: frame.py); it sits at whole pixels, so each dot lands as drawn in place
    reach = math.ceil(rad + max(1.0, 2.6 * s * 1.25)) + 2
    left, top = math.floor(cx) - reach, math.floor(cy) - reach
    ox, oy = cx - left, cy - top

    def dots():
        surf = pygame.Surface((2 * reach + 2, 2 * reach + 2), pygame.SRCALPHA)
        for i in range(n):
            age = (head - i) % n
            a = i * 2 * math.pi / n
            shade = max(60, 255 - age * 22)
            pygame.draw.circle(surf, (shade, int(shade * 0.85), int(shade * 0.5)),
                               (ox + rad * math.cos(a), oy + rad * math.sin(a)),
                               max(1.0, 2.6 * s * (1.25 - age / n)))
        return surf

    target.blit(faces.memo(("spinner", head, rad, ox, oy, reach), dots), (left, top))


def draw_curtain(target, text: str, vp: Viewport, faces: FaceCache) -> None:
    """An opaque cover between two human players' turns."""
    W, H = target.get_size()
    s = vp.scale

    def build():
        layer = pygame.Surface((W, H), 0, target)
        layer.fill((12, 16, 20))
        glow = Image.radial_gradient("L").resize((W, H), Image.BICUBIC).point(lambda v: 255 - v)
        tint = Image.new("RGBA", (W, H), (40, 56, 70, 0))
        tint.putalpha(glow.point(lambda v: int(v * 0.8)))
        layer.blit(pil_to_surface(tint), (0, 0))
        px = textfloor.lift(max(8, round(46 * s)))
        f = font(px, True, True)
        lines = wrap_text(text, f, round(1100 * s))
        cx, cy = W // 2, H // 2 - round(30 * s)
        y = cy - len(lines) * f.get_linesize() // 2
        for line in lines:
            textfloor.drawn(px, line)
            img = f.render(line, True, INK)
            layer.blit(img, img.get_rect(midtop=(cx, y)))
            y += f.get_linesize()
        hint = paint.text("Click or press Enter when ready", max(6, round(24 * s)), (200, 190, 160))
        layer.blit(hint, hint.get_rect(midtop=(cx, y + round(28 * s))))
        pygame.draw.line(layer, (150, 124, 70), (cx - round(160 * s), y + round(12 * s)),
                         (cx + round(160 * s), y + round(12 * s)), max(1, round(2 * s)))
        return layer

    target.blit(faces.memo(("curtain", text, (W, H)), build), (0, 0))


# a full face's smallest words are 7.5 design px on its 420: at this height they are 11.2 px
READABLE_FACE_H = 620


def draw_overlay(target, key: str, compose: Compose, caption: str | None,
                 vp: Viewport, faces: FaceCache, ratio: float = 1.0) -> None:
    """The zoomed card: a dark scrim, the card large in the centre, its text beside it; at
    least READABLE_FACE_H logical px tall where the table has the height (a small window)."""
    W, H = target.get_size()
    s = vp.scale
    scrim = faces.memo(("scrim", (W, H)), lambda: _scrim((W, H)))
    target.blit(scrim, (0, 0))
    img = faces.pil(key, compose)
    ch = max(820 * s, min(H * 0.96, READABLE_FACE_H * ratio))
    cw = ch * img.width / img.height
    panel_w = 560 * s if caption else 0
    gap = 40 * s if caption else 0
    left = (W - cw - gap - panel_w) / 2
    size = (round(cw), round(ch))

    def build():
        pic = paint.round_corners(faces.surface(key, compose, size), cw * 0.05)
        return with_shadow(pic, size[1], True)

    card = faces.memo(("zoom", key, size), build)
    target.blit(card, card.get_rect(center=(round(left + cw / 2), H // 2)))
    if caption:
        surf = faces.memo(("zoom-text", caption, round(panel_w)), lambda: _caption(caption, panel_w, s))
        target.blit(surf, surf.get_rect(midleft=(round(left + cw + gap), H // 2)))


def peek_rect(card: pygame.Rect, aspect: float, W: int, H: int,
              ratio: float = 1.0) -> pygame.Rect | None:
    """Where a small card's readable copy goes: beside it (right, else left, else above or
    below), tall enough for its words to read (READABLE_FACE_H logical px: `ratio` window pixels
    each) where the table has the height, inside the table. None when the card is drawn about
    that large already."""
    # `low`: the status line's band stays readable
    gap, margin, low = round(14 * ratio), round(8 * ratio), round(44 * ratio)
    ch = round(max(260 * ratio, min(H - low - margin, READABLE_FACE_H * ratio)))
    cw = round(ch * aspect)
    if card.h >= ch * 0.8 or cw + 2 * margin > W or ch + margin + low > H:
        return None
    top = min(max(margin, card.centery - ch // 2), H - ch - low)
    if card.right + gap + cw <= W - margin:
        return pygame.Rect(card.right + gap, top, cw, ch)
    if card.left - gap - cw >= margin:
        return pygame.Rect(card.left - gap - cw, top, cw, ch)
    left = min(max(margin, card.centerx - cw // 2), W - cw - margin)
    if card.top - gap - ch >= margin:
        return pygame.Rect(left, card.top - gap - ch, cw, ch)
    return pygame.Rect(left, min(card.bottom + gap, H - ch - low), cw, ch)


def draw_peek(target, card: pygame.Rect, key: str, compose: Compose, faces: FaceCache,
              ratio: float = 1.0) -> None:
    """The hovered card large enough to read, beside it on the table."""
    W, H = target.get_size()
    img = faces.pil(key, compose)
    r = peek_rect(card, img.width / img.height, W, H, ratio)
    if r is None:
        return

    def build():
        pic = paint.round_corners(faces.surface(key, compose, r.size), r.w * 0.05)
        return with_shadow(pic, r.h, True)

    surf = faces.memo(("peek", key, r.size), build)
    target.blit(surf, surf.get_rect(center=r.center))


def _scrim(size) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((6, 8, 10, 200))
    return surf


def _caption(text: str, width: float, s: float) -> pygame.Surface:
    px = textfloor.lift(max(6, round(24 * s)))
    f = font(px)
    pad = round(26 * s)
    lines = []
    for para in text.split("\n"):
        lines.extend(wrap_text(para, f, round(width) - 2 * pad) if para.strip() else [""])
    h = len(lines) * f.get_linesize() + 2 * pad
    body = paint.rounded_rect((round(width), h), 18 * s, PANEL, outline=(255, 255, 255, 40), width=max(1.0, s))
    y = pad
    title = font(px, bold=True)
    for i, line in enumerate(lines):
        textfloor.drawn(px, line)
        img = (title if i == 0 else f).render(line, True, INK)  # the first line is the card's name
        body.blit(img, (pad, y))
        y += f.get_linesize()
    return body


SPOT_DIM = 150                 # how dark the table around a lesson's spotlight is (of 255)
SPOT_RING = (250, 214, 120)


def draw_spotlight(target: pygame.Surface, rects: list, scale: float, kept: dict) -> None:
    """A lesson's spotlight: the table dimmed, the lit rectangles clear with a gold ring (one
    window-sized picture while the lit rectangles stay, in `kept`: too big for the face cache).
    The dragged piece, the peek and the status line are drawn after it, so they stay bright."""
    pad = max(4, round(8 * scale))
    lit = tuple(tuple(r.inflate(2 * pad, 2 * pad)) for r in rects)
    size = target.get_size()

    def build():
        dim = pygame.Surface(size, pygame.SRCALPHA)
        dim.fill((6, 8, 16, SPOT_DIM))
        for r in lit:
            dim.fill((0, 0, 0, 0), r)
        for r in lit:      # opaque: the same pixels as drawn on the table after the veil
            pygame.draw.rect(dim, SPOT_RING, r, width=max(2, round(3 * scale)), border_radius=pad)
        return dim

    key = (size, lit, pad)
    if kept.get("key") != key:
        kept["key"], kept["layer"] = key, build()
    target.blit(kept["layer"], (0, 0))
