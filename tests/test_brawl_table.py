"""The Champions' Brawl table, headless: whole games against the greedy bot made only through the
table's own gestures (clicks on what glows, drops among the targets it offers, its buttons and
keys), from the champion choice through the deployment to the end; every sprite inside the table
at two window sizes; refused drops and clicks answered in the engine's words; the "React or pass"
banner when it is due; the other hand and the face-down traps never shown face up."""

from __future__ import annotations

import random

import pytest

from brawl_ui_helpers import gestures, glowing, lit_cells, show, table_move
from tabletop.bots.greedy import GreedyBot
from tabletop.core import Action, Rng
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import OVER
from tabletop.games.brawl.presentation.narrate import NARRATE
from tabletop.games.brawl.presentation.presenter import PRESENTATION, BrawlPresenter
from tabletop.store.settings import Settings
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.pgsetup import make_target
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene


def make(tmp_path):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    return scene, BrawlPresenter(scene, scene.faces, Settings(), ["You", "Bot"])


def advance(s, rng, until, limit=4000):
    for _ in range(limit):
        if until(s):
            return s
        if s.phase == OVER:
            return None
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return None


@pytest.mark.parametrize("seed,picks", [(11, "alternate"), (12, "free"), (13, "alternate")])
def test_a_whole_game_against_the_greedy_bot_through_the_table(tmp_path, seed, picks):
    scene, p = make(tmp_path)
    s = GAME.setup({"picks": picks}, seed)
    bot = GreedyBot(samples=1)
    rng, bot_rng = random.Random(seed), Rng(seed + 1)
    kinds, made, turn, phases = set(), 0, None, set()
    for _ in range(4000):
        if s.phase == OVER:
            break
        seat = GAME.to_act(s)
        if seat != 0:
            GAME.apply(s, bot.choose(GAME, GAME.view(s, seat), GAME.legal_actions(s), bot_rng))
            continue
        if s.turn_no != turn:
            turn, made = s.turn_no, 0
        show(p, s)
        phases.add(s.phase)
        a = table_move(p, scene, s, rng, made)
        assert isinstance(a, Action), f"the table proposed {a!r} in {s.phase}"
        assert a in GAME.legal_actions(s), f"{a} refused: {GAME.why_illegal(s, a)}"
        kinds.add(a.kind)
        made += 1
        GAME.apply(s, a)
    assert s.phase == OVER, "the game did not finish"
    assert {"pick", "redraw", "trap", "deploy", "play", "end", "hex"} <= kinds, kinds
    show(p, s)
    assert scene.get("lbl:banner").text == "The brawl is over"


# --- every sprite on the table ---------------------------------------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440), (1600, 1200)])
def test_every_sprite_lies_inside_the_table(tmp_path, size):
    scene, p = make(tmp_path)
    scene.resize(*size)                    # a tall window stretches the table before it is laid out
    rng = random.Random(size[0])
    s = GAME.setup({}, 7)
    checked, phases = 0, set()
    for _ in range(3000):
        if s.phase == OVER:
            break
        if GAME.to_act(s) == 0 and (s.phase != "play" or s.pending or s.prio >= 0 or rng.random() < 0.1):
            show(p, s)
            scene.update(5)
            target = make_target(*size)
            scene.render(target)
            box = scene.viewport.content.inflate(4, 4)
            for sp in scene.sprites():
                if sp.visible and not sp.id.startswith("fx:"):
                    r = sp.screen_rect(scene.viewport)
                    assert box.contains(r), f"{sp.id} at {r} leaves the table {box} ({s.phase})"
            checked += 1
            phases.add(s.phase)
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked >= 20 and {"pick", "deploy", "play"} <= phases


# --- refusals, in the engine's words -----------------------------------------------------------------

def _main_turn(seed=5, need=lambda s: True):
    s = GAME.setup({}, seed)
    return advance(s, Rng(seed), lambda s: s.phase == "play" and GAME.to_act(s) == 0 and not s.pending
                   and s.prio < 0 and s.round >= 2 and need(s))


def test_every_drag_target_makes_a_legal_action(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    show(p, s)
    legal = GAME.legal_actions(s)
    offered = gestures(p, scene, "card:")
    assert offered
    for sid, target in offered:
        assert p.drop(sid, target) in legal, (sid, target)
        show(p, s)


def test_a_refused_drop_or_click_is_answered_with_the_engines_sentence(tmp_path):
    scene, p = make(tmp_path)
    # a card whose core is spent: dropped on its own champion, the engine says why not
    for seed in range(1, 60):
        s = _main_turn(seed, lambda s: any(
            not any(a.kind == "play" and a.args[0] == c for a in GAME.legal_actions(s)) and
            B_card(s, c).type != "reaction" for c in s.hands[0]))
        if s is not None:
            break
    view = show(p, s)
    idle = [c for c in view.hands[0] if not any(a.kind == "play" and a.args[0] == c for a in p.legal)
            and B_card(view, c).type != "reaction"]
    c = idle[0]
    assert p.drag_targets(f"card:{c}") == set()
    got = p.drop(f"card:{c}", f"champ:{c // 6}")
    assert isinstance(got, Action) and got not in GAME.legal_actions(s)
    why = GAME.why_illegal(view, got)
    assert why and why[0].isupper() and why.endswith("."), why
    assert p.refused_drop(f"card:{c}", "arena") == why
    assert p.click(f"card:{c}") == got               # a click asks the engine the same
    # a playable card dropped on another champion: the table says whose card it is
    ok = [a.args[0] for a in p.legal if a.kind == "play"]
    if ok:
        other = next(x for x in range(3) if x != ok[0] // 6)
        assert p.drop(f"card:{ok[0]}", f"champ:{other}") == LOCAL
        assert "drop it on" in scene.status


def B_card(s, c):
    from tabletop.games.brawl.engine.board import card_of
    return card_of(s, c)


def test_a_champion_dropped_where_it_cannot_go_is_refused_in_words(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 3)
    s = advance(s, Rng(3), lambda s: s.phase == "deploy" and GAME.to_act(s) == 0)
    view = show(p, s)
    c = next(a.args[0] for a in p.legal if a.kind == "deploy")
    far = next(h for h in range(61) if not any(a.kind == "deploy" and a.args[1] == h for a in p.legal)
               and h not in (view.pos))
    got = p.drop(f"champ:{c}", p.arena.cell(far))
    assert got == Action("deploy", (c, far)) and got not in GAME.legal_actions(s)
    assert p.refused_drop(f"champ:{c}", p.arena.cell(far)) == GAME.why_illegal(view, got)


# --- the banner and what may not be seen ---------------------------------------------------------------

def test_the_react_banner_appears_when_a_reaction_may_answer(tmp_path):
    scene, p = make(tmp_path)
    found = set()
    for seed in range(1, 60):
        s = GAME.setup({}, seed)
        rng = Rng(seed)
        for _ in range(3000):
            if s.phase == OVER:
                break
            if s.prio == 0:
                show(p, s)
                assert scene.get("lbl:banner").text == "React or pass"
                glow = set(glowing(scene, "card:"))
                assert glow == {f"card:{a.args[0]}" for a in GAME.legal_actions(s) if a.kind == "react"}
                assert p.key("space") == Action("pass")
                for g in sorted(glow):
                    assert p.click(g) in GAME.legal_actions(s)
                    c = int(g.split(":")[1])         # or dragged onto the champion it shields
                    assert p.drag_targets(g) == {f"champ:{c // 6}"}
                    assert p.drop(g, f"champ:{c // 6}") == Action("react", (c,))
                assert scene.get("pnl:inplay") is not None        # the attack shows while it waits
                shown = next(x.id for x in scene.sprites() if x.id.startswith("inplay:") and x.id[7:].isdigit())
                assert p.zoom(shown) is not None, "the card in play zooms like a hand card"
                found.add("react")
            elif s.prio == 1:
                show(p, s)
                assert scene.get("lbl:banner").text.endswith("may react")
                found.add("wait")
            elif s.phase == "play" and GAME.to_act(s) == 0 and not s.pending:
                show(p, s)
                assert scene.get("lbl:banner").text != "React or pass"
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if found == {"react", "wait"}:
            break
    assert found == {"react", "wait"}


def test_the_other_hand_and_face_down_traps_are_never_drawn_face_up(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 9)
    rng = Rng(9)
    checked = 0
    for _ in range(2500):
        if s.phase == OVER:
            break
        if s.phase in ("redraw", "traps", "deploy", "play") and rng.below(5) == 0:
            view = show(p, s)
            theirs = set(s.hands[1])
            for sp in scene.sprites():
                c = p.card_id(sp.id)
                assert c is None or c not in theirs or c in view.discards[1], sp.id
                if sp.id.startswith("back:"):
                    assert getattr(sp, "face_key", None) is None and not sp.face_up
            assert {sp.id for sp in scene.sprites() if sp.id.startswith("back:")} == \
                {f"back:{i}" for i in range(len(s.hands[1]))}
            traps = {sp.id for sp in scene.sprites() if sp.id.startswith("trap:")}
            assert traps == {f"trap:{h}" for h in s.traps}
            assert all(scene.get(t).kind == "trap" for t in traps)     # the face-down picture only
            checked += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked >= 10


# --- the choice screen, the zoom, the words -------------------------------------------------------------

def test_the_champion_choice_offers_what_the_engine_does(tmp_path):
    scene, p = make(tmp_path)
    for mode in ("alternate", "free"):
        s = GAME.setup({"picks": mode}, 4)
        s = advance(s, Rng(4), lambda s: s.phase == "pick" and GAME.to_act(s) == 0)
        show(p, s)
        legal = GAME.legal_actions(s)
        assert set(glowing(scene, "pick:")) == {f"pick:{a.args[0]}" for a in legal}
        for a in legal:
            assert p.click(f"pick:{a.args[0]}") == a
            assert p.click(f"pickcard:{a.args[0]}:5") == a
        key, compose, caption = p.zoom(f"pick:{legal[0].args[0]}")
        assert compose().size == (600, 840) and "hit points" in caption


def test_the_zoom_and_the_glossary(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    view = show(p, s)
    c = view.hands[0][0]
    key, compose, caption = p.zoom(f"card:{c}")
    assert caption.splitlines()[0] == B_card(view, c).name
    assert compose().size == (600, 840)
    for ch in range(6):
        assert p.zoom(f"champ:{ch}") is not None
    terms = set()
    for card in view.hands[0]:
        terms |= set(p.glossary(f"card:{card}"))
    assert terms, "the hand's cards use no glossary word"


def test_the_presentation_offers_the_champion_choice():
    keys = {o.key: [v for _, v in o.choices] for o in PRESENTATION.options}
    assert keys == {"picks": ["alternate", "free"]}
    assert "Champions' Brawl" in PRESENTATION.rules_markdown()
    img = PRESENTATION.cover(400, 240)
    assert img.size == (400, 240)


def test_seat_rows_and_the_summary(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 2)
    rng = Rng(2)
    events = []
    while s.phase != OVER:
        events = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    view = show(p, s)
    rows = dict(p.seat_rows(view, 0))
    assert rows["VP"] == f"{s.vp[0]} of 5" and "Cores" in rows
    title, html = p.summary(view, [e.for_seat(0) for e in events])
    assert "brawl" in title and "<table" in html
    assert p.summary(view, []) is None


def test_every_event_kind_the_engine_emits_has_a_teller():
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "tabletop" / "games" / "brawl" / "engine"
    kinds = {"draw"}
    for path in root.glob("*.py"):
        kinds |= set(re.findall(r'Event\("(\w+)"', path.read_text(encoding="utf-8")))
    assert len(kinds) > 25
    assert not {k for k in kinds if not NARRATE.knows(k)}


def test_every_face_composes_and_its_text_reads_in_the_zoom():
    from tabletop.games.brawl.engine.cards import champions
    from tabletop.games.brawl.presentation import faces
    for cid, ch in champions().items():
        for i in range(6):
            assert faces.text_px(cid, i) >= faces.TEXT_FLOOR, (cid, ch.cards[i].name)
            assert faces.compose_card(cid, i).size == (600, 840)
        for lv in (False, True):
            assert faces.compose_champion(cid, lv).size == (600, 840)
    assert faces.compose_back().size == (600, 840)
    keys = {faces.card_key(c) for ch in champions().values() for c in ch.cards}
    assert len(keys) == 6 * len(champions())


def test_events_play_back_on_the_table(tmp_path):
    """Every event of a random game animates: a played card travels to the panel of the card in
    play, damage floats from the champion's token and never from a hand card of the same number."""
    scene, p = make(tmp_path)
    scene.pace = 1.0
    s = GAME.setup({}, 21)
    rng = Rng(21)
    floats, travels = [], 0
    shown = p.playback.float_number
    p.playback.float_number = lambda on, text, color: floats.append(on) or shown(on, text, color)
    for _ in range(700):
        if s.phase == OVER:
            break
        events = [e.for_seat(0) for e in GAME.apply(s, rng.choice(GAME.legal_actions(s)))]
        view = GAME.view(s, 0)
        legal = GAME.legal_actions(s) if GAME.to_act(s) == 0 else []
        p.sync(view, legal, bool(legal), events)
        p.animate(events)
        travels += sum(1 for e in events if e.kind == "play" and scene.get(f"inplay:{e.data['card']}") is not None)
        for _ in range(40):
            if not scene.busy:
                break
            scene.update(0.2)
    assert len(floats) > 5 and travels > 5
    assert all(on.startswith("champ:") for on in floats), set(floats)


def test_the_keyboard_alone_sets_a_trap_and_walks(tmp_path):
    """Tab reaches the lit hexes, Enter clicks the focused one; Space ends the turn."""
    from tabletop.table.intents import Click
    scene, p = make(tmp_path)
    s = advance(GAME.setup({}, 6), Rng(6), lambda s: s.phase == "traps" and GAME.to_act(s) == 0)
    show(p, s)
    cells = set(lit_cells(p))
    for _ in range(200):
        scene.key("tab")
        if scene.focus_id in cells:
            break
    assert scene.focus_id in cells
    (intent,) = scene.key("return")
    assert isinstance(intent, Click)
    a = p.click(intent.target)
    assert a.kind == "trap" and a in GAME.legal_actions(s)
    s = _main_turn(8)
    show(p, s)
    assert p.key("space") == Action("end")


# --- the real shell ------------------------------------------------------------------------------------

@pytest.mark.gui
def test_a_walk_through_the_shell_a_drag_to_a_far_hex_walks_all_the_way(qtbot, tmp_path):
    """The real table page: a champion dragged to a far lit hex takes its first step at once and
    walks on by itself, a hex a move, to where it was dropped; a drop on an unlit hex leaves the
    status line the engine's sentence."""
    from shell_helpers import open_match

    from tabletop.core.match import Match, Seat
    from tabletop.games.brawl.presentation.legal import move_paths
    from tabletop.store.saves import SaveStore
    from tabletop.table import intents as it

    def far_walk(s):
        if not (s.phase == "play" and s.pending and s.prio < 0 and s.pending[-1].kind == "walk"
                and s.pending[-1].seat == 0 and s.pos[s.pending[-1].champ] >= 0):
            return False
        return any(len(path) >= 2 for path in move_paths(GAME.view(s, 0), s.pending[-1]).values())

    match = None
    for seed in range(1, 80):          # a match played at random up to a long walk of yours
        match = Match(GAME, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], seed)
        rng = Rng(seed)
        while match.to_act is not None and not far_walk(match.state):
            match.play(rng.choice(match.legal_actions()))
        if match.to_act is not None:
            break
    s = match.state
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    page.ctrl.paused = True
    p = page.presenter
    pd = s.pending[-1]
    sid = f"champ:{pd.champ}"
    paths = move_paths(p.view, pd)
    far = next(h for h, path in paths.items() if len(path) >= 2)
    unlit = next(c for c in sorted(p.arena.board.cell_ids()) if c not in p.drag_targets(sid))
    page.session.handle([it.DragStart(sid), it.Drop(sid, unlit, 0, 0)])
    why = page.scene.status
    assert why and why.endswith("."), why
    page.session.handle([it.DragStart(sid), it.Drop(sid, p.arena.cell(far), 0, 0)])
    assert match.state.pos[pd.champ] == paths[far][0]
    walked = [match.state.pos[pd.champ]]
    qtbot.waitUntil(lambda: walked.append(match.state.pos[pd.champ]) or walked[-1] == far, timeout=5000)
    assert [h for i, h in enumerate(walked) if i == 0 or h != walked[i - 1]] == paths[far]
    assert p.arena.route == []
    page.leave()


def test_the_bots_thinking_pill_leaves_the_pick_screens_heading_readable(tmp_path):
    """While the bot picks, "Bot is thinking…" stands under the screen's words, not over its
    heading (it sat on "Choose your champions"); at the arena it is back at the top."""
    from tabletop.table.pgsetup import make_target
    scene, p = make(tmp_path)
    s = GAME.setup({"picks": "alternate"}, 4)
    s = advance(s, Rng(4), lambda s: s.phase == "pick" and GAME.to_act(s) == 1)
    show(p, s)
    shots = []
    for thinking in (None, "Bot is thinking…"):
        scene.set_thinking(thinking)
        target = make_target(1280, 720)
        scene.render(target)
        shots.append(target)
    vp = scene.viewport
    heading_bottom = vp.to_screen(0, scene.get("pick:mode").y + 30)[1]
    top = [[shot.get_at((x, y))[:3] for x in range(0, 1280, 4) for y in range(0, int(heading_bottom), 3)]
           for shot in shots]
    assert top[0] == top[1], "the pill covers the heading"
    assert scene.thinking_at > scene.get("lbl:banner").y + 40
    s = advance(s, Rng(4), lambda s: s.phase != "pick")
    show(p, s)
    assert scene.thinking_at is None


def test_a_walk_before_an_attack_shows_who_is_in_reach_from_the_hex_pointed_at(tmp_path):
    """Preview before commitment: while the champion of an attack walks, the board rings the
    champions the attack would reach from the hex under the pointer (and from where it stands
    when none is), exactly those the engine would offer had it stopped there; the banner says
    so, or warns that no hex it can stop on gives a target."""
    from tabletop.games.brawl.engine import flow
    from tabletop.games.brawl.presentation.legal import move_paths

    def walking_to_attack(s):
        v = s.play
        return (GAME.to_act(s) == 0 and s.prio < 0 and s.pending and s.pending[-1].kind == "walk"
                and v is not None and v.queue[:1] == ["target"] and v.champ == s.pending[-1].champ)

    scene, p = make(tmp_path)
    found = 0
    for seed in range(60):
        s = advance(GAME.setup({"picks": "alternate"}, seed), random.Random(seed), walking_to_attack)
        if s is None:
            continue
        show(p, s)
        pd, board = s.pending[-1], p.arena.board
        ends = move_paths(GAME.view(s, 0), pd)
        assert set(board.aims) == {p.arena.display(h) for h in [s.pos[pd.champ], *ends]}
        for h in [s.pos[pd.champ], *ends]:
            there = GAME.clone(s)
            there.pos[pd.champ] = h            # had it stopped there: the engine's own answer
            want = sorted(p.arena.display(there.pos[t]) for t in flow.target_options(there, there.play))
            assert sorted(board.aims[p.arena.display(h)]) == want, h
        # the pointer on a reachable hex rings what is in reach from it; off the board, from here
        end = next(iter(ends), None)
        if end is not None:
            scene.hover_id = p.arena.cell(end)
            assert board.aimed() == board.aims[p.arena.display(end)]
        scene.hover_id = None
        assert board.aimed() == board.aims[p.arena.display(s.pos[pd.champ])]
        line = p.banner()[1]
        if any(board.aims.values()):
            assert "Red sights" in line, line
        else:
            assert "No target is in reach" in line, line
        found += 1
        if found >= 4:
            break
    assert found >= 2, "too few walks before an attack to check"


def test_a_hand_card_says_whom_it_could_reach_before_it_is_played(tmp_path):
    """Preview before commitment: the zoom of a card in hand says whom it could target once its
    champion moves, or that it would miss; playing it then walking shows the same."""
    from tabletop.games.brawl.engine import board as B
    from tabletop.games.brawl.engine import flow
    from tabletop.games.brawl.engine.state import Play
    from tabletop.games.brawl.presentation.legal import walk_paths

    scene, p = make(tmp_path)
    said = {"reach": 0, "miss": 0}
    for seed in range(40):
        s = advance(GAME.setup({"picks": "alternate"}, seed), random.Random(seed),
                    lambda s: GAME.to_act(s) == 0 and s.phase == "play" and s.prio < 0 and not s.pending
                    and s.play is None and any(a.kind == "play" for a in GAME.legal_actions(s)))
        if s is None:
            continue
        show(p, s)
        for a in GAME.legal_actions(s):
            if a.kind != "play":
                continue
            c = a.args[0]
            cd, ch = B.card_of(s, c), c // 6
            caption = p.zoom(f"card:{c}")[2]
            if cd.target == "none" or cd.pre or not B.in_arena(s, ch):
                assert "reach" not in caption
                continue
            play = Play(0, c, ch, "", [], [], [], [], [])
            n = flow.movement(s, play)
            want = set()
            for h in [s.pos[ch], *(walk_paths(s, ch, n, "walk") if n else [])]:
                there = GAME.clone(s)
                there.pos[ch] = h
                want |= set(flow.target_options(there, play))
            if want:
                assert "In reach" in caption and all(p.cname(t) in caption for t in want), caption
                said["reach"] += 1
            else:
                assert "No target in reach" in caption and "would miss" in caption, caption
                said["miss"] += 1
    assert said["reach"] and said["miss"], said
