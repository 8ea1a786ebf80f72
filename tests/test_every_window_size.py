"""Every window size (issue 18): each game's table and the main screens at 1280x720, 1600x900,
1920x1080 and 2560x1440, with every label inside its box, through the real shell.

The table is checked in its own (virtual) coordinates: every piece inside the table, every
text label inside the zone it starts in and clear of the other labels, and no card over a
zone's title. The Qt screens are checked label by label: a label that does not wrap is at
least as large as the text it holds."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from shell_helpers import make_window, open_match
from tabletop.games.registry import game_ids
from tabletop.shell.screenshot import _match_after
from tabletop.store.saves import SaveStore
from tabletop.table.card import CardSprite
from tabletop.table.fonts import font
from tabletop.table.widgets import LabelSprite

pytestmark = pytest.mark.gui

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]
SLACK = 2.0          # virtual pixels: anti-aliased edges


def settle(n: int = 10) -> None:
    for _ in range(n):
        QApplication.processEvents()


def labels_that_do_not_fit(root: QWidget) -> list[str]:
    """The visible labels under `root` that are smaller than their text (not wrapping ones)."""
    bad = []
    for lab in root.findChildren(QLabel):
        if not lab.isVisible() or not lab.text() or lab.wordWrap() or lab.pixmap() is not None \
                and not lab.pixmap().isNull():
            continue
        hint = lab.sizeHint()
        if lab.width() < hint.width() or lab.height() < hint.height():
            bad.append(f"{lab.text()!r}: {lab.width()}x{lab.height()} < {hint.width()}x{hint.height()}")
    return bad


def inside(inner, outer, slack: float = SLACK) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox - slack and y >= oy - slack and x + w <= ox + ow + slack and y + h <= oy + oh + slack


def overlap(a, b) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def table_problems(scene) -> list[str]:
    """What does not fit on the table as drawn now (virtual coordinates)."""
    vw, vh = scene.virtual
    table = (0, 0, vw, vh)
    zones = [z for z in scene.layout.zones.values() if not z.hidden]
    shown = [s for s in scene.sprites() if s.visible and s.w > 0 and s.h > 0 or isinstance(s, LabelSprite)]
    bad = []
    for s in shown:
        if isinstance(s, LabelSprite) and not (s.visible and s.text):
            continue
        if not inside(s.rect, table):
            bad.append(f"{s.id} outside the table: {tuple(round(v) for v in s.rect)}")
    labels = [s for s in shown if isinstance(s, LabelSprite) and s.visible and s.text]
    for lab in labels:
        x, y = lab.x, lab.y
        home = [z for z in zones if inside((x, y, 0, 0), z.rect, 0)]
        if home and not any(inside(lab.rect, z.rect) for z in home):
            bad.append(f"label {lab.text!r} runs out of zone {home[0].id}")
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            if overlap(a.rect, b.rect) > 0.25 * min(a.rect[2] * a.rect[3], b.rect[2] * b.rect[3]):
                bad.append(f"labels {a.text!r} and {b.text!r} overlap")
    cards = [s for s in shown if isinstance(s, CardSprite)]
    for z in zones:
        if not z.label:
            continue
        tw, th = font(17, True).size(z.label.upper())      # as chrome.draw_zone writes it
        title = (z.rect[0] + 16, z.rect[1] + 10, tw, th)
        for c in cards:
            if overlap(c.rect, title) > 0.15 * tw * th:
                bad.append(f"card {c.id} covers the title of zone {z.id}")
    return bad


def seat_cells_that_overlap(panel) -> list[str]:
    bad = []
    for box in panel.seat_boxes:
        cells = [w for pair in box.cells for w in pair if w.isVisible()]
        for i, a in enumerate(cells):
            bad += [f"{a.text()!r} and {b.text()!r}" for b in cells[i + 1:]
                    if a.geometry().intersects(b.geometry())]
            if not box.contentsRect().contains(a.geometry()):
                bad.append(f"{a.text()!r} outside its seat box")
    return bad


def check_table(qtbot, tmp_path, match, sizes) -> None:
    """The match opened in a window of the first size, then the window resized to each other
    size as a player drags it: at every size the table and its panel fit."""
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match, sizes[0])
    page.ctrl.paused = True
    for size in sizes:
        win.resize(*size)
        settle()
        where = f"at {size[0]}x{size[1]}"
        assert (win.width(), win.height()) == size, where
        assert labels_that_do_not_fit(page.panel) == [], where
        assert seat_cells_that_overlap(page.panel) == [], where
        assert table_problems(page.scene) == [], where
    page.leave()


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_each_table_and_its_side_panel_fit_the_window(qtbot, tmp_path, themed, game_id):
    check_table(qtbot, tmp_path, _match_after(game_id, 1, 60), SIZES)      # as `make screenshots`


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_a_crowded_table_late_in_a_match_fits_too(qtbot, tmp_path, themed, game_id):
    check_table(qtbot, tmp_path, _match_after(game_id, 2, 260), [SIZES[-1], SIZES[0]])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_main_screens_fit_the_window(qtbot, tmp_path, themed, size):
    from tabletop.shell.about import AboutDialog
    from tabletop.shell.new_match import NewMatchDialog
    from tabletop.shell.settings_dialog import SettingsDialog
    from tabletop.store.settings import Settings
    store = SaveStore(tmp_path / "saves")
    win = make_window(qtbot, store, size)
    settle()
    assert labels_that_do_not_fit(win.home) == []
    win.show_saves()
    settle()
    assert labels_that_do_not_fit(win.saves) == []
    from history_helpers import finished_match
    from tabletop.store.history import History
    with History() as history:                  # the statistics of a few matches of each game
        for i, game in enumerate(sorted(game_ids()) * 2):
            history.record(finished_match(game, i, ("easy", "hard")[i % 2], days_ago=i * 3))
    win.show_statistics()
    settle()
    assert win.stats.figures.isVisible() and labels_that_do_not_fit(win.stats) == []
    assert win.stats.table.horizontalScrollBar().maximum() == 0     # every column in view
    from tabletop.games.registry import get_game
    from tabletop.shell.presentations import presentation
    from tabletop.shell.rules_viewer import RulesViewer
    rules = [RulesViewer(get_game(g).info.title, presentation(g).rules_markdown(), win)
             for g in sorted(game_ids())]
    for dialog in [NewMatchDialog(gid, parent=win) for gid in sorted(game_ids())] + \
            [SettingsDialog(Settings(), win), AboutDialog(win)] + rules:
        dialog.show()
        settle()
        assert labels_that_do_not_fit(dialog) == [], type(dialog).__name__
        assert dialog.width() <= size[0] and dialog.height() <= size[1]
        dialog.close()
