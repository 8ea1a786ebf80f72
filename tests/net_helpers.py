"""Helpers for the network tests: a host and its guests in one event loop, over loopback
(no tests here)."""

from __future__ import annotations

import asyncio
import json

from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.net.guest import Guest
from tabletop.net.host import Host
from tabletop.net.protocol import encode
from tabletop.net.referee import Referee

CODE = "4821-KMTQ"


def hosted(game_id: str, seats: str = "bot,remote", seed: int = 3, options: dict | None = None,
           bot: tuple[str, str] = ("random", "normal")) -> tuple[Host, Referee]:
    """A host whose 'bot' seats play `bot` and whose 'remote' seats wait for guests."""
    kinds = seats.split(",")
    match = Match(get_game(game_id),
                  [Seat("bot", f"Bot {i + 1}", *bot) if k == "bot" else Seat("human", f"Guest {i + 1}")
                   for i, k in enumerate(kinds)], seed, options)
    referee = Referee(match, [i for i, k in enumerate(kinds) if k == "remote"], CODE)
    host = Host(referee, {i: bot for i, k in enumerate(kinds) if k == "bot"}, say=lambda text: None)
    return host, referee


def guest_at(port: int, code: str = CODE, bot=("random", "normal"), **kw) -> Guest:
    return Guest(f"127.0.0.1:{port}", code, "Ana", bot=bot, say=lambda text: None, **kw)


async def play(host: Host, guests_of_port, timeout: float = 120.0) -> list:
    """Run the host and the guests (made from the port) until the match is over; the guests'
    final answers."""
    port = await host.listen("127.0.0.1", 0)
    guests = guests_of_port(port)
    hosting = asyncio.create_task(host.run(linger_s=5.0))
    finals = await asyncio.wait_for(asyncio.gather(*(g.run() for g in guests)), timeout)
    await asyncio.wait_for(hosting, timeout)
    return finals


async def raw_session(port: int, messages: list, wait: float = 1.0) -> list[str]:
    """Send `messages` (strings sent as they are, dicts encoded with their own seq) on one raw
    websocket and collect what comes back until the host closes it (or `wait` passes)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed
    got: list[str] = []
    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
        try:
            for m in messages:
                await ws.send(m if isinstance(m, (str, bytes)) else encode(m.pop("kind"), m.pop("seq"), **m))
            while True:
                got.append(await asyncio.wait_for(ws.recv(), wait))
        except (ConnectionClosed, asyncio.TimeoutError):
            pass
    return got


def kinds(frames: list[str]) -> list[str]:
    return [json.loads(f)["kind"] for f in frames]


async def play_through_relay(host: Host, code: str, guests_of_relay, timeout: float = 120.0):
    """A relay on loopback, the host waiting there, the guests dialling it; (finals, every frame
    the relay forwarded)."""
    from tabletop.net.relay import Relay, host_through_relay
    relay = Relay(say=lambda text: None)
    seen: list = []
    relay.tap = seen.append
    port = await relay.listen("127.0.0.1", 0)
    waiting = asyncio.create_task(host_through_relay(host, f"127.0.0.1:{port}", code))
    hosting = asyncio.create_task(host.run(linger_s=5.0))
    try:
        finals = await asyncio.wait_for(asyncio.gather(*(g.run() for g in guests_of_relay(port))), timeout)
        await asyncio.wait_for(hosting, timeout)
    finally:
        waiting.cancel()
        await relay.close()
    return finals, seen
