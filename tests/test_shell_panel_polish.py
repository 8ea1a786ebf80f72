"""The side panel and the small things players notice (issue 18): the log below a splitter,
told again after a resume as during play, the card preview cleared, one line per undo and
per wait, winners by name, the new-match dialog, saved games, settings and credits."""

import re

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel, QMessageBox

from player import answering, button_in, click
from shell_helpers import make_window, open_match
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import all_games, get_game
from tabletop.shell import main_window as main_window_module
from tabletop.shell.about import credits_markdown
from tabletop.shell.new_match import NewMatchDialog
from tabletop.shell.presentations import presentation
from tabletop.shell.settings_dialog import SettingsDialog
from tabletop.store.saves import SaveStore
from tabletop.store.settings import Settings
from tabletop.table import intents as it

pytestmark = pytest.mark.gui

YOU_AND_BOT = [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")]


def play(page, moves: int, seed: int = 5, stop=None) -> None:
    """Random moves of every seat through the controller, as the table receives them."""
    rng = Rng(seed)
    for _ in range(moves):
        match = page.ctrl.match
        if match.to_act is None or (stop is not None and stop()):
            return
        page.ctrl._play(rng.choice(match.legal_actions()))


def settle(n: int = 10) -> None:
    for _ in range(n):
        QApplication.processEvents()


# --- the log ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_is_below_a_splitter_the_player_drags_to_enlarge_it(qtbot, tmp_path, themed, size):
    match = Match(get_game("pariah"), YOU_AND_BOT, 5)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match, size)
    page.ctrl.paused = True
    play(page, 40)
    settle()
    panel = page.panel
    assert panel.log.isVisible() and panel.splitter.isAncestorOf(panel.log)
    assert panel.splitter.isAncestorOf(panel.moves)          # what sits above it gives way
    before = panel.log.height()
    assert before >= 80                                       # several lines from the start
    handle = panel.splitter.handle(1)
    panel.splitter.moveSplitter(handle.y() - 400, 1)         # the player drags the handle up
    settle()
    # the log takes all the room the moves list above can give (at 1280x720 in the app's own
    # fonts that is about 30 px: the list keeps its least height)
    upper = panel.splitter.widget(0)
    assert panel.log.height() >= before + 25
    assert panel.splitter.sizes()[0] <= upper.minimumSizeHint().height() + 2
    # every line wrapped in full, none cut with "..."
    assert all("…" not in line and "..." not in line for line in panel.log_lines())
    assert panel.log.horizontalScrollBar().maximum() == 0
    bar = panel.log.verticalScrollBar()
    assert bar.value() == bar.maximum()
    page.leave()


def test_a_resume_from_home_tells_the_log_as_during_play_scrolled_to_the_end(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = Match(get_game("pariah"), YOU_AND_BOT, 5)
    win, page = open_match(qtbot, store, match)
    page.ctrl.paused = True
    play(page, 70)
    during = page.panel.log_lines()
    assert any(" rolls " in line for line in during)          # the dice are told
    win.show_home()
    win.resume(match.id)
    settle()
    after = win.table.panel.log_lines()
    assert after[:-1] == during and after[-1] == "Match resumed."
    bar = win.table.panel.log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    win.table.leave()


# --- the card preview ------------------------------------------------------------------------
HELP = "Hover a card to see it large"


def _hover_a_card(page) -> str:
    """Hover a card the table shows large; its id."""
    sid = next(s.id for s in page.scene.sprites()
               if s.id.startswith("card:") and page.presenter.zoom(s.id) is not None)
    page.session.handle([it.Hover(sid)])
    assert page.panel.zoomed() and HELP not in page.panel.zoom_text.text()
    return sid


def test_the_card_preview_does_not_carry_over_to_the_next_match(qtbot, tmp_path):
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), Match(get_game("pariah"), YOU_AND_BOT, 5))
    page.ctrl.paused = True
    _hover_a_card(page)
    win.open_match(Match(get_game("trials"), YOU_AND_BOT, 5))
    assert HELP in win.table.panel.zoom_text.text()
    assert not win.table.panel.zoomed()
    win.table.leave()


def test_the_card_preview_is_cleared_when_its_card_leaves_the_table(qtbot, tmp_path):
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), Match(get_game("pariah"), YOU_AND_BOT, 5))
    page.ctrl.paused = True
    sid = _hover_a_card(page)
    play(page, 400, stop=lambda: page.scene.get(sid) is None)
    assert page.scene.get(sid) is None, "the hovered card never left the table"
    assert HELP in page.panel.zoom_text.text()
    assert not page.panel.zoomed() and page.zoom_target is None
    page.leave()


@pytest.mark.parametrize("game_id", ["paargus", "trials", "pariah", "paragons", "brawl"])
def test_a_small_card_under_the_pointer_is_drawn_readable_beside_it(qtbot, tmp_path, game_id):
    """The panel's zoom is small in a short window: the card is drawn large on the table too,
    beside the card the pointer rests on, half the table tall."""
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), Match(get_game(game_id), YOU_AND_BOT, 5))
    page.ctrl.paused = True
    play(page, 60, stop=lambda: any(s.id.startswith("card:") and page.presenter.zoom(s.id)
                                   for s in page.scene.sprites()))
    sid = _hover_a_card(page)
    page.scene.hover_id = sid                       # where the pointer rests
    page.scene.update(0.5)
    assert page.scene.peeking == sid
    page.table.render_surface()
    page.scene.hover_id = None
    assert page.scene.peeking is None
    page.leave()


def test_a_brawl_champion_to_pick_is_not_covered_by_a_copy_of_its_neighbour(qtbot, tmp_path):
    """The pick screen's champions are drawn to be read: hovering one shows it in the panel but
    draws no copy over the choices beside it; a small card of theirs is still drawn readable."""
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"),
                           Match(get_game("brawl"), YOU_AND_BOT, 4, {"picks": "alternate"}))
    page.ctrl.paused = True
    qtbot.waitUntil(lambda: page.scene.get("pick:kessa") is not None)
    for sid, peeks in (("pick:kessa", False), ("pickcard:kessa:0", True)):
        page.session.handle([it.Hover(sid)])
        page.scene.hover_id = sid
        page.scene.update(0.5)
        assert page.panel.zoomed() and HELP not in page.panel.zoom_text.text()
        assert (page.scene.peeking == sid) is peeks, sid
        page.table.render_surface()
    page.leave()


def test_a_saved_games_thumbnail_shows_the_table_not_a_card_drawn_large_over_it(qtbot, tmp_path):
    """A card opened full size (right-click), a card peeking beside the pointer and the status
    pill are not in the thumbnail Saved games shows: it is the table alone."""
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), Match(get_game("brawl"), YOU_AND_BOT, 4))
    page.ctrl.paused = True
    qtbot.waitUntil(lambda: page.scene.get("pick:kessa") is not None)
    plain = page._thumbnail()
    page.session.handle([it.RightClick("pickcard:kessa:0")])
    assert page.scene.overlay is not None
    page.scene.status = "A sentence for the player."
    assert page._thumbnail() == plain
    page.leave()


# --- one line per undo, per wait ----------------------------------------------------------------
def test_one_undo_logs_one_line(qtbot, tmp_path):
    game = get_game("paargus")
    seed = next(s for s in range(100) if game.setup({}, s).turn == 0)
    match = Match(game, YOU_AND_BOT, seed, {}, casual=True)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    page.ctrl.paused = True
    for kind in ("draw", "end_turn"):
        action = next(a for a in match.legal_actions() if a.kind == kind)
        assert page.ctrl.try_action(action) is None
    win.undo()
    settle()
    assert page.panel.log_lines().count("Move taken back.") == 1
    win.undo()
    settle()
    assert page.panel.log_lines().count("Move taken back.") == 1
    page.leave()


def test_an_undone_pass_is_not_passed_again_for_the_player(qtbot, tmp_path):
    game = get_game("paargus")
    seed = next(s for s in range(100) if game.setup({}, s).turn == 0)
    match = Match(game, YOU_AND_BOT, seed, {}, casual=True)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    win.settings.auto_pass = True
    page.ctrl.paused = True                                  # the bot waits
    assert page.ctrl.try_action(next(a for a in match.legal_actions() if a.kind == "draw")) is None
    qtbot.waitUntil(lambda: len(match.log) == 2, timeout=3000)   # nothing left but to end the turn
    assert match.log[-1].action.kind == "end_turn"
    win.undo()
    qtbot.wait(600)                                          # longer than the auto-pass pause
    assert len(match.log) == 1 and page.ctrl.my_turn()      # the player decides again
    assert page.ctrl.try_action(next(a for a in match.legal_actions() if a.kind == "end_turn")) is None
    page.leave()


def test_hotseat_an_undone_turn_end_gives_the_table_back_to_its_player(qtbot, tmp_path):
    game = get_game("paargus")
    match = Match(game, [Seat("human", "Ann"), Seat("human", "Ben")], 3)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    first = match.to_act
    page.session.handle([it.ButtonPress("curtain")])
    for kind in ("draw", "end_turn"):
        assert page.ctrl.try_action(next(a for a in match.legal_actions() if a.kind == kind)) is None
    assert page.scene.curtain                                     # the other player's turn
    win.undo()                                  # under the curtain nothing but "I am ready" acts
    settle()
    assert match.to_act == 1 - first and len(match.log) == 2 and page.scene.curtain
    page.session.handle([it.ButtonPress("curtain")])                  # the next player takes the table
    win.undo()                                  # and gives the turn back: behind the curtain
    settle()
    assert match.to_act == first and page.scene.curtain and not page.ctrl.my_turn()
    assert page.panel.log_lines().count("Move taken back.") == 1
    page.session.handle([it.ButtonPress("curtain")])
    assert page.ctrl.viewer == first and page.ctrl.my_turn() and not page.scene.curtain
    page.leave()


def test_hotseat_the_next_player_does_not_see_the_last_ones_card_large(qtbot, tmp_path):
    match = Match(get_game("paargus"), [Seat("human", "Ann"), Seat("human", "Ben")], 3)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    page.session.handle([it.ButtonPress("curtain")])
    assert page.ctrl.try_action(next(a for a in match.legal_actions() if a.kind == "draw")) is None
    hand = next(s.id for s in page.scene.sprites()
                if s.id.startswith("card:") and int(s.id[5:]) in match.state.hands[match.to_act])
    page.session.handle([it.Hover(hand)])
    assert HELP not in page.panel.zoom_text.text()
    assert page.ctrl.try_action(next(a for a in match.legal_actions() if a.kind == "end_turn")) is None
    assert page.scene.curtain
    assert HELP in page.panel.zoom_text.text() and not page.panel.zoomed()
    page.leave()


def test_a_wait_is_logged_once_not_once_per_hidden_move(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match = Match(get_game("pariah"), [Seat("human", "You"), Seat("bot", "Ada", "greedy", "normal")], 5)
    win, page = open_match(qtbot, store, match)
    page.ctrl.paused = True
    picks = 0
    rng = Rng(2)
    while match.state.phase == "select" and picks < 40:
        seat = match.to_act
        legal = match.legal_actions()
        picking = [a for a in legal if a.kind == "pick"]
        # the bot picks several cards; you pick and commit
        action = picking[0] if (seat == 1 and len(match.state.picks[1]) < 6 and picking) else \
            next((a for a in legal if a.kind == "commit"), rng.choice(legal))
        page.ctrl._play(action)
        picks += 1
    lines = page.panel.log_lines()
    waits = [i for i, line in enumerate(lines) if line == "Ada is choosing an army."]
    assert waits, lines
    assert all(b != a + 1 for a, b in zip(waits, waits[1:])), lines   # never twice in a row
    win.show_home()
    win.resume(match.id)
    assert win.table.panel.log_lines()[:-1] == lines                # and the same when rebuilt
    win.table.leave()


# --- winners by name -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["paargus", "trials", "pariah"])
def test_a_finished_match_is_listed_with_the_winners_name(qtbot, tmp_path, game_id):
    store = SaveStore(tmp_path / "saves")
    options = {"hands": 1} if game_id == "paargus" else {}
    match = Match(get_game(game_id), [Seat("human", "Ada"), Seat("bot", "Bob", "random", "easy")], 5, options)
    rng = Rng(5)
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
    store.save(match)
    win = make_window(qtbot, store)
    win.show_saves()
    text = win.saves.list.item(0).text()
    winner = ["Ada", "Bob"][match.result().winners[0]]
    assert f"{winner} wins" in text and "Player" not in text, text
    win.close()


# --- the new-match dialog ------------------------------------------------------------------------
def _game_offered(seen: list):
    """An answer to the New match dialog: note the game it offers, then Cancel."""
    def answer(dlg):
        seen.append(dlg.game.currentData())
        click(button_in(dlg, "Cancel"))
    return answer


def test_ctrl_n_in_a_match_offers_the_game_being_played(qtbot, tmp_path):
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), Match(get_game("pariah"), YOU_AND_BOT, 5))
    page.ctrl.paused = True
    win.settings.last_new_match = {"game": "trials"}
    seen: list = []
    with answering(NewMatchDialog, _game_offered(seen)):
        next(a for a in win.findChildren(main_window_module.QAction) if a.text() == "&New match…").trigger()
    assert seen == ["pariah"]
    assert win.stack.currentWidget() is win.table and page.ctrl.match.game.info.id == "pariah"
    win.show_home()
    with answering(NewMatchDialog, _game_offered(seen)):
        win.new_match(None)                   # from home: the game chosen last time
    assert seen == ["pariah", "trials"]
    assert win.stack.currentWidget() is win.home             # cancelled: nothing started
    win.close()


def test_the_new_match_dialog_keeps_its_size_and_place_for_every_game(qtbot, themed):
    # themed, as the app shows it: rows styled by the sheet are taller than plain ones
    dlg = NewMatchDialog("paargus")
    qtbot.addWidget(dlg)
    dlg.show()
    settle()
    size, pos = dlg.size(), dlg.pos()
    for i in range(dlg.game.count()):
        dlg.game.setCurrentIndex(i)
        for j in range(dlg.players.count()):
            dlg.players.setCurrentIndex(j)
            settle()
            shown = (dlg.game.currentData(), dlg.players.currentData())
            assert dlg.size() == size and dlg.pos() == pos, shown
            # and everything fits: no row is squeezed below what it needs
            assert dlg.layout().minimumSize().height() <= dlg.height()
            seats = dlg.findChildren(QGroupBox)[0]
            assert seats.minimumSizeHint().width() <= seats.width()


def test_a_last_choice_in_an_older_shape_is_ignored(qtbot):
    dlg = NewMatchDialog(None, {"game": "paargus", "players": 3, "seats": ["human", "bot"],
                                "options": {"paargus": {"hands": "many"}}})
    qtbot.addWidget(dlg)
    assert dlg.game.currentData() == "paargus" and len(dlg.rows) == 2
    assert dlg.rows[0].kind.currentData() == "human" and dlg.rows[1].kind.currentData() == "bot:normal"


def test_the_options_chosen_last_time_are_kept_per_game(qtbot):
    dlg = NewMatchDialog("paargus")
    qtbot.addWidget(dlg)
    box = dlg.option_boxes["hands"]
    box.setCurrentIndex(box.findData(1))                     # a one-hand game
    remember = dlg.choice()["remember"]
    again = NewMatchDialog(None, remember)
    qtbot.addWidget(again)
    assert again.game.currentData() == "paargus"
    assert again.option_boxes["hands"].currentData() == 1
    again.game.setCurrentIndex(again.game.findData("pariah"))
    kept = again.choice()["remember"]
    assert kept["options"]["paargus"]["hands"] == 1            # another game's choice stays


# --- saved games -------------------------------------------------------------------------------
def test_saved_games_back_returns_to_the_match_it_was_opened_from(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    win, page = open_match(qtbot, store, Match(get_game("paargus"), YOU_AND_BOT, 5))
    match_id = page.ctrl.match.id
    play(page, 3)
    log = page.panel.log_lines()
    win.show_saves()
    assert win.stack.currentWidget() is win.saves
    assert page.ctrl.table_busy()                             # the bot waits meanwhile
    win.saves.back.emit()
    assert win.stack.currentWidget() is win.table
    assert page.ctrl.match.id == match_id and page.panel.log_lines() == log
    assert not page.suspended
    win.show_home()
    win.show_saves()
    win.saves.back.emit()
    assert win.stack.currentWidget() is win.home
    win.close()


def test_deleting_the_open_match_from_saved_games_does_not_bring_it_back(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    win, page = open_match(qtbot, store, Match(get_game("paargus"), YOU_AND_BOT, 5))
    play(page, 3)
    win.show_saves()
    win.saves.list.setCurrentRow(0)
    asked = []

    def yes(box):
        asked.append(box.text())
        click(button_in(box, "Yes"))
    with answering(QMessageBox, yes):
        click(win.saves.delete_btn)                          # "Delete this … match for good?"
    assert asked and "for good" in asked[0]
    win.saves.back.emit()
    assert win.stack.currentWidget() is win.home
    win.close()
    assert store.list() == []


def test_good_saves_come_first_the_newest_selected_its_thumbnail_untinted(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    from PIL import Image
    import io
    buf = io.BytesIO()
    Image.new("RGB", (320, 180), (40, 90, 160)).save(buf, "PNG")
    older = Match(get_game("paargus"), YOU_AND_BOT, 1)
    older.play(older.legal_actions()[0])
    store.save(older, buf.getvalue())
    newer = Match(get_game("pariah"), YOU_AND_BOT, 2)
    newer.play(newer.legal_actions()[0])
    store.save(newer, buf.getvalue())
    (store.folder / "zzz-damaged.json").write_text("{ not json")
    import os
    import time
    later = time.time() + 100
    os.utime(store.folder / "zzz-damaged.json", (later, later))   # the newest file on disk
    win = make_window(qtbot, store)
    win.show_saves()
    page = win.saves
    assert [i.id for i in page.infos] == [newer.id, older.id, "zzz-damaged"]
    assert page.list.currentRow() == 0 and page.resume_btn.isEnabled()
    icon: QIcon = page.list.item(0).icon()
    size = QSize(224, 126)
    normal = icon.pixmap(size, QIcon.Normal).toImage()
    selected = icon.pixmap(size, QIcon.Selected).toImage()
    assert normal == selected
    win.close()


# --- settings and credits ------------------------------------------------------------------------
def test_the_animation_speed_slider_says_what_its_ends_and_value_mean(qtbot):
    dlg = SettingsDialog(Settings())
    qtbot.addWidget(dlg)
    texts = {lab.text() for lab in dlg.findChildren(QLabel)}
    assert {"Off", "Fast"} <= texts
    dlg.speed.setValue(0)
    assert dlg.speed_value.text() == "No animation"
    dlg.speed.setValue(10)
    assert dlg.speed_value.text().startswith("1.0×")
    dlg.speed.setValue(20)
    assert dlg.speed_value.text().startswith("2.0×")


CREDITS = {"paargus": ["Michael Corry"], "trials": ["Adam Testerman", "Ryan Hall"],
           "pariah": ["Pariah", "pariahcardgame.com"], "paragons": ["Paragons: Age of Champions"]}


@pytest.mark.parametrize("game_id", sorted(CREDITS))
def test_each_rules_page_credits_its_game_as_about_says(game_id):
    page = presentation(game_id).rules_markdown()
    credit = re.search(r"^\*((?:Game design|Published)[^*]+)\*$", page, re.M)
    assert credit, f"{game_id}'s rules page has no credit line"
    about = credits_markdown()
    assert "rules page credits" in about
    for name in CREDITS[game_id]:
        assert name in credit.group(1) and name in about


def test_about_credits_every_game_listed():
    about = credits_markdown()
    for game in all_games():
        assert f"**{game.info.title}**:" in about, game.info.id


def test_the_seat_to_act_has_a_gold_edge_and_the_others_do_not(qtbot, tmp_path, themed):
    from tabletop.shell import theme
    from tabletop.shell.screenshot import _match_after
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), _match_after("paargus", 1, 20),
                           (1280, 720))
    page.ctrl.paused = True
    for _ in range(2):                      # and again once the turn has changed hands
        settle()
        acting = page.ctrl.match.to_act
        for seat, box in enumerate(page.panel.seat_boxes):
            img = box.grab().toImage()
            edge = img.pixelColor(img.width() // 2, 0).name()
            assert (edge == QColor(theme.GOLD).name()) == (seat == acting), (seat, acting, edge)
        play(page, 1)
        while page.ctrl.match.to_act == acting:
            play(page, 1)
    page.leave()
