"""The home screen at every window size (issue 18): the tiles share the page's width, sit inside
it without scrolling from 1280x720 up, and nothing in them is clipped (titles wrap, buttons keep
their width, covers are drawn at the size shown)."""

import pytest

from player import wait_until
from tabletop.shell.home import TILE_MAX, arrange
from tabletop.shell.main_window import MainWindow
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES)
def test_the_tiles_fill_the_width_and_fit_without_scrolling(qtbot, tmp_path, size, covers):
    win = MainWindow(store=SaveStore(tmp_path / "saves"))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    home = win.home
    qtbot.wait(30)
    wait_until(home.covers_shown, 60, "the covers")
    view = home.scroll.viewport()
    assert home.scroll.verticalScrollBar().maximum() == 0, "the tiles do not fit: the page scrolls"
    left = min(t.mapTo(view, t.rect().topLeft()).x() for t in home.tiles)
    right = max(t.mapTo(view, t.rect().topRight()).x() for t in home.tiles)
    assert right <= view.width() and left >= 0
    # the width is used: the tiles span most of the page, or have reached their widest
    assert right - left >= 0.9 * view.width() or all(t.width() == TILE_MAX for t in home.tiles)
    for t in home.tiles:
        for b in t._buttons:
            assert b.width() >= b.minimumSizeHint().width(), f"{b.text()} is clipped at {size}"
            assert b.mapTo(t, b.rect().bottomRight()).y() <= t.height()
        for lab in t._texts:
            assert lab.mapTo(t, lab.rect().bottomLeft()).y() <= t.height(), f"{lab.text()} runs out"
            assert lab.heightForWidth(lab.width()) <= lab.height() + 1, f"{lab.text()} is cut"
        assert t.cover.pixmap().size() == t.cover.size()


def test_arrange_prefers_the_largest_covers_and_scrolls_only_when_nothing_fits():
    text = lambda w: 200          # noqa: E731  (a tile's height without its cover)
    cols, width, cover = arrange(4, 1824, 900, text)
    assert cols == 4 and cover > 200
    cols, width, cover = arrange(6, 1184, 300, text)     # far too small: the fewest rows to scroll,
    assert -(-6 // cols) == 2 and cols == 3 and width == 378   # then the widest tiles
