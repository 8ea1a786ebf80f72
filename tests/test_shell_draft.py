"""The draft screen with a toy engine: picks go in the engine's order, a pick the engine
refuses is refused with its sentence, bots' picks are handed in, every player's picks show
in their own row, and the screen says whose pick it is."""

from PIL import Image, ImageDraw
from PySide6.QtCore import Qt

import pytest

from tabletop.shell.draft import DraftDialog, DraftScreen, PoolCard
from tabletop.table.faces import FaceCache

pytestmark = pytest.mark.gui

KINDS = ["blade", "bow", "staff"]


def face(i: int):
    def compose():
        img = Image.new("RGBA", (300, 420), (60 + 20 * i, 90, 140, 255))
        ImageDraw.Draw(img).text((20, 20), f"#{i}", fill=(255, 255, 255))
        return img
    return compose


POOL = [PoolCard(f"m{i}", f"Merc {i}", f"test/draft/m{i}/v1", face(i), f"a {KINDS[i % 3]}")
        for i in range(6)]


class ToyDraft:
    """The engine's side: whose pick it is, and one rule: no two cards of a kind per player."""

    def __init__(self, order):
        self.order, self.turn = list(order), 0
        self.hands = {0: [], 1: []}

    def pick(self, seat: int, card_id: str):
        if seat != self.order[self.turn]:
            return f"it is not Player {seat + 1}'s pick."
        kind = KINDS[int(card_id[1:]) % 3]
        if any(KINDS[int(c[1:]) % 3] == kind for c in self.hands[seat]):
            return f"you already have a {kind}: a player takes one of each kind."
        self.hands[seat].append(card_id)
        self.turn += 1
        return None


ORDER = [0, 1, 1, 0, 0, 1]


def make(qtbot, tmp_path, order=ORDER, humans=(0,)):
    engine = ToyDraft(order)
    screen = DraftScreen(POOL, ["You", "Bot"], order, engine.pick, humans=humans,
                         faces=FaceCache(tmp_path), title="Mercenary draft")
    qtbot.addWidget(screen)
    screen.resize(1300, 900)
    screen.show()
    return screen, engine


def dbl(qtbot, screen, cid):
    qtbot.mouseDClick(screen.tiles[cid], Qt.LeftButton)


def test_picks_go_in_turn_and_show_in_each_players_row(qtbot, tmp_path):
    screen, engine = make(qtbot, tmp_path)
    assert screen.seat_to_pick == 0 and "your pick" in screen.turn_label.text()
    assert "Pick 1 of 6" in screen.turn_label.text() and len(screen.tiles) == 6
    got = []
    screen.picked.connect(lambda s, c: got.append((s, c)))
    dbl(qtbot, screen, "m0")
    assert screen.picks(0) == ["m0"] and screen.tiles["m0"].taken
    assert "taken by You" in screen.tiles["m0"].taken_by.text()
    assert screen.seat_to_pick == 1 and "Bot's pick" in screen.turn_label.text()
    # the person cannot pick on the bot's turn; nothing reaches the engine
    dbl(qtbot, screen, "m1")
    assert screen.picks(0) == ["m0"] and "Bot's pick" in screen.status.text() and engine.turn == 1
    assert screen.bot_pick(1, "m1") and screen.bot_pick(1, "m2")
    assert screen.picks(1) == ["m1", "m2"] and screen.rows[1].thumbs.count() == 2
    assert "2 picks" in screen.rows[1].count.text()
    assert got == [(0, "m0"), (1, "m1"), (1, "m2")]
    assert not screen.bot_pick(1, "m3") and "not Bot's pick" in screen.status.text()


def test_a_taken_card_cannot_be_picked_again(qtbot, tmp_path):
    screen, engine = make(qtbot, tmp_path)
    dbl(qtbot, screen, "m0")
    assert not screen.bot_pick(1, "m0") and "no longer in the pool" in screen.status.text()
    assert engine.turn == 1


def test_an_illegal_pick_is_refused_with_the_engines_sentence(qtbot, tmp_path):
    screen, engine = make(qtbot, tmp_path)
    dbl(qtbot, screen, "m0")                         # a blade
    screen.bot_pick(1, "m1")
    screen.bot_pick(1, "m2")
    # click selects, the button names the card; the engine refuses a second blade
    qtbot.mouseClick(screen.tiles["m3"], Qt.LeftButton)
    assert screen.selected == "m3" and screen.pick_button.isEnabled()
    assert screen.pick_button.text() == "Pick Merc 3"
    qtbot.mouseClick(screen.pick_button, Qt.LeftButton)
    assert screen.status.text() == "You already have a blade: a player takes one of each kind."
    assert screen.picks(0) == ["m0"] and not screen.tiles["m3"].taken and screen.seat_to_pick == 0
    dbl(qtbot, screen, "m4")                         # a bow: fine
    assert screen.picks(0) == ["m0", "m4"] and "took Merc 4" in screen.status.text()


def test_the_draft_ends_after_the_order_and_the_dialog_closes(qtbot, tmp_path):
    order = [0, 1, 0, 1]
    engine = ToyDraft(order)
    dlg = DraftDialog(POOL, ["Ada", "Bea"], order, engine.pick, humans=(0, 1),
                      faces=FaceCache(tmp_path))
    qtbot.addWidget(dlg)
    dlg.show()
    screen = dlg.screen
    done = []
    screen.finished.connect(lambda: done.append(True))
    for cid in ("m0", "m1", "m4", "m5"):             # two people at one computer
        assert screen.pick(cid)
    assert screen.done and done == [True] and dlg.result() == DraftDialog.Accepted
    assert "over" in screen.turn_label.text() and not screen.pick_button.isEnabled()
    assert screen.picks(0) == ["m0", "m4"] and screen.picks(1) == ["m1", "m5"]
    assert not screen.pick("m2")


def test_a_pick_order_naming_a_missing_seat_is_refused(qtbot, tmp_path):
    with pytest.raises(ValueError):
        DraftScreen(POOL, ["You", "Bot"], [0, 2], lambda s, c: None, faces=FaceCache(tmp_path))
