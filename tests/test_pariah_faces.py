"""Pariah card art: every unit, token, evolution and relic has a face, every faction and the
relic deck a back; faces show the current stats when they differ from the printed ones."""

from PIL import ImageChops

from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import FACTIONS, designs, evolutions, relic_deck


def test_every_card_has_a_face_of_the_card_size_and_no_two_alike():
    # the design space's double size, as every game's faces: sharp in the zoom and at 200%
    pics = [faces.compose_unit(d) for d in designs()]
    pics += [faces.compose_evolution(e) for e in evolutions()]
    pics += [faces.compose_relic(r) for r in relic_deck()]
    assert all(p.size == (faces.W, faces.H) and p.mode == "RGBA" for p in pics)
    blobs = {p.tobytes() for p in pics}
    assert len(blobs) == len(pics)


def test_a_back_per_faction_and_one_for_relics():
    backs = [faces.compose_back(k) for k in (*FACTIONS, "relic")]
    assert len({b.tobytes() for b in backs}) == len(FACTIONS) + 1


def test_current_stats_change_the_face_and_its_key():
    plain = faces.compose_unit("emb_scout")
    buffed = faces.compose_unit("emb_scout", (("attacks", 3),))
    assert ImageChops.difference(plain, buffed).getbbox(alpha_only=False) is not None
    assert faces.unit_key("emb_scout") != faces.unit_key("emb_scout", (("attacks", 3),))


def test_faction_colour_frames_the_card():
    for fid in FACTIONS:
        unit = next(d for d in designs().values() if d.faction == fid and not d.token)
        pic = faces.compose_unit(unit.id)
        r, g, b, _ = pic.getpixel((3, 200))
        main = faces.FACTION_COLORS[fid][0]
        strongest = max(range(3), key=lambda i: main[i])
        assert max(range(3), key=lambda i: (r, g, b)[i]) == strongest
