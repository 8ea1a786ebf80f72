"""Lessons (tabletop/core/lesson.py, tabletop/table/lesson.py): the format, the referee, and the
headless check every game's lesson must pass (`tabletop tutorial --all --check`)."""

from __future__ import annotations

import copy

import pytest

from tabletop.cli import main
from tabletop.core import Action
from tabletop.core.lesson import Lesson, LessonError, sentences
from tabletop.games.paargus.lessons.lesson import LESSON
from tabletop.games.registry import game_ids, get_game, lesson, plugin
from tabletop.table.lesson import check_lesson


def _check(data: dict, tmp_path) -> list[str]:
    p = plugin(data["game"]).presentation()
    return check_lesson(get_game(data["game"]), Lesson.from_data(data), p.make_presenter,
                        p.rules_markdown(), tmp_path)


def test_every_lesson_plays_to_its_end_on_the_table(capsys):
    assert main(["tutorial", "--all", "--check"]) == 0
    out = capsys.readouterr().out
    assert "paargus: ok, 11 steps" in out
    assert "pariah: ok, 15 steps" in out
    assert "trials: ok, 18 steps" in out
    for game_id in game_ids():                   # the others say they have none yet, no crash
        assert game_id in out


def test_a_lesson_whose_deal_changed_fails_the_check(tmp_path):
    data = copy.deepcopy(LESSON)
    data["seed"] += 1
    problems = _check(data, tmp_path)
    assert problems and "step" in problems[0]


def test_a_step_whose_gestures_make_another_move_fails_with_the_refusal(tmp_path):
    data = copy.deepcopy(LESSON)
    conjoin = next(s for s in data["steps"] if s.get("expect", {}).get("kind") == "conjoin")
    conjoin["expect"] = {"kind": "conjoin", "args": [3, [32, 36, 18]]}   # another fan order
    problems = _check(data, tmp_path)
    assert any("made no move" in p and "Not just now." in p for p in problems), problems


def test_a_pointer_at_nothing_and_a_missing_glossary_term_fail(tmp_path):
    data = copy.deepcopy(LESSON)
    data["steps"][0]["point"] = ["card:99"]
    data["steps"][1]["terms"] = ["Wormhole"]
    problems = _check(data, tmp_path)
    assert any("Wormhole" in p for p in problems)
    assert any("card:99" in p for p in problems)


def test_a_wordy_step_fails(tmp_path):
    data = copy.deepcopy(LESSON)
    data["steps"][0]["say"] += " One more. And another."
    assert any("more than 3 sentences" in p for p in _check(data, tmp_path))


def test_the_referee_refuses_what_the_step_does_not_teach():
    les = lesson("paargus")
    assert les.refusal(0, Action("draw")) is None
    said = les.refusal(0, Action("end_turn"))
    assert said.startswith("Not just now.") and "deck" in said
    assert les.bot_move(2) == Action("draw") and les.bot_move(0) is None
    assert les.refusal(2, Action("end_turn")) is None          # a bot's step is not the learner's
    assert les.number_of(0) == (1, 11) and les.number_of(2) == (3, 11)
    assert les.done(len(les.steps)) and les.step_at(len(les.steps)) is None
    last = les.steps[-1].then
    assert les.said_before(len(les.steps)) == last
    assert les.said_before(len(les.steps) + 3) == last, "the last words stay while the match plays on"


@pytest.mark.parametrize("data, words", [
    ([], "is a dict"),
    ({"game": "paargus", "title": "x", "seed": 1, "steps": [{"bot": {"any": True}}]}, "names its kind"),
    ({"game": "paargus", "title": "x", "seed": 1, "steps": [{"say": "Hi.", "do": [["wave", "x"]]}]},
     "gesture"),
    ({"game": "paargus", "title": "x", "seed": 1, "steps": [{"say": "Hi.", "colour": 1}]}, "colour"),
    ({"game": "paargus", "title": "x", "seed": "1", "steps": []}, "'seed'"),
])
def test_malformed_lessons_say_what_is_wrong(data, words):
    with pytest.raises(LessonError, match=words):
        Lesson.from_data(data)


def test_sentences_are_counted():
    assert sentences("One. Two! Three?") == 3
    assert sentences("Worth 4 points a card, then Confirm.") == 1
    assert sentences("") == 0


def test_a_lesson_that_no_longer_ends_as_it_promises_fails(tmp_path):
    data = copy.deepcopy(LESSON)
    data["steps"] = data["steps"][:-1]           # stops before the winning conjunction
    assert any("promises You wins at its end" in p and "the match goes on" in p for p in _check(data, tmp_path))


def test_damaged_lesson_marks_in_the_settings_fall_back_on_their_own():
    from tabletop.store.settings import clean
    assert clean({"lessons_done": "paargus", "volume": 30}).lessons_done == []
    kept = clean({"lessons_done": ["paargus", 3, None, "paargus", "\ud800"], "volume": 30})
    assert kept.lessons_done == ["paargus"] and kept.volume == 30



def test_a_right_click_gesture_opens_a_pieces_menu_of_moves(tmp_path):
    """Trials activates an effect only from a card's menu: a lesson's right-click opens it on the
    table, and the menu's entries are buttons a later gesture presses."""
    from tabletop.table.lesson import LessonCheck, gesture_intents
    step = Lesson.from_data({"game": "trials", "title": "x", "seed": 1, "steps": [
        {"say": "Hi.", "do": [["right_click", "card:1"], ["button", "btn:menu:0"]]}]}).steps[0]
    assert step.do[0] == ("right_click", "card:1")
    p = plugin("trials").presentation()
    check = LessonCheck(get_game("trials"), lesson("trials"), p.make_presenter, tmp_path)
    intents = gesture_intents(check.scene, step.do[0])
    assert [type(i).__name__ for i in intents] == ["RightClick"] and intents[0].target == "card:1"
    check.session.handle(intents)
    havel = {a.label for a in check.presenter.menu.actions}
    assert havel and all("Captain Havel" in label for label in havel), havel
    assert check.scene.get("btn:menu:0") is not None
    # the step's spotlight dims the table, never the menu the learner opened over it
    scene = check.scene
    scene.set_spotlight(["card:1"])
    panel = scene.get("menu:back").screen_rect(scene.viewport)
    assert scene.spotlight == ("card:1",) and panel in scene.spotlight_rects()
    check.session.handle(gesture_intents(scene, ("button", "btn:menu:cancel")))
    assert scene.spotlight_rects() == [scene.get("card:1").screen_rect(scene.viewport)]
