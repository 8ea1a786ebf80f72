"""What the Paragons table says: the prompt, the side panel's rows per seat, the end-of-game
summary, and the short glossary shown beside a zoomed card. Plain functions of the view (the
prompt reads the table's parts); the presenter's methods of the same names call them."""

from __future__ import annotations

import re
from functools import cache
from typing import Callable

from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import stats
from tabletop.games.paragons.engine.cards import CLASS_NAMES, card, card_text
from tabletop.games.paragons.engine.stack_item import BEGIN, MOMENTS
from tabletop.games.paragons.engine.state import MULLIGAN, OVER
from tabletop.games.paragons.engine.views import UNKNOWN
from tabletop.table.cover import rules_page
from tabletop.table.ids import SpriteId, number
from tabletop.table.narration import Voice
from tabletop.table.presenter import html_table

# our own short words for the keywords a card can carry (the rules page says it in full)
GLOSSARY: dict[str, str] = {
    "Garrison": "once a turn, pay the card's cost for a counter; each adds its printed attack and health again",
    "Hidden": "paid for face down on your turn; revealed for free later, when its condition comes true",
    "Reach": "attacks any enemy mercenary, Back Line too, and those attacks cannot be defended",
    "Bounce": "the card goes back to its owner's hand",
    "First Blood": "when it attacks, its blow lands first",
    "Critical Strike": "its attacks deal double damage",
    "Banish": "the card goes to its owner's Reserve Pile for the rest of the game",
    "Fated": "happens at once; nobody can answer it",
    "Concealed": "enemy spells and abilities cannot pick it (attacks still can)",
    "Recover": "the mercenary stands up again",
    "Recruit": "take a mercenary from the Pool into your hand (2 mana Lesser, 3 Greater)",
    "Exhaust": "turned on its side: no attacking, defending or abilities until it Recovers",
    "Imbuement": "a spell that rides on a mercenary and leaves with it",
    "Enchantment": "a spell on a board space; whoever stands there gets its effect",
    "Combo": "an extra part if you already played another card this turn",
    "Copy": "a copy of a spell that resolves, then leaves the game",
}


def terms_on(design: str) -> list[str]:
    """The glossary entries a card's type, keywords and text use, in glossary order."""
    k = card(design)
    text = (card_text(k) + " " + k.type + " " + " ".join(k.keywords).replace("_", " ")).lower()
    return [t for t in GLOSSARY if re.search(r"\b" + re.escape(t.lower().rstrip("s")), text)]


def prompt(t) -> str:
    """What the player can do now, as the status line says it (`t`: the table)."""
    v = t.view
    if v is None:
        return ""
    if t.in_room():
        return t.room.prompt()
    if t.note:
        return t.note
    if t.browser.pile:
        return "Looking through a pile: Close (or Escape) to go back."
    if v.phase == OVER:
        return result_line(v, t.voice()) or "The match is over."
    if not t.my_turn:
        p = t._to_act()
        if p is None:
            return ""
        doing = ("deciding on a mulligan" if v.phase == MULLIGAN else "choosing again" if v.pending
                 else "reacting" if v.stack else "playing")
        return f"{t._seat_name(p)} is {doing}…"
    if v.phase == MULLIGAN:
        return "Mulligan: click cards to send back, then confirm (Enter)."
    if t.menu.actions:
        return "Pick one in the menu (or click a glowing place); Escape cancels."
    if v.pending is not None:
        return "Choose again: a button in the banner, or a glowing place."
    if t.legal_of(A.DEFEND.kind):
        return "Defend? Click a glowing mercenary, or No defence (Space)."
    if len(v.stack) == 1 and v.stack[0].kind in MOMENTS:
        goes = "go on" if v.stack[0].kind == BEGIN else "end"
        return f"Play a spell with what glows, or Pass (Space) to let the turn {goes}."
    if v.stack:
        return "React with what glows, or Pass (Space) to let the chain resolve."
    if t.selected is not None:
        return "Now click where it goes (it glows); Escape cancels."
    return "Your turn: drag to play or attack, click the Pool to Recruit; Space ends the turn."


def result_line(v, voice: Voice) -> str:
    """Who won the match (or the game), with the score; "" while nobody has."""
    if v.winner is None:
        return ""
    who = voice.who(v.winner)
    verb = "win" if who == "You" else "wins"
    # the winner's count first, as a score is read ("2–1"), then the others in seat order
    score = "–".join(str(v.wins[p]) for p in [v.winner] + [p for p in range(len(v.wins)) if p != v.winner])
    return f"{who} {verb} the match ({score})." if v.best_of > 1 else f"{who} {verb} the game."


def seat_rows(view, seat: int) -> list[tuple[str, str]]:
    rows = [("Class", CLASS_NAMES.get(view.classes[seat], "not chosen yet"))]
    if view.phase in ("class", "draft", "build"):
        return rows + [("Cards", str(len(view.owned[seat])))]
    if view.phase == "swap":  # between games: last game's Life and mana are history
        rows += [("Deck", str(len(view.decks[seat]))), ("Reserve", str(len(view.reserves[seat])))]
        return rows + [("Won", f"{view.wins[seat]} of {view.best_of // 2 + 1}")]
    rows += [("Life", "out" if view.out[seat] else str(view.life[seat])),
             ("Mana", f"{view.mana[seat]} of {view.threshold()}"),
             ("Hand", str(len(view.hands[seat]))), ("Deck", str(len(view.decks[seat])))]
    if view.best_of > 1:
        rows.append(("Won", f"{view.wins[seat]} of {view.best_of // 2 + 1}"))
    return rows


def summary(view, events, voice: Voice, seat_name: Callable[[int], str]) -> tuple[str, str] | None:
    """(title, html) of the dialog after a game ends, else None."""
    kinds = {e.kind for e in events}
    if "game_over" not in kinds:
        return None
    over = "over" in kinds
    ended = next(e for e in events if e.kind == "game_over")
    w = ended.data["winner"]
    who = voice.who(w)
    verb = "win" if who == "You" else "wins"
    title = f"{who} {verb} the match" if over else f"{who} {verb} game {ended.data['count']}"
    rows = []
    for p in range(view.players):
        life = "out" if view.out[p] else str(view.life[p])
        rows.append(f"<tr><td><b>{seat_name(p)}</b></td><td>{CLASS_NAMES.get(view.classes[p], '')}</td>"
                    f"<td>{life}</td><td>{len(view.decks[p])}</td><td>{view.wins[p]}</td></tr>")
    why = "ran out of cards to draw" if "draw" in str(ended.data.get("cause", "")) else "fell to 0 Life"
    loser_line = f"The game ended when a player {why}."
    if over:
        more = f" {result_line(view, voice)}"
    elif view.best_of > 1:
        more = " The loser may now swap cards between deck and Reserve Pile before the next game."
    else:
        more = ""
    html = (f"<p><b>{loser_line}</b>{more}</p>"
            + html_table(["Player", "Class", "Life", "Deck", "Games won"], rows))
    return title, html


# --- the zoomed card --------------------------------------------------------------------------
def caption(v, c: int | None, design: str) -> str:
    """The zoom's words: the card's name, its stats as they stand (on the board) or its cost and
    type, and the glossary of its keywords."""
    k = card(design)
    lines = [k.name]
    if c is not None and c in v.at:
        atk, hp = stats.attack(v, c), stats.health(v, c)
        dmg = v.damage.get(c, 0)
        bits = [f"Attack {atk}", f"Health {hp - dmg}/{hp}"]
        if v.garrison.get(c):
            bits.append(f"{v.garrison[c]} Garrison")
        if c in v.exhausted:
            bits.append("exhausted")
        lines.append(" · ".join(bits))
    else:
        kind = k.type.capitalize() + (f" · {k.combat.capitalize()}" if k.combat else "")
        lines.append(f"{k.cost} mana · {kind}")
    for t in terms_on(design):
        lines.append(f"{t}: {GLOSSARY[t]}.")
    return "\n".join(lines)


def glossary(design: str) -> list[str]:
    """The rules page's glossary entries a design uses."""
    return [t for t in terms_on(design) if t in _rules_terms()] if design else []


@cache
def _rules_terms() -> frozenset[str]:
    text = rules_page("tabletop.games.paragons")()
    return frozenset(re.findall(r"^- \*\*(.+?)\*\*", text, re.M))


def design_at(v, target: SpriteId | None) -> str:
    """The design a sprite shows, when this seat may know it."""
    if v is None or not target:
        return ""
    if target.of("card", "view"):
        c = number(target, "card", "view")
        return (v.designs.get(c, UNKNOWN) or "") if c is not None else ""
    i = number(target, "lnk")
    if i is not None:
        links = list(v.stack) + ([v.pending] if v.pending is not None else [])
        if i < len(links):
            link = links[i]
            return link.design or (v.designs.get(link.card, "") if link.card >= 0 else "")
    return ""
