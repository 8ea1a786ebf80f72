"""The log's lines from a match's events, told the same during play and when rebuilt.

Two kinds of line fold into the one before: a run of draws by one seat reads as one line ("Bot
draws 5 cards", "You draw Fireball and Ice"), and a waiting line (a hidden move that only says
who is busy) is told once per wait, however many hidden moves the wait takes. Every game's log
goes through here, so no narrator counts draws itself.
"""

from __future__ import annotations

from typing import Callable

from tabletop.core.event import Event

Line = tuple[str, bool]          # the sentence, and whether the log shows it as important
_ONE_DRAW = frozenset({"card", "cards", "name", "names", "count"})   # what a fold adds up


def waiting(event: Event) -> bool:
    """A hidden move seen from outside that says only who is busy (no card, no count)."""
    return event.withheld and set(event.data) <= {"seat", "side"}


def _names(data: dict) -> list[str]:
    return list(data.get("names") or ([data["name"]] if data.get("name") else []))


def _count(data: dict) -> int:
    return data.get("count", max(1, len(_names(data))))


def folded(a: Event, b: Event) -> Event | None:
    """Two draws in a row by the same seat, from and to the same places, as one event (None:
    they do not fold). The drawer's draws keep their names; the others' add up their counts."""
    if a.kind != "draw" or b.kind != "draw" or a.withheld != b.withheld:
        return None
    rest_a = {k: v for k, v in a.data.items() if k not in _ONE_DRAW}
    rest_b = {k: v for k, v in b.data.items() if k not in _ONE_DRAW}
    names_a, names_b = _names(a.data), _names(b.data)
    if rest_a != rest_b or bool(names_a) != bool(names_b):
        return None
    data = dict(rest_a, count=_count(a.data) + _count(b.data))
    if names_a:
        data["names"] = names_a + names_b
    return Event("draw", data, withheld=a.withheld)


class LogFold:
    """Tells events as log lines, remembering the last line so the next events can fold into it."""

    def __init__(self, tell: Callable[[Event], str], important: frozenset[str] | set[str]) -> None:
        self.tell, self.important = tell, important
        self.last: Event | None = None        # the (folded) event behind the last line
        self.last_line = ""

    def follow(self, last_line: str) -> None:
        """The log's last line as it is now: another line written there (a note) ends the fold."""
        if last_line != self.last_line:
            self.last, self.last_line = None, last_line

    def lines(self, events: list[Event]) -> tuple[bool, list[Line]]:
        """(whether the first line replaces the log's last line, the lines to write)."""
        out: list[Line] = []
        replaces = False
        for e in events:
            merged = folded(self.last, e) if self.last is not None else None
            if merged is not None:
                line = (self.tell(merged), merged.kind in self.important)
                if out:
                    out[-1] = line
                else:
                    replaces = True
                    out.append(line)
                self.last = merged
            else:
                text = self.tell(e)
                self.last = e
                if waiting(e) and text == (out[-1][0] if out else self.last_line):
                    continue
                out.append((text, e.kind in self.important))
            self.last_line = out[-1][0]
        return replaces, out
