"""The real app (tabletop.shell.app.run) with a match of two hard bots open, for
test_safety_net: prints "ready PID PID..." (the app's child processes) once a bot thinks
and the card-face helper has started, then plays on until it is killed. No tests here."""

import os
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tabletop.bots.base import bot_for_difficulty
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell.app import run
from tabletop.shell.main_window import MainWindow

WAIT_S = 30


def children() -> list[int]:
    me = str(os.getpid())
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "stat").read_text().rsplit(")", 1)[1].split()[1] == me:
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def open_match() -> None:
    win = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    bot, level = bot_for_difficulty("hard")
    win.open_match(Match(get_game("paargus"), [Seat("bot", "A", bot, level),
                                               Seat("bot", "B", bot, level)], 7))
    tries = [int(WAIT_S / 0.02)]

    def check() -> None:
        kids = children()      # the resource tracker, the bot worker, the face helper
        tries[0] -= 1
        if (win.table.ctrl.worker.thinking and len(kids) >= 3) or tries[0] <= 0:
            print("ready", *kids, flush=True)
        else:
            QTimer.singleShot(20, check)
    check()


if __name__ == "__main__":
    app = QApplication(sys.argv)      # run() takes this one: the timer below needs it first
    QTimer.singleShot(0, open_match)
    sys.exit(run())
