"""Shape painting: anti-aliased rounded shapes, soft shadows and glows.

pygame's own primitives are not anti-aliased, so shapes are drawn by Pillow
at a multiple of their size and scaled down, then handed to pygame. Callers
memoise the results (FaceCache.memo), so the cost is paid once per size.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from . import textfloor
from .faces import pil_to_surface
from .fonts import font

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

SHADOW = (6, 10, 12)


def _ss(w: int, h: int) -> int:
    """Supersampling factor: generous for small shapes, cheap for big ones."""
    return 4 if w * h <= 250_000 else 2


@lru_cache(maxsize=256)
def rounded_mask(size: tuple[int, int], radius: float, inset: float = 0.0) -> Image.Image:
    """An anti-aliased 'L' mask of a rounded rectangle filling `size` (less `inset` each side).

    Kept per size: it is the costly part of every rounded shape (a supersampled draw and a
    LANCZOS scale-down) and many shapes share a size. Shared, so callers never change it."""
    w, h = max(1, size[0]), max(1, size[1])
    # Only the corners and the edges need anti-aliasing: supersample one corner's square, take
    # the edge's profile from it, and mirror (a card-sized mask in well under a millisecond,
    # where supersampling the whole rectangle took 10 ms)
    c = math.ceil(inset + max(0.0, radius - inset)) + 2
    if 2 * c >= min(w, h):
        return _rounded_mask_by_quarter((w, h), radius, inset, c)
    corner = _rounded_mask_whole((c, c), radius, inset, whole=(w, h))
    edge = [corner.getpixel((x, c - 1)) for x in range(c)]          # the straight left edge
    row = Image.new("L", (w, 1), 255)
    row.putdata(edge + [255] * (w - 2 * c) + edge[::-1])
    col = Image.new("L", (1, h), 255)
    col.putdata(edge + [255] * (h - 2 * c) + edge[::-1])
    out = ImageChops.darker(row.resize((w, h), Image.NEAREST), col.resize((w, h), Image.NEAREST))
    flip_x, flip_y = Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM
    out.paste(corner, (0, 0))
    out.paste(corner.transpose(flip_x), (w - c, 0))
    out.paste(corner.transpose(flip_y), (0, h - c))
    out.paste(corner.transpose(flip_x).transpose(flip_y), (w - c, h - c))
    return out


def _rounded_mask_by_quarter(size: tuple[int, int], radius: float, inset: float,
                             c: int) -> Image.Image:
    """A short or narrow rounded shape (a pill, a badge): its top-left quarter, supersampled
    only where it curves (`c` px from the corner) and stretched where it runs straight, then
    mirrored."""
    w, h = size
    qw, qh = (w + 1) // 2, (h + 1) // 2
    tw, th = min(qw, c), min(qh, c)
    tile = _rounded_mask_whole((tw, th), radius, inset, whole=(w, h))
    quarter = Image.new("L", (qw, qh), 255)
    quarter.paste(tile, (0, 0))
    if tw < qw:        # straight top edge: its column profile, repeated
        quarter.paste(tile.crop((tw - 1, 0, tw, th)).resize((qw - tw, th), Image.NEAREST), (tw, 0))
    if th < qh:        # straight left edge: its row profile, repeated
        quarter.paste(tile.crop((0, th - 1, tw, th)).resize((tw, qh - th), Image.NEAREST), (0, th))
    out = Image.new("L", (w, h), 0)
    flip_x, flip_y = Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM
    half = Image.new("L", (w, qh), 0)
    half.paste(quarter, (0, 0))
    half.paste(quarter.transpose(flip_x), (w - qw, 0))
    out.paste(half, (0, 0))
    out.paste(half.transpose(flip_y), (0, h - qh))
    return out


def _rounded_mask_whole(size: tuple[int, int], radius: float, inset: float,
                        whole: tuple[int, int] | None = None) -> Image.Image:
    """Supersampled: the rounded rectangle of `whole` (default `size`) seen through a window
    of `size` at its top-left corner."""
    w, h = size
    W, H = whole or size
    k = _ss(W, H) if whole is None else 4
    big = Image.new("L", (w * k, h * k), 0)
    box = (inset * k, inset * k, (W - inset) * k - 1, (H - inset) * k - 1)
    if box[2] > box[0] and box[3] > box[1]:
        ImageDraw.Draw(big).rounded_rectangle(box, radius=max(0, radius - inset) * k, fill=255)
    return big.resize((w, h), Image.LANCZOS)


def rounded_rect(size: tuple[int, int], radius: float, fill: RGBA | RGB,
                 outline: RGBA | RGB | None = None, width: float = 0,
                 top: RGBA | RGB | None = None) -> pygame.Surface:
    """A filled rounded rectangle, optionally with a vertical gradient (`top` -> `fill`) and outline."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    # Away from its corners every row (and, without a gradient, every column) of the shape is
    # the same: a big one (a zone's panel at a ratio of 2: 30-50 ms of Pillow) is drawn small and
    # its middle stretched, the same pixels in a few milliseconds (test_paint)
    c = math.ceil(max(radius, width)) + 3
    small = (2 * c + 1 if w > 2 * c + 9 else w, 2 * c + 1 if top is None and h > 2 * c + 9 else h)
    if small != (w, h):
        return _stretched(_rounded_rect(small, radius, fill, outline, width, top), (w, h), c)
    return _rounded_rect((w, h), radius, fill, outline, width, top)


def _stretched(small: pygame.Surface, size: tuple[int, int], c: int) -> pygame.Surface:
    """`small` at `size`: its `c` px corners and edges kept, its middle row and column repeated."""
    def spans(n_small: int, n: int):      # (from, to, length there, length here)
        if n_small == n:
            return [(0, 0, n, n)]
        return [(0, 0, c, c), (c, c, 1, n - 2 * c), (c + 1, n - c, c, c)]
    out = pygame.Surface(size, pygame.SRCALPHA, small)
    for sx, dx, sw, dw in spans(small.get_width(), size[0]):
        for sy, dy, sh, dh in spans(small.get_height(), size[1]):
            if (sw, sh) == (1, 1):            # the middle: one colour
                out.fill(small.get_at((sx, sy)), (dx, dy, dw, dh))
                continue
            piece = small.subsurface((sx, sy, sw, sh))
            if (sw, sh) != (dw, dh):
                piece = pygame.transform.scale(piece, (dw, dh))
            # added to the cleared surface: the pixels copied as they are, alpha unblended
            out.blit(piece, (dx, dy), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def _rounded_rect(size: tuple[int, int], radius: float, fill: RGBA | RGB,
                  outline: RGBA | RGB | None, width: float, top: RGBA | RGB | None) -> pygame.Surface:
    w, h = size
    img = Image.new("RGBA", (w, h), _rgba(fill))
    if top is not None:  # vertical gradient from `top` to `fill`
        grad = Image.linear_gradient("L").resize((w, h))
        img = Image.composite(Image.new("RGBA", (w, h), _rgba(fill)),
                              Image.new("RGBA", (w, h), _rgba(top)), grad)
    mask = rounded_mask((w, h), radius)
    img.putalpha(ImageChops.multiply(img.getchannel("A"), mask))
    if outline is not None and width > 0:
        ring = ImageChops.subtract(mask, rounded_mask((w, h), radius, inset=width))
        line = Image.new("RGBA", (w, h), _rgba(outline))
        line.putalpha(ImageChops.multiply(ring, line.getchannel("A")))
        img = Image.alpha_composite(img, line)
    return pil_to_surface(img)


def round_corners(surf: pygame.Surface, radius: float, edge: RGBA | None = (0, 0, 0, 70)
                  ) -> pygame.Surface:
    """A copy of `surf` with anti-aliased rounded corners and a hairline edge for definition."""
    w, h = surf.get_size()
    alpha, line = _corner_layers((w, h), round(radius, 2), tuple(edge) if edge is not None else None)
    out = surf.copy()
    out.blit(alpha, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if line is not None:
        out.blit(line, (0, 0))
    return out


@lru_cache(maxsize=256)
def _corner_layers(size: tuple[int, int], radius: float, edge: RGBA | None):
    """round_corners' two layers for a size: the alpha to multiply by and the hairline edge
    (every card of a size shares them; only blitting is left per card)."""
    w, h = size
    mask = rounded_mask((w, h), radius)
    alpha = Image.new("RGBA", (w, h), (255, 255, 255, 255))
    alpha.putalpha(mask)
    line = None
    if edge is not None:
        ring = ImageChops.subtract(mask, rounded_mask((w, h), radius, inset=max(1.0, w / 160)))
        img = Image.new("RGBA", (w, h), edge)
        img.putalpha(ImageChops.multiply(ring, Image.new("L", (w, h), edge[3])))
        line = pil_to_surface(img)
    return pil_to_surface(alpha), line


def alpha_of(surf: pygame.Surface) -> Image.Image:
    """The alpha channel of a pygame surface as a Pillow 'L' image."""
    return Image.frombytes("RGBA", surf.get_size(), pygame.image.tobytes(surf, "RGBA")).getchannel("A")


@lru_cache(maxsize=32)
def _scale_table(opacity: float) -> list[int]:
    """The 256-entry table that scales an 'L' image by `opacity` (one list, not 256 calls)."""
    return [int(v * opacity) for v in range(256)]


def soft_shadow(alpha: Image.Image, blur: float, opacity: float) -> tuple[pygame.Surface, int]:
    """A blurred dark silhouette of `alpha`, padded by the returned margin on every side."""
    m = int(blur * 2) + 1  # beyond 2 sigma the shadow is invisible; less area to blend
    pad = Image.new("L", (alpha.width + 2 * m, alpha.height + 2 * m), 0)
    pad.paste(alpha, (m, m))
    pad = pad.filter(ImageFilter.GaussianBlur(blur)).point(_scale_table(round(opacity, 3)))
    img = Image.new("RGBA", pad.size, SHADOW + (0,))
    img.putalpha(pad)
    return pil_to_surface(img), m


def glow_ring(size: tuple[int, int], radius: float, color: RGB, spread: float,
              line: float) -> tuple[pygame.Surface, int]:
    """A halo outside a rounded rectangle of `size` plus a crisp line on its edge.

    Returned padded by the margin on every side; the inside stays clear so the
    piece under it is not tinted.
    """
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    m = int(spread * 2.2) + 2
    W, H = w + 2 * m, h + 2 * m
    shape = Image.new("L", (W, H), 0)
    shape.paste(rounded_mask((w, h), radius), (m, m))
    halo = shape.filter(ImageFilter.MaxFilter(3)).filter(ImageFilter.GaussianBlur(spread))
    halo = ImageChops.subtract(halo.point(lambda v: min(255, int(v * 1.6))), shape)
    inner = Image.new("L", (W, H), 0)
    inner.paste(rounded_mask((w, h), radius, inset=line), (m, m))
    crisp = ImageChops.subtract(shape, inner)
    alpha = ImageChops.lighter(halo.point(lambda v: int(v * 0.8)), crisp)
    img = Image.new("RGBA", (W, H), _rgba(color))
    img.putalpha(alpha)
    return pil_to_surface(img), m


def text(text_: str, px: int, color: RGB | RGBA, bold: bool = False,
         serif: bool = False) -> pygame.Surface:
    """A line of anti-aliased text (a translucent colour sets the surface alpha)."""
    px = textfloor.lift(px)
    textfloor.drawn(px, text_)
    fg = font(px, bold, serif).render(text_, True, color[:3])
    if len(color) == 4 and color[3] < 255:
        fg.set_alpha(color[3])
    return fg


def shadowed_text(text_: str, px: int, color: RGB, bold: bool = False,
                  serif: bool = False) -> tuple[pygame.Surface, int]:
    """Text with a soft drop shadow (legible on felt); padded by the returned margin."""
    px = textfloor.lift(px)
    textfloor.drawn(px, text_)
    f = font(px, bold, serif)
    fg = f.render(text_, True, color[:3])
    sh, m = soft_shadow(alpha_of(f.render(text_, True, (0, 0, 0)).convert_alpha()),
                        max(1.0, px / 10), 0.9)
    d = max(1, px // 16)
    out = pygame.Surface(sh.get_size(), pygame.SRCALPHA)
    out.blit(sh, (d, d))
    out.blit(fg, (m, m))
    return out.convert_alpha(), m


def _rgba(c) -> RGBA:
    return tuple(c) if len(c) == 4 else (c[0], c[1], c[2], 255)


def luminance(c: RGB) -> float:
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b` (0: a, 1: b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def card_back(size: tuple[int, int], middle: RGB, edge: RGB, radius: float, outline: RGB, line: int,
              lattice) -> Image.Image:
    """A card back's field, the start of every game's own back: `middle` at half height shading
    to `edge` at the top and bottom, the game's `lattice(draw)` over it, cut to rounded corners
    with a dark `outline`. The game draws its emblem on the image returned."""
    w, h = size
    field = Image.new("RGBA", size, middle + (255,))
    fd = ImageDraw.Draw(field)
    for y in range(0, h, 2):
        fd.rectangle((0, y, w, y + 2), fill=mix(middle, edge, abs(y / h - .5) * 2))
    lattice(fd)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    img.paste(field, (0, 0), mask)
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, outline=outline, width=line)
    return img


def shade(c: RGB, k: float) -> RGB:
    """Lighter (k > 0) or darker (k < 0) version of a colour."""
    if k >= 0:
        return tuple(int(v + (255 - v) * k) for v in c[:3])
    return tuple(int(v * (1 + k)) for v in c[:3])
