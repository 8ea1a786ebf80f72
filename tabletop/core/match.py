"""A match: the game, its seats, the seed and the action log.

The log plus the seed is the truth; the state is derived by replaying it, so a
save can always be checked (`tabletop verify`) and undo is a shorter replay. A match branched
from a replay with the unseen cards dealt anew has no seed that deals them so: it starts from
a saved state (`start`, the state's JSON) instead of the game's set-up, and its log replays
from there.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tabletop.core.action import Action
from tabletop.core.event import Event
from tabletop.core.game import Game, IllegalAction, Result


@dataclass
class Seat:
    kind: str = "human"            # "human" or "bot"
    name: str = ""
    bot: str = "greedy"            # bot name when kind == "bot"
    difficulty: str = "normal"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "bot": self.bot,
                "difficulty": self.difficulty}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        kind = data.get("kind", "human")
        if kind not in ("human", "bot"):
            raise ValueError(f"unknown seat kind {kind!r}")
        return cls(kind=kind, name=str(data.get("name", "")), bot=str(data.get("bot", "greedy")),
                   difficulty=str(data.get("difficulty", "normal")))


@dataclass(frozen=True)
class Checked:
    """The engine's one answer about a move: the reason it is illegal (None: legal), and the
    move with its label. The table asks once when a piece is dropped and carries the answer
    through to `Match.play`, which trusts it while the match has not moved since."""

    action: Action
    reason: str | None
    version: int                   # Match.version when the answer was given


@dataclass
class LogEntry:
    seat: int
    action: Action
    barrier: bool                  # undo may not step back past this entry

    def to_json(self) -> dict:
        return {"seat": self.seat, "action": self.action.to_json(), "label": self.action.label,
                "barrier": self.barrier}


class Match:
    def __init__(self, game: Game, seats: list[Seat], seed: int, options: dict | None = None,
                 casual: bool = False, match_id: str | None = None,
                 start: dict | None = None) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = dict(game.default_options(len(seats)), **(options or {}))
        self.casual = casual       # casual practice: undo may cross reveals
        # the game id of the lesson this match follows (core/lesson.py), None for an ordinary
        # match: the step is the log's length, so this is all a saved lesson needs
        self.lesson: str | None = None
        self.id = match_id or uuid.uuid4().hex[:12]
        self.created = time.time()
        self.updated = self.created
        self.start = start         # the starting state's JSON (None: the game's set-up)
        # {"id", "move", "title", "dealt"} when this match was played on from another's replay
        self.branch_of: dict | None = None
        # a match hosted for players on other computers: what the host needs to host it again
        # after a restart (its seats, join code and the guests' tokens; net/referee.py reads it)
        self.hosted: dict | None = None
        self.state = self.initial_state()
        self.log: list[LogEntry] = []
        self.version = 0           # bumped by every move and undo (a Checked answer's freshness)
        self.listeners: list[Callable[["Match", list[Event]], None]] = []
        # Set by the store on load: the file the match is saved back to (its name may differ
        # from the id), and a sentence when that file was damaged and its backup was loaded.
        self.save_path: Path | None = None
        self.recovered_from_backup: str | None = None

    # --- playing -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def why_illegal(self, action: Action) -> str | None:
        return self.game.why_illegal(self.state, action)

    def check(self, action: Action) -> Checked:
        """Ask the engine once whether `action` is legal now, and label it if so."""
        if self.to_act is None:
            return Checked(action, "The game is over.", self.version)
        reason = self.game.check_action(action) or self.game.why_illegal(self.state, action)
        if reason is None and not action.label:
            action = Action(action.kind, action.args, self.game.label(self.state, action))
        return Checked(action, reason, self.version)

    def play(self, action: Action | Checked) -> list[Event]:
        """Apply one action of the seat to act; raises IllegalAction with the reason.

        Given the Checked answer of `check` (still fresh), the engine is not asked again."""
        checked = action if isinstance(action, Checked) else None
        if checked is None or checked.version != self.version:
            checked = self.check(checked.action if checked is not None else action)
        if checked.reason:
            raise IllegalAction(checked.reason)
        seat, action = self.to_act, checked.action
        events = self.game.apply(self.state, action, checked=True)
        self.log.append(LogEntry(seat, action, any(e.reveals for e in events)))
        self.version += 1
        self.updated = time.time()
        for listener in list(self.listeners):
            listener(self, events)
        return events

    # --- undo --------------------------------------------------------------------
    def undo_target(self, for_seat: int | None = None) -> int | None:
        """How long the log would be after one undo, or None if undo is not possible.

        Undo takes back the last decision of `for_seat` (and every bot move after
        it); it never crosses an entry that revealed something, unless casual.
        """
        n = len(self.log)
        while n > 0:
            entry = self.log[n - 1]
            if entry.barrier and not self.casual:
                return None
            n -= 1
            if for_seat is None or entry.seat == for_seat:
                return n
        return None

    def can_undo(self, for_seat: int | None = None) -> bool:
        return self.undo_target(for_seat) is not None

    def undo(self, for_seat: int | None = None) -> bool:
        target = self.undo_target(for_seat)
        if target is None:
            return False
        self.state = self.replay(target)
        del self.log[target:]
        self.version += 1
        self.updated = time.time()
        for listener in list(self.listeners):
            listener(self, [Event("undo")])
        return True

    def initial_state(self):
        """The position before the first move: the game's set-up from the seed, or the saved
        starting state of a branch dealt anew."""
        if self.start is not None:
            return self.game.state_from_json(self.start)
        return self.game.setup(self.options, self.seed, len(self.seats))

    def replay(self, upto: int | None = None):
        """The state after the first `upto` log entries, rebuilt from the seed."""
        state = self.initial_state()
        for entry in self.log[:upto]:             # moves checked as they were played
            self.game.apply(state, entry.action, checked=True)
        return state

    # --- serialisation -------------------------------------------------------------
    def to_json(self) -> dict:
        data = {
            "id": self.id,
            "game": self.game.info.id,
            "game_version": self.game.info.version,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "casual": self.casual,
            "created": self.created,
            "updated": self.updated,
            "log": [e.to_json() for e in self.log],
            "snapshot": self.game.state_to_json(self.state),
        }
        if self.lesson:
            data["lesson"] = self.lesson
        if self.start is not None:
            data["start"] = self.start
        if self.branch_of is not None:
            data["branch_of"] = self.branch_of
        if self.hosted is not None:
            data["hosted"] = self.hosted
        return data

    def replay_entry(self, raw: dict, where: str) -> None:
        """Play one saved log entry (a save's or a journal's), checked like a player's move;
        ValueError names the move and `where` it came from when the rules refuse it."""
        game = self.game
        action = Action.from_json(raw["action"])
        action = Action(action.kind, action.args, str(raw.get("label", "")))
        seat = game.to_act(self.state)
        reason = game.check_action(action) or game.why_illegal(self.state, action)
        if reason:
            raise ValueError(f"move {len(self.log) + 1} {where} is illegal: {reason}")
        events = game.apply(self.state, action, checked=True)
        self.log.append(LogEntry(seat, action, any(e.reveals for e in events)))

    @classmethod
    def from_json(cls, data: dict, game: Game, trust_snapshot: bool = True) -> "Match":
        """Rebuild a match. The log is replayed; the snapshot is only compared.

        Seats to act and undo barriers come from the replay, never from `data`: an edited
        file cannot let undo step back across a reveal."""
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise ValueError("its starting position is not a position")
        match = cls(game, [Seat.from_json(s) for s in data["seats"]], int(data["seed"]),
                    data.get("options") or {}, bool(data.get("casual", False)), data.get("id"),
                    start)
        branch = data.get("branch_of")
        if isinstance(branch, dict):
            match.branch_of = dict(branch)
        hosted = data.get("hosted")
        match.hosted = dict(hosted) if isinstance(hosted, dict) else None
        match.created = float(data.get("created", match.created))
        lesson = data.get("lesson")
        match.lesson = lesson if isinstance(lesson, str) and lesson else None
        for raw in data["log"]:
            match.replay_entry(raw, "of the saved log")
        match.updated = float(data.get("updated", match.updated))
        return match

    def snapshot_matches(self, snapshot: dict) -> bool:
        return self.game.state_to_json(self.state) == snapshot
