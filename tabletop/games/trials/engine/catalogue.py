"""The Trials pool as plain data, for `tabletop cards trials --json` and the deck builder."""

from __future__ import annotations

from tabletop.games.trials.engine.cards import OPS, SCHOOLS, Card, Effect, Side, Step, pool, side_text


def _step_json(st: Step) -> dict:
    """The step as card data: its op and the parameters it declares (OPS) that are set."""
    out: dict = {"op": st.op}
    out.update((p.name, v) for p in OPS.params(st.op) if (v := getattr(st, p.name)))
    return out


def _effect_json(e: Effect) -> dict:
    out = {"when": e.when, "do": [_step_json(st) for st in e.steps]}
    if e.target:
        out["target"] = e.target
    if e.cost:
        out["cost"] = dict(e.cost)
    if e.instant:
        out["instant"] = True
    return out


def _school(discs) -> list[str]:
    return sorted({s for s, pair in SCHOOLS.items() for d in discs if d in pair})


def card_json(c: Card, side_text) -> dict:
    out = {"id": c.id, "name": c.name, "type": c.type, "subtypes": list(c.subtypes),
           "disciplines": list(c.disciplines), "schools": _school(c.disciplines), "cost": c.cost,
           "attack": c.attack, "power": c.power, "hp": c.hp, "keywords": list(c.keywords),
           "effects": [_effect_json(e) for e in c.effects], "text": side_text(c.front)}
    if c.fallen:
        f: Side = c.fallen
        out["fallen"] = {"name": f.name, "subtypes": ["Fallen"], "attack": f.attack,
                         "keywords": list(f.keywords), "effects": [_effect_json(e) for e in f.effects],
                         "text": side_text(f)}
    return out


def card_pool() -> list[dict]:
    """Every card of the pool, for `tabletop cards trials --json`."""
    return [card_json(c, side_text) for c in pool().values()]
