"""The Champions' Brawl table, headless: whole games against the greedy bot made only through the
table's own gestures (clicks on what glows, drops among the targets it offers, its buttons and
keys), from the champion choice through the deployment to the end; every sprite inside the table
at two window sizes; refused drops and clicks answered in the engine's words; the "React or pass"
banner when it is due; the other hand and the face-down traps never shown face up."""

from __future__ import annotations

import random

import pytest

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


def show(p, s, seat=0):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if GAME.to_act(s) == seat else []
    p.sync(view, legal, bool(legal), [])
    return view


def advance(s, rng, until, limit=4000):
    for _ in range(limit):
        if until(s):
            return s
        if s.phase == OVER:
            return None
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return None


def lit_cells(p) -> list[str]:
    """The hexes the board lights for the player (its highlighted set), as cell ids."""
    return sorted(p.board.sprite.cell_id(h) for h in p.board.reachable)


def glowing(scene, head: str) -> list[str]:
    return sorted(g for g in scene._glow if g.startswith(head))


def gestures(p, scene, head: str) -> list[tuple[str, str]]:
    out = []
    for sp in scene.sprites():
        if sp.draggable and sp.id.startswith(head):
            out += [(sp.id, t) for t in sorted(p.drag_targets(sp.id))]
    return out


def table_move(p, scene, s, rng: random.Random, made: int):
    """One decision of seat 0 made through the table; returns what the table proposes."""
    v = p.view
    if v.phase == "pick":
        return p.click(rng.choice(glowing(scene, "pick:")))
    if v.phase == "redraw":
        for c in v.hands[0]:
            if rng.random() < 0.3:
                assert p.click(f"card:{c}") == LOCAL
        show(p, s)
        return p.button("btn:redraw")
    if v.phase == "traps":
        return p.click(rng.choice(lit_cells(p)))
    if v.phase == "deploy":
        if rng.random() < 0.5:
            sid, t = rng.choice(gestures(p, scene, "champ:"))
            return p.drop(sid, t)
        champ = rng.choice(glowing(scene, "champ:"))
        assert p.click(champ) == LOCAL
        show(p, s)
        return p.click(rng.choice(lit_cells(p)))
    if v.prio >= 0:
        assert scene.get("lbl:banner").text == "React or pass"
        cards = glowing(scene, "card:")
        if cards and rng.random() < 0.6:
            return p.click(rng.choice(cards))
        return p.button("btn:pass") if rng.random() < 0.5 else p.key("space")
    if v.pending:
        pd = v.pending[-1]
        if pd.kind == "target":
            return p.click(rng.choice(glowing(scene, "champ:")))
        if pd.kind == "discard":
            return p.click(rng.choice(glowing(scene, "card:")))
        if pd.kind == "plan":
            cards = glowing(scene, "card:")
            if cards and rng.random() < 0.5:
                assert p.click(rng.choice(cards)) == LOCAL
                show(p, s)
            return p.button("btn:plan")
        if p.route and rng.random() < 0.8:
            return p.key("enter")
        cells = lit_cells(p)
        drags = gestures(p, scene, "champ:")
        if drags and rng.random() < 0.75:
            sid, t = rng.choice(drags)
            return p.drop(sid, t)
        if cells and (rng.random() < 0.7 or not p._legal("stop")):
            return p.click(rng.choice(cells))
        return p.button("btn:stop")
    plays = gestures(p, scene, "card:")
    if made < 6 and plays and rng.random() < 0.8:
        sid, t = rng.choice(plays)
        if rng.random() < 0.5:
            return p.drop(sid, t)
        assert p.click(sid) == LOCAL
        show(p, s)
        return p.click(t)
    stds = [sp.id for sp in scene.sprites() if sp.id.startswith("btn:std:")]
    if made < 6 and stds and rng.random() < 0.5:
        got = p.button(rng.choice(stds))
        if got == LOCAL:
            show(p, s)
            return p.click(rng.choice(glowing(scene, "champ:")))
        return got
    return p.key("space") if rng.random() < 0.5 else p.button("btn:end")


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
