"""How a player makes each Pariah action on the table: the intents (drags, clicks, buttons)
the presenter turns into that action. Shared by the presenter tests and the shell tests."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.table import intents as it


def route(p, a: Action) -> list | None:
    """The first intent of the way to play `a`, or None when the table offers no way (a choice
    beyond the buttons shown; the side panel still lists it). Call again after each intent:
    several actions take more than one step (select, then act; share the dice, then roll)."""
    k, args = a.kind, a.args
    if k in ("pick", "unpick", "deploy", "keep", "take_evo"):
        return [it.Click(f"card:{args[0]}")]
    if k in ("commit", "ready", "no_evo"):
        return [it.ButtonPress(f"btn:{k}")]
    if k == "end":
        uid = args[0]
        if p.moves.focus_unit() != uid:
            return [it.Click(f"card:{uid}")]
        return [it.ButtonPress(f"btn:end:{uid}")]
    if k == "attack":
        uid, plan = args
        if p.plan.is_open and (p.plan.unit, p.plan.main) != (uid, plan[0][0]):
            return [it.ButtonPress("btn:cancel")]
        if not p.plan.is_open:
            return [it.Drop(f"card:{uid}", f"card:{plan[0][0]}", 0, 0)]
        want = dict(plan)
        for t, n in p.plan.dice.items():
            if t != p.plan.main and n < want.get(t, 0):
                return [it.ButtonPress(f"btn:dist:+:{t}")]
        return [it.ButtonPress("btn:roll")]
    if k == "ability":
        uid, i, ch = args
        if p.controls.ability is None:
            if p.moves.focus_unit() != uid:
                return [it.Click(f"card:{uid}")]
            return [it.ButtonPress(f"btn:ability:{uid}:{i}")]
        if p.moves.targets_unit(a):
            return [it.Click(f"card:{ch}")]
        return _choice(p, "choice", p.moves.ability_uses(uid, i), a)
    if k in ("relic", "evolve"):
        c, t = args
        if t == -1 or not p.moves.targets_unit(a):
            if p.selected != c:
                return [it.Click(f"card:{c}")]
            if t == -1:
                return [it.ButtonPress("btn:play")]
            return _choice(p, "pchoice", p.moves.other_choices(c), a)
        return [it.Drop(f"card:{c}", f"card:{t}", 0, 0)]
    return None


def _choice(p, kind: str, acts: list, a: Action) -> list:
    """The choice button of `a`, or More… until the page that shows it."""
    first, shown, _ = p.controls.page_of(acts)
    if a in shown:
        return [it.ButtonPress(f"btn:{kind}:{first + shown.index(a)}")]
    return [it.ButtonPress(f"btn:more:{kind}")]
