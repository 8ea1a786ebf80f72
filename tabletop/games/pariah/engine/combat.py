"""The attack sequence: declare targets, roll to hit, roll to block, deal damage.

An attack plan is declared before any die is rolled: a tuple of
(target, dice) pairs, the main target first. A plain attack puts every die on
one target; Sweep X may put dice on up to X enemies adjacent to the main target
(the rules text's words: its left and right neighbours, so Sweep 2 or more
reaches both), Range X on up to X enemies anywhere on the line. Each named
target gets at least one die.
"""

from __future__ import annotations

from itertools import combinations

from tabletop.core import Event
from tabletop.games.pariah.engine.abilities import enemy_targets, resolve
from tabletop.games.pariah.engine.board import check_deaths, deal_damage, unit_name
from tabletop.games.pariah.engine.cards import design
from tabletop.games.pariah.engine.state import PariahState, side_of
from tabletop.games.pariah.engine.stats import keywords, stat


def compositions(total: int, parts: int):
    """Ways to split `total` dice over `parts` targets, each getting at least one."""
    if parts == 1:
        yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in compositions(total - first, parts - 1):
            yield (first,) + rest


def spread(s: PariahState, uid: int) -> tuple[str, int]:
    """("sweep" | "range" | "", X) for this attacker; Range wins if it has both."""
    kw = keywords(s, s.units[uid])
    if kw.range:
        return "range", kw.range
    if kw.sweep:
        return "sweep", kw.sweep
    return "", 0


def extra_targets(s: PariahState, uid: int, main: int) -> tuple[list[int], int]:
    """The enemies that may take dice besides the main target, and how many of them at most."""
    side = side_of(s.units[uid].owner)
    enemy = s.lines[1 - side]
    kind, x = spread(s, uid)
    if kind == "range":
        return [e for e in enemy if e != main], x
    if kind == "sweep":
        mi = enemy.index(main)
        return [enemy[j] for j in (mi - 1, mi + 1) if 0 <= j < len(enemy)], x
    return [], 0


def attack_plans(s: PariahState, uid: int) -> list[tuple[tuple[int, int], ...]]:
    u = s.units[uid]
    side = side_of(u.owner)
    dice = stat(s, u, "attacks")
    if dice <= 0 or not s.lines[1 - side]:
        return []
    plans = []
    for main in enemy_targets(s, side):
        pool, x = extra_targets(s, uid, main)
        for k in range(0, min(x, dice - 1, len(pool)) + 1):
            for extras in combinations(pool, k):
                targets = (main,) + extras
                for split in compositions(dice, len(targets)):
                    plans.append(tuple(zip(targets, split)))
    return plans


def why_plan_illegal(s: PariahState, uid: int, plan) -> str | None:
    """A sentence for a malformed or forbidden attack plan, or None."""
    u = s.units[uid]
    side = side_of(u.owner)
    try:
        targets = [t for t, _ in plan]
        split = [n for _, n in plan]
    except (TypeError, ValueError):
        return "An attack names its targets and the dice each one gets."
    if not targets:
        return "An attack needs a target."
    enemy = s.lines[1 - side]
    if any(t not in enemy for t in targets):
        return "Attacks can only target enemy units on the front line."
    if len(set(targets)) != len(targets) or any(not isinstance(n, int) or n < 1 for n in split):
        return "Each target is named once and gets at least one die."
    dice = stat(s, u, "attacks")
    if sum(split) != dice:
        return f"{unit_name(s, uid)} rolls {dice} attack dice: the plan must share out exactly {dice}."
    allowed = enemy_targets(s, side)
    if targets[0] not in allowed:
        return "An enemy Guardian is in play: the main target must be a Guardian."
    pool, x = extra_targets(s, uid, targets[0])
    extras = targets[1:]
    if extras:
        kind, _ = spread(s, uid)
        if not kind:
            return f"{unit_name(s, uid)} has neither Sweep nor Range: all its dice go to one target."
        if len(extras) > x:
            return f"{kind.capitalize()} {x} lets the attack reach at most {x} more enemies."
        if any(t not in pool for t in extras):
            return "Sweep only reaches the enemies next to the main target."
    return None


def block_need(s: PariahState, attacker, defender) -> int:
    """The lowest defence roll that blocks: Armor raised by the attacker's perforation,
    never above the defender's Invulnerable value."""
    need = stat(s, defender, "armor") + stat(s, attacker, "ap")
    inv = keywords(s, defender).invulnerable
    return min(need, inv) if inv else need


def resolve_attack(s: PariahState, uid: int, plan, events: list[Event]) -> None:
    att = s.units[uid]
    side = side_of(att.owner)
    name = unit_name(s, uid)
    need = stat(s, att, "dexterity")
    dmg = stat(s, att, "damage")
    per_die = [t for t, n in plan for _ in range(n)]
    faces = [s.rng.randint(1, 6) for _ in per_die]
    events.append(Event("dice", {"faces": faces, "purpose": "attack", "attacker": uid, "targets": per_die,
                                 "need": need, "unit": uid, "name": name, "owner": att.owner,
                                 "target_names": [unit_name(s, t) for t, _ in plan],
                                 "target_owners": [s.units[t].owner for t, _ in plan]}, reveals=True))
    damaged: list[tuple[int, str, int]] = []          # (unit, design, owner)
    for target, _ in plan:
        hits = sum(1 for t, f in zip(per_die, faces) if t == target and f >= need)
        if not hits or target not in s.units:
            continue
        d = s.units[target]
        block = block_need(s, att, d)
        dfaces = [s.rng.randint(1, 6) for _ in range(hits)]
        blocked = sum(1 for f in dfaces if f >= block)
        events.append(Event("dice",
                            {"faces": dfaces, "purpose": "defence", "defender": target, "need": block,
                             "hits": hits, "blocked": blocked, "unit": target,
                             "name": unit_name(s, target), "owner": d.owner},
                            reveals=True))
        through = hits - blocked
        if through and dmg:
            deal_damage(s, target, through * dmg, events, f"{through} hit{'s' if through != 1 else ''} "
                        f"from {name}", source=uid, hits=through)
            damaged.append((target, d.design, d.owner))
    dead = check_deaths(s, events)
    kills = [t for t, _ in plan if t in dead]
    # passive triggers: the attacker's "kill", then each damaged unit's "attacked"
    for _ in kills:
        if uid in s.units:
            for a in design(att.design).abilities:
                if a.when == "passive" and a.trigger == "kill":
                    resolve(s, a.name, a.target, a.effects, uid, att.owner, side, -1, events)
    for target, dsg, owner in damaged:
        for a in design(dsg).abilities:
            if a.when == "passive" and a.trigger == "attacked" and uid in s.units:
                resolve(s, a.name, a.target, a.effects, target, owner, side_of(owner), -1, events,
                        attacker=uid)
