"""Sharp on high-resolution screens (issue 82): the table is drawn at the screen's own pixels
(2 per logical pixel on a 200% screen), follows the window to a screen of another scale, takes
the pointer where the player sees the pieces, and a screenshot at scale 2 has twice the pixels
and finer text. On a small window the side panel narrows, and folds away, so the table keeps
the room."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from player import settle, wait_until
from shell_helpers import open_match
from tabletop.shell.panel_fold import FOLD_BELOW
from tabletop.shell.screenshot import _match_after, photo
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui

DRIVER = Path(__file__).with_name("dpr_app.py")
ROOT = Path(__file__).resolve().parents[1]


def fine_detail(img: Image.Image) -> float:
    """How much of a picture is finer than two of its pixels: its mean difference from itself
    halved and doubled again. Zero for a picture doubled from a smaller one."""
    g = img.convert("L")
    coarse = g.resize((g.width // 2, g.height // 2), Image.BOX).resize(g.size, Image.NEAREST)
    return ImageStat.Stat(ImageChops.difference(g, coarse)).mean[0]


def qimage_to_pil(image) -> Image.Image:
    image = image.convertToFormat(image.Format.Format_RGB888)
    return Image.frombytes("RGB", (image.width(), image.height()),
                           bytes(image.constBits())[:image.sizeInBytes()], "raw", "RGB",
                           image.bytesPerLine())


def test_a_photo_at_scale_2_has_twice_the_pixels_and_finer_text(qtbot, tmp_path, themed):
    win, page = open_match(qtbot, SaveStore(tmp_path), _match_after("paargus", 1, 20), size=(1280, 720))
    page.ctrl.paused = True
    wait_until(lambda: page.scene.viewport.window == page.table.pixel_size(1.0) and not page.scene.busy)
    scene = page.scene
    assert scene.status, "the status line is the text we look at"
    # the status line's text, in the window's logical pixels
    vp = scene.viewport
    cx, cy = vp.to_screen(vp.virtual[0] / 2, vp.virtual[1] - 40)
    centre = page.table.mapTo(win, QPoint(round(cx), round(cy)))
    box = (centre.x() - 120, centre.y() - 9, centre.x() + 120, centre.y() + 9)
    one = qimage_to_pil(photo(win, 1))
    two = qimage_to_pil(photo(win, 2))
    assert one.size == (1280, 720) and two.size == (2560, 1440)
    assert page.table.ratio == 2 and scene.viewport.window == page.table.pixel_size(2)
    text1 = one.crop(box)
    text2 = two.crop(tuple(2 * v for v in box))
    doubled = text1.resize(text2.size, Image.BICUBIC)
    # drawn at 2 pixels a point, the letters hold detail a doubled 1x picture cannot
    assert fine_detail(text2) > 1.4 * fine_detail(doubled), (fine_detail(text2), fine_detail(doubled))
    # and the same words: as much ink in the picture halved as in the 1x one (the letters'
    # widths differ by a pixel or two at another size, so not pixel for pixel)
    ink = [ImageStat.Stat(t.convert("L")).mean[0] for t in (text1, text2.resize(text1.size, Image.BOX))]
    assert abs(ink[0] - ink[1]) < 0.1 * ink[0], ink


def test_the_table_follows_the_window_to_a_200_percent_screen(tmp_path):
    screens = tmp_path / "screens.json"
    screens.write_text(json.dumps({"screens": [
        {"name": "one", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96,
         "logicalBaseDpi": 96},
        {"name": "two", "x": 1920, "y": 0, "width": 3840, "height": 2160, "logicalDpi": 96,
         "logicalBaseDpi": 96}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screens}",
               QT_SCREEN_SCALE_FACTORS="one=1;two=2", PYTHONPATH=str(ROOT),
               TABLETOP_HOME=str(tmp_path / "home"))
    env.pop("QT_SCALE_FACTOR", None)
    proc = subprocess.run([sys.executable, str(DRIVER)], env=env, capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    first, second = seen["first"], seen["second"]
    assert first["screen"] == "one" and first["ratio"] == 1.0
    assert first["scene"] == first["widget"]
    assert second["screen"] == "two" and second["dpr"] == 2.0 and second["ratio"] == 2.0
    # the table draws every one of the screen's pixels: twice the widget's size each way
    assert second["scene"] == [2 * v for v in second["widget"]]
    # the pointer lands on the card the player points at, on either screen
    assert first["hovered"][0] == first["hovered"][1]
    assert second["hovered"][0] == second["hovered"][1]
    assert second["moved"], "a click on the table's Draw button made the move"


def test_at_1280x720_the_table_keeps_three_quarters_of_the_width(qtbot, tmp_path, themed):
    win, page = open_match(qtbot, SaveStore(tmp_path), _match_after("trials", 1, 4), size=(1280, 720))
    settle(100)
    wait_until(lambda: page.table.width() > 0 and page.panel.isVisible())
    assert page.table.width() >= 0.74 * win.width(), (page.table.width(), page.panel.width())
    assert page.panel.width() >= 300                 # the moves and the log stay readable
    win.resize(1920, 1080)
    wait_until(lambda: page.panel.width() == 380, what="the panel at full width")


def test_below_a_width_the_panel_folds_away_behind_its_toggle(qtbot, tmp_path, themed):
    win, page = open_match(qtbot, SaveStore(tmp_path), _match_after("pariah", 1, 4), size=(1280, 720))
    win.resize(FOLD_BELOW - 100, 720)
    wait_until(lambda: not page.panel.isVisible(), what="the panel folded away")
    settle(50)
    assert page.table.width() >= 0.97 * page.width()
    assert page.fold.isVisible() and "Show" in page.fold.toolTip()
    QTest.mouseClick(page.fold, Qt.LeftButton)                  # the player wants it back
    wait_until(lambda: page.panel.isVisible(), what="the panel shown by its toggle")
    win.resize(FOLD_BELOW - 60, 720)                            # the player's choice holds
    settle(50)
    assert page.panel.isVisible()
    win.activateWindow()                                        # and F9 folds it again
    wait_until(lambda: QApplication.activeWindow() is win, what="the window active")
    QTest.keyClick(win.focusWidget() or win, Qt.Key_F9)
    wait_until(lambda: not page.panel.isVisible(), what="the panel folded by F9")
    win.resize(1600, 900)
    settle(50)
    assert not page.panel.isVisible()
