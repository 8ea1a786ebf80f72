"""The Champions' Brawl log: every event the engine emits, told from its data with the seats'
names and "You" (never the engine's own line, never a hidden card to the wrong seat).

Champions are named with their owner ("your Kessa Thornvale", "Bot's Orrin Gale"): a champion's
owner is its number // 3. Hexes are named by what the viewer sees on the board (places.py).
"""

from __future__ import annotations

from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.presentation.places import place
from tabletop.table.narration import Narrator, Voice, count, drawn

TRAP_WORDS = {"spikes": "a Spike Pit (2 damage)", "snare": "a Snare (its move ends)",
              "drop": "a Tripwire (a card of it is lost)"}
CORE_DOES = {"move": "move 2", "red": "move 1 and strike 1", "yellow": "move 1 and heal 1",
             "blue": "move 1 and Plan 1"}


def _hex(h, v: Voice) -> str:
    """A hex as the viewer sees it on the board (places.py), never its coordinates."""
    if not isinstance(h, int) or h == GATE:
        return "its gate"
    return place(h, v.whose, v.viewer)


def _champ(d: dict, v: Voice, unit: str = "unit", name: str = "name") -> str:
    """A champion with its owner: "your Kessa Thornvale", "Bot's Maud Ironroot"."""
    c = d.get(unit)
    nm = d.get(name) or d.get(f"{unit}_name") or "a champion"
    return v.owned(c // 3, nm) if isinstance(c, int) and c >= 0 else nm


def _pick(d: dict, v: Voice) -> str:
    if d.get("name"):
        return v.says(d["seat"], "chooses", d["name"])
    return v.says(d["seat"], "chooses", "a champion in secret")


def _teams(d: dict, v: Voice) -> str:
    names = d.get("names") or []
    if len(names) != 6:
        return "the teams are set"
    return (f"the teams are set: {v.whose(0)} {', '.join(names[:3])} against "
            f"{v.whose(1)} {', '.join(names[3:])}")


def _redraw(d: dict, v: Voice) -> str:
    n = d["count"]
    if not n:
        return v.says(d["seat"], "keeps", f"{v.their(d['seat'])} opening hand")
    p = d["seat"]
    return v.says(p, "sets aside", f"{count(n, 'card')} and {v.agree(p, 'draws')} as many")


def _turn(d: dict, v: Voice) -> str:
    return f"round {d['round']}: {v.whose(d['seat'])} turn begins"


def _challenge(d: dict, v: Voice) -> str:
    return v.says(d["seat"], "completes", f"{d['name']} for {count(d['amount'], 'VP', 'VP')} "
                  f"({d['total']} now)")


def _track(d: dict, v: Voice) -> str:
    if d.get("name"):
        return f"the challenge track moves on and {d['name']} enters it"
    return "the challenge track moves on"


def _game_over(d: dict, v: Voice) -> str:
    return v.says(d["winner"], "wins", "the brawl")


def _play(d: dict, v: Voice) -> str:
    what = d["name"]
    if d.get("unit_name"):           # the presenter adds the champion's name it knows
        what += f" with {v.their(d['seat'])} {d['unit_name']}"
    return v.says(d["seat"], "plays", what)


def _standard(d: dict, v: Voice) -> str:
    does = CORE_DOES.get(d["core"] if d.get("option") == "own" else "move", "move")
    return v.says(d["seat"], "spends", f"{v.their(d['seat'])} {d['core']} core: {d['name']} may {does}")


def _move(d: dict, v: Voice) -> str:
    if d.get("from") == GATE:
        return f"{_champ(d, v)} comes back into the arena at {_hex(d['to'], v)}"
    return f"{_champ(d, v)} moves to {_hex(d['to'], v)}"


def _trap(d: dict, v: Voice) -> str:
    what = TRAP_WORDS.get(d.get("trap"), "a trap")
    return f"{_champ(d, v)} springs a trap at {_hex(d.get('to'), v)}: {what}!"


def _damage(d: dict, v: Voice) -> str:
    return f"{_champ(d, v)} takes {d['amount']} damage ({d['total']} in all)"


def _heal(d: dict, v: Voice) -> str:
    return f"{_champ(d, v)} heals {d['amount']} ({d['total']} damage left)"


def _out(d: dict, v: Voice) -> str:
    foe = 1 - d["seat"]
    gains = v.says(foe, "gains", f"1 VP ({d['total']} now)", mid=True)
    return f"{_champ(d, v)} is out of action and goes to the gate; {gains}"


def _level(d: dict, v: Voice) -> str:
    return f"{_champ(d, v)} levels up"


def _discard(d: dict, v: Voice) -> str:
    return v.says(d["seat"], "discards", d["name"])


def _reveal(d: dict, v: Voice) -> str:
    names = d.get("names") or []
    shown = f": {', '.join(names)}" if names else ", which is empty"
    return v.says(d["seat"], "shows", f"a hand with no card of {_champ(d, v)}{shown}")


def _strike(d: dict, v: Voice) -> str:
    who = v.owned(1 - d["seat"], d.get("target_name") or "champion")
    n = d["amount"]
    blow = f"{v.whose(d['seat'])} blow on {who}"
    return f"{blow} gets {n} through" if n else f"{blow} is stopped"


def _target(d: dict, v: Voice) -> str:
    t = d.get("target")
    aim = v.owned(t // 3, d.get("target_name") or "champion") if isinstance(t, int) else "a champion"
    return f"{v.whose(d['seat'])} {d.get('unit_name') or 'champion'} takes aim at {aim}"


def _react(d: dict, v: Voice) -> str:
    return v.says(d["seat"], "reacts", f"with {d['name']}")


def _shield(d: dict, v: Voice) -> str:
    return f"{_champ(d, v)} raises a shield of {d['amount']}"


def _no_target(d: dict, v: Voice) -> str:
    who = _champ(d, v) if d.get("name") or d.get("unit_name") else f"{v.whose(d['seat'])} champion"
    return f"{who} has no target in range"


def _no_effect(d: dict, v: Voice) -> str:
    return f"{_champ(d, v)} is not in a straight row and does not move"


NARRATE = Narrator({
    "pick": _pick,
    "teams": _teams,
    "redraw": _redraw,
    "lay_trap": lambda d, v: v.says(d["seat"], "sets", f"a face-down trap on {_hex(d['to'], v)}"),
    "deploy": lambda d, v: v.says(d["seat"], "deploys", f"{d['name']} on {_hex(d['to'], v)}"),
    "turn": _turn,
    "challenge": _challenge,
    "track": _track,
    "game_over": _game_over,
    "play": _play,
    "standard": _standard,
    "move": _move,
    "trap": _trap,
    "damage": _damage,
    "heal": _heal,
    "out": _out,
    "level_up": _level,
    "shuffle": lambda d, v: v.says(d["seat"], "shuffles", f"{v.their(d['seat'])} discard pile into a new deck"),
    "draw": drawn,
    "discard": _discard,
    "reveal_hand": _reveal,
    "strike": _strike,
    "target": _target,
    "react": _react,
    "shield": _shield,
    "no_target": _no_target,
    "no_effect": _no_effect,
    "root": lambda d, v: f"{_champ(d, v)} is rooted",
    "plan": lambda d, v: v.says(d["seat"], "puts", f"{count(d['count'], 'card')} on top of {v.their(d['seat'])} deck"),
})
