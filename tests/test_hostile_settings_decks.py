"""Hostile settings and deck files, and a home folder nothing can be written to (issue 80):
the app starts, plays and closes; the player reads a sentence, never a traceback; no file
of the player's is changed or deleted that the player did not ask to change."""

from __future__ import annotations

import json
import logging
import os

import pytest

from tabletop.store import paths
from tabletop.store.decks import DeckStore
from tabletop.store.settings import Settings, load_settings, save_settings, settings_path

pytestmark = pytest.mark.gui

DEEP = "[" * 100000


# --- 5. settings nested too deep, or odd ------------------------------------------------------
@pytest.mark.parametrize("content", [DEEP, '{"a": ' * 50000, '{"last_new_match": ' + DEEP],
                         ids=["list", "dict", "inside"])
def test_settings_nested_too_deep_give_defaults(content, caplog):
    path = settings_path()
    path.write_text(content)
    with caplog.at_level(logging.WARNING):
        s = load_settings()
    assert isinstance(s, Settings)
    assert s.animation_speed in (1.0, 2.0) and s.card_size == "medium"
    assert caplog.records, "a warning says what happened"
    kept = list(path.parent.glob("settings.json*"))
    assert kept and all(p.read_text() == content for p in kept), "set aside or left, never lost"


def test_settings_huge_number_is_clamped():
    settings_path().write_text('{"animation_speed": 1' + "0" * 400 + ', "palette": "colour-blind"}')
    s = load_settings()                  # an int too large for a float: no OverflowError
    assert s.animation_speed == 2.0 and s.palette == "colour-blind"


def test_settings_last_choice_nested_deep_is_dropped_and_saves():
    deep: object = "x"
    for _ in range(700):                 # readable by json, too deep to copy and save cheaply
        deep = [deep]
    settings_path().write_text(json.dumps({"last_new_match": {"options": deep}, "palette":
                                           "colour-blind"}))
    s = load_settings()
    assert s.palette == "colour-blind" and s.last_new_match == {}
    save_settings(s)


UNWRITABLE = [
    '{"last_new_match": {"options": {"paargus": {"x": NaN}}}, "palette": "colour-blind"}',
    '{"last_new_match": {"options": {"paargus": {"hands": Infinity, "chips": -1e999}}}, '
    '"palette": "colour-blind"}',
    '{"window_geometry": "\\ud800", "palette": "colour-blind"}',
    '{"seen_rules": ["paargus", "\\udfff"], "palette": "colour-blind"}',
    '{"last_new_match": {"seats": [["human", "\\ud83d"]], "\\ud800": 1}, "palette": "colour-blind"}',
]


@pytest.mark.parametrize("content", UNWRITABLE, ids=["nan", "infinity", "geometry", "seen", "names"])
def test_settings_json_reads_but_no_file_can_hold_are_dropped_and_save(content):
    """JSON lets a file say NaN, Infinity and lone surrogates; none can be written back. Read,
    the rest of the settings stand, and saving them works (found by stress/hostile.py)."""
    settings_path().write_text(content)
    s = load_settings()
    assert s.palette == "colour-blind"
    save_settings(s)
    assert load_settings() == s


def test_main_window_starts_over_an_unwritable_geometry(qapp):
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    settings_path().write_text(UNWRITABLE[2])
    win = MainWindow()
    assert win.settings.palette == "colour-blind" and not win.cannot_write
    win.close()
    dispose(win)


def test_main_window_starts_over_deeply_nested_settings(qapp):
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    settings_path().write_text(DEEP)
    win = MainWindow()
    assert win.settings == Settings()
    win.hide()
    dispose(win)


# --- 6. odd values in the remembered new-match choice --------------------------------------------
ODD_LAST = [{"options": [1]}, {"seats": 5}, {"game": 7}, {"casual": "yes"},
            {"game": "paargus", "seats": 5}, {"game": "trials", "seats": [1, "x", [None, 3]]},
            {"game": "trials", "seats": [["bot:normal", "B"]] * 9},
            {"options": {"paargus": [1], "trials": {"x": {"y": 1}}, "7": 7}},
            {"game": ["paargus"], "casual": 1, "seats": "abc", "options": "abc"}, [1, 2], "x"]


@pytest.mark.parametrize("last", ODD_LAST, ids=[str(i) for i in range(len(ODD_LAST))])
def test_new_match_dialog_ignores_odd_remembered_values(qapp, last):
    from tabletop.shell.new_match import NewMatchDialog
    from tabletop.shell.widgets import dispose
    dlg = NewMatchDialog(None, last)
    try:
        assert dlg.rows and dlg.game.currentData()
        if isinstance(last, dict) and last.get("casual") == "yes":
            assert not dlg.casual.isChecked()      # not a bool: ignored
        c = dlg.choice()
        assert isinstance(c["remember"]["options"], dict)
        json.dumps(c["remember"])
    finally:
        dispose(dlg)


def test_odd_remembered_choice_in_settings_file_does_not_break_new_match(qapp):
    """Through the real app: the settings file holds the odd choice; New match opens and starts."""
    from player import Player
    settings_path().write_text(json.dumps({"last_new_match": {"game": "paargus", "seats": 5,
                                                              "options": [1], "casual": "yes"}}))
    me = Player()
    me.new_match("paargus")
    assert me.ctrl.match.game.info.id == "paargus" and not me.ctrl.match.casual
    me.close()


# --- 7. a home nothing can be written to ----------------------------------------------------------
@pytest.fixture
def home_is_a_file(tabletop_home, monkeypatch):
    """TABLETOP_HOME is a file where a folder is expected: no folder can be made under it, not
    even by root (the tests run as root, where chmod stops nothing)."""
    tabletop_home.parent.mkdir(parents=True, exist_ok=True)
    tabletop_home.write_text("a file, not a folder")
    monkeypatch.setattr(paths, "_warned", set(), raising=False)
    return tabletop_home


def test_folders_under_a_home_that_cannot_be_made_do_not_raise(home_is_a_file):
    for where in (paths.config_dir, paths.data_dir, paths.saves_dir, paths.cache_dir,
                  paths.log_dir):
        where()
    assert paths.unwritable() is not None
    assert load_settings() == Settings()
    assert DeckStore("trials").list() == []
    assert home_is_a_file.read_text() == "a file, not a folder"


def test_a_config_folder_that_is_a_file(tabletop_home, qapp):
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    tabletop_home.mkdir(parents=True)
    (tabletop_home / "config").write_text("not a folder")
    win = MainWindow()
    assert "cannot write to" in win.cannot_write
    win.toggle_fullscreen()
    win.toggle_fullscreen()
    win.close()
    dispose(win)
    assert (tabletop_home / "config").read_text() == "not a folder"


def _sentence(win) -> str:
    from PySide6.QtWidgets import QLabel
    shown = [w.text() for w in win.statusBar().findChildren(QLabel) if w.isVisible()]
    return " ".join(shown)


def test_read_only_home_app_plays_and_says_nothing_will_be_saved(qapp, home_is_a_file):
    from journey_games import GAMES, seats
    from player import Player
    me = Player()
    said = _sentence(me.win)
    assert "Tabletop cannot write to" in said and "will not be saved" in said, said
    me.set_animations_off()                        # Edit → Settings…: saving them fails quietly
    me.new_match("paargus", seats(2))              # the real dialog, its Start clicked
    spec = GAMES["paargus"]
    assert me.play(2, spec.route, spec.choose) == 2
    assert len(me.ctrl.match.log) >= 2
    me.win.toggle_fullscreen()
    me.win.toggle_fullscreen()
    assert _sentence(me.win) == said, "said once"
    me.close()
    assert not me.win.isVisible()
    assert home_is_a_file.read_text() == "a file, not a folder"


def test_config_folder_lost_mid_session_new_match_still_starts(qapp, tabletop_home):
    """The folder turns unwritable after the start (a full or unplugged disk): the match the
    player asked for is created all the same, and the window says why nothing is kept."""
    import shutil

    from journey_games import GAMES, seats
    from player import Player
    me = Player()
    assert not me.win.cannot_write
    config = paths.config_dir()
    shutil.rmtree(config)
    config.write_text("a file now")                # no settings.json can be written in it
    me.new_match("paargus", seats(2))
    assert me.ctrl is not None and me.ctrl.match.game.info.id == "paargus"
    assert "Tabletop cannot write to" in _sentence(me.win)
    spec = GAMES["paargus"]
    me.play(1, spec.route, spec.choose)
    me.close()
    assert config.read_text() == "a file now"


def test_screenshot_in_a_read_only_home(home_is_a_file, tmp_path):
    from tabletop.shell.screenshot import screenshot
    out = screenshot("paargus", tmp_path / "shot.png", size=(1280, 720))
    assert out.is_file() and out.stat().st_size > 1000


def test_screenshot_over_deeply_nested_settings(tmp_path):
    from tabletop.shell.screenshot import screenshot
    settings_path().write_text(DEEP)
    out = screenshot("paargus", tmp_path / "shot.png", size=(1280, 720))
    assert out.is_file()


# --- 8. hostile deck files -----------------------------------------------------------------------
def _trials_deck():
    from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
    return dict(next(iter(TrialsDeckSpec.starters(False).values())))


def _write(store: DeckStore, stem: str, data) -> None:
    store.folder.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else json.dumps(data)
    (store.folder / f"{stem}.json").write_text(text)


def _hostile(store: DeckStore) -> dict[str, str]:
    """Every kind of bad deck file, by file stem; returns their texts to check they are kept."""
    good = _trials_deck()
    bad = {
        "fmt-x": {"format": "x", "game": "trials", "name": "fmt-x", "deck": good},
        "fmt-inf": '{"format": Infinity, "game": "trials", "name": "fmt-inf", "deck": %s}'
                   % json.dumps(good),
        "fmt-list": {"format": [1], "game": "trials", "name": "fmt-list", "deck": good},
        "fmt-true": {"format": True, "game": "trials", "name": "fmt-true", "deck": good},
        "deep": DEEP,
        "deep-deck": '{"format": 1, "game": "trials", "name": "deep-deck", "deck": {"cards": '
                     + DEEP + "}",
        "card-dict": {"format": 1, "game": "trials", "name": "card-dict",
                      "deck": {**good, "cards": [{"a": 1}] + good["cards"][1:]}},
        "avatars-5": {"format": 1, "game": "trials", "name": "avatars-5",
                      "deck": {**good, "avatars": 5}},
        "cards-abc": {"format": 1, "game": "trials", "name": "cards-abc",
                      "deck": {**good, "cards": "abc"}},
        "unknown-card": {"format": 1, "game": "trials", "name": "unknown-card",
                         "deck": {**good, "cards": ["no-such-card"] + good["cards"][1:]}},
        "unknown-avatar": {"format": 1, "game": "trials", "name": "unknown-avatar",
                           "deck": {**good, "avatars": ["no-such-avatar", good["avatars"][1]]}},
        "name-odd": {"format": 1, "game": [1], "name": {"x": 1}, "deck": good},
    }
    for stem, data in bad.items():
        _write(store, stem, data)
    return {stem: (store.folder / f"{stem}.json").read_text() for stem in bad}


def test_every_hostile_deck_is_listed_unusable_with_a_reason(qapp):
    from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
    from tabletop.shell.decks import deck_files, saved_decks, seat_choices
    store = DeckStore("trials")
    texts = _hostile(store)
    files = deck_files(TrialsDeckSpec(), store)
    assert {f.key for f in files} == set(texts)
    for f in files:
        assert f.deck is None and f.problem, f
    assert saved_decks(TrialsDeckSpec(), store) == []
    for n in (2, 3, 4):
        labels = [t for t, _ in seat_choices(TrialsDeckSpec(), n, store)]
        assert not any(t.startswith("My deck") for t in labels), labels
    assert {f.key: f.path.read_text() for f in files} == texts      # nothing changed


def test_store_list_survives_bad_formats_and_depth():
    store = DeckStore("trials")
    _hostile(store)
    by_key = {f.key: f for f in store.list()}
    for stem in ("fmt-x", "fmt-inf", "fmt-list", "fmt-true", "deep", "deep-deck"):
        assert by_key[stem].deck is None and by_key[stem].problem, stem


def test_trials_new_match_dialog_and_builder_open_over_hostile_decks(qapp):
    from tabletop.shell.deck_builder import DeckBuilderDialog
    from tabletop.shell.decks import deck_spec
    from tabletop.shell.new_match import NewMatchDialog
    from tabletop.shell.widgets import dispose
    store = DeckStore("trials")
    texts = _hostile(store)
    dlg = NewMatchDialog("trials", {})
    try:
        for n in range(dlg.players.count()):
            dlg.players.setCurrentIndex(n)
            for row in dlg.rows:
                shown = [row.extra.itemText(i) for i in range(row.extra.count())]
                assert not any(t.startswith("My deck") for t in shown)
        dlg.choice()
    finally:
        dispose(dlg)
    builder_dlg = DeckBuilderDialog(deck_spec("trials"))
    try:
        b = builder_dlg.builder
        assert b.saved.count() == len(texts)
        assert all(b.saved.itemText(i).endswith("(cannot be used)") for i in range(b.saved.count()))
        for stem in texts:
            assert b.load(stem) is False
            assert "cannot" in b.status.text() or "There is no" in b.status.text()
    finally:
        dispose(builder_dlg)
    assert {stem: (store.folder / f"{stem}.json").read_text() for stem in texts} == texts


def test_a_copied_deck_is_its_own_deck_in_list_load_and_delete(qapp):
    from tabletop.shell.deck_builder import DeckBuilderDialog
    from tabletop.shell.decks import deck_spec, saved_decks
    from tabletop.shell.widgets import dispose
    store = DeckStore("trials")
    store.save("Aggro", _trials_deck())
    original = (store.folder / "Aggro.json").read_text()
    (store.folder / "Aggro copy.json").write_text(original)      # the player copied the file
    files = store.list()
    assert [f.key for f in files] == ["Aggro", "Aggro copy"]
    labels = [f.label for f in files]
    assert len(set(labels)) == 2, labels                 # the two rows read apart
    assert len({label for label, _ in saved_decks(deck_spec("trials"), store)}) == 2
    assert store.load("Aggro copy") == _trials_deck()
    dlg = DeckBuilderDialog(deck_spec("trials"))
    try:
        b = dlg.builder
        shown = [b.saved.itemText(i) for i in range(b.saved.count())]
        assert len(set(shown)) == 2, shown
        b.saved.setCurrentIndex(b.saved.findData("Aggro copy"))
        assert b.load(b.saved.currentData())
        b.delete(b.saved.currentData())
    finally:
        dispose(dlg)
    assert not (store.folder / "Aggro copy.json").exists()
    assert (store.folder / "Aggro.json").read_text() == original     # the other one kept


def test_delete_of_a_key_takes_that_file_only():
    store = DeckStore("trials")
    store.save("Aggro", _trials_deck())
    (store.folder / "Aggro copy.json").write_text((store.folder / "Aggro.json").read_text())
    store.delete("Aggro copy")
    assert (store.folder / "Aggro.json").exists()
    assert not (store.folder / "Aggro copy.json").exists()
    store.delete("../../escape")            # no such deck: nothing happens
    assert (store.folder / "Aggro.json").exists()


def test_decks_in_a_home_that_cannot_be_written(home_is_a_file, qapp):
    from tabletop.shell.decks import deck_spec, seat_choices
    choices = seat_choices(deck_spec("trials"), 2)
    assert choices and not any(t.startswith("My deck") for t, _ in choices)
    assert os.path.isfile(home_is_a_file)
