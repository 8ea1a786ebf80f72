"""The host's referee: the match, who sits where, and what each remote seat may be told.

No I/O here (host.py carries the messages). The referee holds the one Match, its seed and its
full state; a remote seat is sent only `update` bodies made by `update_for`: its own view, the
events as that seat may see them, its own moves' labels, and its legal actions when it is to
act. Another seat's move reaches it only as those events, so an action with hidden arguments
(a card put face down) never leaves the host.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Callable

from tabletop import __version__ as APP_VERSION
from tabletop.core.action import Action
from tabletop.core.event import Event
from tabletop.core.game import IllegalAction
from tabletop.core.match import Checked, Match
from tabletop.net.protocol import ProtocolError, normal_code


@dataclass
class Remote:
    """A seat played from another computer."""

    seat: int
    token: str = ""                 # the guest's secret for rejoining; "" until someone joins
    name: str = ""
    connected: bool = False
    undo_answer: bool | None = None  # this seat's answer when asked to let a move be taken back


@dataclass
class Referee:
    match: Match
    remote_seats: list[int]
    code: str
    remotes: dict[int, Remote] = field(init=False)
    history: list[list[Event]] = field(init=False)     # each logged move's events, in full
    # told of every guest who joins or rejoins (the app's host writes its save at once)
    on_join: Callable[[Remote], None] = field(default=lambda remote: None, repr=False)

    def __post_init__(self) -> None:
        self.code = normal_code(self.code)
        self.remotes = {s: Remote(s) for s in self.remote_seats}
        self.history = self._replayed_events()
        self.match.listeners.append(self._moved)

    def _replayed_events(self) -> list[list[Event]]:
        m = self.match
        state = m.game.setup(m.options, m.seed, len(m.seats))
        return [m.game.apply(state, e.action, checked=True) for e in m.log]

    def _moved(self, match: Match, events: list[Event]) -> None:
        if events and events[0].kind == "undo":          # a shorter log: tell it again
            self.history = self._replayed_events()
        else:
            self.history.append(events)

    # --- hosting again after a restart ---------------------------------------------------------
    def record(self) -> dict:
        """What the host's save keeps (Match.hosted) to host this match again after a restart:
        the seats played from other computers, the join code, and each joined guest's token,
        so the guests rejoin their own seats with the entries they kept (net/remote.py)."""
        return {"remote": sorted(self.remotes), "code": self.code,
                "guests": {str(s): {"token": r.token, "name": r.name}
                           for s, r in sorted(self.remotes.items()) if r.token}}

    def restore(self, record: dict) -> None:
        """Take the guests' tokens and names back from a record (`hosted_seats` checked it)."""
        for key, guest in record.get("guests", {}).items():
            remote = self.remotes.get(int(key))
            if remote is not None:
                remote.token, remote.name = guest["token"], guest["name"]

    # --- joining -------------------------------------------------------------------------
    def join(self, hello: dict, versions: dict[str, int]) -> Remote:
        """The seat a `hello` takes (the one its token names, else the first free remote
        seat); ProtocolError with the sentence to send back otherwise."""
        game = self.match.game
        theirs = hello["games"].get(game.info.id)
        if theirs != game.info.version:
            side = "the other computer" if (theirs or 0) < game.info.version else "this computer"
            raise ProtocolError(f"{game.info.title} has rules version {game.info.version} here and "
                                f"{theirs} on the joining computer: update Tabletop on {side}.")
        if hello["app"] != APP_VERSION:
            older = _older(hello["app"], APP_VERSION)
            raise ProtocolError(f"This host runs Tabletop {APP_VERSION} and the joining computer "
                                f"{hello['app']}: update Tabletop on "
                                f"{'the joining computer' if older else 'the hosting computer'}.")
        if not secrets.compare_digest(normal_code(hello["code"]).encode(), self.code.encode()):
            raise ProtocolError("That join code is not this match's. Check the code the host shows.")
        token = str(hello.get("token") or "")
        for remote in self.remotes.values():
            if token and secrets.compare_digest(remote.token.encode(), token.encode()):
                remote.name = hello["name"][:40] or remote.name
                self.on_join(remote)
                return remote
        free = [r for r in self.remotes.values() if not r.token]
        if not free:
            raise ProtocolError("This match has no free seat for another computer.")
        remote = free[0]
        remote.token = secrets.token_hex(16)
        remote.name = hello["name"][:40].strip() or f"Player {remote.seat + 1}"
        self.match.seats[remote.seat].name = remote.name
        self.on_join(remote)
        return remote

    # --- what a seat is told ---------------------------------------------------------------
    def update_for(self, seat: int, since: int, most: int = 10**9) -> dict:
        """Everything `seat` may know of the moves from `since` on (at most `most` of them:
        host.py tells a long match again in chunks, each under the size limit), and of the
        position now."""
        m, game = self.match, self.match.game
        since = max(0, min(since, len(m.log)))
        upto = min(len(m.log), since + most)
        to_act = m.to_act
        legal = m.legal_actions() if to_act == seat and upto == len(m.log) else []
        result = m.result()
        return {
            "n": upto, "since": since,
            "moves": [{"seat": e.seat, "label": e.action.label if e.seat == seat else ""}
                      for e in m.log[since:upto]],
            "events": [[ev.for_seat(seat).to_json() for ev in evs] for evs in self.history[since:upto]],
            "view": game.view_to_json(game.view(m.state, seat)),
            "to_act": to_act,
            "legal": [dict(a.to_json(), label=a.label) for a in legal],
            "result": None if result is None else result.to_json(),
            "present": [s not in self.remotes or self.remotes[s].connected for s in range(len(m.seats))],
        }

    def final_for(self, seat: int) -> dict | None:
        """Once the match is over, the whole of it (seed and log): the guest's replay and
        history tell it like the host's. None while it runs: the seed never leaves before."""
        if self.match.result() is None:
            return None
        whole = self.match.to_json()
        whole.pop("hosted", None)          # the code and the other guests' tokens stay here
        return whole

    # --- what a seat does ---------------------------------------------------------------------
    def act(self, seat: int, raw: dict, at: int) -> list[Event]:
        """Play `seat`'s action, checked like any other; ProtocolError says why it is refused.
        `at` is the log length the guest saw: an action made on an older position is stale."""
        checked = self.check(seat, raw, at)
        try:
            return self.match.play(checked)
        except IllegalAction as exc:
            raise Stale(str(exc)) from None

    def check(self, seat: int, raw: dict, at: int) -> Checked:
        """act's checks, without playing (the app's controller plays the answer itself)."""
        m = self.match
        try:
            action = Action.from_json(raw)
        except (ValueError, TypeError):
            raise ProtocolError("That is not an action.") from None
        if m.to_act != seat:
            who = "nobody's" if m.to_act is None else f"seat {m.to_act + 1}'s"
            raise ProtocolError(f"Seat {seat + 1} sent a move on {who} turn: only the seat to act moves.")
        if at != len(m.log):
            raise Stale(f"That move was made on an older position (move {at}, now {len(m.log)}).")
        checked = m.check(action)
        if checked.reason:
            raise Stale(checked.reason)
        return checked


def hosted_seats(match: Match) -> list[int] | None:
    """The remote seats of a save's hosting record, when the record is whole: a damaged one
    (an edited file) gives None, and the match opens as an ordinary one."""
    rec = match.hosted
    try:
        seats = rec["remote"]
        ok = (seats and all(type(s) is int and 0 <= s < len(match.seats) and not match.seats[s].is_bot
                            for s in seats)
              and isinstance(rec["code"], str) and len(rec["code"]) == 9 and normal_code(rec["code"]) == rec["code"]
              and all(int(k) in seats and isinstance(g["token"], str) and g["token"]
                      and isinstance(g["name"], str)
                      for k, g in rec.get("guests", {}).items()))
    except (TypeError, KeyError, ValueError, AttributeError):
        return None
    return sorted(set(seats)) if ok else None


class Stale(ProtocolError):
    """A move the rules refuse, or made on a position already gone: the guest is told why and
    sent the position again, but not disconnected (a player can misclick)."""


def _older(a: str, b: str) -> bool:
    def parts(v: str) -> tuple:
        return tuple(int(p) if p.isdigit() else 0 for p in v.split("."))
    return parts(a) < parts(b)
