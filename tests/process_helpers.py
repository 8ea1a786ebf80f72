"""Helpers for the tests and stress scripts that freeze and kill bot workers (no tests here)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def stat(pid: int) -> tuple[str, int] | None:
    """(state letter, parent pid) from /proc (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def freeze(pid: int) -> None:
    """SIGSTOP, and wait until it took (on Linux): a SIGTERM sent before it still kills."""
    os.kill(pid, signal.SIGSTOP)
    end = time.monotonic() + 2
    while (stat(pid) or ("T",))[0] != "T" and time.monotonic() < end:
        time.sleep(0.005)


def gone(pid: int, within: float = 2.0) -> bool:
    """The process has exited and been reaped within `within` seconds. An orphan's zombie
    counts as gone: init, not us, reaps it."""
    end = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        state = stat(pid)
        if state is not None and state[0] == "Z" and state[1] != os.getpid():
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.02)


def children(name: str = "") -> list[int]:
    """This process's live children (Linux), those whose command line holds `name`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat(int(entry.name)) or ("", 0))[1] == os.getpid():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if name in cmdline and stat(int(entry.name))[0] != "Z":
                found.append(int(entry.name))
    return found
