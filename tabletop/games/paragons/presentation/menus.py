"""The small menu over the Paragons table: a right-clicked mercenary's abilities, Caster shot,
Garrison and attacks; the bump space or target to choose after a drop. It lists legal actions
only; the cards and spaces an entry names glow and a click on one picks it."""

from __future__ import annotations

import os

from tabletop.core import Action
from tabletop.games.paragons.presentation.style import GOLD, MENU_PAGE, MUTED, cid, put_panel, short
from tabletop.table.presenter import LOCAL


class MenusMixin:
    menu: list[Action]

    def open_menu(self, acts: list[Action], title: str, at: tuple[float, float]) -> str:
        self.menu = list(acts)
        self.menu_title = title
        self.menu_at = at
        self.menu_page = 0
        self.selected = None
        common = os.path.commonprefix([self.words(a.label) for a in acts]) if len(acts) > 1 else ""
        self._strip = common[:common.rfind(" ") + 1] if len(common) > 20 and " " in common else ""
        return LOCAL

    def _menu_text(self, a: Action) -> str:
        text = self.words(a.label or a.kind)
        if self._strip and text.startswith(self._strip):
            text = text[len(self._strip):].lstrip(" ,") or text
        return short(text[0].upper() + text[1:], 60)

    def _sync_menu(self, seen) -> None:
        if not self.menu:
            return
        w = 560
        page = self.menu[self.menu_page * MENU_PAGE:(self.menu_page + 1) * MENU_PAGE]
        more = len(self.menu) > MENU_PAGE
        rows = len(page) + 1 + (1 if more else 0)
        hgt = 40 + rows * 42
        x = min(max(12, self.menu_at[0]), self.layout.size[0] - w - 12)
        y = min(max(12, self.menu_at[1]), self.layout.size[1] - hgt - 12)
        put_panel(self.scene, "menu:back", x - 10, y - 8, w + 20, hgt + 16, seen, z=2900)
        self.put_label("lbl:menu", short(self.menu_title, 52), x + 6, y, 17, GOLD, seen, bold=True, z=3000)
        yy = y + 34
        for k, a in enumerate(page):
            i = self.menu_page * MENU_PAGE + k
            self.put_button(f"btn:menu:{i}", self._menu_text(a), x, yy, w, True, False, seen, h=38, z=3000)
            self.scene.get(f"btn:menu:{i}").tooltip = self.words(a.label)
            yy += 42
        if more:
            pages = (len(self.menu) + MENU_PAGE - 1) // MENU_PAGE
            self.put_button("btn:menu:more", f"More… ({self.menu_page + 1}/{pages})", x, yy, w, True, False,
                            seen, h=38, z=3000)
            yy += 42
        self.put_button("btn:menu:cancel", "Cancel", x, yy, w, True, False, seen, h=38, z=3000)

    def _menu_button(self, bid: str):
        if bid == "btn:menu:cancel":
            self.menu = []
            return LOCAL
        if bid == "btn:menu:more":
            pages = max(1, (len(self.menu) + MENU_PAGE - 1) // MENU_PAGE)
            self.menu_page = (self.menu_page + 1) % pages
            return LOCAL
        i = int(bid.rsplit(":", 1)[1])
        acts, self.menu = self.menu, []
        return acts[i] if i < len(acts) else LOCAL

    def _menu_targets(self) -> dict[str, Action]:
        """Sprites that pick one menu entry when clicked: the one place or target it names."""
        named: dict[str, list[Action]] = {}
        pushes = all(a.kind in ("play", "reveal") for a in self.menu) and len({a.args[1] for a in self.menu}) == 1
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
        put_panel(self.scene, "browse:back", x, y, w, h, seen, z=2500, fill=(14, 18, 24, 248))
        who = "Your" if q == self.me else f"{self._seat_name(q)}'s"
        title = {"discard": f"{who} discard pile, the latest first", "deck": f"{who} deck (its order stays secret)",
                 "reserve": f"{who} Reserve Pile"}[zone] + f" · {len(cards)} cards"
        self.put_label("lbl:browse", title, x + 24, y + 16, 24, GOLD, seen, bold=True, z=2600)
        size = (118, 165)
        cols = int((w - 40) // (size[0] + 10))
        rows = max(1, -(-len(cards) // cols))
        pitch = min(size[1] + 12, (h - 150 - size[1]) / max(1, rows - 1)) if rows > 1 else 0
        for i, c in enumerate(cards):
            cx = x + 24 + (i % cols) * (size[0] + 10)
            cy = y + 60 + (i // cols) * pitch
            self._card(f"view:{c}", c, cx, cy, size, 2600 + i, seen)
        if not cards:
            self.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 22, MUTED, seen, "center", z=2600)
        self.put_button("btn:browse:close", "Close", x + w - 230, y + h - 66, 206, True, True, seen, z=2700)
