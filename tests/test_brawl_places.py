"""Champions' Brawl names a hex by what the player sees on the board (the Heart, the courts and
their statues, the trap hexes, the deployment areas), never by the engine's coordinates: in the
log and in every move the side panel, the table's menus and the hint line show."""

from __future__ import annotations

import re

import pytest

from tabletop.core import Rng
from tabletop.core.hexgrid import Hex
from tabletop.core.match import Match, Seat
from tabletop.games.brawl.engine.arena import arena
from tabletop.games.brawl.presentation.places import _names, named_hexes, place
from tabletop.games.registry import get_game

COORDS = re.compile(r"-?\d+,-?\d+|\bhex -?\d")


def _whose(me):
    return lambda seat: "your" if seat == me else "Bob's"


def _h(q, r):
    return arena().index[Hex(q, r)]


@pytest.mark.parametrize("me", [0, 1])
def test_every_hex_has_its_own_name_without_numbers(me):
    names = [place(h, _whose(me), me) for h in range(len(arena().hexes))]
    assert len(set(names)) == len(names)
    assert not any(re.search(r"\d", n.replace("2nd", "")) for n in names), names


def test_hexes_are_named_as_each_seat_sees_the_board():
    assert place(_h(1, -2), _whose(0), 0) == "the trap hex above the Heart"
    assert place(_h(1, -2), _whose(1), 1) == "the trap hex below the Heart"     # the board turns
    assert place(_h(-4, 4), _whose(0), 0) == "the left end of your deployment area"
    assert place(_h(-4, 4), _whose(1), 1) == "the right end of Bob's deployment area"
    assert place(_h(2, -1), _whose(0), 0) == "the Red Court, left of its statue"
    assert place(-1, _whose(0), 0) == "the gate"
    assert (named_hexes("Set a trap on hex 1,-2", _whose(0), 0)
            == "Set a trap on the trap hex above the Heart")
    assert (named_hexes("Deploy Kessa Thornvale on hex -4,4", _whose(0), 0)
            == "Deploy Kessa Thornvale on the left end of your deployment area")
    assert _names(0) is _names(0)          # worked out once per seat


@pytest.mark.gui
def test_the_player_reads_no_coordinates_in_moves_or_log(qtbot, tmp_path):
    from shell_helpers import open_match

    from tabletop.store.saves import SaveStore
    match = Match(get_game("brawl"), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 7)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    page.ctrl.paused = True                       # the bot waits: this test moves for both
    rng = Rng(7)
    seen_moves: set[str] = set()
    for _ in range(160):
        if match.to_act is None:
            break
        moves = [page.panel.moves.item(i).text() for i in range(page.panel.moves.count())]
        seen_moves.update(moves)
        page.ctrl._play(rng.choice(match.legal_actions()))
    told = page.panel.log_lines()
    assert any("trap hex" in m for m in seen_moves) and any("deployment area" in m for m in seen_moves)
    assert any(" moves to the " in line for line in told)
    assert not [m for m in seen_moves if COORDS.search(m)], sorted(seen_moves)[:5]
    assert not [line for line in told if COORDS.search(line)], told[:5]
    page.leave()
