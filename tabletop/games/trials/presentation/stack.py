"""The middle of the Trials table: the round die, the stack in order (and the item whose
resolution waits for a choice, on top), and the priority banner ("Respond or pass") or the
pending question."""

from __future__ import annotations

from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine.state import OVER
from tabletop.games.trials.presentation.style import GOLD, INK, MUTED, ROUND, short
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part


class Stack(Part):
    """Draws the middle zone; the banner gives way to the pending question (question.py)."""

    def draw(self, seen) -> None:
        t = self.table
        v = t.view
        x0, y0, w, h = t.layout.zones["middle"].rect
        t.put_die("round", 10, v.round, ROUND, x0 + 20, y0 + 40, 88, seen, f"Round {v.round}")
        t.put_label("lbl:round", f"Round {v.round}", x0 + 64, y0 + 134, 16, INK, seen, "midtop", True)
        ini = t.seat_names[v.initiative] if v.initiative < len(t.seat_names) else ""
        t.put_label("lbl:initiative", f"★ {ini}", x0 + 64, y0 + 158, 14, GOLD, seen, "midtop")
        sx = x0 + 150
        sw = w - 150 - 620
        items = [*v.stack, *([v.resolving] if v.resolving else [])]
        if not items:
            t.put_label("lbl:stack", "The stack is empty", sx + sw / 2, y0 + h / 2, 17, MUTED, seen, "center")
        else:
            t.put_label("lbl:stack", "The stack (resolves from the top, at the right)", sx, y0 + 2, 16,
                        MUTED, seen)
            size = (96, 134)
            n = len(items)
            step = min(size[0] + 184, (sw - size[0]) / max(1, n - 1)) if n > 1 else 0
            for i, item in enumerate(items):
                ix = sx + i * step
                resolving = v.resolving is not None and i == n - 1
                # its words beside it, up to the next item (the top one: up to the banner)
                room = (step if i < n - 1 else sx + sw - ix) - size[0] - 14
                self._item(i, item, ix, y0 + 24, size, room, seen, top=i == n - 1, resolving=resolving)
        self._banner(x0 + w - 610, y0, 610, h, seen)

    def _item(self, i, item, x, y, size, room, seen, top: bool, resolving: bool = False) -> None:
        t = self.table
        c = item.cid
        text = ("Resolving: " if resolving else "") + self.text(item)
        if c >= 0:
            # its picture only: the words beside it name the card (the zoom shows it whole)
            s = t._card(SpriteId("stk", c, i), c, x, y, size, 400 + i, seen, table="thumb")
            s.highlight = "select" if top else None
        else:
            t.put_token(SpriteId("stk", "ignite", i), str(item.index), (220, 110, 40), x + 8, y + 30, 38,
                        400 + i, seen)
        # four lines at most, measured at the size they are drawn (at 1280x720 the floor's), so
        # they end before the next item's card
        lines = t.fit_lines(text, 16, max(40.0, room), 4, bold=top)
        lh = max(22.0, t.text_size(16) * 1.05)
        for k, line in enumerate(lines):
            t.put_label(f"lbl:stk:{i}:{k}", line, x + size[0] + 6, y + 4 + k * lh, 16,
                        GOLD if top else INK, seen, bold=top)

    def text(self, item) -> str:
        """A stack item in words: whose, which card, and what it aims at."""
        t = self.table
        kind, seat, c, index, targets = item.kind, item.seat, item.cid, item.index, item.targets
        who = t.seat_names[seat] if seat < len(t.seat_names) else f"Player {seat + 1}"
        aims = ", ".join(t.name(x) if isinstance(x, int) and x >= 0 and x in t.view.designs
                         else f"Player {x + 1}" for x in targets)
        if kind == "play":
            text = f"{who}: {t.name(c)} on {t.name(item.avatar)}"
        elif kind == "activate":
            text = f"{who}: {t.name(c)}'s effect"
        elif kind == "attack":
            text = f"{t.name(c)} attacks {aims}"
            aims = ""
        elif kind == "trigger":
            text = f"{who}: {t.name(c)}'s effect triggers"
        elif kind == "channel":
            text = f"{who}: {t.name(c)} channels 1 energy"
        else:
            text = f"{who}: ignite for {index}"
        return text + (f" → {aims}" if aims else "")

    def _banner(self, x, y, w, h, seen) -> None:
        t = self.table
        v = t.view
        if v.phase == OVER:
            t.put_label("lbl:banner", "The match is over", x + w / 2, y + 40, 30, GOLD, seen, "midtop", True)
            t.put_label("lbl:banner2", v.reason.capitalize() if v.reason else "", x + w / 2,
                        y + 86, 16, INK, seen, "midtop")
            return
        if v.waiting is not None:
            t.question.draw(x, y, w, h, seen)
            return
        if v.stack:
            if t.my_turn and v.prio == t.me:
                t.put_label("lbl:banner", "Respond or pass", x + w / 2, y + 8, 34, GOLD, seen, "midtop", True)
                t.put_label("lbl:banner2", "Top: " + short(self.text(v.stack[-1]), 60), x + w / 2,
                            y + 54, 16, INK, seen, "midtop")
                instants = [a for a in t.legal if not actions.DECLINE.matches(a)]
                tip = ("Instants you can use glow: drag one onto an Avatar, or right-click a card."
                       if instants else "You have no Instant to play.")
                t.put_label("lbl:banner3", tip, x + w / 2, y + 78, 14, MUTED, seen, "midtop")
                t.put_button("btn:decline", "Pass: let it resolve", x + 120, y + 110, w - 240, True, True,
                             seen, h=52)
            else:
                p = t._to_act()
                who = t.seat_names[p] if p is not None and p < len(t.seat_names) else "…"
                t.put_label("lbl:banner", f"{who} may respond…", x + w / 2, y + 30, 24, INK, seen, "midtop",
                            True)
                t.put_label("lbl:banner2", "Top: " + short(self.text(v.stack[-1]), 60), x + w / 2,
                            y + 70, 16, MUTED, seen, "midtop")
            return
        p = t._to_act()
        if t.my_turn:
            t.put_label("lbl:banner", "Your turn: take one action", x + w / 2, y + 24, 26, GOLD, seen,
                        "midtop", True)
            t.put_label("lbl:banner2", "Play a card, attack, use an effect, channel, or pass.", x + w / 2,
                        y + 62, 15, INK, seen, "midtop")
        elif p is not None:
            who = t.seat_names[p] if p < len(t.seat_names) else "…"
            t.put_label("lbl:banner", f"{who} is playing…", x + w / 2, y + 40, 24, INK, seen, "midtop", True)
