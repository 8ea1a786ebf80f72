"""Viewport mapping and zone arrangement (pure geometry, no drawing)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.table.layout import Layout, Viewport, Zone


def test_exact_size_is_identity():
    vp = Viewport(1920, 1080)
    assert vp.scale == 1 and vp.offset == (0, 0)
    assert vp.to_screen(100, 200) == (100, 200)


def test_letterbox_bars_on_a_tall_window():
    vp = Viewport(960, 1000)  # narrower than 16:9: bars above and below
    assert vp.scale == pytest.approx(0.5)
    assert vp.offset == pytest.approx((0, (1000 - 540) / 2))
    assert vp.content == (0, 230, 960, 540)


def test_pillarbox_bars_on_a_wide_window():
    vp = Viewport(3000, 1080)
    assert vp.scale == 1
    assert vp.offset == pytest.approx((540, 0))
    assert vp.to_virtual(540, 0) == pytest.approx((0, 0))


@given(st.integers(200, 4000), st.integers(200, 3000),
       st.floats(0, 1920), st.floats(0, 1080))
def test_round_trip(w, h, x, y):
    vp = Viewport(w, h)
    sx, sy = vp.to_screen(x, y)
    assert vp.to_virtual(sx, sy) == pytest.approx((x, y), abs=1e-6)
    # The virtual table always fits the window.
    assert -1e-6 <= sx <= w + 1e-6 and -1e-6 <= sy <= h + 1e-6


def test_rect_to_screen_neighbours_meet():
    vp = Viewport(1366, 768)
    a = vp.rect_to_screen((100, 100, 151, 70))
    b = vp.rect_to_screen((251, 100, 151, 70))
    assert a.right == b.left


LAYOUT = {
    "size": [1920, 1080],
    "card_size": [140, 196],
    "zones": {
        "hand": {"rect": [300, 800, 1300, 240], "label": "Hand", "kind": "fan", "spacing": 90},
        "table": {"rect": [300, 300, 1300, 400], "label": "Table", "kind": "row"},
        "deck": {"rect": [60, 400, 200, 260], "label": "Deck", "kind": "stack"},
        "drop": {"rect": [300, 300, 400, 400], "kind": "area", "hidden": True},
    },
}


def test_layout_from_json():
    layout = Layout.from_json(LAYOUT)
    assert layout.card_size == (140, 196)
    assert list(layout.zones) == ["hand", "table", "deck", "drop"]
    hand = layout.zones["hand"]
    assert hand.kind == "fan" and hand.spacing == 90 and hand.label == "Hand"
    assert layout.zones["drop"].hidden
    # Later zones are on top: the overlapping drop area wins.
    assert layout.zone_at(350, 350).id == "drop"
    assert layout.zone_at(1000, 350).id == "table"
    assert layout.zone_at(5, 5) is None


def test_fan_uses_the_step_until_it_must_squeeze():
    zone = Zone("hand", (0, 0, 1000, 250), kind="fan", spacing=100)
    xs = [x for x, _ in zone.positions(5, (150, 210))]
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([100] * 4)
    assert (xs[0] + xs[-1] + 150) / 2 == pytest.approx(500)  # centred
    xs = [x for x, _ in zone.positions(30, (150, 210))]
    assert xs[0] >= 0 and xs[-1] + 150 <= 1000 + 1e-9


def test_row_keeps_its_gap_when_there_is_room():
    zone = Zone("row", (0, 0, 1000, 250), kind="row", spacing=10)
    pos = zone.positions(3, (100, 200))
    assert [x for x, _ in pos] == pytest.approx([340, 450, 560])
    assert all(y == pytest.approx(25) for _, y in pos)


@given(kind=st.sampled_from(["row", "fan", "stack", "grid", "area"]),
       n=st.integers(1, 60),
       zw=st.integers(160, 1800), zh=st.integers(220, 900),
       iw=st.integers(20, 150), ih=st.integers(20, 210),
       spacing=st.one_of(st.none(), st.floats(0, 80)))
def test_positions_stay_inside_the_zone(kind, n, zw, zh, iw, ih, spacing):
    zone = Zone("z", (37, 53, zw, zh), kind=kind, spacing=spacing)
    pos = zone.positions(n, (iw, ih))
    assert len(pos) == n
    for x, y in pos:
        assert 37 - 1e-6 <= x and x + iw <= 37 + zw + 1e-6
        assert 53 - 1e-6 <= y and y + ih <= 53 + zh + 1e-6


def test_stack_shows_some_thickness():
    zone = Zone("deck", (0, 0, 300, 300), kind="stack")
    pos = zone.positions(10, (150, 210))
    assert pos[0] != pos[-1]
    assert zone.positions(0, (150, 210)) == []


def test_layout_load_reads_the_bundled_file(monkeypatch):
    import tabletop.resources
    seen = []

    def fake(game_id, players):
        seen.append((game_id, players))
        return LAYOUT
    monkeypatch.setattr(tabletop.resources, "layout", fake)
    layout = Layout.load("paargus", 2)
    assert seen == [("paargus", 2)] and "hand" in layout.zones


def test_a_stretchable_layout_takes_a_narrow_windows_shape():
    """Issue 18: the table fills the window's height. A layout marked stretch grows taller (zones
    taller and lower in proportion, up to 1.4 times), the presenter is told, and the table then
    has no empty band above or below; a layout not marked keeps its letterbox."""
    from tabletop.table.layout import Layout
    from tabletop.table.scene import Scene
    data = {"size": [1920, 1080], "stretch": True,
            "zones": {"top": {"rect": [0, 0, 1920, 540]}, "low": {"rect": [0, 540, 1920, 540]}}}
    scene = Scene(layout=Layout.from_json(data))
    told = []
    scene.on_refit = lambda: told.append(scene.virtual)
    scene.resize(1450, 1050)
    assert told and scene.virtual[1] > 1300 and scene.viewport.offset[1] < 8
    low = scene.layout.zones["low"].rect
    assert low[1] == scene.layout.zones["top"].rect[3] and low[1] + low[3] == scene.virtual[1]
    assert scene.stretch == scene.virtual[1] / 1080
    scene.resize(1920, 1080)                                     # back to 16:9: as authored
    assert scene.virtual == (1920, 1080) and scene.layout.zones["low"].rect == (0, 540, 1920, 540)
    scene.resize(800, 1200)                                      # very tall: at most 1.4 times
    assert scene.virtual[1] <= 1080 * 1.4
    fixed = Scene(layout=Layout.from_json(dict(data, stretch=False)))
    fixed.resize(1450, 1050)
    assert fixed.virtual == (1920, 1080) and fixed.viewport.offset[1] > 100


def test_a_fitted_layout_handed_back_keeps_the_table_stretchable():
    """A presenter that reads its (fitted) layout and sets it again must not freeze the table's
    shape: later resizes still refit it."""
    from tabletop.table.layout import Layout
    from tabletop.table.scene import Scene
    data = {"size": [1920, 1080], "stretch": True, "zones": {"all": {"rect": [0, 0, 1920, 1080]}}}
    scene = Scene(layout=Layout.from_json(data))
    scene.resize(1450, 1050)
    tall = scene.virtual
    scene.set_layout(scene.layout)                 # the fitted one, as `Presenter.layout` reads it
    assert scene.virtual == tall
    scene.resize(1920, 1080)
    assert scene.virtual == (1920, 1080)
