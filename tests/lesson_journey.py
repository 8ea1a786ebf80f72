"""What every lesson journey does at the real table (tests/test_journey_lesson*.py): wait for a
learner's step with the table steady under the lesson bar, check the bar's words and the
spotlight, make the step's move with its own gestures, try a move the step does not teach, and
leave for Saved games and resume there."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest

from player import Player, button_in, click, settle, wait_until
from tabletop.table import intents as it


def intent(gesture: tuple):
    """A lesson step's gesture (core/lesson.py GESTURES) as the table's intent."""
    kind, *ids = gesture
    if kind == "click":
        return it.Click(ids[0])
    if kind == "button":
        return it.ButtonPress(ids[0])
    if kind == "drag":
        return it.Drop(ids[0], ids[1], 0, 0)
    if kind == "right_click":
        return it.RightClick(ids[0])
    return it.KeyPress(ids[0])


def at_step(me: Player, n: int) -> None:
    """Until the match waits for the learner at log length `n` (the scripted bot has played) and
    the table keeps its size: the bar's new words may change its height, and the table's with
    it, only once the next event reaches the window (the pointer comes onto the table first, as
    a player's does, then the click is aimed)."""
    wait_until(lambda: len(me.ctrl.match.log) == n and me.ctrl.my_turn(), what=f"lesson move {n}")
    size = None
    while size != me.page.table.size():
        size = me.page.table.size()
        QTest.mouseMove(me.page.table, QPoint(4, 4))
        settle(40)
    me.settle_table()


def shows(me: Player, step) -> None:
    """The bar says the step's words and the table lights what it points at."""
    assert me.page.lesson_bar.say.text() == step.say
    assert set(me.scene.spotlight) == set(step.point)


def make(me: Player, i: int, step) -> None:
    """The step's move, made with its own gestures; the engine has exactly the move it teaches."""
    for g in step.do:
        me.do(intent(g))
    wait_until(lambda: len(me.ctrl.match.log) > i, what=f"the move of step {i + 1} ({me.scene.status!r})")
    assert step.expect.matches(me.ctrl.match.log[i].action)


def refused(me: Player, i: int, step, *intents) -> None:
    """A move the step does not teach: refused with the step's sentence, never seen by the engine."""
    for x in intents:
        me.do(x)
    bar = me.page.lesson_bar
    assert len(me.ctrl.match.log) == i, "the engine saw a refused move"
    assert bar.refused.isVisible() and bar.refused.text() == step.refusal()
    assert me.scene.status == step.refusal()


def resumed_from_saved_games(me: Player, i: int, listed: str, continued: str | None = None) -> None:
    """Home (its Continue line starting `continued`, by default `listed`), then Saved games: the
    lesson is listed as one (`listed`), and resumes at step `i`."""
    me.menu("&Game", "&Home")
    wait_until(lambda: me.win.stack.currentWidget() is me.win.home, what="home")
    assert me.win.home.continue_info.text().startswith(continued or listed)
    click(button_in(me.win.home, "Saved games"))
    rows = [me.win.saves.list.item(r).text() for r in range(me.win.saves.list.count())]
    assert rows and rows[0].startswith(listed), rows
    me.win.saves.list.setCurrentRow(0)
    click(me.win.saves.resume_btn)
    wait_until(me.on_table, what="the resumed lesson")
    at_step(me, i)
    assert me.page.lesson_bar.isVisible()
