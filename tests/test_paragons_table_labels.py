"""Paragons' table at 1280x720 keeps its words apart (issue 82): the Mana Threshold's caption
ran under the Mercenary Pool's last card, and the pile captions ran into each other ("Deck
21Discard") once the text floor lifted them."""

from __future__ import annotations

import pytest

from tabletop.games.paragons.engine.state import PLAY
from tabletop.table import textfloor
from tabletop.table.card import CardSprite

from paragons_helpers import drawn_at

# the table's part of a 1280x720 window and of a 1920x1080 one, in device pixels and ratio
TABLES = {"1280x720": ((960, 698), 1.0), "1280x720 at 200%": ((1920, 1396), 2.0),
          "1920x1080": ((1600, 1058), 1.0)}


def _table(size, ratio, tmp_path, seed):
    with textfloor.watching(ratio):
        return drawn_at(lambda s: s.phase == PLAY and s.round >= 3, size, ratio, tmp_path, seed)[1]


def _touch(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _shown(scene, sid):
    sp = scene.get(sid)
    return sp if sp is not None and sp.visible and (not hasattr(sp, "text") or sp.text) else None


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.parametrize("size", sorted(TABLES))
def test_the_threshold_and_pile_captions_touch_nothing(size, seed, tmp_path):
    scene = _table(*TABLES[size], tmp_path, seed)
    threshold = _shown(scene, "lbl:threshold")
    assert threshold is not None
    pool = [sp for sp in scene.sprites() if isinstance(sp, CardSprite) and sp.visible
            and abs(sp.y - threshold.y) < 120 and sp.x < threshold.x]
    assert pool, "no Mercenary Pool card found beside the threshold"
    under = [sp.id for sp in pool if _touch(sp.rect, threshold.rect)]
    assert not under, f"{size}: the Mana Threshold's caption under {under}"
    for p in (0, 1):
        caps = [sp for z in ("hand", "hidden", "deck", "discard", "reserve")
                if (sp := _shown(scene, f"lbl:pile:{z}:{p}")) is not None]
        assert len(caps) >= 4
        touching = [(a.text, b.text) for i, a in enumerate(caps) for b in caps[i + 1:] if _touch(a.rect, b.rect)]
        assert not touching, f"{size}: pile captions run together: {touching}"
