"""Joining a match hosted elsewhere: the connection, rejoining after a drop, and a bot seat.

A guest says hello (its app and rules versions, the join code, the token of its seat if it
has sat there before, and how many moves it already knows), then takes in updates. When the
connection drops it dials again, with growing pauses, and asks for everything since the last
move it knows. A bot can play the guest's seat (`bot`), or a person through the app (`send`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from tabletop import __version__ as APP_VERSION
from tabletop.bots.worker import choose_with_fallback
from tabletop.core.action import Action
from tabletop.core.rng import Rng
from tabletop.net.link import WIRE_LIMIT, Closed, Link, SocketLink
from tabletop.net.mirror import Mirror
from tabletop.net.protocol import (HEARTBEAT_S, DROPPED_S, HOST_KINDS, ProtocolError, decode, encode,
                                   games_versions, normal_code)
from tabletop.net.remote import RemoteMatches

log = logging.getLogger(__name__)

RETRY_S = (0.3, 0.6, 1.2, 2.5, 5.0)     # pauses between dials after a drop


class Refused(Exception):
    """The host refused us with this sentence: dialling again would not help."""


def address_url(address: str) -> str:
    """`host:port`, `host` or a ws:// address, as a websocket URL."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address += ":8765"
    return f"ws://{address}"


async def dial_direct(address: str) -> Link:
    from websockets.asyncio.client import connect
    ws = await connect(address_url(address), max_size=WIRE_LIMIT, ping_interval=HEARTBEAT_S,
                       ping_timeout=DROPPED_S, open_timeout=5)
    return SocketLink(ws)


class Guest:
    def __init__(self, address: str, code: str, name: str = "Guest",
                 bot: tuple[str, str] | None = None, entries: RemoteMatches | None = None,
                 dial: Callable[[], Awaitable[Link]] | None = None, say: Callable[[str], None] = log.info,
                 move_delay: float = 0.0, relay: bool = False) -> None:
        self.address, self.code, self.name = address, normal_code(code), name
        self.relay = relay                     # `address` is a relay (kept for the rejoin)
        self.bot = bot
        self.entries = entries
        self.dial = dial or (lambda: dial_direct(address))
        self.say = say
        self.move_delay = move_delay
        # the position (log length) the bot last moved at: an update that tells the same
        # position again (who is connected changed) must not make it move twice
        self.moved_at: int | None = None
        self.mirror: Mirror | None = None
        self.final: dict | None = None
        self.token = ""
        self.link: Link | None = None
        self.seq_out = 0
        self.seq_in = 0
        self.received: list[str] = []          # every message as it came (the no-leak tests read them)
        self.on_update: Callable[[Mirror, list], None] = lambda mirror, events: None
        self.on_status: Callable[[str], None] = lambda text: None
        # every message taken in, as it came (the app keeps its own Mirror from them, on its thread)
        self.on_message: Callable[[dict], None] = lambda msg: None
        entry = entries.find(address, self.code) if entries is not None else None
        if entry is not None:                  # we sat here before: rejoin that seat
            self.token = entry["token"]
            self.say(f"rejoining match {entry['match']} at seat {entry['seat'] + 1}")

    async def _send(self, kind: str, **fields) -> None:
        self.seq_out += 1
        await self.link.send(encode(kind, self.seq_out, **fields))

    async def send_action(self, action: Action, at: int | None = None) -> None:
        await self._send("action", action=action.to_json(), at=self.mirror.n if at is None else at)

    async def ask_undo(self) -> None:
        await self._send("undo_ask", at=self.mirror.n)

    async def answer_undo(self, yes: bool) -> None:
        await self._send("undo_answer", yes=yes)

    async def run(self) -> dict | None:
        """Play until the host sends the end of the match (returned: the whole match as JSON),
        dialling again after every drop. Refused says why the host would not have us."""
        tries = 0
        while self.final is None:
            try:
                self.link = await self.dial()
            except (OSError, asyncio.TimeoutError, Closed) as exc:
                if self.mirror is None and tries >= len(RETRY_S):
                    raise Refused(f"Could not reach {self.address} ({exc}).") from None
                await self._pause(tries)
                tries += 1
                continue
            tries = 0
            try:
                await self._session()
            except Closed:
                if self.final is None:
                    self.on_status("The connection to the host dropped; dialling again…")
                    self.say("connection dropped; dialling again")
            finally:
                await self.link.close()
            if self.final is None:
                await self._pause(0)
        return self.final

    async def _pause(self, tries: int) -> None:
        await asyncio.sleep(RETRY_S[min(tries, len(RETRY_S) - 1)])

    async def _session(self) -> None:
        self.seq_out = self.seq_in = 0
        await self._send("hello", app=APP_VERSION, games=games_versions(), code=self.code, name=self.name,
                         token=self.token, since=self.mirror.n if self.mirror else 0)
        while self.final is None:
            raw = await self.link.recv()
            try:
                msg = decode(raw, HOST_KINDS, self.seq_in)
            except ProtocolError as exc:
                raise Refused(f"The host sent something this app cannot read: {exc}") from None
            self.received.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
            self.seq_in = msg["seq"]
            await self._take(msg)
            self.on_message(msg)

    async def _take(self, msg: dict) -> None:
        kind = msg["kind"]
        if kind == "welcome":
            if self.mirror is None or self.mirror.match_id != msg["match"]:
                self.mirror = Mirror.from_welcome(msg)
            self.token = msg["token"]
            self._keep_entry()
            self.on_status("")
            self.say(f"joined match {msg['match']} ({msg['game']}) at seat {msg['seat'] + 1}")
        elif kind == "update":
            events = self.mirror.apply_update(msg)
            if self.mirror.n != self.moved_at:        # the match moved on (or was taken back)
                self.moved_at = None
            self.on_update(self.mirror, events)
            await self._maybe_bot()
        elif kind == "final":
            self.final = msg["save"]
            if self.entries is not None:
                self.entries.forget(self.mirror.match_id)
        elif kind == "refused":
            if self.mirror is None:
                raise Refused(msg["reason"])
            self.say(f"the host refused: {msg['reason']}")
            self.on_status(msg["reason"])
            self.moved_at = None                      # the position shown again is decided anew
        elif kind == "ping":
            await self._send("pong")
        elif kind == "undo_ask" and self.bot is not None:
            await self.answer_undo(True)              # a bot does not mind

    def _keep_entry(self) -> None:
        if self.entries is None:
            return
        m = self.mirror
        problem = self.entries.keep({"match": m.match_id, "address": self.address, "code": self.code,
                                     "token": self.token, "seat": m.seat, "game": m.game.info.id,
                                     "names": m.names, "relay": self.relay})
        if problem:
            self.say(problem)
            self.on_status(problem)

    async def _maybe_bot(self) -> None:
        m = self.mirror
        if (self.bot is None or m.to_act != m.seat or not m.legal or m.result is not None
                or self.moved_at == m.n):
            return
        self.moved_at = m.n
        if self.move_delay:
            await asyncio.sleep(self.move_delay)
        name, difficulty = self.bot
        action, error = await asyncio.get_running_loop().run_in_executor(
            None, choose_with_fallback, m.game, m.view, m.legal, name, difficulty, Rng(m.n))
        if error:
            self.say(f"the bot failed ({error}); it played a safe move")
        self.say(f"move {m.n + 1}: {action.label or action}")
        await self.send_action(action)
