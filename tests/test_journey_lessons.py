"""Learn to play, as a player meets it: the home tile's Learn to play button, the lesson's steps
made with the mouse on the real table, an off-script move refused with the step's sentence,
leaving and resuming through Saved games at the same step, the finished lesson marked on the
tile, and Finish on your own turning the lesson into an ordinary match against the easy bot
(its real worker)."""

from __future__ import annotations

import json

import pytest
from lesson_journey import at_step, intent, make, refused, resumed_from_saved_games, shows
from player import Player, button_in, click, settle, wait_until

from tabletop.games.registry import game_ids, lesson, plugin
from tabletop.store.history import History
from tabletop.store.settings import load_settings
from tabletop.table import intents as it


def _learn(me: Player, game_id: str) -> None:
    b = me.tile_button(game_id, "Learn to play")
    assert b.isEnabled()
    click(b)
    wait_until(me.on_table, what="the lesson's table")
    me.settle_table()


def test_the_paargus_lesson_is_played_refused_left_resumed_and_marked_done(qapp, tabletop_home):
    les = lesson("paargus")
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        # the games without a lesson yet: greyed, saying so, and the Help menu's entry too
        for gid in game_ids():
            tile_btn = me.tile_button(gid, "Learn to play")
            assert tile_btn.width() >= tile_btn.sizeHint().width(), f"{gid}'s button is clipped"
            assert tile_btn.isEnabled() == (plugin(gid).lesson is not None)
            if plugin(gid).lesson is None:
                assert tile_btn.toolTip() == "Lesson coming"
                assert not me.win.learn_acts[gid].isEnabled()
        _learn(me, "paargus")
        bar = me.page.lesson_bar
        assert bar.isVisible() and bar.step.text() == "Lesson · step 1 of 11"
        assert me.scene.spotlight == ("deck",)
        conjoin = next(i for i, s in enumerate(les.steps) if s.expect.kind == "conjoin")
        resume_at = next(i for i, s in enumerate(les.steps) if s.expect.kind == "trade")
        for i in les.learner_steps():
            step = les.steps[i]
            at_step(me, i)
            shows(me, step)
            if i == conjoin:
                # off script: the same three cards with the marked card underneath
                refused(me, i, step, *[it.Drop(c, "builder", 0, 0) for c in ("card:18", "card:36", "card:32")],
                        it.ButtonPress("btn:confirm"))
                me.do(it.ButtonPress("btn:clear"))
            if i == resume_at:
                resumed_from_saved_games(me, i, "Lesson: Paargus", continued="Lesson: Paargus: You vs Orrin")
                shows(me, step)
                assert bar.step.text() == f"Lesson · step {les.number_of(i)[0]} of 11"
                # the Hint button names the step's own move
                click(me.page.panel.hint_btn)
                assert me.scene.status.startswith("Hint: Trade"), me.scene.status
            make(me, i, step)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        assert me.ctrl.match.result().winners == [0]
        assert load_settings().lessons_done == ["paargus"]
        with History() as history:          # a scripted match is no part of the statistics
            assert history.matches() == []
        me.answer_summary()
        me.menu("&Game", "&Home")
        done = me.tile_button("paargus", "Learn to play ✓")
        assert done.width() >= done.sizeHint().width(), "the marked button is clipped"
    finally:
        me.close()


def test_finish_on_your_own_plays_on_against_the_easy_bot(qapp, tabletop_home):
    les = lesson("paargus")
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        me.menu("&Help", "Paargus")                 # Help > Learn to play > Paargus
        wait_until(me.on_table, what="the lesson's table")
        me.settle_table()
        for g in les.steps[0].do:
            me.do(intent(g))
        at_step(me, 1)
        click(button_in(me.page.lesson_bar, "Finish on your own"))
        assert not me.page.lesson_bar.isVisible() and me.scene.spotlight == ()
        me.settle_table()                       # the bar gone, the table takes its room
        assert me.ctrl.match.lesson is None and me.ctrl.match.seats[1].difficulty == "easy"
        # an ordinary match now: a move the lesson would refuse is the player's to make
        wait_until(lambda: me.ctrl.my_turn(), what="the player's turn")
        me.do(it.ButtonPress("btn:end"))
        # the easy bot answers through its worker, not the script (which would draw then pass)
        wait_until(lambda: me.ctrl.match.to_act == 0 and len(me.ctrl.match.log) >= 4,
                   timeout=30, what="the easy bot's turn")
        save = me.win.store.path_for(me.ctrl.match.id)
        settle(50)
        assert "lesson" not in json.loads(save.read_text())["match"]
    finally:
        me.close()


def test_a_saved_lesson_the_app_cannot_follow_opens_as_an_ordinary_match(qapp, tabletop_home):
    """A save whose lesson is odd (a game without a lesson, an unknown one, not text): the match
    opens as an ordinary one, the Saved games row names what it can, nothing crashes."""
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        _learn(me, "paargus")
        for g in lesson("paargus").steps[0].do:
            me.do(intent(g))
        at_step(me, 1)
        save = me.win.store.path_for(me.ctrl.match.id)
        me.menu("&Game", "&Home")
        for odd in ("brawl", "no-such-game", 42):
            data = json.loads(save.read_text())
            data["match"]["lesson"] = odd
            save.write_text(json.dumps(data))
            click(button_in(me.win.home, "Saved games"))
            row = me.win.saves.list.item(0).text()
            assert row.startswith("Lesson: Paargus" if isinstance(odd, str) else "Paargus"), row
            me.win.saves.list.setCurrentRow(0)
            click(me.win.saves.resume_btn)
            wait_until(me.on_table, what="the resumed match")
            assert not me.page.lesson_bar.isVisible() and me.scene.spotlight == ()
            assert me.page.ctrl.referee is None and len(me.ctrl.match.log) == 1
            me.menu("&Game", "&Home")
    finally:
        me.close()


# the terms a link could open at the wrong place (an earlier mention in bold, a longer entry)
TRICKY_TERMS = {"paargus": {"Trade", "Sweep", "Quadrant"}, "pariah": {"Priority", "Armor"}}


@pytest.mark.parametrize("game_id", [g for g in game_ids() if plugin(g).lesson is not None])
def test_a_steps_glossary_link_opens_the_rules_at_its_entry(qapp, tabletop_home, game_id):
    """Every term a lesson links opens the rules page at the glossary entry that starts with it
    (not at an earlier mention: "Sky tableau" mentions trading before the Trade entry; Pariah's
    "Priority" is in bold in its overview, and "Armor" starts "Armor Perforation" too). The
    app's own dialog, run by its exec, for the first term; every term on the same viewer."""
    from player import answering
    from tabletop.shell.presentations import presentation
    from tabletop.shell.rules_viewer import RulesViewer
    terms = sorted({t for s in lesson(game_id).steps for t in s.terms})
    assert terms and TRICKY_TERMS.get(game_id, set()) <= set(terms)
    me = Player(size=(1280, 720))
    try:
        seen = {}

        def answer(viewer):
            seen["entry"] = viewer.browser.textCursor().block().text()
            click(button_in(viewer, "Close"))

        with answering(RulesViewer, answer):
            me.win.show_rules(game_id, terms[0])
        assert seen["entry"].startswith(f"{terms[0]}:"), (terms[0], seen["entry"])
    finally:
        me.close()
    viewer = RulesViewer(game_id, presentation(game_id).rules_markdown())
    try:
        for term in terms:
            assert viewer.show_term(term)
            entry = viewer.browser.textCursor().block().text()
            assert entry.startswith(f"{term}:"), (term, entry)
    finally:
        viewer.deleteLater()


def test_the_lesson_bar_never_shrinks_under_the_pointer(qtbot):
    """A shorter step's words leave the bar as tall as it was: the table below does not move up
    between two steps (a click aimed at a hex would land on another)."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget
    from tabletop.shell.lesson_bar import LessonBar
    page = QWidget()                          # as on the table page: the bar above a stretch
    lay = QVBoxLayout(page)
    bar = LessonBar()
    lay.addWidget(bar)
    lay.addStretch(1)
    qtbot.addWidget(page)
    page.resize(900, 600)
    page.show()
    long = "A sentence that goes on for a while so that it wraps. " * 4
    bar.show_step(1, 9, long, "What the last move did, in its own line.", ("Alignment",))
    qtbot.wait(10)
    tall = bar.height()
    bar.show_step(2, 9, "Short.", "")
    qtbot.wait(10)
    assert bar.height() >= tall
    bar.show_step(1, 9, "Short again.", "")          # a new lesson starts from its own words
    qtbot.wait(10)
    assert bar.height() < tall

def test_the_pariah_lesson_is_played_through_with_the_mouse_and_the_match_goes_on(qapp, tabletop_home):
    """Pariah's lesson, every step by mouse on the real table: the secret army, deployment, the
    attacks and abilities in Priority order, the Sweep panel, the shop, Equipment and an
    evolution. An attack on another enemy than the step's is refused with its sentence; at the
    end the easy bot's real worker plays on."""
    les = lesson("pariah")
    total = les.number_of(0)[1]
    me = Player(size=(1280, 720))
    try:
        me.set_animations_off()
        _learn(me, "pariah")
        bar = me.page.lesson_bar
        assert bar.isVisible() and bar.step.text() == f"Lesson · step 1 of {total}"
        first_attack = next(i for i, s in enumerate(les.steps) if s.expect.kind == "attack" and not s.by_bot)
        for i, step in enumerate(les.steps):
            if step.by_bot:
                continue
            # the round's summary opens between rounds: Continue, as a player does
            wait_until(lambda: me.answer_summary() or (len(me.ctrl.match.log) == i and me.ctrl.my_turn()),
                       what=f"lesson move {i}")
            at_step(me, i)
            assert bar.say.text() == step.say
            assert set(me.scene.spotlight) == set(step.point)
            if i == first_attack:
                # off script: the Blaze Dancer dragged onto the Shell Warden, not the Pearl Oracle
                me.do(it.Drop("card:15", "card:109", 0, 0))
                assert len(me.ctrl.match.log) == i, "the engine saw a refused move"
                assert bar.refused.isVisible() and bar.refused.text() == step.refusal()
            for g in step.do:
                me.do(intent(g))
            wait_until(lambda: len(me.ctrl.match.log) > i, what=f"the move of step {i + 1}")
            assert step.expect.matches(me.ctrl.match.log[i].action)
        wait_until(lambda: bar.step.text() == "Lesson complete", what="the lesson's end")
        assert me.scene.spotlight == ()
        assert load_settings().lessons_done == ["pariah"]
        # the match goes on as an ordinary one: Vessa's next move comes from the bot worker
        wait_until(lambda: len(me.ctrl.match.log) > len(les.steps), timeout=30, what="the bot's move")
        assert me.ctrl.match.result() is None
    finally:
        me.close()
