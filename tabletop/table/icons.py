"""Card pictures: the game-icons silhouettes (art/icons), coloured for a card face.

Each game keeps a picture table (card id -> icon name) as data in its
presentation package, pictures.json; `picture_table` reads it and `picture`
turns one icon into a ready-to-paste RGBA image in the card's colours. The PNGs
are white on transparent, so only their alpha is used: the fill is a vertical
gradient between two colours, ringed by a dark outline and a soft shadow so the
silhouette reads on any picture background. Pillow only, no pygame: faces are
composed headless.

A card without an entry, or an entry without its PNG, raises: a face must never
quietly show some other picture.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

from tabletop.resources import read_json, resource

Rgb = tuple[int, int, int]
ICONS = "tabletop.art.icons"


class PictureTable(dict):
    """card id -> icon name, with a clear error for a card the table forgot."""

    def __init__(self, game: str, entries: dict[str, str]):
        super().__init__(entries)
        self.game = game

    def __missing__(self, card_id: str) -> str:
        raise KeyError(f"{self.game}: no picture for card {card_id!r} in pictures.json")


def picture_table(package: str) -> PictureTable:
    """The picture table shipped in `package` (a game's presentation package)."""
    return PictureTable(package.split(".")[2] if package.count(".") >= 2 else package,
                        read_json(package, "pictures.json"))


def icon_path(name: str) -> Path:
    path = resource(ICONS, f"{name}.png")
    if not path.is_file():
        raise FileNotFoundError(f"card picture {name!r} is not in art/icons (run make_icons.py)")
    return path


@lru_cache(maxsize=64)
def _alpha(name: str) -> Image.Image:
    with Image.open(icon_path(name)) as im:
        return im.getchannel("A").copy()


@lru_cache(maxsize=48)       # faces are cached as a whole; this only spares repeats in a burst
def picture(name: str, size: int, top: Rgb, bottom: Rgb, edge: Rgb = (20, 16, 14),
            shadow: int = 150) -> Image.Image:
    """Icon `name` as a size x size RGBA image: a top-to-bottom gradient fill, an outline
    in `edge` and a drop shadow of opacity `shadow` (0-255). Cached: paste it, never draw on it."""
    size = int(size)
    ring = max(2, size // 60)                       # outline width, in pixels
    inner = size - 4 * ring                         # room for the outline and the shadow
    alpha = _alpha(name).resize((inner, inner), Image.LANCZOS)
    glyph = Image.new("L", (size, size), 0)
    glyph.paste(alpha, (2 * ring, ring))
    # the outline: the silhouette grown by `ring`, softened by a touch so it is not jagged
    grown = _grown(glyph, ring).filter(ImageFilter.GaussianBlur(ring / 3))
    shade = ImageChops.offset(grown, ring, 2 * ring).filter(ImageFilter.GaussianBlur(2 * ring))
    out = Image.new("RGBA", (size, size), edge + (0,))
    out.putalpha(shade.point(lambda v: v * shadow // 255))
    out.alpha_composite(_solid(edge, grown))
    fill = Image.linear_gradient("L").resize((size, size))
    colour = Image.composite(Image.new("RGB", (size, size), bottom),
                             Image.new("RGB", (size, size), top), fill).convert("RGBA")
    colour.putalpha(glyph)
    out.alpha_composite(colour)
    return out


def _grown(alpha: Image.Image, r: int) -> Image.Image:
    """`alpha` dilated by a (2r+1)-pixel square: the same pixels as MaxFilter(2r + 1), made
    as a row pass and a column pass of shifted maxima, 40 times quicker for a big face's ring
    (a MaxFilter(17) took 0.2 s a picture). The glyph keeps at least r empty pixels to every
    edge, so the shifts' wrap-around brings in nothing."""
    for dx, dy in ((1, 0), (0, 1)):
        acc = alpha
        for d in range(1, r + 1):
            acc = ImageChops.lighter(acc, ImageChops.offset(alpha, d * dx, d * dy))
            acc = ImageChops.lighter(acc, ImageChops.offset(alpha, -d * dx, -d * dy))
        alpha = acc
    return alpha


def _solid(rgb: Rgb, alpha: Image.Image) -> Image.Image:
    img = Image.new("RGBA", alpha.size, rgb + (255,))
    img.putalpha(alpha)
    return img


def paste_picture(img: Image.Image, name: str, box, top: Rgb, bottom: Rgb, edge: Rgb = (20, 16, 14),
                  scale: float = 0.92) -> None:
    """Centres icon `name` in `box` (x0, y0, x1, y1) of `img`, `scale` of the box's shorter side."""
    x0, y0, x1, y1 = (int(v) for v in box)
    size = int(min(x1 - x0, y1 - y0) * scale)
    pic = picture(name, size, tuple(top[:3]), tuple(bottom[:3]), tuple(edge[:3]))
    img.alpha_composite(pic, ((x0 + x1 - size) // 2, (y0 + y1 - size) // 2))
