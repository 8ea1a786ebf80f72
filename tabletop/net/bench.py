"""`tabletop bench --net`: what network play costs, measured on loopback with real processes.

- `move_rtt_ms_p50/p95`: a guest's move from the moment it is sent until the host's update
  saying it was played comes back (a `tabletop host` process: its check, its play, its
  autosave, the update for the guest's seat).
- `idle_cpu_pct`: a `tabletop host` process with three remote seats connected, nobody moving,
  as a share of one core (heartbeats and all).
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tabletop.core.action import Action
from tabletop.net.guest import Guest

CODE = "4821-KMTQ"


def _start_host(game: str, seats: str, home: Path, options: str = "") -> tuple[subprocess.Popen, int]:
    log = home / "host.log"
    home.mkdir(parents=True, exist_ok=True)
    args = [sys.executable, "-m", "tabletop", "host", game, "--seats", seats, "--port", "0",
            "--bind", "127.0.0.1", "--code", CODE] + (["--options", options] if options else [])
    proc = subprocess.Popen(args, env=dict(os.environ, TABLETOP_HOME=str(home)),
                            stdout=log.open("w"), stderr=subprocess.STDOUT)
    end = time.monotonic() + 60
    while time.monotonic() < end and proc.poll() is None:
        found = re.search(r"on ws://127\.0\.0\.1:(\d+)", log.read_text())
        if found:
            return proc, int(found.group(1))
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the host did not start:\n{log.read_text()[-1000:]}")


class _TimedGuest(Guest):
    """A random guest that times each of its moves until the update that tells it was played."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.sent: tuple[float, int] | None = None
        self.times: list[float] = []
        self.on_update = self._arrived

    async def send_action(self, action: Action) -> None:
        self.sent = (time.perf_counter(), self.mirror.n)
        await super().send_action(action)

    def _arrived(self, mirror, events) -> None:
        if self.sent is not None and mirror.n > self.sent[1]:
            self.times.append((time.perf_counter() - self.sent[0]) * 1000)
            self.sent = None


def move_round_trip(moves: int = 300) -> dict:
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        seed = 0
        while len(times) < moves:
            seed += 1
            proc, port = _start_host("paargus", "bot:random,remote", Path(tmp) / f"h{seed}")
            try:
                guest = _TimedGuest(f"127.0.0.1:{port}", CODE, "Bench", bot=("random", "normal"),
                                    say=lambda text: None)
                asyncio.run(guest.run())
                times += guest.times
            finally:
                proc.wait(30)
    times.sort()
    return {"move_rtt_ms_p50": round(statistics.median(times), 2),
            "move_rtt_ms_p95": round(times[int(0.95 * (len(times) - 1))], 2), "moves_timed": len(times)}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu(seconds: float = 20.0) -> dict:
    """Three guests connected to a four-seat Trials match whose first seat (a guest) never
    moves: the host only keeps the connections alive."""
    if not Path("/proc/self/stat").exists():
        return {"idle_cpu_pct": "not measured (needs Linux /proc)"}

    async def sit(port: int) -> None:
        guests = [Guest(f"127.0.0.1:{port}", CODE, f"Idle {i}", say=lambda text: None) for i in range(3)]
        tasks = [asyncio.create_task(g.run()) for g in guests]
        while not all(g.mirror is not None for g in guests):
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)                       # joined and told: now idle
        start = _cpu_seconds(proc.pid)
        t0 = time.monotonic()
        await asyncio.sleep(seconds)
        used[:] = [_cpu_seconds(proc.pid) - start, time.monotonic() - t0]
        for t in tasks:
            t.cancel()

    used: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = _start_host("trials", "remote,remote,remote,bot:random", Path(tmp))
        try:
            asyncio.run(sit(port))
        finally:
            proc.terminate()
            proc.wait(30)
    return {"idle_cpu_pct": round(100 * used[0] / used[1], 2), "idle_seconds": round(used[1], 1)}


def bench_net(moves: int = 300, idle_s: float = 20.0) -> dict:
    return {**move_round_trip(moves), **idle_cpu(idle_s)}
