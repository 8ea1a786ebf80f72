"""Panels over the Trials table: the browser of a deck or a discard pile (a part), and the cards
that pick an entry of the action menu (the table's ActionMenu) when clicked."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions
from tabletop.games.trials.presentation.style import GOLD, MUTED
from tabletop.table import cardfit
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL


class Browser(Part):
    """A deck (your own only) or a discard pile looked through, in order: the browser only looks."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pile: tuple[str, int] | None = None     # ("deck" | "discard", seat) being looked through

    def open(self, kind: str, seat: int) -> bool:
        """Look through `seat`'s deck or discard pile; whether it may be (no other seat's deck)."""
        if kind == "deck" and seat != self.table.me:
            return False
        self.pile = (kind, seat)
        return True

    def forget_stale(self) -> None:
        if self.pile and self.pile[0] == "deck" and self.pile[1] != self.table.me:
            self.pile = None

    def clear(self) -> bool:
        had, self.pile = self.pile is not None, None
        return had

    def button(self, bid):
        if bid == "btn:browse:close":
            self.pile = None
            return LOCAL
        return None

    def draw(self, seen) -> None:
        if not self.pile:
            return
        t = self.table
        v = t.view
        kind, p = self.pile
        cards = list(v.decks[p] if kind == "deck" else reversed(v.discards[p]))
        x, y, w, h = 80, 70, 1760, 900
        t.put_panel("browse:back", x, y, w, h, seen, z=2500)
        who = "Your" if p == t.me else f"{t.seat_names[p]}'s"
        title = (f"{who} deck, top card first ({len(cards)} cards, never reordered)" if kind == "deck"
                 else f"{who} discard pile, latest first ({len(cards)} cards)")
        t.put_label("lbl:browse", title, x + 24, y + 16, 22, GOLD, seen, bold=True, z=2600)
        # as large as the panel allows, above the Close button
        room = (x + 24, y + 60, w - 48, h - 60 - 80)
        size, cols = cardfit.fit_rows(len(cards), room[2], room[3], 1.4, 12, largest=230, max_rows=4)
        for i, (c, (cx, cy)) in enumerate(zip(cards, cardfit.grid(room, len(cards), size, cols, 12))):
            s = t._card(SpriteId("view", c), c, cx, cy, size, 2600 + i, seen)
            s.badge = str(i + 1)
        if not cards:
            t.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 20, MUTED, seen, "center", z=2600)
        t.put_button("btn:browse:close", "Close", x + w - 220, y + h - 64, 196, True, True, seen, z=2700)


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
