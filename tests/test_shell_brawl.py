"""Acceptance: a whole Champions' Brawl match against the bot through the app's table page (the
gestures a player makes: clicks, drags, buttons and keys, as the page receives them), from the
champion choice on; quit mid-match, resumed from the saved game and finished."""

import random

import pytest

from brawl_ui_helpers import table_move
from shell_helpers import finished_and_saved, open_match, play_until, quit_and_resume
from tabletop.core.match import Match, Seat
from tabletop.games.brawl.engine.rules import GAME
from tabletop.table import intents as it
from tabletop.table.presenter import LOCAL

pytestmark = pytest.mark.gui


class PageGestures:
    """The page's presenter as `table_move` reads it, with every gesture sent through the page
    itself (`_intents`), so the page checks, performs and redraws as it does for the mouse.
    A gesture answers with the action the engine took, else LOCAL; one the engine refuses
    fails the test (the table offers only what is legal)."""

    def __init__(self, page) -> None:
        self.page = page

    def __getattr__(self, name):
        return getattr(self.page.presenter, name)

    def sync(self, *args) -> None:
        """The page redraws the presenter after every gesture: `show` has nothing to add."""

    def _send(self, *intents):
        ctrl, refused = self.page.ctrl, []
        log, before = ctrl.match.log, len(ctrl.match.log)
        ctrl.try_action = lambda a, real=ctrl.try_action: refused.append(real(a)) or refused[-1]
        try:
            self.page._intents(list(intents))
        finally:
            del ctrl.try_action                     # the controller's own method again
        assert not any(refused), f"the table proposed a refused move: {refused}"
        return log[before].action if len(log) > before else LOCAL

    def click(self, target):
        return self._send(it.Click(target))

    def drop(self, sprite_id, target):
        return self._send(it.DragStart(sprite_id), it.Drop(sprite_id, target, 0, 0))

    def button(self, button_id):
        return self._send(it.ButtonPress(button_id))

    def key(self, name):
        return self._send(it.KeyPress(name))


@pytest.mark.parametrize("seed,picks", [(21, "alternate"), (22, "free")])
def test_a_whole_match_against_the_bot_through_the_table_saved_resumed_and_finished(
        qtbot, tmp_path, seed, picks):
    from tabletop.store.saves import SaveStore
    store = SaveStore(tmp_path / "saves")
    match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], seed,
                  {"picks": picks})
    win, page = open_match(qtbot, store, match)
    rng = random.Random(seed)
    turn = {"no": None, "made": 0}
    kinds = set()

    def move(page):
        s = page.ctrl.match.state
        if s.turn_no != turn["no"]:
            turn.update(no=s.turn_no, made=0)
        before = len(page.ctrl.match.log)
        table_move(PageGestures(page), page.scene, s, rng, turn["made"])
        kinds.update(e.action.kind for e in page.ctrl.match.log[before:])
        turn["made"] += 1

    st = lambda: page.ctrl.match.state
    play_until(page, qtbot, lambda: st().round >= 3 and page.ctrl.my_turn(), move, limit=8000)
    win2, page2 = quit_and_resume(qtbot, win, store)
    play_until(page2, qtbot, lambda: page2.ctrl.match.result() is not None, move, limit=8000)
    result = finished_and_saved(page2, store)
    assert max(result.details["vp"]) >= 5               # the first to 5 VP ends it at once
    assert {"pick", "redraw", "trap", "deploy", "play", "hex"} <= kinds, kinds
    win2.table.leave()
