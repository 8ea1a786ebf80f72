"""The arena's board, its statues and gates, its felt and zones are drawn while the champions are chosen: the move
that leaves the choice for the arena finds them in memory (at a ratio of 2 drawing them took
170 ms of that move)."""

import random

from PySide6.QtWidgets import QApplication

from shell_helpers import open_match
from tabletop.core.match import Match, Seat
from tabletop.games.brawl.presentation import arena as arena_module
from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore
from tabletop.table import chrome
from tabletop.table.hexzone import HexBoardSprite


def test_the_arena_board_and_felt_are_drawn_ahead_while_the_champions_are_chosen(qtbot, tmp_path, monkeypatch):
    match = Match(get_game("brawl"), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "easy")], 7)
    win, page = open_match(qtbot, SaveStore(tmp_path), match, (1280, 720))
    page.ctrl.paused = True                   # the test makes the bot's choices too
    drawn = []
    real = HexBoardSprite._tiles
    monkeypatch.setattr(HexBoardSprite, "_tiles", lambda self, *a: drawn.append(1) or real(self, *a))
    felts, decos = [], []
    paint_deco = arena_module._deco
    monkeypatch.setattr(arena_module, "_deco", lambda kind, *a: decos.append(kind) or paint_deco(kind, *a))
    build = chrome.build_static
    monkeypatch.setattr(chrome, "build_static", lambda *a: felts.append(a[4]) or build(*a))
    for _ in range(5):
        QApplication.processEvents()
    assert page.presenter.in_room()
    assert drawn == [1]                        # drawn once, as the page opened
    assert any(z.id == "arena" for zones in felts for z in zones)     # and the arena's felt
    assert sorted(decos) == ["gate", "gate", "statue", "statue", "statue"]    # and what stands on it
    felts.clear()
    decos.clear()
    rng = random.Random(3)
    while page.presenter.in_room():
        action = rng.choice(match.legal_actions())
        if page.ctrl.my_turn():
            page.perform(action)
        else:
            page.ctrl._play(action)
        QApplication.processEvents()
        page.table.draw_now()
    assert page.presenter.arena.board is not None and page.table.scene.get("arena") is not None
    assert drawn == [1] and felts == []        # the arena's first frame drew no board, no felt
    assert decos == []                         # no statue, no gate
    page.leave()
