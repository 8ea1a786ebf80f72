"""Trials: a turned (exhausted) card's tokens cover none of its words (issue 82). The HP heart
stood on the corner of the card's upright rectangle, which on a card turned 45 degrees is the
middle of its bottom edge, where its type word lies ("Avatar", "Weapon"): it covered part of
the word. Checked on the real presenter's sprites at the table sizes players see."""

from __future__ import annotations

import math

import pygame
import pytest

from trials_helpers import avatar, duel, put_on
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.presentation.presenter import TrialsPresenter
from tabletop.store.settings import Settings
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import init_offscreen
from tabletop.table.scene import Scene

# the table's part of a 1280x720 window, of a 1920x1080 one, and of 1280x720 at 200%
TABLES = {"1280x720": ((960, 698), 1.0), "1920x1080": ((1524, 1058), 1.0),
          "1280x720 at 200%": ((1920, 1396), 2.0)}


def _gap(token, card) -> float:
    """How far the token's disc stays from the turned card (negative: it lies over the card),
    in virtual px: the disc's centre in the card's own frame against its half sizes."""
    r = token.w / 2
    cx, cy = token.x + r, token.y + r
    mx, my = card.x + card.w / 2, card.y + card.h / 2
    turn = math.radians(card.angle)            # undo the card's counterclockwise angle
    dx, dy = cx - mx, cy - my
    u = dx * math.cos(turn) - dy * math.sin(turn)
    v = dx * math.sin(turn) + dy * math.cos(turn)
    ou, ov = max(0.0, abs(u) - card.w / 2), max(0.0, abs(v) - card.h / 2)
    return math.hypot(ou, ov) - r if (ou or ov) else -r


@pytest.mark.parametrize("size", sorted(TABLES))
def test_a_turned_cards_tokens_lie_beside_it_not_on_its_words(size, tmp_path):
    init_offscreen()
    (w, h), ratio = TABLES[size]
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    scene.ratio = ratio
    p = TrialsPresenter(scene, scene.faces, Settings(), ["You", "Bot"])
    s = duel(["ilsa-of-the-turning-glass", "master-oren-vell"])
    turned = []
    for seat in (0, 1):
        av = avatar(s, seat)
        s.exhausted.add(av)
        s.shields.add(av)                       # a second token after the heart
        turned.append(av)
    turned.append(put_on(s, "hourhand-rapier", avatar(s, 0), ready=False))
    scene.resize(w, h)
    p.sync(GAME.view(s, 0), GAME.legal_actions(s) if GAME.to_act(s) == 0 else [], GAME.to_act(s) == 0, [])
    scene.render(pygame.Surface((w, h)))
    checked, over = 0, []
    for c in turned:
        card = scene.get(f"card:{c}")
        assert card is not None and card.angle, "the card is not turned: the test sees nothing"
        for kind in ("hp", "shield"):
            token = scene.get(f"{kind}:{c}")
            if token is None:
                continue
            checked += 1
            if _gap(token, card) < 0:
                over.append((token.id, round(_gap(token, card), 1)))
    assert checked >= 3
    assert not over, f"{size}: tokens over a turned card's face: {over}"
