"""Faces composed ahead of need (issue 18, a move without a hitch): what a presenter lists in
`faces_to_warm` covers the card faces its table then shows, in every game, each face once."""

import pytest

from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game
from tabletop.shell.presentations import presentation
from tabletop.store.settings import Settings
from tabletop.table import compact
from tabletop.table.card import CardSprite
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.scene import Scene

# shown before any card is known: the class choice's sample cards, the board's empty spaces
NOT_WARMED = ("room:class:", "space:")
EMPTY_PILE = "/emptypile/"


@pytest.mark.parametrize("seed", [3, 1])       # seed 1 brings Pariah's emblems (relic pictures)
@pytest.mark.parametrize("game_id", ["paargus", "trials", "pariah", "paragons", "brawl"])
def test_the_faces_to_warm_cover_every_card_face_the_table_shows(game_id, seed):
    game = get_game(game_id)
    match = Match(game, [Seat("human", "You"), Seat("bot", "Bot")], seed)
    rng = Rng(seed)
    layout = Layout.load(game_id, 2)
    scene = Scene(virtual=layout.size, layout=layout)
    scene.pace = 0
    p = presentation(game_id).make_presenter(scene, FaceCache(), Settings(), ["You", "Bot"])
    shown, missing = set(), set()
    for i in range(300):
        if match.to_act is None:
            break
        if i % 10 == 0:
            view = game.view(match.state, 0)
            legal = match.legal_actions() if match.to_act == 0 else []
            p.sync(view, legal, bool(legal), [])
            items = p.faces_to_warm()
            warm = [item[0] for item in items]
            assert len(warm) == len(set(warm)), "a face listed twice"
            # read into memory, not only composed to disk: the table's faces (the other
            # details of a card, and the zoom's, would crowd them out of the memory)
            kept = {item[0] for item in items if len(item) < 3 or item[2]}
            for s in scene.sprites():
                # a face showing numbers changed in play ("/now=") cannot be foreseen: it is
                # composed when they change (about 5 ms, compact.compose_big and compose)
                if (isinstance(s, CardSprite) and s.face_key and not s.id.startswith(NOT_WARMED)
                        and EMPTY_PILE not in s.face_key and "/now=" not in s.face_key):
                    shown.add(s.face_key)
                    if s.face_key not in kept:
                        missing.add((s.id, s.face_key))
        match.play(rng.choice(match.legal_actions()))
    assert len(shown) > 10
    assert not missing


def _detail(key: str) -> str | None:
    """The compact.detail_for detail a Paragons table face's key names (None: not one)."""
    v = compact.VERSION
    for tail, detail in ((f"/compact{v}", "full"), (f"/thumb{v}", "picture"), (f"/big{v}/name", "name"),
                         (f"/big{v}/numbers", "numbers")):
        if key.endswith(tail) or f"{tail}/now=" in key:
            return detail
    return None


def test_only_the_details_the_table_draws_are_read_into_memory():
    # every detail of every known card would not fit the memory (a Paragons draft's: 290 MB):
    # the last read pushed the table's own faces out, and moves read them again from disk
    game = get_game("paragons")
    match = Match(game, [Seat("human", "You"), Seat("bot", "Bot")], 3)
    rng = Rng(3)
    layout = Layout.load("paragons", 2)
    scene = Scene(virtual=layout.size, layout=layout)
    scene.resize(1920, 1080)
    p = presentation("paragons").make_presenter(scene, FaceCache(), Settings(), ["You", "Bot"])
    for _ in range(120):
        match.play(rng.choice(match.legal_actions()))
    view, legal = game.view(match.state, 0), match.legal_actions() if match.to_act == 0 else []
    p.sync(view, legal, bool(legal), [])
    items = p.faces_to_warm()
    kept = {_detail(item[0]) for item in items if item[2]} - {None}
    disk = {_detail(item[0]) for item in items if not item[2]} - {None}
    assert p.details_shown and len(p.details_shown) < 4
    assert kept == p.details_shown and disk == {"full", "name", "numbers", "picture"} - kept


def test_a_face_asked_for_the_disk_only_is_asked_again_once_the_table_draws_it(monkeypatch):
    # a detail the table did not draw is warmed to disk only; once a resized table draws it,
    # the same key is asked again, to be read into memory
    from PIL import Image

    from tabletop.shell import warmer
    monkeypatch.setattr(warmer, "ENABLED", True)
    cache = FaceCache()                   # no folder: composed here, no helper process

    def compose():
        return Image.new("RGBA", (30, 42), (1, 2, 3, 255))
    w = warmer.FaceWarmer(cache)
    try:
        assert w.ask([("g/t/1", compose, False)]) == 1
        assert w.ask([("g/t/1", compose, False)]) == 0
        assert w.ask([("g/t/1", compose, True)]) == 1
        assert w.wait(30) and cache._pil.get("g/t/1") is not None
    finally:
        w.stop()
