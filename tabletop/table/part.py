"""A part of a game's table, composed into its presenter rather than mixed into it.

A part is one screen (a draft room, a shop), one zone and its pieces (the stack, the dice tray,
the priority track) or one group of controls. It keeps its own state, every field set in its
`__init__` (what is selected there, a plan half made), draws what the view shows there, and
answers the gestures aimed at its sprites. It reaches the rest of the table only through
`self.table`, the presenter: the view, the seat (`me`), the legal moves and the `put_*`
helpers of the base presenter. The presenter holds its parts as named fields and lists them in
`parts`, so the sync template asks each to forget what a new view no longer allows and Escape
clears each one's selection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.table.presenter import Presenter


class Part:
    def __init__(self, table: "Presenter") -> None:
        self.table: Any = table      # the game's presenter (its own fields are the game's)

    @property
    def covers_table(self) -> bool:
        """Whether this part is drawn over the table now (an open menu, a pile looked through):
        no card is then drawn large beside the pointer, which would hide it."""
        return False

    def forget_stale(self) -> None:
        """Drop what the new view or legal moves no longer allow (called at every sync)."""

    def clear(self) -> bool:
        """Drop this part's selection or half-made gesture (Escape); whether there was one.
        (Escape calls it on every part: a part that empties something else, such as the dice
        on show, names that otherwise.)"""
        return False
