"""The voice of the log: seats' names, "You" for the viewer, verbs that agree.

Each game's presentation narrates its events from their data (never from the
engine's text) with a Voice: who speaks for the viewer, and whose names the other
seats carry. A Narrator maps event kinds to small functions returning a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from tabletop.core.event import Event

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}


def agree(verb: str, plural: bool) -> str:
    """A third-person singular verb ("plays", "is", "carries") made to fit "You" or a group.

    Only the first word changes: agree("is ready", True) == "are ready"."""
    if not plural:
        return verb
    head, _, rest = verb.partition(" ")
    if head in _IRREGULAR:
        base = _IRREGULAR[head]
    elif head.endswith("ies") and len(head) > 4:
        base = head[:-3] + "y"
    elif head.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        base = head[:-2]
    elif head.endswith("s") and not head.endswith("ss"):
        base = head[:-1]
    else:
        base = head
    return f"{base} {rest}" if rest else base


def sentence(text: str) -> str:
    """A capital letter first and a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def listing(items: Iterable[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def count(n: int, singular: str, plural: str | None = None) -> str:
    """"1 card", "3 cards"."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


@dataclass(frozen=True)
class Voice:
    """How the log names seats for one viewer (None: a spectator, as behind a hotseat curtain)."""

    names: tuple[str, ...]
    viewer: int | None = None

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and (seat == self.viewer or self.name(seat) == "You")

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Player {seat + 1}"

    def who(self, seat: int) -> str:
        """The subject: "You" or the seat's name."""
        return "You" if self.is_you(seat) else self.name(seat)

    def whom(self, seat: int) -> str:
        """The object: "you" or the seat's name."""
        return "you" if self.is_you(seat) else self.name(seat)

    def whose(self, seat: int | None) -> str:
        """"your" or "Bot's" (a sentence's first letter is capitalised by `sentence`)."""
        if seat is None:
            return "the"
        return "your" if self.is_you(seat) else f"{self.name(seat)}'s"

    def their(self, seat: int) -> str:
        return "your" if self.is_you(seat) else "their"

    def owned(self, owner: int | None, thing: str) -> str:
        """"your Grunt", "Bot's Grunt"."""
        return f"{self.whose(owner)} {thing}" if owner is not None else thing

    def says(self, seat: int, verb: str, rest: str = "", mid: bool = False) -> str:
        """"You play …", "Bot plays …" ("you play …" in the middle of a sentence)."""
        who = self.whom(seat) if mid else self.who(seat)
        head = f"{who} {agree(verb, self.is_you(seat))}"
        return f"{head} {rest}" if rest else head

    def agree(self, seat: int, verb: str) -> str:
        return agree(verb, self.is_you(seat))

    def group(self, seats: list[int], mid: bool = False) -> tuple[str, bool]:
        """Several seats as one subject, and whether it takes a plural verb."""
        you = "you" if mid else "You"
        if len(seats) == 1:
            return (you if self.is_you(seats[0]) else self.name(seats[0])), self.is_you(seats[0])
        mine = [p for p in seats if self.is_you(p)]
        rest = [self.name(p) for p in seats if not self.is_you(p)]
        return listing(([you] if mine else []) + rest), True

    def group_says(self, seats: list[int], verb: str, rest: str = "", mid: bool = False) -> str:
        who, plural = self.group(seats, mid)
        head = f"{who} {agree(verb, plural)}"
        return f"{head} {rest}" if rest else head


Told = Callable[[dict, Voice], str]


def drawn(d: dict, v: Voice, thing: str = "card") -> str:
    """A draw as its seat sees it ("You draw Fireball and Ice") or as the others do ("Bot draws
    a card", "Bot draws 5 cards"); a run of draws folded into one (logfold) reads the same way."""
    names = d.get("names") or ([d["name"]] if d.get("name") else [])
    if names:
        return v.says(d["seat"], "draws", listing(names))
    n = d.get("count", 1)
    return v.says(d["seat"], "draws", f"a {thing}" if n == 1 else count(n, thing))


class Narrator:
    """Turns a game's events (as the viewer may see them) into full sentences."""

    def __init__(self, tellers: dict[str, Told]) -> None:
        self.tellers = dict(tellers)
        self.tellers.setdefault("undo", lambda d, v: "Move taken back.")

    def knows(self, kind: str) -> bool:
        return kind in self.tellers

    def __call__(self, event: Event, voice: Voice) -> str:
        teller = self.tellers.get(event.kind)
        if teller is None:      # never in a game whose tellers are complete (a test checks)
            return sentence(event.kind.replace("_", " ").capitalize())
        return sentence(teller(event.data, voice))
