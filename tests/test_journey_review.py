"""Journey: Saved games → Review match, then the replay's marks, through the real window, dialogs,
review process and replay viewer.

The player opens the review of a short Paargus match: the progress counts the decisions, Cancel
stops the review (nothing kept), Review again runs it to the end and shows the table, and the
next look shows the kept review at once. Watch replay then marks it on the timeline: a mark
clicked goes to the decision, where the bot's move glows and the status names it."""

from __future__ import annotations

import time

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton
from shell_helpers import make_window

from tabletop.bots.base import make_bot, resolve_plugin
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell.review_dialog import ReviewDialog
from tabletop.store.reviews import review_path
from tabletop.store.saves import SaveStore


def _short_paargus(store: SaveStore):
    game = get_game("paargus")
    match = Match(game, [Seat("human", "Ada"), Seat("bot", "Bot", "ismcts", "hard")], 5,
                  {"hands": 1}, match_id="review-journey")
    bot, rng = make_bot("greedy", "easy", resolve_plugin(game).policy), Rng(5)
    while len(match.log) < 30:
        match.play(bot.choose(game, game.view(match.state, match.to_act), match.legal_actions(), rng))
    return store.save(match)


class Driver:
    """Steps run from a timer while the dialog's own exec runs: each step waits for its
    condition, then acts with a click; a step that never comes ends the dialog."""

    def __init__(self, steps, timeout: float = 60.0) -> None:
        self.steps = list(steps)
        self.seen: list[str] = []
        self.failed: str | None = None
        self.end = time.monotonic() + timeout
        QTimer.singleShot(20, self.tick)

    def tick(self) -> None:
        dialog = QApplication.activeModalWidget()
        if not self.steps:
            return
        name, ready, act = self.steps[0]
        if isinstance(dialog, ReviewDialog) and ready(dialog):
            self.steps.pop(0)
            self.seen.append(name)
            act(dialog)
        elif time.monotonic() > self.end:
            self.failed = f"never got to: {name}"
            if isinstance(dialog, ReviewDialog):
                dialog.reject()
            return
        if self.steps:
            QTimer.singleShot(20, self.tick)


def click(widget) -> None:
    assert widget.isVisible() and widget.isEnabled(), widget.text()
    QTest.mouseClick(widget, Qt.LeftButton)


def test_review_a_saved_match_with_progress_cancel_and_results(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    path = _short_paargus(store)
    win = make_window(qtbot, store)
    saved = next(b for b in win.home.findChildren(QPushButton) if b.text() == "Saved games")
    click(saved)
    assert win.stack.currentWidget() is win.saves
    page = win.saves
    assert page.list.count() == 1 and page.review_btn.isEnabled()
    kept = review_path(path)
    stopped = {}

    def cancelled(d):
        stopped["status"] = d.status.text()
        stopped["kept"] = kept.exists()
        stopped["worker"] = d.worker.running

    first = Driver([
        ("progress", lambda d: d.progress.isVisible() and d.progress.maximum() > 0
         and d.progress.value() >= 1, lambda d: (stopped.update(format=d.progress.format()),
                                                 click(d.cancel_btn))),
        ("cancelled", lambda d: not d.cancel_btn.isVisible(),
         lambda d: (cancelled(d), click(d.again_btn))),
        ("results", lambda d: d.doc is not None and d.table.isVisible(),
         lambda d: (stopped.update(rows=d.table.rowCount(), decisions=len(d.doc["decisions"]),
                                   summary=d.summary.text()), click(d.close_btn))),
    ])
    click(page.review_btn)                     # runs the dialog's exec until Close
    assert first.failed is None, first.failed
    assert first.seen == ["progress", "cancelled", "results"]
    assert stopped["format"].startswith("Decision ")
    assert "stopped" in stopped["status"] and not stopped["kept"] and not stopped["worker"]
    assert stopped["rows"] == stopped["decisions"] > 0
    assert "Turning points" in stopped["summary"] or "No turning points" in stopped["summary"]
    assert kept.exists()

    again = Driver([("kept", lambda d: d.doc is not None,
                     lambda d: (stopped.update(kept_status=d.status.text(),
                                               progress=d.progress.isVisible()),
                                click(d.close_btn)))], timeout=5.0)
    started = time.monotonic()
    click(page.review_btn)
    assert again.failed is None, again.failed
    assert time.monotonic() - started < 3.0
    assert "kept from last time" in stopped["kept_status"] and not stopped["progress"]
    assert win.stack.currentWidget() is win.saves

    # the replay marks the kept review on its timeline; a mark shows the bot's move on the table
    click(page.watch_btn)
    replay = win.replay
    assert win.stack.currentWidget() is replay
    marks = replay.timeline.marks()
    assert marks, "no turning point or disagreement marked"
    move, _text, _kind = marks[0]
    strip = replay.timeline.strip
    QTest.mouseClick(strip, Qt.LeftButton, Qt.NoModifier, QPoint(round(strip._x(move)), 9))
    assert replay.position == move
    seat, bot_move, said = replay.verdicts[move]
    assert replay.presenter.hint == bot_move and replay.scene.status == said
    assert said.startswith(("Turning point", "The bot disagreed"))
    replay.go(move + 1)                         # past the mark: the glow and the words go
    assert replay.presenter.hint is None and replay.scene.status != said
    # Turning points… in the replay opens the same review at once
    inside = Driver([("kept", lambda d: d.doc is not None, lambda d: click(d.close_btn))], timeout=5.0)
    click(replay.review_btn)
    assert inside.failed is None, inside.failed
    assert replay.timeline.marks() == marks
