"""Hosting a match: the websocket server around the referee, and the host's own bots.

The host listens only while its match waits or runs (`run` returns, and the server is closed,
once every guest has the end of the match). Each connection is served by `serve_link`: a
hello within HELLO_S, then actions; anything hostile (oversize, not JSON, unknown kind, out of
order, a move for another seat, a flood, a wrong code) is answered with a `refused` sentence
and the connection is closed, the match untouched.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from tabletop.bots.worker import choose_with_fallback
from tabletop.core.rng import Rng
from tabletop.net.link import WIRE_LIMIT, Closed, Link, SocketLink
from tabletop.net.protocol import (DROPPED_S, GUEST_KINDS, HEARTBEAT_S, ProtocolError, RateLimit,
                                   decode, encode, games_versions)
from tabletop.net.referee import Referee, Remote, Stale

log = logging.getLogger(__name__)

HELLO_S = 10.0          # a connection that says nothing this long is closed
CHUNK = 100             # moves told in one update when a guest catches up


@dataclass
class Conn:
    link: Link
    remote: Remote | None = None
    seq_in: int = 0
    seq_out: int = 0
    sent_n: int = 0                  # the log length this guest has been told about
    limit: RateLimit = field(default_factory=RateLimit)
    telling: asyncio.Lock = field(default_factory=asyncio.Lock)   # one update at a time, in order

    async def send(self, kind: str, **fields) -> None:
        self.seq_out += 1
        await self.link.send(encode(kind, self.seq_out, **fields))


def _told_name(name: str, seat: int) -> str:
    """A seat's name as another computer is told it: the host's "You" is nobody's there."""
    name = name.strip()
    return name if name and name.lower() != "you" else f"Player {seat + 1}"


async def _inline(fn, *args):
    return fn(*args)


class Host:
    """`call` runs the referee's code where the match lives (here, inline; in the app, on its
    GUI thread: net/thread.py). `act` plays a remote seat's move (by default the referee's; in
    the app the controller's, which autosaves and redraws, then calls `moves_made`)."""

    def __init__(self, referee: Referee, bots: dict[int, tuple[str, str]] | None = None,
                 on_move: Callable[[], None] | None = None, say: Callable[[str], None] = log.info,
                 call=None, act: Callable[[int, dict, int], object] | None = None) -> None:
        self.referee = referee
        self.call = call or _inline
        self.act = act
        self.on_undo_ask: Callable[[int], None] = lambda seat: None
        self.bots = dict(bots or {})                 # seat: (bot name, difficulty), played here
        self.on_move = on_move or (lambda: None)      # after every move (the host's autosave)
        self.say = say
        self.conns: dict[int, Conn] = {}             # seat: its live connection
        self.moved = asyncio.Event()
        self.server = None
        self.refusals: list[str] = []                # every sentence a connection was refused with
        self.finals_sent: set[int] = set()

    # --- the server ------------------------------------------------------------------------------
    async def listen(self, bind: str = "0.0.0.0", port: int = 0) -> int:
        from websockets.asyncio.server import serve
        self.server = await serve(lambda ws: self.serve_link(SocketLink(ws)), bind, port,
                                  max_size=WIRE_LIMIT, ping_interval=HEARTBEAT_S, ping_timeout=DROPPED_S)
        return self.server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
            self.server = None
        for conn in list(self.conns.values()):
            await conn.link.close("The host closed the match.")

    async def run(self, linger_s: float = 5.0) -> None:
        """Play the host's bots until the match is over, then give every guest the end (for
        up to `linger_s`) and stop listening."""
        match = self.referee.match
        try:
            while match.result() is None:
                seat = match.to_act
                if seat in self.bots:
                    await self._bot_move(seat)
                    continue
                self.moved.clear()
                await self.moved.wait()
            end = time.monotonic() + linger_s
            while set(self.referee.remotes) - self.finals_sent and time.monotonic() < end:
                await asyncio.sleep(0.05)
        finally:
            await self.close()

    async def _bot_move(self, seat: int) -> None:
        match, game = self.referee.match, self.referee.match.game
        name, difficulty = self.bots[seat]
        view, legal = game.view(match.state, seat), match.legal_actions()
        rng = Rng(match.seed + len(match.log))
        action, error = await asyncio.get_running_loop().run_in_executor(
            None, choose_with_fallback, game, view, legal, name, difficulty, rng)
        if error:
            log.warning("bot at seat %d failed (%s); it played a safe move", seat, error)
        if match.to_act == seat:
            match.play(action)
            await self.moves_made()

    async def moves_made(self) -> None:
        """Tell every connected guest what changed (the match has moved)."""
        self.on_move()
        self.moved.set()
        for conn in list(self.conns.values()):
            await self._tell(conn)

    def _told(self, seat: int, since: int) -> tuple[dict, bool, dict | None]:
        ref = self.referee
        update = ref.update_for(seat, since, CHUNK)
        last = update["n"] >= len(ref.match.log)
        return update, last, ref.final_for(seat) if last else None

    async def _tell(self, conn: Conn) -> None:
        async with conn.telling:              # two moves told at once would cross on the wire
            await self._tell_now(conn)

    async def _tell_now(self, conn: Conn) -> None:
        try:
            while True:       # a long match told again comes in chunks; the last has the position
                update, last, final = await self.call(self._told, conn.remote.seat, conn.sent_n)
                await conn.send("update", **update)
                conn.sent_n = update["n"]
                if last:
                    break
            if final is not None:
                await conn.send("final", save=final)
                self.finals_sent.add(conn.remote.seat)
        except Closed:
            pass

    # --- one connection ----------------------------------------------------------------------------
    async def serve_link(self, link: Link) -> None:
        conn = Conn(link)
        try:
            await self._converse(conn)
        except ProtocolError as exc:
            self.refusals.append(str(exc))
            self.say(f"refused {link.peer}: {exc}")
            try:
                await conn.send("refused", reason=str(exc))
                await link.close(str(exc))
            except Closed:
                pass
        except Closed:
            pass
        finally:
            if conn.remote is not None and self.conns.get(conn.remote.seat) is conn:
                del self.conns[conn.remote.seat]
                conn.remote.connected = False
                self.say(f"{conn.remote.name} (seat {conn.remote.seat + 1}) dropped")
                await self._tell_presence()

    async def _receive(self, conn: Conn, timeout: float | None = None) -> dict:
        raw = await asyncio.wait_for(conn.link.recv(), timeout) if timeout else await conn.link.recv()
        if not conn.limit.allow():
            raise ProtocolError("Too many messages came too fast; the connection was closed.")
        msg = decode(raw, GUEST_KINDS, conn.seq_in)
        conn.seq_in = msg["seq"]
        return msg

    async def _converse(self, conn: Conn) -> None:
        try:
            hello = await self._receive(conn, HELLO_S)
        except asyncio.TimeoutError:
            raise ProtocolError("No hello came in time.") from None
        if hello["kind"] != "hello":
            raise ProtocolError("The first message must be a hello.")
        remote, welcome = await self.call(self._join, hello)
        old = self.conns.get(remote.seat)
        if old is not None:                   # the same guest again: its old connection is dead
            await old.link.close("You joined again from another connection.")
        conn.remote, remote.connected = remote, True
        self.conns[remote.seat] = conn
        conn.sent_n = hello["since"]
        await conn.send("welcome", **welcome)
        self.say(f"{remote.name} joined at seat {remote.seat + 1} from {conn.link.peer}")
        await self._tell(conn)
        await self._tell_presence(but=conn)
        while True:
            msg = await self._receive(conn)
            kind = msg["kind"]
            if kind == "action":
                await self._action(conn, msg)
            elif kind == "ping":
                await conn.send("pong")
            elif kind == "bye":
                return
            elif kind == "hello":
                raise ProtocolError("A second hello on one connection.")
            elif kind == "undo_ask":
                self.say(f"{remote.name} asks to take back a move; the host decides")
                await self.call(self.on_undo_ask, remote.seat)
            elif kind == "undo_answer":
                remote.undo_answer = msg["yes"]

    def _join(self, hello: dict) -> tuple[Remote, dict]:
        remote = self.referee.join(hello, games_versions())
        m = self.referee.match
        return remote, {"seat": remote.seat, "token": remote.token, "match": m.id, "game": m.game.info.id,
                        "seats": [_told_name(s.name, i) for i, s in enumerate(m.seats)], "options": m.options}

    async def ask_undo(self, seat: int) -> None:
        """Ask the guest at `seat` to consent to taking back a move (its answer comes as
        undo_answer, kept on its Remote)."""
        conn = self.conns.get(seat)
        if conn is not None:
            conn.remote.undo_answer = None
            await conn.send("undo_ask", seat=seat)

    async def _action(self, conn: Conn, msg: dict) -> None:
        try:
            if self.act is not None:              # the app: its controller plays and tells
                await self.call(self.act, conn.remote.seat, msg["action"], msg["at"])
                conn.limit.refund()
                return
            await self.call(self.referee.act, conn.remote.seat, msg["action"], msg["at"])
        except Stale as exc:                          # told why, and shown the position again
            await conn.send("refused", reason=str(exc))
            await self._tell(conn)
            return
        conn.limit.refund()
        await self.moves_made()

    async def _tell_presence(self, but: Conn | None = None) -> None:
        """Who is connected changed: the other guests hear it (in a fresh update)."""
        for conn in list(self.conns.values()):
            if conn is not but:
                await self._tell(conn)
