"""What the draft room's screens share: colours, the card faces, the class
blurbs, and measuring and wrapping text the way the table's labels draw it."""

from __future__ import annotations

from functools import partial

from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.presentation import faces
from tabletop.table import compact
from tabletop.table.fonts import font
from tabletop.table.presenter import GOLD, INK, MUTED, RED  # noqa: F401 (the room takes them from here)

GREEN = (140, 214, 140)
# a class's colour: the panel's tint, its title, its chips (red, blue, green as the text says)
CLASS_RGB = {"warrior": (200, 70, 58), "mage": (70, 120, 214), "ranger": (66, 160, 92)}
CLASS_LIGHT = {"warrior": (255, 150, 130), "mage": (150, 190, 255), "ranger": (150, 225, 160)}

# The class choice in our own words: what the class is about, its character, and how hard the
# rules text says it is to learn; then the class cards shown as a taste of it (by name, so a
# renamed card falls back to the class's first cards rather than failing).
CLASS_BLURB = {
    "warrior": ("Recruitment",
                "Hires from the Mercenary Pool every turn and grows a crowd into a wall of steel.",
                "Learning: medium"),
    "mage": ("Direct damage, buffs and debuffs",
             "Burns foes from afar and bends any mercenary's strength up or down.",
             "Learning: the easiest"),
    "ranger": ("Hidden cards and combos",
               "Waits face down, springs traps, and rewards several cards played in one turn.",
               "Learning: the hardest"),
}
SAMPLES = {
    "warrior": ("Muster Sergeant", "Call the Levy", "Warlord of the Marches"),
    "mage": ("Firebolt", "Glyph of Power", "Curse of Frailty"),
    "ranger": ("Pitfall", "Fang Huntress", "Briar Stalker"),
}


def face(design: str):
    """(face key, compose) of a design's full face, from the game's faces module (the zoom)."""
    return faces.face_key(design), partial(faces.compose_face, design)


def table_face(design: str):
    """(face key, compose) of a design's compact face: a card in a room is too small for its
    rules text (the zoom shows them)."""
    return compact.key(faces.face_key(design)), partial(faces.compose_compact, design)


def back():
    return faces.back_key(), faces.compose_back


def sort_key(design: str, c: int) -> tuple:
    """Cards in the room are sorted by cost, then name (the id keeps twins in a fixed order)."""
    cd = card(design)
    return (cd.cost, cd.name, c)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """The virtual width of a label of `size` (labels are measured at virtual size)."""
    return font(size, bold).size(text)[0]


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` at label size `size`."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def fit(text: str, size: int, width: float, bold: bool = False, floor: int = 14) -> int:
    """The largest label size up to `size` at which `text` fits `width` on one line."""
    while size > floor and text_width(text, size, bold) > width:
        size -= 1
    return size
