"""The 4x2 Combat Board: rows, columns, Surrounding and Adjacent spaces, exposure, placing a
mercenary (with the bump of an occupant) and lifting one off.

Spaces are 0..7 per seat: 0-3 the Front Line, 4-7 the Back Line, i and i + 4 one column.
"""

from __future__ import annotations

from tabletop.games.paragons.engine.state import COLS, SPACES, ParagonsState

ROW_NAMES = ("Front Line", "Back Line")


def is_front(i: int) -> bool:
    return i < COLS


def column(i: int) -> int:
    return i % COLS


def ahead(i: int) -> int | None:
    """The Front Line space in front of a Back Line space (None for the Front Line)."""
    return None if is_front(i) else i - COLS


def adjacent(i: int) -> list[int]:
    """Left and right in the same row."""
    c = column(i)
    return [i + d for d in (-1, 1) if 0 <= c + d < COLS]


def surrounding(i: int) -> list[int]:
    """Left, right, in front and behind."""
    return adjacent(i) + [i + COLS if is_front(i) else i - COLS]


def space_name(i: int) -> str:
    return f"{ROW_NAMES[0 if is_front(i) else 1]}, column {column(i) + 1}"


def exposed(s: ParagonsState, seat: int, i: int) -> bool:
    """A Front Line mercenary, or a Back Line one with no ally in front of it."""
    a = ahead(i)
    return a is None or s.spaces[seat][a] < 0


def blocked_melee(s: ParagonsState, m: int) -> bool:
    """A melee mercenary in the Back Line with an ally in front of it cannot attack."""
    a = ahead(s.space_of(m))
    return a is not None and s.spaces[s.board_of(m)][a] >= 0


def placements(s: ParagonsState, seat: int) -> list[tuple[int, int]]:
    """Every (space, bump) a mercenary can be played to: an empty space with bump -1, or an
    occupied one with the empty Surrounding space its occupant moves to."""
    row = s.spaces[seat]
    out = []
    for i in range(SPACES):
        if row[i] < 0:
            out.append((i, -1))
        else:
            out += [(i, j) for j in surrounding(i) if row[j] < 0]
    return out


def can_place(s: ParagonsState, seat: int, space: int, bump: int) -> bool:
    if not (0 <= space < SPACES):
        return False
    row = s.spaces[seat]
    if row[space] < 0:
        return bump == -1
    return bump in surrounding(space) and row[bump] < 0


def place(s: ParagonsState, seat: int, space: int, bump: int, m: int) -> int:
    """Put `m` on `space`, first moving the occupant to `bump`; returns the bumped mercenary
    (-1 if none). The placement must be legal (can_place)."""
    row = s.spaces[seat]
    moved = row[space]
    if moved >= 0:
        row[bump] = moved
        s.at[moved] = seat * SPACES + bump
    row[space] = m
    s.at[m] = seat * SPACES + space
    return moved


def lift(s: ParagonsState, m: int) -> None:
    """Take `m` off its board and forget its marks (damage, counters, buffs, exhaustion, what
    it did this turn, a defence it was part of). Its Imbuements are the caller's business."""
    where = s.at.pop(m)
    s.spaces[where // SPACES][where % SPACES] = -1
    for marks in (s.damage, s.garrison, s.buff_atk, s.buff_hp):
        marks.pop(m, None)
    for flags in (s.exhausted, s.held, s.fresh, s.attacked, s.cast, s.garrisoned):
        flags.discard(m)
    s.defenders.pop(m, None)
    for a in [a for a, d in s.defenders.items() if d == m]:
        del s.defenders[a]
