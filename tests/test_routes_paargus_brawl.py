"""The journeys' routes for Paargus and Champions' Brawl, headless (no Qt): over a few seeded
matches, every legal action the human seat meets is made on the table by the gestures its route
gives, and by nothing else. The gestures go through the scene's own mouse handling at the point a
player would aim at (as tests/player.py aims: a point of the sprite no other piece covers, a free
point of a zone), and the intents it yields are answered as the table page answers them; the
action the table proposes must be the one routed. A kind the route leaves out (None) fails."""

from __future__ import annotations

import random

import pytest

import brawl_ui_helpers
import paargus_ui_helpers
from player import Stuck, visible_point
from presenter_helpers import answers

from tabletop.core import Action
from tabletop.games.brawl.engine import actions as brawl_actions
from tabletop.games.brawl.engine.rules import GAME as BRAWL
from tabletop.games.brawl.presentation.presenter import BrawlPresenter
from tabletop.games.paargus.engine import actions as paargus_actions
from tabletop.games.paargus.engine.rules import GAME as PAARGUS
from tabletop.games.paargus.presentation.presenter import PaargusPresenter
from tabletop.store.settings import Settings
from tabletop.table import intents as it
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.presenter import HINT
from tabletop.table.scene import Scene
from tabletop.table.sprites import ButtonSprite

WINDOW = (1240, 860)          # about the table widget's size in the journeys' 1600 x 940 window


class Unreachable(AssertionError):
    """A gesture the route asks for cannot be made on the table as it stands."""


class Table:
    """A game's presenter on a scene, driven by the mouse and keys as the table widget drives it,
    each intent answered as the table page answers it (tabletop/shell/table_page.py `_intents`)."""

    def __init__(self, game_id: str, make_presenter, tmp_path, window=WINDOW) -> None:
        layout = Layout.load(game_id, 2)
        self.scene = Scene(virtual=layout.size, layout=layout, faces=FaceCache(tmp_path))
        self.scene.pace = 0
        self.p = make_presenter(self.scene, self.scene.faces, Settings(), ["You", "Bot"])
        self.scene.resize(*window)
        self.game, self.state, self.seat = None, None, 0

    # --- what the table shows ---------------------------------------------------------------
    def show(self, game, state, seat: int = 0) -> list[Action]:
        self.game, self.state, self.seat = game, state, seat
        legal = game.legal_actions(state) if game.to_act(state) == seat else []
        self.p.hint = None
        self.p.sync(game.view(state, seat), legal, bool(legal), [])
        return legal

    def refresh(self) -> None:
        """The table page's refresh after a local change: the same view synced again."""
        self.show(self.game, self.state, self.seat)

    # --- aiming, as tests/player.py aims -----------------------------------------------------
    def point(self, target: str, dropping: str | None = None) -> tuple[int, int]:
        try:
            p = visible_point(self.scene, target, dropping)
        except Stuck as exc:
            raise Unreachable(str(exc)) from None
        return p.x(), p.y()

    # --- the hands --------------------------------------------------------------------------
    def do(self, intent):
        """One gesture; returns what the table makes of it (an action, LOCAL, or None)."""
        scene = self.scene
        if isinstance(intent, (it.Click, it.ButtonPress)):
            target = intent.target if isinstance(intent, it.Click) else intent.button_id
            if isinstance(intent, it.ButtonPress):
                b = scene.get(target)
                if not isinstance(b, ButtonSprite):
                    raise Unreachable(f"no button {target} on the table")
                if not b.enabled:
                    raise Unreachable(f"the button {target} is greyed out")
            x, y = self.point(target)
            got = scene.mouse_move(x, y)
            got = scene.mouse_down(x, y) + scene.mouse_up(x, y)
        elif isinstance(intent, it.RightClick):
            x, y = self.point(intent.target)
            scene.mouse_move(x, y)
            got = scene.mouse_down(x, y, 3)
        elif isinstance(intent, it.Drop):
            src = scene.get(intent.sprite_id)
            if src is None or not src.draggable:
                raise Unreachable(f"{intent.sprite_id} cannot be picked up")
            x, y = self.point(intent.sprite_id)
            scene.mouse_down(x, y)
            got = []
            for d in (4, 10, 18):
                got += scene.mouse_move(x + d, y + d)
            if scene.dragging != intent.sprite_id:
                raise Unreachable(f"{intent.sprite_id} was not picked up")
            self.answer([i for i in got if isinstance(i, it.DragStart)])
            ex, ey = self.point(intent.target, dropping=intent.sprite_id)
            scene.mouse_move((x + ex) / 2, (y + ey) / 2)
            scene.mouse_move(ex, ey)
            got = scene.mouse_up(ex, ey)
        elif isinstance(intent, it.KeyPress):
            got = scene.key(intent.name)
        else:
            raise TypeError(intent)
        return self.answer(got)

    def answer(self, intents):
        """The table's session over the scene's intents; the last answer that meant something."""
        return answers(self.p, intents)

    def make(self, a: Action, route, tries: int = 14):
        """Make `a` with the gestures `route` gives, one at a time, as Player.make does; returns
        the action the table proposes (a LOCAL answer is followed by the page's refresh)."""
        for _ in range(tries):
            steps = route(self.p, a)
            assert steps is not None, f"no gesture on the table makes {a.kind}: {a.label}"
            got = self.do(steps[0])
            if isinstance(got, Action):
                return got
            assert got is not None and got != HINT, f"{steps[0]} did nothing on the way to {a.label}"
            self.refresh()
        raise AssertionError(f"the table went round in circles for {a.label}")


def reset_paargus(p) -> None:
    p.builder, p.quadrant, p.selected = [], None, None


def reset_brawl(p) -> None:
    p.clear_selection()


GAMES = {
    "paargus": (PAARGUS, PaargusPresenter, paargus_ui_helpers, reset_paargus, paargus_actions.KINDS, {}),
    "brawl": (BRAWL, BrawlPresenter, brawl_ui_helpers, reset_brawl, brawl_actions.KINDS, {"picks": "alternate"}),
}


def checked_sample(legal: list[Action], rng: random.Random, extra: int = 2) -> list[Action]:
    """One action of every kind on offer (a random one of each), and a few more."""
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    out = [rng.choice(v) for v in by_kind.values()]
    rest = [a for a in legal if a not in out]
    return out + rng.sample(rest, min(extra, len(rest)))


def play_a_match(game_id: str, seed: int, tmp_path, seat: int = 0, limit: int = 2000,
                 check_all: bool = False, options: dict | None = None) -> set[str]:
    """A seeded match: `seat` plays by hand through the table (its route's choose picking), the
    other seat at random in the engine. At each of the human's decisions a sample of the legal
    actions (every kind on offer) is made through the table first. Returns the kinds met."""
    game, make_presenter, ui, reset, _, default = GAMES[game_id]
    table = Table(game_id, make_presenter, tmp_path)
    s = game.setup(default if options is None else options, seed)
    rng = random.Random(seed)
    met: set[str] = set()
    for _ in range(limit):
        if game.result(s) is not None:
            break
        if game.to_act(s) != seat:
            game.apply(s, rng.choice(game.legal_actions(s)))
            continue
        legal = table.show(game, s, seat)
        for a in (legal if check_all else checked_sample(legal, rng)):
            reset(table.p)
            table.refresh()
            got = table.make(a, ui.route)
            assert got == a, f"the table made {got} on the way to {a.label} ({s.phase})"
            met.add(a.kind)
        # the move itself, chosen as the journey chooses and made on the table too
        a = ui.choose(legal, rng)
        reset(table.p)
        table.refresh()
        assert table.make(a, ui.route) == a
        game.apply(s, a)
    assert game.result(s) is not None, f"the match did not end in {limit} moves"
    return met


@pytest.mark.parametrize("seed,seat", [(1, 0), (2, 1), (3, 0)])
def test_every_paargus_action_the_human_meets_has_a_route(tmp_path, seed, seat):
    met = play_a_match("paargus", seed, tmp_path, seat)
    assert {"play", "draw", "conjoin", "end_turn"} <= met, met


@pytest.mark.parametrize("seed,seat,picks", [(1, 0, "alternate"), (2, 1, "alternate"), (3, 0, "free"),
                                             (4, 1, "free")])
def test_every_brawl_action_the_human_meets_has_a_route(tmp_path, seed, seat, picks):
    met = play_a_match("brawl", seed, tmp_path, seat, options={"picks": picks})
    assert {"pick", "redraw", "trap", "deploy", "play", "standard", "hex", "end"} <= met, met


def test_a_paargus_conjunction_is_built_from_any_state_of_the_builder(tmp_path):
    """Every conjunction on offer, from an empty builder, from its fan staged back to front (the
    route swaps cards within the builder) and from a builder holding a card of another fan (the
    route drags it back to the hand); a trailing card or the end of the turn, with the builder
    half full or holding that very card. (No three cards of the deck share sigils in two quadrants,
    so the builder's quadrant buttons never show; the route would press them.)"""
    table = Table("paargus", PaargusPresenter, tmp_path)
    seen: list = []

    def route(p, a):
        steps = paargus_ui_helpers.route(p, a)
        seen.append((steps[0], list(p.builder)))
        return steps

    swaps = strays = trails = 0
    for seed in range(40, 46):
        s = PAARGUS.setup({}, seed)
        rng = random.Random(seed)
        while PAARGUS.result(s) is None and s.hand_no == 1:
            seat = PAARGUS.to_act(s)
            legal = table.show(PAARGUS, s, seat)
            conj = [a for a in legal if a.kind == "conjoin"]
            hand = PAARGUS.view(s, seat).hands[seat]
            for a in conj:
                fan = list(paargus_actions.CONJOIN.fan(a))
                others = [c for c in hand if c not in fan and table.p._in_some_conjunction(c)]
                for staged in ([], fan[::-1], others[:1]):
                    reset_paargus(table.p)
                    table.p.builder = list(staged)
                    table.refresh()
                    seen.clear()
                    assert table.make(a, route) == a, (a.label, staged)
                    for step, _ in seen:
                        if isinstance(step, it.Drop) and step.target.startswith("card:"):
                            swaps += 1
                        elif isinstance(step, it.Drop) and step.target == "my_hand":
                            strays += 1
            for a in [a for a in legal if a.kind in ("trail", "end_turn")]:
                c = paargus_actions.TRAIL.card(a) if a.kind == "trail" else None
                for staged in ([c] if c is not None and table.p._in_some_conjunction(c) else [], conj_cards(conj)):
                    reset_paargus(table.p)
                    table.p.builder = list(staged)
                    table.refresh()
                    assert table.make(a, route) == a, (a.label, staged)
                    trails += a.kind == "trail" and bool(staged)
            a = paargus_ui_helpers.choose(legal, rng) if seat == 0 else rng.choice(legal)
            PAARGUS.apply(s, a)
    assert swaps and strays and trails, (swaps, strays, trails)


def conj_cards(conj: list[Action]) -> list[int]:
    """The first two cards of some conjunction on offer (a half-built fan), or none."""
    return list(paargus_actions.CONJOIN.fan(conj[0])[:2]) if conj else []


@pytest.mark.parametrize("game_id", ["paargus", "brawl"])
def test_the_matches_meet_every_kind_of_the_engine(tmp_path, game_id):
    """Over the seeds, the human meets every kind the engine declares: none is left unchecked."""
    kinds = {k.kind for k in GAMES[game_id][4]}
    met: set[str] = set()
    for seed in range(10, 30):
        met |= play_a_match(game_id, seed, tmp_path / str(seed), seed % 2)
        if met >= kinds:
            break
    assert met == kinds, f"never met: {sorted(kinds - met)}"


def test_a_route_that_leaves_a_kind_out_fails(tmp_path):
    """The check bites: a route without the Brawl standard actions is caught."""
    def partial(p, a):
        return None if a.kind == "standard" else brawl_ui_helpers.route(p, a)
    table = Table("brawl", BrawlPresenter, tmp_path)
    s = BRAWL.setup({}, 4)
    rng = random.Random(4)
    while not any(a.kind == "standard" for a in BRAWL.legal_actions(s)):
        BRAWL.apply(s, rng.choice(BRAWL.legal_actions(s)))
    seat = BRAWL.to_act(s)
    a = next(a for a in table.show(BRAWL, s, seat) if a.kind == "standard")
    with pytest.raises(AssertionError, match="no gesture"):
        table.make(a, partial)
