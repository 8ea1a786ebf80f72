"""Colours of the Paargus cards: a normal palette and a colour-blind one.

Colour is only ever a second cue: every sigil is recognisable by the shape of
its emblem alone (see faces.py). The colour-blind palette draws the sigils only
in the Okabe–Ito colours (Okabe & Ito, "Color Universal Design", 2008); with
14 sigils and 7 of those colours usable on a night-sky card (black is left
out), each colour is shared by two sigils whose emblems look nothing alike.

Every colour is an ``(r, g, b)`` tuple.
"""

from __future__ import annotations

from copy import deepcopy

# The eight Okabe–Ito colours.
OKABE_ITO = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish_purple": (204, 121, 167),
}

# Shared by both palettes: the night sky itself.
_SKY = {
    "bg_top": (16, 22, 58),          # deep navy at the top of the card
    "bg_bottom": (38, 22, 74),       # indigo at the bottom
    "nebula": (92, 70, 170),         # a faint haze behind the stars
    "star": (226, 232, 255),
    "medallion": (10, 14, 40),       # the dark disc behind each emblem
    "text": (226, 221, 200),         # sigil names and small print
    "frame": (212, 175, 92),         # thin gold frame and meridian
    "frame_dim": (150, 120, 62),
    "back_ink": (212, 175, 92),      # the card back's star chart
}

PALETTES: dict[str, dict] = {
    "normal": {
        **_SKY,
        "alignment": (255, 214, 64),       # bright gold: nothing else on a card is this bright
        "alignment_glow": (255, 190, 60),
        "sigils": {
            "ember": (255, 98, 70),        # flame red
            "tide": (70, 150, 255),        # sea blue
            "quill": (240, 238, 228),      # ivory
            "lantern": (255, 166, 64),     # lamp orange
            "thorn": (128, 206, 84),       # bramble green
            "crown": (186, 132, 255),      # royal violet
            "veil": (168, 182, 255),       # moonlit lavender
            "anvil": (160, 172, 186),      # steel grey
            "harp": (238, 226, 92),        # lemon
            "kestrel": (214, 150, 102),    # tawny
            "hourglass": (226, 196, 140),  # sand
            "compass": (72, 220, 226),     # cyan
            "lotus": (255, 140, 200),      # pink
            "serpent": (46, 200, 150),     # jade
        },
    },
    "colour-blind": {
        **_SKY,
        # Frame stays gold; the alignment mark is Okabe–Ito yellow and keeps its
        # own unmistakable shape (a bar with an eye) and place (the card's edge).
        "alignment": OKABE_ITO["yellow"],
        "alignment_glow": (255, 236, 120),
        "sigils": {
            "ember": OKABE_ITO["vermillion"],
            "thorn": OKABE_ITO["vermillion"],
            "lantern": OKABE_ITO["orange"],
            "kestrel": OKABE_ITO["orange"],
            "crown": OKABE_ITO["yellow"],
            "hourglass": OKABE_ITO["yellow"],
            "tide": OKABE_ITO["sky_blue"],
            "compass": OKABE_ITO["sky_blue"],
            "serpent": OKABE_ITO["bluish_green"],
            "quill": OKABE_ITO["bluish_green"],
            "veil": OKABE_ITO["blue"],
            "anvil": OKABE_ITO["blue"],
            "lotus": OKABE_ITO["reddish_purple"],
            "harp": OKABE_ITO["reddish_purple"],
        },
    },
}

PALETTE_NAMES = tuple(PALETTES)

_ALIASES = {"colour_blind": "colour-blind", "colorblind": "colour-blind",
            "color-blind": "colour-blind", "color_blind": "colour-blind",
            "colourblind": "colour-blind"}


def canonical_name(name: str) -> str:
    """The palette's proper name, accepting the usual spellings of colour-blind."""
    name = _ALIASES.get(name, name)
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r}; expected one of {PALETTE_NAMES}")
    return name


def palette(name: str = "normal") -> dict:
    """A copy of the named palette ("normal" or "colour-blind")."""
    return deepcopy(PALETTES[canonical_name(name)])
