"""Drives one match for the UI: human moves, bot moves from the worker process,
autosave after every action, undo, and whose eyes the table is for (hotseat)."""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.bots.base import bot_for_difficulty
from tabletop.bots.worker import BotWorker, fallback_choice
from tabletop.core import Action, Rng
from tabletop.core.event import Event
from tabletop.core.game import IllegalAction
from tabletop.core.match import Checked, Match
from tabletop.shell.match_history import open_history
from tabletop.store.saves import SaveError, SaveStore

log = logging.getLogger(__name__)

BOT_PAUSE_S = 0.45        # a bot's move waits this long (times the pace) so people can follow


def seat_names(seats, remote=()) -> list[str]:
    """The names the table, the log and the curtain use. At a shared computer every player is
    "you", so a seat named "You" (an older save or settings file) is called "Player N" there:
    a curtain never says "You's turn". Seats played from another computer (`remote`) do not
    share this one."""
    shared = sum(not s.is_bot and i not in remote for i, s in enumerate(seats)) > 1
    return [s.name.strip() if s.name.strip() and not (shared and s.name.strip().lower() == "you")
            else f"Player {i + 1}" for i, s in enumerate(seats)]


class MatchController(QObject):
    remote_seats: frozenset = frozenset()   # seats played from another computer (shell/net_play.py)
    changed = Signal(list)          # events as the viewing seat may see them
    hinted = Signal(object)         # the hard bot's suggestion for the player (an Action)
    advised = Signal(str)           # the bots made the player's moves they were asked to (ADVICE)
    thinking = Signal(str)          # "" when no bot is thinking
    curtain = Signal(str)           # hotseat: a message while the table is hidden, "" to lift
    problem = Signal(str)           # a sentence for the status line
    saved = Signal(str)
    refused = Signal(str)           # a lesson refused a move it does not teach now (the sentence)

    def __init__(self, match: Match, store: SaveStore, worker: BotWorker | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.match = match
        self.store = store
        self.worker = worker or BotWorker()
        self.pace = 1.0
        self.paused = False          # e.g. while an end-of-hand summary is open
        self.table_busy = lambda: False
        self.thumbnail = lambda: None
        self._ticket: int | None = None
        self._hint: tuple[int, int] | None = None     # (ticket, log length) of a hint request
        self._advice = None          # while the bots make the player's moves: when to stop (ADVICE)
        self._ready_at = 0.0
        humans = [i for i, s in enumerate(match.seats) if not s.is_bot and i not in self.remote_seats]
        self.humans = humans
        self.viewer: int | None = humans[0] if humans else None
        self._curtain_for: int | None = None
        self._remembered: tuple = ()    # (log length, winners) the match history last recorded
        self.referee = None             # a lesson's (table/lesson.py LessonReferee): see follow()
        if self.hotseat:
            self.viewer = None        # nobody's cards show until a player says they are ready
        self.timer = QTimer(self)
        self.timer.setInterval(30)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self._check_curtain()

    # --- who sees what ------------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def view(self):
        """The position as the eyes at the table may see it: under the curtain nobody's, so
        the table holds none of the last player's cards while the next one waits."""
        return self.match.game.view(self.match.state, self.log_viewer)

    @property
    def log_viewer(self) -> int | None:
        """Whose eyes the log speaks for: nobody's while the hotseat curtain is down, so the
        next player never reads the last one's secrets."""
        return None if self._curtain_for is not None else self.viewer

    def my_turn(self) -> bool:
        seat = self.match.to_act
        return (seat is not None and seat == self.viewer and not self.match.seats[seat].is_bot
                and self._curtain_for is None)

    def seat_kind(self, seat: int) -> str:
        """How the table's seat list names who plays `seat`."""
        s = self.match.seats[seat]
        if s.is_bot:
            return f"bot · {s.difficulty}"
        # at a shared computer nobody is "you" for long: the seat is a human one
        return "you" if seat == self.viewer and not self.hotseat else "human"

    def legal_for_viewer(self) -> list[Action]:
        return self.match.legal_actions() if self.my_turn() else []

    def _check_curtain(self) -> None:
        """Between two humans' turns the table is hidden until the next one is ready."""
        seat = self.match.to_act
        if (self.hotseat and seat is not None and seat != self.viewer
                and not self.match.seats[seat].is_bot):
            self._curtain_for = seat
            self.curtain.emit(self.curtain_text())

    def curtain_text(self) -> str:
        """The curtain's message, or "" when the table is not hidden."""
        return "" if self._curtain_for is None else self._curtain_words(self._curtain_for)

    def _curtain_words(self, seat: int) -> str:
        name = seat_names(self.match.seats)[seat]
        return f"{name}'s turn. Pass the computer to {name}.\nClick when {name} is ready."

    def cover_text(self) -> str:
        """What a hotseat table shows when its save is opened again (the curtain for the seat
        to act): thumbnails show this, never the hand of whoever is playing."""
        if self._curtain_for is not None:
            return self.curtain_text()
        seat = self.match.to_act
        if seat is None or self.match.seats[seat].is_bot:
            return self.match.game.info.title
        return self._curtain_words(seat)

    def _hidden(self) -> str | None:
        """The answer to anything but "I am ready" while the curtain is up: the player waiting
        there must neither change nor see the last player's position."""
        if self._curtain_for is None:
            return None
        return f"The table is hidden until {seat_names(self.match.seats)[self._curtain_for]} is ready."

    def lift_curtain(self) -> None:
        if self._curtain_for is not None:
            self.viewer, self._curtain_for = self._curtain_for, None
            self.curtain.emit("")
            self.changed.emit([])

    # --- a lesson ---------------------------------------------------------------------
    def follow(self, referee) -> None:
        """Keep the match to a lesson's script: its bots play the lesson's moves, and a move the
        step does not teach is refused before the engine sees it."""
        self.referee = referee

    def in_lesson(self) -> bool:
        return self.referee is not None and not self.referee.over()

    def finish_on_own(self) -> None:
        """Leave the lesson: from here an ordinary match against the easy bot, saved as one."""
        self.referee = None
        self.match.lesson = None
        name, difficulty = bot_for_difficulty("easy")
        for seat in self.match.seats:
            if seat.is_bot:
                seat.bot, seat.difficulty = name, difficulty
        self._ready_at = time.monotonic() + BOT_PAUSE_S * self.pace
        self.autosave(announce=False, whole=True)
        self.changed.emit([])

    # --- moves -------------------------------------------------------------------------
    def check(self, action: Action) -> Checked:
        """The engine's one answer about a human's move (carried on to try_action)."""
        hidden = self._hidden()
        if hidden:
            return Checked(action, hidden, self.match.version)
        if not self.my_turn():
            why = "It is not your turn." if self.match.to_act is not None else "The match is over."
            return Checked(action, why, self.match.version)
        if self.in_lesson():
            why = self.referee.refusal(action)
            if why:
                self.refused.emit(why)
                return Checked(action, why, self.match.version)
        return self.match.check(action)

    def try_action(self, action: Action | Checked) -> str | None:
        """Play a human's action (or a fresh Checked answer about it). Returns the engine's
        reason when it is illegal."""
        hidden = self._hidden()
        if hidden:
            return hidden
        checked = action if isinstance(action, Checked) else None
        if checked is None or checked.version != self.match.version:
            checked = self.check(checked.action if checked is not None else action)
        if checked.reason:
            return checked.reason
        self._play(checked)
        return None

    def _play(self, action: Action | Checked) -> None:
        try:
            events = self.match.play(action)
        except IllegalAction as exc:
            self.problem.emit(str(exc))
            return
        self._ready_at = time.monotonic() + BOT_PAUSE_S * self.pace
        self.autosave()
        self._remember_if_over()
        self.changed.emit([e.for_seat(self.log_viewer) for e in events])
        self._check_curtain()

    def _remember_if_over(self) -> None:
        """The move that ends the match puts it in the match history (the statistics read it):
        once, and again only if an undo let the match end another way. A history that cannot
        be written costs the player nothing but a sentence."""
        result = self.match.result()
        if result is None or self._remembered == (len(self.match.log), tuple(result.winners)):
            return
        self._remembered = (len(self.match.log), tuple(result.winners))
        with open_history() as history:
            if not history.record(self.match, self.store.path_for(self.match.id).name) and history.problem:
                self.problem.emit(history.problem)

    def _undo_seat(self) -> int | None:
        """Whose last decision an undo takes back (with every move after it): the player's
        own; at a shared computer the last human decision, whoever made it, so the player who
        just took the table can give the last one their turn back (behind the curtain)."""
        if not self.hotseat:
            return self.viewer
        return next((e.seat for e in reversed(self.match.log)
                     if not self.match.seats[e.seat].is_bot), self.viewer)

    def undo(self) -> str | None:
        hidden = self._hidden()
        if hidden:
            return hidden
        if self._ticket is not None:
            self.worker.cancel()
            self._ticket = None
            self.thinking.emit("")
        if not self.match.undo(for_seat=self._undo_seat()):
            return ("Nothing to undo: moves cannot be taken back past a draw or a shuffle "
                    "(start a casual practice match to undo anything).")
        self.autosave()
        # the moves taken back may give the turn to the other player: the table is hidden
        # until they are ready, so they see nothing of the one who pressed Undo
        self._check_curtain()
        self.changed.emit([Event("undo")])
        return None

    def history(self) -> list[Event]:
        """Every event of the match so far as the viewer may see them, replayed from the seed:
        after a resume or an undo the log tells the same story as during play."""
        m = self.match
        state = m.initial_state()
        events: list[Event] = []
        for entry in m.log:
            events += [e.for_seat(self.log_viewer) for e in m.game.apply(state, entry.action, checked=True)]
        return events

    def can_undo(self) -> bool:
        return self._curtain_for is None and self.match.can_undo(self._undo_seat())

    # --- hints -------------------------------------------------------------------------
    def request_advice(self, ends) -> str | None:
        """Let the hard bot make the player's moves, from the player's own view, one at a time
        as a hint each, until `ends(move)` gives the sentence saying the next is the player's."""
        reason = self.request_hint("Working on it…")
        if reason is None:
            self._advice = ends
        return reason

    def request_hint(self, thinking: str = "Looking for a good move…") -> str | None:
        """Ask the hard bot, from the player's own view, what it would play."""
        hidden = self._hidden()
        if hidden:
            return hidden
        if not self.my_turn():
            return "Hints are for your own turn."
        name, difficulty = bot_for_difficulty("hard")
        game = self.match.game
        try:
            ticket = self.worker.request(game.info.id, self.viewer, self.view(),
                                         self.match.legal_actions(), name, difficulty,
                                         seed=self.match.seed + len(self.match.log))
        except Exception as exc:
            log.warning("hint unavailable: %s", exc)
            return "No hint is available right now."
        self._hint = (ticket, len(self.match.log))
        self.thinking.emit(thinking)
        return None

    def _poll_hint(self) -> None:
        outcome = self.worker.poll()
        if outcome is None:
            return
        (ticket, moves), self._hint = self._hint, None
        ends, self._advice = self._advice, None
        self.thinking.emit("")
        got, action, error = outcome
        fresh = got == ticket and action is not None and len(self.match.log) == moves
        if fresh and ends is not None:
            said = ends(action)
            if said is None and self.my_turn():
                self._play(action)
                if self.my_turn() and self.request_advice(ends) is None:
                    return
                said = ""
            self.advised.emit(said)
        elif fresh:
            self.hinted.emit(action)
        elif error:
            self.problem.emit("No hint this time: the bot could not decide.")

    # --- bots --------------------------------------------------------------------------
    def tick(self) -> None:
        if self._hint is not None:
            self._poll_hint()
            return
        seat = self.match.to_act
        if self._ticket is not None:
            outcome = self.worker.poll()
            if outcome is None:
                return
            ticket, action, error = outcome
            self._ticket = None
            self.thinking.emit("")
            if ticket != self._pending_ticket or self.match.to_act != self._pending_seat:
                return                                  # stale: the match moved on (undo)
            if action is None:
                log.warning("bot for seat %s failed (%s); playing greedy instead", seat, error)
                self.problem.emit(f"The bot had a problem ({error}); it played a safe move instead.")
                action = fallback_choice(self.match.game, self.match.game.view(self.match.state, seat),
                                         self.match.legal_actions(), Rng(len(self.match.log)))
            self._play(action)
            return
        if (seat is None or not self.match.seats[seat].is_bot or self.paused
                or self.table_busy() or time.monotonic() < self._ready_at):
            return
        if self.in_lesson():            # the lesson's bot plays its scripted move, never searches
            scripted = self.referee.bot_move()
            if scripted is not None:
                self._play(scripted)
                return
        spec = self.match.seats[seat]
        game = self.match.game
        self._pending_seat = seat
        view = game.view(self.match.state, seat)
        try:
            self._pending_ticket = self._ticket = self.worker.request(
                game.info.id, seat, view, self.match.legal_actions(), spec.bot, spec.difficulty,
                seed=self.match.seed + len(self.match.log))
        except Exception as exc:   # no worker process: think here rather than stall the match
            log.warning("bot worker unavailable (%s); choosing in the app", exc)
            self._ticket = None
            self._play(fallback_choice(game, view, self.match.legal_actions(), Rng(len(self.match.log))))
            return
        self.thinking.emit(f"{spec.name or 'The bot'} is thinking…")

    # --- saving ------------------------------------------------------------------------
    def autosave(self, announce: bool = False, whole: bool = False) -> None:
        """After every move: the store journals it on its writer thread, so the move costs
        the same at move 500 as at move 5 (store/journal.py). Saving from the menu writes the
        whole save with a thumbnail and says "Saved" only once it is on disk."""
        try:
            if announce or whole:
                self.store.save(self.match, self.thumbnail())
            else:
                self.store.autosave(self.match, self.thumbnail)
        except SaveError as exc:     # the store's sentence says what failed and what comes next
            self.problem.emit(str(exc))
            return
        if announce:                 # the match as Saved games lists it, never a file's path
            m = self.match
            self.saved.emit(f"Saved at {time.strftime('%H:%M')}: {m.game.info.title}, "
                            f"{' vs '.join(s.name for s in m.seats)}. Saved games lists it.")

    def close(self) -> str | None:
        """Stop the bots at once (the worker process dies with the match), then fold the
        journal into a whole save with a thumbnail, waiting until every move is on disk:
        leaving a match or quitting never drops a move the table showed. When that write
        fails (a full disk), returns the sentence saying so (also sent as `problem`): the
        table is going away, so its status line is not enough."""
        self.timer.stop()
        self.worker.close()
        try:
            self.store.close_match(self.match, self.thumbnail)
        except SaveError as exc:
            self.problem.emit(str(exc))
            return str(exc)
        return None
