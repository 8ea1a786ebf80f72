"""Tweens, pacing, queued steps, flips and dice."""

import pytest

from tabletop.table.anim import Animator, ease_out_cubic
from tabletop.table.sprites import CardSprite, DieSprite, TokenSprite
from tabletop.table.scene import Scene


def run(scene_or_anim, seconds=5.0, dt=1 / 60):
    t = 0.0
    while scene_or_anim.update(dt) and t < seconds:
        t += dt
    return t


def test_ease_out_cubic_shape():
    assert ease_out_cubic(0) == 0 and ease_out_cubic(1) == 1
    assert ease_out_cubic(0.5) > 0.5  # fast start, gentle landing


def test_tween_moves_and_finishes():
    scene = Scene()
    scene.put(TokenSprite("t", x=0, y=0))
    scene.move("t", 300, 100, duration=0.5)
    scene.update(0.25)
    tok = scene.get("t")
    assert 150 < tok.x < 300  # past halfway at half time: eased out
    assert scene.busy
    run(scene)
    assert (tok.x, tok.y) == (300, 100)
    assert not scene.busy


def test_pace_zero_is_instant_and_pace_two_is_slower():
    scene = Scene()
    scene.pace = 0
    scene.put(TokenSprite("t"))
    scene.move("t", 50, 60)
    assert (scene.get("t").x, scene.get("t").y) == (50, 60) and not scene.busy
    scene.pace = 2
    scene.move("t", 0, 0, duration=0.3)
    assert 0.55 <= run(scene) <= 0.65


def test_queue_runs_steps_in_order_after_each_settles():
    scene = Scene()
    scene.put(TokenSprite("a"))
    scene.put(TokenSprite("b"))
    order = []
    scene.anim.then(lambda: (order.append("a"), scene.move("a", 100, 0, duration=0.3)))
    scene.anim.then(lambda: (order.append("b"), scene.move("b", 100, 0, duration=0.3)), pause=0.2)
    scene.anim.then(lambda: order.append("done"))
    assert order == ["a"]  # the first step runs at once
    scene.update(0.2)
    assert order == ["a"] and scene.get("b").x == 0
    scene.update(0.15)
    assert order == ["a", "b"]
    scene.update(0.31)
    assert order == ["a", "b"]  # the pause after b
    run(scene)
    assert order == ["a", "b", "done"]
    assert scene.get("b").x == 100


def test_replacing_a_sprite_keeps_its_tween():
    scene = Scene()
    scene.put(TokenSprite("t", (10, 10, 10)))
    scene.move("t", 200, 0, duration=0.4)
    scene.update(0.1)
    x = scene.get("t").x
    scene.put(TokenSprite("t", (200, 0, 0), "9", x=999, y=999))  # new look, same place
    assert scene.get("t").x == x
    run(scene)
    assert scene.get("t").x == 200 and scene.get("t").label == "9"


def test_flip_on_replace_animates_through_the_edge():
    scene = Scene()
    scene.put(CardSprite("c", "k", lambda: None, face_up=False))
    scene.put(CardSprite("c", "k", lambda: None, face_up=True))
    card = scene.get("c")
    assert card.flip == 0 and not card.showing_face()
    scene.update(0.1)
    assert 0 < card.flip < 1
    run(scene)
    assert card.flip == 1 and card.showing_face()


def test_die_roll_lands_on_the_requested_value():
    scene = Scene()
    die = scene.put(DieSprite("d", sides=20, value=1))
    scene.roll("d", 17, duration=0.8)
    assert die.animating and scene.busy
    seen = set()
    for _ in range(20):
        scene.update(1 / 60)
        seen.add(die.shown)
    assert len(seen) > 1  # it tumbles through other faces
    assert die.spin != 0 or die.hop != 0
    run(scene)
    assert die.value == 17 and die.shown == 17
    assert not die.animating and die.spin == 0 and die.hop == 0


def test_die_roll_with_zero_pace_lands_at_once():
    scene = Scene()
    scene.pace = 0
    die = scene.put(DieSprite("d", value=2))
    scene.roll("d", 6)
    assert die.shown == 6 and not die.animating


def test_queue_waits_for_a_rolling_die():
    scene = Scene()
    scene.put(DieSprite("d"))
    done = []
    scene.anim.then(lambda: scene.roll("d", 4, duration=0.5))
    scene.anim.then(lambda: done.append(True))
    scene.update(0.3)
    assert not done
    run(scene)
    assert done and scene.get("d").shown == 4


def test_pulse_expires():
    scene = Scene()
    scene.put(TokenSprite("t"))
    scene.pulse("t")
    assert scene.anim.pulses() == {"t": 0}
    run(scene)
    assert scene.anim.pulses() == {}


def test_animator_ignores_vanished_sprites():
    sprites = {"x": TokenSprite("x")}
    anim = Animator(sprites.get, sprites.values)
    anim.tween("x", "x", 100, 0.5)
    del sprites["x"]
    assert anim.update(0.1) is False
    anim.tween("nobody", "x", 5)  # no error
    assert not anim.busy


def test_finish_jumps_to_the_end():
    scene = Scene()
    scene.put(TokenSprite("t"))
    scene.move("t", 80, 90, duration=3)
    scene.roll("t", 3)  # not a die: ignored
    scene.anim.finish()
    assert (scene.get("t").x, scene.get("t").y) == (80, 90)
    assert not scene.busy
