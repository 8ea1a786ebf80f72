"""A hex of the arena named by what the player sees on the board, never by its coordinates:
"the left end of your deployment area", "the trap hex above the Heart", "the Red Court, left of
its statue", "the hex right of the trap hex below the Heart".

Left, right, above and below are as the board is drawn for the seat at the bottom (the arena
turns half round for the second seat), so each player reads them off their own screen. The log
and the move list both name hexes here; the engine's labels keep their coordinates (saved logs
hold them) and menu_words translates them.
"""

from __future__ import annotations

import math
import re
from functools import cache

from tabletop.core.hexgrid import Hex
from tabletop.games.brawl.engine.arena import GATE, arena

# a screen direction, by its angle (degrees, counter-clockwise from the right): as a preposition
_TOWARDS = ((0, "right of"), (45, "up and right of"), (90, "above"), (135, "up and left of"),
            (180, "left of"), (225, "down and left of"), (270, "below"), (315, "down and right of"))
_ORDINAL = ("the left end of", "the 2nd hex from the left of", "the middle of",
            "the 2nd hex from the right of", "the right end of")
_STATUE_AREA = {"yellow": "centre", "blue": "west", "red": "east"}
_COUNT = {2: "two", 3: "three", 4: "four"}
_CENTRE = "yellow"                      # the Heart's statue: every trap hex rings it
_COORDS = re.compile(r"\bhex (-?\d+),(-?\d+)")


def _screen(h: int, me: int) -> tuple[float, float]:
    """Hex h's centre as drawn for seat `me` (pointy-topped hexes, y upwards)."""
    x = arena().hexes[h]
    q, r = (x.q, x.r) if me == 0 else (-x.q, -x.r)
    return math.sqrt(3) * (q + r / 2), -1.5 * r


def _towards(frm: int, to: int, me: int) -> str:
    (x0, y0), (x1, y1) = _screen(frm, me), _screen(to, me)
    angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360
    return min(_TOWARDS, key=lambda d: min(abs(angle - d[0]), 360 - abs(angle - d[0])))[1]


def _steps(frm: int, to: int, me: int) -> str:
    n = arena().dist(frm, to)
    return _towards(frm, to, me) if n == 1 else f"{_COUNT.get(n, n)} steps {_towards(frm, to, me)}"


@cache
def _names(me: int) -> dict[int, tuple[str, int | None]]:
    """Every hex's name for seat `me`: (the words, the deployment area's seat if it names one)."""
    site = arena()
    heart = site.statues[_CENTRE]
    out: dict[int, tuple[str, int | None]] = {}
    for colour, h in site.statues.items():
        out[h] = (f"the {colour} statue", None)
    for seat, row in enumerate(site.deploy):
        for k, h in enumerate(sorted(row, key=lambda h: _screen(h, me)[0])):
            out[h] = (_ORDINAL[k], seat)
    for h in site.trap_hexes:
        out[h] = (f"the trap hex {_towards(heart, h, me)} the Heart", None)
    for colour, statue in site.statues.items():
        area = site.area_names[_STATUE_AREA[colour]]
        for h in site.areas[_STATUE_AREA[colour]]:
            out.setdefault(h, (f"{area}, {_towards(statue, h, me)} its statue", None))
    # the two side corners of the arena: the landmarks of its far edges
    corners = sorted(range(len(site.hexes)), key=lambda h: _screen(h, me)[0])
    out.setdefault(corners[0], ("the left corner of the arena", None))
    out.setdefault(corners[-1], ("the right corner of the arena", None))
    # the rest by the nearest landmark in a row with it: a trap hex, a statue, a deployment hex
    # or a corner (not a court's hex, whose name already leans on its statue)
    marks = {h: rank for rank, hs in enumerate((site.trap_hexes, site.statue_set, *site.deploy,
                                                corners[:1] + corners[-1:])) for h in hs}
    for h in range(len(site.hexes)):
        if h not in out:
            m = min((m for m in marks if site.direction(m, h) >= 0),
                    key=lambda m: (site.dist(m, h), marks[m], m))
            words, seat = out[m]
            out[h] = (f"the hex {_steps(m, h, me)} {words}", seat)
    return out


def place(h: int | None, whose, me: int | None) -> str:
    """Hex h's name for the player at seat `me` (None: as the first seat sees the board);
    `whose(seat)` says a deployment area's owner ("your", "Bob's")."""
    if not isinstance(h, int) or h == GATE:
        return "the gate"
    words, seat = _names(me or 0)[h]
    return words if seat is None else f"{words} {whose(seat)} deployment area"


def named_hexes(label: str, whose, me: int | None) -> str:
    """A label with every "hex q,r" of the engine's turned into the hex's name."""
    def name(m: re.Match) -> str:
        h = arena().index.get(Hex(int(m.group(1)), int(m.group(2))))
        return m.group(0) if h is None else place(h, whose, me)
    return _COORDS.sub(name, label)
