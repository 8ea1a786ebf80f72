"""The Trials table presenter, headless: every legal action has a way on the table (drags,
right-click menus, buttons) in random duels and battle royales; drag targets are the legal
destinations; hidden cards stay hidden; the priority window is unmistakable; auto-pass."""

import pytest

from presenter_helpers import through_table
from trials_helpers import FOE, avatar, duel, find, put_on, to_discard, to_hand
from trials_ui_helpers import route
from tabletop.core import Action, Rng
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import flow
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.engine.state import OVER
from tabletop.games.trials.presentation.presenter import TrialsPresenter, glossary_terms, terms_on
from tabletop.store.settings import Settings
from tabletop.table.faces import FaceCache
from tabletop.table.ids import number, sprite_id
from tabletop.table.layout import Layout
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene


def make(tmp_path, players=2):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    return scene, TrialsPresenter(scene, scene.faces, Settings(), names)


def show(p, s, seat):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if GAME.to_act(s) == seat else []
    p.sync(view, legal, bool(legal), [])
    return view



def hidden_faces_of_others(scene, s, seat):
    """Face keys on the table for cards `seat` may not see (others' hands and decks)."""
    secret = {c for p in range(s.players) if p != seat for c in (*s.hands[p], *s.decks[p])}
    return [sp.id for sp in scene.sprites() if number(sp.id, "card") in secret and getattr(sp, "face_up", False)]


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 7), (3, 4), (4, 9)])
def test_every_legal_action_is_reachable_through_the_tables_intents(tmp_path, players, seed):
    """Random play, every move made through the table of the seat to act (that seat's eyes)."""
    scene, p = make(tmp_path, players)
    s = GAME.setup({}, seed, players)
    rng = Rng(seed)
    kinds = set()
    for _ in range(260):
        if s.phase == OVER:
            break
        seat = GAME.to_act(s)
        show(p, s, seat)
        assert not hidden_faces_of_others(scene, s, seat)
        legal = GAME.legal_actions(s)
        a = rng.choice(legal)
        got = through_table(p, a, route, lambda: show(p, s, seat), tries=10)
        assert got == a, f"wanted {a.label}, the table made {got}"
        kinds.add(a.kind)
        GAME.apply(s, a)
    assert {"play", "pass"} <= kinds


def test_drag_targets_are_the_legal_destinations(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 3)
    for _ in range(120):
        if s.phase == OVER:
            break
        seat = GAME.to_act(s)
        show(p, s, seat)
        legal = GAME.legal_actions(s)
        for c in s.hands[seat]:
            want = {f"card:{a.args[1]}" for a in legal if a.kind == "play" and a.args[0] == c}
            assert p.drag_targets(f"card:{c}") == want
        for a in s.avatars[seat]:
            want = {f"card:{x.args[1]}" for x in legal if x.kind == "attack" and x.args[0] == a}
            if Action("channel", (a,)) in legal:
                want.add(f"energy:{seat}")
            assert p.drag_targets(f"card:{a}") == want
        GAME.apply(s, Rng(len(str(s.round)) + _).choice(legal))


def test_an_illegal_drop_goes_to_the_engine_for_its_reason(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({"initiative": 0}, 2)
    show(p, s, 0)
    dear = max(s.hands[0], key=lambda c: GAME.legal_actions(s) and __import__(
        "tabletop.games.trials.engine.effects", fromlist=["card_of"]).card_of(s, c).cost)
    got = p.drop(f"card:{dear}", f"card:{s.avatars[0][0]}")
    if got not in GAME.legal_actions(s):
        assert GAME.why_illegal(s, got)
    # an attack on your own Avatar is proposed and refused in words
    got = p.drop(f"card:{s.avatars[0][0]}", f"card:{s.avatars[0][1]}")
    assert got == Action("attack", (s.avatars[0][0], s.avatars[0][1]))
    assert GAME.why_illegal(s, got) == "Attack an enemy card in play."


def _window_for(seat_wanted=1, seed=5):
    """A position where `seat_wanted` holds priority over a declared play."""
    for sd in range(seed, seed + 60):
        s = GAME.setup({"initiative": 0}, sd)
        rng = Rng(sd)
        for _ in range(200):
            if s.phase == OVER:
                break
            if s.stack and s.prio == seat_wanted:
                return s
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    raise AssertionError("no priority window found")


def test_the_priority_window_says_respond_or_pass_with_the_top_of_the_stack(tmp_path):
    scene, p = make(tmp_path)
    s = _window_for(0)
    show(p, s, 0)
    banner = scene.get("lbl:banner")
    assert banner.text == "Respond or pass"
    assert scene.get("lbl:banner2").text.startswith("Top: ")
    assert scene.get("btn:decline").enabled
    assert any(sp.id.startswith("stk:") for sp in scene.sprites())
    assert "Respond or pass" in p.prompt()
    # the other seat sees whose response it is, and no Pass button
    show(p, s, 1)
    assert scene.get("lbl:banner").text.endswith("may respond…")
    assert scene.get("btn:decline") is None


def test_auto_pass_kinds_are_the_two_ways_of_doing_nothing(tmp_path):
    """The table page passes for the player when one of these is the only legal action (the
    auto-pass setting): a response window without a playable Instant, or a turn with no move."""
    scene, p = make(tmp_path)
    assert {"decline", "pass"} == set(p.auto_pass_kinds)


def test_right_click_lists_a_cards_activated_effects_from_the_legal_actions(tmp_path):
    scene, p = make(tmp_path)
    for seed in range(1, 40):
        s = GAME.setup({}, seed)
        seat = GAME.to_act(s)
        acts = [a for a in GAME.legal_actions(s) if a.kind == "activate"]
        if acts:
            break
    show(p, s, seat)
    c = acts[0].args[0]
    acts = [a for a in acts if a.args[0] == c]
    assert p.context(f"card:{c}") == LOCAL
    assert set(acts) <= set(p.menu.actions)
    assert all(a in GAME.legal_actions(s) for a in p.menu.actions)
    show(p, s, seat)
    assert scene.get("btn:menu:0") is not None and scene.get("btn:menu:cancel") is not None
    assert p.button("btn:menu:cancel") == LOCAL and not p.menu.actions
    # an opponent's card has no menu: right-click shows it large instead
    foe = s.avatars[1 - seat][0]
    assert p.context(f"card:{foe}") is None


def test_the_table_shows_avatars_hearts_dice_and_piles(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 11)
    show(p, s, 0)
    for seat in (0, 1):
        for a in s.avatars[seat]:
            assert scene.get(f"card:{a}") is not None
            heart = scene.get(f"hp:{a}")
            assert heart.shape == "heart" and heart.label == str(GAME_hp(s, a))
        assert scene.get(f"energy:{seat}").sides == 10
        assert scene.get(f"deck:{seat}").badge == str(len(s.decks[seat]))
    assert scene.get("round").value == s.round
    # the opponent's hand shows as backs only
    assert sum(1 for sp in scene.sprites() if sp.id.startswith("back:1:")) == len(s.hands[1])


def GAME_hp(s, a):
    from tabletop.games.trials.engine import effects as fx
    return fx.hp_left(s, a)


def test_exhausted_cards_turn_and_shields_show(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({"initiative": 0}, 12)
    a = s.avatars[0][0]
    GAME.apply(s, Action("channel", (a,)))
    s.shields.add(s.avatars[1][0])
    show(p, s, 0)
    assert scene.get(f"card:{a}").angle == -45
    assert scene.get(f"card:{s.avatars[0][1]}").angle == 0
    assert scene.get(f"shield:{s.avatars[1][0]}").shape == "shield"


def test_your_deck_can_be_looked_through_in_order_but_not_the_opponents(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 13)
    show(p, s, 0)
    assert p.click("deck:0") == LOCAL
    show(p, s, 0)
    shown = sorted((sp for sp in scene.sprites() if sprite_id(sp.id).of("view")), key=lambda sp: int(sp.badge))
    assert [number(sp.id, "view") for sp in shown] == s.decks[0]
    assert p.button("btn:browse:close") == LOCAL
    assert p.click("deck:1") is None


def test_the_zoom_links_the_glossary_entries_of_the_cards_keywords(tmp_path):
    terms = glossary_terms()
    assert {"Parry", "Guardian", "Shield", "Exhaust", "Scout"} <= set(terms)
    assert terms_on("Parry.", ("parry",)) == ["Parry"]
    assert "Exhaust" in terms_on("Exhaust: Shield target Avatar.")
    assert "Shield" in terms_on("Exhaust: Shield target Avatar.")
    scene, p = make(tmp_path)
    s = GAME.setup({}, 1)
    show(p, s, 0)
    a = s.avatars[0][0]
    assert p.zoom(f"card:{a}")[2].startswith(GAME_name(s, a))
    # an opponent's hidden hand card has no zoom and no glossary
    assert p.zoom(f"card:{s.hands[1][0]}") is None and p.glossary(f"card:{s.hands[1][0]}") == []


def GAME_name(s, c):
    from tabletop.games.trials.engine import effects as fx
    return fx.name(s, c)


def test_the_match_over_summary_names_the_winner(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 21)
    rng = Rng(21)
    events = []
    while s.phase != OVER:
        events = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    title, html = p.summary(GAME.view(s, 0), events)
    w = s.winners[0]
    assert ("You win" if w == 0 else "Bot 1 wins") in title
    assert "round" in html


def test_a_royales_summary_lists_the_seats_in_the_order_they_finished(tmp_path):
    scene, p = make(tmp_path, players=4)
    s = GAME.setup({}, 5, 4)
    events = []
    for seat in (3, 1, 0):                 # Bot 3 goes first, then Bot 1, then you: Bot 2 wins
        events = []
        fx.deal_damage(s, -1, s.avatars[seat][0], 99, events)
        fx.settle(s, events)
    title, html = p.summary(GAME.view(s, 0), events)
    assert "Bot 2 wins" in title and "<th align='left'>Place</th>" in html
    order = [html.index(f"<b>{n}</b>") for n in ("Bot 2", "You", "Bot 1", "Bot 3")]
    assert order == sorted(order)
    assert [html.count(f"<td>{k}</td>") for k in ("1st", "2nd", "3rd", "4th")] == [1, 1, 1, 1]


# --- the questions asked while something resolves (issue 17) --------------------------------------

def _until_asked(s):
    while s.waiting is None and s.stack:
        GAME.apply(s, Action("decline"))


def _scouting_party():
    s = duel(["lira-longshot", "captain-havel-quickdraw"], initiative=0)
    s.energy[0] = 3
    party = to_hand(s, "scouting-party")
    GAME.apply(s, find(s, "play", party, avatar(s, 0)))
    _until_asked(s)
    return s


def test_a_scout_question_offers_top_bottom_and_no_card_with_the_cards_named(tmp_path):
    scene, p = make(tmp_path)
    s = _scouting_party()
    top, bottom = s.decks[0][0], s.decks[0][-1]
    show(p, s, 0)
    assert scene.get("lbl:banner").text == "Scout: take a card?"
    assert "scout 1 of 2" in scene.get("lbl:banner2").text + " " + scene.get("lbl:banner3").text
    texts = [scene.get(f"btn:answer:{i}").text for i in range(3)]
    assert texts == [f"Top: {fx.name(s, top)}", f"Bottom: {fx.name(s, bottom)}", "No card"]
    assert scene.get("btn:pass") is None and scene.get("btn:decline") is None
    assert "Resolving" in " ".join(sp.text for sp in scene.sprites() if sp.id.startswith("lbl:stk:"))
    assert p.button("btn:answer:1") == Action("scout", (1,))
    assert p.drag_targets(f"card:{s.hands[0][0]}") == set() and p.key("p") is None
    # the other seat sees who chooses and what, and no button
    show(p, s, 1)
    assert scene.get("lbl:banner").text.endswith("is choosing…")
    assert "choosing" in scene.get("lbl:marks:0").text
    assert "scouts" in scene.get("lbl:banner2").text and scene.get("btn:answer:0") is None


def test_the_one_handed_cards_that_may_go_glow_and_a_click_on_one_answers(tmp_path):
    scene, p = make(tmp_path)
    s = duel(["lira-longshot", "captain-havel-quickdraw"], initiative=0)
    a = avatar(s, 0)
    old, new = put_on(s, "sling", a), put_on(s, "hand-crossbow", a)
    pistol = to_discard(s, "flintlock-pistol")
    fx.deal_damage(s, -1, avatar(s, 1, 1), 99, [])
    fx.settle(s, [])
    flow.go_on(s, [])
    _until_asked(s)
    show(p, s, 0)
    assert scene.get("lbl:banner").text == "Make room: which card goes?"
    assert scene.glowing == {f"card:{old}", f"card:{new}"}
    assert p.click(f"card:{new}") == Action("detach", (new,))
    assert p.click(f"card:{pistol}") is None
    assert {scene.get(f"btn:answer:{i}").text for i in range(2)} == {f"Detach {fx.name(s, old)}",
                                                                    f"Detach {fx.name(s, new)}"}


def test_effects_that_trigger_together_are_ordered_with_buttons_or_their_glowing_cards(tmp_path):
    scene, p = make(tmp_path)
    s = duel(["lira-longshot", "captain-havel-quickdraw"], initiative=0)
    quiver = put_on(s, "quiver-of-plenty", avatar(s, 0))
    arrows = put_on(s, "barbed-arrows", avatar(s, 0, 1))
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    show(p, s, 0)
    assert scene.get("lbl:banner").text == "Order the effects"
    assert scene.glowing == {f"card:{quiver}", f"card:{arrows}"}
    names = {scene.get(f"btn:answer:{i}").text for i in range(2)}
    assert names == {fx.name(s, quiver), fx.name(s, arrows)}
    pick = p.click(f"card:{arrows}")
    assert pick.kind == "order" and s.triggered[pick.args[0]].cid == arrows
    GAME.apply(s, pick)
    show(p, s, 1)                                        # on the stack now, answered as usual
    assert [it.cid for it in s.stack] == [quiver, arrows]
    assert "effect triggers" in scene.get("lbl:banner2").text


def test_every_answer_is_reachable_through_the_tables_intents(tmp_path):
    scene, p = make(tmp_path)
    s = _scouting_party()
    for a in GAME.legal_actions(s):
        show(p, s, 0)
        assert through_table(p, a, route, lambda: show(p, s, 0)) == a


def test_auto_pass_lets_your_own_card_resolve_unless_you_take_full_control(tmp_path):
    """Holding a 0-cost Instant, the player is not asked to pass on their own action (as in
    digital card games); with full control (the toggle or F) they are; an opponent's item on top
    always asks, since the Instant could answer it."""
    scene, p = make(tmp_path)
    s = duel(["ilsa-of-the-turning-glass", "master-oren-vell"])
    to_hand(s, "quickened-step", 0)
    GAME.apply(s, find(s, "channel", avatar(s, 0)))            # our own action on the stack
    if s.prio == 1:
        GAME.apply(s, Action("decline"))                       # the opponent lets it pass
    assert s.stack and s.prio == 0 and s.stack[-1].seat == 0
    show(p, s, 0)
    legal = GAME.legal_actions(s)
    assert any(a.kind == "play" for a in legal), "the test needs a playable Instant in hand"
    got = p.auto_pass(legal)
    assert got is not None and got[0].kind == "decline" and "own card" in got[1]
    assert scene.get("btn:control").text == "Full control: off"
    assert p.key("f") == LOCAL and p.full.on
    show(p, s, 0)
    assert scene.get("btn:control").text == "Full control: on"
    assert p.auto_pass(legal) is None
    assert p.button("btn:control") == LOCAL and not p.full.on
    # the opponent's item on top: asked, full control or not
    s2 = duel(FOE, theirs=["ilsa-of-the-turning-glass", "master-oren-vell"])
    to_hand(s2, "quickened-step", 1)
    GAME.apply(s2, find(s2, "channel", avatar(s2, 0)))
    assert s2.prio == 1 and s2.stack[-1].seat == 0
    p.me = 1
    show(p, s2, 1)
    assert any(a.kind == "play" for a in GAME.legal_actions(s2))
    assert p.auto_pass(GAME.legal_actions(s2)) is None


def _rect(sprite) -> tuple[float, float, float, float]:
    """Left, top, right and bottom of the space a sprite takes on the table, turned or not."""
    import math
    t = math.radians(abs(getattr(sprite, "angle", 0.0)))
    half_w = (sprite.w * math.cos(t) + sprite.h * math.sin(t)) / 2
    half_h = (sprite.w * math.sin(t) + sprite.h * math.cos(t)) / 2
    cx, cy = sprite.x + sprite.w / 2, sprite.y + sprite.h / 2
    return cx - half_w, cy - half_h, cx + half_w, cy + half_h


def _box(sprite) -> tuple[float, float]:
    """Left and right of the space a card takes on the table, turned or not."""
    left, _, right, _ = _rect(sprite)
    return left, right


def test_an_exhausted_avatars_attachments_stay_readable_inside_its_zone(tmp_path):
    """Issue 18: an exhausted Avatar holding three attachments, two of them exhausted, was a heap
    of crossing cards. Turned cards now get their turned width: no card covers another's middle,
    and all stay inside the seat's zone."""
    scene, p = make(tmp_path)
    s = duel(["ilsa-of-the-turning-glass", "master-oren-vell"])
    av = avatar(s, 0)
    atts = [put_on(s, "hourhand-rapier", av, ready=False), put_on(s, "sandglass-buckler", av),
            put_on(s, "chronometer-charm", av, ready=False)]
    s.exhausted.add(av)
    show(p, s, 0)
    boxes = [_box(scene.get(f"card:{c}")) for c in [av] + atts]
    for (l1, r1), (l2, r2) in zip(boxes, boxes[1:]):
        assert l2 >= (l1 + r1) / 2, "a card covers the middle of the one before it"
    zx, _, zw, _ = p.layout.zones["my_area"].rect
    assert all(zx <= left and right <= zx + zw for left, right in boxes)



def test_a_royale_opponents_gear_stays_in_its_own_seat_clear_of_the_piles(tmp_path):
    """At a table of four the three opponents share the top row. An exhausted Avatar with four
    attachments, two of them exhausted, spilled over its own deck and discard and into the next
    seat's Avatar: every card of a seat now stays inside the seat, and off the piles."""
    scene, p = make(tmp_path, players=4)
    s = GAME.setup({}, 5, 4)
    foe = 1
    av = avatar(s, foe)
    gear = [c for c in s.decks[foe] if fx.card_of(s, c).type == "equipment"][:4]
    assert len(gear) == 4
    for k, c in enumerate(gear):
        put_on(s, s.designs[c], av, ready=k % 2 == 0)
    s.exhausted.add(av)
    for seat in (1, 2, 3):                 # every pile on the table: a card in each discard too
        s.discards[seat].append(s.decks[seat].pop())
    show(p, s, 0)
    area = p.layout.zones["opp_area"].rect
    w = area[2] / 3
    for i, seat in enumerate((1, 2, 3)):
        x0 = area[0] + i * w
        cards = list(s.avatars[seat]) + [c for a in s.avatars[seat] for c in s.attached.get(a, [])]
        piles = [_rect(scene.get(k)) for k in (f"energy:{seat}", f"deck:{seat}", f"discard:{seat}")]
        for c in cards:
            l, t, r, b = _rect(scene.get(f"card:{c}"))
            assert x0 <= l and r <= x0 + w - 12, f"seat {seat}: {fx.name(s, c)} leaves its seat"
            for pl, pt, pr, pb in piles:
                assert r <= pl or l >= pr or b <= pt or t >= pb, \
                    f"seat {seat}: {fx.name(s, c)} covers a pile"
