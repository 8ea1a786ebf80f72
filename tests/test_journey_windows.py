"""Every other window a player opens, opened and closed for real: Settings, About, the rules
viewer, the deck builder, and Saved games holding a damaged save (answered with a sentence,
the file left as it was)."""

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

from player import Player, answering, click, wait_until
from tabletop.shell.about import AboutDialog
from tabletop.shell.deck_builder import DeckBuilderDialog
from tabletop.shell.rules_viewer import RulesViewer
from tabletop.store.paths import saves_dir

pytestmark = pytest.mark.gui


def test_settings_about_rules_and_the_deck_builder_open_and_close(qapp):
    me = Player()
    me.set_animations_off()                       # Settings, by Edit → Settings…

    def about(dlg):
        assert "Tabletop" in dlg.windowTitle()
        me.press(dlg, "OK")
    with answering(AboutDialog, about):
        me.menu("&Help", "&About Tabletop")

    seen = []

    def rules(dlg):
        seen.append((dlg.windowTitle(), dlg.browser.toPlainText()[:400]))
        me.press(dlg, "Close")
    with answering(RulesViewer, rules):
        click(me.tile_button("pariah", "Rules"))
    assert seen and seen[0][0] == "Rules of Pariah" and len(seen[0][1]) > 100

    def builder(dlg):
        assert dlg.isVisible() and dlg.builder.isVisible()
        me.press(dlg, "Close")
    with answering(DeckBuilderDialog, builder):           # each must open, or the block fails
        click(me.tile_button("trials", "Decks"))
    me.close()


def test_saved_games_with_a_damaged_save_says_so_and_keeps_the_file(qapp):
    from tabletop.core.match import Match, Seat
    from tabletop.games.registry import get_game
    from tabletop.store.saves import SaveStore
    bad = saves_dir() / "0123456789abcdef.json"
    bad.write_bytes(b'{"format": 1, "game": "paargus", "log": [tru')      # cut short
    good = Match(get_game("pariah"), [Seat("human", "Ada"), Seat("bot", "Bot", "random", "easy")], 3)
    good.play(good.legal_actions()[0])
    SaveStore().save(good)
    me = Player()
    saved_games = next(b for b in me.win.home.findChildren(QPushButton) if b.text() == "Saved games")
    click(saved_games)
    wait_until(lambda: me.win.stack.currentWidget() is me.win.saves, what="Saved games")
    page = me.win.saves
    texts = [page.list.item(i).text() for i in range(page.list.count())]
    assert len(texts) == 2 and "cannot be opened" in texts[1] and "Ada" in texts[0], texts
    lst = page.list
    click(lst.viewport(), lst.visualItemRect(lst.item(1)).center())
    assert not page.resume_btn.isEnabled()                   # the damaged one: said why, in the row
    click(lst.viewport(), lst.visualItemRect(lst.item(0)).center())
    assert page.resume_btn.isEnabled()
    # the good one is damaged on disk while the list shows it (another program, a failing disk)
    path = saves_dir() / f"{good.id}.json"
    path.write_bytes(path.read_bytes()[:200])
    for extra in saves_dir().glob(f"{good.id}*"):           # and no backup or journal to fall back on
        if extra != path:
            extra.unlink()
    told = []

    def answer(box):
        told.append(box.text())
        me.press(box, "OK")
    with answering(QMessageBox, answer):
        click(page.resume_btn)
    assert told and "damaged" in told[0] and "left as it is" in told[0], told
    assert "Traceback" not in told[0] and str(saves_dir()) not in told[0]
    assert bad.read_bytes().endswith(b"[tru") and len(path.read_bytes()) == 200   # left as they were
    assert me.win.stack.currentWidget() is page
    click(next(b for b in page.findChildren(QPushButton) if b.text() == "Back"))
    wait_until(lambda: me.win.stack.currentWidget() is me.win.home, what="home")
    me.close()
