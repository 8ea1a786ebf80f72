"""`tabletop` and its subcommands. With no arguments it launches the app."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _emit(data, as_json: bool, line) -> int:
    """Print `data` as JSON, or each item as one human line."""
    if as_json:
        print(json.dumps(data))
    else:
        for item in (data.items() if isinstance(data, dict) else data):
            print(line(item))
    return 0


def _cmd_games(args) -> int:
    from tabletop.games.registry import all_games
    rows = [{"id": g.info.id, "title": g.info.title, "players": list(g.info.players)}
            for g in all_games()]
    return _emit(rows, args.json,
                 lambda r: f"{r['id']:10} {r['title']} ({'/'.join(map(str, r['players']))} players)")


def _cmd_cards(args) -> int:
    from tabletop.games.registry import card_pool
    return _emit(card_pool(args.game), args.json, lambda c: f"{c['id']:>4}  {c['name']:24} {c['type']}")


def _cmd_arena(args) -> int:
    from tabletop.lab.arena import format_table, run_arena
    try:
        options = json.loads(args.options) if args.options else {}
    except json.JSONDecodeError as exc:
        print(f"--options is not JSON: {exc}", file=sys.stderr)
        return 2
    if not isinstance(options, dict):
        print('--options must be a JSON object, e.g. \'{"hands": 1}\'', file=sys.stderr)
        return 2
    report = run_arena(args.game, args.bots, games=args.games, seed=args.seed,
                       save_dir=Path(args.save) if args.save else None,
                       options=options or None, jobs=args.jobs)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


def _cmd_verify(args) -> int:
    from tabletop.games.registry import get_game
    from tabletop.store.saves import SaveError, SaveStore
    path = Path(args.save)
    try:
        match = SaveStore(path.parent).load(path, games=get_game)
    except SaveError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    print(f"{path}: {len(match.log)} moves replay to the saved state.")
    return 0


def _cmd_review(args) -> int:
    from tabletop.bots.review import format_review, human_seats, log_digest, review_budget, review_match
    from tabletop.games.registry import get_game
    from tabletop.store.reviews import keep_review, load_review
    from tabletop.store.saves import SaveError, SaveStore
    path = Path(args.save)
    try:
        match = SaveStore(path.parent).read(path, games=get_game)     # looked at, never played
    except SaveError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    try:
        budget = review_budget(match.game, args.budget)
    except ValueError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    if args.seat is not None:
        if not 1 <= args.seat <= len(match.seats):
            print(f"tabletop: this match has players 1 to {len(match.seats)}, not {args.seat}",
                  file=sys.stderr)
            return 2
        seats = [args.seat - 1]
    else:
        seats = human_seats(match)
        if not seats:
            print("tabletop: every seat of this match is a bot; name one to review with --seat N",
                  file=sys.stderr)
            return 2
    doc, problem = load_review(path, len(match.log), log_digest(match), seats, budget.iterations)
    if problem:
        print(problem, file=sys.stderr)
    if doc is None:
        def progress(done: int, total: int, _rating) -> None:
            if not args.json:
                print(f"\rRating decision {done} of {total}…", end="", file=sys.stderr, flush=True)
        doc = review_match(match, seats, budget, progress)
        if not args.json:
            print(file=sys.stderr)
        problem = keep_review(path, doc)
        if problem:
            print(problem, file=sys.stderr)
    print(json.dumps(doc) if args.json else format_review(doc))
    return 0


def _cmd_screenshot(args) -> int:
    from tabletop.shell.screenshot import screenshot
    w, h = (int(x) for x in args.size.lower().split("x"))
    if not 0.25 <= args.scale <= 8:
        print(f"tabletop: --scale is between 0.25 and 8 (2 for a 200% screen), not {args.scale}",
              file=sys.stderr)
        return 2
    screenshot(args.game, Path(args.out), seed=args.seed, moves=args.moves, size=(w, h),
               scale=args.scale)
    print(f"wrote {args.out}")
    return 0


def _cmd_bench(args) -> int:
    if args.net:
        from tabletop.net.bench import bench_net
        return _emit(bench_net(args.moves, args.idle), args.json, lambda kv: f"{kv[0]:24} {kv[1]}")
    if args.game is None:
        from tabletop.shell.first_frame import bench_home
        return _emit(bench_home(), args.json, lambda kv: f"{kv[0]:28} {kv[1]}")
    from tabletop.bench import bench
    if not 0.25 <= args.ratio <= 8:
        print(f"tabletop: --ratio is between 0.25 and 8 (2 for a 200% screen), not {args.ratio}",
              file=sys.stderr)
        return 2
    figures = bench(args.game, ratio=args.ratio, engine=not args.table_only)
    return _emit(figures, args.json, lambda kv: f"{kv[0]:24} {kv[1]}")


def _cmd_balance(args) -> int:
    from tabletop.lab.balance import run
    try:
        return run(args)
    except FileNotFoundError as exc:           # --hard-check before a measurement
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2


def _cmd_tutorial(args) -> int:
    """Print a game's lesson, or (--check) play it on the real table, headless."""
    import tempfile
    from tabletop.core.lesson import LessonError
    from tabletop.games.registry import game_ids, get_game, lesson, plugin
    from tabletop.table.lesson import check_lesson
    if args.all == (args.game is not None):
        print("tabletop tutorial: name one game, or --all", file=sys.stderr)
        return 2
    failed = 0
    for game_id in (game_ids() if args.all else [args.game]):
        try:
            found = lesson(game_id)
        except LessonError as exc:
            print(f"{game_id}: FAIL: {exc}")
            failed += 1
            continue
        if found is None:
            print(f"{game_id}: no lesson yet")
            if not args.all:
                failed += 1
            continue
        if not args.check:
            for i, step in enumerate(found.steps, 1):
                print(f"{i:3}. {'(bot) ' + step.expect.kind if step.by_bot else step.say}")
            continue
        presentation = plugin(game_id).presentation()
        with tempfile.TemporaryDirectory() as faces:
            problems = check_lesson(get_game(game_id), found, presentation.make_presenter,
                                    presentation.rules_markdown(), Path(faces))
        if problems:
            failed += 1
            print(f"{game_id}: FAIL")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"{game_id}: ok, {len(found.learner_steps())} steps of the learner and "
                  f"{len(found.steps)} moves played to the end on the table")
    return 1 if failed else 0


def _cmd_selfcheck_new_match(args) -> int:
    from tabletop.shell.selfcheck import new_match
    return new_match(args.game, timeout=args.timeout, cancel_first=args.cancel_first)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tabletop", description="Card and board games with every rule enforced.")
    sub = p.add_subparsers(dest="cmd")

    s = sub.add_parser("games", help="list the games")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_games)

    s = sub.add_parser("cards", help="print a game's card pool")
    s.add_argument("game")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_cards)

    s = sub.add_parser("arena", help="play bots against each other and report win rates")
    s.add_argument("game")
    s.add_argument("--bots", nargs="+", required=True, help="bot names, e.g. greedy random or greedy:hard")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", metavar="DIR")
    s.add_argument("--options", metavar="JSON", help='match options, e.g. \'{"hands": 1}\'')
    s.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    s.set_defaults(func=_cmd_arena)

    s = sub.add_parser("balance", help="play a game's starting choices against each other "
                                       "(docs/BALANCE.md)")
    from tabletop.lab.balance import add_arguments as balance_arguments
    balance_arguments(s)                       # one list of options: `python -m` and here
    s.set_defaults(func=_cmd_balance)

    s = sub.add_parser("verify", help="replay a save's log and compare it with its snapshot")
    s.add_argument("save")
    s.set_defaults(func=_cmd_verify)

    s = sub.add_parser("review", help="the hard bot rates each decision of a saved match's "
                                      "players: the turning points")
    s.add_argument("save")
    s.add_argument("--seat", type=int, metavar="N",
                   help="rate player N (counted from 1) instead of the human seats")
    s.add_argument("--budget", metavar="B",
                   help="iterations per decision, or easy, normal or hard (the default: hard's)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_review)

    s = sub.add_parser("screenshot", help="render the real table after K random moves")
    s.add_argument("game")
    s.add_argument("--out", required=True)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--moves", type=int, default=0)
    s.add_argument("--size", default="1920x1080", help="the window's size in logical pixels")
    s.add_argument("--scale", type=float, default=1.0,
                   help="device pixels per logical pixel: 2 photographs a 200%% screen "
                        "(a PNG twice as wide and tall)")
    s.set_defaults(func=_cmd_screenshot)

    s = sub.add_parser("bench", help="the speed figures we steer by: a game's, or without one "
                                     "the time the app takes to show the home screen")
    s.add_argument("game", nargs="?")
    s.add_argument("--ratio", type=float, default=1.0,
                   help="the table's device pixel ratio (2: a 200%% screen; run each ratio "
                        "in a process of its own)")
    s.add_argument("--net", action="store_true",
                   help="network play's figures on loopback: a move's round trip, a host's idle CPU")
    s.add_argument("--moves", type=int, default=300, help="with --net: guest moves timed")
    s.add_argument("--idle", type=float, default=20.0, help="with --net: seconds the idle host is watched")
    s.add_argument("--table-only", action="store_true",
                   help="only the table's figures (frame and move), not the engine's")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_cmd_bench)

    from tabletop.net.commands import add_parsers as net_parsers
    net_parsers(sub)                           # host, join (and relay)
    s = sub.add_parser("tutorial", help="a game's lesson: its steps, or --check plays it on "
                                        "the table, headless (docs/LESSONS.md)")
    s.add_argument("game", nargs="?")
    s.add_argument("--check", action="store_true", help="play every step; fail on a problem")
    s.add_argument("--all", action="store_true", help="every game that has a lesson")
    s.set_defaults(func=_cmd_tutorial)

    # For the packaging tests, not for players: left out of the usage and help listing.
    sub.metavar = "{" + ",".join(sub.choices) + "}"
    s = sub.add_parser("selfcheck-new-match")
    s.add_argument("game")
    s.add_argument("--timeout", type=float, default=60.0)
    s.add_argument("--cancel-first", action="store_true", help="Cancel the dialog once first")
    s.set_defaults(func=_cmd_selfcheck_new_match)
    return p


def main(argv: list[str] | None = None) -> int:
    import multiprocessing
    multiprocessing.freeze_support()      # the bot worker in a frozen app
    args = build_parser().parse_args(argv)
    if args.cmd is None:
        from tabletop.shell.app import run
        return run()
    try:
        return args.func(args)
    except KeyError as exc:                # unknown game id
        print(f"tabletop: {exc.args[0]}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
