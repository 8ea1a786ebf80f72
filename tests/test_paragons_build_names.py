"""Paragons' draft and build rooms name every card a player chooses between (issue 82): at
1280x720 the build room's 55 cards were pictures and numbers without a name (now a list, each
small card with its name beside it) and a laid-out card with a long word ("Executioner") had
none (now a strip under it); at 11 px or more, touching no other card or name."""

from __future__ import annotations

import pytest

from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.state import BUILD
from tabletop.games.paragons.presentation import faces
from tabletop.table import textfloor
from tabletop.table.card import CardSprite
from tabletop.table.ids import SpriteId
from tabletop.table.widgets import LabelSprite

from paragons_helpers import draft_moments, drawn_at

# the table's part of a 1280x720 window (the side panel, its toggle and the menu bar taken
# off), in device pixels and their ratio: a plain screen and a 200% one
TABLES = {"1280x720": ((960, 698), 1.0), "1280x720 at 200%": ((1920, 1396), 2.0)}


def _build_room(size, ratio, tmp_path, seed=1):
    """The player's build room after a random draft, drawn on a table of `size`."""
    return drawn_at(lambda s: s.phase == BUILD, size, ratio, tmp_path, seed)


def _touch(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("seed", [1, 2, 11])      # the ranger's, the mage's and the warrior's cards
@pytest.mark.parametrize("size", sorted(TABLES))
def test_every_card_in_the_build_room_shows_its_name(size, seed, tmp_path):
    (w, h), ratio = TABLES[size]
    with textfloor.watching(ratio) as watch:
        s, scene, _p = _build_room((w, h), ratio, tmp_path, seed)
    choices = list(s.decks[0]) + list(s.reserves[0])
    assert len(choices) >= 50
    nameless, pieces = [], []
    for c in choices:
        sp = scene.get(f"card:{c}")
        assert isinstance(sp, CardSprite) and sp.visible
        design = s.designs[c]
        pieces.append((f"card:{c}", sp.rect))
        named_face = sp.face_key in (faces.table_key(design, "full"), faces.table_key(design, "name"))
        labels = [scene.get(f"room:name:{c}:{i}") for i in range(2)]
        labels = [lb for lb in labels if isinstance(lb, LabelSprite) and lb.visible and lb.text]
        pieces += [(lb.id, lb.rect) for lb in labels]
        if not named_face and " ".join(lb.text for lb in labels) != card(design).name:
            nameless.append(card(design).name)
    assert not nameless, f"{size}: cards shown without their names: {nameless}"
    touching = [(a, b) for i, (a, ra) in enumerate(pieces) for b, rb in pieces[i + 1:] if _touch(ra, rb)]
    assert not touching, f"{size}: names and cards overlapping: {touching[:6]}"
    assert not watch.small, f"{size}: text under 11 px: {watch.small}"


def test_a_click_on_a_listed_name_is_a_click_on_its_card(tmp_path):
    s, scene, p = _build_room(*TABLES["1280x720"], tmp_path)
    for c in (s.decks[0][0], s.reserves[0][-1]):
        label = scene.get(f"room:name:{c}:0")
        assert label is not None and label.text
        on_card = p.click(SpriteId("card", c))
        assert on_card is not None and p.click(SpriteId.read(label.id)) == on_card


def test_every_card_laid_out_in_the_draft_shows_its_name_at_1280x720(tmp_path):
    nameless, touching, moments, strips = set(), [], 0, 0
    with textfloor.watching() as watch:
        for s, scene, p in draft_moments(TABLES["1280x720"][0], 1.0, tmp_path):
            moments += 1
            pieces = []
            for c in s.layout:
                sp, design = scene.get(f"card:{c}"), s.designs[c]
                pieces.append((sp.id, sp.rect))
                strip = [scene.get(f"room:name:{c}:{k}") for k in range(2)]
                strip = [lb for lb in strip if lb is not None and lb.visible and lb.text]
                pieces += [(lb.id, lb.rect) for lb in strip]
                named = sp.face_key in (faces.table_key(design, "full"), faces.table_key(design, "name"))
                if not named and " ".join(lb.text for lb in strip) != card(design).name:
                    nameless.add(card(design).name)
            touching += [(a, b) for i, (a, ra) in enumerate(pieces) for b, rb in pieces[i + 1:]
                         if _touch(ra, rb)]
            for sid, _r in pieces:                 # a click on a strip picks its card
                if sid.startswith("room:name:"):
                    strips += 1
                    c = SpriteId.read(sid).at(1)
                    assert p.click(SpriteId.read(sid)) == p.click(SpriteId("card", c)) is not None
    assert moments >= 10 and strips > 0
    assert not nameless, f"laid-out cards shown without their names: {sorted(nameless)}"
    assert not touching, f"names and cards overlapping: {touching[:6]}"
    assert not watch.small, f"text under 11 px: {watch.small}"
