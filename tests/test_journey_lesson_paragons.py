"""Learn to play Paragons, as a player meets it: from the tile's Learn to play, the class, the
short draft, the deck swap and the first three rounds made as the steps say on the real table;
a Pool card the step does not teach refused with its sentence; Home and Saved games resuming at
the step that answers an attack on the chain; the lesson marked done, the match going on."""

from __future__ import annotations

from player import Player, click, wait_until
from lesson_journey import at_step, make, refused, resumed_from_saved_games, shows
from test_journey_lessons import _learn

from tabletop.games.registry import lesson
from tabletop.store.settings import load_settings
from tabletop.table import intents as it


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
        for i in les.learner_steps():
            step = les.steps[i]
            at_step(me, i)
            shows(me, step)
            if i == recruit:
                # off script: another card of the Pool, which the engine would allow
                other = next(f"card:{c}" for c in me.ctrl.match.state.pool if f"card:{c}" not in step.point)
                refused(me, i, step, it.Click(other))
            if i == answer:
                resumed_from_saved_games(me, i, "Lesson: Paragons")
                shows(me, step)
                click(me.page.panel.hint_btn)       # the Hint names the step's own move
                assert me.scene.status.startswith("Hint: Cast Shield Bash"), me.scene.status
            make(me, i, step)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        state = me.ctrl.match.state
        assert me.ctrl.match.result() is None and state.life == [20, 19]
        assert not any(202 in row for row in state.spaces), "Shield Bash destroyed the Frost Wisp"
        assert load_settings().lessons_done == ["paragons"]
    finally:
        me.close()
