"""Paragons faces: every design composes at the card size with a key of its own, its rules text
fits its box at a readable size, the frames wear the class and tier colours, the back is our own,
and the home tile composes at two sizes."""

import pytest
from PIL import ImageChops

from tabletop.games.paragons.engine.cards import CLASSES, pool
from tabletop.games.paragons.presentation import faces
from tabletop.games.paragons.presentation.cover import COVER_CARDS, cover
from tabletop.table.facekeys import CARD_SIZE


@pytest.fixture(scope="module")
def composed():
    return {d: faces.compose_face(d) for d in pool()}


def test_every_design_composes_at_the_card_size_and_no_two_alike(composed):
    assert set(composed) == set(pool())
    for d, img in composed.items():
        assert img.size == (faces.W, faces.H) and img.mode == "RGBA", d
    assert (faces.W, faces.H) == (CARD_SIZE[0] * faces.K, CARD_SIZE[1] * faces.K)
    assert len({img.tobytes() for img in composed.values()}) == len(composed)


def test_keys_are_distinct_per_design_and_versioned():
    keys = {faces.face_key(d) for d in pool()}
    assert len(keys) == len(pool())
    assert all(k.startswith("paragons/card/") and k.endswith(f"/v{faces.FACE_VERSION}") for k in keys)
    assert faces.back_key() not in keys


def test_every_rules_text_fits_its_box_at_a_readable_size():
    for c in pool().values():
        fit = faces.fit_rules(c)
        assert fit.fits and fit.px >= faces.TEXT_FLOOR, (c.id, fit.px)
        x0, y0, x1, y1 = fit.box
        assert fit.height <= y1 - y0, c.id
        # every word of the generated text is laid out, none dropped
        laid = [run[0] for line, _ in fit.lines for run in line]
        assert laid == c.text.split() or not c.text, c.id


def test_the_longest_text_still_gets_a_comfortable_size():
    longest = max(pool().values(), key=lambda c: len(c.text))
    assert faces.fit_rules(longest).px >= faces.TEXT_FLOOR + 2


def test_a_text_too_long_for_the_box_is_reported_not_clipped():
    from dataclasses import replace
    c = next(iter(pool().values()))
    huge = replace(c, text=" ".join(["overflowing"] * 400), keywords=())
    fit = faces.fit_rules(huge)
    assert not fit.fits and fit.px == faces.TEXT_FLOOR


def test_keywords_and_ability_costs_are_bold():
    by_id = pool()
    hidden = next(c for c in by_id.values() if c.hidden and c.type == "spell")
    first = faces.rules_runs(hidden)[0]
    assert first[0] == ("Hidden", True)
    assert all(not bold for word, bold in first[1:])          # the reveal condition is plain
    ability = next(c for c in by_id.values() if any(e.when == "activated" for e in c.effects))
    runs = [r for para in faces.rules_runs(ability) for r in para]
    lead = next(r for r in runs if r[0].endswith(":"))
    assert lead[1], ability.id


def _frame_pixel(img):
    return img.convert("RGB").getpixel((4 * faces.K, faces.H // 2))


def test_the_frame_wears_the_class_colour_or_the_neutral_tier(composed):
    for klass in CLASSES:
        c = next(c for c in pool().values() if c.klass == klass)
        px = _frame_pixel(composed[c.id])
        main = faces.FRAME[klass]
        assert max(range(3), key=lambda i: px[i]) == max(range(3), key=lambda i: main[i]), klass
    greater = next(c for c in pool().values() if c.tier == "greater")
    lesser = next(c for c in pool().values() if c.tier == "lesser")
    g, s = _frame_pixel(composed[greater.id]), _frame_pixel(composed[lesser.id])
    assert g[0] > g[2] + 40                   # gold: warm
    assert max(s) - min(s) < 40               # steel: nearly grey
    assert faces.type_line(greater).startswith("Greater") and faces.type_line(lesser).startswith("Lesser")
    assert faces.foot_line(greater) == "Neutral"


def test_type_lines_name_the_type_combat_and_hidden():
    by_id = pool()
    for c in by_id.values():
        line = faces.type_line(c)
        assert faces.TYPE_NAMES[c.type] in line
        assert (faces.COMBAT_NAMES.get(c.combat, "-") in line) == c.is_merc
        assert ("Hidden" in line) == c.hidden


def test_the_back_is_our_own_and_not_a_face(composed):
    back = faces.compose_back()
    assert back.size == (faces.W, faces.H) and back.mode == "RGBA"
    assert all(ImageChops.difference(back, img).getbbox(alpha_only=False)
               for img in list(composed.values())[:10])
    assert back.getpixel((0, 0))[3] == 0 and back.getpixel((faces.W // 2, faces.H // 2))[3] == 255


@pytest.mark.parametrize("size", [(360, 220), (720, 440)])
def test_the_cover_composes_at_two_sizes(size):
    assert all(d in pool() for d in COVER_CARDS)
    img = cover(*size)
    assert img.size == size
    colours = img.convert("RGB").resize((24, 16)).getcolors(24 * 16)
    assert len(colours) > 50                  # a picture, not a fill
