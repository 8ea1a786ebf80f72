"""Panels over the Trials table: the menu of actions (after a right-click or an
ambiguous drop) and the browser of a deck or a discard pile."""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.games.trials.engine import actions
from tabletop.games.trials.presentation.style import GOLD, MENU_PAGE, MUTED, short
from tabletop.table.presenter import LOCAL
from tabletop.table.sprites import CardSprite


class OverlaysMixin:
    """The menu lists legal actions only; the browser only looks."""

    def open_menu(self, actions: list[Action], title: str, at: tuple[float, float], strip: str = "") -> str:
        self.menu = list(actions)
        self.menu_title = title
        self.menu_at = at
        self.menu_page = 0
        if not strip and len(actions) > 1:        # entries differ only at the end: show the ends
            import os
            common = os.path.commonprefix([a.label for a in actions])
            if len(common) > 24:
                strip = common[:common.rfind(" ") + 1] if " " in common else ""
        self._strip = strip
        return LOCAL

    def _menu_text(self, a: Action) -> str:
        text = a.label or a.kind
        if self._strip and text.startswith(self._strip):
            text = text[len(self._strip):].lstrip(" ,") or "As it is"
            text = text[0].upper() + text[1:]
        return short(text, 62)

    def _sync_menu(self, seen) -> None:
        if not self.menu:
            return
        w = 540
        page = self.menu[self.menu_page * MENU_PAGE:(self.menu_page + 1) * MENU_PAGE]
        more = len(self.menu) > MENU_PAGE
        rows = len(page) + 1 + (1 if more else 0)
        hgt = 38 + rows * 42
        x = min(max(10, self.menu_at[0]), self.layout.size[0] - w - 10)
        y = min(max(10, self.menu_at[1]), self.layout.size[1] - hgt - 10)
        self._panel("menu:back", x - 10, y - 8, w + 20, hgt + 16, seen, z=2900)
        self.put_label("lbl:menu", self.menu_title, x + 6, y, 17, GOLD, seen, bold=True, z=3000)
        yy = y + 32
        for k, a in enumerate(page):
            i = self.menu_page * MENU_PAGE + k
            self.put_button(f"btn:menu:{i}", self._menu_text(a), x, yy, w, True, False, seen, h=38, z=3000)
            yy += 42
        if more:
            pages = (len(self.menu) + MENU_PAGE - 1) // MENU_PAGE
            self.put_button("btn:menu:more", f"More… ({self.menu_page + 1}/{pages})", x, yy, w, True, False,
                            seen, h=38, z=3000)
            yy += 42
        self.put_button("btn:menu:cancel", "Cancel", x, yy, w, True, False, seen, h=38, z=3000)

    def _panel(self, pid, x, y, w, h, seen, z) -> None:
        size = (int(w), int(h))
        s = self.scene.get(pid)
        key = f"trials/panel/{size[0]}x{size[1]}"
        if s is None:
            s = CardSprite(pid, face_key=key, compose_face=partial(_panel_image, size), x=x, y=y, w=w, h=h, z=z)
            self.scene.put(s)
        else:
            s.face_key, s.compose_face = key, partial(_panel_image, size)
            s.x, s.y, s.w, s.h, s.z = x, y, w, h, z
        seen.add(pid)

    # --- looking through a deck or a discard pile ------------------------------------------------------------
    def _sync_browser(self, seen) -> None:
        if not self.browse:
            return
        v = self.view
        kind, p = self.browse
        cards = list(v.decks[p] if kind == "deck" else reversed(v.discards[p]))
        x, y, w, h = 80, 70, 1760, 900
        self._panel("browse:back", x, y, w, h, seen, z=2500)
        who = "Your" if p == self.me else f"{self.seat_names[p]}'s"
        title = (f"{who} deck, top card first ({len(cards)} cards, never reordered)" if kind == "deck"
                 else f"{who} discard pile, latest first ({len(cards)} cards)")
        self.put_label("lbl:browse", title, x + 24, y + 16, 22, GOLD, seen, bold=True, z=2600)
        size = (140, 196)
        cols = int((w - 40) // (size[0] + 12))
        for i, c in enumerate(cards):
            cx = x + 24 + (i % cols) * (size[0] + 12)
            cy = y + 60 + (i // cols) * (size[1] + 14)
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
        if a.kind == "attack":
            return actions.ATTACK.target(a)
        if a.kind == "ignite":
            return actions.IGNITE.target(a)
        if a.kind == "play":
            targets = actions.PLAY.targets(a)
        elif a.kind == "activate":
            targets = actions.ACTIVATE.targets(a)
        else:
            return None
        return targets[0] if len(targets) == 1 else None


def _panel_image(size):
    """A dark translucent panel behind a menu or a pile being looked through."""
    from PIL import Image, ImageDraw
    w, h = size
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=(18, 22, 28, 236),
                                          outline=(214, 178, 96, 255), width=2)
    return img
