"""Learn to play Champions' Brawl, as a player meets it: Help > Learn to play > Champions' Brawl,
every step made with the mouse on the real table (picks on the choice screen, drags of champions
and cards, clicks on hexes and buttons), an off-script card refused while the step teaches the
standard action, the challenge scored, Orrin knocked out and Kessa levelled up, and the lesson
marked done, Orrin back from his gate; then the match goes on against the bot's real worker."""

from __future__ import annotations

from player import Player, click, wait_until
from lesson_journey import at_step, make, refused, shows

from tabletop.games.registry import lesson
from tabletop.store.settings import load_settings
from tabletop.table import intents as it


def test_the_brawl_lesson_is_played_with_the_mouse_to_its_end(qapp, tabletop_home):
    les = lesson("brawl")
    mine = les.learner_steps()
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        assert me.tile_button("brawl", "Learn to play").isEnabled()
        me.menu("&Help", "Champions' Brawl")            # Help > Learn to play > Champions' Brawl
        wait_until(me.on_table, what="the lesson's table")
        me.settle_table()
        bar = me.page.lesson_bar
        assert bar.isVisible() and bar.step.text() == f"Lesson · step 1 of {len(mine)}"
        standard = next(i for i, s in enumerate(les.steps) if s.expect.kind == "standard")
        strike = next(i for i, s in enumerate(les.steps) if s.expect.kind == "stop")
        for i in mine:
            step = les.steps[i]
            at_step(me, i)
            shows(me, step)
            if i == standard:
                # off script: Twin Lash dropped on Kessa is a legal move, but not this step's
                refused(me, i, step, it.Drop("card:1", "champ:0", 0, 0))
            if i == strike:
                # the Hint button names the step's own move (Kessa strikes from where she is)
                click(me.page.panel.hint_btn)
                assert me.scene.status.startswith("Hint: Stop"), me.scene.status
            make(me, i, step)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        state = me.ctrl.match.state
        assert state.vp == [3, 0]                        # Azure Vigil's 2 VP and Orrin's 1
        assert state.levelled[0] and state.damage[1] == 2   # Kessa levelled; Sable's Spike Pit
        assert state.pos[3] == 35                        # Orrin back from the gate
        assert me.ctrl.match.result() is None and me.ctrl.my_turn()   # the match goes on
        assert load_settings().lessons_done == ["brawl"]
        # an ordinary match now: the bot's worker, not the script, answers the player's turn
        moves = len(me.ctrl.match.log)
        me.do(it.ButtonPress("btn:end"))
        wait_until(lambda: len(me.ctrl.match.log) > moves + 1 and me.ctrl.match.to_act == 0,
                   timeout=60, what="the bot's turn after the lesson")
    finally:
        me.close()
