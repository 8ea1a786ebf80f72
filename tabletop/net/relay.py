"""`tabletop relay`: pairs a host and its guests by join code and forwards their frames unread.

Run on any server with a public address, it lets two computers play with no port opened on
either. Each side's first frame is a plain JSON line naming its role and the room (the join
code's digits, never the letters: the whole code is the password of the sealed link,
net/secure.py). A host keeps one connection waiting in its room; a guest arriving there is
paired with it, both are told {"paired": true}, and from then on the relay copies frames both
ways without reading them, until either side closes.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Callable

from tabletop.net.link import WIRE_LIMIT, Closed, SocketLink
from tabletop.net.protocol import HEARTBEAT_S, DROPPED_S, ProtocolError, room_of
from tabletop.net.secure import SealedLink

log = logging.getLogger(__name__)

GUEST_WAIT_S = 10.0        # a guest waits this long for its room's host
MAX_ROOMS = 1000


class Relay:
    def __init__(self, say: Callable[[str], None] = log.info) -> None:
        self.waiting: dict[str, asyncio.Queue] = {}      # room: its hosts' waiting connections
        self.say = say
        self.tap: Callable[[bytes | str], None] | None = None   # tests: every frame forwarded
        self.server = None

    async def listen(self, bind: str = "0.0.0.0", port: int = 0) -> int:
        from websockets.asyncio.server import serve
        self.server = await serve(self._serve, bind, port, max_size=WIRE_LIMIT + 64,
                                  ping_interval=HEARTBEAT_S, ping_timeout=DROPPED_S)
        return self.server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _serve(self, ws) -> None:
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            role, room = first["role"], str(first["room"])
            if first.get("relay") != 1 or role not in ("host", "guest") or not room.isdigit() or len(room) > 8:
                raise ValueError
        except (ValueError, KeyError, TypeError, asyncio.TimeoutError):
            await ws.close(1008, "Not a Tabletop relay request.")
            return
        except Closed:
            return
        if role == "host":
            if room not in self.waiting and len(self.waiting) >= MAX_ROOMS:
                await ws.close(1013, "The relay is full; try again later.")
                return
            done = asyncio.get_running_loop().create_future()
            self.waiting.setdefault(room, asyncio.Queue()).put_nowait((ws, done))
            # until a guest's pairing is over with it, or it closes while it waits
            gone = asyncio.ensure_future(ws.wait_closed())
            await asyncio.wait([done, gone], return_when=asyncio.FIRST_COMPLETED)
            gone.cancel()                   # (a guest skips a closed one left in the queue)
            return
        queue = self.waiting.get(room)
        try:
            while True:
                if queue is None:
                    raise asyncio.TimeoutError
                host_ws, done = await asyncio.wait_for(queue.get(), GUEST_WAIT_S)
                if host_ws.state.name == "OPEN":
                    break
        except asyncio.TimeoutError:
            await ws.close(1008, "No match is waiting under that code at this relay.")
            return
        try:
            await self._pair(host_ws, ws)
        finally:
            if not done.done():
                done.set_result(None)
            if queue.empty() and self.waiting.get(room) is queue:
                del self.waiting[room]

    async def _pair(self, a, b) -> None:
        self.say("paired a host and a guest")
        try:
            for ws in (a, b):
                await ws.send(json.dumps({"paired": True}))
        except Closed:
            return
        pumps = [asyncio.create_task(self._pump(a, b)), asyncio.create_task(self._pump(b, a))]
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for p in pumps:
            p.cancel()
        for ws in (a, b):
            await ws.close()

    async def _pump(self, src, dst) -> None:
        try:
            async for frame in src:
                if self.tap is not None:
                    self.tap(frame)
                await dst.send(frame)
        except Closed:
            pass


# --- the two ends ----------------------------------------------------------------------------
async def _dial_room(relay_url: str, role: str, code: str):
    from websockets.asyncio.client import connect

    from tabletop.net.guest import address_url
    ws = await connect(address_url(relay_url), max_size=WIRE_LIMIT + 64, ping_interval=HEARTBEAT_S,
                       ping_timeout=DROPPED_S, open_timeout=5)
    await ws.send(json.dumps({"relay": 1, "role": role, "room": room_of(code)}))
    return ws


async def _paired(ws, timeout: float | None) -> None:
    reply = await asyncio.wait_for(ws.recv(), timeout)
    if not isinstance(reply, str) or json.loads(reply).get("paired") is not True:
        raise ProtocolError("The relay answered something else than a pairing.")


async def dial_through_relay(relay_url: str, code: str) -> SealedLink:
    """A guest's sealed link to the host waiting at the relay under `code`."""
    ws = await _dial_room(relay_url, "guest", code)
    try:
        await _paired(ws, GUEST_WAIT_S + 5)
        link = SealedLink(SocketLink(ws), "guest")
        await link.handshake(code)
    except Closed as exc:
        from tabletop.net.guest import Refused
        raise Refused(exc.rcvd.reason if exc.rcvd and exc.rcvd.reason else "The relay closed the connection.") from None
    except ProtocolError as exc:
        from tabletop.net.guest import Refused
        await ws.close()
        raise Refused(str(exc)) from None
    return link


async def host_through_relay(host, relay_url: str, code: str) -> None:
    """Keep one connection waiting at the relay for the next guest; each guest paired with it
    is served by the host over a sealed link (a wrong code fails the handshake, refused)."""
    serving: set[asyncio.Task] = set()
    tries = 0
    try:
        while True:
            try:
                ws = await _dial_room(relay_url, "host", code)
                await _paired(ws, None)
                tries = 0
            except (OSError, Closed, ProtocolError, asyncio.TimeoutError) as exc:
                host.say(f"the relay cannot be reached ({exc}); trying again")
                await asyncio.sleep(min(5.0, 0.5 * 2 ** tries))
                tries += 1
                continue
            task = asyncio.create_task(_serve_sealed(host, ws, code))
            serving.add(task)
            task.add_done_callback(serving.discard)
    finally:
        for task in serving:
            task.cancel()


async def _serve_sealed(host, ws, code: str) -> None:
    link = SealedLink(SocketLink(ws), "host")
    try:
        await link.handshake(code)
    except (ProtocolError, asyncio.TimeoutError) as exc:
        host.refusals.append(str(exc))
        host.say(f"refused a guest at the relay: {exc}")
        await ws.close(1008, "The secure handshake failed.")
        return
    except Closed:
        return
    await host.serve_link(link)


def relay_main(args) -> int:
    async def main() -> None:
        relay = Relay(say=lambda text: print(text, flush=True))
        port = await relay.listen(args.bind, args.port)
        print(f"relay listening on ws://{args.bind}:{port}", flush=True)
        await asyncio.Future()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    return 0

