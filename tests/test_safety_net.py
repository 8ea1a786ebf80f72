"""A safety net for what the tests miss (issue 79, point 4): a log file, a report of an
unexpected error that keeps the match, a word after a crash, and no process of ours
left behind however the app ends."""

from __future__ import annotations

import faulthandler
import logging
import os
import select
import signal
import subprocess
import sys
import time
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QTimer, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell import app as tabletop_app
from tabletop.shell import crash
from tabletop.shell.main_window import MainWindow

DRIVER = Path(__file__).with_name("safety_net_app.py")
ROOT = Path(__file__).parents[1]


@pytest.fixture
def app_logging():
    """The app's logging set-up, undone afterwards: handlers, level, faulthandler."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    crash.close_session()
    for h in list(root.handlers):          # a copy: removing from the list walked skips one
        if h not in handlers:
            root.removeHandler(h)
            h.close()
    root.setLevel(level)
    faulthandler.enable(sys.__stderr__)       # as pytest had it


@pytest.fixture
def opened_urls(qapp):
    """What "Open log folder" asks the desktop to open (Qt's own hook for file: URLs)."""
    class Catcher(QObject):
        def __init__(self):
            super().__init__()
            self.urls = []

        @Slot(QUrl)
        def open(self, url):
            self.urls.append(Path(url.toLocalFile()))

    catcher = Catcher()
    QDesktopServices.setUrlHandler("file", catcher, "open")
    yield catcher.urls
    QDesktopServices.unsetUrlHandler("file")


def _button(widget, text: str) -> QPushButton:
    return next(b for b in widget.findChildren(QPushButton) if b.text() == text)


def _when_modal(then, seen: dict) -> None:
    """Call `then(dialog)` once a modal dialog is up (it runs its own event loop)."""
    def look():
        dlg = QApplication.activeModalWidget()
        if dlg is None:
            QTimer.singleShot(20, look)
        else:
            then(dlg)
    QTimer.singleShot(0, look)


# --- the log file ---------------------------------------------------------------------------
def test_the_app_logs_to_a_rotating_file_in_the_log_folder(tabletop_home, app_logging):
    assert tabletop_app._setup_logging() is None            # a first launch: nothing to tell
    logging.getLogger("tabletop.shell").warning("a line for the log")
    files = [h for h in logging.getLogger().handlers if isinstance(h, RotatingFileHandler)]
    assert len(files) == 1 and files[0].maxBytes == 1_000_000 and files[0].backupCount == 3
    files[0].flush()
    text = (tabletop_home / "logs" / "tabletop.log").read_text(encoding="utf-8")
    assert "Tabletop" in text and "starting" in text and "a line for the log" in text
    # faulthandler writes to this session's file there, and a clean end removes it
    assert list((tabletop_home / "logs").glob("running-*.txt"))
    crash.close_session()
    assert not list((tabletop_home / "logs").glob("running-*.txt"))


def test_a_log_folder_that_cannot_be_written_costs_only_the_files(tmp_path, monkeypatch,
                                                                  app_logging, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("TABLETOP_HOME", str(blocker / "home"))     # cannot be a folder
    assert tabletop_app._setup_logging() is None
    assert not any(isinstance(h, RotatingFileHandler) for h in logging.getLogger().handlers)
    assert faulthandler.is_enabled()


# --- an unexpected error in a slot ---------------------------------------------------------
@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_shows_one_report_that_copies_its_details_and_keeps_the_match(
        qtbot, tabletop_home, opened_urls):
    win = MainWindow()
    qtbot.addWidget(win)
    game = get_game("paargus")
    win.open_match(Match(game, [Seat("human", "A"), Seat("human", "B")], 3))
    ctrl = win.table.ctrl
    ctrl.lift_curtain()                                # the hot seat's "pass the device"
    assert ctrl.try_action(ctrl.legal_for_viewer()[0]) is None
    match_id = ctrl.match.id
    before = sys.excepthook
    tabletop_app._install_excepthook(lambda: win)
    seen: dict = {}

    def first_error():
        raise RuntimeError("the first thing that broke")

    def second_error():
        raise ValueError("the second thing that broke")

    def answer(dlg):
        seen["title"] = dlg.windowTitle()
        QTimer.singleShot(0, second_error)        # while the report is open
        QTimer.singleShot(200, lambda: read(dlg))

    def read(dlg):
        seen["same"] = QApplication.activeModalWidget() is dlg
        seen["dialogs"] = sum(w.isVisible() for w in QApplication.topLevelWidgets()
                              if isinstance(w, crash.CrashDialog))
        _button(dlg, "Copy details").click()
        seen["clipboard"] = QGuiApplication.clipboard().text()
        _button(dlg, "Open log folder").click()
        _button(dlg, "Close").click()
        seen["closed"] = True

    try:
        _when_modal(answer, seen)
        QTimer.singleShot(0, first_error)
        qtbot.waitUntil(lambda: seen.get("closed"), timeout=10000)
        qtbot.wait(100)
        assert QApplication.activeModalWidget() is None     # the second error opened none
    finally:
        sys.excepthook = before
    assert seen["title"] == "Something went wrong" and seen["same"] and seen["dialogs"] == 1
    assert "RuntimeError: the first thing that broke" in seen["clipboard"]
    assert "ValueError: the second thing that broke" in seen["clipboard"]
    assert "Traceback" in seen["clipboard"]
    assert opened_urls == [tabletop_home / "logs"]
    assert win.table.ctrl is ctrl                      # the match is still on the table
    played = [entry.action for entry in ctrl.match.log]
    win.table.leave()
    assert played and [e.action for e in win.store.load(match_id, games=get_game).log] == played


# --- the app killed under a thinking bot ------------------------------------------------------
def _group(pgid: int) -> list[int]:
    """Live (not zombie) processes of a process group, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _next_launch(home: Path, monkeypatch, opened_urls) -> list[str]:
    """What the next two launches in `home` say, answering with "Open log folder"."""
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    said = []
    for _ in range(2):
        left = tabletop_app._setup_logging()
        seen: dict = {}

        def answer(box):
            seen["text"] = box.text()
            _button(box, "Open log folder").click()
        if left is not None:
            _when_modal(answer, seen)
        crash.tell_last_session(left)
        said.append(seen.get("text", ""))
        crash.close_session()
    return said


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGSEGV, signal.SIGTERM],
                         ids=["SIGKILL", "SIGSEGV", "SIGTERM"])
def test_no_process_of_ours_outlives_the_app_by_2_s_and_the_next_launch_says_why(
        tmp_path, sig, qapp, monkeypatch, app_logging, opened_urls):
    home = tmp_path / "app-home"
    env = dict(os.environ, TABLETOP_HOME=str(home), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    errors = tmp_path / "stderr.txt"
    with errors.open("wb") as err:
        app = subprocess.Popen([sys.executable, str(DRIVER)], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=err, start_new_session=True)
    try:
        ready, _, _ = select.select([app.stdout], [], [], 90)
        line = app.stdout.readline().decode() if ready else ""
        assert line.startswith("ready"), errors.read_text()
        kids = [int(p) for p in line.split()[1:]]
        assert len(kids) >= 3, "no bot worker, face helper and resource tracker to watch"
        os.kill(app.pid, sig)
        end = time.monotonic() + 2.0
        # a segfault's handler may end in abort() (Qt's or libc's), which is as dead
        died = {-sig, -signal.SIGABRT} if sig == signal.SIGSEGV else {-sig}
        # the app itself may take a few seconds to go on a loaded machine (faulthandler dumps
        # every thread first; one run of the suite under -n 2 took over 5 s): the 2 s below
        # are counted from its death
        assert app.wait(timeout=20) in died
        while _group(app.pid) and time.monotonic() < end:
            time.sleep(0.05)
        left = {pid: Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                for pid in _group(app.pid)}
        assert not left, f"alive 2 s after the app: {left}"
    finally:
        try:
            os.killpg(app.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        app.stdout.close()
        app.wait()
    logs = home / "logs"
    said = _next_launch(home, monkeypatch, opened_urls)
    if sig == signal.SIGSEGV:
        assert "closed unexpectedly" in said[0]
        assert "Segmentation fault" in (logs / crash.PREVIOUS).read_text()
    elif sig == signal.SIGKILL:
        assert "did not close properly" in said[0]
    else:
        assert said[0] == ""                  # asked to stop: not a crash
    assert said[1] == ""                      # said once
    assert opened_urls == ([logs] if said[0] else [])
