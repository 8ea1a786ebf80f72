"""The text floor (issue 82): at 1280x720 no table text is drawn under 11 logical pixels, in
every game and on every screen it shows: the table after moves, the special screens a match
passes through (Paragons' draft and build rooms, Brawl's pick screen, Pariah's setup, Trials'
and Paragons' answers in the banner), the pile browsers and action menus a click opens.

What is measured is what the toolkit rasterised (tabletop/table/textfloor.py): every line
pygame drew, and every composed picture's smallest font times the scale it was shown at. A
card face's words count at their size on screen, so a face too small for its words fails."""

from __future__ import annotations

import pygame
import pytest
from PIL import Image, ImageDraw

from presenter_helpers import Refuses
from tabletop.core import Rng
from tabletop.games.registry import game_ids, get_game, plugin
from tabletop.store.settings import Settings
from tabletop.table import intents as it
from tabletop.table import paint, pil_text, textfloor
from tabletop.table.card import CardSprite
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import init_offscreen
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene
from tabletop.table.session import TableSession
from tabletop.table.widgets import CounterSprite, LabelSprite

# the table's part of a 1280x720 window (the side panel 304 px, its toggle, the menu bar)
TABLE_1280 = (960, 698)

# (game, players, options): every screen kind the games have
TABLES = [
    ("paargus", 2, {}),
    ("trials", 2, {}),
    ("trials", 3, {}),
    ("pariah", 2, {}),
    ("pariah", 4, {}),
    ("paragons", 2, {"best_of": 1}),                                   # the draft and build rooms
    ("paragons", 2, {"variant": "preconstructed", "best_of": 1}),
    ("brawl", 2, {}),                                                 # the pick screen first
]
STOPS = (0, 3, 12, 40, 100)


def _moments(game_id: str, players: int, options: dict, seed: int = 1):
    game = get_game(game_id)
    s = game.setup(dict(game.default_options(players), **options), seed, players)
    rng, done = Rng(seed), 0
    for stop in STOPS:
        while done < stop and game.result(s) is None:
            game.apply(s, rng.choice(game.legal_actions(s)))
            done += 1
        yield s
        if game.result(s) is not None:
            return


def _table(game_id: str, players: int, tmp_path):
    """A game's scene and presenter on the table part of a 1280x720 window, and its surface."""
    init_offscreen()
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    p = plugin(game_id).presentation().make_presenter(scene, scene.faces, Settings(), names)
    scene.resize(*TABLE_1280)
    return scene, p, pygame.Surface(TABLE_1280)


def _played(game_id: str, players: int, options: dict, tmp_path):
    """The table at each of a random match's moments, drawn from the seat to act."""
    scene, p, target = _table(game_id, players, tmp_path)
    game = get_game(game_id)
    for i, s in enumerate(_moments(game_id, players, options)):
        seat = 0 if game.to_act(s) in (0, None) else game.to_act(s)
        legal = game.legal_actions(s) if game.to_act(s) == seat else []
        p.sync(game.view(s, seat), legal, bool(legal), [])
        scene.render(target)
        yield i, s, scene


def _screens(game_id: str, players: int, options: dict, tmp_path):
    """Render every moment, then what a click on each pile and a right-click on each card opens
    there; yields a description of each screen after it is drawn."""
    scene, p, target = _table(game_id, players, tmp_path)
    game = get_game(game_id)
    for i, s in enumerate(_moments(game_id, players, options)):
        seat = 0 if game.to_act(s) in (0, None) else game.to_act(s)

        def show():
            legal = game.legal_actions(s) if game.to_act(s) == seat else []
            p.sync(game.view(s, seat), legal, bool(legal), [])

        show()
        scene.render(target)
        yield f"moment {i} (seat {seat})"
        session = TableSession(scene, p, Refuses(), refresh=show)
        piles = [sp.id for sp in scene.sprites() if sp.id.startswith(("pile", "deck", "discard", "grave"))]
        cards = [sp.id for sp in scene.sprites() if isinstance(sp, CardSprite) and sp.face_up][:2]
        for sid in cards[:1]:                      # the pointer resting on a card: its readable copy
            z = p.zoom(sid)
            if z is not None:
                scene.focus_id = sid
                scene.peek(sid, z[0], z[1])
                scene.update(1.0)
                scene.render(target)
                yield f"moment {i}: {sid} peeked" if scene.peeking else f"moment {i}: {sid} drawn large already"
                scene.peek(None)
                scene.focus_id = None
        for sid in piles[:2]:
            if p.click(sid) == LOCAL:            # a pile browser opens on the table
                show()
                scene.render(target)
                yield f"moment {i}: {sid} opened"
                p.key("escape")
                show()
        for sid in cards:
            session.handle([it.RightClick(sid)])   # an action menu, or the card at full size
            scene.render(target)
            yield f"moment {i}: {sid} right-clicked"
            scene.overlay_card(None)
            p.key("escape")
            show()


@pytest.mark.parametrize("game_id,players,options", TABLES,
                         ids=[f"{g}-{n}p-{o.get('variant', 'default')}" for g, n, o in TABLES])
def test_no_table_text_under_11_px_at_1280x720(game_id, players, options, tmp_path):
    small: dict[str, tuple[float, str]] = {}
    screens = 0
    with textfloor.watching() as watch:
        for where in _screens(game_id, players, options, tmp_path):
            screens += 1
            for what, px in watch.small.items():
                small.setdefault(what, (px, where))
            watch.small.clear()
    assert screens >= 4
    assert watch.least is not None
    assert not small, "text under 11 px at 1280x720:\n" + "\n".join(
        f"  {px:.1f} px  {what!r}  ({where})" for what, (px, where) in sorted(small.items(), key=lambda kv: kv[1][0]))


def test_the_floor_is_kept_where_pygame_draws_text():
    init_offscreen()
    with textfloor.watching() as watch:
        textfloor.set_ratio(1.0)
        assert paint.text("small", 7, (255, 255, 255)).get_height() == paint.text("small", 11, (0, 0, 0)).get_height()
        textfloor.set_ratio(2.0)               # a 200% screen: 11 logical px are 22 window px
        try:
            assert textfloor.lift(12) == 22 and textfloor.lift(30) == 30
        finally:
            textfloor.set_ratio(1.0)
    assert watch.least == 11 and not watch.small


def test_a_picture_counts_its_smallest_font_at_the_size_it_is_shown(tmp_path):
    init_offscreen()

    def compose():
        img = Image.new("RGBA", (600, 840), (255, 255, 255, 255))
        d = ImageDraw.Draw(img)
        d.text((10, 10), "Big", font=pil_text.font(60))
        d.text((10, 100), "small print", font=pil_text.font(24))
        return img

    faces = FaceCache(tmp_path)
    with textfloor.watching() as watch:
        faces.surface("test/face", compose, (300, 420))       # half size: the 24 px font is 12
        assert watch.least == pytest.approx(12) and not watch.small
        faces.surface("test/face", compose, (150, 210))       # a quarter: 6 px, under the floor
    assert watch.small == {"test/face": pytest.approx(6)}


def test_a_backs_lettering_is_an_ornament_not_text(tmp_path):
    init_offscreen()

    def compose():
        img = Image.new("RGBA", (600, 840))
        with textfloor.ornament():
            ImageDraw.Draw(img).text((10, 10), "GAME", font=pil_text.font(20))
        return img

    with textfloor.watching() as watch:
        FaceCache(tmp_path).surface("test/back", compose, (60, 84))
    assert not watch.small


@pytest.mark.gui
@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_the_real_window_at_1280x720_draws_no_table_text_under_11_px(qtbot, tmp_path, themed, game_id):
    # the app as a player opens it: the main window at 1280x720, a match 40 moves in, the table
    # widget painting through Qt (its own ratio, its face cache and warmer thread)
    from PySide6.QtWidgets import QApplication

    from shell_helpers import open_match
    from tabletop.shell.screenshot import _match_after
    from tabletop.store.saves import SaveStore

    with textfloor.watching() as watch:
        win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), _match_after(game_id, 1, 40), (1280, 720))
        page.ctrl.paused = True
        for _ in range(10):
            QApplication.processEvents()
        page.table.grab()
    assert watch.least is not None, "nothing was drawn"
    assert not watch.small, "text under 11 px at 1280x720: " + ", ".join(
        f"{what!r} {px:.1f} px" for what, px in sorted(watch.small.items(), key=lambda kv: kv[1]))
    page.leave()


@pytest.mark.parametrize("game_id,players,options", TABLES,
                         ids=[f"{g}-{n}p-{o.get('variant', 'default')}" for g, n, o in TABLES])
def test_every_plate_caption_fits_on_one_line_at_1280x720(game_id, players, options, tmp_path):
    # a counter's caption broken onto two lines (Pariah's "evo / pile") squeezed its number
    # against the plate's foot; a word wider than its plate ran past the edges
    bad: dict[str, str] = {}
    for i, _s, scene in _played(game_id, players, options, tmp_path):
        for sp in scene.sprites():
            if isinstance(sp, CounterSprite) and sp.visible:
                lines, widest, room = sp.caption(scene.viewport)
                if len(lines) > 1 or widest > room:
                    bad.setdefault(sp.label, f"{lines} {widest} px in {room} px (moment {i})")
    assert not bad, f"plate captions that do not fit one line: {bad}"


def test_the_draft_pick_order_stays_inside_its_panel_at_1280x720(tmp_path):
    # "Mage · 19 drafted · picking" ran past the pick-order panel's edge at the text floor
    spilled: dict[str, tuple] = {}
    seen_panel = False
    for i, _s, scene in _played("paragons", 2, {"best_of": 1}, tmp_path):
        panel = scene.get("room:order")
        if panel is None or not panel.visible:
            continue
        seen_panel = True
        right = panel.x + panel.w
        for sp in scene.sprites():
            if isinstance(sp, LabelSprite) and sp.id.startswith(("room:order:", "room:rounds:")) and sp.text:
                x, _y, w, _h = sp.rect
                if x < panel.x or x + w > right:
                    spilled[sp.id] = (sp.text, round(x + w), round(right))
    assert seen_panel
    assert not spilled, f"labels past the pick-order panel's edge: {spilled}"


def _table_faces(game_id: str):
    """(what, compose) of every face with a name that a card of `game_id` shows on the table:
    each card at the big face ("name") and the compact face ("full"), through its game's own
    composer. Paargus' table faces carry no words."""
    from tabletop.games.registry import card_pool
    pool = card_pool(game_id)
    if game_id == "paragons":
        from tabletop.games.paragons.presentation import faces
        for c in pool:
            for detail in ("name", "full"):
                yield f"{c['name']} ({detail})", lambda c=c, d=detail: faces.compose_table(c["id"], d)
    elif game_id == "trials":
        from tabletop.games.trials.presentation import faces
        for c in pool:
            for fallen in (False, True) if c.get("fallen") else (False,):
                for detail in ("name", "full"):
                    yield (f"{c['name']} ({detail}{', fallen' if fallen else ''})",
                           lambda c=c, f=fallen, d=detail: faces.compose_table(c["id"], f, d))
    elif game_id == "pariah":
        from tabletop.games.pariah.engine.cards import designs, evolutions, relics
        from tabletop.games.pariah.presentation import faces
        for kind, table, compact_face in (("unit", designs(), faces.compose_unit_compact),
                                          ("evo", evolutions(), faces.compose_evolution_compact),
                                          ("relic", relics(), faces.compose_relic_compact)):
            for did, it_ in table.items():
                yield f"{it_.name} (name)", lambda k=kind, d=did: faces.compose_named(k, d)
                yield f"{it_.name} (full)", lambda f=compact_face, d=did: f(d)
    elif game_id == "brawl":
        from tabletop.games.brawl.engine.cards import champions
        from tabletop.games.brawl.presentation import faces
        for ch, champ in champions().items():
            for levelled in (False, True):
                yield (f"{champ.level_title if levelled else champ.name} (champion)",
                       lambda ch=ch, lv=levelled: faces.compose_table_champion(ch, lv))
            for k, card_ in enumerate(champ.cards):
                yield f"{card_.name} (name)", lambda ch=ch, k=k: faces.compose_table_card(ch, k, "name")


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_no_card_name_runs_past_its_card(game_id):
    # a long word ("Shieldbreaker", "Quartermaster") was drawn whole at the big face's least
    # size, past the card's edges: a name now shrinks until it fits, and a card too narrow to
    # read it at that size shows its numbers (compact.detail_for)
    composed = 0
    with textfloor.watching() as watch:
        spilled = {}
        for what, compose in _table_faces(game_id):
            compose()
            composed += 1
            if watch.spilled:
                spilled[what] = sorted(watch.spilled)
                watch.spilled.clear()
    assert game_id == "paargus" or composed > 40
    assert not spilled, f"names past their card's edges: {spilled}"


def _cut_inside_a_word(full: str, shown: str) -> bool:
    """True when `shown` (a shortened `full`) has a word that is not a whole word of `full`,
    in order ("Melee · Fir…")."""
    whole = [w for w in full.split() if w != "·"]
    drawn = [w for w in shown.replace("…", " ").split() if w != "·"]
    return drawn != whole[:len(drawn)]


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_no_keyword_line_is_cut_inside_a_word(game_id):
    # the compact face's keyword line was cut by characters to fit ("Melee · First Blood ·
    # Critical Strike" drawn "Melee · First…"): it now takes more lines where the picture has
    # room and otherwise ends with "…" after a whole item or word
    with textfloor.watching() as watch:
        for _what, compose in _table_faces(game_id):
            compose()
    cut = {full: shown for full, shown in watch.cut.items() if _cut_inside_a_word(full, shown)}
    assert not cut, f"keyword lines cut inside a word: {cut}"


def test_a_keyword_line_wraps_between_items_and_shortens_after_a_whole_one():
    from tabletop.table import compact
    measure = len                              # a character a unit: the rule, not the font
    words = "Melee · First Blood · Critical Strike"
    assert compact.fit_words(words, 20, 3, measure) == ["Melee · First Blood", "Critical Strike"]
    assert compact.fit_words(words, 21, 1, measure) == ["Melee · First Blood …"]
    assert compact.fit_words(words, 20, 1, measure) == ["Melee …"]      # not "Melee · First …"
    # an item wider than a line is broken between its words
    assert compact.fit_words("Aura 1 (Armor Perforation +1)", 16, 2, measure) == [
        "Aura 1 (Armor", "Perforation +1)"]
    # a part of an item says nothing ("Raise the …"): it goes whole (test_keyword_items.py)
    assert compact.fit_words("Aura 1 (Armor Perforation +1)", 16, 1, measure) == ["…"]
    assert not _cut_inside_a_word(words, "Melee · First Blood …")
    assert _cut_inside_a_word(words, "Melee · Fir…")


def test_a_long_word_reads_on_a_wider_card_and_the_numbers_show_below_that():
    from tabletop.table import compact
    assert compact.detail_for(75, name="Outrider Captain") == "name"
    px = compact.big_name_px("Quartermaster Hale")
    assert px < compact.BIG_MIN_PX
    assert compact.detail_for(75, name="Quartermaster Hale") == "numbers"
    wide_enough = 11 * 300 / px + 0.5
    assert compact.detail_for(wide_enough, name="Quartermaster Hale") == "name"
    # the compact face breaks a long name onto three lines rather than cutting a word
    # ("Robe of Ling… / Seconds")
    lines, px = compact._name_lines("Robe of Lingering Seconds")
    assert " ".join(lines) == "Robe of Lingering Seconds" and px >= compact.MIN_PX
