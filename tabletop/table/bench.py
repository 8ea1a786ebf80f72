"""Frame-time measurement for the table renderer.

    python -m tabletop.table.bench        # 60 cards at 1920x1080 and a few window sizes
"""

from __future__ import annotations

import statistics
import time

from .pgsetup import make_target
from .scene import Scene


def frame_ms(scene: Scene, w: int = 1920, h: int = 1080, frames: int = 60) -> float:
    """Median milliseconds of one full Scene.render (every sprite drawn, not only what
    changed) into a (w, h) RGB32 target.

    The first frame (which composes and caches faces) is rendered before timing.
    """
    target = make_target(w, h)
    scene.render(target)
    times = []
    scene.frame_cache = False
    try:
        for _ in range(frames):
            t0 = time.perf_counter()
            scene.render(target)
            times.append((time.perf_counter() - t0) * 1000)
    finally:
        scene.frame_cache = True
    return statistics.median(times)


def main() -> None:
    from .demo import bench_scene, demo_scene
    scene = bench_scene(60)
    for w, h in ((1920, 1080), (1280, 720), (2560, 1440)):
        print(f"60 cards {w}x{h}: {frame_ms(scene, w, h):.2f} ms/frame")
    print(f"demo table 1920x1080: {frame_ms(demo_scene()):.2f} ms/frame")


if __name__ == "__main__":
    main()
