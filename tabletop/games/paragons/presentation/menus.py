"""The small menu over the Paragons table: a right-clicked mercenary's abilities, Caster shot,
Garrison and attacks; the bump space or target to choose after a drop. It lists legal actions
only; the cards and spaces an entry names glow and a click on one picks it."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.presentation.style import GOLD, MUTED, cid
from tabletop.table import cardfit
from tabletop.table.actionmenu import ActionMenuMixin
from tabletop.table.presenter import LOCAL


class MenusMixin(ActionMenuMixin):
    menu: list[Action]

    def menu_words(self, label: str) -> str:
        return self.words(label)

    def _menu_targets(self) -> dict[str, Action]:
        """Sprites that pick one menu entry when clicked: the one place or target it names."""
        named: dict[str, list[Action]] = {}
        pushes = (all(a.kind in kinds(A.PLAY, A.REVEAL) for a in self.menu)
                  and len({a.args[1] for a in self.menu}) == 1)
        for a in self.menu:
            # a choice of where the occupant goes: the empty spaces it may be pushed to pick
            spots = {f"space:{self.me}:{a.args[2]}"} if pushes and a.args[2] >= 0 else self.action_spots(a)
            for sid in spots:
                named.setdefault(sid, []).append(a)
        return {sid: acts[0] for sid, acts in named.items() if len(acts) == 1}


class BrowserMixin:
    """Looking through a pile: any discard pile, and your own deck (in no order) and Reserve Pile."""

    browse: tuple[str, int] | None = None

    def _browsable(self, zone: str, seat: int) -> bool:
        return zone == "discard" or (seat == self.me and zone in ("deck", "reserve"))

    def _pile_click(self, target: str | None):
        """A click on a pile (or a discard pile's top card) opens it; None: not a pile."""
        v = self.view
        if not target:
            return None
        if target.startswith("pile:"):
            _, zone, seat = target.split(":")
            if self._browsable(zone, int(seat)):
                self.browse, self.menu, self.selected = (zone, int(seat)), [], None
                return LOCAL
            return None
        c = cid(target)
        for q in range(v.players):
            if c is not None and v.discards[q] and v.discards[q][-1] == c:
                self.browse, self.menu, self.selected = ("discard", q), [], None
                return LOCAL
        return None

    def _sync_browser(self, seen) -> None:
        if not self.browse:
            return
        v = self.view
        zone, q = self.browse
        cards = {"discard": list(reversed(v.discards[q])), "deck": sorted(v.decks[q], key=self.name),
                 "reserve": sorted(v.reserves[q], key=self.name)}[zone]
        cards = [c for c in cards if v.designs.get(c)]
        x, y, w, h = 80, 60, 1760, 900
        self.put_panel("browse:back", x, y, w, h, seen, z=2500, fill=(14, 18, 24, 248))
        who = "Your" if q == self.me else f"{self._seat_name(q)}'s"
        title = {"discard": f"{who} discard pile, the latest first", "deck": f"{who} deck (its order stays secret)",
                 "reserve": f"{who} Reserve Pile"}[zone] + f" · {len(cards)} cards"
        self.put_label("lbl:browse", title, x + 24, y + 16, 24, GOLD, seen, bold=True, z=2600)
        # as large as the panel allows (a long pile overlaps its rows), above its buttons
        room = (x + 24, y + 60, w - 48, h - 150)
        size, cols = cardfit.fit_rows(len(cards), room[2], room[3], 165 / 118, 10, largest=200, max_rows=4)
        if size[0] < 140:                  # a long pile: rows overlap rather than shrink below this
            size = (140.0, 140.0 * 165 / 118)
            cols = max(1, int((room[2] + 10) // (size[0] + 10)))
        rows = max(1, -(-len(cards) // cols))
        pitch = min(size[1] + 12, (room[3] - size[1]) / max(1, rows - 1)) if rows > 1 else 0
        for i, c in enumerate(cards):
            cx = room[0] + (i % cols) * (size[0] + 10)
            cy = room[1] + (i // cols) * pitch
            self._card(f"view:{c}", c, cx, cy, size, 2600 + i, seen)
        if not cards:
            self.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 22, MUTED, seen, "center", z=2600)
        self.put_button("btn:browse:close", "Close", x + w - 230, y + h - 66, 206, True, True, seen, z=2700)
