"""How a player makes Champions' Brawl decisions on the table: gestures chosen among what the
table offers (clicks on what glows, drops among the targets it lists, its buttons and keys).
Shared by the presenter tests (each gesture answered by the table's session) and the shell tests
(the real table page). `table_move` makes a random decision through the table; `route` gives the
gestures of one chosen action (the journeys' and tests/test_routes_paargus_brawl.py's), `choose`
picks one as a player."""

from __future__ import annotations

import random

from presenter_helpers import answer
from tabletop.core import Action
from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.presentation.legal import move_paths
from tabletop.table import intents as it
from tabletop.table.presenter import LOCAL


def show(p, s, seat=0):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if GAME.to_act(s) == seat else []
    p.sync(view, legal, bool(legal), [])
    return view


def lit_cells(p) -> list[str]:
    """The hexes the board lights for the player (its highlighted set), as cell ids."""
    return sorted(p.arena.board.sprite.cell_id(h) for h in p.arena.board.reachable)


def glowing(scene, head: str) -> list[str]:
    return sorted(g for g in scene.glowing if g.startswith(head))


def gestures(p, scene, head: str) -> list[tuple[str, str]]:
    out = []
    for sp in scene.sprites():
        if sp.draggable and sp.id.startswith(head):
            out += [(sp.id, t) for t in sorted(p.drag_targets(sp.id))]
    return out


def _click(p, target):
    return answer(p, it.Click(target))


def _press(p, button):
    return answer(p, it.ButtonPress(button))


def _key(p, name):
    return answer(p, it.KeyPress(name))


def _drop(p, piece, target):
    return answer(p, it.Drop(piece, target, 0, 0))


def table_move(p, scene, s, rng: random.Random, made: int):
    """One decision of seat 0 made through the table (each gesture answered as the table's
    session answers it); returns what the table proposes."""
    v = p.view
    if v.phase == "pick":
        return _click(p, rng.choice(glowing(scene, "pick:")))
    if v.phase == "redraw":
        for c in v.hands[0]:
            if rng.random() < 0.3:
                assert _click(p, f"card:{c}") == LOCAL
        show(p, s)
        return _press(p, "btn:redraw")
    if v.phase == "traps":
        return _click(p, rng.choice(lit_cells(p)))
    if v.phase == "deploy":
        if rng.random() < 0.5:
            sid, t = rng.choice(gestures(p, scene, "champ:"))
            return _drop(p, sid, t)
        champ = rng.choice(glowing(scene, "champ:"))
        assert _click(p, champ) == LOCAL
        show(p, s)
        return _click(p, rng.choice(lit_cells(p)))
    if v.prio >= 0:
        assert scene.get("lbl:banner").text == "React or pass"
        cards = glowing(scene, "card:")
        if cards and rng.random() < 0.6:
            return _click(p, rng.choice(cards))
        return _press(p, "btn:pass") if rng.random() < 0.5 else _key(p, "space")
    if v.pending:
        pd = v.pending[-1]
        if pd.kind == "target":
            return _click(p, rng.choice(glowing(scene, "champ:")))
        if pd.kind == "discard":
            return _click(p, rng.choice(glowing(scene, "card:")))
        if pd.kind == "plan":
            cards = glowing(scene, "card:")
            if cards and rng.random() < 0.5:
                assert _click(p, rng.choice(cards)) == LOCAL
                show(p, s)
            return _press(p, "btn:plan")
        if p.arena.route and rng.random() < 0.8:
            return _key(p, "enter")
        cells = lit_cells(p)
        drags = gestures(p, scene, "champ:")
        if drags and rng.random() < 0.75:
            sid, t = rng.choice(drags)
            return _drop(p, sid, t)
        if cells and (rng.random() < 0.7 or not p.legal_of("stop")):
            return _click(p, rng.choice(cells))
        return _press(p, "btn:stop")
    plays = gestures(p, scene, "card:")
    if made < 6 and plays and rng.random() < 0.8:
        sid, t = rng.choice(plays)
        if rng.random() < 0.5:
            return _drop(p, sid, t)
        assert _click(p, sid) == LOCAL
        show(p, s)
        return _click(p, t)
    stds = [sp.id for sp in scene.sprites() if sp.id.startswith("btn:std:")]
    if made < 6 and stds and rng.random() < 0.5:
        got = _press(p, rng.choice(stds))
        if got == LOCAL:
            show(p, s)
            return _click(p, rng.choice(glowing(scene, "champ:")))
        return got
    return _key(p, "space") if rng.random() < 0.5 else _press(p, "btn:end")


# --- the route: each legal action as the gestures a player makes for it -----------------------------

def _occupant(v, h: int) -> int | None:
    """The champion standing on hex h, if any."""
    return next((c for c in range(6) if v.champs and v.deployed[c] and v.pos[c] == h and h != GATE), None)


def _occupant_besides(v, c: int) -> int | None:
    """Another champion on the hex champion c stands on (c passing through an ally mid-walk)."""
    if v.pos[c] == GATE:
        return None
    return next((o for o in range(6) if o != c and v.deployed[o] and v.pos[o] == v.pos[c]), None)


def _marking(p, want: set) -> list | None:
    """Cards to click so that the hand's marked set becomes `want` (unmarking first: Plan
    refuses a card beyond its count), or None when it already is."""
    extra = sorted(p.hand.marked - want)
    missing = sorted(want - p.hand.marked)
    if extra or missing:
        return [it.Click(f"card:{(extra or missing)[0]}")]
    return None


def route(p, a: Action) -> list | None:
    """The next intent on the way to `a` (call again after each: the redraw and Plan mark one card
    a click, a standard action with a choice of champion is its button then the champion), or
    None when the table offers no way to make it."""
    v, k, args = p.view, a.kind, a.args
    if v is None:
        return None
    if k == "pick":                                     # the champion choice screen: a click on the champion
        return [it.Click(f"pick:{args[0]}")]
    if k == "redraw":
        return _marking(p, set(args[0])) or [it.ButtonPress("btn:redraw")]
    if k == "plan":
        return _marking(p, set(args[0])) or [it.ButtonPress("btn:plan")]
    if k == "trap":                                     # set-up: a click on a lit trap hex
        return [it.Click(p.arena.cell(args[0]))]
    if k == "deploy":                                   # the champion dragged from its gate to its hex
        c, h = args
        return [it.Drop(f"champ:{c}", p.arena.cell(h), 0, 0)]
    if k in ("play", "react"):                          # the card dragged onto its own champion
        c = args[0]
        return [it.Drop(f"card:{c}", f"champ:{c // 6}", 0, 0)]
    if k == "standard":
        core, opt, champ = args
        if p.selected == f"std:{core}:{opt}":
            return [it.Click(f"champ:{champ}")]
        return [it.ButtonPress(f"btn:std:{core}:{opt}")]
    if k == "end":
        return [it.ButtonPress("btn:end")]
    if k == "pass":
        return [it.ButtonPress("btn:pass")]
    if k == "stop":
        return [it.ButtonPress("btn:stop")]
    if k == "target":
        return [it.Click(f"champ:{args[0]}")]
    if k == "discard":
        return [it.Click(f"card:{args[0]}")]
    if k == "hex":
        h = args[0]
        pd = v.pending[-1] if v.pending else None
        if pd is None:
            return None
        cell = p.arena.cell(h)
        piece = f"champ:{pd.champ}"
        # a drag of the moving champion, unless it stands on an ally it is walking through (the
        # ally's token then lies over it): the hexes take clicks as well
        if pd.kind != "trap" and cell in p.drag_targets(piece) and _occupant_besides(v, pd.champ) is None:
            paths = move_paths(v, pd)
            if paths.get(h, [h])[0] == h:               # a drop there takes this step (not a first step elsewhere)
                return [it.Drop(piece, cell, 0, 0)]
        who = _occupant(v, h)
        if who is not None and who != pd.champ:         # an ally walked through: click the one standing there
            return [it.Click(f"champ:{who}")]
        return [it.Click(cell)]
    return None


def choose(legal: list[Action], rng) -> Action:
    """A plausible player (rng: a random.Random): keeps or redraws, sets and deploys anywhere,
    plays cards (and presses on with their moves and targets) rather than ending the turn early,
    uses a standard action now and then, reacts when it can, so that a match reaches 5 VP."""
    def of(*kinds):
        return [a for a in legal if a.kind in kinds]
    plays, stds, ends = of("play"), of("standard"), of("end")
    if ends:                                            # the main decision of a turn
        if plays and rng.random() < 0.85:
            return rng.choice(plays)
        if stds and rng.random() < 0.5:
            return rng.choice(stds)
        return ends[0]
    reacts = of("react")
    if reacts:
        return rng.choice(reacts) if rng.random() < 0.5 else of("pass")[0]
    hexes = of("hex")
    if hexes and of("stop") and rng.random() < 0.15:
        return of("stop")[0]
    if hexes:
        return rng.choice(hexes)
    return rng.choice(legal)
