"""Panels over the Trials table: the browser of a deck or a discard pile (a part), and the cards
that pick an entry of the action menu (the table's ActionMenu) when clicked."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions
from tabletop.table.browser import PileBrowser


class Browser(PileBrowser):
    """A deck (your own only) or a discard pile looked through, in order, each card numbered."""

    aspect, largest, numbered = 1.4, 230, True

    def may_open(self, zone: str, seat: int) -> bool:
        return zone != "deck" or seat == self.table.me         # no other seat's deck

    def cards(self, zone: str, seat: int) -> list[int]:
        v = self.table.view
        return list(v.decks[seat] if zone == "deck" else reversed(v.discards[seat]))

    def title(self, zone: str, seat: int, n: int) -> str:
        who = self.whose(seat)
        return (f"{who} deck, top card first ({n} cards, never reordered)" if zone == "deck"
                else f"{who} discard pile, latest first ({n} cards)")


def menu_targets(entries: list[Action]) -> dict[int, Action]:
    """Cards that pick one menu entry when clicked (the entry's only chosen target)."""
    out: dict[int, list[Action]] = {}
    for a in entries:
        t = target_of(a)
        if t is not None:
            out.setdefault(t, []).append(a)
    return {t: acts[0] for t, acts in out.items() if len(acts) == 1}


def target_of(a: Action) -> int | None:
    """The one target an action chose, if it chose exactly one."""
    if actions.ATTACK.matches(a):
        return actions.ATTACK.target(a)
    if actions.IGNITE.matches(a):
        return actions.IGNITE.target(a)
    if actions.PLAY.matches(a):
        targets = actions.PLAY.targets(a)
    elif actions.ACTIVATE.matches(a):
        targets = actions.ACTIVATE.targets(a)
    else:
        return None
    return targets[0] if len(targets) == 1 else None
