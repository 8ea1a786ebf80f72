"""Network matches at the table: the host's controller (the referee's match, with seats played
from other computers) and the guest's (holding only what the host sent its seat).

Both give the table page what MatchController gives it (view, legal_for_viewer, match.*), so
the same page, presenters and gestures serve a network match. The network runs on a thread of
its own (net/thread.py); everything that touches the match runs here, on the GUI thread.
"""

from __future__ import annotations

import logging
import queue
import socket
import time

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.bots.base import bot_for_difficulty
from tabletop.core import Action
from tabletop.core.event import Event
from tabletop.core.match import Checked, Match, Seat
from tabletop.games.registry import get_game
from tabletop.net.guest import Guest, Refused, dial_direct
from tabletop.net.host import Host
from tabletop.net.mirror import Mirror
from tabletop.net.protocol import ProtocolError, new_code
from tabletop.net.referee import Referee, hosted_seats
from tabletop.net.remote import RemoteMatches
from tabletop.net.thread import Bridge, NetThread
from tabletop.shell.controller import MatchController, seat_names
from tabletop.store.history import History
from tabletop.store.saves import SaveError

log = logging.getLogger(__name__)

PORT = 8765                  # tried first; another free port when it is taken


class HostedController(MatchController):
    """The host's table: the match is played here; remote seats move through the referee."""

    undo_asked = Signal(str)        # a guest asks to take back its move: the player decides
    dropped = Signal(str)           # the name of the remote player to act who is away ("": none)

    def __init__(self, match: Match, store, remote_seats: list[int], port: int = PORT,
                 announce: bool = True, bind: str = "0.0.0.0", relay: str = "", parent=None) -> None:
        self.remote_seats = frozenset(remote_seats)
        super().__init__(match, store, parent=parent)
        # a match hosted before (reopened from Saved games) keeps its code, its port when free,
        # and its guests' tokens: they rejoin their seats as after any drop
        again = match.hosted if hosted_seats(match) == sorted(remote_seats) else None
        self.code = again["code"] if again else new_code()
        self.bridge = Bridge()
        self.net_referee = Referee(match, sorted(remote_seats), self.code)
        if again:
            self.net_referee.restore(again)
        self.net_referee.on_join = self._keep_record
        self.host = Host(self.net_referee, say=log.info, call=self.bridge.call, act=self._remote_move)
        self.host.on_undo_ask = self._guest_asks_undo
        self.net = NetThread()
        ports = [p for p in ((again or {}).get("port"), port) if type(p) is int and 0 < p < 65536] + [0]
        for tried in ports:
            try:
                self.port = self.net.submit(self.host.listen(bind, tried)).result(5)
                break
            except OSError:                              # taken: the next, then any free port
                if tried == 0:
                    raise
        self._keep_record()
        from tabletop.net.discovery import local_address
        self.address = f"{local_address() if bind == '0.0.0.0' else bind}:{self.port}"
        self.announcer = None
        if announce:
            try:
                from tabletop.net.discovery import Announcer
                free = sum(not r.token for r in self.net_referee.remotes.values())
                self.announcer = Announcer(self._listing(), match.game.info.id, self.port, free,
                                           address=self.address.rsplit(":", 1)[0])
            except Exception as exc:          # no mDNS here: the address and code still work
                log.warning("the match is not announced on the network: %s", exc)
        # with a relay in Settings, the match also waits there for players over the internet
        self.relay = relay
        self._relaying = None
        if relay:
            from tabletop.net.relay import host_through_relay
            self._relaying = self.net.submit(host_through_relay(self.host, relay, self.code))
        self._stopping = False
        self._said = None
        self._undo_from: int | None = None        # the guest seat whose undo we answer
        self._undo_wait: tuple[int, float] | None = None   # (seat asked, since) our own undo
        self._away = ""

    def _keep_record(self, remote=None) -> None:
        """The save keeps what hosting this match again needs (Match.hosted); a guest who just
        joined is written at once, so a restart of this computer still knows their seat."""
        self.match.hosted = dict(self.net_referee.record(), port=self.port)
        if remote is not None:
            self.autosave(whole=True)

    def _listing(self) -> str:
        """The match as Join a match lists it on other computers: "Ana's Paargus"; a host seat
        still called "You" would read "You's Paargus" there, so it is named by this computer."""
        title = self.match.game.info.title
        who = self.match.seats[self.humans[0]].name.strip() if self.humans else ""
        if not who or who.lower() == "you":
            who = socket.gethostname().split(".")[0] or "Tabletop"
        return f"{who}'s {title}"

    def hosting_text(self) -> str:
        relay = f" · relay {self.relay}" if self.relay else ""
        return f"Join code {self.code} · address {self.address}{relay}"

    def seat_kind(self, seat: int) -> str:
        if seat in self.remote_seats:
            remote = self.net_referee.remotes.get(seat)
            if remote is None:
                return "online"
            return "online · " + ("connected" if remote.connected else "away" if remote.token else "not joined")
        return super().seat_kind(seat)

    # --- the network's moves, on this thread ------------------------------------------------
    def _remote_move(self, seat: int, raw: dict, at: int) -> None:
        checked = self.net_referee.check(seat, raw, at)       # raises: the host refuses it
        self._play(checked)

    def _play(self, action) -> None:
        super()._play(action)
        self._tell()

    def _tell(self) -> None:
        self.net.submit(self.host.moves_made())

    def tick(self) -> None:
        self.bridge.drain()
        self._stop_when_told()
        self._presence()
        self._undo_answers()
        super().tick()

    def _presence(self) -> None:
        """The pill over the table: who the match waits for (a player still to join, one who
        dropped, one thinking on their computer); and the offer to replace one who dropped."""
        seat = self.match.to_act
        remote = self.net_referee.remotes.get(seat) if seat is not None else None
        unjoined = any(not r.token for r in self.net_referee.remotes.values())
        away = ""
        if remote is not None and remote.token and remote.connected:
            text = f"{remote.name} is thinking…"
        elif remote is not None and remote.token:
            text = f"Waiting for {remote.name} to reconnect…"
            away = remote.name
        elif unjoined:
            # short, so the pill stays clear of the zones' labels: the side panel and the status
            # line show the code and the address
            text = "Waiting for a player to join…"
        else:
            text = None
        if self.match.result() is not None:
            text, away = None, ""
        if text != self._said:
            self._said = text
            if text is not None or self._ticket is None:
                self.thinking.emit(text or "")
        if away != self._away:
            self._away = away
            self.dropped.emit(away)

    def _stop_when_told(self) -> None:
        """Hosting listens only while the match waits or runs: once it is over and every guest
        has the whole of it, the server closes (the table stays for the player to look at)."""
        if self.host.server is None or self._stopping or self.match.result() is None:
            return
        joined = {r.seat for r in self.net_referee.remotes.values() if r.token}
        if joined <= self.host.finals_sent:
            self._stopping = True
            self.net.submit(self.host.close())

    def replace_dropped(self) -> None:
        """The remote player to act is away: a normal bot takes their seat for the rest."""
        seat = self.match.to_act
        remote = self.net_referee.remotes.get(seat) if seat is not None else None
        if remote is None or remote.connected:
            return
        bot, difficulty = bot_for_difficulty("normal")
        self.match.seats[seat] = Seat("bot", remote.name, bot, difficulty)
        del self.net_referee.remotes[seat]
        self.remote_seats = self.remote_seats - {seat}
        self.match.hosted = dict(self.net_referee.record(), port=self.port) if self.remote_seats else None
        self.problem.emit(f"A bot plays for {remote.name} from now on.")
        self._said = None
        self.autosave()

    # --- undo only with consent ---------------------------------------------------------------
    def undo(self) -> str | None:
        guests = [r for r in self.net_referee.remotes.values() if r.token]
        if not guests:
            return super().undo()
        if not self.match.can_undo(self._undo_seat()):
            return super().undo()                        # its own sentence: nothing to take back
        away = [r.name for r in guests if not r.connected]
        if away:
            return f"In a network match a move is taken back only with the other player's consent, and {away[0]} is away."
        for r in guests:
            self.net.submit(self.host.ask_undo(r.seat))
        self._undo_wait = (len(self.match.log), time.monotonic())
        return f"Asked {' and '.join(r.name for r in guests)} to agree to taking back your move…"

    def _undo_answers(self) -> None:
        if self._undo_wait is None:
            return
        guests = [r for r in self.net_referee.remotes.values() if r.token]
        answers = [r.undo_answer for r in guests]
        if len(self.match.log) != self._undo_wait[0]:
            self._undo_wait = None                        # the match moved on meanwhile
        elif any(a is False for a in answers):
            self._undo_wait = None
            self.problem.emit("The other player said no: the move stays.")
        elif all(a is True for a in answers):
            self._undo_wait = None
            super().undo()
            self._tell()

    def _guest_asks_undo(self, seat: int) -> None:
        remote = self.net_referee.remotes.get(seat)
        if remote is not None and self.match.can_undo(seat):
            self._undo_from = seat
            self.undo_asked.emit(remote.name)

    def answer_undo(self, yes: bool) -> None:
        seat, self._undo_from = self._undo_from, None
        if seat is None:
            return
        if yes and self.match.undo(for_seat=seat):
            self.autosave()
            self.changed.emit([Event("undo")])
            self._tell()

    def can_undo(self) -> bool:
        return super().can_undo()

    def close(self) -> str | None:
        """Leaving the table stops hosting: the server closes, the announcement goes."""
        if self.announcer is not None:
            try:
                self.announcer.close()
            except Exception:
                log.exception("the announcement could not be withdrawn")
        if self._relaying is not None:
            self._relaying.cancel()
        try:
            self.net.submit(self.host.close()).result(3)
        except Exception:
            log.exception("the host did not close cleanly")
        self.net.stop()
        return super().close()


class RemoteMatch:
    """What the table page reads of `ctrl.match`, made from the guest's Mirror."""

    def __init__(self, mirror: Mirror) -> None:
        self.mirror = mirror
        self.game = mirror.game
        self.id = mirror.match_id
        self.options = mirror.options
        self.seats = [Seat("human", n) for n in mirror.names]
        self.casual = False
        self.lesson = None                  # a network match follows no lesson

    @property
    def state(self):
        return self.mirror.view

    @property
    def log(self) -> list[dict]:
        return self.mirror.moves

    @property
    def to_act(self) -> int | None:
        return self.mirror.to_act

    @property
    def version(self) -> int:
        return self.mirror.n

    def result(self):
        return self.mirror.result

    def legal_actions(self) -> list[Action]:
        return list(self.mirror.legal)


class GuestController(QObject):
    """The guest's table. It holds only what the host sent this seat: never the hidden state."""

    changed = Signal(list)
    hinted = Signal(object)
    advised = Signal(str)
    thinking = Signal(str)
    curtain = Signal(str)
    problem = Signal(str)
    saved = Signal(str)
    refused = Signal(str)
    undo_asked = Signal(str)
    ready = Signal()                 # the first position has come: the table can open
    failed = Signal(str)             # the host would not have us (or cannot be reached)

    def __init__(self, address: str, code: str, name: str, store, entries: RemoteMatches | None = None,
                 relay: bool = False, parent=None) -> None:
        super().__init__(parent)
        self.store = store
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        if relay:
            from tabletop.net.relay import dial_through_relay
            dial = lambda: dial_through_relay(address, code)      # noqa: E731
        else:
            dial = lambda: dial_direct(address)                    # noqa: E731
        self.guest = Guest(address, code, name, entries=entries if entries is not None else RemoteMatches(),
                           dial=dial, say=log.info, relay=relay)
        self.guest.on_message = self.inbox.put
        self.guest.on_status = lambda text: self.inbox.put({"kind": "status", "text": text})
        self.mirror: Mirror | None = None
        self.match: RemoteMatch | None = None
        self.viewer: int | None = None
        self.humans: list[int] = []
        self.pace = 1.0
        self.paused = False
        self.table_busy = lambda: False
        self.thumbnail = lambda: None
        self._sent_at: int | None = None           # a move on its way: no second one meanwhile
        self._status = ""
        self.net = NetThread()
        self.running = self.net.submit(self.guest.run())
        self.timer = QTimer(self)
        self.timer.setInterval(30)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    hotseat = False
    referee = None                   # no lesson's referee: a network match is no lesson

    def in_lesson(self) -> bool:
        return False

    @property
    def log_viewer(self) -> int | None:
        return self.viewer

    def view(self):
        return self.mirror.view

    def my_turn(self) -> bool:
        m = self.mirror
        return (m is not None and m.to_act == m.seat and m.result is None and bool(m.legal)
                and self._sent_at != m.n)

    def legal_for_viewer(self) -> list[Action]:
        return list(self.mirror.legal) if self.my_turn() else []

    def seat_kind(self, seat: int) -> str:
        if seat == self.viewer:
            return "you"
        present = self.mirror.present
        return "host's computer" if seat < len(present) and present[seat] else "away"

    def curtain_text(self) -> str:
        return ""

    def cover_text(self) -> str:
        return self.match.game.info.title if self.match else ""

    def lift_curtain(self) -> None:
        pass

    # --- the messages the network thread took in -------------------------------------------------
    def tick(self) -> None:
        if self.running.done() and self.running.exception() is not None:
            exc, self.running = self.running.exception(), _Done()
            text = str(exc) if isinstance(exc, (Refused, ProtocolError)) else f"The connection failed ({exc})."
            self.problem.emit(text)
            self.failed.emit(text)           # may close this controller: nothing after it
            return
        while True:
            try:
                msg = self.inbox.get_nowait()
            except queue.Empty:
                return
            self._take(msg)

    def _take(self, msg: dict) -> None:
        kind = msg["kind"]
        if kind == "welcome":
            if self.mirror is None or self.mirror.match_id != msg["match"]:
                self.mirror = Mirror.from_welcome(msg)
                self.match = RemoteMatch(self.mirror)
                self.viewer = self.mirror.seat
                self.humans = [self.viewer]
        elif kind == "update":
            first = self.mirror.view is None
            events = self.mirror.apply_update(msg)
            if first:
                self.ready.emit()
            else:
                self.changed.emit(events)
            self._say_who_acts()
        elif kind == "final":
            self._keep_final(msg["save"])
        elif kind == "refused":
            self._sent_at = None
            self.problem.emit(msg["reason"])
        elif kind == "undo_ask":
            self.undo_asked.emit("The host")
        elif kind == "status":
            self._status = msg["text"]
            self.thinking.emit(msg["text"])

    def _say_who_acts(self) -> None:
        m = self.mirror
        if self._status:
            return
        if m.result is None and m.to_act is not None and m.to_act != m.seat:
            self.thinking.emit(f"{seat_names(self.match.seats)[m.to_act]} is thinking…")
        else:
            self.thinking.emit("")

    def _keep_final(self, data: dict) -> None:
        """The end of the match, whole: kept in Saved games and the match history, so the
        replay and the statistics work here as on the host's computer."""
        try:
            match = Match.from_json(data, get_game(data["game"]))
            path = self.store.save(match)
        except (ValueError, KeyError, SaveError) as exc:
            self.problem.emit(f"The finished match could not be kept here: {exc}")
            return
        with History() as history:
            history.record(match, path.name)
        self.saved.emit("The whole match is kept in Saved games.")

    # --- moves -------------------------------------------------------------------------------
    def check(self, action: Action) -> Checked:
        version = self.match.version if self.match else 0
        if not self.my_turn():
            return Checked(action, "It is not your turn." if self.mirror and self.mirror.result is None
                           else "The match is over.", version)
        for legal in self.mirror.legal:
            if legal == action:
                return Checked(legal, None, version)
        if action.kind in self.match.game.open_kinds:
            # a kind too many to list (Paragons' swap of several cards): only the host's rules
            # can judge it; a refusal comes back with the host's sentence
            return Checked(action, None, version)
        return Checked(action, "That move is not allowed now.", version)

    def try_action(self, action) -> str | None:
        checked = action if isinstance(action, Checked) else None
        if checked is None or checked.version != self.mirror.n:
            checked = self.check(checked.action if checked is not None else action)
        if checked.reason:
            return checked.reason
        self._sent_at = self.mirror.n
        self.net.submit(self.guest.send_action(checked.action, self.mirror.n))
        return None

    def history(self) -> list[Event]:
        return self.mirror.history() if self.mirror else []

    def can_undo(self) -> bool:
        m = self.mirror
        return m is not None and m.result is None and any(mv["seat"] == m.seat for mv in m.moves)

    def undo(self) -> str | None:
        if not self.can_undo():
            return "Nothing of yours to take back."
        self.net.submit(self.guest.ask_undo())
        return "Asked the host to agree to taking back your move…"

    def answer_undo(self, yes: bool) -> None:
        self.net.submit(self.guest.answer_undo(yes))

    def request_hint(self, thinking: str = "") -> str | None:
        return "Hints are for matches at this computer."

    def request_advice(self, ends) -> str | None:
        return self.request_hint()

    def autosave(self, announce: bool = False) -> None:
        if announce:
            self.saved.emit("The host's computer keeps this match; Join a match rejoins it.")

    def close(self) -> str | None:
        self.timer.stop()
        self.net.stop()
        return None


class _Done:
    """A finished future with no error (the failure was told once)."""

    def done(self) -> bool:
        return True

    def exception(self):
        return None
