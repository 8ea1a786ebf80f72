"""The small menu a table opens over itself (after a right-click, or a drop that could mean several
moves): a title, one button per legal action, pages of MENU_PAGE entries, More… and Cancel.

A game's presenter holds an `ActionMenu` part and opens it with the actions it found legal; the entry
its `button` returns is played as is. The presenter's `menu_words` (tabletop.table.presenter) turns a
label's card ids and seats into names."""

from __future__ import annotations

import os

from tabletop.core import Action
from tabletop.table.ids import SpriteId, sprite_id
from tabletop.table.part import Part
from tabletop.table.presenter import GOLD, LOCAL, short

MENU_PAGE = 8
ROW = 42                 # a button's pitch in the menu


class ActionMenu(Part):
    """The menu as a part of the table: `actions` are its entries (empty: closed). The presenter
    opens it, draws it at every sync (`draw`) and passes it every button press first (`button`)."""

    def __init__(self, table, width: float = 560) -> None:
        super().__init__(table)
        self.actions: list[Action] = []
        self.title = ""
        self.at: tuple[float, float] = (700, 300)
        self.page = 0
        self.width = width
        self._strip = ""
        self._as_is = ""

    @property
    def covers_table(self) -> bool:
        return bool(self.actions)

    def near(self, target: str | None) -> tuple[float, float]:
        """Where a menu about a piece opens: just right of it and a little above (the middle of
        the table for none)."""
        s = self.table.scene.get(target) if target else None
        if s is None:
            return (690, 340)
        return (s.x + s.w + 14, s.y - 26)

    def open(self, acts: list[Action], title: str, at: tuple[float, float], strip: str = "") -> str:
        """Show `acts` under `title` near `at`. Entries that all begin alike show only their ends
        ("Play Ember Adept: top", "…: bottom" read as "Top", "Bottom"), or what follows `strip`
        (an entry that is only `strip` reads "As it is"); the full text is the tooltip."""
        words = self.table.menu_words
        self.actions, self.title, self.at, self.page = list(acts), title, at, 0
        common = os.path.commonprefix([words(a.label) for a in acts]) if len(acts) > 1 else ""
        self._as_is = "As it is" if strip else ""
        self._strip = strip or (common[:common.rfind(" ") + 1] if len(common) > 20 and " " in common else "")
        return LOCAL

    def forget_stale(self) -> None:
        if not all(a in self.table.legal for a in self.actions):
            self.actions = []

    def clear(self) -> bool:
        had, self.actions = bool(self.actions), []
        return had

    def _text(self, a: Action) -> str:
        text = self.table.menu_words(a.label or a.kind)
        if self._strip and text.startswith(self._strip):
            text = text[len(self._strip):].lstrip(" ,") or self._as_is or text
        return short(text[0].upper() + text[1:], 60)

    def draw(self, seen) -> None:
        if not self.actions:
            return
        t, w = self.table, self.width
        page = self.actions[self.page * MENU_PAGE:(self.page + 1) * MENU_PAGE]
        more = len(self.actions) > MENU_PAGE
        rows = len(page) + 1 + (1 if more else 0)
        hgt = 40 + rows * ROW
        x = min(max(12, self.at[0]), t.layout.size[0] - w - 12)
        y = min(max(12, self.at[1]), t.layout.size[1] - hgt - 12)
        t.put_panel("menu:back", x - 10, y - 8, w + 20, hgt + 16, seen, z=2900)
        t.put_label("lbl:menu", short(self.title, 52), x + 6, y, 17, GOLD, seen, bold=True, z=3000)
        yy = y + 34
        for k, a in enumerate(page):
            i = self.page * MENU_PAGE + k
            bid = SpriteId("btn", "menu", i)
            t.put_button(bid, self._text(a), x, yy, w, True, False, seen, h=38, z=3000)
            t.scene.get(bid).tooltip = t.menu_words(a.label)
            yy += ROW
        if more:
            pages = (len(self.actions) + MENU_PAGE - 1) // MENU_PAGE
            t.put_button("btn:menu:more", f"More… ({self.page + 1}/{pages})", x, yy, w, True, False,
                         seen, h=38, z=3000)
            yy += ROW
        t.put_button("btn:menu:cancel", "Cancel", x, yy, w, True, False, seen, h=38, z=3000)

    def button(self, bid) -> Action | str | None:
        """What a click on button `bid` does if it is the menu's: the chosen action, or LOCAL after
        paging or cancelling. None: not a menu button."""
        bid = sprite_id(bid)
        if bid is None or bid.kind != "btn" or bid.at(0) != "menu":
            return None
        what = bid.at(1)
        if what == "cancel":
            self.actions = []
            return LOCAL
        if what == "more":
            pages = max(1, (len(self.actions) + MENU_PAGE - 1) // MENU_PAGE)
            self.page = (self.page + 1) % pages
            return LOCAL
        acts, self.actions = self.actions, []
        return acts[what] if isinstance(what, int) and what < len(acts) else LOCAL
