"""Trials faces: every type and discipline composes at the zoom size, Avatars have a distinct
Fallen side, the border shows the disciplines' colours, and the back is our own."""

from tabletop.games.trials.presentation import faces
from tabletop.games.trials.engine.cards import DISCIPLINES, avatars, pool


def test_faces_compose_for_every_discipline_and_type():
    seen = set()
    for c in pool().values():
        key = (c.type, c.disciplines[0], len(c.disciplines))
        if key in seen:
            continue
        seen.add(key)
        img = faces.compose_face(c.id)
        assert img.size == (faces.W, faces.H) and img.mode == "RGBA"
    assert {d for _, d, _ in seen} == set(DISCIPLINES)


def test_the_border_wears_the_discipline_colours():
    two = next(c for c in pool().values() if len(c.disciplines) == 2)
    img = faces.compose_face(two.id).convert("RGB")
    left = img.getpixel((4 * faces.K, faces.H // 2))
    right = img.getpixel((faces.W - 5 * faces.K, faces.H // 2))
    assert left == faces.DISCIPLINE_COLORS[two.disciplines[0]]
    assert right == faces.DISCIPLINE_COLORS[two.disciplines[1]]


def test_an_avatar_has_a_fallen_side_that_differs():
    a = avatars()[0]
    front, fallen = faces.compose_face(a.id), faces.compose_face(a.id, True)
    assert front.tobytes() != fallen.tobytes()
    assert faces.face_key(a.id) != faces.face_key(a.id, True)


def test_the_back_is_not_a_face():
    back = faces.compose_back()
    assert back.size == (faces.W, faces.H)
    assert back.tobytes() != faces.compose_face(avatars()[0].id).tobytes()
