"""The Paragons log: every event the engine emits, told from its data as a sentence of the story,
with the seats' names and "You" (never the engine's own line, never a secret to the wrong seat).

Some events name a target only by id (an attack's target, an ability's); the presenter's `tell`
adds the names the table knows (`target_name`) before asking, and without them the sentence
still reads ("attacks an enemy mercenary").
"""

from __future__ import annotations

from tabletop.table.narration import Narrator, Voice, count, drawn, listing

CLASS_NAMES = {"warrior": "Warrior", "mage": "Mage", "ranger": "Ranger"}
LINK_WORDS = {"merc": "the mercenary being played", "spell": "the spell", "hide": "the card put face down",
              "attack": "the attack", "defend": "the defence", "ability": "the ability",
              "caster": "the Caster's shot", "garrison": "the Garrison counter", "recruit": "the Recruit"}


def _it(d: dict, v: Voice, key: str = "") -> str:
    """A card with its owner: "your Ironclad", "Bot's Fireball" (no owner: just its name)."""
    prefix = f"{key}_" if key else ""
    nm = d.get(prefix + "name") or "a card"
    return v.owned(d.get(prefix + "owner"), nm)


def _target(d: dict, v: Voice) -> str:
    """What an attack or a shot aims at: a player, or a mercenary by the name the table gave."""
    t = d.get("target")
    if isinstance(t, int) and t < 0:
        return v.whom(-1 - t)
    if d.get("target_name"):
        return _it(d, v, "target")
    return "an enemy mercenary"


def _play(d: dict, v: Voice) -> str:
    p = d["seat"]
    if d.get("from") == "hidden":
        return v.says(p, "reveals", f"{d['name']} from {v.their(p)} Hidden Pile")
    return v.says(p, "plays", d["name"])


def _life(d: dict, v: Voice) -> str:
    p, n = d["seat"], d["amount"]
    if n < 0:
        by = f" to {d['source_name']}" if d.get("source_name") else ""
        return f"{v.says(p, 'loses', f'{-n} Life{by}')} and {v.agree(p, 'is')} at {d['total']}"
    return f"{v.says(p, 'gains', f'{n} Life')} ({d['total']} now)"


def _damage(d: dict, v: Voice) -> str:
    by = f" from {d['source_name']}" if d.get("source_name") else ""
    return f"{_it(d, v)} takes {d['amount']} damage{by}"


def _garrison(d: dict, v: Voice) -> str:
    n = d["amount"]
    if n < 0:
        return f"{_it(d, v)} loses {count(-n, 'Garrison counter')} to its wounds"
    return f"{_it(d, v)} takes a Garrison counter ({d['total']} now)"


def _destroy(d: dict, v: Voice) -> str:
    if d.get("from") == "imbued":
        return f"{_it(d, v)} falls away with its mercenary"
    if d.get("from") == "space":
        return f"the Enchantment {_it(d, v)} is swept from its space"
    return f"{_it(d, v)} is destroyed"


def _enter(d: dict, v: Voice) -> str:
    p = d["owner"]
    text = f"{d['name']} takes its place on {v.whose(p)} {_space(d['space'])}"
    if (d.get("bumped") or -1) >= 0 and (d.get("bump") or -1) >= 0:
        text += f", pushing the mercenary there to the {_space(d['bump'])}"
    return text


def _space(i: int) -> str:
    return f"{'Front' if i < 4 else 'Back'} Line, column {i % 4 + 1}"


def _buff(d: dict, v: Voice) -> str:
    parts = []
    if d.get("atk"):
        parts.append(f"{d['atk']:+d} attack")
    if d.get("hp"):
        parts.append(f"{d['hp']:+d} health")
    return f"{_it(d, v)} gets {listing(parts) or 'nothing more'} this turn"


def _counter(d: dict, v: Voice) -> str:
    copy = d["name"].startswith("the copy")
    what = d["name"] if copy or d.get("owner") is None else f"{v.whose(d['owner'])} {d['name']}"
    where = {"hand": ": the card goes back to its owner's hand", "discard": ": the card is discarded"}
    return f"{what} is cancelled{where.get(d.get('to'), '')}"


def _rescind(d: dict, v: Voice) -> str:
    what = LINK_WORDS.get(d.get("cause"), "the action")
    back = {"hand": " and the card goes back to the hand", "hidden": " and the card goes back face down"}
    return f"{v.whose(d['seat'])} {what[4:] if what.startswith('the ') else what} can no longer be done" \
           f"{back.get(d.get('to'), '')}"


def _rechoose(d: dict, v: Voice) -> str:
    what = LINK_WORDS.get(d.get("cause"), "the action")
    return f"{v.whose(d['seat'])} {what[4:]} cannot go as declared, so {v.says(d['seat'], 'chooses', 'again', mid=True)}"


def _mulligan(d: dict, v: Voice) -> str:
    p, n = d["seat"], d["count"]
    if not n:
        return v.says(p, "keeps", f"{v.their(p)} opening hand")
    return v.says(p, "sends", f"{count(n, 'card')} back and {v.agree(p, 'draws')} as many")


def _out(d: dict, v: Voice) -> str:
    p = d["seat"]
    why = "cannot draw" if "draw" in str(d.get("cause", "")) else "has no Life left"
    return f"{v.who(p)} {v.agree(p, why.split(' ', 1)[0])} {why.split(' ', 1)[1]}: " \
           f"{v.whom(p)} {v.agree(p, 'is')} out of the game"


def _game_over(d: dict, v: Voice) -> str:
    return v.says(d["winner"], "wins", f"game {d['count']}")


def _over(d: dict, v: Voice) -> str:
    return v.group_says(list(d["winners"]), "wins", f"the match ({count(d['total'], 'game')} won)")


def _class(d: dict, v: Voice) -> str:
    coin = " (a coin settled the clash)" if len(d.get("clash") or []) > 1 else ""
    return v.says(d["seat"], "takes", f"the {CLASS_NAMES.get(d['class'], d['class'])}{coin}")


def _wish(d: dict, v: Voice) -> str:
    if "class" in d:
        return v.says(d["seat"], "wishes", f"to play the {CLASS_NAMES.get(d['class'], d['class'])}")
    return v.says(d["seat"], "chooses", "a class in secret")


def _build_move(d: dict, v: Voice) -> str:
    p = d["seat"]
    if "name" not in d:
        return v.says(p, "changes", f"{v.their(p)} deck")
    if d.get("to") == "deck":
        return v.says(p, "puts", f"{d['name']} into {v.their(p)} deck")
    return v.says(p, "sets", f"{d['name']} aside in {v.their(p)} Reserve Pile")


def _build_swap(d: dict, v: Voice) -> str:
    p = d["seat"]
    if "out_names" not in d:
        return v.says(p, "swaps", f"{count(d['count'], 'card')} of {v.their(p)} deck")
    return v.says(p, "swaps", f"{listing(d['out_names'])} for {listing(d['into_names'])}")


def _turn(d: dict, v: Voice) -> str:
    p = d["seat"]
    return f"Round {d['round']}: {v.whose(p)} turn, with {count(d['total'], 'mana', 'mana')}"


def _hide(d: dict, v: Voice) -> str:
    p = d["seat"]
    if "name" in d:
        return v.says(p, "puts", f"{d['name']} face down in {v.their(p)} Hidden Pile")
    return v.says(p, "puts", f"a card face down in {v.their(p)} Hidden Pile")


def _clash(d: dict, v: Voice) -> str:
    return f"{_it(d, v)} and {_it(d, v, 'target')} trade blows"


NARRATE = Narrator({
    # the class choice, the draft, deck building
    "wish": _wish,
    "class": _class,
    "layout": lambda d, v: f"The {'Greater' if d.get('round') == 0 else 'Lesser'} draft lays out "
                           f"{count(len(d['cards']), 'mercenary', 'mercenaries')}",
    "pick": lambda d, v: v.says(d["seat"], "drafts", d["name"]),
    "build": lambda d, v: "Everyone builds a deck of exactly 30 cards",
    "build_move": _build_move,
    "build_swap": _build_swap,
    "deck_ready": lambda d, v: f"{v.whose(d['seat'])} deck of {d['count']} cards is ready",
    # a game
    "game": lambda d, v: f"Game {d['count']} begins; the Mercenary Pool offers {listing(d.get('names') or [])}"
                         if d.get("names") else f"Game {d['count']} begins",
    "mulligan": _mulligan,
    "turn": _turn,
    "end_turn": lambda d, v: v.says(d["seat"], "ends", f"{v.their(d['seat'])} turn"),
    "draw": drawn,
    # declared on the chain
    "declare_play": _play,
    "declare_attack": lambda d, v: f"{_it(d | {'owner': d['seat']}, v)} attacks {_target(d, v)}",
    "declare_defence": lambda d, v: f"{_it(d | {'owner': d['seat']}, v)} steps up to defend against "
                                    f"{_target(d, v) if d.get('target_name') else 'the attacker'}",
    "declare_ability": lambda d, v: f"{_it(d | {'owner': d['seat']}, v)} calls on its ability",
    "declare_cast": lambda d, v: f"{_it(d | {'owner': d['seat']}, v)} readies a Caster's shot at {_target(d, v)}",
    "declare_garrison": lambda d, v: v.says(d["seat"], "pays", f"to garrison {v.their(d['seat'])} {d['name']}"),
    "declare_recruit": lambda d, v: v.says(d["seat"], "reaches", f"for {d['name']} in the Mercenary Pool"),
    "hide": _hide,
    "fated": lambda d, v: f"{d['name']} is Fated: it happens at once and nothing can answer it",
    # the chain resolves
    "enter": _enter,
    "resolve": lambda d, v: (f"a copy of {d['name']} takes effect" if d.get("copy")
                             else f"{_it(d, v)} takes effect"),
    "copy": lambda d, v: f"{v.whose(d['seat'])} copy of {d['name']} joins the chain",
    "copy_gone": lambda d, v: f"the copy of {d['name']} fades away",
    "imbue": lambda d, v: f"{_it(d, v)} binds itself to {_it(d, v, 'target')}",
    "enchant": lambda d, v: f"{_it(d, v)} settles on {v.whose(d['seat'])} {_space(d['space'])}",
    "hidden": lambda d, v: f"{v.whose(d['seat'])} card now lies face down, waiting",
    "defend": lambda d, v: f"{_it(d, v)} stands in the way of {d['target_name']}",
    "defence_fails": lambda d, v: f"{d['name']} can no longer defend",
    "counter": _counter,
    "rescind": _rescind,
    "rechoose": _rechoose,
    # combat and effects
    "strike": lambda d, v: f"{_it(d, v)} strikes {v.whom(d['seat'])} for {d['amount']}",
    "clash": _clash,
    "cast": lambda d, v: f"{_it(d, v) if 'owner' in d else d['name']} blasts {_it(d, v, 'target')} for {d['amount']}",
    "answer": lambda d, v: f"{d['name']} shoots back for {d['amount']}",
    "life": _life,
    "damage": _damage,
    "garrison": _garrison,
    "buff": _buff,
    "exhaust": lambda d, v: f"{_it(d, v)} is exhausted" + (" and will not recover next turn" if d.get("hold") else ""),
    "recover": lambda d, v: f"{_it(d, v)} Recovers",
    "destroy": _destroy,
    "bounce": lambda d, v: f"{_it(d, v)} is Bounced back to {v.whose(d['owner'])} hand",
    "banish": lambda d, v: f"{_it(d, v)} is Banished to {v.whose(d['owner'])} Reserve Pile",
    "recruit": lambda d, v: v.says(d["seat"], "Recruits", f"{d['name']} from the Mercenary Pool"),
    "refill": lambda d, v: f"{d['name']} joins the Mercenary Pool",
    # the end
    "out": _out,
    "game_over": _game_over,
    "over": _over,
})
