"""The home screen opens without waiting for its covers (issue 82): the real main window shows a
tile per game at once, each with a plain place for its cover, and the covers come from a thread
(read from the disk face cache, or composed and written there) into every tile. A damaged cache
file is composed again without a word to the player; a cover whose picture changed is not read
stale from the cache."""

import pytest
from PySide6.QtGui import QImage, QPixmap

from player import wait_until
from tabletop.games.pariah.presentation import presenter as pariah
from tabletop.games.registry import game_ids
from tabletop.shell.main_window import MainWindow
from tabletop.shell.presentations import presentation
from tabletop.shell.covers import to_qimage
from tabletop.store.saves import SaveStore
from tabletop.table.cover import cover_key

pytestmark = pytest.mark.gui


def _home(qtbot, tmp_path):
    win = MainWindow(store=SaveStore(tmp_path / "saves"))
    qtbot.addWidget(win)
    win.resize(1600, 940)
    return win


def _shown(tile) -> QImage:
    return tile.cover.pixmap().toImage().convertToFormat(QImage.Format_RGBA8888)


def _drawn(tile) -> QImage:
    """The tile's cover as the game draws it at the tile's size, now (through a pixmap, as shown)."""
    drawn = to_qimage(presentation(tile.game_id).cover(*tile._cover_size))
    return QPixmap.fromImage(drawn).toImage().convertToFormat(QImage.Format_RGBA8888)


def _cover_file(home, tile):
    shown = presentation(tile.game_id)
    return home.covers.faces.path_for(cover_key(tile.game_id, tile._cover_size, shown.cover_version()))


def _open_with_covers(qtbot, tmp_path):
    win = _home(qtbot, tmp_path)
    win.show()
    wait_until(win.home.covers_shown, 60, "every tile's cover")
    return win


def test_every_game_has_its_tile_and_its_cover_comes_after_the_first_frame(qtbot, tmp_path, covers):
    win = _home(qtbot, tmp_path)
    home = win.home
    assert [t.game_id for t in home.tiles] == game_ids()
    # built, not yet shown: no cover was drawn on the UI thread, every tile is there all the same
    assert not any(t.has_cover() for t in home.tiles)
    assert all(t.cover.pixmap().isNull() for t in home.tiles)
    win.show()
    wait_until(home.covers_shown, 60, "every tile's cover")
    for t in home.tiles:
        assert t.isVisible() and t.cover.isVisible()
        assert t.cover.pixmap().size() == t.cover.size()
        assert _shown(t) == _drawn(t), f"{t.game_id} shows another picture than its cover"
        assert _cover_file(home, t).is_file(), f"{t.game_id}'s cover was not kept on disk"


def test_a_damaged_cover_file_is_drawn_again_without_a_word(qtbot, tmp_path, covers):
    first = _open_with_covers(qtbot, tmp_path)
    files = {t.game_id: _cover_file(first.home, t) for t in first.home.tiles}
    first.hide()
    files["pariah"].write_bytes(b"\x89PNG\r\n\x1a\n not a picture")     # truncated, garbage
    files["brawl"].write_bytes(b"")
    again = _open_with_covers(qtbot, tmp_path)
    for t in again.home.tiles:
        assert _shown(t) == _drawn(t), f"{t.game_id}: {t.cover.pixmap().size()}"
    assert files["pariah"].read_bytes().startswith(b"\x89PNG") and files["pariah"].stat().st_size > 1000
    assert files["brawl"].stat().st_size > 1000          # written afresh, whole
    assert again.isVisible()


def test_a_changed_cover_is_not_read_stale_from_the_cache(qtbot, tmp_path, covers, monkeypatch):
    first = _open_with_covers(qtbot, tmp_path)
    tile = next(t for t in first.home.tiles if t.game_id == "pariah")
    before = _shown(tile)
    first.hide()
    # the game draws other units on its tile now (the same size, the same cache)
    monkeypatch.setattr(pariah, "COVER_UNITS", tuple(reversed(pariah.COVER_UNITS)))
    again = _open_with_covers(qtbot, tmp_path)
    tile = next(t for t in again.home.tiles if t.game_id == "pariah")
    assert _shown(tile) == _drawn(tile) and _shown(tile) != before


def test_the_cover_key_names_the_size_and_what_the_cover_shows():
    assert cover_key("pariah", (200, 120), "1/a") != cover_key("pariah", (201, 120), "1/a")
    assert cover_key("pariah", (200, 120), "1/a") != cover_key("pariah", (200, 120), "1/b")
    assert cover_key("pariah", (200, 120), "1/a") != cover_key("trials", (200, 120), "1/a")


def test_after_a_resize_every_tile_gets_its_cover_at_the_new_size(qtbot, tmp_path, covers):
    win = _open_with_covers(qtbot, tmp_path)
    before = {t.game_id: t._cover_size for t in win.home.tiles}
    win.resize(1280, 720)
    # at once, the old covers stand in, scaled to the new size
    wait_until(lambda: all(t._cover_size != before[t.game_id] for t in win.home.tiles), 10, "a new layout")
    for t in win.home.tiles:
        assert t.cover.pixmap().size() == t.cover.size()
    wait_until(win.home.covers_shown, 60, "the covers at the new size")
    for t in win.home.tiles:
        assert _shown(t) == _drawn(t)
