"""Driving a game's presenter through the table's own session (tabletop/table/session.py), for
the table tests of every game: one intent answered, and a whole action made through the
table's own gestures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tabletop.core import Action
from tabletop.table.presenter import LOCAL
from tabletop.table.session import TableSession


@dataclass
class _Checked:
    action: Action
    reason: str | None = None


class Proposals:
    """A Mover for headless table tests: keeps each move the table would make, unmade."""

    def __init__(self) -> None:
        self.made: list[Action] = []

    def check(self, action: Action) -> _Checked:
        return _Checked(action)

    def try_action(self, result) -> str | None:
        self.made.append(getattr(result, "action", result))
        return None

    def lift_curtain(self) -> None:
        pass


class Refuses:
    """A Mover for tests that look at the table and play the match themselves: every gesture's
    move is refused, so nothing but the test moves the match."""

    def check(self, action: Action) -> _Checked:
        return _Checked(action, "not in this test")

    def try_action(self, action) -> str:
        return "not in this test"

    def lift_curtain(self) -> None:
        pass


class Answers(TableSession):
    """The table's own session (table/session.py), remembering what each gesture came to."""

    def __init__(self, p, **kw) -> None:
        super().__init__(p.scene, p, Proposals(), **kw)
        self.results: list = []

    def perform(self, result) -> None:
        if result is not None:                      # a move checked on the way: the move
            self.results.append(getattr(result, "action", result))
        super().perform(result)


def answer(p, intent):
    """What the presenter makes of one intent, as the table's session asks it."""
    return TableSession(p.scene, p, Proposals()).propose(intent)


def answers(p, intents, **kw):
    """The table's session run over the scene's intents (drag feedback included): the last
    answer that meant something (an action, LOCAL), or None."""
    session = Answers(p, **kw)
    session.handle(intents)
    return session.results[-1] if session.results else None


def through_table(p, a: Action, route: Callable, show_again: Callable[[], object],
                  tries: int = 12):
    """Make `a` with the gestures `route` finds, one at a time; a gesture the table keeps to
    itself (a selection, a menu) is followed by a fresh `show_again()`. Returns the action
    the table proposes."""
    for _ in range(tries):
        steps = route(p, a)
        assert steps is not None, f"no way on the table to {a.label}"
        got = answer(p, steps[0])
        if got == LOCAL or got is None:
            show_again()
            continue
        return got
    raise AssertionError(f"the table went round in circles for {a.label}")
