"""pygame without a window: the table is drawn offscreen and shown by the shell.

SDL's dummy video driver gives us a display module (needed by convert() and
convert_alpha()) without ever opening a window. Audio is the sound board's (sound.py): it
opens the computer's audio device, so no audio driver is chosen here.
"""

from __future__ import annotations

import os

import pygame

# Qt's QImage.Format_RGB32 on little-endian: bytes B, G, R, pad.
RGB32_MASKS = (0x00FF0000, 0x0000FF00, 0x000000FF, 0)


def init_offscreen() -> None:
    """Initialise pygame's display and font modules headless. Safe to call often."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")   # let SIGTERM stop the app
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    if pygame.display.get_surface() is None:
        # A 1x1 hidden mode: convert()/convert_alpha() need a display format.
        pygame.display.set_mode((1, 1), pygame.HIDDEN)


def make_target(w: int, h: int) -> pygame.Surface:
    """A 32-bit surface whose raw bytes (`get_view('1')`) are a QImage RGB32 image."""
    init_offscreen()
    return pygame.Surface((max(1, int(w)), max(1, int(h))), 0, 32, RGB32_MASKS)


def opaque_pad(target: pygame.Surface, rects=None) -> None:
    """Set the unused fourth byte of every pixel (of `rects` only, when given: the others
    keep theirs) to 0xFF (about 0.2 ms at 1920x1080).

    pygame's alpha blits write 0 there, but Qt documents RGB32 as 0xffRRGGBB and
    copies that byte as alpha when it paints onto an ARGB32_Premultiplied backing
    store (macOS, translucent windows), which would make the table transparent.
    """
    if target.get_bitsize() != 32 or target.get_masks()[3] != 0 or target.get_masks()[2] != 0xFF:
        return
    view = target.get_view("1")
    try:
        alias = pygame.image.frombuffer(view, target.get_size(), "BGRA")  # same pixels, no copy
        for rect in (None,) if rects is None else rects:
            alias.fill((0, 0, 0, 255), rect, special_flags=pygame.BLEND_RGBA_MAX)
        del alias
    finally:
        del view
