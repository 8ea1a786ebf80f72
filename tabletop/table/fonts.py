"""Fonts and text helpers.

Fonts come from the bundled DejaVu files (tabletop.resources.font_path). A
missing or broken font file must never take the table down: we log once and
fall back to pygame's built-in font.
"""

from __future__ import annotations

import functools
import logging

import pygame

from tabletop.resources import font_path

from . import textfloor

log = logging.getLogger(__name__)

Color = tuple[int, int, int] | tuple[int, int, int, int]


@functools.lru_cache(maxsize=256)
def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A cached font of `size` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(4, int(size))
    try:
        path = font_path(bold=bold, serif=serif)
        loaded = pygame.font.Font(str(path), size)
        loaded.size("Ag")  # a non-font file loads "fine" and fails on first use: find out now
        return loaded
    except Exception as exc:  # missing file, unreadable, not a font, no package
        _warn_once(bold, serif, exc)
        fallback = pygame.font.Font(None, size)
        fallback.set_bold(bold)
        return fallback


# Styles already reported, so a broken font logs once rather than per size.
_warned: set[tuple[bool, bool]] = set()


def _warn_once(bold: bool, serif: bool, exc: Exception) -> None:
    if (bold, serif) not in _warned:
        _warned.add((bold, serif))
        log.warning("Tabletop font (bold=%s, serif=%s) could not be loaded (%s); "
                    "using pygame's default font instead.", bold, serif, exc)


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              color: Color, bold: bool = False, anchor: str = "topleft",
              serif: bool = False) -> pygame.Rect:
    """Draw one line of text with its `anchor` point (a pygame.Rect attribute) at `pos`."""
    size = textfloor.lift(size)
    textfloor.drawn(size, text)
    img = font(size, bold, serif).render(text, True, color)
    if len(color) == 4 and color[3] < 255:
        img.set_alpha(color[3])
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Break `text` into lines no wider than `width` pixels (words longer than a line are cut)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while fnt.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and fnt.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines
