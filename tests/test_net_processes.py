"""Two real processes on this machine: `tabletop host` and `tabletop join`, bots on both sides,
through the real network code on loopback; the guest killed mid-match and started again."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.games.registry import game_ids

ROOT = Path(__file__).resolve().parents[1]


def start(args: list[str], home: Path, log: Path) -> subprocess.Popen:
    env = dict(os.environ, TABLETOP_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], env=env, cwd=ROOT,
                            stdout=log.open("w"), stderr=subprocess.STDOUT)


def wait_for(log: Path, pattern: str, timeout: float = 60.0, proc: subprocess.Popen | None = None) -> re.Match:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = re.search(pattern, log.read_text())
        if found:
            return found
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(0.05)
    raise AssertionError(f"{pattern!r} never came in {log}:\n{log.read_text()[-2000:]}")


def host(tmp_path: Path, game: str, seats: str = "bot:random,remote", code: str = "4821-KMTQ"):
    log = tmp_path / "host.log"
    proc = start(["host", game, "--seats", seats, "--port", "0", "--bind", "127.0.0.1", "--code", code,
                  "--seed", "7"], tmp_path / "host-home", log)
    port = int(wait_for(log, r"on ws://127\.0\.0\.1:(\d+)", proc=proc).group(1))
    return proc, port, log


def finish(proc: subprocess.Popen, timeout: float = 120) -> int:
    try:
        return proc.wait(timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("game_id", game_ids())
def test_two_processes_play_a_whole_match(tmp_path, game_id):
    hproc, port, hlog = host(tmp_path, game_id)
    glog = tmp_path / "guest.log"
    gproc = start(["join", f"127.0.0.1:{port}", "--code", "4821kmtq", "--bot", "random"],
                  tmp_path / "guest-home", glog)
    assert finish(gproc) == 0, glog.read_text()[-2000:]
    assert finish(hproc) == 0, hlog.read_text()[-2000:]
    saved = wait_for(hlog, r"saved to (\S+)").group(1)
    kept = wait_for(glog, r"saved to (\S+)").group(1)
    assert Path(saved).name == Path(kept).name                  # the same match on both sides
    for path, home in ((saved, "host-home"), (kept, "guest-home")):
        verify = subprocess.run([sys.executable, "-m", "tabletop", "verify", path], capture_output=True,
                                text=True, env=dict(os.environ, TABLETOP_HOME=str(tmp_path / home),
                                                    PYTHONPATH=str(ROOT)), cwd=ROOT)
        assert verify.returncode == 0 and "replay to the saved state" in verify.stdout


def test_a_guest_killed_mid_match_rejoins_the_same_match(tmp_path):
    hproc, port, hlog = host(tmp_path, "paargus")
    glog = tmp_path / "guest.log"
    address = f"127.0.0.1:{port}"
    gproc = start(["join", address, "--code", "4821-KMTQ", "--bot", "random", "--delay", "0.05"],
                  tmp_path / "guest-home", glog)
    match_id = wait_for(glog, r"joined match (\w+)").group(1)
    wait_for(glog, r"move (\d\d+):")                             # some way into the match
    gproc.send_signal(signal.SIGKILL)
    gproc.wait()
    wait_for(hlog, r"dropped")
    moves_before = len(re.findall(r"^move ", glog.read_text(), re.M))
    assert (tmp_path / "guest-home" / "data" / "remote" / f"{match_id}.json").exists()
    # started again with only the address: the remote-match entry has the code and the seat
    glog2 = tmp_path / "guest2.log"
    gproc = start(["join", address, "--bot", "random"], tmp_path / "guest-home", glog2)
    assert finish(gproc) == 0, glog2.read_text()[-2000:]
    assert finish(hproc) == 0
    again = glog2.read_text()
    assert f"rejoining match {match_id}" in again and f"joined match {match_id}" in again
    assert moves_before > 5 and "over:" in again
    assert not (tmp_path / "guest-home" / "data" / "remote" / f"{match_id}.json").exists()
    assert (tmp_path / "guest-home" / "data" / "saves" / f"{match_id}.json").exists()
    assert (tmp_path / "host-home" / "data" / "saves" / f"{match_id}.json").exists()


def test_bench_net_measures_a_round_trip_and_an_idle_host():
    out = subprocess.run([sys.executable, "-m", "tabletop", "bench", "--net", "--moves", "20", "--idle", "1",
                          "--json"], capture_output=True, text=True, cwd=ROOT, timeout=180,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    import json
    figures = json.loads(out.stdout)
    assert figures["moves_timed"] >= 20 and 0 < figures["move_rtt_ms_p50"] <= figures["move_rtt_ms_p95"]
    assert isinstance(figures["idle_cpu_pct"], float) and figures["idle_seconds"] >= 1


@pytest.mark.parametrize("game_id", game_ids())
def test_three_processes_play_through_tabletop_relay(tmp_path, game_id):
    rlog = tmp_path / "relay.log"
    relay = start(["relay", "--port", "0", "--bind", "127.0.0.1"], tmp_path / "relay-home", rlog)
    try:
        rport = int(wait_for(rlog, r"on ws://127\.0\.0\.1:(\d+)", proc=relay).group(1))
        hlog = tmp_path / "host.log"
        hproc = start(["host", game_id, "--seats", "remote,bot:random", "--relay", f"127.0.0.1:{rport}",
                       "--code", "4821-KMTQ"], tmp_path / "host-home", hlog)
        wait_for(hlog, "through the relay", proc=hproc)
        glog = tmp_path / "guest.log"
        gproc = start(["join", f"127.0.0.1:{rport}", "--relay", "--code", "4821-KMTQ", "--bot", "random"],
                      tmp_path / "guest-home", glog)
        assert finish(gproc) == 0, glog.read_text()[-2000:]
        assert finish(hproc) == 0, hlog.read_text()[-2000:]
        assert "(sealed)" in hlog.read_text() and "paired a host and a guest" in rlog.read_text()
        assert Path(wait_for(glog, r"saved to (\S+)").group(1)).exists()
        saved = wait_for(hlog, r"saved to (\S+)").group(1)
        verify = subprocess.run([sys.executable, "-m", "tabletop", "verify", saved], capture_output=True,
                                text=True, env=dict(os.environ, TABLETOP_HOME=str(tmp_path / "host-home"),
                                                    PYTHONPATH=str(ROOT)), cwd=ROOT)
        assert verify.returncode == 0 and "replay to the saved state" in verify.stdout, verify.stdout
    finally:
        relay.terminate()
        relay.wait(10)
