"""How a player makes Champions' Brawl decisions on the table: gestures chosen among what the
table offers (clicks on what glows, drops among the targets it lists, its buttons and keys).
Shared by the presenter tests (the presenter itself) and the shell tests (the real table page)."""

from __future__ import annotations

import random

from tabletop.games.brawl.engine.rules import GAME
from tabletop.table.presenter import LOCAL


def show(p, s, seat=0):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if GAME.to_act(s) == seat else []
    p.sync(view, legal, bool(legal), [])
    return view


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
