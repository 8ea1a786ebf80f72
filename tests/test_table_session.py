"""The table's session (tabletop/table/session.py) and the keys every table shares: the same
gestures mean the same thing in every game of the registry."""

from __future__ import annotations

import pytest
from presenter_helpers import Proposals

from tabletop.core import Rng
from tabletop.games.registry import game_ids, plugin
from tabletop.store.settings import Settings
from tabletop.table import intents as it
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.presenter import HINT, LOCAL
from tabletop.table.scene import Scene
from tabletop.table.session import TableSession


def _draggable(p) -> list[str]:
    return [sp.id for sp in p.scene.sprites() if sp.draggable]


def _table(gid: str, tmp_path, wanted=lambda p: True):
    """A headless table for seat 0 at a position of a random match where seat 0 is to act on
    the table itself (past any set-up room) and `wanted(presenter)` holds, and the session that
    answers its gestures."""
    game = plugin(gid).game
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    p = plugin(gid).presentation().make_presenter(scene, scene.faces, Settings(), ["You", "Bot"])
    scene.resize(1600, 900)
    s, rng = game.setup({}, 3, 2), Rng(3)
    for _ in range(2000):
        if game.to_act(s) == 0:
            p.sync(game.view(s, 0), game.legal_actions(s), True, [])
            if not p.in_room() and wanted(p):
                return game, s, p, TableSession(scene, p, Proposals())
        game.apply(s, rng.choice(game.legal_actions(s)), checked=True)
    raise AssertionError(f"{gid}: seat 0 never came to act on such a table")


@pytest.mark.parametrize("gid", game_ids())
def test_every_table_reads_the_same_keys(gid, tmp_path):
    game, s, p, session = _table(gid, tmp_path)
    assert session.propose(it.KeyPress("h")) == HINT                    # H asks for a hint
    assert session.propose(it.KeyPress("escape")) is None              # nothing to let go of
    confirmed = session.propose(it.KeyPress("enter"))
    assert confirmed in (None, LOCAL) or game.why_illegal(s, confirmed) is None
    assert session.propose(it.KeyPress("return")) == session.propose(it.KeyPress("enter"))
    p.sync(game.view(s, 0), game.legal_actions(s), False, [])         # another seat's turn
    assert session.propose(it.KeyPress("h")) is None and session.propose(it.KeyPress("enter")) is None


@pytest.mark.parametrize("gid", game_ids())
def test_a_drop_nowhere_goes_back_without_a_move(gid, tmp_path):
    game, s, p, session = _table(gid, tmp_path, _draggable)
    mover, sid = session.mover, _draggable(p)[0]
    session.handle([it.DragStart(sid), it.Drop(sid, None, -50, -50)])   # off the table
    assert mover.made == [] and p.scene.dragging is None
