"""What a guest holds of a remote match: only what the host sent its seat.

The view (a state object with the hidden cards absent, as game.view makes it), the events as
this seat saw them, this seat's own move labels, whose turn it is and, on its turn, its legal
actions. Never the seed, the random state or another seat's hidden cards: the host never
sends them (net/referee.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.core.action import Action
from tabletop.core.event import Event
from tabletop.core.game import Game, Result
from tabletop.games.registry import get_game
from tabletop.net.protocol import event_from_json


@dataclass
class Mirror:
    game: Game
    seat: int
    match_id: str
    names: list[str]
    options: dict
    n: int = 0                                   # moves the host has told us about
    view: Any = None
    legal: list[Action] = field(default_factory=list)
    to_act: int | None = None
    result: Result | None = None
    moves: list[dict] = field(default_factory=list)      # {seat, label}: ours labelled only
    events: list[list[Event]] = field(default_factory=list)
    present: list[bool] = field(default_factory=list)

    @classmethod
    def from_welcome(cls, msg: dict) -> "Mirror":
        return cls(get_game(msg["game"]), msg["seat"], msg["match"], [str(s) for s in msg["seats"]],
                   dict(msg["options"]))

    def apply_update(self, msg: dict) -> list[Event]:
        """Take in one update; returns the new events (the moves since what we held)."""
        since = msg["since"]
        if since > self.n:
            raise ValueError(f"the host skipped moves {self.n} to {since}")
        del self.moves[since:], self.events[since:]       # what we held past `since` is told again
        fresh = [[event_from_json(e) for e in evs] for evs in msg["events"]]
        self.moves += [dict(m) for m in msg["moves"]]
        self.events += fresh
        self.n = msg["n"]
        self.view = self.game.state_from_json(msg["view"])
        self.to_act = msg["to_act"]
        self.legal = [Action(a["kind"], a.get("args", ()), str(a.get("label", ""))) for a in msg["legal"]]
        r = msg["result"]
        self.result = None if r is None else Result(r["scores"], r["winners"], r.get("summary", ""),
                                                    r.get("details", {}))
        self.present = list(msg["present"])
        return [e for evs in fresh for e in evs]

    def history(self) -> list[Event]:
        return [e for evs in self.events for e in evs]
