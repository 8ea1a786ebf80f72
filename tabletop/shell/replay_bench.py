"""How quickly the replay viewer moves: `python -m tabletop.shell.replay_bench [GAMES] [--every N]`.

For each game, a seeded random match played to its end is watched in the real window,
offscreen. Printed, in milliseconds (medians): opening the viewer; a position rebuilt from
the kept ones (a step back, a jump) against a replay from the start; and the viewer's step
back, step forward and jump (the position, the table's sync, the log and a paint). Opening
is timed twice: the first time composes every card face shown (a cold face cache). Figures
are in docs/notes/replay.md; nothing in the app imports this.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path


def _ms(fn, n: int = 15) -> float:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)


def bench(game_ids: list[str], every: int | None = None) -> list[str]:
    from tabletop.shell.screenshot import _app
    app = _app()
    from tabletop.core import Rng
    from tabletop.core.match import Match, Seat
    from tabletop.core.replay import EVERY, Replay
    from tabletop.games.registry import get_game
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    from tabletop.store.saves import SaveStore
    every = every or EVERY
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(store=SaveStore(Path(tmp)))
        win.settings.animation_speed = 0
        win.resize(1600, 940)
        win.show()
        for game_id in game_ids:
            match = Match(get_game(game_id), [Seat("human", "You"), Seat("bot", "Bot")], 3)
            rng = Rng(3)
            while match.to_act is not None and len(match.log) < 5000:
                match.play(rng.choice(match.legal_actions()))
            n = len(match.log)
            replay = Replay(match, every)
            steps = itertools.cycle(range(n // 2 + 40, n // 2 - 40, -1))
            back = _ms(lambda: replay.state_at(next(steps)), 80)
            spots = itertools.cycle([n // 2, 3, n - 2, n // 3])
            jump = _ms(lambda: replay.state_at(next(spots)))
            whole = _ms(lambda: match.replay(n // 2), 5)
            opened = []
            for _ in range(2):            # the first paint composes the faces (a cold cache)
                t = time.perf_counter()
                win.watch_match(match)
                win.replay.table.repaint()
                opened.append((time.perf_counter() - t) * 1000)
            page = win.replay
            page.go(n // 2)
            app.processEvents()

            def moved(to):
                page.go(to)
                page.table.repaint()

            ui_back = _ms(lambda: moved(page.position - 1))
            ui_fwd = _ms(lambda: moved(page.position + 1))
            hops = itertools.cycle([n // 2, 3, n - 2, n // 4])
            ui_jump = _ms(lambda: moved(next(hops)))
            lines.append(f"{game_id:9} {n:5} moves | open {opened[0]:5.0f}, again {opened[1]:4.0f} | position: back {back:5.2f}, "
                         f"jump {jump:5.2f}, replayed from the start {whole:5.1f} | viewer: back "
                         f"{ui_back:5.1f}, forward {ui_fwd:5.1f}, jump {ui_jump:5.1f}")
            page.leave_and_close()
        win.hide()
        dispose(win)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", default="paargus,trials,pariah,paragons,brawl")
    parser.add_argument("--every", type=int, default=None, help="moves between kept positions")
    args = parser.parse_args()
    print(f"milliseconds, medians; kept positions every {args.every or 'default'} moves")
    for line in bench(args.games.split(","), args.every):
        print(line)


if __name__ == "__main__":
    main()
