"""What the Brawl table says: the banner (and the status line from it), the side panel's rows
per seat, the end-of-match summary and the short glossary beside a zoomed card (our own words;
the rules page says it in full). Plain functions of the view and of what else each needs."""

from __future__ import annotations

import re

from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine import flow
from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.state import OVER
from tabletop.games.brawl.engine.steps import CORES
from tabletop.games.brawl.presentation.legal import aims, move_paths
from tabletop.table.presenter import html_table

GLOSSARY: dict[str, str] = {
    "Bloodied": "a champion with 3 or more damage",
    "Control": "more of your champions in an area than the enemy has",
    "Dash": "after moving, run up to that many hexes along one straight row",
    "Double": "the damage step happens twice",
    "Fear": "the champion must run that far along a row, away from the source",
    "Force": "you walk the target up to that many hexes, one at a time",
    "Jump": "land up to that many hexes away, ignoring what lies between",
    "Lifesteal": "the attacker heals as much as the attack dealt",
    "Place": "lift the champion and set it on the hex the card names",
    "Plan": "put up to that many cards of your hand on top of your deck",
    "Poison": "if the attack hurt its target, that much more damage",
    "Pull": "drag the target that far along the row towards the attacker; blocked, it takes the rest as damage",
    "Push": "shove the target that far along the row away from the attacker; blocked, it takes the rest as damage",
    "Root": "the champion stops and cannot move by itself for a while",
    "Stun": "its player discards a card of that champion, or shows a hand with none",
    "Swoop": "fly up to that many hexes along a straight row, over anything",
    "Shield": "a reaction's number: that much less damage to its own champion",
    "Melee": "only a champion next to this one",
    "Direct": "along one straight row of hexes, nothing in between",
    "Indirect": "within that many hexes, over anything",
    "Area": "every enemy within that many hexes",
    "Minimum": "enemies closer than this cannot be targeted",
    "Reaction": "played on the opponent's turn when its own champion is attacked; its core stays spent through your next turn",
    "Levels up": "after taking an enemy out of action, a champion turns its card over and gains its ability, once a game",
}


def terms_in(text: str) -> list[str]:
    low = text.lower()
    return [t for t in GLOSSARY if re.search(r"\b" + re.escape(t.lower()), low)]


def core_state(v, seat: int, i: int) -> str:
    """"ready", "spent" (this turn) or "spent to next turn" (a reaction's core)."""
    until = v.cores[seat][i]
    if until < v.turn_no:
        return "ready"
    if until == v.turn_no:
        return "spent"
    return "spent through next turn"


def cname_of(v, c: int) -> str:
    """Champion c's full name."""
    return champions()[v.champs[c]].name


def short_of(v, c: int) -> str:
    """Champion c's first name."""
    return cname_of(v, c).split()[0]


def to_act(v) -> int | None:
    """The seat whose decision the view waits for (None: nobody's, the brawl is over)."""
    if v is None or v.phase == OVER:
        return None
    if v.phase != "play":
        return flow.deciding(v)
    if v.prio >= 0:
        return v.prio
    return v.pending[-1].seat if v.pending else v.active


def champ_state(v, c: int) -> str:
    left = B.hp(v, c) - v.damage[c]
    bits = [f"{left}/{B.hp(v, c)} HP", f"defence {B.defence(v, c)}"]
    if v.levelled[c]:
        bits.append("levelled up")
    if not v.deployed[c]:
        bits.append("not deployed")
    elif v.pos[c] == GATE:
        bits.append("at the gate" + (", back next turn" if v.back_on[c] > v.turn_no else ""))
    elif B.rooted(v, c):
        bits.append("rooted")
    return ", ".join(bits)


# --- the banner and the status line ----------------------------------------------------------------
def banner(v, me: int, seat_names: list[str], my_turn: bool, walking: bool) -> tuple[str, str]:
    """(title, one line under it) for the controls' banner; `walking`: a walk goes on along the
    path dragged."""
    if v is None:
        return "", ""
    if v.phase == OVER:
        w = v.winner
        return "The brawl is over", (f"You win, {v.vp[w]} VP to {v.vp[1 - w]}." if w == me else
                                     f"{seat_names[w]} wins, {v.vp[w]} VP to {v.vp[1 - w]}.")
    actor = to_act(v)
    if not my_turn:
        name = seat_names[actor] if actor is not None else ""
        if v.prio >= 0:
            return f"{name} may react", "Your attack waits for their answer."
        return f"{name}'s turn" if v.phase == "play" else "Set-up", f"{name} is deciding."
    if v.phase == "pick":
        return "Choose a champion", "Click a champion (or any of its cards) to take it."
    if v.phase == "redraw":
        return "Keep or redraw", "Click cards to set them aside, then Redraw; or Keep."
    if v.phase == "traps":
        return "Set a trap", "Click a glowing trap hex: the token goes there face down."
    if v.phase == "deploy":
        return "Deploy a champion", "Drag a champion from your gate onto a glowing hex."
    if v.prio >= 0:
        return "React or pass", "Click a glowing reaction to shield its champion, or Pass."
    if v.pending:
        return _pending_banner(v, v.pending[-1], walking)
    return "Your turn", "Play a card by dragging it onto its champion, or end your turn."


def _pending_banner(v, pd, walking: bool) -> tuple[str, str]:
    k = pd.kind
    who = cname_of(v, pd.champ) if 0 <= pd.champ < 6 and v.champs else ""
    if k == "walk":
        more = " Walking on along your path…" if walking else ""
        steps = f"Up to {pd.n} more hex{'es' * (pd.n != 1)}"
        reach = aims(v, pd, move_paths(v, pd))
        if reach and not any(reach.values()):
            return f"Move {who}", f"{steps}. No target is in reach from anywhere it can stop.{more}"
        if reach:
            return f"Move {who}", f"{steps}. Red sights: who is in reach from the hex you point at.{more}"
        return f"Move {who}", f"{steps}: drag it or click a hex; Stop ends the move.{more}"
    if k == "force":
        return f"Force {who}", f"Up to {pd.n} more hex{'es' * (pd.n != 1)}, one at a time; Stop ends it."
    if k in ("dash", "swoop", "jump"):
        return f"{k.capitalize()} {pd.n}", f"Choose where {who} lands, or Stop."
    if k == "fear":
        return f"{who} is afraid", "Choose the row it runs along."
    if k == "place":
        return f"Place {who}", "Click the hex to set it on."
    if k == "trap":
        return "Set a new trap", "Click a glowing trap hex."
    if k == "target":
        return "Choose a target", "Click a glowing champion."
    if k == "discard":
        return f"Discard a card of {who}", "Click one of the glowing cards."
    if k == "plan":
        return f"Plan {pd.n}", f"Click up to {pd.n} card{'s' * (pd.n != 1)} to put on top of your deck, then Plan."
    return "Decide", ""


def status(v, my_turn: bool, title: str, line: str) -> str:
    """The status pill: the banner in one short sentence."""
    if v.phase == OVER:
        return line
    full = f"{title}: {line[0].lower()}{line[1:]}" if line else ""
    if not my_turn or not full or len(full) > 68:
        return f"{title}."       # the status pill stays short; the banner says the rest
    return full


# --- the side panel ----------------------------------------------------------------------------------
def seat_rows(v, seat: int) -> list[tuple[str, str]]:
    """Short rows for the side panel: VP, each champion's hit points (and where it is), the
    cores, and the hand, deck and discard counts."""
    rows = [("VP", f"{v.vp[seat]} of 5")]
    if v.champs:
        for c in range(seat * 3, seat * 3 + 3):
            left = B.hp(v, c) - v.damage[c]
            where = " · gate" if v.pos[c] == GATE and v.deployed[c] else ""
            rows.append((short_of(v, c), f"{left}/{B.hp(v, c)} HP{where}"))
        ready = [k for i, k in enumerate(CORES) if core_state(v, seat, i) == "ready"]
        rows.append(("Cores", "all ready" if len(ready) == 3 else (", ".join(ready) or "all spent")))
        rows.append(("Hand", f"{len(v.hands[seat])}, deck {len(v.decks[seat])}"))
    else:
        names = [champions()[c].name.split()[0] for c in v.picks[seat] if c in champions()]
        rows.append(("Team", ", ".join(names) or "none yet"))
    return rows


# --- the end -----------------------------------------------------------------------------------------
def summary(v, me: int, seat_names: list[str]) -> tuple[str, str]:
    """(title, html) of the brawl's end."""
    w = v.winner
    title = "You win the brawl" if w == me else f"{seat_names[w]} wins the brawl"
    rows = []
    for p in (0, 1):
        champs = "<br>".join(f"{cname_of(v, c)}: {champ_state(v, c)}"
                             for c in range(p * 3, p * 3 + 3)) if v.champs else ""
        who = "You" if p == me else seat_names[p]
        rows.append(f"<tr><td><b>{who}</b></td><td>{v.vp[p]} VP</td><td>{champs}</td></tr>")
    html = (f"<p>The brawl ends in round {v.round}.</p>"
            + html_table(["Player", "Victory Points", "Champions"], rows))
    return title, html
