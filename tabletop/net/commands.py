"""`tabletop host` and `tabletop join`: network matches played headless, by bots on either side."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from tabletop.core.match import Match, Seat
from tabletop.net.protocol import new_code, normal_code


def say(text: str) -> None:
    print(text, flush=True)


def bot_spec(text: str) -> tuple[str, str]:
    """"hard" (the app's level), "greedy", "greedy:hard" -> (bot name, difficulty)."""
    from tabletop.bots.base import DIFFICULTIES, bot_for_difficulty, bot_names
    name, _, difficulty = text.partition(":")
    if name in DIFFICULTIES and not difficulty:
        return bot_for_difficulty(name)
    if name not in bot_names():
        raise ValueError(f"unknown bot {name!r}: a level ({', '.join(DIFFICULTIES)}) or one of "
                         f"{', '.join(bot_names())}")
    return name, difficulty or "normal"


def parse_seats(text: str, players: tuple[int, ...]) -> tuple[list[Seat], list[int], dict]:
    """"bot:greedy,remote" -> the seats, the remote ones, and the host's bots by seat."""
    seats, remote, bots = [], [], {}
    for i, part in enumerate(p.strip() for p in text.split(",")):
        if part == "remote":
            seats.append(Seat("human", f"Guest {len(remote) + 1}"))
            remote.append(i)
        elif part.startswith("bot"):
            name, difficulty = bot_spec(part.partition(":")[2] or "normal")
            seats.append(Seat("bot", f"Bot {i + 1}", name, difficulty))
            bots[i] = (name, difficulty)
        else:
            raise ValueError(f"a seat is 'remote' or 'bot[:LEVEL]', not {part!r}")
    if len(seats) not in players:
        raise ValueError(f"this game seats {' or '.join(map(str, players))} players, not {len(seats)}")
    if not remote:
        raise ValueError("a hosted match needs at least one 'remote' seat")
    return seats, remote, bots


def host_main(args) -> int:
    from tabletop.games.registry import get_game
    from tabletop.net.host import Host
    from tabletop.net.referee import Referee
    from tabletop.store.saves import SaveError, SaveStore
    game = get_game(args.game)
    try:
        seats, remote, bots = parse_seats(args.seats, game.info.players)
        options = json.loads(args.options) if args.options else {}
    except ValueError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    match = Match(game, seats, args.seed, options)
    store = SaveStore(Path(args.saves) if args.saves else None)
    code = normal_code(args.code) if args.code else new_code()
    referee = Referee(match, remote, code)

    def autosave() -> None:
        try:
            store.autosave(match)
        except SaveError as exc:
            say(f"not saved: {exc}")

    async def main() -> None:
        host = Host(referee, bots, on_move=autosave, say=say)
        if args.relay:
            from tabletop.net.relay import host_through_relay
            say(f"hosting {game.info.title} through the relay {args.relay}, join code {code}")
            task = asyncio.create_task(host_through_relay(host, args.relay, code))
        else:
            port = await host.listen(args.bind, args.port)
            say(f"hosting {game.info.title} on ws://{args.bind}:{port}, join code {code}")
            task = None
        say(f"match {match.id}")
        try:
            await host.run()
        finally:
            if task is not None:
                task.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        say("stopped; the match is saved and can be hosted again")
    try:
        path = store.close_match(match)
    except SaveError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    result = match.result()
    say(f"over: {result.summary if result else 'unfinished'}; saved to {path}")
    return 0


def join_main(args) -> int:
    from tabletop.games.registry import get_game
    from tabletop.net.guest import Guest, Refused
    from tabletop.net.remote import RemoteMatches
    from tabletop.store.saves import SaveError, SaveStore
    try:
        bot = bot_spec(args.bot)
    except ValueError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    entries = RemoteMatches()
    code, relay = args.code, args.relay
    if code is None:
        entry = entries.find(args.address)
        if entry is None:
            print("tabletop: give the host's join code with --code", file=sys.stderr)
            return 2
        code, relay = entry["code"], relay or bool(entry.get("relay"))
    dial = None
    if relay:
        from tabletop.net.relay import dial_through_relay
        dial = lambda: dial_through_relay(args.address, code)      # noqa: E731
    guest = Guest(args.address, code, args.name, bot=bot, entries=entries, dial=dial, say=say,
                  move_delay=args.delay, relay=relay)
    try:
        final = asyncio.run(guest.run())
    except Refused as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        say("stopped; `tabletop join` with the same address rejoins the match")
        return 1
    match = Match.from_json(final, get_game(final["game"]))
    try:
        path = SaveStore(Path(args.saves) if args.saves else None).save(match)
    except SaveError as exc:
        print(f"tabletop: the finished match was not kept: {exc}", file=sys.stderr)
        return 1
    say(f"over: {match.result().summary}; the whole match is saved to {path}")
    return 0


def add_parsers(sub) -> None:
    s = sub.add_parser("host", help="host a match for players on other computers (headless)")
    s.add_argument("game")
    s.add_argument("--seats", default="bot:normal,remote",
                   help="each seat 'remote' or 'bot[:LEVEL]', e.g. bot:greedy,remote")
    s.add_argument("--port", type=int, default=8765)
    s.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    s.add_argument("--code", help="the join code (default: a new one)")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--options", metavar="JSON")
    s.add_argument("--saves", metavar="DIR", help="where the match is saved (default: Saved games)")
    s.add_argument("--relay", metavar="URL", help="host through a relay instead of listening")
    s.set_defaults(func=host_main)

    s = sub.add_parser("join", help="join a hosted match with a bot at your seat (headless)")
    s.add_argument("address", help="host:port, or the relay's address with --relay")
    s.add_argument("--code", help="the host's join code (default: the last match joined at ADDRESS)")
    s.add_argument("--bot", default="normal", help="a level (easy, normal, hard) or a bot name")
    s.add_argument("--name", default="Guest")
    s.add_argument("--delay", type=float, default=0.0, help="seconds the bot waits before each move")
    s.add_argument("--saves", metavar="DIR", help="where the finished match is kept")
    s.add_argument("--relay", action="store_true", help="ADDRESS is a relay")
    s.set_defaults(func=join_main)

    s = sub.add_parser("relay", help="pair hosts and guests by join code over the internet, "
                                     "forwarding frames it cannot read")
    s.add_argument("--port", type=int, default=8766)
    s.add_argument("--bind", default="0.0.0.0")
    s.set_defaults(func=relay_main)


def relay_main(args) -> int:
    from tabletop.net.relay import relay_main as run
    return run(args)
