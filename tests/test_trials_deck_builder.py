"""The deck builder with Trials: filters by discipline, type and cost; picking Avatars and
cards; ordering by drag; legality in the engine's words, live; decks saved, loaded,
renamed and deleted under the user data dir; damaged files reported, never fatal."""

import pytest

from tabletop.games.trials.engine.cards import pool
from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec, filtered
from tabletop.shell.decks import seat_choices
from tabletop.store.decks import DeckError, DeckStore


def store() -> DeckStore:
    return DeckStore("trials")


def deck_choices(players: int):
    return seat_choices(TrialsDeckSpec(), players)
from tabletop.games.trials.engine.decks import deck_problems, starters

pytestmark = pytest.mark.gui


def test_filters_pick_by_discipline_type_and_cost():
    p = pool()
    fire = filtered("pyromancy")
    assert fire and all("pyromancy" in c.disciplines and c.type != "avatar" for c in fire)
    assert len(fire) == sum(1 for c in p.values() if "pyromancy" in c.disciplines and c.type != "avatar")
    eq2 = filtered(None, "equipment", 2)
    assert eq2 and all(c.type == "equipment" and c.cost == 2 for c in eq2)
    assert all(c.cost >= 5 for c in filtered(cost=5))
    assert {c.type for c in filtered(avatars=True)} == {"avatar"}
    assert all("parry" in (c.name + c.text).lower() for c in filtered(text="Parry"))


def make(qtbot):
    from tabletop.shell.deck_builder import DeckBuilder
    b = DeckBuilder(TrialsDeckSpec())
    qtbot.addWidget(b)
    return b


def test_the_builder_filters_the_pool_it_shows(qtbot):
    b = make(qtbot)
    box = b.filter_boxes["discipline"]
    box.setCurrentIndex(box.findData("shadow"))
    ids = b.pool_ids()
    assert ids and all("shadow" in pool()[i].disciplines for i in ids)
    b.filter_boxes["kind"].setCurrentIndex(b.filter_boxes["kind"].findData("avatar"))
    assert all(pool()[i].type == "avatar" for i in b.pool_ids())
    b.filter_boxes["kind"].setCurrentIndex(b.filter_boxes["kind"].findData("ability"))
    b.filter_boxes["cost"].setCurrentIndex(b.filter_boxes["cost"].findData(1))
    assert all(pool()[i].type == "ability" and pool()[i].cost == 1 for i in b.pool_ids())


def test_legality_is_shown_live_in_the_engines_words(qtbot):
    b = make(qtbot)
    assert "Not legal yet" in b.legality.text()
    assert "2 Avatars, this one has 0" in b.legality.text()
    deck = starters()["Shadow pair"]
    for a in deck["avatars"]:
        b.add(a)
    for c in deck["cards"][:19]:
        b.add(c)
    assert "exactly 20" in b.legality.text() and "this one 19" in b.legality.text()
    b.add(deck["cards"][19])
    assert "Legal" in b.legality.text() and b.problems() == []
    b.add(deck["cards"][0])                                  # a second copy is refused
    assert b.card_ids().count(deck["cards"][0]) == 1 and "already in the deck" in b.status.text()
    off = next(c.id for c in pool().values() if c.type != "avatar"
               and not set(c.disciplines) & {"shadow"})
    b.remove(0)
    b.add(off)
    assert "shares no discipline" in b.legality.text()
    assert b.problems() == deck_problems({"avatars": b.leader_ids(), "cards": b.card_ids()})
    b.mode.setCurrentIndex(b.mode.findData(True))             # a royale deck wants 1 Avatar
    assert "battle royale deck has 1 Avatar" in b.legality.text()


def test_dragging_orders_the_deck_and_the_order_is_kept(qtbot):
    b = make(qtbot)
    deck = starters()["Chivalry pair"]
    b.set_deck(deck["avatars"], deck["cards"])
    b.move(0, 5)
    want = deck["cards"][1:6] + [deck["cards"][0]] + deck["cards"][6:]
    assert b.card_ids() == want
    # the list's own drag and drop moves rows the same way (InternalMove) and re-checks
    model = b.deck.model()
    model.moveRow(model.index(0, 0).parent(), 19, model.index(0, 0).parent(), 0)
    assert b.card_ids()[0] == want[19]
    assert b.save("Ordered")
    assert store().load("Ordered")["cards"] == b.card_ids()


def test_save_load_rename_delete_and_damaged_files(qtbot, tabletop_home):
    b = make(qtbot)
    deck = starters()["Divinity pair"]
    b.set_deck(deck["avatars"], deck["cards"])
    assert b.save("Holy")
    path = store().path("Holy")
    assert path.is_file() and str(tabletop_home) in str(path)
    b.set_deck([], [])
    assert b.load("Holy") and b.card_ids() == deck["cards"]
    assert b.rename("Holy", "Holier") and not path.exists()
    assert [f.name for f in store().list()] == ["Holier"]
    (path.parent / "Torn.json").write_text("{ not json", encoding="utf-8")
    (path.parent / "Other.json").write_text('{"game": "pariah", "deck": {}}', encoding="utf-8")
    b.refresh_saved()
    assert "cannot be used" in b.status.text() and "Torn.json" in b.status.text()
    assert not b.load("Torn") and "cannot be used" in b.status.text()
    assert (path.parent / "Torn.json").read_text(encoding="utf-8") == "{ not json"   # left alone
    assert all(name != "Torn" for name, _ in [(n, v) for n, v in deck_choices(2)])
    b.delete("Holier")
    assert [f.name for f in store().list() if f.deck is not None] == []
    assert not b.save("   ") and "name" in b.status.text()


def test_the_deck_store_refuses_bad_names_and_clashes(tmp_path):
    s = DeckStore("trials", tmp_path)
    s.save("a/b:c", {"avatars": [], "cards": []})
    assert [f.name for f in s.list()] == ["abc"]
    s.save("d", {"avatars": [], "cards": []})
    with pytest.raises(DeckError):
        s.rename("abc", "d")
    with pytest.raises(DeckError):
        s.load("nope")


def test_starter_decks_load_into_the_builder(qtbot):
    b = make(qtbot)
    names = [b.starter.itemText(i) for i in range(1, b.starter.count())]
    assert "Pyromancy pair" in names
    b._load_starter(names.index("Pyromancy pair") + 1)
    assert b.card_ids() == starters()["Pyromancy pair"]["cards"] and b.problems() == []
