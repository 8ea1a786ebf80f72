"""Driving a game's presenter the way the table page does, for the table tests: one intent
answered, and a whole action made through the table's own gestures."""

from __future__ import annotations

from typing import Callable

from tabletop.core import Action
from tabletop.table import intents as it
from tabletop.table.presenter import LOCAL


def answer(p, intent):
    """What the presenter makes of one intent (as the table page asks it)."""
    if isinstance(intent, it.Click):
        return p.click(intent.target)
    if isinstance(intent, it.ButtonPress):
        return p.button(intent.button_id)
    if isinstance(intent, it.Drop):
        return p.drop(intent.sprite_id, intent.target)
    if isinstance(intent, it.RightClick):
        return p.context(intent.target)
    raise TypeError(intent)


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
