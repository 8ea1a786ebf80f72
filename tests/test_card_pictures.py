"""Card pictures (issue 18): every card shows its own game-icons picture.

Each game's presentation has a picture table (pictures.json, card id -> icon);
art/icons/make_icons.py renders exactly the icons those tables name, and
LICENSE.txt credits each one. These tests hold the tables to the card pools, to
the shipped PNGs and licence, and to the rule that no two cards of one deck
(discipline, class, faction) share a picture; then check the face really shows it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Callable, NamedTuple

import pytest
from PIL import Image, ImageChops

from tabletop.table.icons import PictureTable, icon_path, picture, picture_table

ROOT = Path(__file__).resolve().parents[1]


class Game(NamedTuple):
    pictures: dict[str, str]        # the game's picture table
    ids: set[str]                   # every card it has
    decks: dict[str, list[str]]     # the cards that meet in one deck (discipline, class, faction)
    compose: Callable               # card id -> face
    key: Callable                   # card id -> face cache key
    pair: list[str]                 # two cards that showed the same emblem before pictures
    box: tuple[int, int, int, int]  # the picture area of a face
ICONS = ROOT / "art" / "icons"


def _trials():
    from tabletop.games.trials.engine.cards import DISCIPLINES, pool
    from tabletop.games.trials.presentation import faces
    cards = pool().values()
    decks = {d: [c.id for c in cards if d in c.disciplines] for d in DISCIPLINES}
    # two single-discipline cards of one discipline: they used to show the same sign
    pair = [c.id for c in cards if c.disciplines == ("pyromancy",)][:2]
    box = tuple(v * faces.K for v in (18, 64, 282, 186))
    return Game(faces.PICTURES, {c.id for c in cards}, decks, faces.compose_face, faces.face_key,
                pair, box)


def _paragons():
    from tabletop.games.paragons.engine.cards import CLASSES, pool
    from tabletop.games.paragons.presentation import faces
    cards = pool().values()
    # a class deck is its class's cards plus the drafted neutrals, so a neutral's picture
    # must differ from every class card's and every other neutral's
    neutral = [c.id for c in cards if not c.klass or c.klass == "neutral"]
    decks = {k: [c.id for c in cards if c.klass == k] + neutral for k in CLASSES}
    # two Lesser melee mercenaries: both used to show the same steel sword
    pair = [c.id for c in cards if c.tier == "lesser" and c.combat == "melee"][:2]
    return Game(faces.PICTURES, {c.id for c in cards}, decks, faces.compose_face, faces.face_key,
                pair, tuple(v * faces.K for v in faces.PICTURE))


def _pariah():
    from tabletop.games.pariah.engine.cards import designs, evolutions, factions, relics
    from tabletop.games.pariah.presentation import faces
    units, evos = designs(), evolutions()
    # a faction's deck holds its units (tokens too) and its evolutions; relics are a deck of their own
    decks = {f: [k for k, u in units.items() if u.faction == f] + [k for k, e in evos.items()
                                                                   if e.faction == f]
             for f in factions()}
    decks["relics"] = list(relics())
    pair = [k for k, u in units.items() if u.faction == "emberkin"][:2]
    # unit faces come out at the card size (drawn at 2x, then scaled down)
    return Game(faces.PICTURES, set(units) | set(evos) | set(relics()), decks, faces.compose_unit,
                faces.unit_key, pair, (18, 62, 282, 180))


GAMES = {"trials": _trials, "paragons": _paragons, "pariah": _pariah}


def _load_script():
    spec = importlib.util.spec_from_file_location("make_icons", ICONS / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _licensed() -> set[str]:
    text = (ICONS / "LICENSE.txt").read_text(encoding="utf-8")
    return set(re.findall(r"^\s+([a-z0-9-]+)\.png\s+by ", text, re.M))


@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_a_picture_that_ships(game):
    g = GAMES[game]()
    table, ids = g.pictures, g.ids
    assert sorted(ids - set(table)) == [], "cards without a picture"
    assert sorted(set(table) - ids) == [], "pictures for cards that do not exist"
    licensed = _licensed()
    for card_id, name in table.items():
        with Image.open(icon_path(name)) as im:
            assert im.size == (256, 256) and "A" in im.getbands(), name
        assert name in licensed, f"{card_id}: {name} is not in art/icons/LICENSE.txt"


@pytest.mark.parametrize("game", GAMES)
def test_no_two_cards_of_a_deck_share_a_picture(game):
    g = GAMES[game]()
    for deck, ids in g.decks.items():
        seen: dict[str, str] = {}
        for card_id in ids:
            name = g.pictures[card_id]
            assert name not in seen, f"{game} {deck}: {card_id} and {seen[name]} both show {name}"
            seen[name] = card_id


def test_the_script_renders_exactly_what_the_tables_name():
    script = _load_script()
    wanted = set(script.wanted())
    assert set(GAMES) <= set(script.tables())
    assert {p.stem for p in ICONS.glob("*.png")} == wanted, "run art/icons/make_icons.py"
    assert _licensed() == wanted
    text = (ICONS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC BY 3.0" in text and "https://game-icons.net" in text and script.VERSION in text


def _changed_pixels(one: Image.Image, other: Image.Image, box) -> float:
    """The share of pixels of `box` that differ between two faces."""
    a, b = (im.crop(box).convert("RGB") for im in (one, other))
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    return diff.histogram()[255] / (a.width * a.height)


@pytest.mark.parametrize("game", GAMES)
def test_the_face_shows_the_cards_own_picture(game, monkeypatch):
    g = GAMES[game]()
    a, b = g.pair
    assert g.pictures[a] != g.pictures[b]
    assert _changed_pixels(g.compose(a), g.compose(b), g.box) > 0.05, "the picture boxes look alike"
    # the picture comes from the table: give card a the other card's icon and its box changes
    # (Paragons' seeded landscapes alone would tell the pair apart, so this is the real check)
    own = g.compose(a)
    monkeypatch.setitem(g.pictures, a, g.pictures[b])
    assert _changed_pixels(own, g.compose(a), g.box) > 0.05, "the face ignores its picture table"
    # the face cache must not hand out a face drawn with another picture
    assert g.pictures[b] in g.key(a)


def test_a_card_missing_from_its_table_is_an_error():
    table = PictureTable("trials", {"spark": "flint-spark"})
    with pytest.raises(KeyError, match="no picture for card 'nothing'"):
        table["nothing"]
    assert picture_table("tabletop.games.trials.presentation").game == "trials"
    with pytest.raises(FileNotFoundError):
        icon_path("no-such-icon")


def test_the_picture_is_filled_outlined_and_shadowed():
    img = picture("hourglass", 128, (250, 240, 200), (40, 80, 200), (10, 10, 10))
    assert img.size == (128, 128) and img.mode == "RGBA"
    px = [img.getpixel((x, y)) for x in range(0, 128, 2) for y in range(0, 128, 2)]
    opaque = [p for p in px if p[3] == 255]
    assert any(p[:3] == (10, 10, 10) for p in opaque), "no outline"
    assert any(p[2] > 150 and p[0] < 120 for p in opaque), "the gradient never reaches its bottom colour"
    assert any(0 < p[3] < 255 for p in px), "no soft edge or shadow"


def test_about_credits_the_icon_set():
    from tabletop.shell.about import credits_markdown
    about = credits_markdown()
    assert "game-icons.net" in about and "CC BY 3.0" in about and "art/icons/LICENSE.txt" in about


def test_the_quick_outline_is_the_max_filters_pixel_for_pixel():
    """icons._grown replaces MaxFilter(2r+1) (0.2 s a big face): the same pixels, for icons
    whose silhouettes touch their edges, at a small and a big face's sizes."""
    from PIL import ImageFilter
    from tabletop.table import icons
    names = sorted(p.stem for p in ICONS.glob("*.png"))
    assert len(names) > 20
    for name in names[::29]:              # a MaxFilter(17) takes 0.2 s: a few icons suffice
        for size in (60, 480):
            ring = max(2, size // 60)
            glyph = Image.new("L", (size, size), 0)
            glyph.paste(icons._alpha(name).resize((size - 4 * ring,) * 2), (2 * ring, ring))
            slow = glyph.filter(ImageFilter.MaxFilter(2 * ring + 1))
            assert ImageChops.difference(slow, icons._grown(glyph, ring)).getbbox() is None, (name, size)
