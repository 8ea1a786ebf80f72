"""The Paragons draft room, headless: a real Scene through the class choice, a whole draft and
deck building to Done, this seat playing only through the room's clicks and buttons and the
other seats through a bot; every sprite on the table, cards keeping their grid slots while
others are picked, refused clicks answered with a sentence, and nothing drawn over anything
else. Screenshots of each phase go to /tmp/paragons_room_*.png (PARAGONS_ROOM_SHOTS=1)."""

from __future__ import annotations

import os

import pygame
import pytest

from tabletop.bots.base import make_bot
from tabletop.core import Action, Rng
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine.cards import DECK_SIZE
from tabletop.games.paragons.engine.outcome import finish_game
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import BUILD, CLASS, DRAFT, MULLIGAN, SWAP
from tabletop.games.paragons.bot.policy import POLICY
from tabletop.games.paragons.presentation.buildchart import DECK_AREA, RESERVE_AREA, fit_cards
from tabletop.games.paragons.presentation.draftroom import DraftRoom, round_cards
from tabletop.store.settings import Settings
from tabletop.table.faces import FaceCache
from tabletop.table.ids import sprite_id as typed
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import make_target
from tabletop.table.presenter import Presenter
from tabletop.table.scene import Scene
from tabletop.table.sprites import ButtonSprite, CardSprite, LabelSprite

SHOTS = os.environ.get("PARAGONS_ROOM_SHOTS") == "1"


class _Room(Presenter):
    """The room alone, a part of a presenter as in the Paragons one (its battle table is not needed)."""

    def __init__(self, scene, faces, settings, names, me=0):
        super().__init__(scene, faces, settings, names)
        self.layout = scene.layout
        self.me = self.viewer = me
        self.view = None
        self.room = DraftRoom(self)
        self.parts = [self.room]

    def sync(self, view, legal, my_turn, events):
        self.view, self.legal, self.my_turn = view, legal, my_turn
        seen: set[str] = set()
        self.room.draw(seen)
        self._settle(seen)

    def _highlight(self):
        self.scene.set_glow(self.room.glow())

    def prompt(self):
        return self.room.prompt()


def make(tmp_path, players=2, me=0):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    names = ["Bot", "Bot 2"][:players - 1]
    names.insert(me, "You")
    return scene, _Room(scene, scene.faces, Settings(), names, me)


def show(room, s):
    view = GAME.view(s, room.me)
    mine = GAME.to_act(s) == room.me
    room.sync(view, GAME.legal_actions(s) if mine else [], mine, [])
    room.scene.update(30.0)          # every glide finished: sprites stand where they belong
    return view


def bot_moves(room, s, bot, rng):
    """The other seats act until it is this seat's turn (or the room's phases are over)."""
    while GAME.to_act(s) not in (None, room.me) and s.phase in (CLASS, DRAFT, BUILD, SWAP):
        seat = GAME.to_act(s)
        GAME.apply(s, bot.choose(GAME, GAME.view(s, seat), GAME.legal_actions(s), rng))


def on_table(room):
    """No sprite reaches outside the 1920x1080 table, and no text lies over other text or a card."""
    W, H = room.layout.size
    sprites = [sp for sp in room.scene.sprites() if sp.visible]
    for sp in sprites:
        x, y, w, h = sp.rect
        assert x >= 0 and y >= 0 and x + w <= W and y + h <= H, (sp.id, sp.rect)
    labels = [sp for sp in sprites if isinstance(sp, LabelSprite) and sp.text]
    solid = [sp for sp in sprites if isinstance(sp, (CardSprite, ButtonSprite))]
    for i, a in enumerate(labels):
        for b in labels[i + 1:] + solid:
            assert not _meet(a.rect, b.rect), (a.id, a.text, b.id)
    # the status line's pill: the bottom centre stays clear
    for sp in sprites:
        x, y, w, h = sp.rect
        if not sp.id.startswith(("room:area", "room:row", "room:stats")):
            assert y + h <= H - 70 or x + w < 560 or x > W - 560, (sp.id, sp.rect)


def _meet(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def shot(room, name):
    if not SHOTS:
        return
    for w, h in ((1920, 1080), (1280, 720)):
        target = make_target(w, h)
        room.scene.render(target)
        pygame.image.save(target, f"/tmp/paragons_room_{name}_{w}.png")


def slots(room, view) -> dict[str, tuple[float, float]]:
    return {f"card:{c}": (room.scene.get(f"card:{c}").x, room.scene.get(f"card:{c}").y) for c in view.layout}


# --- the whole room, start to finish -----------------------------------------------------------------
@pytest.mark.parametrize("players, me", [(2, 0), (3, 0), (2, 1), (3, 2)])
def test_class_choice_draft_and_building_through_the_room(tmp_path, players, me):
    scene, room = make(tmp_path, players, me)
    s = GAME.setup({"variant": "draft", "best_of": 3}, 11, players)
    bot, rng = make_bot("greedy", "easy", POLICY), Rng(5)

    # the class choice: three panels, each with sample cards and a Choose button
    bot_moves(room, s, bot, rng)
    view = show(room, s)
    for q in range(me):                      # the seats before this one wished: the room never says what
        assert view.wishes[q] == "?" and scene.get(f"room:wish:{q}").text.endswith("has wished in secret")
    for k in ("warrior", "mage", "ranger"):
        assert scene.get(f"room:class:{k}") is not None
        assert scene.get(f"btn:room:choose:{k}").enabled
        assert sum(1 for sp in scene.sprites() if sp.id.startswith(f"room:class:{k}:sample:")) == 3
    assert room.room.zoom(typed("room:class:mage:sample:0")) is not None
    assert "class" in room.room.prompt().lower()
    on_table(room)
    shot(room, f"class{players}")
    wish = "ranger"
    while s.phase == CLASS:
        if GAME.to_act(s) == room.me:
            view = show(room, s)
            got = room.room.click(typed(f"room:class:{wish}:name"))       # a click anywhere on the panel
            if isinstance(got, str):                                  # taken after a clash
                assert "taken" in got
                got = room.room.button(typed(f"btn:room:choose:{A.CHOOSE.klass(room.legal[0])}"))
            assert isinstance(got, Action) and got in GAME.legal_actions(s)
            GAME.apply(s, got)
            view = show(room, s)
            if s.phase == CLASS and view.wishes[room.me]:
                assert "(secret)" in scene.get(f"room:wish:{room.me}").text
                refused = room.room.click(typed("room:class:mage"))
                assert isinstance(refused, str) and refused.startswith("Waiting for")
                shot(room, f"class{players}_wished")
        bot_moves(room, s, bot, rng)
    assert s.phase == DRAFT

    # the draft: the cards keep their slots while anyone picks; picks go to the seat's row
    picks = 0
    shot_rounds = set()
    while s.phase == DRAFT:
        view = show(room, s)
        on_table(room)
        before = slots(room, view)
        if GAME.to_act(s) != room.me:
            refused = room.room.click(typed(f"card:{view.layout[0]}"))
            assert isinstance(refused, str) and refused.startswith("Waiting for")
            rnd = s.draft_round
            bot_moves(room, s, bot, rng)
            if s.phase == DRAFT and s.draft_round == rnd:
                view = show(room, s)
                after = slots(room, view)
                assert all(after[sid] == before[sid] for sid in after), "a laid-out card moved"
            continue
        glowing = sorted(room.room.glow())
        assert glowing and set(glowing) == {f"card:{c}" for c in view.layout}
        mine = [c for c in room.view.owned[room.me] if c < 100]
        if mine:                                                    # a card already drafted
            refused = room.room.click(typed(f"card:{mine[0]}"))
            assert isinstance(refused, str) and "not laid out" in refused
        if s.draft_round not in shot_rounds:
            shot_rounds.add(s.draft_round)
            shot(room, f"draft{players}_r{s.draft_round}")
        pick = glowing[picks % len(glowing)]
        other = next(q for q in range(players) if q != room.me)
        assert room.room.drop(pick, typed(f"room:row:{other}")) == "Drop a card on your own row to draft it."
        if picks % 2:                                               # now and then by dragging
            assert room.room.drag_targets(pick) == {f"room:row:{room.me}"}
            got = room.room.drop(pick, typed(f"room:row:{room.me}"))
        else:
            got = room.room.click(pick)
        assert isinstance(got, Action) and got.kind == "pick" and got in GAME.legal_actions(s)
        GAME.apply(s, got)
        picks += 1
        view = show(room, s)
        if s.phase == DRAFT and before:
            row = scene.get(f"room:row:{room.me}")
            picked = scene.get(pick)
            assert _meet(picked.rect, row.rect), "the pick did not go to your row"
            after = slots(room, view)
            assert all(after[sid] == before[sid] for sid in after if sid in before)
    assert picks == len([c for c in s.owned[room.me] if c < 100]) == (25 if players == 2 else 20)

    # building: the deck's cards and the Reserve Pile, Done only with 30
    bot_moves(room, s, bot, rng)
    assert s.phase == BUILD and GAME.to_act(s) == room.me
    view = show(room, s)
    on_table(room)
    assert scene.get(DECK_AREA) and scene.get(RESERVE_AREA)
    assert scene.get("btn:room:done").enabled
    assert all(scene.get(f"card:{c}") for c in view.decks[room.me] + view.reserves[room.me])
    shot(room, f"build{players}")
    for _ in range(3):                                              # swap 3 class cards for drafted ones
        view = show(room, s)
        out = sorted(c for c in view.decks[room.me] if c >= 100)[0]      # a class card
        got = room.room.click(typed(f"card:{out}"))
        assert got == A.REMOVE(out)
        GAME.apply(s, got)
        view = show(room, s)
        assert not scene.get("btn:room:done").enabled
        assert "29 of 30" in room.room.prompt()
        refused = room.room.button(typed("btn:room:done"))
        assert isinstance(refused, str) and "exactly 30" in refused
        refused = room.room.click(typed(f"card:{sorted(view.decks[room.me])[0]}"))
        assert isinstance(refused, str) and "first" in refused
        # a drag says the same as a click, dropped on the area or on a card lying in it
        deck_card = f"card:{sorted(view.decks[room.me])[0]}"
        assert room.room.drop(typed(deck_card), RESERVE_AREA) == refused
        assert room.room.drop(typed(deck_card), typed(f"card:{out}")) == refused
        assert room.room.glow() == {f"card:{c}" for c in view.reserves[room.me]}
        put = sorted(c for c in view.reserves[room.me] if c != out and c < 100)[0]
        got = room.room.drop(typed(f"card:{put}"), DECK_AREA) if _ % 2 else room.room.click(typed(f"card:{put}"))
        assert got == A.ADD(put)
        GAME.apply(s, got)
    view = show(room, s)
    assert len(view.decks[room.me]) == DECK_SIZE
    assert scene.get("room:stats:count").text == f"{DECK_SIZE} / {DECK_SIZE}"
    assert sum(int(scene.get(f"room:curve:n:{i}").text or 0) for i in range(8)) == DECK_SIZE
    shot(room, f"build{players}_swapped")
    full = room.room.drop(typed(f"card:{sorted(view.reserves[room.me])[0]}"),
                          typed(f"card:{sorted(view.decks[room.me])[0]}"))
    assert isinstance(full, str) and full == room.room.click(typed(f"card:{sorted(view.reserves[room.me])[0]}")), \
        "a Reserve Pile card dropped on a full deck's card is refused with the reason a click gives"
    got = room.room.key("return")
    assert got == A.DONE()
    GAME.apply(s, got)
    bot_moves(room, s, bot, rng)
    assert s.phase == MULLIGAN


def test_the_draft_grid_is_the_same_after_a_reload_mid_round(tmp_path):
    """The slots follow from the view alone: a fresh room (a loaded match) lays the round out the
    same way as the room that watched the picks."""
    s = GAME.setup({"variant": "draft", "classes": ["warrior", "mage", "ranger"]}, 4, 3)
    rng = Rng(1)
    for _ in range(26):                     # the greater round (18) and into the first lesser
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    scene, room = make(tmp_path, 3)
    view = show(room, s)
    full = round_cards(view)
    assert len(full) == 14 and set(view.layout) <= set(full)
    first = slots(room, view)
    while s.draft_round == 1:
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if s.draft_round == 1:
            assert round_cards(GAME.view(s, 0)) == full
    scene2, room2 = make(tmp_path / "again", 3)
    s2 = GAME.setup({"variant": "draft", "classes": ["warrior", "mage", "ranger"]}, 4, 3)
    rng = Rng(1)
    for _ in range(26):
        GAME.apply(s2, rng.choice(GAME.legal_actions(s2)))
    assert slots(room2, show(room2, s2)) == first


def test_the_swap_between_games_and_the_winner_waiting(tmp_path):
    s = GAME.setup({"variant": "draft", "classes": ["warrior", "mage"]}, 2, 2)
    rng = Rng(3)
    while s.phase != MULLIGAN:
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    while s.phase == MULLIGAN:
        GAME.apply(s, A.MULLIGAN(()))
    finish_game(s, 1, "test", [])            # seat 1 wins game 1: seat 0 may swap
    assert s.phase == SWAP and GAME.to_act(s) == 0
    scene, loser = make(tmp_path, 2, me=0)
    show(loser, s)
    on_table(loser)
    assert "lost" in scene.get("room:sub").text and scene.get("btn:room:done").enabled
    shot(loser, "swap2")
    out = sorted(s.decks[0])[-1]
    got = loser.room.drop(typed(f"card:{out}"), RESERVE_AREA)
    assert got == A.REMOVE(out)
    assert loser.room.drop(typed(f"card:{out}"), DECK_AREA) is None           # dropped where it lies
    scene2, winner = make(tmp_path / "w", 2, me=1)
    show(winner, s)
    on_table(winner)
    assert not scene2.get("btn:room:done").enabled
    assert winner.room.prompt() == "Waiting for Bot (Warrior) to change their deck."
    assert isinstance(winner.room.click(typed(f"card:{sorted(s.decks[1])[0]}")), str)
    shot(winner, "swap2_winner")
    target = make_target(640, 360)          # the room's own panels draw (headless, any size)
    winner.scene.render(target)
    assert len({target.get_at((x, 200))[:3] for x in range(0, 640, 8)}) > 10


def test_cards_fit_both_areas_for_two_and_three_players():
    for caps in ((30, 26), (30, 21)):
        w, cols = fit_cards(caps, 1404, 888)
        assert w >= 90 and cols * (w + 8) <= 1404 - 32 + 8


def test_a_clash_lost_leaves_the_class_taken_and_the_room_says_so(tmp_path):
    """Both wish for the Mage; when the coin gives it to the other seat, the Mage's panel names
    its player, its button is off, and a click on it gets the engine's reason."""
    for seed in range(40):
        s = GAME.setup({"variant": "draft"}, seed, 2)
        scene, room = make(tmp_path / str(seed), 2)
        show(room, s)
        assert room.room.key("2") == A.CHOOSE("mage")
        GAME.apply(s, room.room.key("2"))
        show(room, s)
        assert scene.get("room:wish:1").text == "Bot: choosing…"
        GAME.apply(s, A.CHOOSE("mage"))
        if s.classes[1] == "mage":
            break
    else:
        pytest.fail("no seed gave the clash to the second seat")
    view = show(room, s)
    assert view.phase == CLASS and GAME.to_act(s) == 0
    assert scene.get("room:class:mage:state").text == "Bot plays the Mage"
    assert not scene.get("btn:room:choose:mage").enabled
    assert all(scene.get(f"room:class:mage:sample:{j}").dim for j in range(3))
    refused = room.room.click(typed("room:class:mage:sample:1"))
    assert refused == "The Mage is taken: choose another class."
    assert room.room.glow() == {"room:class:warrior", "room:class:ranger"}
    assert room.room.prompt() == "The Mage is taken: choose among the classes left."
    on_table(room)
    shot(room, "class2_clash")
    got = room.room.button(typed("btn:room:choose:warrior"))
    assert got == A.CHOOSE("warrior")


def test_three_players_swap_one_loser_after_the_other(tmp_path):
    s = GAME.setup({"variant": "draft", "classes": ["warrior", "mage", "ranger"]}, 5, 3)
    rng = Rng(4)
    while s.phase != MULLIGAN:
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    while s.phase == MULLIGAN:
        GAME.apply(s, A.MULLIGAN(()))
    finish_game(s, 2, "test", [])            # the Ranger wins: the Warrior, then the Mage may swap
    assert s.phase == SWAP and GAME.to_act(s) == 0
    scene, mage = make(tmp_path, 3, me=1)
    show(mage, s)
    on_table(mage)
    assert scene.get("room:sub").text.startswith("Bot is changing their deck: each player who lost")
    GAME.apply(s, A.DONE())
    show(mage, s)
    assert scene.get("room:sub").text.startswith("You lost that game")
    assert mage.room.key("return") == A.DONE()
    scene2, ranger = make(tmp_path / "r", 3, me=2)
    show(ranger, s)
    assert "you won it" in scene2.get("room:sub").text


def test_building_cards_hold_their_places_and_a_swap_takes_the_place_of_the_card_it_replaces(tmp_path):
    """Nothing slides under the pointer: putting a Reserve Pile card into the deck leaves its
    place empty (the cards after it stay put), and in a swap the card put in takes the place of
    the card set aside. Auto-build is offered to the player building, with what it does."""
    scene, room = make(tmp_path)
    s = GAME.setup({"variant": "draft", "best_of": 1}, 11, 2)
    bot, rng = make_bot("greedy", "easy", POLICY), Rng(5)
    while not (s.phase == BUILD and GAME.to_act(s) == room.me):
        GAME.apply(s, bot.choose(GAME, GAME.view(s, GAME.to_act(s)), GAME.legal_actions(s), rng))
    view = show(room, s)
    auto = scene.get("btn:room:auto")
    assert auto is not None and auto.enabled and "at least 16 mercenaries" in auto.tooltip

    def where(c):
        sp = scene.get(f"card:{c}")
        return sp.x, sp.y

    for _ in range(3):
        view = show(room, s)
        out = sorted(c for c in view.decks[room.me] if c >= 100)[0]
        put = sorted(c for c in view.reserves[room.me] if c < 100)[-1]
        out_at = where(out)
        GAME.apply(s, room.room.click(typed(f"card:{out}")))
        view = show(room, s)
        reserve_at = {c: where(c) for c in view.reserves[room.me]}
        GAME.apply(s, room.room.click(typed(f"card:{put}")))
        view = show(room, s)
        assert where(put) == out_at, "the card put in takes the place of the card set aside"
        assert all(where(c) == reserve_at[c] for c in view.reserves[room.me]), "a Reserve Pile card moved"
        on_table(room)
