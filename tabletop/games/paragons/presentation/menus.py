"""What opens over the Paragons table: the small menu (a right-clicked mercenary's abilities,
Caster shot, Garrison and attacks; the bump space or target to choose after a drop), which lists
legal actions only, the cards and spaces an entry names glowing and a click on one picking it;
and the browser, looking through a pile."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.presentation.style import cid
from tabletop.table.actionmenu import ActionMenu
from tabletop.table.browser import PileBrowser
from tabletop.table.ids import SpriteId
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


class Browser(PileBrowser):
    """Looking through a pile: any discard pile, and your own deck (in no order) and Reserve Pile;
    a click on a pile, or on a discard pile's top card, opens it. Another player's hand and Hidden
    Pile open only when the view knows every card in them (a finished match watched again,
    everything revealed): in play some are unknown, and half a hand would mislead."""

    aspect, largest, fill = 165 / 118, 200, (14, 18, 24, 248)

    def may_open(self, zone: str, seat: int) -> bool:
        t = self.table
        if t.in_room():
            return False
        if zone in ("hand", "hidden") and seat != t.me:        # only when every card is known
            held = t.view.hands[seat] if zone == "hand" else t.view.hidden[seat]
            return bool(held) and len(self.cards(zone, seat)) == len(held)
        return zone == "discard" or (seat == t.me and zone in ("deck", "reserve"))

    def cards(self, zone: str, seat: int) -> list[int]:
        t = self.table
        v = t.view
        cards = {"discard": lambda: list(reversed(v.discards[seat])),
                 "deck": lambda: sorted(v.decks[seat], key=t.name),
                 "reserve": lambda: sorted(v.reserves[seat], key=t.name),
                 "hand": lambda: sorted(v.hands[seat], key=t.name),
                 "hidden": lambda: sorted(v.hidden[seat], key=t.name)}[zone]()
        return [c for c in cards if v.designs.get(c)]

    def title(self, zone: str, seat: int, n: int) -> str:
        who = self.whose(seat)
        return {"discard": f"{who} discard pile, the latest first", "deck": f"{who} deck (its order stays secret)",
                "reserve": f"{who} Reserve Pile", "hand": f"{who} hand", "hidden": f"{who} Hidden Pile"}[zone] \
            + f" · {n} cards"

    def click(self, target: SpriteId | None):
        """A click on a pile (or a discard pile's top card) opens it; None: not a pile."""
        if not target:
            return None
        if target.kind == "pile":
            zone, seat = target.at(0), target.at(1)
            return self._open(zone, seat) if isinstance(seat, int) else None
        v = self.table.view
        c = cid(target)
        for q in range(v.players):
            if c is not None and v.discards[q] and v.discards[q][-1] == c:
                return self._open("discard", q)
        return None

    def _open(self, zone: str, seat: int) -> str | None:
        """Open the pile, dropping the selection and the menu; LOCAL, or None when it may not be."""
        if not self.open(zone, seat):
            return None
        t = self.table
        t.selected = None
        t.menu.clear()
        return LOCAL
