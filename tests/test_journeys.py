"""Every game as a player meets it, in the real app: Home → New match → Start → moves made on
the table by mouse → Save → close the window → a new process → Continue → the same position →
played on by hand against the bot to the match-over screen (or the game's `play_on` moves)."""

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from journey_games import GAMES
from player import Player
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("shared_faces")]
HERE = Path(__file__).parent
JOURNEYS = [(g, mode) for g, spec in GAMES.items() for mode in spec.modes]


@contextmanager
def a_second_process(home: Path, game: str):
    """The process that resumes the match, started ahead: it loads its modules while the first
    app plays, and opens the app only once `resume_in` tells it to (journey_resume.py)."""
    env = dict(os.environ, TABLETOP_HOME=str(home))
    proc = subprocess.Popen([sys.executable, str(HERE / "journey_resume.py"), game], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)


def resume_in(proc: subprocess.Popen, seat: int, limit: int) -> dict:
    """The first app has closed: the second process opens the app, Continue, plays on."""
    try:
        out, _ = proc.communicate(f"{seat} {limit}\n", timeout=400)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
    line = next((x for x in out.splitlines() if x.startswith("JOURNEY ")), None)
    assert proc.returncode == 0 and line, f"the resumed app failed ({proc.returncode}):\n{out[-3000:]}"
    return json.loads(line[len("JOURNEY "):])


@pytest.mark.parametrize("game,mode", JOURNEYS, ids=[f"{g}-{m.replace(' ', '-')}" for g, m in JOURNEYS])
def test_a_match_starts_plays_saves_and_resumes(qapp, tabletop_home, game, mode):
    spec = GAMES[game]
    with a_second_process(tabletop_home, game) as second:     # a restart, made ready
        me = Player()
        me.set_animations_off()
        me.new_match(game, spec.modes[mode])
        assert me.ctrl.match.game.info.id == game
        made = me.play(10, spec.route, spec.choose)
        m = me.ctrl.match
        assert made == 10, (made, m.result(), len(m.log), me.page.summary is not None)
        seat, match_id = me.ctrl.viewer, me.ctrl.match.id
        view, log = me.seat_view_json(seat), len(me.ctrl.match.log)
        saved = []
        me.ctrl.saved.connect(saved.append)
        me.menu("&Game", "&Save")                               # Game → Save
        assert saved and saved[0].startswith("Saved"), saved
        assert len(SaveStore().load(me.ctrl.match.id, games=get_game).log) == log
        me.close()
        play_on = getattr(spec.modes[mode], "play_on", None) or spec.play_on
        again = resume_in(second, seat, play_on)
        assert again["game"] == game and again["log"] == log
        assert json.loads(again["view"]) == json.loads(view)
        if play_on:
            assert again["made"] == play_on or again["summary"]
        else:
            assert again["over"] and again["summary"], again
        if again["over"]:      # the match history holds the finished match, once, from the player's side
            assert [r[0] for r in again["remembered"]] == [match_id], again["remembered"]
            assert again["remembered"][0][1] in ("win", "loss", "draw")
        else:
            assert again["remembered"] == []
