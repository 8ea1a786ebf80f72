"""The side panel stays still while a match is played: a shorter prompt after a longer one
does not pull the moves and the log up (a jump for the eye, and a repaint of the whole panel
at every move), and the seat to play is marked by a gold edge without re-styling its box."""

from PySide6.QtWidgets import QApplication

from shell_helpers import open_match
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

YOU_AND_BOT = [Seat("human", "You"), Seat("bot", "Bot", "greedy", "easy")]
LONG = ("Respond or pass: play an Instant (drag it onto an Avatar) or use an Instant effect "
        "(right-click its card), or press Pass to let the top of the stack resolve.")


def settle(n: int = 10) -> None:
    for _ in range(n):
        QApplication.processEvents()


def table_page(qtbot, tmp_path, game: str):
    """A match of `game` against the bot at 1920x1080, the bot held."""
    _win, page = open_match(qtbot, SaveStore(tmp_path), Match(get_game(game), YOU_AND_BOT, 3), (1920, 1080))
    page.ctrl.paused = True
    settle()
    return page


def test_in_a_tall_window_a_short_prompt_after_a_long_one_moves_nothing_below_it(qtbot, tmp_path):
    page = table_page(qtbot, tmp_path, "trials")
    panel = page.panel
    panel.set_prompt(LONG)
    settle()
    below = panel.splitter.mapTo(panel, panel.splitter.rect().topLeft()).y()
    assert panel.prompt.height() >= 3 * panel.prompt.fontMetrics().lineSpacing()
    for text in ("Bot is responding…", LONG, "Your action: pass.", LONG[:90]):
        panel.set_prompt(text)
        settle()
        assert panel.splitter.mapTo(panel, panel.splitter.rect().topLeft()).y() == below, text
        assert panel.prompt.text() == text
    page.leave()


def test_the_seat_to_play_has_a_gold_edge_and_the_other_none(qtbot, tmp_path):
    page = table_page(qtbot, tmp_path, "pariah")
    boxes = page.panel.seat_boxes
    rows = [("Score", "0")]
    for turn in (0, 1, 0):
        page.panel.set_seats([("You", "you", rows, turn == 0), ("Bot", "bot", rows, turn == 1)])
        settle()
        for i, box in enumerate(boxes[:2]):
            img = box.grab().toImage()
            edge = img.pixelColor(img.width() // 2, 0)          # the top edge, mid-box
            gold = edge.red() > 150 and edge.green() > 110 and edge.blue() < 110
            assert gold == (i == turn), (turn, i, edge.name())
    page.leave()
