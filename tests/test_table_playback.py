"""Events played back in order through the animation queue: cards travel from where they
were, stack items arrive one at a time, damage and healing float up as numbers."""

from tabletop.core.event import Event
from tabletop.table.playback import GREEN, RED, event_cards
from tabletop.table.presenter import Presenter
from tabletop.table.scene import Scene
from tabletop.table.sprites import CardSprite


class Cards(Presenter):
    """A presenter whose view is {sprite id: (x, y)}."""

    def sync(self, view, legal, my_turn, events) -> None:
        seen = set()
        for sid, (x, y) in view.items():
            if self.scene.get(sid) is None:
                self.scene.put(CardSprite(sid, x=x, y=y, w=100, h=140))
            self.scene.move(sid, x, y)
            seen.add(sid)
        self._settle(seen)


def table(pace=1.0):
    scene = Scene()
    scene.pace = pace
    p = Cards(scene, None, None, ["You", "Bot"])
    return scene, p


def run(scene, seconds=10.0, dt=1 / 60):
    t = 0.0
    while scene.update(dt) and t < seconds:
        t += dt
    return t


def floats(scene):
    return [s for s in scene.sprites() if s.id.startswith("fx:float:")]


def test_event_cards_reads_the_data_convention():
    assert event_cards({"card": 3, "unit": 3, "cards": [4, 5]}) == [3, 4, 5]
    assert event_cards({"seat": 1}) == []


def test_a_played_card_travels_from_the_hand_to_its_place():
    scene, p = table()
    p.sync({"card:1": (100, 800)}, [], True, [])
    run(scene)
    events = [Event("play", {"seat": 0, "card": 1, "from": "hand", "to": "stack"})]
    p.sync({"stk:1:0": (900, 300)}, [], True, events)
    p.animate(events)
    stk = scene.get("stk:1:0")
    assert (stk.x, stk.y) == (100, 800)          # it starts where the hand card was
    scene.update(0.1)
    assert 100 < stk.x < 900
    run(scene)
    assert (stk.x, stk.y) == (900, 300)


def test_stack_items_arrive_one_at_a_time():
    scene, p = table()
    p.sync({"card:1": (0, 800), "card:2": (200, 800)}, [], True, [])
    run(scene)
    events = [Event("play", {"card": 1}), Event("play", {"card": 2})]
    p.sync({"stk:1:0": (900, 300), "stk:2:1": (1100, 300)}, [], True, events)
    p.animate(events)
    first, second = scene.get("stk:1:0"), scene.get("stk:2:1")
    scene.update(0.2)
    assert first.x > 0 and (second.x, second.y) == (200, 800)   # the second waits its turn
    run(scene)
    assert (first.x, second.x) == (900, 1100)


def test_damage_and_healing_float_up_from_the_card_in_order():
    scene, p = table()
    p.sync({"card:7": (500, 400)}, [], True, [])
    run(scene)
    events = [Event("damage", {"card": 7, "amount": 3}), Event("heal", {"card": 7, "amount": 2})]
    p.sync({"card:7": (500, 400)}, [], True, events)
    p.animate(events)
    shown = floats(scene)
    assert [(s.text, tuple(s.color)) for s in shown] == [("-3", RED)]   # healing waits
    y0 = shown[0].y
    scene.update(0.3)
    assert shown[0].y < y0 and shown[0].alpha < 1
    assert scene.busy
    seen = set()
    for _ in range(600):
        scene.update(1 / 60)
        seen |= {(s.text, tuple(s.color)) for s in floats(scene)}
        if not scene.busy:
            break
    assert ("+2", GREEN) in seen
    assert not floats(scene) and not scene.busy


def test_a_sync_during_playback_keeps_the_numbers():
    scene, p = table()
    p.sync({"card:7": (500, 400)}, [], True, [])
    events = [Event("damage", {"card": 7, "amount": 4})]
    p.animate(events)
    p.sync({"card:7": (500, 400)}, [], True, [])        # e.g. a hover refresh
    assert floats(scene)


def test_pace_zero_plays_everything_at_once():
    scene, p = table(pace=0)
    p.sync({"card:1": (0, 0)}, [], True, [])
    events = [Event("play", {"card": 1}), Event("damage", {"card": 1, "amount": 2})]
    p.sync({"stk:1:0": (400, 400)}, [], True, events)
    p.animate(events)
    assert not scene.busy and not floats(scene)
    assert (scene.get("stk:1:0").x, scene.get("stk:1:0").y) == (400, 400)


def test_an_event_about_a_card_that_stays_makes_it_pulse():
    scene, p = table()
    p.sync({"card:3": (10, 10)}, [], True, [])
    run(scene)
    p.animate([Event("exhaust", {"card": 3})])
    assert "card:3" in scene.anim.pulses()


def test_a_game_floats_numbers_on_other_pieces():
    scene, p = table()
    p.sync({"chips:0": (100, 100), "chips:1": (100, 500)}, [], True, [])
    p.floats_of = lambda e: [("chips:0", "+5", GREEN), ("chips:1", "-5", RED), ("gone", "+1", GREEN)]
    p.playback.extra = p.floats_of
    p.animate([Event("hand_end", {"winner": 0, "loser": 1, "paid": 5})])
    assert sorted(s.text for s in floats(scene)) == ["+5", "-5"]
    run(scene)
    assert not floats(scene)


def test_a_stack_item_comes_from_the_card_in_play():
    scene, p = table()
    p.sync({"card:4": (300, 700)}, [], True, [])
    run(scene)
    events = [Event("declare_attack", {"card": 4, "target": 9})]
    p.sync({"card:4": (300, 700), "stk:4:0": (900, 300)}, [], True, events)
    p.animate(events)
    stk = scene.get("stk:4:0")
    assert (stk.x, stk.y) == (300, 700)
    run(scene)
    assert (stk.x, stk.y) == (900, 300)
