"""The Trials log: every event told from its data, with the seats' names and "You"."""

from __future__ import annotations

from tabletop.games.trials.engine.state import seat_of
from tabletop.table.narration import Narrator, Voice, count, drawn, listing


def _it(d: dict, v: Voice, key: str = "") -> str:
    """A card named with its owner: "your Kira", "Bot's Fire Bolt"."""
    prefix = f"{key}_" if key else ""
    owner, cid = d.get(prefix + "owner"), d.get(key or "card")
    if owner is None and isinstance(cid, int) and cid >= 0:
        owner = seat_of(cid)
    return v.owned(owner, d[prefix + "name"])


def _avatar(d: dict, v: Voice) -> str:
    return v.owned(seat_of(d["avatar"]), d["avatar_name"])


def _play(d: dict, v: Voice) -> str:
    p = d["seat"]
    on = f"{v.their(p)} {d['avatar_name']}" if seat_of(d["avatar"]) == p else _avatar(d, v)
    return v.says(p, "plays", f"{d['name']} on {on}")


def _initiative(d: dict, v: Voice) -> str:
    if d.get("why") == "passed_first":
        return f"{v.who(d['seat'])} passed first and {v.agree(d['seat'], 'takes')} the initiative"
    return v.says(d["seat"], "takes", "the initiative")


_FIZZLES = {
    "target": "a target of {whose} effect is no longer valid: that part of the effect is cancelled",
    "ignite_target": "{whose} ignite fizzles: its target is no longer valid",
    "attacker_gone": "{whose} attack is cancelled: the attacker has left play or fallen",
    "attack_target": "{whose} attack is cancelled: its target is no longer valid",
}


def _fizzle(d: dict, v: Voice) -> str:
    if d.get("why") == "no_avatar":
        return f"{_it(d, v)} has no standing Avatar to attach to and is discarded"
    return _FIZZLES[d["why"]].format(whose=v.whose(d.get("seat")))


def _shield(d: dict, v: Voice) -> str:
    if "absorbed" in d:
        return f"{_it(d, v)}'s shield absorbs the damage"
    return f"{_it(d, v)} is shielded"


def _scout(d: dict, v: Voice) -> str:
    p = d["seat"]
    if d.get("card", 0) is None:
        return v.says(p, "takes", "no card by scouting")
    if "name" in d:
        return v.says(p, "scouts", f"{d['name']} from the {d['where']} of {v.their(p)} deck")
    return v.says(p, "scouts", f"the {d['where']} card of {v.their(p)} deck")


def _exile(d: dict, v: Voice) -> str:
    if d.get("from") == "discards":
        return f"{_it(d, v)} is exiled from {v.whose(d['owner'])} discard pile"
    return f"{_it(d, v)} is exiled"


def _over(d: dict, v: Voice) -> str:
    return v.group_says(list(d["winners"]), "wins", "the match")


def _ignite(d: dict, v: Voice) -> str:
    burnt = f" ({listing(d['names'])})" if d.get("names") else ""
    return v.says(d["seat"], "ignites", count(d["amount"], "card") + burnt)


NARRATE = Narrator({
    "round": lambda d, v: f"Round {d['round']} begins",
    "pass": lambda d, v: v.says(d["seat"], "passes"),
    "initiative": _initiative,
    "channel": lambda d, v: f"{_it(d, v)} channels 1 energy",
    "play": _play,
    "activate": lambda d, v: f"{_it(d, v)} activates its effect",
    "trigger": lambda d, v: f"{_it(d, v)}'s effect triggers and goes on the stack",
    "declare_attack": lambda d, v: f"{_it(d, v)} attacks {_it(d, v, 'target')}",
    "ignite": _ignite,
    "lose_hp": lambda d, v: f"{_it(d, v)} loses {d['amount']} HP",
    "fizzle": _fizzle,
    "ability": lambda d, v: f"{_it(d, v)} resolves on {_avatar(d, v)}",
    "parry": lambda d, v: f"{_it(d, v)} parries first",
    "attack": lambda d, v: f"{_it(d, v)} strikes {_it(d, v, 'target')} for {d['amount']}",
    "reciprocal": lambda d, v: f"{_it(d, v)} deals {d['amount']} reciprocal damage",
    "detach": lambda d, v: f"{_it(d, v)} is detached from {_avatar(d, v)} to make room",
    "attach": lambda d, v: f"{_it(d, v)} is attached to {_avatar(d, v)}",
    "shield": _shield,
    "ward": lambda d, v: f"{_it(d, v)}'s armour turns the blow",
    "damage": lambda d, v: f"{_it(d, v)} takes {d['amount']} damage",
    "corrode": lambda d, v: f"{_it(d, v)} corrodes away",
    "heal": lambda d, v: f"{_it(d, v)} restores {d['amount']} HP",
    "destroy": lambda d, v: f"{_it(d, v)} is destroyed",
    "exile": _exile,
    "fall": lambda d, v: f"{_it(d, v)} falls and rises as {d['fallen_name']}",
    "out": lambda d, v: v.says(d["seat"], "is", "defeated"),
    "over": _over,
    "draw": drawn,
    "scout": _scout,
    "discard": lambda d, v: v.says(d["seat"], "discards", d["name"]),
    "confuse": lambda d, v: (f"{v.says(d['seat'], 'is', 'confused')}: the top card of "
                             f"{v.their(d['seat'])} deck goes to the bottom"),
    "energy": lambda d, v: v.says(d["seat"], "gains", f"{d['amount']} energy"),
    "recover": lambda d, v: v.says(d["seat"], "returns", f"{d['name']} to {v.their(d['seat'])} hand"),
    "counter": lambda d, v: f"{_it(d, v)} gets {count(d['amount'], d['counter'] + ' counter')}",
    "exhaust": lambda d, v: f"{_it(d, v)} is exhausted",
    "ready": lambda d, v: f"{_it(d, v)} is readied",
    "buff": lambda d, v: f"{_it(d, v)} gets {d['amount']:+d} Attack this round",
    "stealth": lambda d, v: f"{_it(d, v)} becomes stealthy this round",
    "hide_from": lambda d, v: f"{_it(d, v)} becomes stealthy to {v.whom(d['seat'])} this round",
    "revive": lambda d, v: f"{_it(d, v)} is revived",
})


def result_line(winners: list[int], reason: str, v: Voice) -> str:
    """The end of the match in one sentence (the engine's reason has no seat in it)."""
    if not winners:
        return "The match ends in a draw."
    return f"{v.group_says(list(winners), 'wins')}: {reason}."
