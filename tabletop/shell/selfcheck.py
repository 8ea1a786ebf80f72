"""`tabletop selfcheck-new-match GAME`: start a match the way a player does, in this very
build (the frozen app included): the real MainWindow, MainWindow.new_match and the New match
dialog's real exec(), answered by clicking its Start button. Prints "new match started GAME"
once the table shows a match of GAME and has drawn for a moment; exits 0 only then.
A crash kills the process (a non-zero exit, no marker); an uncaught error in any slot or no
table within `timeout` seconds fails the check. tests/test_packaging.py runs it against the
built app for every game."""

from __future__ import annotations

import faulthandler
import os
import sys
import traceback


def new_match(game_id: str, timeout: float = 60.0, cancel_first: bool = False) -> int:
    from tabletop.games.registry import get_game
    get_game(game_id)                      # an unknown id: KeyError before any window opens
    faulthandler.enable()                  # a segfault names its Python frames on stderr
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")     # as app.run: pygame draws offscreen
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.new_match import NewMatchDialog
    from tabletop.shell.theme import apply_theme

    app = QApplication.instance() or QApplication(["tabletop"])
    app.setApplicationName("Tabletop")
    app.setOrganizationName("Tabletop")
    apply_theme(app)
    errors: list[str] = []
    started = False
    cancelling = [True] if cancel_first else []

    def fail(text: str) -> None:
        errors.append(text)
        print(text, file=sys.stderr, flush=True)

    # PySide6 would print an error raised in a slot and carry on: here it fails the check
    sys.excepthook = lambda kind, value, tb: fail("".join(traceback.format_exception(kind, value, tb)))
    w = MainWindow()
    w.show_start()

    def answer() -> None:
        # exec() is running its own event loop: this timer fires inside it
        dlg = app.activeModalWidget()
        if not isinstance(dlg, NewMatchDialog):
            QTimer.singleShot(100, answer)
            return
        box = dlg.findChild(QDialogButtonBox)
        if cancelling:                     # Cancel once, as a player changing their mind
            cancelling.clear()
            box.button(QDialogButtonBox.Cancel).click()
            QTimer.singleShot(500, answer)
            QTimer.singleShot(400, lambda: w.new_match(game_id))   # ... then New match again
            return
        start = box.button(QDialogButtonBox.Ok)
        if start is None or start.text().replace("&", "") != "Start" or not start.isEnabled():
            fail(f"the New match dialog has no enabled Start button ({game_id})")
            dlg.reject()
            return
        start.click()                      # as a player would: through accept() and exec()

    def look() -> None:
        if errors:
            finish()
        elif w.stack.currentWidget() is w.table and w.table.game_id() == game_id:
            QTimer.singleShot(1000, shown)   # let the table draw and the bot think a while
        else:
            QTimer.singleShot(100, look)

    def shown() -> None:
        nonlocal started
        started = not errors and w.table.game_id() == game_id
        finish()

    def finish() -> None:
        w.close()
        QTimer.singleShot(0, app.quit)

    def too_late() -> None:
        if not started:
            fail(f"no table for {game_id} within {timeout:.0f} s")
            finish()

    QTimer.singleShot(0, answer)
    QTimer.singleShot(0, lambda: w.new_match(game_id))    # blocks in exec() until answered
    QTimer.singleShot(0, look)
    QTimer.singleShot(int(timeout * 1000), too_late)
    app.exec()
    if started and not errors:
        print(f"new match started {game_id}", flush=True)
        return 0
    return 1
