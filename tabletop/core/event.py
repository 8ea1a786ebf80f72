"""Events: what an action did, for the table to animate and the log to narrate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The data convention: the keys events use, so a narrator or the table reads every game the
# same way. A game adds its own keys beside these (a quadrant, a stat), never other meanings.
DATA_KEYS: dict[str, str] = {
    "seat": "the seat that acts, or that the event is about (int)",
    "side": "a side of the table in a team game (int)",
    "winner": "the seat that won (None: a draw)",
    "winners": "the seats (or sides) that won; empty: a draw",
    "card": "the card concerned (id)",
    "unit": "the piece on the board concerned (id)",
    "name": "the name of that card or unit as the table showed it then",
    "owner": "the seat that owns that card or unit",
    "cards": "several cards (ids)",
    "names": "their names, in the same order",
    "target": "what the event aims at (id)",
    "target_name": "its name",
    "target_owner": "the seat that owns it",
    "source": "what caused the event (id; -1: nothing on the table)",
    "source_name": "its name",
    "source_owner": "the seat that owns it",
    "cause": "what caused it, in words (an ability's name)",
    "from": "the zone a card leaves (hand, deck, tableau, play, line, ...)",
    "to": "the zone it enters (None: it leaves the game)",
    "amount": "the number that changed (damage, healing, energy, chips)",
    "total": "the running total after the change",
    "count": "how many (the public form of a secret list)",
    "faces": "the dice faces rolled, in order",
    "round": "the round number",
}

# keys that name hidden cards: never in the public data of a private event
SECRET_KEYS = frozenset({"card", "cards", "name", "names", "unit"})


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data: the game's presentation tells it in words (each game's
    presentation/narrate.py), so an engine and the bots' search build no sentences.

    `data` follows DATA_KEYS: the log narrates from it and the table animates from it. When the
    event carries a secret (a card drawn into a hand), `private_to` names the only seat that may
    read `data`; everyone else gets `public_data`, and that public form is marked `withheld`.
    `reveals` marks events that expose hidden information or randomness (a draw, a shuffle, a
    die roll): undo never steps back across them.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None
    public_data: dict[str, Any] = field(default_factory=dict)
    reveals: bool = False
    withheld: bool = False

    def for_seat(self, seat: int | None) -> "Event":
        """The event as `seat` may see it (None: a spectator who sees no secret)."""
        if self.private_to is None or self.private_to == seat:
            return self
        return Event(self.kind, dict(self.public_data), None, dict(self.public_data), self.reveals,
                     withheld=True)

    def leaks(self) -> set[str]:
        """Secret keys in the public data of a private event (should be none)."""
        if self.private_to is None:
            return set()
        return SECRET_KEYS & set(self.public_data)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.private_to is not None:
            out.update(private_to=self.private_to, public_data=self.public_data)
        if self.reveals:
            out["reveals"] = True
        if self.withheld:
            out["withheld"] = True
        return out


def card_drawn(seat: int, card: int, card_name: str) -> Event:
    """A card drawn from a deck into a hand: its name for the drawer, a count for the others."""
    return Event("draw", {"seat": seat, "card": card, "name": card_name, "from": "deck", "to": "hand"},
                 private_to=seat, public_data={"seat": seat, "count": 1, "from": "deck", "to": "hand"},
                 reveals=True)
