"""The Paragons battle table, headless: a whole pre-constructed game against the greedy bot made
only through the table's own gestures (drops among the targets it offers, clicks, buttons, menus);
every sprite on the table at two window sizes; a refused drop answered by the engine in words;
the "Defend?" prompt and the "React or pass" banner when they are due; the log tells every event."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from paragons_ui_helpers import answer, choose, gestures, route
from tabletop.bots.greedy import GreedyBot
from tabletop.core import Action, Rng
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.state import MULLIGAN, OVER, PLAY
from tabletop.games.paragons.bot.policy import POLICY
from tabletop.games.paragons.presentation.narrate import NARRATE
from tabletop.games.paragons.presentation.presenter import PRESENTATION, ParagonsPresenter
from tabletop.games.paragons.presentation.words import result_line
from tabletop.store.settings import Settings
from tabletop.table import intents as it
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.narration import Voice
from tabletop.table.pgsetup import make_target
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene
from tabletop.table.sprites import ButtonSprite

ROOT = Path(__file__).resolve().parent.parent
PRECON = {"variant": "preconstructed", "best_of": 1}


def make(tmp_path, players=2):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    names = ["You"] + [f"Bot {i}" for i in range(1, players)]
    return scene, ParagonsPresenter(scene, scene.faces, Settings(), names)


def show(p, s, seat=0):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if GAME.to_act(s) == seat else []
    p.sync(view, legal, bool(legal), [])
    return view


def advance(s, rng, until, limit=3000):
    """Random play (every seat) until `until(s)` holds; None when it never does."""
    for _ in range(limit):
        if until(s):
            return s
        if s.phase == OVER:
            return None
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return None


# --- a whole game through the table ------------------------------------------------------------

def _table_move(p, scene, s, a: Action) -> Action:
    """Seat 0's decision `a` made with the table's gestures (paragons_ui_helpers.route), the
    banner checked on the way; returns the action the table proposes."""
    legal = GAME.legal_actions(s)
    if p.view.pending is None and any(b.kind == "defend" for b in legal):
        assert scene.get("lbl:banner").text == "Defend?"
        assert {g for g in scene.glowing if g.startswith("card:")}
    elif p.view.pending is None and p.view.stack and p.view.phase == PLAY:
        assert scene.get("lbl:banner").text == "React or pass"
    for _ in range(12):
        steps = route(p, a)
        assert steps is not None, f"no gesture on the table makes {a.label}"
        got = answer(p, steps[0])
        if isinstance(got, Action):
            return got
        assert got == LOCAL, f"{steps[0]} answered {got!r} on the way to {a.label}"
        show(p, s)
    raise AssertionError(f"the table could not make {a.label}")


@pytest.mark.parametrize("players,seed", [(2, 11), (2, 13), (3, 17)])
def test_a_whole_game_against_the_greedy_bot_through_the_table(tmp_path, players, seed):
    scene, p = make(tmp_path, players)
    s = GAME.setup(PRECON, seed, players)
    bot = GreedyBot(samples=1, policy=POLICY)
    rng, bot_rng = random.Random(seed), Rng(seed + 1)
    kinds = set()
    for _ in range(1500):
        if s.phase == OVER:
            break
        seat = GAME.to_act(s)
        if seat != 0:
            GAME.apply(s, bot.choose(GAME, GAME.view(s, seat), GAME.legal_actions(s), bot_rng))
            continue
        show(p, s)
        want = choose(GAME.legal_actions(s), rng)
        a = _table_move(p, scene, s, want)
        assert a == want, f"the table proposed {a!r} for {want!r}"
        kinds.add(a.kind)
        GAME.apply(s, a)
    assert s.phase == OVER, "the game did not finish"
    assert {"mulligan", "play", "end_turn"} <= kinds, kinds
    show(p, s)
    assert scene.get("lbl:banner").text == "The match is over"


# --- drag targets and refusals -------------------------------------------------------------------

def _main_turn(seed=5, players=2):
    s = GAME.setup(PRECON | {"best_of": 3}, seed, players)
    return advance(s, Rng(seed), lambda s: s.phase == PLAY and GAME.to_act(s) == 0 and not s.stack
                   and s.round >= 4 and s.pending is None)


def test_every_drag_target_makes_a_legal_action_or_asks(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    show(p, s)
    legal = GAME.legal_actions(s)
    seen = 0
    for sid, target in gestures(p, scene):
        got = p.drop(sid, target)
        if got == LOCAL:
            assert p.menu.actions and all(a in legal for a in p.menu.actions)
            answer(p, it.ButtonPress("btn:menu:cancel"))
        else:
            assert got in legal, (sid, target, got)
        seen += 1
        show(p, s)
    assert seen


def test_a_refused_drop_is_answered_with_the_engines_sentence(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    view = show(p, s)
    # an attack on one of your own mercenaries, or on your own Life
    mine = view.mercs(0)
    hand = view.hands[0]
    got = p.drop(f"card:{hand[0]}", "life:0") if hand else None
    if isinstance(got, Action):
        assert got not in GAME.legal_actions(s)
        assert GAME.why_illegal(view, got)
    dear = [c for c in hand if GAME.legal_actions(s) and
            not any(a.args and a.args[0] == c for a in GAME.legal_actions(s))]
    if dear:
        got = p.drop(f"card:{dear[0]}", "space:0:0")
        assert isinstance(got, Action)
        why = GAME.why_illegal(view, got)
        assert why and why.endswith("."), why
    if mine:
        got = p.drop(f"card:{mine[0]}", "life:0")
        assert got == Action("attack", (mine[0], -1))
        assert GAME.why_illegal(view, got)
    # a pool card you cannot afford: the click is refused in words
    poor = [c for c in view.pool if not any(a.kind == "recruit" and a.args[0] == c for a in GAME.legal_actions(s))]
    if poor:
        got = answer(p, it.Click(f"card:{poor[0]}"))
        assert got == Action("recruit", (poor[0],)) and GAME.why_illegal(view, got)


# --- the prompts -----------------------------------------------------------------------------------

def test_the_defend_prompt_and_the_react_banner(tmp_path):
    scene, p = make(tmp_path)
    found = set()
    for seed in range(1, 40):
        s = GAME.setup(PRECON, seed, 2)
        rng = Rng(seed)
        for _ in range(900):
            if s.phase == OVER:
                break
            if GAME.to_act(s) == 0 and s.stack and s.pending is None:
                show(p, s)
                banner = scene.get("lbl:banner").text
                if any(a.kind == "defend" for a in GAME.legal_actions(s)):
                    assert banner == "Defend?"
                    assert scene.get("btn:nodef") is not None
                    glow = {g for g in scene.glowing}
                    assert glow == {f"card:{a.args[1]}" for a in GAME.legal_actions(s) if a.kind == "defend"}
                    assert any(sp.id.startswith("arrow:") for sp in scene.sprites())
                    found.add("defend")
                elif len(s.stack) == 1 and s.stack[0].kind in ("begin", "end"):
                    # another player's turn begins or would end: a spell first, or pass
                    assert banner == ("Bot 1's turn has begun" if s.stack[0].kind == "begin"
                                      else "Bot 1 would end the turn"), banner
                    assert scene.get("btn:decline").text.startswith("Pass: let the turn")
                    assert answer(p, it.ButtonPress("btn:decline")) == Action("decline")
                    found.add("moment")
                else:
                    assert banner == "React or pass"
                    assert answer(p, it.ButtonPress("btn:decline")) == Action("decline")
                    found.add("react")
            if GAME.to_act(s) == 1 and s.stack and s.pending is None:
                show(p, s)
                assert "may react" in scene.get("lbl:banner").text
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if found == {"defend", "react", "moment"}:
            break
    assert found == {"defend", "react", "moment"}


def test_the_mulligan_marks_cards_and_sends_them_back(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup(PRECON, 4, 2)
    s = advance(s, Rng(4), lambda s: s.phase == MULLIGAN and GAME.to_act(s) == 0)
    view = show(p, s)
    assert scene.get("btn:keep") is not None
    a, b = view.hands[0][:2]
    answer(p, it.Click(f"card:{a}"))
    answer(p, it.Click(f"card:{b}"))
    show(p, s)
    got = answer(p, it.ButtonPress("btn:mull"))
    assert got in GAME.legal_actions(s) and set(got.args[0]) == {a, b}
    answer(p, it.Click(f"card:{a}"))
    assert set(answer(p, it.ButtonPress("btn:mull")).args[0]) == {b}


# --- every sprite on the table --------------------------------------------------------------------

@pytest.mark.parametrize("players,size", [(2, (1280, 720)), (2, (2560, 1440)), (3, (1280, 720)),
                                          (3, (2560, 1440))])
def test_every_sprite_lies_inside_the_table(tmp_path, players, size):
    """A sample of the positions of a match (a chain open more often: the busiest table),
    rendered at the window's size: no sprite leaves the table."""
    scene, p = make(tmp_path, players)
    rng = random.Random(players)
    s = GAME.setup(PRECON, 7, players)
    checked = 0
    for _ in range(700):
        if s.phase == OVER or checked == 8:
            break
        if GAME.to_act(s) == 0 and rng.random() < (0.3 if s.stack else 0.06):
            show(p, s)
            scene.update(5)
            target = make_target(*size)
            scene.render(target)
            box = scene.viewport.content.inflate(4, 4)
            for sp in scene.sprites():
                if sp.visible and not sp.id.startswith("fx:"):
                    r = sp.screen_rect(scene.viewport)
                    assert box.contains(r), f"{sp.id} at {r} leaves the table {box}"
            checked += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked >= 3


def test_the_zoom_and_the_glossary(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    view = show(p, s)
    c = view.hands[0][0]
    key, compose, caption = p.zoom(f"card:{c}")
    assert caption.splitlines()[0] == p.name(c)
    assert all(t in caption for t in p.glossary(f"card:{c}"))
    hidden = [sp.id for sp in scene.sprites() if sp.id.startswith("card:")
              and int(sp.id[5:]) in view.hands[1]]
    assert not hidden, "the other seat's hand shows as backs only"


def test_the_presentation_offers_the_variant_and_the_match_length():
    keys = {o.key: [v for _, v in o.choices] for o in PRESENTATION.options}
    assert keys == {"variant": ["draft", "preconstructed"], "best_of": [3, 1]}
    assert "Paragons" in PRESENTATION.rules_markdown()


# --- the log ------------------------------------------------------------------------------------------

def test_every_event_kind_the_engine_emits_has_a_teller():
    kinds = set()
    for path in (ROOT / "tabletop" / "games" / "paragons" / "engine").glob("*.py"):
        kinds |= set(re.findall(r'Event\("(\w+)"', path.read_text(encoding="utf-8")))
    kinds.add("draw")                       # core.event.card_drawn
    assert len(kinds) > 30
    assert not {k for k in kinds if not NARRATE.knows(k)}


_YOU_WRONG = re.compile(r"\bYou (?!pass\b)(\w+s)\b")


@pytest.mark.parametrize("players,seed,variant", [(2, 3, "preconstructed"), (3, 5, "preconstructed"),
                                                  (2, 8, "draft")])
def test_random_games_are_told_in_full_sentences(players, seed, variant):
    names = ("Ann", "Bob", "Cyd")[:players]
    s = GAME.setup({"variant": variant}, seed, players)
    rng = Rng(seed)
    kinds = set()
    for _ in range(1500):
        if s.phase == OVER:
            break
        for e in GAME.apply(s, rng.choice(GAME.legal_actions(s))):
            kinds.add(e.kind)
            assert not e.leaks(), e.kind
            for viewer in [*range(players), None]:
                seen = e.for_seat(viewer)
                told = NARRATE(seen, Voice(names, viewer))
                assert NARRATE.knows(e.kind), e.kind
                assert told[0].isupper() and told[-1] in ".!?", told
                assert "Player " not in told and "…" not in told and "[" not in told, told
                assert not _YOU_WRONG.search(told), told
                seat = e.data.get("seat")
                if isinstance(seat, int):
                    assert (re.search(r"\b(You|you|your|Your)\b", told) if seat == viewer
                            else names[seat] in told), told
                if e.private_to is not None and viewer != e.private_to and e.data.get("name"):
                    assert e.data["name"] not in told, told
    assert len(kinds) >= 15


def test_a_link_to_choose_again_asks_with_buttons_and_glowing_places(tmp_path):
    scene, p = make(tmp_path)
    for seed in range(1, 30):
        s = advance(GAME.setup({"variant": "preconstructed"}, seed, 2), random.Random(seed),
                    lambda s: s.pending is not None and GAME.to_act(s) == 0)
        if s is not None:
            break
    assert s is not None, "no link to choose again in these seeded games"
    show(p, s)
    assert scene.get("lbl:banner").text == "Choose again"
    legal = GAME.legal_actions(s)
    assert answer(p, it.ButtonPress("btn:ans:0")) == legal[0]
    for sid, a in p._answer_spots().items():
        assert scene.get(sid) is not None and a in legal
        assert answer(p, it.Click(sid)) == a
    assert p.key("space") is None          # nothing passes a choice that must be made


def test_the_end_of_a_game_has_a_summary(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup(PRECON | {"best_of": 3}, 2, 2)
    rng = random.Random(2)
    events = []
    while s.phase != OVER and s.game_no < 2:
        events = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if any(e.kind == "game_over" for e in events):
            break
    view = show(p, s)
    title, html = p.summary(view, [e.for_seat(0) for e in events])
    assert "game 1" in title and "<table" in html
    assert p.summary(view, []) is None


def test_between_games_the_seat_rows_drop_the_last_games_life_and_the_score_reads_winner_first(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup(PRECON | {"best_of": 3}, 2, 2)
    rng = random.Random(2)
    while s.phase != "swap":
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    view = show(p, s)
    for seat in range(2):
        labels = [k for k, _ in p.seat_rows(view, seat)]
        assert "Life" not in labels and "Mana" not in labels and "Won" in labels
    # the loser won a game, the winner two: the winner's count is read first, whichever seat won
    s.wins, s.winner = [1, 2], 1
    assert result_line(GAME.view(s, 0), p.voice()).endswith("the match (2–1).")
    s.wins, s.winner = [2, 1], 0
    assert result_line(GAME.view(s, 0), p.voice()).endswith("the match (2–1).")


def test_a_seat_at_zero_life_or_below_shows_a_grey_die_at_zero_not_one(tmp_path):
    scene, p = make(tmp_path)
    s = advance(GAME.setup(PRECON, 5, 2), random.Random(5), lambda s: s.phase == PLAY)
    show(p, s)
    alive = scene.get("life:1")
    assert alive.value == s.life[1]
    red = tuple(alive.color)
    s.life[1] = -3
    show(p, s)
    die = scene.get("life:1")
    assert die.value == 0 and tuple(die.color) != red
    assert scene.get("lbl:life:1").text == "Life 0"


def test_a_click_on_a_card_that_can_do_nothing_is_answered_in_words(tmp_path):
    scene, p = make(tmp_path)
    for seed in range(3, 30):
        s = _main_turn(seed)
        if s is None:
            continue
        view = show(p, s)
        legal = GAME.legal_actions(s)
        idle = [c for c in view.hands[0] + view.mercs(0) if not any(a.args and a.args[0] == c for a in legal)]
        if idle:
            break
    got = answer(p, it.Click(f"card:{idle[0]}"))
    assert isinstance(got, Action) and got not in legal
    why = GAME.why_illegal(view, got)
    assert why and why[0].isupper() and why.endswith("."), why


def test_piles_open_to_look_through_and_close(tmp_path):
    scene, p = make(tmp_path)
    s = _main_turn()
    view = show(p, s)
    assert answer(p, it.Click("pile:deck:1")) is None                  # another seat's deck stays shut
    assert answer(p, it.Click("pile:reserve:0")) == LOCAL
    show(p, s)
    shown = {sp.id for sp in scene.sprites() if sp.id.startswith("view:")}
    assert shown == {f"view:{c}" for c in view.reserves[0]}
    assert p.zoom(next(iter(shown))) is not None
    assert answer(p, it.Click(f"card:{view.hands[0][0]}")) is None      # the pile covers the table
    assert p.key("escape") == LOCAL
    show(p, s)
    assert not any(sp.id.startswith("view:") for sp in scene.sprites())


# --- auto-pass on the player's own link ----------------------------------------------------------

def test_auto_pass_lets_your_own_spell_resolve_unless_you_take_full_control(tmp_path):
    """Holding an answer, the player is not asked to pass on a link of their own once the others
    have let it pass (as Trials does, and digital card games); with full control (the toggle or F)
    they are; an opponent's link on top always asks."""
    scene, p = make(tmp_path)

    def own_link_waits(s):
        return (s.phase == PLAY and s.stack and s.pending is None and GAME.to_act(s) == 0
                and s.prio == 0 and s.stack[-1].seat == 0 and s.stack[-1].kind not in ("begin", "end")
                and any(a.kind != "decline" for a in GAME.legal_actions(s)))

    def foe_link_waits(s):
        return (s.phase == PLAY and s.stack and s.pending is None and GAME.to_act(s) == 0
                and s.stack[-1].seat == 1 and s.stack[-1].kind not in ("begin", "end")
                and any(a.kind != "decline" for a in GAME.legal_actions(s)))

    mine = next(filter(None, (advance(GAME.setup(PRECON, k, 2), random.Random(k), own_link_waits)
                              for k in range(40))), None)
    assert mine is not None, "no seed gave an own link with an answer in hand"
    show(p, mine)
    legal = GAME.legal_actions(mine)
    got = p.auto_pass(legal)
    assert got is not None and got[0].kind == "decline" and "own card" in got[1]
    assert scene.get("btn:control").text == "Full control: off"
    assert answer(p, it.KeyPress("f")) == LOCAL and p.full.on
    show(p, mine)
    assert scene.get("btn:control").text == "Full control: on"
    assert p.auto_pass(legal) is None
    assert answer(p, it.ButtonPress("btn:control")) == LOCAL and not p.full.on
    theirs = next(filter(None, (advance(GAME.setup(PRECON, k, 2), random.Random(k), foe_link_waits)
                                for k in range(40))), None)
    assert theirs is not None
    show(p, theirs)
    assert p.auto_pass(GAME.legal_actions(theirs)) is None
