"""Trials in the app: the new-match dialog's deck choice, glossary links, the player's own
channel, a resized table and the side panel's words (whole matches, duel and battle royale,
are played by the journeys, tests/test_journeys.py)."""

import pytest

from player import answering, button_in, click
from shell_helpers import make_window, open_match
from tabletop.core.match import Match, Seat
from tabletop.games.trials.presentation.deckspec import BOTS_CHOICE
from tabletop.games.trials.engine.decks import starters
from tabletop.games.trials.engine.rules import GAME
from tabletop.store.saves import SaveStore
from tabletop.table import intents as it

pytestmark = pytest.mark.gui


def test_the_new_match_dialog_starts_a_duel_with_starter_decks_in_two_clicks(qtbot):
    from tabletop.shell.new_match import NewMatchDialog
    dlg = NewMatchDialog("trials")
    qtbot.addWidget(dlg)
    assert [dlg.players.itemData(i) for i in range(dlg.players.count())] == [2, 3, 4]
    you, bot = dlg.rows
    assert you.extra.currentData().endswith("pair") or "school" in you.extra.currentData()
    assert bot.extra.currentData() == BOTS_CHOICE
    choice = dlg.choice()
    decks = choice["options"]["decks"]
    # bot's choice is drawn, and the starter is saved as its list: a retuned starter
    # cannot change a saved match
    assert decks[0] == starters()[you.extra.currentData()] and isinstance(decks[1], dict)
    assert decks[0]["cards"] is not starters()[you.extra.currentData()]["cards"]   # its own copy
    match = Match(GAME, choice["seats"], choice["seed"], choice["options"])
    assert match.state.players == 2 and len(match.state.avatars[1]) == 2
    # a seat turned human gets a starter; the royale offers one-Avatar decks
    bot.kind.setCurrentIndex(bot.kind.findData("human"))
    assert bot.extra.currentData() != BOTS_CHOICE
    dlg.players.setCurrentIndex(dlg.players.findData(4))
    assert len(dlg.rows) == 4 and "battle royale" in dlg.rows[0].extra.currentData()
    match = Match(GAME, dlg.choice()["seats"], 3, dlg.choice()["options"])
    assert match.state.players == 4 and all(len(a) == 1 for a in match.state.avatars)


def test_a_saved_deck_is_offered_in_the_new_match_dialog(qtbot):
    from tabletop.shell.new_match import NewMatchDialog
    from tabletop.store.decks import DeckStore
    DeckStore("trials").save("Mine", starters()["Shadow pair"])
    DeckStore("trials").save("Broken", {"avatars": [], "cards": []})   # not legal: not offered
    dlg = NewMatchDialog("trials")
    qtbot.addWidget(dlg)
    labels = [dlg.rows[0].extra.itemText(i) for i in range(dlg.rows[0].extra.count())]
    assert "My deck: Mine" in labels and "My deck: Broken" not in labels


def test_glossary_links_open_the_rules_at_the_entry(qtbot, tmp_path):
    from tabletop.shell.rules_viewer import RulesViewer
    from tabletop.shell.presentations import presentation
    viewer = RulesViewer("Trials", presentation("trials").rules_markdown())
    qtbot.addWidget(viewer)
    assert viewer.show_term("Parry")
    cur = viewer.browser.textCursor()
    block = cur.block().text()
    assert block.startswith("Parry") and "strikes the attacker first" in block
    # the side panel turns the zoom's glossary terms into links that open the rules there
    win = make_window(qtbot, SaveStore(tmp_path / "saves"))
    win.open_match(Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 4))
    page = win.table
    a = page.ctrl.match.state.avatars[0][0]
    page.session.handle([it.Hover(f"card:{a}")])
    terms = page.panel.zoom_terms
    assert terms and "term:" in page.panel.zoom_text.text()
    shown = []

    def read_and_close(rules):
        assert rules is win.rules_viewer                  # the window's own viewer, open
        at = rules.browser.textCursor()
        shown.append((rules.windowTitle(), at.selectedText()))
        glossary = rules.browser.document().find("Glossary")
        assert not glossary.isNull() and at.position() > glossary.position()
        click(button_in(rules, "Close"))
    with answering(RulesViewer, read_and_close):
        page.panel._link(f"term:{terms[0]}")
    assert shown == [(f"Rules of {GAME.info.title}", terms[0])]       # the game, at the term
    assert win.rules_viewer is None
    win.table.leave()


def test_the_players_own_channel_resolves_without_a_pass_click(qtbot, tmp_path):
    """Auto-pass in the real app: holding a 0-cost Instant, the player channels (clicking the
    table's button); once the bot lets it pass, the table passes for the player on their own
    item. With full control (F) the table waits for the player instead."""
    from tabletop.games.trials.engine.cards import pool
    from tabletop.table.presenter import LOCAL
    from trials_helpers import FOE, deck
    store = SaveStore(tmp_path / "saves")
    # the bot holds no Instant, so the item on top stays ours
    cards = [c.id for c in pool().values() if c.type != "avatar" and not c.instant
             and set(c.disciplines) & {d for a in FOE for d in pool()[a].disciplines}][:20]
    for full in (False, True):
        match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 3,
                      {"decks": [deck(["ilsa-of-the-turning-glass", "master-oren-vell"], ["quickened-step"]),
                                 {"avatars": FOE, "cards": cards}], "initiative": 0})
        win, page = open_match(qtbot, store, match)
        win.settings.auto_pass = True
        assert any(match.state.designs[c] == "quickened-step" for c in match.state.hands[0])
        if full:
            assert page.presenter.key("f") == LOCAL
        chosen = page.presenter.button("btn:channel")
        if chosen == LOCAL:                                  # which Avatar: the menu's first
            chosen = page.presenter.button("btn:menu:0")
        assert chosen.kind == "channel"
        page.perform(chosen)
        own = lambda: [e for e in match.log if e.seat == 0 and e.action.kind == "decline"]  # noqa: E731
        if not full:
            qtbot.waitUntil(lambda: bool(own()), timeout=60000)     # the bot first
            assert match.state.stack == [] or match.state.stack[-1].kind != "channel"
        else:
            qtbot.waitUntil(lambda: page.ctrl.my_turn() and bool(match.state.stack), timeout=60000)
            qtbot.wait(1500)
            assert not own() and page.scene.get("btn:decline") is not None
        win.table.leave()


def test_the_table_takes_the_windows_shape_when_it_is_resized(qtbot, tmp_path):
    """Issue 18: no empty band above and below the table, before and after a resize, and the
    pieces move to the refitted zones."""
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 17)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    qtbot.waitUntil(lambda: page.scene.viewport.window == (page.table.width(), page.table.height()),
                    timeout=5000)
    assert page.scene.viewport.offset[1] < 8
    before = page.scene.virtual
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: page.scene.viewport.window == (page.table.width(), page.table.height()),
                    timeout=5000)
    page.table.render_surface()
    assert page.scene.virtual != before and page.scene.viewport.offset[1] < 8
    hand = page.scene.layout.zones["hand"].rect
    cards = [s for s in page.scene.sprites() if s.id.startswith("card:") and s.y >= hand[1] - 1]
    assert cards and all(hand[1] - 1 <= s.y and s.y + s.h <= hand[1] + hand[3] + 1 for s in cards)
    win.table.leave()


def test_the_side_panel_names_the_opponent_a_move_aims_at_as_the_table_does(qtbot, tmp_path):
    """An effect aimed at an opponent reads "at Player 3" in the engine's label; the side panel's
    moves and the hint line name the seat as the table does."""
    names = ["Mordecai the Whisper", "Grosk the Unbroken", "Kaela Emberborn", "Lira Longshot"]
    seats = [Seat("human", "You")] + [Seat("bot", n.split()[0], "greedy", "normal") for n in names[1:]]
    match = Match(GAME, seats, 31, {"decks": [n + " (battle royale)" for n in names], "initiative": 0})
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    qtbot.waitUntil(lambda: page.ctrl.my_turn() and page.panel.moves.count() > 0, timeout=10000)
    engine = [a.label for a in page.panel._actions if a.label.startswith("Mordecai the Whisper, at")]
    shown = [page.panel.moves.item(i).text() for i in range(page.panel.moves.count())]
    assert [lab[:len("Mordecai the Whisper, at Player 2")] for lab in engine] == [
        f"Mordecai the Whisper, at Player {p}" for p in (2, 3, 4)]
    aimed = [t for t in shown if t.startswith("Mordecai the Whisper, at")]
    assert [t.split(":")[0] for t in aimed] == [
        "Mordecai the Whisper, at Grosk", "Mordecai the Whisper, at Kaela", "Mordecai the Whisper, at Lira"]
    confuse = next(a for a in page.panel._actions if a.label.startswith("Mordecai the Whisper, at Player 3"))
    page._hinted(confuse)
    assert page.scene.status.startswith("Hint: Mordecai the Whisper, at Kaela: ")
    assert page.panel.moves.currentItem().text().startswith("Mordecai the Whisper, at Kaela: ")
    win.table.leave()


def test_a_menu_opened_by_right_click_is_never_hidden_by_the_card_drawn_large(qtbot, tmp_path):
    """Right-click a hand card that may go on either Avatar, on the real table: its menu opens
    just beside the card, where the card resting under the pointer used to be drawn large over
    it. While the menu is open no card is drawn large; Escape closes it and the card is again."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from player import visible_point
    from tabletop.table.scene import PEEK_DELAY
    from trials_helpers import FOE, deck
    store = SaveStore(tmp_path / "saves")
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 3,
                  {"decks": [deck(["ilsa-of-the-turning-glass", "master-oren-vell"], ["quickened-step"]),
                             deck(FOE)], "initiative": 0})
    win, page = open_match(qtbot, store, match)
    qtbot.waitUntil(lambda: page.ctrl.my_turn(), timeout=20000)
    s = match.state
    c = next(c for c in s.hands[0] if s.designs[c] == "quickened-step")
    sid = f"card:{c}"
    assert len(page.presenter._plays(c)) >= 2, "the card may go on either Avatar: a menu"
    at = visible_point(page.scene, sid)

    def rest_on_card():
        QTest.mouseMove(page.table, at)
        qtbot.wait(int(PEEK_DELAY * 1000) + 250)

    rest_on_card()
    assert page.scene.peeking == sid, "a card the pointer rests on is drawn large beside it"
    QTest.mouseClick(page.table, Qt.RightButton, Qt.NoModifier, at)
    qtbot.wait(50)
    assert page.presenter.menu.actions, "the right-click opened the card's menu"
    rest_on_card()
    assert page.scene.peeking is None, "no card drawn large over the open menu"
    QTest.keyClick(page.table, Qt.Key_Escape)
    qtbot.wait(50)
    assert not page.presenter.menu.actions
    QTest.mouseMove(page.table, at + type(at)(3, 3))
    rest_on_card()
    assert page.scene.peeking == sid
    win.table.leave()


def test_a_pass_the_table_was_about_to_make_waits_for_a_player_who_took_a_card(qtbot, tmp_path):
    """The bot lets the player's channel pass; before the table passes for them on their own
    item, the player takes their Quickened Step in hand: no pass is made under their hand, while
    they hold it or after they put it back (the move is theirs to make)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from player import visible_point
    from tabletop.games.trials.engine.cards import pool
    from tabletop.table.presenter import LOCAL
    from trials_helpers import FOE, deck
    cards = [c.id for c in pool().values() if c.type != "avatar" and not c.instant
             and set(c.disciplines) & {d for a in FOE for d in pool()[a].disciplines}][:20]
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 3,
                  {"decks": [deck(["ilsa-of-the-turning-glass", "master-oren-vell"], ["quickened-step"]),
                             {"avatars": FOE, "cards": cards}], "initiative": 0})
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    win.settings.auto_pass = True
    chosen = page.presenter.button("btn:channel")
    if chosen == LOCAL:
        chosen = page.presenter.button("btn:menu:0")
    page.perform(chosen)
    qtbot.waitUntil(lambda: page.auto_pass_due, timeout=60000)       # the pass is coming
    moves = len(match.log)
    (step,) = [c for c in match.state.hands[0] if match.state.designs[c] == "quickened-step"]
    sid = f"card:{step}"
    start = visible_point(page.scene, sid)
    QTest.mousePress(page.table, Qt.LeftButton, Qt.NoModifier, start)
    for dx in (4, 10, 18):
        QTest.mouseMove(page.table, start - QPoint(0, dx))
    assert page.scene.dragging == sid
    qtbot.wait(1500)
    assert len(match.log) == moves and not page.auto_pass_due
    QTest.mouseRelease(page.table, Qt.LeftButton, Qt.NoModifier, start)      # put back
    qtbot.wait(1200)
    assert len(match.log) == moves and page.ctrl.my_turn()
    assert page.scene.get("btn:decline") is not None                 # the pass is the player's
    win.table.leave()
