"""What opens over the Paragons table: the small menu (a right-clicked mercenary's abilities,
Caster shot, Garrison and attacks; the bump space or target to choose after a drop), which lists
legal actions only, the cards and spaces an entry names glowing and a click on one picking it;
and the browser, looking through a pile."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.presentation.style import GOLD, MUTED, cid
from tabletop.table import cardfit
from tabletop.table.actionmenu import ActionMenu
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL


class TableMenu(ActionMenu):
    """The action menu, whose entries also name places on the table."""

    def targets(self) -> dict[str, Action]:
        """Sprites that pick one menu entry when clicked: the one place or target it names."""
        t = self.table
        named: dict[str, list[Action]] = {}
        pushes = (all(a.kind in kinds(A.PLAY, A.REVEAL) for a in self.actions)
                  and len({a.args[1] for a in self.actions}) == 1)
        for a in self.actions:
            # a choice of where the occupant goes: the empty spaces it may be pushed to pick
            spots = {SpriteId("space", t.me, a.args[2])} if pushes and a.args[2] >= 0 else t.action_spots(a)
            for sid in spots:
                named.setdefault(sid, []).append(a)
        return {sid: acts[0] for sid, acts in named.items() if len(acts) == 1}


class Browser(Part):
    """Looking through a pile: any discard pile, and your own deck (in no order) and Reserve Pile."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pile: tuple[str, int] | None = None     # (zone, seat) looked through; None: closed

    def forget_stale(self) -> None:
        if self.table.in_room():
            self.pile = None

    def clear(self) -> bool:
        had, self.pile = bool(self.pile), None
        return had

    def _browsable(self, zone: str, seat: int) -> bool:
        return zone == "discard" or (seat == self.table.me and zone in ("deck", "reserve"))

    def click(self, target: SpriteId | None):
        """A click on a pile (or a discard pile's top card) opens it; None: not a pile."""
        if not target:
            return None
        if target.kind == "pile":
            zone, seat = target.at(0), target.at(1)
            return self._open(zone, seat) if isinstance(seat, int) and self._browsable(zone, seat) else None
        v = self.table.view
        c = cid(target)
        for q in range(v.players):
            if c is not None and v.discards[q] and v.discards[q][-1] == c:
                return self._open("discard", q)
        return None

    def _open(self, zone: str, seat: int) -> str:
        t = self.table
        self.pile, t.selected = (zone, seat), None
        t.menu.clear()
        return LOCAL

    def draw(self, seen) -> None:
        if not self.pile:
            return
        t = self.table
        v = t.view
        zone, q = self.pile
        cards = {"discard": list(reversed(v.discards[q])), "deck": sorted(v.decks[q], key=t.name),
                 "reserve": sorted(v.reserves[q], key=t.name)}[zone]
        cards = [c for c in cards if v.designs.get(c)]
        x, y, w, h = 80, 60, 1760, 900
        t.put_panel("browse:back", x, y, w, h, seen, z=2500, fill=(14, 18, 24, 248))
        who = "Your" if q == t.me else f"{t._seat_name(q)}'s"
        title = {"discard": f"{who} discard pile, the latest first", "deck": f"{who} deck (its order stays secret)",
                 "reserve": f"{who} Reserve Pile"}[zone] + f" · {len(cards)} cards"
        t.put_label("lbl:browse", title, x + 24, y + 16, 24, GOLD, seen, bold=True, z=2600)
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
            t._card(SpriteId("view", c), c, cx, cy, size, 2600 + i, seen)
        if not cards:
            t.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 22, MUTED, seen, "center", z=2600)
        t.put_button("btn:browse:close", "Close", x + w - 230, y + h - 66, 206, True, True, seen, z=2700)
