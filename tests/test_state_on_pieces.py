"""State on the pieces (issue 82): a card on the table shows its numbers as they stand in play,
the changed ones coloured (worse red, better green), as digital card games draw them; and a
changed number is a new face (its cache key carries the numbers).

Paragons drew damage as a "1/1" badge over the card's name while the printed health stayed;
Trials printed an Avatar's Attack after "-2 Attack this round" or an equipped weapon."""

from __future__ import annotations

from PIL import Image

from tabletop.core import Rng
from tabletop.games.brawl.presentation import arena
from tabletop.games.paragons.engine import stats as pstats
from tabletop.games.paragons.presentation import faces as pfaces
from tabletop.games.registry import get_game, plugin
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.cards import card as trials_card
from tabletop.games.trials.presentation import faces as tfaces
from tabletop.store.settings import Settings
from tabletop.table import compact
from tabletop.table.card import CardSprite
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.scene import Scene


def _table(game_id: str, tmp_path, players: int = 2):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    p = plugin(game_id).presentation().make_presenter(scene, scene.faces, Settings(), ["You", "Bot"])
    scene.resize(1524, 1058)
    return scene, p


def _play_until(game_id: str, options: dict, found, seeds=range(1, 6), limit: int = 400):
    """A state of a random match where `found(view of seat 0)` holds, and that view."""
    game = get_game(game_id)
    for seed in seeds:
        s = game.setup(dict(game.default_options(2), **options), seed, 2)
        rng = Rng(seed)
        for _ in range(limit):
            if game.result(s) is not None:
                break
            v = game.view(s, 0)
            got = found(v)
            if got is not None:
                return s, v, got
            game.apply(s, rng.choice(game.legal_actions(s)))
    raise AssertionError(f"{game_id}: no such moment in random play")


def _show(game_id, p, s):
    game = get_game(game_id)
    legal = game.legal_actions(s) if game.to_act(s) == 0 else []
    p.sync(game.view(s, 0), legal, bool(legal), [])


def _sprite(scene, c: int) -> CardSprite:
    return next(sp for sp in scene.sprites() if isinstance(sp, CardSprite) and sp.id == f"card:{c}")


def _ink_share(img: Image.Image, colour) -> int:
    """How many pixels of `img` are (nearly) `colour`."""
    r0, g0, b0 = colour
    return sum(1 for r, g, b, a in img.get_flattened_data() if a > 200 and abs(r - r0) < 30 and abs(g - g0) < 30
               and abs(b - b0) < 30)


def test_a_damaged_mercenary_shows_its_health_left_in_red_on_its_face(tmp_path):
    def damaged(v):
        for p in (0, 1):
            for m in v.spaces[p]:
                if m >= 0 and v.damage.get(m, 0) and m in v.designs:
                    return m
        return None

    s, v, m = _play_until("paragons", {"variant": "preconstructed", "best_of": 1}, damaged)
    scene, p = _table("paragons", tmp_path)
    _show("paragons", p, s)
    sprite = _sprite(scene, m)
    atk, left = pstats.attack(v, m), pstats.health(v, m) - v.damage[m]
    assert sprite.face_key.endswith(f"/now={atk},{left}"), sprite.face_key
    assert sprite.badge is None                       # no "atk/hp" badge over the name any more
    # the face itself: the health left in the worse colour, where the printed face has none
    design = v.designs[m]
    printed = pfaces.compose_table(design, "full")
    now = pfaces.compose_table(design, "full", (atk, left))
    assert _ink_share(now, compact.WORSE) > _ink_share(printed, compact.WORSE) + 20


def test_an_avatars_attack_on_its_face_is_the_attack_it_has_now(tmp_path):
    def changed(v):
        for seat in (0, 1):
            for a in v.avatars[seat]:
                if a in v.designs and fx.attack(v, a) != trials_card(v.designs[a]).front.attack \
                        and a not in v.fallen:
                    return a
        return None

    s, v, a = _play_until("trials", {}, changed)
    scene, p = _table("trials", tmp_path)
    _show("trials", p, s)
    sprite = _sprite(scene, a)
    atk = fx.attack(v, a)
    assert sprite.face_key.endswith(f"/now={atk},{fx.hp_left(v, a)}"), sprite.face_key
    printed = trials_card(v.designs[a]).front.attack
    colour = compact.BETTER if atk > printed else compact.WORSE
    face = tfaces.compose_table(v.designs[a], False, "full", (atk, fx.hp_left(v, a)))
    plain = tfaces.compose_table(v.designs[a], False, "full")
    assert _ink_share(face, colour) > _ink_share(plain, colour) + 20


def test_changed_numbers_are_new_faces_and_coloured_by_their_direction():
    d = "sir-alden-vow-sworn"
    side = trials_card(d).front
    keys = {tfaces.table_key(d, False, "full", now) for now in (None, (side.attack, side.hp),
                                                               (side.attack - 2, side.hp), (side.attack + 1, side.hp - 3))}
    assert len(keys) == 4
    assert compact.changed(1, 3) == -1 and compact.changed(3, 3) == 0 and compact.changed(4, 3) == 1
    # the big face of a small card: a worse number's disc turns red, a better one's green
    worse = compact.compose_big("X", (90, 90, 90), (30, 30, 30), lambda img, box: None,
                                (compact.Stat("ATK", "1", (40, 40, 44), -1),))
    better = compact.compose_big("X", (90, 90, 90), (30, 30, 30), lambda img, box: None,
                                 (compact.Stat("ATK", "5", (40, 40, 44), +1),))
    assert _ink_share(worse, compact.WORSE) > 200 and _ink_share(better, compact.BETTER) > 200


def test_a_changed_number_redraws_its_boxes_only_and_the_face_is_the_same_as_drawn_whole():
    # a move that damages a unit makes a new face: the card's picture and name are drawn once,
    # and the face with the new numbers is the same pixels as one drawn from nothing
    drawn = []

    def picture(img, box):
        drawn.append(box)
        img.paste((200, 60, 60, 255), (box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10))

    def face(hp, base):
        return compact.compose("Gate Warden", (90, 70, 40), (30, 24, 16), picture, cost=("3", (40, 90, 200), "coin"),
                               stats=(compact.Stat("ATK", "2"), compact.Stat("HP", str(hp), change=-(hp < 5))),
                               words="Melee · Guard", base=base)
    whole = [face(hp, None).tobytes() for hp in (5, 4, 1)]
    assert len(drawn) == 3
    drawn.clear()
    shared = [face(hp, "test/gate-warden/v1").tobytes() for hp in (5, 4, 1)]
    assert shared == whole and len(set(shared)) == 3
    assert len(drawn) == 1                       # the picture once for the three faces


def test_a_wounded_brawl_champion_shows_its_hit_points_in_red():
    def token(hp):
        t = arena.ChampionToken("champ:0", champ="kessa", hp=hp, hp_max=9)
        return arena._token(t, (64, 64), False)
    red = (255, 120, 110)
    assert _ink_share(token(5), red) > _ink_share(token(9), red) + 3


def _strip(scene, lid: str) -> list:
    """The labels of a name strip under a card (lid:0, lid:1), in order."""
    return [sp for sp in (scene.get(f"{lid}:{i}") for i in range(3)) if sp is not None and sp.text]


def test_paragons_pool_and_chain_cards_are_named_under_them_at_1280x720(tmp_path):
    # the Mercenary Pool's cards (38 px wide at 1280x720) and the chain's (33 px) showed their
    # picture only: each now has its name under it, whole, at the text floor, strips side by side
    from tabletop.games.paragons.engine.cards import card as pcard
    scene, p = _table("paragons", tmp_path)
    scene.resize(960, 698)                          # the table part of a 1280x720 window
    opts = {"variant": "preconstructed", "best_of": 1}
    for seed in (3, 4):
        s, v, _ = _play_until("paragons", opts, lambda v: True if len(v.stack) >= 2 and v.pool else None,
                              seeds=[seed])
        _show("paragons", p, s)
        middle = scene.layout.zones["middle"].rect
        strips = []
        for k, c in enumerate(v.pool):
            labels = _strip(scene, f"lbl:poolname:{k}")
            assert " ".join(sp.text for sp in labels) == pcard(v.designs[c]).name
            strips.append(labels)
        for i, link in enumerate(v.stack):
            design = link.design or v.designs.get(link.card)
            if design:
                words = " ".join(sp.text for sp in _strip(scene, f"lbl:lnk:{i}"))
                assert pcard(design).name in words, (link.kind, words)
        for labels in strips + [_strip(scene, f"lbl:lnk:{i}") for i in range(len(v.stack))]:
            for sp in labels:
                x, _y, w, _h = sp.rect
                assert middle[0] <= x and x + w <= middle[0] + middle[2]
        # strips do not run into each other
        boxes = [(min(sp.rect[0] for sp in ls), max(sp.rect[0] + sp.rect[2] for sp in ls)) for ls in strips]
        for (a0, a1), (b0, b1) in zip(boxes, boxes[1:]):
            assert a1 <= b0, f"pool names overlap: {boxes}"
