"""The real main window on a desktop of two screens, the second at 200% (Qt's offscreen
platform with QT_SCREEN_SCALE_FACTORS, set by test_crisp_screens), with a Paargus match
open on the first: points at a card, moves the window to the second screen, points at a
card and presses a table button there, then prints what the table did as JSON. No tests here."""

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).parent))
from player import settle, visible_point, wait_until  # noqa: E402

from tabletop.shell.main_window import MainWindow  # noqa: E402
from tabletop.shell.screenshot import _match_after  # noqa: E402
from tabletop.shell.theme import apply_theme  # noqa: E402
from tabletop.store.saves import SaveStore  # noqa: E402


def table_seen(page) -> dict:
    """The table widget's logical size, its ratio and the pixels the scene draws."""
    t = page.table
    return {"widget": [t.width(), t.height()], "ratio": t.ratio, "dpr": t.devicePixelRatioF(),
            "scene": list(page.scene.viewport.window), "screen": t.screen().name()}


def point_at(page, sprite_id: str) -> str | None:
    """Move the pointer onto the sprite, as a person does; the sprite the table says is under it."""
    QTest.mouseMove(page.table, QPoint(2, 2))
    settle()
    QTest.mouseMove(page.table, visible_point(page.scene, sprite_id))
    settle()
    return page.scene.hover_id


def main() -> None:
    app = QApplication(["tabletop"])
    apply_theme(app)
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(store=SaveStore(Path(tmp)))
        win.settings.animation_speed = 0
        win.resize(1280, 720)
        win.move(40, 40)
        win.show()
        win.open_match(_match_after("paargus", 1, 20))
        page = win.table
        page.ctrl.paused = True
        page.scene.pace = 0
        settle(300)                       # the window's layout settles, then the table's size
        wait_until(lambda: page.scene.viewport.window == page.table.pixel_size(page.table.ratio))
        cards = sorted(s.id for s in page.scene.sprites() if s.id.startswith("card:") and s.visible)
        out["first"] = table_seen(page)
        out["first"]["hovered"] = [cards[0], point_at(page, cards[0])]
        win.move(QApplication.screens()[1].geometry().topLeft() + QPoint(40, 40))
        wait_until(lambda: page.table.ratio == 2.0, what="the table drawn at the new screen's ratio")
        settle(300)
        out["second"] = table_seen(page)
        out["second"]["hovered"] = [cards[-1], point_at(page, cards[-1])]
        moves = len(page.ctrl.match.log)
        QTest.mouseClick(page.table, Qt.LeftButton, Qt.NoModifier, visible_point(page.scene, "btn:draw"))
        wait_until(lambda: len(page.ctrl.match.log) > moves, what="the move the button makes")
        out["second"]["moved"] = page.ctrl.match.log[moves:][:1] != []
        page.leave()
        win.hide()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
