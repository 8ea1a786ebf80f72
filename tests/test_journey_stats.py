"""The match history and the statistics page as a player meets them, in the real app: the
finished saves already on disk counted once from the first start (an unreadable one skipped
without a traceback), a match played to its end at the table counted, the page opened from
the menu and from Home, its filters switched, Export CSV through its file dialog and read
back, an export to a place that cannot be written told in a sentence, an empty history and
a damaged database told in sentences, the plots crisp at scale 2."""

from __future__ import annotations

import csv
import logging
import os
import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLineEdit

from history_helpers import fill, finished_match, one_move_from_the_end
from journey_games import GAMES
from player import Player, answering, choose, click, settle, type_into, wait_until
from tabletop.games.registry import get_game
from tabletop.shell.screenshot import photo
from tabletop.store.history import History
from tabletop.store.paths import history_path, saves_dir
from tabletop.store.saves import SaveStore

pytestmark = pytest.mark.gui


def started(me: Player) -> Player:
    """The app has imported the saves (or found them imported), as it does after its first frame."""
    wait_until(lambda: me.win.importer.done, timeout=60, what="the saves imported")
    return me


def open_statistics_from_home(me: Player):
    click(next(b for b in me.win.home.findChildren(type(me.win.home.continue_btn))
               if b.text() == "Statistics"))
    assert me.win.stack.currentWidget() is me.win.stats
    return me.win.stats


def export_through_the_dialog(stats, target) -> None:
    """Export CSV… → type where in the file dialog → Save, as a person does."""
    def answer(dlg):
        name = dlg.findChild(QLineEdit, "fileNameEdit")
        assert name is not None and name.isVisible()
        # the dialog proposes a name once it has read its folder: typed before, it is replaced
        wait_until(lambda: name.text().startswith("tabletop-"), what="the proposed name")
        save = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.Save)
        type_into(name, str(target))
        for _ in range(5):
            # the folder's names come as a list under the field, a moment after the typing
            # (read on a thread): a click or Enter while it is open only closes it, so a
            # person sends it away first
            settle(150)
            popup = name.completer().popup() if name.completer() else None
            if popup is not None and popup.isVisible():
                QTest.keyClick(popup, Qt.Key_Escape)
                continue
            if name.text() != str(target):
                type_into(name, str(target))
                continue
            wait_until(save.isEnabled, what="the dialog's Save button")
            click(save)
            settle(50)
            if not dlg.isVisible():
                return
        raise AssertionError(f"the file dialog stayed open with {name.text()!r}")

    with answering(QFileDialog, answer):
        click(stats.export_btn)


def no_traceback(caplog) -> None:
    for r in caplog.records:
        assert r.exc_info is None and "Traceback" not in r.getMessage(), r.getMessage()


def test_a_match_played_to_its_end_is_counted_filtered_and_exported(qapp, tabletop_home, tmp_path,
                                                                  caplog):
    # the player's Saved games before this version: two matches finished three weeks ago, a
    # save that cannot be read, and a Paargus match one move from its end
    store = SaveStore()
    old = [finished_match(game, 40 + i, "hard", days_ago=20) for i, game in enumerate(("pariah", "brawl"))]
    for m in old:
        store.save(m)
    (saves_dir() / "broken.json").write_text('{"format": 1, "summ')
    match, last = one_move_from_the_end("paargus", {"hands": 1})
    store.save(match)
    with caplog.at_level(logging.INFO):
        me = started(Player((1280, 720)))
    no_traceback(caplog)
    with History() as h:                         # the first start counted the finished saves
        assert {r.id for r in h.matches()} == {m.id for m in old}

    me.set_animations_off()
    click(me.win.home.continue_btn)              # Home → Continue → the last move by mouse
    wait_until(me.on_table, what="the table")
    me.settle_table()
    me.make(last, GAMES["paargus"].route)
    wait_until(lambda: me.page.summary is not None and me.page.summary.isVisible(),
               what="the match-over screen")
    me.answer_summary()                          # Look at the table
    result = me.ctrl.match.result()
    outcome = "draw" if not result.winners else "win" if 0 in result.winners else "loss"

    me.menu("&Game", "S&tatistics")              # from the match: Back returns to it
    stats = me.win.stats
    assert me.win.stack.currentWidget() is stats and stats.figures.isVisible()
    assert stats.totals.text().startswith("3 matches:"), stats.totals.text()
    rows = [[stats.table.item(r, c).text() if stats.table.item(r, c) else ""
             for c in range(stats.table.columnCount())] for r in range(stats.table.rowCount())]
    assert ["Paargus"] == [r[0] for r in rows if r[0] == "Paargus"]            # its heading
    assert ["Bot: easy", "1"] == rows[[r[0] for r in rows].index("Paargus") + 1][:2]
    assert stats.line.isVisible() and stats.line.points and stats.bars.bars   # the plots drawn

    choose(stats.game, "paargus")                # one game: the played match alone
    assert stats.totals.text().startswith("1 match:"), stats.totals.text()
    assert stats.table.isColumnHidden(0) is False and stats.table.rowCount() == 1
    assert "starts the same way" in stats.bars.empty          # Paargus has no starting choice
    choose(stats.game, "")                       # all games, the last 7 days: the old ones go
    choose(stats.period, 7)
    assert stats.totals.text().startswith("1 match:"), stats.totals.text()
    choose(stats.game, "pariah")
    assert not stats.figures.isVisible() and stats.empty.isVisible()
    assert stats.empty.text() == ("No finished matches of Pariah in the last 7 days. Choose "
                                  "another game or a longer period above.")
    assert not stats.export_btn.isEnabled()
    choose(stats.period, 0)                      # all time: Pariah's match is back
    assert stats.totals.text().startswith("1 match:") and stats.bars.bars

    choose(stats.game, "")
    target = tmp_path / "exports" / "my statistics.csv"
    target.parent.mkdir()
    export_through_the_dialog(stats, target)
    assert stats.said.text() == f"3 matches exported to {target}."
    with open(target, encoding="utf-8-sig", newline="") as f:
        exported = list(csv.DictReader(f))
    assert {r["match_id"] for r in exported} == {match.id} | {m.id for m in old}
    played = next(r for r in exported if r["match_id"] == match.id)
    assert (played["game"], played["opponent"], played["outcome"]) == ("paargus", "easy", outcome)
    assert int(played["moves"]) == len(match.log) + 1

    click(next(b for b in stats.findChildren(type(stats.export_btn)) if b.text() == "Back"))
    assert me.on_table() and me.ctrl.match.id == match.id
    me.menu("&Game", "&Home")
    assert open_statistics_from_home(me).totals.text().startswith("3 matches:")
    me.close()
    with History() as h:                         # recorded once, from the player's side
        assert [(r.outcome, r.moves) for r in h.matches("paargus")] == [(outcome, len(match.log) + 1)]


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder on a read-only disk of its own (a tmpfs mounted read-only: root stops at it
    too, where chmod stops nothing; skipped where it cannot be mounted)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs",
                                            str(folder)], capture_output=True).returncode != 0:
        pytest.skip("a read-only disk of its own needs root and tmpfs")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_an_export_to_a_read_only_folder_is_a_sentence(qapp, tabletop_home, read_only_folder, caplog):
    SaveStore().save(finished_match("brawl", 4))
    me = started(Player((1280, 720)))
    stats = open_statistics_from_home(me)
    export_through_the_dialog(stats, read_only_folder / "statistics.csv")
    assert stats.said.isVisible() and stats.said.objectName() == "error"
    assert stats.said.text() == ("The statistics could not be written to statistics.csv (the "
                                 "disk is read-only)."), stats.said.text()
    assert list(read_only_folder.iterdir()) == []
    no_traceback(caplog)
    export_through_the_dialog(stats, read_only_folder.parent / "statistics.csv")    # elsewhere: fine
    assert stats.said.objectName() == "muted" and stats.said.text().startswith("1 match exported")
    me.close()


def test_the_saves_are_imported_once_after_the_first_frame(qapp, tabletop_home, caplog):
    store = SaveStore()
    first = finished_match("brawl", 3)
    store.save(first)
    store.save(one_move_from_the_end("brawl", first_seed=5)[0])       # not finished: not counted
    (saves_dir() / "Sunday game.json").write_text("not json at all")
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    win = MainWindow()                           # built, not yet on screen: nothing started
    assert win.importer._thread is None
    dispose(win)
    got = []
    with caplog.at_level(logging.INFO):
        me = Player()
        me.win.importer.finished.connect(lambda n, problem: got.append((n, problem)))
        started(me)
        wait_until(lambda: got, what="the import's report")
    assert got == [(1, "")]
    assert "Sunday game.json" in caplog.text
    no_traceback(caplog)
    me.close()
    later = finished_match("pariah", 8)          # finished elsewhere after the first import
    store.save(later)
    again = started(Player())
    assert again.win.importer.done
    with History() as h:
        assert {r.id for r in h.matches()} == {first.id}          # the import ran once only
    again.close()


def test_an_empty_history_is_a_sentence_not_empty_axes(qapp, tabletop_home):
    me = started(Player((1280, 720)))
    stats = open_statistics_from_home(me)
    assert stats.empty.isVisible() and not stats.figures.isVisible()
    assert stats.empty.text().startswith("No finished matches yet. Play a match to its end")
    assert not stats.export_btn.isEnabled() and not stats.notice.isVisible()
    me.close()


def test_a_damaged_history_is_set_aside_and_the_page_says_so(qapp, tabletop_home):
    store = SaveStore()
    kept = finished_match("pariah", 12)
    store.save(kept)
    history_path().parent.mkdir(parents=True, exist_ok=True)
    history_path().write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)      # cut and scribbled
    spoilt = history_path().read_bytes()
    me = started(Player((1280, 720)))
    stats = open_statistics_from_home(me)
    assert stats.notice.isVisible(), stats.notice.text()
    aside = list(history_path().parent.glob("history.db.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == spoilt                 # nothing lost
    assert stats.notice.text().startswith("The match history history.db was damaged (")
    assert aside[0].name in stats.notice.text()
    assert stats.totals.text().startswith("1 match:")          # filled again from Saved games
    me.close()


def fine_detail(img) -> float:
    from test_crisp_screens import fine_detail as detail
    return detail(img)


def test_the_plots_are_crisp_at_scale_2(qapp, tabletop_home):
    from PIL import Image
    from test_crisp_screens import qimage_to_pil
    fill(saves_dir(), 15)
    me = started(Player((1280, 720)))
    stats = open_statistics_from_home(me)
    assert stats.line.isVisible() and stats.bars.isVisible()
    # the figures' words, where a doubled picture shows most (the line's scale, the bars' names)
    for plot, (x0, y0, x1, y1) in ((stats.line, (0, 40, 64, stats.line.height() - 24)),
                                   (stats.bars, (12, 45, stats.bars.width() * 2 // 5, 45 + 3 * 30))):
        at = plot.mapTo(me.win, plot.rect().topLeft())
        box = (at.x() + x0, at.y() + y0, at.x() + x1, at.y() + y1)
        one = qimage_to_pil(photo(me.win, 1)).crop(box)
        two = qimage_to_pil(photo(me.win, 2)).crop(tuple(2 * v for v in box))
        doubled = one.resize(two.size, Image.BICUBIC)
        assert fine_detail(two) > 1.3 * fine_detail(doubled), (plot.title, fine_detail(two),
                                                                fine_detail(doubled))
    # every value is said to a screen reader too
    assert stats.line.accessibleName() and "%" in stats.line.accessibleDescription()
    assert all(b.label in stats.bars.accessibleDescription() for b in stats.bars.bars)
    me.close()


def test_a_game_title_and_a_period_in_words(qapp, tabletop_home):
    """The words the filters make, for each game (no game's title is left as its id)."""
    me = started(Player())
    stats = open_statistics_from_home(me)
    for i in range(1, stats.game.count()):
        choose(stats.game, stats.game.itemData(i))
        choose(stats.period, 30)
        title = get_game(stats.game.itemData(i)).info.title
        assert stats.empty.text().startswith(f"No finished matches of {title} in the last 30 days.")
    me.close()


def test_a_match_of_a_game_this_version_lacks_is_listed_by_its_id(qapp, tabletop_home):
    """A history shared with a newer Tabletop may hold a game this one does not know."""
    with History() as h:
        assert h.record(finished_match("brawl", 5))
    import sqlite3
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE matches SET game = 'skirmish'")
    me = started(Player((1280, 720)))
    stats = open_statistics_from_home(me)
    assert stats.figures.isVisible() and stats.table.item(0, 0).text() == "Skirmish"
    assert stats.bars.bars and all(b.label.endswith("(Skirmish)") for b in stats.bars.bars)
    me.close()
