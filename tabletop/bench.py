"""`tabletop bench GAME`: the speed figures we steer by (benchmarks, not tests): the engine
and search figures (tabletop.bots.bench) and the time to draw a frame of the table."""

from __future__ import annotations

from tabletop.bots.base import resolve_plugin
from tabletop.bots.bench import bench as engine_bench
from tabletop.shell.screenshot import frame_ms


def bench(game_id: str, frame: bool = True, search: bool = True) -> dict:
    figures = engine_bench(game_id, search)
    if frame and resolve_plugin(game_id).presentation is not None:   # a game without a table
        ms, sprites = frame_ms(game_id, with_count=True)
        figures["frame_ms"] = round(ms, 2)
        figures["frame_sprites"] = sprites
    return figures
