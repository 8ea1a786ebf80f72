"""What the draft room's screens share: colours, the card faces, the class
blurbs, measuring and wrapping text the way the table's labels draw it, and `RoomPart`, the
base of the room's parts (its panels, cards and title; an offer the engine may refuse)."""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.games.paragons.engine.cards import CLASS_NAMES, card
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import BUILD, CLASS, DRAFT, SWAP
from tabletop.games.paragons.presentation import faces
from tabletop.games.paragons.presentation.style import card_sid
from tabletop.table.fonts import font
from tabletop.table.part import Part
from tabletop.table.presenter import GOLD, INK, MUTED, RED  # noqa: F401 (the room takes them from here)
from tabletop.table.sprites import CardSprite, Panel

GREEN = (140, 214, 140)
CARD_RATIO = 1.4                      # a card is 5 by 7
STRIP_PX = 13            # a card's name under it, where its face is too small for it
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


def table_face(design: str, detail: str = "full"):
    """(face key, compose) of a design's table face at `detail` (compact.detail_for): a card in
    a room is too small for its rules text (the zoom shows them)."""
    return faces.table_key(design, detail), partial(faces.compose_table, design, detail)


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


class RoomPart(Part):
    """A screen of the draft room: it draws on the table's virtual 1920x1080 and only proposes
    (a click is the engine's action when that is legal now, else the engine's sentence why not)."""

    def offer(self, a: Action) -> Action | str:
        """The legal action itself (with its label), or the sentence saying why not."""
        t = self.table
        if not t.my_turn:
            return self.waiting()
        for b in t.legal:
            if b == a:
                return b
        reason = GAME.why_illegal(t.view, a)
        if reason is None and a.kind in GAME.open_kinds:      # legal, though too many to list
            return Action(a.kind, a.args, GAME.label(t.view, a))
        return reason or "That is not possible now."

    def waiting(self) -> str:
        t = self.table
        v = t.view
        p = v.deciding
        who = t.seat_names[p]
        klass = f" ({CLASS_NAMES[v.classes[p]]})" if v.classes[p] else ""
        what = {CLASS: "to choose a class", DRAFT: "to draft a card", BUILD: "to build their deck",
                SWAP: "to change their deck"}.get(v.phase, "to decide")
        return f"Waiting for {who}{klass} {what}."

    def card(self, sid: str, design: str | None, x: float, y: float, w: float, z: float,
             seen: set, draggable: bool = False, covered: bool = False) -> CardSprite:
        """A card sprite at (x, y), `w` wide, face up (as much of its face as its size lets it
        say) when its design is known. A `covered` card (the next one of a row lies over its
        right part) shows no name: the next card would cut it (the zoom has it)."""
        detail = self.table.detail(w, card(design).name) if design else "picture"
        if covered and detail in ("full", "name"):
            detail = self.table.table_detail("numbers", w)
        face = table_face(design, detail) if design else (None, None)
        return self.table.put_card(sid, face, back(), x, y,
                                   (w, w * CARD_RATIO), z, seen, draggable=draggable)

    def strip_for(self, name: str, w: float) -> tuple[list[str], float] | None:
        """None when a card `w` wide names itself on its face; else its name's strip under it
        (`name_lines`' lines) and the strip's width (at least `w`)."""
        t = self.table
        if t.detail(w, name) in ("full", "name"):
            return None
        return t.name_lines(name, STRIP_PX, w)

    def strip_height(self, lines: list[str]) -> float:
        return len(lines) * self.table.font(STRIP_PX).get_linesize() + 4

    def put_named_card(self, c: int, design: str, x: float, y: float, w: float, h: float, z: float, seen: set,
                   draggable: bool = False) -> CardSprite:
        """Card `c` in a slot `w` x `h`: the whole slot where its face can carry its name; else a
        smaller card with its name on a strip under it (`room:name:{c}:i`, a click on which is
        one on the card; strip_for says how wide), as the Mercenary Pool names its cards: a
        card a player chooses or reads is never a picture without a name."""
        t = self.table
        strip = self.strip_for(card(design).name, w)
        if strip is None:
            return self.card(card_sid(c), design, x, y, w, z, seen, draggable=draggable)
        lines, _width = strip
        sh = (h - self.strip_height(lines)) / CARD_RATIO
        sprite = self.card(card_sid(c), design, x + (w - sh) / 2, y, sh, z, seen, draggable=draggable,
                           covered=True)
        t.put_name_strip(f"room:name:{c}", lines, x + w / 2, y + sh * CARD_RATIO + 4,
                         t.font(STRIP_PX).get_linesize(), STRIP_PX, INK, seen)
        return sprite

    def panel(self, pid: str, x: float, y: float, w: float, h: float, seen: set, z: float = 5,
              fill=(16, 20, 26, 190), top=None, outline=None, line: float = 2.0,
              radius: float = 16.0) -> Panel:
        """A flat panel of the room: unlike the table's menus, no gold edge unless asked."""
        return self.table.put_panel(pid, x, y, w, h, seen, z, fill=fill, outline=outline, radius=radius,
                                    top=top, line=line)

    def title(self, title: str, sub: str, seen: set) -> None:
        self.table.put_label("room:title", title, 48, 22, 38, GOLD, seen, bold=True)
        self.table.put_label("room:sub", sub, 48, 74, 22, INK, seen)
