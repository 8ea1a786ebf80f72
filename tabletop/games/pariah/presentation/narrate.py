"""The Pariah log: every event told from its data, with the seats' names and "You"."""

from __future__ import annotations

from tabletop.games.pariah.engine.state import ROUNDS
from tabletop.table.narration import Narrator, Voice, count, listing


def side_seats(side: int, v: Voice) -> list[int]:
    """The seats of a side: one in a duel, a team of two in a four-player game."""
    return [p for p in range(max(2, len(v.names))) if p % 2 == side]


def _side(side: int, v: Voice, verb: str, rest: str = "", mid: bool = False) -> str:
    return v.group_says(side_seats(side, v), verb, rest, mid)


def _unit(d: dict, v: Voice, key: str = "") -> str:
    """A unit named with its owner: "your Grunt", "Bot's Wisp token"."""
    prefix = f"{key}_" if key else ""
    return v.owned(d.get(prefix + "owner"), d[prefix + "name"])


def _faces(faces: list[int]) -> str:
    return listing(str(f) for f in faces)


def _dice(d: dict, v: Voice) -> str:
    faces = d["faces"]
    if d["purpose"] == "initiative":
        a, b = (v.group(side_seats(s, v), mid=True) for s in (0, 1))
        return (f"Priority is tied, so each side rolls for the initiative: {a[0]} {'roll' if a[1] else 'rolls'} "
                f"{faces[0]} and {b[0]} {'roll' if b[1] else 'rolls'} {faces[1]}")
    if d["purpose"] == "attack":
        aims = listing(v.owned(o, n) for n, o in zip(d["target_names"], d["target_owners"]))
        hits = sum(1 for f in faces if f >= d["need"])
        return (f"{_unit(d, v)} attacks {aims} and rolls {_faces(faces)}, hitting on {d['need']}+: "
                f"{count(hits, 'hit')}")
    return (f"{_unit(d, v)} rolls {_faces(faces)} to block {count(d['hits'], 'hit')}, blocking on "
            f"{d['need']}+: {d['blocked']} blocked")


def _damage(d: dict, v: Voice) -> str:
    if d.get("hits"):
        cause = f"{count(d['hits'], 'hit')} from {_unit(d, v, 'source')}"
    else:
        cause = d["cause"]
    # a passive's answer to an attack (Searing Hide) hurts the attacker: told apart as the tray does
    back = " back" if not d.get("hits") and d.get("attacker") == d["unit"] else ""
    return f"{_unit(d, v)} takes {d['amount']} damage{back} ({cause})"


def _destroyed(d: dict, v: Voice) -> str:
    if d.get("token"):
        return f"{_unit(d, v)} is destroyed and removed"
    if d.get("removed"):
        return f"{_unit(d, v)} falls a second time and leaves the game (no energy)"
    gains = _side(d["side"], v, "gains", f"{d['amount']} Elemental Energy", mid=True)
    return f"{_unit(d, v)} is destroyed; {gains}"


def _initiative(d: dict, v: Voice) -> str:
    if "roll" in d:
        who, plural = v.group(side_seats(d["side"], v))
        return f"{who} {'win' if plural else 'wins'} the roll and {'take' if plural else 'takes'} the initiative"
    return _side(d["side"], v, "takes", f"the initiative with the single highest Priority ({d['priority']})")


def result_sentence(winners: list[int], points: list[int], units: list[int], rnd: int, v: Voice) -> str:
    """How the match ended, from the winners, points and units left (as game_end tells it)."""
    if not winners:
        if not any(units):
            return "Both sides have lost every unit: a draw."
        return f"After round {ROUNDS} both sides keep {count(points[0], 'point')}: a draw."
    w = winners[0]
    if not units[1 - w]:
        return _side(w, v, "wins", f"by annihilation at the end of round {rnd}") + "."
    return _side(w, v, "wins", f"by attrition, {points[w]} points to {points[1 - w]}") + "."


def _emblem(d: dict, v: Voice) -> str:
    if "seat" in d:
        return v.says(d["seat"], "raises", f"the emblem {d['name']} ({d['amount']} energy)")
    return _side(d["side"], v, "gains", f"the emblem {d['name']} ({d['cause']})")


def _ability(d: dict, v: Voice) -> str:
    on = d.get("on")
    if on and d.get("target") == d["unit"]:
        on = "itself"
    elif on and d.get("target_owner") is not None:
        on = v.owned(d["target_owner"], on)
    return f"{_unit(d, v)} uses {d['ability_name']}" + (f" on {on}" if on else "")


def _consumable(d: dict, v: Voice) -> str:
    on = ""
    if d.get("target_name"):
        own = d["target_owner"] == d["seat"]
        on = f" on {v.their(d['seat']) + ' ' + d['target_name'] if own else _unit(d, v, 'target')}"
    return v.says(d["seat"], "uses", f"{d['name']}{on} ({d['amount']} energy)")


def _relic_draw(d: dict, v: Voice) -> str:
    if "names" in d:
        return v.says(d["seat"], "draws", listing(d["names"]) if d["names"] else "no relic")
    return v.says(d["seat"], "draws", count(d["count"], "relic"))


def _keep(d: dict, v: Voice) -> str:
    p = d["seat"]
    kept = d["name"] if "name" in d else "a relic"
    return (f"{v.says(p, 'keeps', kept)} and {v.agree(p, 'puts')} {d['bottom']} on the bottom of "
            f"{v.their(p)} relic deck")


def _army(d: dict, v: Voice) -> str:
    """An army set out face down: its owner hears its units, the others its count and points."""
    told = f"({d['points']} points; {d['energy']} Elemental Energy)"
    p = d["seat"]
    if "names" in d:
        return v.says(p, "sets out", f"{v.their(p)} army face down: {listing(d['names'])} {told}")
    return v.says(p, "sets out", f"an army of {count(d['count'], 'unit')} face down {told}")


def _pick(d: dict, v: Voice) -> str:
    if "name" in d:
        return v.says(d["seat"], "adds", f"{d['name']} to {v.their(d['seat'])} army")
    return v.says(d["seat"], "is", "choosing an army")


def _unpick(d: dict, v: Voice) -> str:
    if "name" in d:
        return v.says(d["seat"], "takes", f"{d['name']} back out of {v.their(d['seat'])} army")
    return v.says(d["seat"], "is", "choosing an army")


NARRATE = Narrator({
    "pick": _pick,
    "unpick": _unpick,
    "commit": lambda d, v: v.says(d["seat"], "commits", "an army face down"),
    "army": _army,
    "first_deployer": lambda d, v: _side(d["side"], v, "deploys", "first (drawn at random)"),
    "deploy": lambda d, v: v.says(d["seat"], "deploys", f"{d['name']} in slot {d['index'] + 1}"),
    "round": lambda d, v: f"Round {d['round']} begins",
    "round_end": lambda d, v: f"Round {d['round']} ends",
    "initiative": _initiative,
    "dice": _dice,
    "equip": lambda d, v: v.says(d["seat"], "equips", f"{_unit(d, v, 'unit')} with {d['name']} "
                                                      f"({d['amount']} energy)"),
    "emblem": _emblem,
    "consumable": _consumable,
    "evolve": lambda d, v: v.says(d["seat"], "evolves", f"{_unit(d, v, 'unit')} into {d['name']} "
                                                        f"({d['amount']} energy)"),
    "ready": lambda d, v: v.says(d["seat"], "is", "ready"),
    "activate": lambda d, v: f"{_unit(d, v)} activates",
    "ability": _ability,
    "end_activation": lambda d, v: f"{_unit(d, v)} ends its activation",
    "damage": _damage,
    "destroyed": _destroyed,
    "heal": lambda d, v: f"{_unit(d, v)} recovers {d['amount']} ({d['cause']})",
    "modify": lambda d, v: f"{_unit(d, v)} gets {d['delta']:+d} {d['stat_name']} this round ({d['cause']})",
    "energy": lambda d, v: _side(d["side"], v, "gains", f"{d['amount']} Elemental Energy ({d['cause']})"),
    "token": lambda d, v: f"{_unit(d, v)} appears ({d['cause']})",
    "revive": lambda d, v: f"{_unit(d, v)} returns to the line ({d['cause']})",
    "emblem_destroyed": lambda d, v: f"The emblem {d['name']} is destroyed ({d['cause']})",
    "token_gone": lambda d, v: f"{_unit(d, v)} leaves at the end of the round",
    "game_end": lambda d, v: result_sentence(d["winners"], d["points"], d["units"], d["round"], v),
    "relic_draw": _relic_draw,
    "keep": _keep,
    "take_evo": lambda d, v: v.says(d["seat"], "takes", f"the evolution {d['name']}"),
    "no_evo": lambda d, v: v.says(d["seat"], "takes", "no evolution"),
})
