"""Paragons names every card a player chooses between or reads (issue 82), at the sizes the
table shows: the build room's grid at 1920x1080 (Camouflage Cloak, Stonecutter, Gravewarden
were pictures and numbers), the rows of picks in the draft (covered cards, and the bot's
"Behemoth" by its numbers), and a hand card with a long word at 1280x720 ("Dragonbone
Knight"). A name is on the card's face, or on labels beside or under it; nothing touches."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.state import BUILD
from tabletop.games.paragons.presentation import faces
from tabletop.games.paragons.presentation.draftroom import drafted
from tabletop.games.registry import get_game
from tabletop.table import textfloor
from tabletop.table.card import CardSprite
from tabletop.table.pgsetup import init_offscreen
from tabletop.table.widgets import LabelSprite

from paragons_helpers import draft_moments, drawn_at, table_for

# the table's part of a window, in device pixels and their ratio: 1920x1080 with the side
# panel at its widths and at 200%, 1280x720, and 1280x720 at 200%
WIDE = {"1920x1080": ((1520, 1058), 1.0), "1920x1080 (1600)": ((1600, 1058), 1.0),
        "1920x1080 at 200%": ((3040, 2116), 2.0)}
SMALL = {"1280x720": ((960, 698), 1.0), "1280x720 at 200%": ((1920, 1396), 2.0)}


def _touch(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _named(scene, c, design, label_ids) -> tuple[bool, list]:
    """Whether card `c` shows its name (its face, or its labels read together), and the pieces
    (id, rect) it takes: the card and its labels."""
    sp = scene.get(f"card:{c}")
    assert isinstance(sp, CardSprite) and sp.visible
    labels = [scene.get(i) for i in label_ids]
    labels = [lb for lb in labels if isinstance(lb, LabelSprite) and lb.visible and lb.text]
    on_face = sp.face_key in (faces.table_key(design, "full"), faces.table_key(design, "name"))
    said = " ".join(lb.text for lb in labels) == card(design).name
    return on_face or said, [(sp.id, sp.rect)] + [(lb.id, lb.rect) for lb in labels]


def _apart(pieces) -> list:
    return [(a, b) for i, (a, ra) in enumerate(pieces) for b, rb in pieces[i + 1:] if _touch(ra, rb)]


@pytest.mark.parametrize("seed", [1, 2, 11])      # the ranger's, the mage's and the warrior's cards
@pytest.mark.parametrize("size", sorted(WIDE))
def test_every_card_in_the_build_room_shows_its_name_at_1920x1080(size, seed, tmp_path):
    (w, h), ratio = WIDE[size]
    with textfloor.watching(ratio) as watch:
        s, scene, _p = drawn_at(lambda s: s.phase == BUILD, (w, h), ratio, tmp_path, seed)
    nameless, pieces = [], []
    for c in list(s.decks[0]) + list(s.reserves[0]):
        named, taken = _named(scene, c, s.designs[c], [f"room:name:{c}:{i}" for i in range(2)])
        pieces += taken
        if not named:
            nameless.append(card(s.designs[c]).name)
    assert len(pieces) >= 50
    assert not nameless, f"{size}: cards shown without their names: {nameless}"
    assert not _apart(pieces), f"{size}: names and cards overlapping: {_apart(pieces)[:6]}"
    assert not watch.small, f"{size}: text under 11 px: {watch.small}"


@pytest.mark.parametrize("size", sorted(SMALL) + ["1920x1080"])
def test_every_card_in_the_rows_of_picks_shows_its_name(size, tmp_path):
    (w, h), ratio = {**SMALL, **WIDE}[size]
    nameless, touching, most = set(), [], 0
    with textfloor.watching(ratio) as watch:
        for s, scene, p in draft_moments((w, h), ratio, tmp_path):
            pieces = []
            for q in (0, 1):
                picks = drafted(s, q)
                most = max(most, len(picks))
                for c in picks:
                    named, taken = _named(scene, c, s.designs[c], [f"room:name:{c}:{i}" for i in range(2)])
                    pieces += taken
                    if not named:
                        nameless.add(card(s.designs[c]).name)
            touching += _apart(pieces)
    assert most >= 20, "the rows never filled: the test sees too little"
    assert not nameless, f"{size}: picks shown without their names: {sorted(nameless)}"
    assert not touching, f"{size}: names and cards overlapping in the rows: {touching[:6]}"
    assert not watch.small, f"{size}: text under 11 px: {watch.small}"


LONG_WORDS = ("Dragonbone Knight", "Camouflage Cloak", "Overgrown Thicket", "Ambusher's Volley", "Stonecutter")


@pytest.mark.parametrize("size", sorted(SMALL) + ["1920x1080"])
def test_a_hand_card_with_a_long_word_shows_its_name(size, tmp_path):
    from paragons_helpers import RANGER, WARRIOR, duel, to_hand
    from tabletop.games.paragons.engine.cards import pool
    (w, h), ratio = {**SMALL, **WIDE}[size]
    init_offscreen()
    game = get_game("paragons")
    s = duel((RANGER, WARRIOR))
    by_name = {cd.name: d for d, cd in pool().items()}
    hand = [to_hand(s, 0, by_name[n]) for n in LONG_WORDS] + [to_hand(s, 0, by_name["Volley"])]
    scene, p = table_for((w, h), ratio, tmp_path)
    with textfloor.watching(ratio) as watch:
        p.sync(game.view(s, 0), game.legal_actions(s), game.to_act(s) == 0, [])
        scene.render(pygame.Surface((w, h)))
    nameless, pieces = [], []
    for c in hand:
        named, taken = _named(scene, c, s.designs[c], [f"lbl:handname:{c}:{i}" for i in range(2)])
        pieces += taken
        if not named:
            nameless.append(card(s.designs[c]).name)
    zx, zy, zw, zh = p.layout.zones["hand"].rect
    outside = [sid for sid, (x, y, rw, rh) in pieces if x < zx or y < zy or x + rw > zx + zw or y + rh > zy + zh]
    assert not nameless, f"{size}: hand cards shown without their names: {nameless}"
    assert not _apart(pieces), f"{size}: names and cards overlapping in the hand: {_apart(pieces)[:6]}"
    assert not outside, f"{size}: out of the hand's zone: {outside}"
    assert not watch.small, f"{size}: text under 11 px: {watch.small}"
