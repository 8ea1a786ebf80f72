"""`tabletop bench GAME`: the speed figures we steer by (benchmarks, not tests): the engine
and search figures (tabletop.lab.bench), the time to draw a frame of the table, and the time
a move takes through the real shell (`move_ms`)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tabletop.bots.base import resolve_plugin
from tabletop.lab.bench import bench as engine_bench
from tabletop.shell.screenshot import frame_figures

MOVES = 400     # moves timed through the real shell for `move_ms`


def bench(game_id: str, frame: bool = True, search: bool = True, ratio: float = 1.0,
          engine: bool = True) -> dict:
    """The figures; the table's at `ratio` device pixels per logical pixel (2: a 200% screen,
    the window 1920x1080 logical, 3840x2160 drawn). `engine` False: the table's figures only."""
    figures = engine_bench(game_id, search) if engine else {}
    if frame and resolve_plugin(game_id).presentation is not None:   # a game without a table
        figures["ratio"] = ratio
        figures.update(frame_figures(game_id, ratio=ratio))
        figures.update(move_ms(game_id, MOVES, ratio=ratio))
    return figures


def move_ms(game_id: str, moves: int = 400, size: tuple[int, int] = (1920, 1080),
            seed: int = 11, ratio: float = 1.0) -> dict:
    """What one move costs the player through the real shell, autosave included.

    The main window at `size`, headless, plays seeded random matches (you against a bot,
    another match when one ends) until `moves` moves are made; each is timed from the call
    that makes it (the table page's `perform` for your moves, the controller's `_play`, as its
    timer does, for the bot's) until the events it queued are processed: engine, autosave,
    log, table refresh and the table's frame drawn and painted (the widget draws it on its
    16 ms timer, so without `draw_now` a move's frame fell inside the timed move now and then:
    before the frame cache the repaint was mostly left out of the figure). Animations are off:
    their frames are not the move's.
    Between moves the event loop runs idle for IDLE_S, about the least a table sees between
    two moves in play (a bot's move waits for the controller's 30 ms tick and the bot's
    worker even with animations off; a person takes far longer): without it, the table's
    16 ms frame ticks and the face warmer's thread could only run inside the timed moves.
    Median, 95th percentile and worst, in milliseconds; and the same for the part of each move
    the UI thread spends in the autosave (`autosave_ms`). Each match starts once its faces are
    composed off the UI thread (a player's first look at the table gives the warmer that time):
    `warm_s` is the longest that took. At `ratio` 2 the app runs as on a 200% screen
    (QT_SCALE_FACTOR): the window is `size` logical pixels, its table drawn at twice that.
    """
    from tabletop.shell.screenshot import _app
    app = _app(ratio)
    from tabletop.core import Rng
    from tabletop.core.match import Match, Seat
    from tabletop.games.registry import get_game
    from tabletop.shell.main_window import MainWindow
    from tabletop.store.saves import SaveStore
    game = get_game(game_id)
    times: list[float] = []
    saves: list[float] = []
    warm: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-move-bench-") as tmp:
        store = SaveStore(Path(tmp))
        autosave = store.autosave

        def timed_autosave(*args, **kwargs):
            t = time.perf_counter()
            try:
                return autosave(*args, **kwargs)
            finally:
                saves.append((time.perf_counter() - t) * 1000)

        store.autosave = timed_autosave
        win = MainWindow(store=store)
        win.settings.animation_speed = 0
        win.resize(*size)
        win.show()
        if abs(win.devicePixelRatioF() - ratio) > 1e-6:
            raise RuntimeError(f"the app runs at a device pixel ratio of {win.devicePixelRatioF()}, "
                               f"not {ratio}: measure each ratio in a process of its own")
        n = 0
        while len(times) < moves:
            match = Match(game, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")],
                          seed + n)
            rng = Rng(seed + n)
            n += 1
            win.open_match(match)
            page = win.table
            page.ctrl.paused = True                # the bench makes the bot's moves itself
            page.scene.pace = 0
            app.processEvents()
            t = time.perf_counter()
            if page.warmer is not None:
                page.warmer.wait(120)
            warm.append(time.perf_counter() - t)
            while match.to_act is not None and len(times) < moves:
                action = rng.choice(match.legal_actions())
                t = time.perf_counter()
                if page.ctrl.my_turn():
                    page.perform(action)
                else:
                    page.ctrl._play(action)
                app.processEvents()
                page.table.draw_now()              # the move's frame on the screen
                times.append((time.perf_counter() - t) * 1000)
                _idle(app, IDLE_S)
        win.table.leave()
        win.hide()                # not close(): closing saves the settings, animations off
        win.deleteLater()
    return {**_spread("move_ms", times), "move_count": len(times),
            **_spread("autosave_ms", saves), "warm_s": round(max(warm), 1)}


IDLE_S = 0.05


def _idle(app, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.002)


def _spread(name: str, times: list[float]) -> dict:
    times = sorted(times)
    return {name: round(statistics.median(times), 2),
            f"{name}_p95": round(times[int(0.95 * (len(times) - 1))], 2),
            f"{name}_max": round(times[-1], 2)}
