"""What every game's home tile and rules page are made of: a gradient with a fan of
its cards, and the game package's own rules_page.md."""

from __future__ import annotations

from importlib.resources import files
from typing import Callable, Sequence

from .facekeys import stamp


COVER_VERSION = 1     # the drawing shared here (gradient, fan): a change redraws every cover


def cover_key(game_id: str, size: tuple[int, int], version: str) -> str:
    """The face cache key of `game_id`'s home tile cover drawn at `size`; `version` is the
    game's cover_version (what the picture shows)."""
    return f"{game_id}/cover/{size[0]}x{size[1]}/{stamp(version)}/v{COVER_VERSION}"


def fan(img, faces: Sequence, ratio: float = 300 / 420, height: float = 0.86, tilt: float = 12.0,
        spread: float = 0.55, middle: float = 0.5, lift: float = 0.0, shadow: bool = False):
    """Fan the card images `faces` (width/height `ratio`) across `img` in place: each card
    `height` of the image tall and `tilt` degrees from the next, centred at `middle` of the
    height, the outer ones `lift` of the height lower and under the middle one; with a soft
    `shadow` below each when the scene under the fan is not plain."""
    from PIL import Image, ImageFilter
    w, h = img.size
    ch = int(h * height)
    cw = int(ch * ratio)
    mid = (len(faces) - 1) / 2
    for i in sorted(range(len(faces)), key=lambda i: -abs(i - mid)):
        face = faces[i].resize((cw, ch), Image.LANCZOS)
        face = face.rotate(tilt * (mid - i), resample=Image.BICUBIC, expand=True)
        x = int(w / 2 - face.width / 2 + (i - mid) * cw * spread)
        y = int(h * middle - face.height / 2 + (0 if i == mid else h * lift))
        if shadow:
            drop = Image.new("RGBA", face.size, (0, 0, 0, 0))
            drop.putalpha(face.getchannel("A").point(lambda a: a * 2 // 5))
            drop = drop.filter(ImageFilter.GaussianBlur(max(1, w / 120)))
            img.paste(drop, (x + max(1, w // 90), y + max(1, h // 50)), drop)
        # paste, not alpha_composite: on a tall narrow tile the outer cards start off the edge
        img.paste(face, (x, y), face)
    return img


def fanned_cards(w: int, h: int, top: tuple[int, int, int], bottom: tuple[int, int, int],
                 faces: Sequence, tilt: float = 12.0, spread: float = 0.55, lift: int = 0):
    """A (w, h) PIL image: a vertical gradient from `top` to `bottom` and the card
    images `faces` (300x420 proportions) fanned across its middle, each `tilt`
    degrees from the next; the outer cards sit `lift` pixels lower."""
    from PIL import Image, ImageDraw
    img = Image.new("RGBA", (w, h), top + (255,))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / h
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)) + (255,))
    return fan(img, faces, tilt=tilt, spread=spread, lift=lift / max(1, h))


def rules_page(package: str) -> Callable[[], str]:
    """The Presentation's rules_markdown: `package`'s rules_page.md, read when shown."""
    return lambda: files(package).joinpath("rules_page.md").read_text(encoding="utf-8")
