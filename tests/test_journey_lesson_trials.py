"""Learn to play Trials, as a player meets it: the tile's Learn to play, every step made with
the mouse on the real table (drags onto an Avatar, an enemy and the energy die, right-clicks for
a card's menu, the banner's Pass: let it resolve, the scout's answer), an off-script move refused
while the step teaches answering an attack, the attack missing Lira because the Cloak answered it
first, and the lesson marked done; then the bot's real worker plays on. (The terms it links:
test_journey_lessons.py opens every lesson's in the rules viewer.)"""

from __future__ import annotations

from player import Player, click, wait_until
from lesson_journey import at_step, make, refused, shows

from tabletop.games.registry import lesson
from tabletop.games.trials.engine import effects as fx
from tabletop.store.settings import load_settings
from tabletop.table import intents as it


def test_the_trials_lesson_is_played_with_the_mouse_to_its_end(qapp, tabletop_home):
    les = lesson("trials")
    mine = les.learner_steps()
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        click(me.tile_button("trials", "Learn to play"))
        wait_until(me.on_table, what="the lesson's table")
        me.settle_table()
        bar = me.page.lesson_bar
        assert bar.isVisible() and bar.step.text() == f"Lesson · step 1 of {len(mine)}"
        answer = next(i for i in mine if les.steps[i].expect.kind == "activate")
        for i in mine:
            step = les.steps[i]
            at_step(me, i)
            shows(me, step)
            if i == answer:
                # off script: letting the attack through is legal, but this step teaches the answer
                refused(me, i, step, it.ButtonPress("btn:decline"))
            make(me, i, step)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        s = me.ctrl.match.state
        assert s.round == 3 and s.initiative == 1                  # Maren passed first twice
        assert fx.hp_left(s, 0) == 9 and fx.hp_left(s, 101) == 10  # the second attack found no target
        assert 21 in s.hands[0]                                    # Sniper's Nest, scouted from the bottom
        assert me.ctrl.match.result() is None
        assert load_settings().lessons_done == ["trials"]
        # an ordinary match now: Maren, with initiative, moves through the bot's worker
        wait_until(lambda: len(me.ctrl.match.log) > len(les.steps), timeout=30, what="the bot's move")
    finally:
        me.close()

