"""Acceptance: whole Paragons matches through the app's table (class panels, the draft, deck
building, drops on the boards, right-click menus and banner buttons, as the table page receives
them): a drafted best of 3 against the bot, quit mid-draft and mid-game, resumed from the saved
game and finished, the loser's swap between games made in the room; a pre-constructed
three-for-all played to its end with a seat put out; the new-match dialog's Paragons options.

Every move of the player goes through the table's gestures (`table_move(..., panel=False)`):
the side panel's move list is never needed."""

import random

import pytest

from paragons_ui_helpers import choose, route
from player import answering, button_in, click
from player import choose as choose_entry
from shell_helpers import (finished_and_saved, make_window, open_match, play_until,
                           quit_and_resume, table_move)
from tabletop.core.match import Match, Seat
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import DRAFT, PLAY, SWAP
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui

BOT = Seat("bot", "Bot", "greedy", "normal")
# play_until's limit counts the waits for the bot too: room for a slow start of its worker
ROOM = {"limit": 20000, "wait_ms": 5}


def mover(rng, made: list):
    def move(page):
        a = choose(page.ctrl.match.legal_actions(), rng)
        made.append((page.ctrl.match.state.phase, a.kind))
        table_move(page, a, route, panel=False)
    return move


def test_a_drafted_best_of_3_against_the_bot_quit_mid_draft_and_mid_game(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    seed = 2
    match = Match(GAME, [Seat("human", "You"), BOT], seed, {"variant": "draft", "best_of": 3})
    win, page = open_match(qtbot, store, match)
    made: list = []
    move = mover(random.Random(seed), made)
    st = lambda: page.ctrl.match.state                                    # noqa: E731
    # into the draft: class chosen, a few picks made; quit with the draft half done
    play_until(page, qtbot, lambda: st().phase == DRAFT and st().draft_round >= 1 and page.ctrl.my_turn(),
               move, **ROOM)
    assert page.scene.get("room:title").text == "The Draft"
    win, page = quit_and_resume(qtbot, win, store)
    st = lambda: page.ctrl.match.state                                    # noqa: E731
    assert st().phase == DRAFT and page.scene.get("room:title").text == "The Draft"
    # through the building into the first game; quit during a turn with mercenaries on the board
    play_until(page, qtbot, lambda: st().phase == PLAY and page.ctrl.my_turn() and not st().stack
               and st().pending is None and sum(m >= 0 for m in st().spaces[0]) >= 2, move, **ROOM)
    on_board = [m for m in st().spaces[0] if m >= 0]
    assert all(page.scene.get(f"card:{m}") is not None for m in on_board)
    win, page = quit_and_resume(qtbot, win, store)
    st = lambda: page.ctrl.match.state                                    # noqa: E731
    assert [m for m in st().spaces[0] if m >= 0] == on_board
    assert all(page.scene.get(f"card:{m}") is not None for m in on_board)
    # the rest of the match, the swap between games included
    play_until(page, qtbot, lambda: page.ctrl.match.result() is not None, move, **ROOM)
    result = finished_and_saved(page, store)
    kinds = {k for _, k in made}
    assert {"choose", "pick", "done", "mulligan", "play", "attack", "end_turn"} <= kinds, kinds
    assert {"add", "remove"} & kinds                                     # the deck was changed
    phases = {ph for ph, _ in made}
    s = st()
    assert s.game_no >= 2 and len(s.game_winners) >= 2
    if 1 in s.game_winners[:-1]:                 # the player lost a game that was not the last
        assert SWAP in phases, "the loser's swap was not offered"
    assert page.scene.get("lbl:banner").text == "The match is over"
    info = store.list()[0]
    assert info.finished and info.id == page.ctrl.match.id
    assert result.winners in ([0], [1])
    page.leave()


def test_the_new_match_dialog_offers_paragons_for_two_or_three(qtbot, tmp_path):
    from tabletop.shell.new_match import NewMatchDialog
    dlg = NewMatchDialog("paragons")
    qtbot.addWidget(dlg)
    assert [dlg.players.itemData(i) for i in range(dlg.players.count())] == [2, 3]
    assert len(dlg.rows) == 2
    boxes = dlg.option_boxes
    assert [boxes["variant"].itemData(i) for i in range(boxes["variant"].count())] == ["draft", "preconstructed"]
    assert [boxes["best_of"].itemData(i) for i in range(boxes["best_of"].count())] == [3, 1]
    dlg.players.setCurrentIndex(dlg.players.findData(3))
    assert len(dlg.rows) == 3
    choice = dlg.choice()
    assert len(choice["seats"]) == 3 and choice["options"]["variant"] == "draft"
    # a match started from the dialog (the window's own New match) opens its table
    win = make_window(qtbot, SaveStore(tmp_path / "saves"))

    def start(d):                       # the player's keys on the boxes, then Start
        assert d.game.currentData() == "paragons"
        choose_entry(d.players, 3)
        choose_entry(d.option_boxes["variant"], "preconstructed")
        choose_entry(d.option_boxes["best_of"], 1)
        assert len(d.rows) == 3
        click(button_in(d, "Start"))
    with answering(NewMatchDialog, start):
        win.new_match("paragons")
    page = win.table
    assert win.stack.currentWidget() is page
    s = page.ctrl.match.state
    assert page.game_id() == "paragons" and s.players == 3
    assert s.variant == "preconstructed" and s.best_of == 1
    assert page.scene.get("life:0") is not None and page.scene.get("life:2") is not None
    page.leave()


def in_the_build_room(qtbot, tmp_path, size=(1600, 940)):
    """A drafted match against the bot, drafted at the table until the player's build room
    (the window `size`): the page and a reader of the match's state now."""
    from tabletop.games.paragons.engine.state import BUILD
    match = Match(GAME, [Seat("human", "You"), BOT], 4, {"variant": "draft", "best_of": 1})
    _win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match, size)
    move = mover(random.Random(4), [])
    st = lambda: page.ctrl.match.state                                    # noqa: E731
    play_until(page, qtbot, lambda: st().phase == BUILD and page.ctrl.my_turn(), move, **ROOM)
    qtbot.wait(50)
    return page, st


def test_auto_build_proposes_a_deck_of_class_cards_and_drafts_and_leaves_done_to_the_player(qtbot, tmp_path):
    """Deck building that starts where the player is: after the draft, the Auto-build button (a
    real click on the table) has the hard bot build the deck from the player's own view, one
    swap at a time through the engine, and stops before Done with a sentence; the deck is the
    bots' deckcraft deck, legal, and holds drafted mercenaries."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from player import visible_point, wait_until
    from tabletop.games.paragons.bot import deckcraft
    from tabletop.games.paragons.engine.cards import NEUTRAL, card
    from tabletop.games.paragons.engine.state import BUILD

    page, st = in_the_build_room(qtbot, tmp_path)
    designs = st().designs
    assert not any(card(designs[c]).klass == NEUTRAL for c in st().decks[0]), "the deck starts as class cards"
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, "btn:room:auto"))
    wait_until(lambda: "Your deck is built" in page.scene.status, timeout=60, what="the deck built")
    s = st()
    assert s.phase == BUILD and page.ctrl.my_turn(), "Done is left to the player"
    deck = [designs[c] for c in s.decks[0]]
    want = [designs[c] for c in deckcraft.best_deck([*s.decks[0], *s.reserves[0]], designs)]
    assert sorted(deck) == sorted(want) and len(deck) == 30
    assert sum(card(d).klass == NEUTRAL for d in deck) > 0, "drafted mercenaries are in the deck"
    assert {e.action.kind for e in page.ctrl.match.log[-4:]} <= {"add", "remove"}
    page.leave()


def test_after_the_draft_several_cards_swap_in_one_move_by_ctrl_click_and_keys(qtbot, tmp_path):
    """Multi-select swaps (issue 82): in the build room after a real draft, Ctrl+click marks
    two deck cards and three Reserve Pile cards, Ctrl+Space marks a third deck card the keyboard
    focused (the same mark a Ctrl+click makes), S swaps the 3 and 3 in one move through the
    engine; the deck shows 30 cards and legal, the swapped cards change places, and every other
    card of the Reserve Pile stays where it was (nothing re-sorts under the pointer)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from player import visible_point, wait_until

    page, st = in_the_build_room(qtbot, tmp_path)
    s = st()
    deck0, reserve0 = list(s.decks[0]), list(s.reserves[0])
    assert len(deck0) == 30
    out, into = sorted(deck0)[:3], sorted(reserve0)[-3:]
    where = {c: (page.scene.get(f"card:{c}").x, page.scene.get(f"card:{c}").y) for c in deck0 + reserve0}

    def ctrl_click(c):
        QTest.mouseClick(page.table, Qt.LeftButton, Qt.ControlModifier, visible_point(page.scene, f"card:{c}"))
        qtbot.wait(20)

    for c in out[:2] + into:
        ctrl_click(c)
    # the keyboard: Tab to the third deck card, Ctrl+Space marks it
    page.table.setFocus()
    for _ in range(120):
        if page.scene.focus_id == f"card:{out[2]}":
            break
        QTest.keyClick(page.table, Qt.Key_Tab)
    assert page.scene.focus_id == f"card:{out[2]}"
    QTest.keyClick(page.table, Qt.Key_Space, Qt.ControlModifier)
    qtbot.wait(20)
    assert st().decks[0] == deck0, "marking changes nothing yet"
    for c in out + into:                                 # the marks are visible, each the same
        sprite = page.scene.get(f"card:{c}")
        assert sprite.badge == "✓" and sprite.highlight == "select", c
    swap = page.scene.get("btn:room:swap")
    assert swap is not None and swap.enabled and swap.text.startswith("Swap 3 for 3")
    # a fourth mark on one side disables the swap and the prompt says why; unmarking restores it
    ctrl_click(sorted(deck0)[5])
    assert not page.scene.get("btn:room:swap").enabled and "3 of the Reserve Pile" in page.scene.status
    ctrl_click(sorted(deck0)[5])
    assert page.scene.get("btn:room:swap").enabled
    QTest.keyClick(page.table, Qt.Key_S)
    wait_until(lambda: page.ctrl.match.log and page.ctrl.match.log[-1].action.kind == "exchange",
               what="the swap made")
    qtbot.wait(50)
    s = st()
    assert len(s.decks[0]) == 30 and set(into) <= set(s.decks[0]) and set(out) <= set(s.reserves[0])
    assert page.ctrl.match.log[-1].action.label.startswith("Swap ")
    assert page.scene.get("room:stats:legal").text == "Legal: ready to play."
    assert page.scene.get(f"{'room:area:deck'}:title").text.endswith("30 of 30")
    # the cards swapped take each other's places; the rest of the Reserve Pile has not moved
    for c in reserve0:
        if c not in into:
            sprite = page.scene.get(f"card:{c}")
            assert (sprite.x, sprite.y) == where[c], "a Reserve Pile card moved under the pointer"
    assert sorted((page.scene.get(f"card:{c}").x, page.scene.get(f"card:{c}").y) for c in out) \
        == sorted(where[c] for c in into)
    assert not any(page.scene.get(f"card:{c}").badge for c in out + into), "the marks are cleared"
    assert page.scene.get("btn:room:swap") is None
    page.leave()


def test_at_1280x720_the_build_room_lists_names_and_a_click_on_one_moves_its_card(qtbot, tmp_path):
    """Names on every card (issue 82): in a 1280x720 window the build room's cards are a list,
    each named beside its picture; a real click on a deck card's name sets it aside and one on
    a Reserve Pile card's name puts that card in, through the engine, as clicks on the cards do."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from player import visible_point, wait_until
    from tabletop.games.paragons.engine.cards import card

    page, st = in_the_build_room(qtbot, tmp_path, size=(1280, 720))
    s = st()
    out, into = sorted(s.decks[0])[0], sorted(s.reserves[0])[-1]
    for c in (out, into):
        label = page.scene.get(f"room:name:{c}:0")
        assert label is not None and label.visible and label.text, "the card is not named beside it"
        assert card(s.designs[c]).name.startswith(label.text)
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, f"room:name:{out}:0"))
    wait_until(lambda: out in st().reserves[0], what="the deck card set aside")
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, f"room:name:{into}:0"))
    wait_until(lambda: into in st().decks[0], what="the Reserve Pile card put in")
    assert len(st().decks[0]) == 30 and [e.action.kind for e in page.ctrl.match.log[-2:]] == ["remove", "add"]
    page.leave()
