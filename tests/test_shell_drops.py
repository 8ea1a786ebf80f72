"""Drops where people aim (the table issue): a drop on a card that gives it no meaning of its own
counts as a drop on that card's zone, a refused drop says why in the status line, and putting a
piece back where it was says nothing. Through the real shell and table, with the mouse."""

import pytest

from shell_helpers import open_match as open_any
from tabletop.core.match import Match, Seat
from tabletop.games.pariah.engine.state import SELECT
from tabletop.store.saves import SaveStore
from test_shell_table import drag, open_match, screen_of, trio_in_hand, window, zone_point  # noqa: F401

pytestmark = pytest.mark.gui


def test_paargus_drop_on_a_card_in_the_builder_adds_to_the_builder(window, qtbot):
    page = open_match(window, qtbot)
    trio = trio_in_hand(page)
    qtbot.wait(30)
    drag(page, qtbot, screen_of(page, f"card:{trio[0]}"), zone_point(page, "builder"))
    assert page.presenter.builder == trio[:1]
    # the second matching card dropped on the first one (not on the builder's empty felt)
    drag(page, qtbot, screen_of(page, f"card:{trio[1]}"), screen_of(page, f"card:{trio[0]}"))
    assert page.presenter.builder == trio[:2]
    assert page.scene.status == "" or "cannot" not in page.scene.status


def test_a_refused_drop_says_why_and_a_piece_put_back_says_nothing(window, qtbot):
    page = open_match(window, qtbot)
    trio = trio_in_hand(page)
    qtbot.wait(30)
    page.scene.status = ""
    drag(page, qtbot, screen_of(page, f"card:{trio[0]}"), zone_point(page, "opp_array"))
    said = page.scene.status
    assert "cannot go there" in said and "Conjunction builder" in said, said
    assert page.presenter.builder == []
    page.scene.status = ""
    drag(page, qtbot, screen_of(page, f"card:{trio[0]}"), screen_of(page, f"card:{trio[2]}"))
    assert page.scene.status == ""           # dropped on its own hand: back in place, no lecture
    assert page.presenter.builder == []


def test_pariah_drop_on_a_unit_in_the_army_row_picks_it(qtbot, tmp_path):
    from tabletop.games.pariah.engine.rules import GAME
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 5)
    win, page = open_any(qtbot, SaveStore(tmp_path / "saves"), match)
    qtbot.wait(50)
    assert match.state.phase == SELECT
    first, second = sorted(match.state.hands[0])[:2]
    drag(page, qtbot, screen_of(page, f"card:{first}"), zone_point(page, "army"))
    assert first in match.state.picks[0]
    drag(page, qtbot, screen_of(page, f"card:{second}"), screen_of(page, f"card:{first}"))
    assert second in match.state.picks[0]
    win.table.leave()
