"""The replay viewer and its branches: positions from the seed and log (core/replay.py), the
viewer in the real window showing each seat exactly its view at every step and never changing
a save, the timeline's marks, the match-over screen's Watch replay, and matches played on from a
replay (the same hidden order, or the unseen cards dealt anew) saved and verified as their own."""

import json
import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from player import button_in, click, wait_until
from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.core.replay import Replay
from tabletop.games.registry import get_game
from tabletop.shell.replay_page import REVEALED
from tabletop.store.paths import saves_dir
from tabletop.store.saves import DamagedSave, SaveStore

GAMES = ["paargus", "trials", "pariah", "paragons", "brawl"]
ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "saves" / "schema-v1.json").read_text("utf-8"))


def finished(game_id: str, seed: int = 7, cap: int = 3000) -> Match:
    match = Match(get_game(game_id), [Seat("human", "Ada"), Seat("bot", "Bot", "random", "easy")], seed)
    rng = Rng(seed)
    while match.to_act is not None and len(match.log) < cap:
        match.play(rng.choice(match.legal_actions()))
    return match


def states(match: Match) -> list:
    """The state after each number of moves, from one pass through the log (the truth)."""
    game = match.game
    state = game.setup(match.options, match.seed, len(match.seats))
    out = [game.clone(state)]
    for entry in match.log:
        game.apply(state, entry.action, checked=True)
        out.append(game.clone(state))
    return out


def as_json(game, view) -> str:
    return json.dumps(game.view_to_json(view), sort_keys=True)


def written(page) -> list[str]:
    """The log's lines as the player reads them."""
    return [line for line in page.log_view.toPlainText().split("\n") if line.strip()]


def files_of(match_id: str) -> dict:
    return {p.name: p.read_bytes() for p in saves_dir().glob(f"{match_id}*")}


# --- positions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_position_is_the_replay_of_the_log_in_any_order(game_id):
    match = finished(game_id)
    game = match.game
    replay = Replay(match, every=8)
    truth = [json.dumps(game.state_to_json(s)) for s in states(match)]
    order = list(range(len(truth))) + list(range(len(truth) - 1, -1, -1))
    order += random.Random(1).sample(range(len(truth)), min(60, len(truth)))
    for p in order:                      # forwards, backwards, and jumps
        assert json.dumps(game.state_to_json(replay.state_at(p))) == truth[p], p
    assert replay.finished and replay.turn_starts()[0][0] == 0


# --- the viewer in the window --------------------------------------------------------------------
@pytest.mark.gui
@pytest.mark.parametrize("game_id", GAMES)
def test_the_viewer_shows_each_seat_its_view_at_every_step_and_never_writes(qtbot, game_id):
    from shell_helpers import make_window
    match = finished(game_id, cap=240)
    SaveStore().save(match)
    before = files_of(match.id)
    win = make_window(qtbot, SaveStore())
    win.watch(match.id)
    page = win.replay
    assert win.stack.currentWidget() is page
    game = match.game
    truth = states(match)
    # each step forward with the key, for Ada; then the bot's seat at every position, backwards
    for p, state in enumerate(truth):
        if p:
            QTest.keyClick(page.table, Qt.Key_Right)
        assert page.position == p
        assert as_json(game, page.presenter.view) == as_json(game, game.view(state, 0)), p
        assert written(page) == page.log_lines()
    page.choose_seat(1)
    for p in range(len(truth) - 1, -1, -1):
        QTest.keyClick(page.table, Qt.Key_Left) if p < len(truth) - 1 else None
        assert page.position == p
        assert as_json(game, page.presenter.view) == as_json(game, game.view(truth[p], 1)), p
        assert written(page) == page.log_lines()
    if match.result() is not None:          # and everything, here and there
        page.choose_seat(REVEALED)
        for p in range(0, len(truth), 9):
            page.go(p)
            assert as_json(game, page.presenter.view) == as_json(game, game.reveal(truth[p], 1))
    page.leave_and_close()
    win.close()
    assert files_of(match.id) == before


@pytest.mark.gui
def test_the_timeline_draws_marks_lists_them_and_a_click_on_one_jumps_there(qtbot):
    from shell_helpers import make_window
    match = finished("brawl")
    win = make_window(qtbot, SaveStore())
    win.watch_match(match)
    page = win.replay
    line = page.timeline
    line.set_marks([(40, "A big swing", "swing"), (90, "The bot disagreed", "bad"),
                    (10_000, "past the end", "info")])
    assert [m[0] for m in line.marks()] == [40, 90] and line.marks_box.isVisible()
    assert [line.marks_box.itemText(i) for i in range(line.marks_box.count())] == [
        "Move 40: A big swing", "Move 90: The bot disagreed"]
    line.marks_box.setFocus()
    QTest.keyClick(line.marks_box, Qt.Key_Down)            # the list: the second mark
    assert page.position == 90
    strip = line.strip
    click(strip, QPoint(round(strip._x(40)), strip.height() // 2))
    assert page.position == 40
    click(strip, QPoint(round(strip._x(90)) + 40, strip.height() // 2))     # beside one: nothing
    assert page.position == 40
    image = strip.grab().toImage()            # the mark is drawn in its colour
    x = round(strip._x(40))
    assert image.pixelColor(x, strip.height() // 2).name() == "#e8c35a"
    line.set_marks([])
    assert not line.marks_box.isVisible()
    win.close()


@pytest.mark.gui
def test_the_match_over_screen_opens_the_replay_with_everything_revealed(qtbot):
    """The match ends at the table with the player's own move; Watch replay on its summary."""
    from shell_helpers import make_window
    whole = next(m for m in (finished("paargus", s) for s in range(1, 40)) if m.log[-1].seat == 0)
    match = Match(whole.game, whole.seats, whole.seed, match_id=whole.id)
    for entry in whole.log[:-1]:
        match.play(entry.action)
    win = make_window(qtbot, SaveStore())
    win.open_match(match)
    page = win.table
    page.perform(whole.log[-1].action)
    wait_until(lambda: page.summary is not None and page.summary.isVisible(), what="the summary")
    click(button_in(page.summary, "Watch replay"))
    wait_until(lambda: win.stack.currentWidget() is win.replay, what="the replay")
    viewer = win.replay
    assert viewer.replay.length == len(whole.log) and viewer.position == 0
    assert viewer.seat_box.findText("Everything revealed") >= 0
    viewer.choose_seat(REVEALED)
    QTest.keyClick(viewer.table, Qt.Key_End)
    game = match.game
    assert as_json(game, viewer.presenter.view) == as_json(game, game.reveal(match.state, 0))
    assert (saves_dir() / f"{match.id}.json").exists()        # left and saved as it ended
    click(button_in(viewer, "Close the replay"))
    assert win.stack.currentWidget() is win.home
    win.close()


# --- branches --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_branch_dealt_anew_keeps_the_seats_view_saves_and_verifies(game_id, tmp_path):
    match = finished(game_id)
    replay = Replay(match)
    game = match.game
    at = len(match.log) // 2
    store = SaveStore(tmp_path)
    for seat, dealt in ((None, "same"), (1, "anew")):
        branch = replay.branch(at, "Old match", seat, seed=11)
        assert branch.branch_of == {"id": match.id, "move": at, "title": "Old match", "dealt": dealt}
        if seat is None:
            assert [e.action for e in branch.log] == [e.action for e in match.log[:at]]
        else:                            # what the seat knew, and only that, is as it was
            assert branch.log == [] and branch.start is not None
            assert as_json(game, game.view(branch.state, seat)) == as_json(game, game.view(replay.state_at(at), seat))
        rng = Rng(3)
        for _ in range(20):
            if branch.to_act is None:
                break
            branch.play(rng.choice(branch.legal_actions()))
        path = store.save(branch)
        jsonschema.validate(json.loads(path.read_text("utf-8")), SCHEMA,
                            cls=jsonschema.Draft202012Validator)
        again = store.load(branch.id, games=get_game)
        assert again.branch_of == branch.branch_of and again.start == branch.start
        assert game.state_to_json(again.state) == game.state_to_json(branch.state)
        done = subprocess.run([sys.executable, "-m", "tabletop", "verify", str(path)], cwd=ROOT,
                              capture_output=True, text=True, env={"PYTHONPATH": str(ROOT)})
        assert done.returncode == 0, done.stderr
        row = next(i for i in store.list(get_game) if i.match_id == branch.id)
        assert row.error is None and row.branch_of.startswith(f"Branch of Old match at move {at}")
    # a branch's start edited into something else is damage, said in a sentence
    data = json.loads(path.read_text())
    data["match"]["branch_of"]["move"] = "half"
    path.write_text(json.dumps(data))
    with pytest.raises(DamagedSave, match='"match.branch_of.move" should be a whole number'):
        store.load(path, games=get_game)


def test_reading_a_save_to_watch_it_does_not_take_it_for_autosave(tmp_path):
    match = finished("pariah", cap=30)
    store = SaveStore(tmp_path)
    store.save(match)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    watched = SaveStore(tmp_path).read(match.id, games=get_game)
    assert [e.action for e in watched.log] == [e.action for e in match.log]
    assert watched not in store._loaded
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.gui
def test_a_damaged_save_is_not_watched_but_said_so_and_left_as_it_is(qtbot):
    from PySide6.QtWidgets import QMessageBox

    from player import answering
    from shell_helpers import make_window
    match = finished("trials", cap=20)
    path = SaveStore().save(match)
    win = make_window(qtbot, SaveStore())
    win.show_saves()
    assert win.saves.watch_btn.isEnabled()
    # damaged on disk while the list shows it (another program, a failing disk)
    data = json.loads(path.read_text("utf-8"))
    data["match"]["log"][5]["action"]["args"] = [999, 999]      # a move no rule allows
    path.write_text(json.dumps(data), "utf-8")
    for extra in saves_dir().glob(f"{match.id}.*"):
        if extra != path:
            extra.unlink()                                       # no backup to fall back on
    before = files_of(match.id)
    told = []

    def answer(box):
        told.append(box.text())
        click(button_in(box, "OK"))
    with answering(QMessageBox, answer):
        click(win.saves.watch_btn)
    assert told and "damaged" in told[0] and "left as it is" in told[0] and "Traceback" not in told[0]
    assert win.stack.currentWidget() is win.saves and files_of(match.id) == before
    win.close()


@pytest.mark.gui
def test_play_on_with_the_unseen_cards_dealt_anew_from_the_viewer(qtbot):
    from player import answering
    from shell_helpers import make_window
    from tabletop.shell.branch_dialog import BranchDialog
    match = finished("brawl")
    win = make_window(qtbot, SaveStore())
    win.watch_match(match)
    page = win.replay
    page.go(60)
    game = match.game
    seen = as_json(game, game.view(page.replay.state_at(60), 0))

    def anew(dlg):
        click(dlg.anew, QPoint(12, dlg.anew.height() // 2))     # on its circle
        assert dlg.anew.isChecked()
        click(button_in(dlg, "Play on"))
    with answering(BranchDialog, anew):
        click(page.play_on_btn)
    wait_until(lambda: win.stack.currentWidget() is win.table and win.table.ctrl is not None,
               what="the table")
    branch = win.table.ctrl.match
    assert branch.branch_of["dealt"] == "anew" and branch.branch_of["move"] == 60
    assert branch.log == [] and branch.start is not None
    assert as_json(game, game.view(branch.state, 0)) == seen          # what Ada knew, as it was
    win.close()                                  # leaving saves it, as its own match
    again = SaveStore().load(branch.id, games=get_game)
    assert again.branch_of == branch.branch_of and again.start == branch.start


@pytest.mark.gui
def test_a_paragons_replay_with_everything_revealed_opens_the_other_hand(qtbot):
    """Paragons draws another player's hand as a pile: with everything revealed a click opens
    it (the pile browser, face up) and its Close button closes it; a replay still makes no move.
    Watched from a seat, that hand does not open: its cards are unknown there."""
    from player import visible_point
    from shell_helpers import make_window
    match = finished("paragons", seed=3)
    assert match.result() is not None
    SaveStore().save(match)
    win = make_window(qtbot, SaveStore())
    win.watch(match.id)
    page = win.replay
    at = next(p for p in range(len(match.log), 0, -1) if match.replay(p).hands[1])

    def click_pile():
        QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, "pile:hand:1"))

    page.go(at)
    click_pile()
    assert page.presenter.browser.pile is None, "a seat's own view does not know the other hand"
    page.choose_seat(REVEALED)
    page.go(at)
    click_pile()
    assert page.presenter.browser.pile == ("hand", 1)
    assert all(page.scene.get(f"view:{c}") is not None for c in match.replay(at).hands[1])
    from tabletop.table.browser import CLOSE
    QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, CLOSE))
    assert page.presenter.browser.pile is None
    page.leave_and_close()
    win.close()
