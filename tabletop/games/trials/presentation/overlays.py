"""Panels over the Trials table: the menu of actions (after a right-click or an
ambiguous drop) and the browser of a deck or a discard pile."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions
from tabletop.games.trials.presentation.style import GOLD, MUTED
from tabletop.table import cardfit
from tabletop.table.actionmenu import ActionMenuMixin


class OverlaysMixin(ActionMenuMixin):
    """The menu lists legal actions only; the browser only looks."""

    # --- looking through a deck or a discard pile ------------------------------------------------------------
    def _sync_browser(self, seen) -> None:
        if not self.browse:
            return
        v = self.view
        kind, p = self.browse
        cards = list(v.decks[p] if kind == "deck" else reversed(v.discards[p]))
        x, y, w, h = 80, 70, 1760, 900
        self.put_panel("browse:back", x, y, w, h, seen, z=2500)
        who = "Your" if p == self.me else f"{self.seat_names[p]}'s"
        title = (f"{who} deck, top card first ({len(cards)} cards, never reordered)" if kind == "deck"
                 else f"{who} discard pile, latest first ({len(cards)} cards)")
        self.put_label("lbl:browse", title, x + 24, y + 16, 22, GOLD, seen, bold=True, z=2600)
        # as large as the panel allows, above the Close button
        room = (x + 24, y + 60, w - 48, h - 60 - 80)
        size, cols = cardfit.fit_rows(len(cards), room[2], room[3], 1.4, 12, largest=230, max_rows=4)
        for i, (c, (cx, cy)) in enumerate(zip(cards, cardfit.grid(room, len(cards), size, cols, 12))):
            s = self._card(f"view:{c}", c, cx, cy, size, 2600 + i, seen)
            s.badge = str(i + 1)
        if not cards:
            self.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 20, MUTED, seen, "center", z=2600)
        self.put_button("btn:browse:close", "Close", x + w - 220, y + h - 64, 196, True, True, seen, z=2700)

    def _menu_targets(self) -> dict[int, Action]:
        """Cards that pick one menu entry when clicked (the entry's only chosen target)."""
        out: dict[int, list[Action]] = {}
        for a in self.menu:
            t = self._target_of(a)
            if t is not None:
                out.setdefault(t, []).append(a)
        return {t: acts[0] for t, acts in out.items() if len(acts) == 1}

    @staticmethod
    def _target_of(a: Action) -> int | None:
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

