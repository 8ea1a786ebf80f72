"""The app never dies on a player: a failing bot, a damaged save, a broken worker."""

import json
import multiprocessing
import multiprocessing.spawn
import re

import pytest
from PySide6.QtWidgets import QMessageBox

from player import answering, click
from tabletop.bots.worker import BotWorker
from tabletop.core.match import Match, Seat
from tabletop.games.paargus.engine.rules import GAME
from tabletop.shell.controller import MatchController
from tabletop.shell.main_window import MainWindow
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def bot_first_match(bot: str = "greedy"):
    seed = next(s for s in range(100) if GAME.setup({}, s).turn == 1)
    return Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", bot, "normal")], seed)


def test_a_failing_bot_falls_back_and_the_match_goes_on(qtbot, tmp_path):
    # the real worker, asked for a bot it cannot make (as a bot that raises would fail)
    ctrl = MatchController(bot_first_match("no-such-bot"), SaveStore(tmp_path), BotWorker())
    problems = []
    ctrl.problem.connect(problems.append)
    qtbot.waitUntil(lambda: ctrl.match.to_act == 0, timeout=30000)
    assert ctrl.match.log and ctrl.match.log[0].seat == 1
    assert any("problem" in p for p in problems)
    ctrl.close()


def test_no_worker_process_the_app_chooses_and_the_match_goes_on(qtbot, tmp_path, caplog):
    # the real worker, whose process cannot start (a Python that is not there, as in a broken
    # install): the bot's move is chosen in the app instead
    missing = tmp_path / "no-python-here"
    before = multiprocessing.spawn.get_executable()
    multiprocessing.set_executable(str(missing))
    try:
        ctrl = MatchController(bot_first_match(), SaveStore(tmp_path), BotWorker())
        qtbot.waitUntil(lambda: ctrl.match.to_act == 0, timeout=30000)
        assert ctrl.match.log and ctrl.match.log[0].seat == 1
        # no process: the move was chosen in the app (the start fails at once, or the process
        # dies at its first breath, by how the platform spawns)
        assert not ctrl.worker.is_alive()
        assert "bot worker unavailable" in caplog.text or "stopped unexpectedly" in caplog.text
        ctrl.close()
    finally:
        multiprocessing.set_executable(before)


def reading_and_ok(texts: list):
    """An answer to a message box: read it, then click its OK button."""
    def answer(box):
        texts.append(box.text())
        click(box.button(QMessageBox.Ok))
    return answer


def test_a_damaged_save_is_listed_refused_with_a_message_and_kept(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    bad = store.folder / "broken.json" if hasattr(store, "folder") else None
    folder = bad.parent if bad else (tmp_path / "saves")
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken.json"
    bad.write_text('{"format": 1, "match": {"game": "paargus", "log": [')
    before = bad.read_bytes()
    shown = []
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    assert win.saves.infos and win.saves.infos[0].error
    assert not win.saves.resume_btn.isEnabled()
    with answering(QMessageBox, reading_and_ok(shown)):
        win.resume("broken")
    assert shown and "damaged" in shown[0].lower()
    assert bad.read_bytes() == before
    assert win.stack.currentWidget() is win.saves        # the app carried on
    win.close()


def human_match_saved(store, moves=4):
    match = Match(GAME, [Seat("human", "You"), Seat("human", "Friend")], 5)
    for _ in range(moves):
        match.play(match.legal_actions()[0])
    return match, store.save(match)


def test_the_saves_page_shows_malformed_saves_as_damaged(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match, path = human_match_saved(store)
    text = path.read_text("utf-8")
    deep = "[" * 50_000 + "]" * 50_000
    (store.folder / "deep.json").write_text(text.replace('"options": {', f'"options": {{"x": {deep},'))
    (store.folder / "ancient.json").write_text(re.sub(r'"saved_at": "[^"]*"',
                                                      '"saved_at": "0001-01-01T00:00:00+14:00"', text))
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    rows = {info.id: info for info in win.saves.infos}
    assert set(rows) == {match.id, "deep", "ancient"} and win.saves.list.count() == 3
    assert "damaged: its data is nested more than 100 levels deep" in rows["deep"].error
    assert rows["ancient"].error is None
    win.show_home()
    assert win.home.continue_btn.isEnabled()
    win.close()


def test_a_resumed_copy_autosaves_into_the_copy_and_lists_what_its_replay_says(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match, original = human_match_saved(store)
    copy = store.folder / "copy.json"
    data = json.loads(original.read_text("utf-8"))
    data["summary"].update(finished=True, result="You win")        # an edited summary
    copy.write_text(json.dumps(data), "utf-8")
    before = original.read_bytes()
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    assert not {info.id: info for info in win.saves.infos}["copy"].finished
    win.resume("copy")
    win.table.ctrl.match.play(win.table.ctrl.match.legal_actions()[0])
    win.show_home()                                                    # leaving autosaves
    assert original.read_bytes() == before
    assert len(json.loads(copy.read_text("utf-8"))["match"]["log"]) == len(match.log) + 1
    win.close()


def test_a_damaged_save_with_a_good_backup_resumes_from_the_saves_page(qtbot, tmp_path):
    store = SaveStore(tmp_path / "saves")
    match, path = human_match_saved(store, moves=3)
    match.play(match.legal_actions()[0])
    store.save(match)
    path.write_bytes(path.read_bytes()[:200])                 # cut short; the .bak holds 3 moves
    told = []
    win = MainWindow(store=store)
    qtbot.addWidget(win)
    win.show_saves()
    win.saves.list.setCurrentRow(0)
    assert win.saves.resume_btn.isEnabled()
    assert "opens from its backup copy" in win.saves.list.item(0).text()
    assert "Resuming opens its backup copy" in win.saves.detail.text()
    with answering(QMessageBox, reading_and_ok(told)):
        win.saves.resume_btn.click()
    assert len(win.table.ctrl.match.log) == 3 and "backup copy" in told[0]
    win.close()


def test_the_app_stops_on_sigterm(tmp_path):
    """SDL swallows SIGTERM unless told not to: a desktop session must be able to close us."""
    import os
    import signal
    import subprocess
    import sys
    import time
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(tmp_path))
    env.pop("SDL_NO_SIGNAL_HANDLERS", None)
    proc = subprocess.Popen([sys.executable, "-m", "tabletop"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(3)
        assert proc.poll() is None, "the app did not start"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) != 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_closing_a_match_whose_bot_is_frozen_returns_at_once(qtbot, tmp_path):
    """A frozen worker (stopped, say) is killed, not waited for: the UI goes on."""
    import time

    import test_bots_support  # noqa: F401  (registers "sleepy" here and in the worker)
    from process_helpers import freeze, gone

    from tabletop.bots.worker import BotWorker
    match = bot_first_match()
    match.seats[1] = Seat("bot", "Bot", bot="sleepy")
    worker = BotWorker(preload=["test_bots_support"])
    ctrl = MatchController(match, SaveStore(tmp_path), worker)
    qtbot.waitUntil(lambda: worker.thinking, timeout=60000)
    pid = worker.pid
    freeze(pid)
    start = time.perf_counter()
    ctrl.close()
    assert time.perf_counter() - start < 0.2
    assert gone(pid)
