"""The log folds a run of draws by one seat into one line ("Bot draws 5 cards"), for every game,
the same during play (events arriving move by move) and when the log is rebuilt."""

from __future__ import annotations

import re

import pytest
from test_narration import NAMES, NARRATORS, _random_events

from tabletop.core.event import Event, card_drawn
from tabletop.table.logfold import LogFold, folded
from tabletop.table.narration import Voice


def _fold(game_id: str, viewer, players: int = 2):
    voice = Voice(NAMES[:players], viewer)
    return LogFold(lambda e: NARRATORS[game_id](e, voice), set())


def test_draws_of_one_seat_fold_into_one_line():
    draws = [card_drawn(1, c, f"Card {c}") for c in range(5)]
    _, seen_by_ann = _fold("brawl", 0).lines([e.for_seat(0) for e in draws])
    assert seen_by_ann == [("Bob draws 5 cards.", False)]
    _, seen_by_bob = _fold("brawl", 1).lines([e.for_seat(1) for e in draws])
    assert seen_by_bob == [("You draw Card 0, Card 1, Card 2, Card 3 and Card 4.", False)]
    one = _fold("trials", None).lines([draws[0].for_seat(None)])[1]
    assert one == [("Bob draws a card.", False)]


def test_other_lines_and_other_seats_break_a_run():
    a, b = card_drawn(0, 1, "A"), card_drawn(1, 2, "B")
    assert folded(a.for_seat(None), b.for_seat(None)) is None          # another seat
    assert folded(a, card_drawn(0, 3, "C").for_seat(1)) is None        # seen and unseen
    _, lines = _fold("paargus", None).lines([e.for_seat(None) for e in
                                             (a, a, Event("end_turn", {"seat": 0}), a)])
    assert [t for t, _ in lines][0::2] == ["Ann draws 2 cards.", "Ann draws a card."]


def test_a_draw_in_the_next_batch_replaces_the_last_line():
    fold = _fold("paragons", None)
    assert fold.lines([card_drawn(1, 1, "A").for_seat(None)]) == (False, [("Bob draws a card.", False)])
    assert fold.lines([card_drawn(1, 2, "B").for_seat(None)]) == (True, [("Bob draws 2 cards.", False)])
    fold.follow("Match resumed.")                    # a note in between ends the run
    assert fold.lines([card_drawn(1, 3, "C").for_seat(None)]) == (False, [("Bob draws a card.", False)])


GAMES = [("brawl", 2, 51), ("paargus", 2, 11), ("paragons", 2, 41), ("trials", 2, 21), ("pariah", 2, 31)]


@pytest.mark.parametrize("game_id,players,seed", GAMES)
def test_random_games_never_repeat_a_draw_line(game_id, players, seed):
    events = _random_events(game_id, seed, players, 400)
    for viewer in (0, None):
        seen = [e.for_seat(viewer) for e in events]
        _, whole = _fold(game_id, viewer, players).lines(seen)
        fold = _fold(game_id, viewer, players)
        one_by_one: list[str] = []
        for e in seen:                                # as during play: one event at a time
            replaces, lines = fold.lines([e])
            if replaces:
                one_by_one[-1] = lines.pop(0)[0]
            one_by_one += [t for t, _ in lines]
        texts = [t for t, _ in whole]
        assert one_by_one == texts
        if game_id in ("brawl", "paargus", "paragons") and viewer is None:
            assert any(re.search(r"draws [2-9] cards", t) for t in texts), "no run of draws folded"
        for a, b in zip(texts, texts[1:]):
            assert not (" draw" in a and a == b), f"a draw told twice in a row: {a}"


@pytest.mark.gui
def test_the_side_panel_replaces_its_last_line(qtbot):
    from tabletop.shell.side_panel import SidePanel
    panel = SidePanel()
    qtbot.addWidget(panel)
    panel.add_log("Ann plays X.")
    panel.add_log("Bob draws a card.")
    panel.replace_last_log("Bob draws 2 cards.")
    assert panel.log_lines() == ["Ann plays X.", "Bob draws 2 cards."]
    assert panel.log.toPlainText().split("\n") == panel.log_lines()
    panel.set_log([("Bob draws a card.", False)])
    panel.replace_last_log("Bob draws 3 cards.", True)
    assert panel.log.toPlainText() == "Bob draws 3 cards."
