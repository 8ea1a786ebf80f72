"""Learn to play Paragons, as a player meets it: from the tile's Learn to play, the class, the
short draft, the deck swap and the first three rounds made as the steps say on the real table;
a Pool card the step does not teach refused with its sentence; Home and Saved games resuming at
the step that answers an attack on the chain; the lesson marked done, the match going on."""

from __future__ import annotations

from player import Player, button_in, click, settle, wait_until
from test_journey_lessons import _at_step, _intent, _learn

from tabletop.games.registry import lesson
from tabletop.store.settings import load_settings
from tabletop.table import intents as it


def _ready(me: Player, n: int) -> None:
    """At the learner's step `n`, once the bar has taken its new height: a step's words may be a
    line longer or shorter than the last, and the table below moves with them."""
    _at_step(me, n)
    seen = {}

    def still() -> bool:
        size, before = me.page.table.size(), seen.get("size")
        seen["size"] = size
        settle(40)
        return size == before

    wait_until(still, what="the table to keep its size under the lesson bar")
    me.settle_table()


def test_the_paragons_lesson_is_played_refused_left_resumed_and_marked_done(qapp, tabletop_home):
    les = lesson("paragons")
    total = les.number_of(0)[1]
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        _learn(me, "paragons")
        bar = me.page.lesson_bar
        assert bar.isVisible() and bar.step.text() == f"Lesson · step 1 of {total}"
        recruit = next(i for i, s in enumerate(les.steps) if s.expect.kind == "recruit")
        answer = next(i for i, s in enumerate(les.steps) if s.expect.kind == "cast")
        for i, step in enumerate(les.steps):
            if step.by_bot:
                continue
            _ready(me, i)
            assert bar.say.text() == step.say
            assert set(me.scene.spotlight) == set(step.point)
            if i == recruit:
                # off script: another card of the Pool, which the engine would allow
                other = next(f"card:{c}" for c in me.ctrl.match.state.pool if f"card:{c}" not in step.point)
                me.do(it.Click(other))
                assert len(me.ctrl.match.log) == i, "the engine saw a refused move"
                assert bar.refused.isVisible() and bar.refused.text() == step.refusal()
            if i == answer:
                # Home, then Saved games: the lesson is listed as one, and resumes at this step
                me.menu("&Game", "&Home")
                wait_until(lambda: me.win.stack.currentWidget() is me.win.home, what="home")
                assert me.win.home.continue_info.text().startswith("Lesson: Paragons")
                click(button_in(me.win.home, "Saved games"))
                rows = [me.win.saves.list.item(r).text() for r in range(me.win.saves.list.count())]
                assert rows and rows[0].startswith("Lesson: Paragons"), rows
                me.win.saves.list.setCurrentRow(0)
                click(me.win.saves.resume_btn)
                wait_until(me.on_table, what="the resumed lesson")
                _ready(me, i)
                assert bar.isVisible() and bar.say.text() == step.say
                assert set(me.scene.spotlight) == set(step.point)
                click(me.page.panel.hint_btn)       # the Hint names the step's own move
                assert me.scene.status.startswith("Hint: Cast Shield Bash"), me.scene.status
            for g in step.do:
                me.do(_intent(g))
            wait_until(lambda: len(me.ctrl.match.log) > i,
                       what=f"the move of step {i + 1} ({me.scene.status!r})")
            assert step.expect.matches(me.ctrl.match.log[i].action)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        state = me.ctrl.match.state
        assert me.ctrl.match.result() is None and state.life == [20, 19]
        assert not any(202 in row for row in state.spaces), "Shield Bash destroyed the Frost Wisp"
        assert load_settings().lessons_done == ["paragons"]
    finally:
        me.close()
