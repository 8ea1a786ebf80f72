"""The Paargus log: every event told from its data, with the seats' names and "You"."""

from __future__ import annotations

from tabletop.table.narration import Narrator, Voice, count, drawn, listing


def _hand_end(d: dict, v: Voice) -> str:
    w = d.get("winner")
    if w is None:
        return "The draw deck is empty and the alignments are level: no one pays"
    why = ("with two more alignments" if d.get("reason") == "alignments"
           else "with more alignments when the deck ran out")
    won = v.says(w, "wins", f"hand {d['hand']} {why}")
    paid = v.says(d["loser"], "pays", count(d["paid"], "chip"))
    return f"{won} and {v.agree(w, 'scores')} {d['score']}. {paid}"


def _match_end(d: dict, v: Voice) -> str:
    w = d.get("winner")
    if w is None:
        return "The match ends level on chips"
    how = "having cleaned out the other player" if d.get("cleaned") else "ahead on chips"
    return f"{v.says(w, 'wins', 'the match')}, {how}"


NARRATE = Narrator({
    "deal": lambda d, v: f"Hand {d['hand']}: the deck is shuffled, and {v.says(d['starter'], 'starts', mid=True)}",
    "to_tableau": lambda d, v: v.says(d["seat"], "plays", f"{d['name']} to the sky tableau"),
    "trade": lambda d, v: v.says(d["seat"], "trades", f"{d['name']} for {d['taken_name']} from the tableau"),
    "draw": drawn,
    "sweep": lambda d, v: v.says(d["seat"], "also takes", f"{listing(d['names'])} from the tableau "
                                                          f"(matching {d['sigil_name']})"),
    "conjoin": lambda d, v: v.says(d["seat"], "lays", f"a conjunction of {d['sigil_name']} in the "
                                   f"{d['quadrant_name']} showing {count(d['alignments'], 'alignment')}"),
    "trail": lambda d, v: v.says(d["seat"], "adds", f"{d['name']} as a trailing card"
                                 + (", with an alignment" if d.get("aligned") else "")),
    "pass": lambda d, v: v.says(d["seat"], "plays", "no conjunction"),
    "turn": lambda d, v: f"It is {v.whose(d['seat'])} turn",
    "hand_end": _hand_end,
    "match_end": _match_end,
})
