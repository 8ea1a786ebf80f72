"""The messages between a host and its guests (docs/NETWORK.md is the schema in words).

Every message is one JSON object in one websocket text frame: {"v": PROTOCOL, "kind": ...,
"seq": n, ...}. `seq` counts each side's messages on one connection from 1, so a message
replayed by someone on the wire is refused. Anything that is not such a message is refused
with a sentence (ProtocolError) and the connection that sent it is closed.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from tabletop.core.event import Event

PROTOCOL = 1
MAX_BYTES = 512 * 1024          # one message; the largest view of any game is far smaller
HEARTBEAT_S = 5.0               # a side silent this long is sent a ping
DROPPED_S = 20.0                # a side silent this long has dropped
RATE_PER_S = 20                 # messages (besides moves played) a guest may send a second...
BURST = 40                      # ...and at once

# kind: the fields it must carry, with their types
GUEST_KINDS: dict[str, dict[str, type | tuple]] = {
    "hello": {"app": str, "games": dict, "code": str, "name": str, "since": int},
    "action": {"action": dict, "at": int},
    "undo_ask": {"at": int},
    "undo_answer": {"yes": bool},
    "ping": {},
    "pong": {},
    "bye": {},
}
HOST_KINDS: dict[str, dict[str, type | tuple]] = {
    "welcome": {"seat": int, "token": str, "match": str, "game": str, "seats": list, "options": dict},
    "update": {"n": int, "since": int, "moves": list, "events": list, "view": dict, "to_act": (int, type(None)),
               "legal": list, "result": (dict, type(None)), "present": list},
    "final": {"save": dict},
    "undo_ask": {"seat": int},
    "refused": {"reason": str},
    "ping": {},
    "pong": {},
}

# Join codes: four digits (the relay's room) and four letters, from an alphabet with no
# look-alikes, so a code read aloud is typed right.
_LETTERS = "ACDEFHJKMNPQRTUVWXY"


class ProtocolError(ValueError):
    """A message refused; str() is the sentence sent back before the connection closes."""


def new_code() -> str:
    return f"{secrets.randbelow(9000) + 1000}-{''.join(secrets.choice(_LETTERS) for _ in range(4))}"


def normal_code(code: str) -> str:
    """A code as typed (spaces, lower case, no dash) in its one written form."""
    text = "".join(ch for ch in code.upper() if ch.isalnum())
    return f"{text[:4]}-{text[4:]}" if len(text) == 8 else code.strip().upper()


def room_of(code: str) -> str:
    """The part of a code the relay sees (the digits); the whole code is the password."""
    return normal_code(code).split("-")[0]


def games_versions() -> dict[str, int]:
    from tabletop.games.registry import all_games
    return {g.info.id: g.info.version for g in all_games()}


def encode(kind: str, seq: int, **fields: Any) -> str:
    return json.dumps({"v": PROTOCOL, "kind": kind, "seq": seq, **fields},
                      separators=(",", ":"), ensure_ascii=False, allow_nan=False, sort_keys=True)


def decode(raw: str | bytes, kinds: dict[str, dict[str, type | tuple]], last_seq: int) -> dict:
    """One message checked against `kinds` (what the other side may send) and the last sequence
    number seen on this connection; ProtocolError says what is wrong with it."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise ProtocolError(f"A message of {size} bytes is over the limit of {MAX_BYTES} bytes.")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError(f"A message is not JSON ({str(exc)[:80]}).") from None
    except RecursionError:
        raise ProtocolError("A message is nested too deeply.") from None
    if not isinstance(msg, dict):
        raise ProtocolError("A message must be a JSON object.")
    if msg.get("v") != PROTOCOL:
        raise ProtocolError(f"A message of protocol version {msg.get('v')!r} came; this app speaks "
                            f"version {PROTOCOL}. Both computers need the same version of Tabletop.")
    kind = msg.get("kind")
    if kind not in kinds:
        raise ProtocolError(f"A message of unknown kind {str(kind)[:40]!r} came.")
    seq = msg.get("seq")
    if type(seq) is not int or seq != last_seq + 1:
        raise ProtocolError(f"A message came out of order (number {str(seq)[:20]} after {last_seq}): "
                            "it may be a replay.")
    for name, tp in kinds[kind].items():
        value = msg.get(name)
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            raise ProtocolError(f"A {kind!r} message lacks its field {name!r} or has the wrong type there.")
    return msg


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def event_from_json(data: dict) -> Event:
    return Event(str(data.get("kind", "")), dict(data.get("data") or {}), data.get("private_to"),
                 dict(data.get("public_data") or {}), bool(data.get("reveals", False)),
                 bool(data.get("withheld", False)))


class RateLimit:
    """A token bucket: RATE_PER_S messages a second on average, BURST at once."""

    def __init__(self, rate: float = RATE_PER_S, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        """A move the rules took does not count: a fast bot at its own turn is no flood."""
        self.tokens = min(self.burst, self.tokens + 1)
