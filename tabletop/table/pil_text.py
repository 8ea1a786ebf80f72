"""Text for Pillow-composed pictures (card faces, covers): cached fonts, wrapping, fitting.

The bundled DejaVu fonts (tabletop.resources.font_path); a missing font falls
back to Pillow's default rather than failing a face.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw, ImageFont

from tabletop.resources import font_path
from tabletop.table import textfloor


def font(px: int, bold: bool = False, serif: bool = False) -> ImageFont.FreeTypeFont:
    """The font of `px` pixels (noted for the text floor when a test watches)."""
    textfloor.face_font(px)
    return _font(px, bold, serif)


@lru_cache(maxsize=128)
def _font(px: int, bold: bool, serif: bool) -> ImageFont.FreeTypeFont:
    try:
        return ImageFont.truetype(str(font_path(bold=bold, serif=serif)), max(4, int(px)))
    except OSError:
        return ImageFont.load_default(px)


def wrap(d: ImageDraw.ImageDraw, text: str, fnt, width: float) -> list[str]:
    """Lines of `text` (its own line breaks kept) no wider than `width`."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if d.textlength(trial, font=fnt) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_line(d, text: str, px: int, width: float, bold: bool = True, serif: bool = False,
             floor: int = 12):
    """The largest font up to `px` in which `text` fits on one line of `width`."""
    while px > floor and d.textlength(text, font=font(px, bold, serif)) > width:
        px -= 1
    return font(px, bold, serif)


def fit_block(d, text: str, px: int, box: tuple[float, float], bold: bool = False,
              serif: bool = False, floor: int = 12, leading: float = 1.22):
    """(font, lines, line height) of the largest size up to `px` at which `text` fits `box`."""
    w, h = box
    while True:
        fnt = font(px, bold, serif)
        lines = wrap(d, text, fnt, w)
        lh = px * leading
        if len(lines) * lh <= h or px <= floor:
            return fnt, lines, lh
        px -= 1
