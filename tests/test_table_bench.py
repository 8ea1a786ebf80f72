"""Prints the frame time of a 60-card table (a figure to watch, not a timed test)."""

from tabletop.table.bench import frame_ms
from tabletop.table.demo import bench_scene


def test_frame_ms_of_60_cards(capsys):
    scene = bench_scene(60)
    ms = frame_ms(scene, 1920, 1080, frames=30)
    assert ms > 0
    with capsys.disabled():
        print(f"\n60 alpha-blended cards at 1920x1080: {ms:.2f} ms/frame")
