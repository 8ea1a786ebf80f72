"""Paargus card art: faces, back, emblems, chips, palettes and the rules page."""

from __future__ import annotations

import re
from importlib.resources import files
from itertools import combinations

import pytest
from PIL import Image, ImageChops

from tabletop.games.paargus.presentation import faces
from tabletop.games.paargus.presentation.palette import OKABE_ITO, PALETTES, palette

W, H = faces.CARD_SIZE
DECK = faces.load_deck()
CARDS = DECK["cards"]
ALIGNED = [c for c in CARDS if c["alignment"]]


def _band_box(q: int):
    """Where an alignment symbol over quadrant q is drawn: the outer edge band."""
    l, t, r, b = faces.QUADRANT_RECTS[q]
    return (l + 14, 14, r - 14, 34) if q in (1, 3) else (l + 14, H - 34, r - 14, H - 14)


def _pixels(img: Image.Image):
    """The pixels of an RGBA image as (r, g, b, a) tuples (no Pillow-version-specific API)."""
    data = img.convert("RGBA").tobytes()
    return [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]


def _values(img: Image.Image) -> bytes:
    """The values of an L image."""
    return img.convert("L").tobytes()


def _diff_box(a: Image.Image, b: Image.Image):
    """Where two images differ in any channel (None: identical)."""
    return ImageChops.difference(a, b).getbbox(alpha_only=False)


def _gold_count(img: Image.Image, box) -> int:
    """Bright gold pixels (strong red and green, little blue) inside box."""
    return sum(1 for r, g, b, a in _pixels(img.crop(box))
               if a > 200 and r > 200 and g > 170 and b < 140 and r - b > 110)


# --- data ------------------------------------------------------------------------------------

def test_deck_matches_the_emblems():
    assert len(CARDS) == 42
    assert {s["id"] for s in DECK["sigils"]} == set(faces.SIGIL_IDS)
    for c in CARDS:
        assert len(c["sigils"]) == 4 and all(s in faces.SIGIL_IDS for s in c["sigils"])
    assert faces.load_deck() is DECK            # cached


# --- faces -----------------------------------------------------------------------------------

@pytest.mark.parametrize("pal", ["normal", "colour-blind"])
def test_every_card_composes_with_transparent_corners(pal):
    for c in CARDS:
        img = faces.compose_face(c["id"], pal)
        assert img.size == (300, 420) and img.mode == "RGBA"
        alpha = img.getchannel("A")
        for x, y in ((0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1), (2, 2), (W - 3, H - 3)):
            assert alpha.getpixel((x, y)) == 0, (c["id"], x, y)
        # the body of the card is opaque
        for x, y in ((W // 2, 2), (2, H // 2), (W // 4, H // 4), (3 * W // 4, 3 * H // 4)):
            assert alpha.getpixel((x, y)) == 255


def test_other_sizes_and_copies():
    small = faces.compose_face(3, size=(150, 210))
    assert small.size == (150, 210) and small.mode == "RGBA"
    a, b = faces.compose_face(3), faces.compose_face(3)
    assert a is not b                            # callers may draw on their copy
    a.paste((255, 0, 0, 255), (0, 0, 50, 50))
    assert faces.compose_face(3).getpixel((20, 20)) != (255, 0, 0, 255)


def test_faces_differ_between_cards():
    assert _diff_box(faces.compose_face(0), faces.compose_face(1)) is not None


def test_quadrants_stay_in_their_half():
    """Changing a card's East sigils leaves its West half untouched, and vice versa,
    so a card fanned to show one half shows exactly that half's two quadrants."""
    base = ["ember", "tide", "quill", "lantern"]
    a = faces.compose_card(base, None, seed=5)
    east = faces.compose_card(base[:2] + ["serpent", "harp"], None, seed=5)
    west = faces.compose_card(["serpent", "harp"] + base[2:], None, seed=5)
    left, right = (0, 0, W // 2 - 1, H), (W // 2 + 2, 0, W, H)      # the meridian itself is shared
    assert _diff_box(a.crop(left), east.crop(left)) is None
    assert _diff_box(a.crop(right), east.crop(right)) is not None
    assert _diff_box(a.crop(right), west.crop(right)) is None
    assert _diff_box(a.crop(left), west.crop(left)) is not None


# --- alignment symbols -----------------------------------------------------------------------

def test_deck_has_alignments_in_every_quadrant():
    assert {c["alignment"] for c in ALIGNED} == {1, 2, 3, 4}


@pytest.mark.parametrize("pal", ["normal", "colour-blind"])
def test_alignment_symbol_is_gold_and_in_its_quadrant(pal):
    for c in ALIGNED:
        q = c["alignment"]
        img = faces.compose_face(c["id"], pal)
        assert _gold_count(img, _band_box(q)) > 150, (c["id"], q)
        for other in {1, 2, 3, 4} - {q}:
            assert _gold_count(img, _band_box(other)) == 0, (c["id"], other)
    # cards without a symbol have no gold in any band
    for c in CARDS[:12]:
        if not c["alignment"]:
            img = faces.compose_face(c["id"], pal)
            assert all(_gold_count(img, _band_box(q)) == 0 for q in (1, 2, 3, 4))


def test_alignment_symbol_changes_only_its_own_quadrant():
    for c in ALIGNED:
        q = c["alignment"]
        with_symbol = faces.compose_face(c["id"])
        without = faces.compose_card(c["sigils"], None, number=f"{c['id'] + 1:02d}", seed=c["id"])
        box = _diff_box(with_symbol, without)
        assert box is not None, c["id"]
        l, t, r, b = faces.quadrant_rect(q)
        assert l <= box[0] and box[2] <= r and t <= box[1] and box[3] <= b, (c["id"], q, box)
        hl, ht, hr, hb = faces.half_rect("west" if q in (1, 2) else "east")
        assert hl <= box[0] and box[2] <= hr


# --- emblems ---------------------------------------------------------------------------------

def test_emblems_are_rgba_and_use_the_colour():
    for sid in faces.SIGIL_IDS:
        img = faces.sigil_emblem(sid, 64, (255, 0, 0))
        assert img.size == (64, 64) and img.mode == "RGBA"
        alpha = img.getchannel("A")
        assert alpha.getbbox() is not None
        assert alpha.getpixel((0, 0)) == 0
        # the shape covers a fair share of its square, not a speck
        covered = sum(1 for v in _values(alpha) if v > 128)
        assert 0.12 * 64 * 64 < covered < 0.75 * 64 * 64, sid
        r, g, b, _ = img.resize((1, 1), Image.BOX).getpixel((0, 0))
        assert r > g and r > b


def test_emblems_are_pairwise_different_by_shape():
    masks = {sid: faces.emblem_mask(sid, 32) for sid in faces.SIGIL_IDS}
    assert len(masks) == 14
    for a, b in combinations(faces.SIGIL_IDS, 2):
        ma, mb = masks[a], masks[b]
        assert ma.tobytes() != mb.tobytes(), (a, b)
        # not merely different: the shapes overlap far from completely
        va, vb = _values(ma), _values(mb)
        inter = sum(1 for x, y in zip(va, vb) if x > 128 and y > 128)
        union = sum(1 for x, y in zip(va, vb) if x > 128 or y > 128)
        assert inter / union < 0.75, (a, b, inter / union)


def test_unknown_sigil_is_an_error():
    with pytest.raises(KeyError):
        faces.sigil_emblem("mirror", 32, (255, 255, 255))


# --- back and chips --------------------------------------------------------------------------

@pytest.mark.parametrize("pal", ["normal", "colour-blind"])
def test_back(pal):
    back = faces.compose_back(pal)
    assert back.size == (300, 420) and back.mode == "RGBA"
    assert back.getchannel("A").getpixel((0, 0)) == 0
    assert back.getchannel("A").getpixel((150, 210)) == 255
    for c in (0, 13):
        assert _diff_box(back, faces.compose_face(c, pal)) is not None
    # turned half round, the back looks nearly the same: it gives nothing away
    turned = back.rotate(180)
    diff = ImageChops.difference(back.convert("RGB"), turned.convert("RGB")).convert("L")
    mean = sum(_values(diff)) / (W * H)
    assert mean < 12


def test_sigil_chips():
    for sid in faces.SIGIL_IDS:
        chip = faces.compose_sigil_chip(sid, "normal", 40)
        assert chip.size == (40, 40) and chip.mode == "RGBA"
        assert chip.getchannel("A").getpixel((0, 0)) == 0       # round
        assert chip.getchannel("A").getpixel((20, 20)) == 255
    assert faces.compose_sigil_chip("ember", "normal", (24, 30)).size == (24, 24)
    a = faces.compose_sigil_chip("ember", "normal", 40)
    b = faces.compose_sigil_chip("ember", "colour-blind", 40)
    assert _diff_box(a, b) is not None


# --- palettes and keys -----------------------------------------------------------------------

def test_palettes_cover_every_sigil_and_differ():
    assert set(PALETTES) == {"normal", "colour-blind"}
    for name in PALETTES:
        p = palette(name)
        assert set(p["sigils"]) == set(faces.SIGIL_IDS)
        for key in ("frame", "alignment", "bg_top", "bg_bottom", "medallion", "text"):
            assert len(p[key]) == 3
    assert palette("normal") != palette("colour-blind")
    assert palette("normal")["sigils"] != palette("colour-blind")["sigils"]
    # every sigil has its own colour in the normal palette
    assert len(set(palette("normal")["sigils"].values())) == 14
    palette("normal")["sigils"]["ember"] = (0, 0, 0)                     # a copy
    assert palette("normal")["sigils"]["ember"] != (0, 0, 0)
    with pytest.raises(ValueError):
        palette("sepia")


def test_colour_blind_palette_uses_only_okabe_ito_colours():
    allowed = set(OKABE_ITO.values()) - {OKABE_ITO["black"]}    # black vanishes on a night sky
    sigils = palette("colour-blind")["sigils"]
    assert set(sigils.values()) <= allowed
    # seven colours for fourteen sigils: each colour is shared by exactly two emblems
    counts = {}
    for colour in sigils.values():
        counts[colour] = counts.get(colour, 0) + 1
    assert sorted(counts.values()) == [2] * 7
    assert palette("colour-blind")["alignment"] in set(OKABE_ITO.values())


def test_keys():
    assert faces.face_key(3, "normal") != faces.face_key(3, "colour-blind")
    assert faces.face_key(3, "normal") != faces.face_key(4, "normal")
    assert faces.back_key("normal") != faces.back_key("colour-blind")
    assert faces.back_key("normal") != faces.face_key(0, "normal")
    assert f"v{faces.FACE_VERSION}" in faces.face_key(3, "normal")
    assert f"v{faces.FACE_VERSION}" in faces.back_key("normal")
    # the usual spellings name the same palette and so the same cached image
    assert faces.face_key(3, "colour_blind") == faces.face_key(3, "colour-blind")


def test_faces_do_not_import_pygame_or_qt():
    src = files("tabletop.games.paargus.presentation").joinpath("faces.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import|from)\s+(pygame|PySide6|PyQt)", src, re.M)


# --- the rules page --------------------------------------------------------------------------

RULES = files("tabletop.games.paargus").joinpath("rules_page.md").read_text(encoding="utf-8")


def test_rules_page_sections():
    headings = re.findall(r"^#+\s+(.+?)\s*$", RULES, re.M)
    for h in ("Overview", "The cards", "Setting up", "A turn", "Conjunctions", "Fanning and alignments",
              "Ending a hand", "Scoring and chips", "How to play in Tabletop", "Rulings"):
        assert h in headings, h


def test_rules_page_uses_none_of_the_source_names():
    low = RULES.lower()
    for word in ("mantell", "star wars", "corellian", "corelli", "duros", "durosian", "nalatxa",
                 "jedi", "force", "republic", "mirvon"):
        assert word not in low, word
    # our own sigils are the ones named
    for s in DECK["sigils"]:
        assert s["name"] in RULES


def test_rules_page_rulings_cover_the_open_points():
    rulings = RULES.split("## Rulings", 1)[1].lower()
    for phrase in ("4, 3, 2 and 1", "3 cards × 3", "trailing cards", "whose turn just ended",
                   "whatever is left", "after a tie", "fixed number of hands", "100 chips",
                   "at random", "same quadrant count once", "shuffled before every hand"):
        assert phrase in rulings, phrase


def test_rules_page_copies_no_sentence_of_the_rules_text():
    """No run of eight words from the publisher's text appears on the page."""
    from pathlib import Path
    src = Path(__file__).resolve().parents[2] / "shared" / "rules" / "paargus.txt"
    if not src.exists():
        pytest.skip("the publisher's rules text is not beside the project")
    words = lambda t: re.findall(r"[a-z0-9]+", t.lower())        # noqa: E731
    theirs = words(src.read_text(encoding="utf-8", errors="replace"))
    ours = " ".join(words(RULES))
    grams = {" ".join(theirs[i:i + 8]) for i in range(len(theirs) - 7)}
    copied = [g for g in grams if g in ours]
    assert not copied, copied[:3]
