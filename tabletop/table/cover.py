"""What every game's home tile and rules page are made of: a gradient with a fan of
its cards, and the game package's own rules_page.md."""

from __future__ import annotations

from importlib.resources import files
from typing import Callable, Sequence


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
    ch = int(h * 0.86)
    cw = int(ch * 300 / 420)
    mid = (len(faces) - 1) / 2
    for i, face in enumerate(faces):
        face = face.resize((cw, ch), Image.LANCZOS)
        face = face.rotate(tilt * (mid - i), resample=Image.BICUBIC, expand=True)
        img.alpha_composite(face, (int(w / 2 - face.width / 2 + (i - mid) * cw * spread),
                                   int(h / 2 - face.height / 2 + (0 if i == mid else lift))))
    return img


def rules_page(package: str) -> Callable[[], str]:
    """The Presentation's rules_markdown: `package`'s rules_page.md, read when shown."""
    return lambda: files(package).joinpath("rules_page.md").read_text(encoding="utf-8")
