"""What the Trials table says, as functions the presenter calls: the prompt, the seat rows, the
end-of-match summary and a move's label with the seats named."""

from __future__ import annotations

import re

from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.stack_item import DETACH, ORDER, SCOUT
from tabletop.games.trials.engine.state import OVER
from tabletop.games.trials.presentation.narrate import result_line
from tabletop.table.presenter import html_table


# the status line while a question is pending (the banner holds the whole question)
PROMPTS = {SCOUT: "Scout: take the top card, the bottom card or none",
           DETACH: "Choose the One-Handed card that goes",
           ORDER: "Choose the effect that resolves first"}


_PLAYER = re.compile(r"\bPlayer (\d+)\b")
# the engine's "Play Salve on Ilsa (2 energy) aimed on Ilsa": where it goes, then what it aims at
_AIMED = re.compile(r"^(Play .+? on (.+?) \(\d+ energy\)) aimed on (.+?)(, detaching .+)?$")


def seat_words(label: str, voice) -> str:
    """A move's label as the table's seats are named (the engine says "Player 2"), and a card's
    aim said once: "…, aimed at Bob's Grunt", or "…, aimed at that Avatar" when it is the one
    the card goes on (not "on Ilsa … aimed on Ilsa")."""
    def aimed(m: re.Match) -> str:
        at = "that Avatar" if m.group(3) == m.group(2) else m.group(3)
        return f"{m.group(1)}, aimed at {at}{m.group(4) or ''}"
    return _PLAYER.sub(lambda m: voice.name(int(m.group(1)) - 1), _AIMED.sub(aimed, label))


def prompt(t) -> str:
    """The status line at table `t` (the presenter): what the player can do now."""
    v = t.view
    if v is None:
        return ""
    if v.phase == OVER:
        return _result(v, t.voice()) or "The match is over."
    if not t.my_turn:
        p = t._to_act()
        doing = "choosing" if v.waiting else "responding" if v.stack else "playing"
        return f"{t.seat_names[p]} is {doing}…" if p is not None and p < len(t.seat_names) else ""
    if t.browser.pile:
        return "Looking through a pile: Close (or Escape) to go back."
    if v.waiting is not None:
        glowing = ", or click a glowing card" if t.question.answer_cards() else ""
        return f"{PROMPTS[v.waiting.kind]}: a button in the middle{glowing}."
    if t.menu.actions:
        return f"{t.menu.title}: choose one (glowing cards choose too), or Cancel."
    if v.stack:
        return ("Respond or pass: play an Instant (drag it onto an Avatar) or use an Instant effect "
                "(right-click its card), or press Pass to let the top of the stack resolve.")
    if t.selected is not None:
        return "Now drop or click where it goes (glowing); Escape to cancel."
    return ("Your action: drag a card onto an Avatar to play it, drag an attacker onto its target, "
            "right-click a card for its effects, channel, or pass.")


def _result(view, voice) -> str:
    return result_line(list(view.winners or [])[:1], view.reason, voice)


def seat_rows(view, seat: int) -> list[tuple[str, str]]:
    """The side panel's rows about one seat."""
    avs = view.avatars[seat]
    hp = " · ".join("Fallen" if a in view.fallen else f"{fx.hp_left(view, a)} HP" for a in avs)
    return [("Avatars", hp), ("Energy", str(view.energy[seat])),
            ("Hand", str(len(view.hands[seat]))), ("Deck", str(len(view.decks[seat]))),
            ("Discard", str(len(view.discards[seat]))),
            ("Initiative", "yes" if view.initiative == seat else "no")]


def summary(view, events, seat_names: list[str], voice) -> tuple[str, str] | None:
    """The end-of-match dialog (title, html) when the events end the match, else None."""
    if "over" not in {e.kind for e in events}:
        return None
    w = view.winners or []
    if not w:
        title = "A draw"
    else:
        names = " and ".join(seat_names[p] for p in w)
        title = f"{names} {'win' if names == 'You' else 'wins'} the match"
    # at a table, the seats in the order they finished (the last out just behind the winner)
    table = view.players > 2
    places = view.places()
    rows = []
    for p in sorted(range(view.players), key=lambda p: places[p]) if table else range(view.players):
        avs = ", ".join(f"{fx.name(view, a)} ({'fallen' if a in view.fallen else f'{fx.hp_left(view, a)} HP'})"
                        for a in view.avatars[p])
        place = f"<td>{_ordinal(places[p])}</td>" if table else ""
        rows.append(f"<tr>{place}<td><b>{seat_names[p]}</b></td><td>{avs}</td>"
                    f"<td>{len(view.decks[p])}</td><td>{len(view.discards[p])}</td></tr>")
    html = (f"<p><b>{_result(view, voice)}</b> The match lasted until round {view.round}.</p>"
            + html_table(["Place"] * table + ["Player", "Avatars", "Deck", "Discard"], rows))
    return title, html


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"
