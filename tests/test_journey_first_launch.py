"""A first launch as a new player meets it, for every game: the app's own event loop (not a
test's), New match → Cancel, New match again → Start, the table shown. Each in a fresh process
and home, since a crash here kills the process (Qt deleting a widget twice did, in four games
of five, until the dialog kept its rows)."""

import os
import signal
import subprocess
import sys

import pytest

from tabletop.games.registry import all_games

pytestmark = pytest.mark.gui
GAMES = [g.info.id for g in all_games()]


@pytest.mark.parametrize("game", GAMES)
def test_new_match_cancel_then_start_in_the_apps_own_loop(game, tmp_path):
    env = dict(os.environ, TABLETOP_HOME=str(tmp_path / "home"), QT_QPA_PLATFORM="offscreen",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = tmp_path / "out.txt"
    with out.open("wb") as sink:        # a file, not a pipe: a leftover child cannot hold it open
        proc = subprocess.Popen([sys.executable, "-m", "tabletop", "selfcheck-new-match", game,
                                 "--cancel-first", "--timeout", "60"], env=env, stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=120)
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    said = out.read_text(errors="replace")
    assert code == 0 and f"new match started {game}" in said, f"exit {code}:\n{said[-3000:]}"
