"""A dropped piece is judged by the engine once: the table asks `why_illegal` a single time and
carries the answer (core.match.Checked) through the controller to the match. (The engine's own
`apply` still refuses an illegal action by itself; that check is the engine's, not a question.)"""

from __future__ import annotations

import sys

from shell_helpers import open_match
from trials_ui_helpers import route

from tabletop.core.match import Match, Seat
from tabletop.games.trials.engine.rules import GAME
from tabletop.store.saves import SaveStore


def _counting(monkeypatch):
    calls = []
    original = type(GAME).why_illegal

    def why_illegal(self, state, action):
        if sys._getframe(1).f_code.co_name != "apply":     # a question from outside the engine
            calls.append(action)
        return original(self, state, action)

    monkeypatch.setattr(type(GAME), "why_illegal", why_illegal)
    return calls


def _page(qtbot, tmp_path):
    match = Match(GAME, [Seat("human", "You"), Seat("human", "Friend")], 5)
    _win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    page.ctrl.lift_curtain()
    return page


def test_a_legal_drop_asks_the_engine_once(qtbot, tmp_path, monkeypatch):
    page = _page(qtbot, tmp_path)
    match = page.ctrl.match
    legal = next(a for a in match.legal_actions() if a.kind in ("play", "attack"))
    calls = _counting(monkeypatch)
    page.session.handle(route(page.presenter, legal))
    assert match.log and match.log[-1].action == legal
    assert len(calls) == 1


def test_an_illegal_drop_is_refused_with_the_reason_after_one_question(qtbot, tmp_path, monkeypatch):
    page = _page(qtbot, tmp_path)
    match = page.ctrl.match
    mine = match.state.hands[match.to_act]
    theirs = match.state.avatars[1 - match.to_act]
    calls = _counting(monkeypatch)
    from tabletop.table import intents as it
    page.session.handle([it.Drop(f"card:{mine[0]}", f"card:{theirs[0]}", 0, 0)])
    assert not match.log
    assert len(calls) == 1 and page.scene.status
