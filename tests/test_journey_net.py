"""Journeys of network play through the real app: hosting from New match (a seat for a player
on another computer, the join code and address on the table) against a real `tabletop join`
process; joining from Home's Join a match against a real `tabletop host` process. The player
makes every move with the table's own gestures; the other computer is a bot in its own process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from journey_games import GAMES
from player import Player, Stuck, answering, button_in, choose, click, settle, type_into, wait_until

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("shared_faces")]
ROOT = Path(__file__).resolve().parents[1]


def process(args: list[str], home: Path, log: Path) -> subprocess.Popen:
    env = dict(os.environ, TABLETOP_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], env=env, cwd=ROOT,
                            stdout=log.open("w"), stderr=subprocess.STDOUT)


def found_in(log: Path, pattern: str, timeout: float = 60.0) -> re.Match:
    wait_until(lambda: re.search(pattern, log.read_text()), timeout, pattern)
    return re.search(pattern, log.read_text())


def play_by_hand(me: Player, route, choose_move, timeout: float = 300.0) -> int:
    """The player's turns with the table's gestures until the match-over screen. A guest's move
    goes to the host and comes back: after a gesture made it, wait for the host's word."""
    made, end = 0, time.monotonic() + timeout
    while True:
        if time.monotonic() > end:
            raise Stuck(f"{made} moves by hand in {timeout:.0f} s")
        if me.page.summary is not None and me.page.summary.isVisible():
            if me.ctrl.match.result() is not None:
                return made
            me.answer_summary()
            continue
        if me.ctrl.match.result() is not None or not me.ctrl.my_turn() or me.scene.busy:
            settle(10)
            continue
        before = len(me.ctrl.match.log)
        action = choose_move(me.ctrl.legal_for_viewer(), me.rng)
        for _ in range(14):
            steps = route(me.page.presenter, action)
            assert steps is not None, f"no gesture on the table makes {action.label}"
            me.do(steps[0])
            wait_until(lambda: not me.scene.busy, what="the animations")
            if len(me.ctrl.match.log) > before or not me.ctrl.my_turn():
                break
        wait_until(lambda: len(me.ctrl.match.log) > before, what="the host's word on the move")
        made += 1


def test_hosting_from_new_match_against_a_guest_process(tmp_path):
    game = GAMES["paargus"]
    me = Player()
    me.set_animations_off()

    def setup(dlg):
        choose(dlg.rows[1].kind, "remote")
        assert dlg.rows[1].name.text() == "Guest"

    me.new_match("paargus", setup)
    ctrl = me.ctrl
    shown = me.page.net_info
    code, address = ctrl.code, ctrl.address
    assert shown.isVisible() and code in shown.text() and address in shown.text()
    wait_until(lambda: "Waiting for a player to join" in (me.scene._thinking or ""), 5, "the waiting pill")
    port = address.rsplit(":", 1)[1]
    glog = tmp_path / "guest.log"
    guest = process(["join", f"127.0.0.1:{port}", "--code", code.lower(), "--bot", "random", "--name", "Ana"],
                    tmp_path / "guest-home", glog)
    try:
        wait_until(lambda: ctrl.net_referee.remotes[1].connected, 60, "the guest to join")
        assert "connected" in ctrl.seat_kind(1)
        made = play_by_hand(me, game.route, game.choose)
        wait_until(lambda: guest.poll() is not None, 60, "the guest to end")   # the app keeps running meanwhile
        assert guest.returncode == 0, glog.read_text()[-2000:]
    finally:
        if guest.poll() is None:
            guest.kill()
    assert made > 5
    wait_until(lambda: ctrl.host.server is None, 10, "hosting to stop: the match is over and told")
    match_id = ctrl.match.id
    kept = re.search(r"saved to (\S+)", glog.read_text()).group(1)
    assert Path(kept).name == f"{match_id}.json"
    me.close()
    assert ctrl.host.server is None                    # leaving the table stopped hosting
    verify = subprocess.run([sys.executable, "-m", "tabletop", "verify", kept], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    assert verify.returncode == 0, verify.stderr


def hosting(tmp_path: Path, hlog: Path, game: str = "paargus") -> tuple[subprocess.Popen, int]:
    """A `tabletop host` process of `game` with a random bot and a seat for another computer,
    code 4821-KMTQ, on loopback; and the port it listens on."""
    host = process(["host", game, "--seats", "bot:random,remote", "--port", "0", "--bind", "127.0.0.1",
                    "--code", "4821-KMTQ"], tmp_path / "host-home", hlog)
    return host, int(found_in(hlog, r"on ws://127\.0\.0\.1:(\d+)").group(1))


def join_from_home(me: Player, port: int, code: str = "4821-KMTQ", name: str | None = None) -> None:
    """Home → Join a match: the code and the address typed (and a name), then Join."""
    from tabletop.shell.join_dialog import JoinDialog

    def answer(dlg):
        type_into(dlg.code, code)
        type_into(dlg.address, f"127.0.0.1:{port}")
        if name is not None:
            type_into(dlg.name, name)
        me.press(dlg, "Join")

    with answering(JoinDialog, answer):
        click(button_in(me.win.home, "Join a match"))


def test_joining_from_home_against_a_host_process(tmp_path):
    game = GAMES["paargus"]
    hlog = tmp_path / "host.log"
    host, port = hosting(tmp_path, hlog)
    try:
        me = Player()
        me.set_animations_off()
        join_from_home(me, port, "4821 kmtq", "Ana")
        wait_until(me.on_table, 30, "the table of the joined match")
        me.settle_table()
        ctrl = me.ctrl
        assert ctrl.viewer == 1 and ctrl.seat_kind(1) == "you"
        wait_until(lambda: me.scene._thinking in (None, "Bot 1 is thinking…"), 10, "the pill naming the host's seat")
        assert not hasattr(ctrl.match, "seed") and not hasattr(ctrl, "net_referee")   # no hidden state here
        made = play_by_hand(me, game.route, game.choose)
        assert made > 5 and ctrl.match.result() is not None
        assert host.wait(60) == 0, hlog.read_text()[-2000:]
        # the whole match came at the end: Saved games has it, and it replays here
        wait_until(lambda: me.win.store.path_for(ctrl.match.id).exists(), 10, "the finished match kept")
        from tabletop.games.registry import get_game
        kept = me.win.store.load(ctrl.match.id, games=get_game)
        assert kept.result().winners == ctrl.match.result().winners
        me.close()
    finally:
        if host.poll() is None:
            host.kill()


def my_move(me: Player, route, choose_move) -> None:
    """One move of the player's, made with the table's gestures."""
    wait_until(lambda: me.ctrl.my_turn() and not me.scene.busy, 60, "the player's turn")
    before = len(me.ctrl.match.log)
    action = (choose_move or (lambda legal, rng: rng.choice(legal)))(me.ctrl.legal_for_viewer(), me.rng)
    for _ in range(14):
        me.do(route(me.page.presenter, action)[0])
        wait_until(lambda: not me.scene.busy, what="the animations")
        if len(me.ctrl.match.log) > before or not me.ctrl.my_turn():
            # a guest's move is on its way to the host: its word comes back
            wait_until(lambda: len(me.ctrl.match.log) > before, 30, "the host's word on the move")
            return
    raise Stuck(f"the table could not make {action.label}")


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "paargus"])
def test_every_game_joined_from_home_plays_at_the_guests_table(tmp_path, game_id):
    """Paargus' journey above plays a whole match as the guest; the other games' tables are
    opened from what the host sent (no hidden state) and played by hand for some moves."""
    game = GAMES[game_id]
    host, port = hosting(tmp_path, tmp_path / "host.log", game_id)
    try:
        me = Player()
        me.set_animations_off()
        join_from_home(me, port)
        wait_until(me.on_table, 30, "the table of the joined match")
        ctrl = me.ctrl
        assert ctrl.viewer == 1 and not hasattr(ctrl.match, "seed")
        for _ in range(4):
            my_move(me, game.route, game.choose)
            # the table shows the seat's view the host sent, nothing else
            assert me.page.presenter.view is ctrl.mirror.view or me.page.presenter.view == ctrl.mirror.view
        me.close()
    finally:
        host.kill()
        host.wait(10)


def test_the_host_sees_the_guest_drop_and_gives_the_seat_to_a_bot(tmp_path):
    import signal
    game = GAMES["paargus"]
    me = Player()
    me.set_animations_off()
    me.new_match("paargus", lambda dlg: choose(dlg.rows[1].kind, "remote"))
    ctrl = me.ctrl
    port = ctrl.address.rsplit(":", 1)[1]
    guest = process(["join", f"127.0.0.1:{port}", "--code", ctrl.code, "--bot", "random", "--name", "Ana"],
                    tmp_path / "guest-home", tmp_path / "guest.log")
    try:
        wait_until(lambda: ctrl.net_referee.remotes[1].connected, 60, "the guest to join")
        while sum(e.seat == 1 for e in ctrl.match.log) < 3:     # a few moves each
            my_move(me, game.route, game.choose)
        wait_until(lambda: ctrl.match.to_act == 0, 30, "the player's turn")
        guest.send_signal(signal.SIGKILL)
        guest.wait(10)
        wait_until(lambda: not ctrl.net_referee.remotes[1].connected, 30, "the host to see the drop")
        assert "away" in ctrl.seat_kind(1)
        while ctrl.match.to_act != 1:
            my_move(me, game.route, game.choose)
        wait_until(lambda: me.page.replace_btn.isVisible(), 10, "the offer to replace Ana")
        assert me.scene._thinking == "Waiting for Ana to reconnect…"
        assert me.page.replace_btn.text() == "Replace Ana with a bot"
        moves = len(ctrl.match.log)
        click(me.page.replace_btn)
        wait_until(lambda: len(ctrl.match.log) > moves, 60, "the bot to play Ana's turn")
        assert ctrl.match.log[moves].seat == 1 and ctrl.seat_kind(1).startswith("bot")
        assert not me.page.replace_btn.isVisible()
    finally:
        if guest.poll() is None:
            guest.kill()
    me.close()


def test_undo_in_a_network_match_asks_the_other_player(tmp_path):
    game = GAMES["paargus"]
    me = Player()
    me.set_animations_off()

    def setup(dlg):
        choose(dlg.rows[1].kind, "remote")
        if not dlg.casual.isChecked():
            click(dlg.casual)                   # casual: a move may be taken back past a draw

    me.new_match("paargus", setup)
    ctrl = me.ctrl
    port = ctrl.address.rsplit(":", 1)[1]
    guest = process(["join", f"127.0.0.1:{port}", "--code", ctrl.code, "--bot", "random", "--name", "Ana"],
                    tmp_path / "guest-home", tmp_path / "guest.log")
    try:
        wait_until(lambda: ctrl.net_referee.remotes[1].connected, 60, "the guest to join")
        # a card played to the tableau: the turn stays the player's, so nothing moves meanwhile
        while True:
            wait_until(lambda: ctrl.my_turn() and not me.scene.busy, 60, "the player's turn")
            plays = [a for a in ctrl.legal_for_viewer() if a.kind == "play"]
            my_move(me, game.route, lambda legal, rng: plays[0] if plays else legal[0])
            if plays:
                break
        moves = len(ctrl.match.log)
        assert ctrl.match.log[-1].seat == 0 and ctrl.my_turn()
        click(me.page.panel.undo_btn)
        assert "Asked Ana to agree" in me.scene.status
        # the guest (a bot, which does not mind) agrees over the network; the move goes back
        wait_until(lambda: len(ctrl.match.log) < moves, 30, "the move taken back with consent")
        wait_until(lambda: "Move taken back." in me.page.panel.log_lines()[-1], 5, "the log to say so")
    finally:
        guest.kill()
        guest.wait(10)
    me.close()


def test_a_guest_who_left_rejoins_from_join_a_match(tmp_path):
    from tabletop.shell.join_dialog import JoinDialog
    hlog = tmp_path / "host.log"
    host, port = hosting(tmp_path, hlog)
    try:
        me = Player()
        me.set_animations_off()
        join_from_home(me, port)
        wait_until(me.on_table, 30, "the joined table")
        match_id = me.ctrl.match.id
        click(button_in(me.page.panel, "Home"))           # leave: the host keeps the seat
        wait_until(lambda: me.win.stack.currentWidget() is me.win.home, 10, "home")
        found_in(hlog, "dropped")

        def again(dlg):
            rejoin = [i for i in range(dlg.found.count()) if dlg.found.item(i).text().startswith("Rejoin:")]
            assert len(rejoin) == 1 and f"127.0.0.1:{port}" in dlg.found.item(rejoin[0]).text()
            dlg.found.setFocus()
            dlg.found.setCurrentRow(rejoin[0])              # the entry fills the code and the address
            assert dlg.code.text() == "4821-KMTQ"
            me.press(dlg, "Join")

        with answering(JoinDialog, again):
            click(button_in(me.win.home, "Join a match"))
        wait_until(me.on_table, 30, "the rejoined table")
        assert me.ctrl.match.id == match_id and me.ctrl.viewer == 1
        assert len(re.findall("joined at seat 2", hlog.read_text())) == 2
        me.close()
    finally:
        host.kill()
        host.wait(10)


def test_hosting_through_the_relay_named_in_settings(tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from tabletop.shell.settings_dialog import SettingsDialog
    game = GAMES["paargus"]
    rlog = tmp_path / "relay.log"
    relay = process(["relay", "--port", "0", "--bind", "127.0.0.1"], tmp_path / "relay-home", rlog)
    guest = None
    try:
        rport = int(found_in(rlog, r"on ws://127\.0\.0\.1:(\d+)").group(1))
        me = Player()

        def settings(dlg):
            type_into(dlg.relay, f"127.0.0.1:{rport}")
            dlg.speed.setFocus()
            QTest.keyClick(dlg.speed, Qt.Key_Home)            # and no animations: a quicker journey
            me.press(dlg, "OK")

        with answering(SettingsDialog, settings):
            me.menu("&Edit", "&Settings…")
        assert me.win.settings.relay == f"127.0.0.1:{rport}"
        me.new_match("paargus", lambda dlg: choose(dlg.rows[1].kind, "remote"))
        ctrl = me.ctrl
        assert f"\nRelay 127.0.0.1:{rport}" in me.page.net_info.text()
        glog = tmp_path / "guest.log"
        guest = process(["join", f"127.0.0.1:{rport}", "--relay", "--code", ctrl.code, "--bot", "random"],
                        tmp_path / "guest-home", glog)
        wait_until(lambda: ctrl.net_referee.remotes[1].connected, 60, "the guest to join through the relay")
        assert play_by_hand(me, game.route, game.choose) > 5
        wait_until(lambda: guest.poll() is not None, 60, "the guest to end")   # the app keeps running meanwhile
        assert guest.returncode == 0, glog.read_text()[-2000:]
        assert "paired a host and a guest" in rlog.read_text()
        me.close()
    finally:
        for p in (relay, guest):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(10)


def test_a_wrong_code_is_told_to_the_player_who_joins(tmp_path):
    from PySide6.QtWidgets import QMessageBox
    hlog = tmp_path / "host.log"
    host, port = hosting(tmp_path, hlog)
    try:
        me = Player()
        join_from_home(me, port, "4821-AAAA")
        said = []

        def read(box):
            said.append(box.text())
            me.press(box, "OK")

        with answering(QMessageBox, read, timeout=30):
            wait_until(lambda: said, 30, "the refusal")
        assert "join code is not this match's" in said[0]
        assert me.win.stack.currentWidget() is me.win.home and me.win.table.ctrl is None
        me.close()
    finally:
        host.kill()
        host.wait(10)
    assert "refused" in hlog.read_text()


def test_a_hosted_match_reopened_from_saved_games_is_hosted_again(tmp_path):
    """The host leaves (or restarts) mid-match and the guest's computer restarts too: Saved
    games reopens the match hosted again, with the same code on the same port, and the guest's
    Tabletop, started again, rejoins its own seat from the entry it kept; the match plays on."""
    game = GAMES["paargus"]
    me = Player()
    me.set_animations_off()
    me.new_match("paargus", lambda dlg: choose(dlg.rows[1].kind, "remote"))
    ctrl = me.ctrl
    code, address = ctrl.code, ctrl.address
    port = address.rsplit(":", 1)[1]
    join = ["join", f"127.0.0.1:{port}", "--code", code, "--bot", "random", "--name", "Ana"]
    guest = process(join, tmp_path / "guest-home", tmp_path / "guest.log")
    try:
        wait_until(lambda: ctrl.net_referee.remotes[1].connected, 60, "the guest to join")
        while sum(e.seat == 1 for e in ctrl.match.log) < 2:
            my_move(me, game.route, game.choose)
        wait_until(lambda: ctrl.match.to_act == 0, 30, "the player's turn")
        match_id, moves = ctrl.match.id, len(ctrl.match.log)
        guest.kill()
        guest.wait(10)
        me.menu("&Game", "&Home")                       # leaving the table stops hosting
        wait_until(lambda: me.win.stack.currentWidget() is me.win.home, what="home")
        assert ctrl.host.server is None

        click(button_in(me.win.home, "Saved games"))
        assert "hosted: opens for the other computers again" in me.win.saves.list.item(0).text()
        me.win.saves.list.setCurrentRow(0)
        click(me.win.saves.resume_btn)
        wait_until(me.on_table, what="the reopened match")
        again = me.ctrl
        assert again is not ctrl and again.match.id == match_id and len(again.match.log) == moves
        assert again.code == code and again.address == address        # the guest's way back
        assert "Hosting again" in me.scene.status and "waiting for Ana to rejoin" in me.scene.status
        assert "away" in again.seat_kind(1)
        glog = tmp_path / "guest-again.log"
        guest = process(join, tmp_path / "guest-home", glog)
        found_in(glog, rf"rejoining match {match_id} at seat 2")
        wait_until(lambda: again.net_referee.remotes[1].connected, 60, "the guest to rejoin its seat")
        while sum(e.seat == 1 for e in again.match.log) < 4:       # the match plays on
            my_move(me, game.route, game.choose)
    finally:
        if guest.poll() is None:
            guest.kill()
    me.close()
