"""A match watched again: any position of its log, quickly, and what each move said.

A position is the state after the first `p` moves (0: the start). The log is replayed once
when a replay is made; a clone of the state is kept every `every` moves, so any position is
one clone and fewer than `every` moves away (scrubbing a 500-move match does not replay
500 moves), and stepping forward from the position last asked is one move. Nothing here
writes anything: the match is read, never saved.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.core.event import Event
from tabletop.core.match import LogEntry, Match
from tabletop.core.rng import Rng

EVERY = 16              # moves between kept positions (measured in docs/notes/replay.md)


class Replay:
    def __init__(self, match: Match, every: int = EVERY) -> None:
        self.match = match
        self.game = match.game
        self.every = max(1, every)
        self.actions = [e.action for e in match.log]
        self.seats = [e.seat for e in match.log]
        game = self.game
        state = match.initial_state()
        self._kept = [game.clone(state)]              # _kept[k]: the position after k*every moves
        self.events: list[list[Event]] = []           # events[i]: what move i said (unfiltered)
        self.turns: list[str] = [str(game.turn_label(state) or "")]   # turns[p]: position p's
        for i, action in enumerate(self.actions):
            self.events.append(game.apply(state, action, checked=True))
            self.turns.append(str(game.turn_label(state) or ""))
            if (i + 1) % self.every == 0:
                self._kept.append(game.clone(state))
        self.result = game.result(state)               # the end of the log (None: unfinished)
        self._at: tuple[int, object] | None = None     # the last position built, for stepping

    @property
    def length(self) -> int:
        """The number of moves: positions run from 0 to length."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def state_at(self, p: int):
        """The state after `p` moves (clamped to the log). Returned for reading: a caller that
        changes it must clone it first."""
        p = max(0, min(p, self.length))
        if self._at is not None and self._at[0] == p:
            return self._at[1]
        if self._at is not None and self._at[0] < p < self._at[0] + self.every:
            start, state = self._at                    # on from the last position, in place
        else:
            k = p // self.every
            start, state = k * self.every, self.game.clone(self._kept[k])
        for action in self.actions[start:p]:
            self.game.apply(state, action, checked=True, events=False)
        self._at = (p, state)
        return state

    def view_at(self, p: int, seat: int | None):
        """What `seat` could know after `p` moves."""
        return self.game.view(self.state_at(p), seat)

    def turn_starts(self) -> list[tuple[int, str]]:
        """(position, label) where each turn or round begins, by the game's turn_label."""
        out: list[tuple[int, str]] = []
        for p, label in enumerate(self.turns):
            if label and (not out or out[-1][1] != label):
                out.append((p, label))
        return out

    # --- playing on ---------------------------------------------------------------------
    def branch(self, p: int, title: str, seat: int | None = None, seed: int = 0) -> Match:
        """A new match from position `p`, recorded as a branch of this one (`title` names the
        old match for Saved games). With `seat` None, the same hidden order: the same seed and
        start, the first `p` moves (exactly the old match's future, until someone plays
        differently). With a seat, the unseen cards dealt anew: a full state consistent with
        what that seat could know (the bots' determinisation, drawn with `seed`) becomes the
        new match's saved start, and its log begins empty."""
        m, game = self.match, self.game
        p = max(0, min(p, self.length))
        seats = [replace(s) for s in m.seats]
        if seat is None:
            new = Match(game, seats, m.seed, m.options, m.casual, start=m.start)
            new.log = [LogEntry(e.seat, e.action, e.barrier) for e in m.log[:p]]
            new.state = game.clone(self.state_at(p))
        else:
            dealt = game.sample(game.view(self.state_at(p), seat), Rng(seed))
            new = Match(game, seats, seed, m.options, m.casual,
                        start=game.state_to_json(dealt))
        new.branch_of = {"id": m.id, "move": p, "title": title,
                         "dealt": "same" if seat is None else "anew"}
        return new
