"""The middle of the Trials table: the round die, the stack in order (and the item whose
resolution waits for a choice, on top), the priority banner ("Respond or pass") or the pending
question, and the buttons of a turn."""

from __future__ import annotations

from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine.cards import card
from tabletop.games.trials.engine.state import OVER
from tabletop.games.trials.presentation.style import GOLD, INK, MUTED, ROUND, short, wrap_words


class StackMixin:
    """Draws the middle zone and the controls zone."""

    def _sync_middle(self, seen) -> None:
        v = self.view
        x0, y0, w, h = self.layout.zones["middle"].rect
        self.put_die("round", 10, v.round, ROUND, x0 + 20, y0 + 40, 88, seen, f"Round {v.round}")
        self.put_label("lbl:round", f"Round {v.round}", x0 + 64, y0 + 134, 16, INK, seen, "midtop", True)
        ini = self.seat_names[v.initiative] if v.initiative < len(self.seat_names) else ""
        self.put_label("lbl:initiative", f"★ {ini}", x0 + 64, y0 + 158, 14, GOLD, seen, "midtop")
        sx = x0 + 150
        sw = w - 150 - 620
        items = [*v.stack, *([v.resolving] if v.resolving else [])]
        if not items:
            self.put_label("lbl:stack", "The stack is empty", sx + sw / 2, y0 + h / 2, 17, MUTED, seen, "center")
        else:
            self.put_label("lbl:stack", "The stack (resolves from the top, at the right)", sx, y0 + 2, 16,
                           MUTED, seen)
            size = (96, 134)
            n = len(items)
            step = min(size[0] + 184, (sw - size[0]) / max(1, n - 1)) if n > 1 else 0
            for i, item in enumerate(items):
                ix = sx + i * step
                resolving = v.resolving is not None and i == n - 1
                self._stack_item(i, item, ix, y0 + 24, size, seen, top=i == n - 1, resolving=resolving)
        self._sync_banner(x0 + w - 610, y0, 610, h, seen)

    def _stack_item(self, i, item, x, y, size, seen, top: bool, resolving: bool = False) -> None:
        c = item.cid
        text = ("Resolving: " if resolving else "") + self.stack_text(item)
        if c >= 0:
            # its picture only: the words beside it name the card (the zoom shows it whole)
            s = self._card(f"stk:{c}:{i}", c, x, y, size, 400 + i, seen, table="thumb")
            s.highlight = "select" if top else None
        else:
            self.put_token(f"stk:ignite:{i}", str(item.index), (220, 110, 40), x + 8, y + 30, 38, 400 + i, seen)
        lines = wrap_words(text, 20)
        for k, line in enumerate(lines[:4]):
            # as large as the room beside the card allows: readable at 1280x720 too
            self.put_label(f"lbl:stk:{i}:{k}", line, x + size[0] + 6, y + 4 + k * 22, 16,
                           GOLD if top else INK, seen, bold=top and k == 0)

    def stack_text(self, item) -> str:
        kind, seat, c, index, targets = item.kind, item.seat, item.cid, item.index, item.targets
        who = self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"
        aims = ", ".join(self.name(t) if isinstance(t, int) and t >= 0 and t in self.view.designs
                         else f"Player {t + 1}" for t in targets)
        if kind == "play":
            text = f"{who}: {self.name(c)} on {self.name(item.avatar)}"
        elif kind == "activate":
            text = f"{who}: {self.name(c)}'s effect"
        elif kind == "attack":
            text = f"{self.name(c)} attacks {aims}"
            aims = ""
        elif kind == "trigger":
            text = f"{who}: {self.name(c)}'s effect triggers"
        elif kind == "channel":
            text = f"{who}: {self.name(c)} channels 1 energy"
        else:
            text = f"{who}: ignite for {index}"
        return text + (f" → {aims}" if aims else "")

    def _sync_banner(self, x, y, w, h, seen) -> None:
        v = self.view
        if v.phase == OVER:
            self.put_label("lbl:banner", "The match is over", x + w / 2, y + 40, 30, GOLD, seen, "midtop", True)
            self.put_label("lbl:banner2", v.reason.capitalize() if v.reason else "", x + w / 2,
                           y + 86, 16, INK, seen, "midtop")
            return
        if v.waiting is not None:
            self._sync_question(x, y, w, h, seen)
            return
        if v.stack:
            if self.my_turn and v.prio == self.me:
                self.put_label("lbl:banner", "Respond or pass", x + w / 2, y + 8, 34, GOLD, seen, "midtop", True)
                self.put_label("lbl:banner2", "Top: " + short(self.stack_text(v.stack[-1]), 60), x + w / 2,
                               y + 54, 16, INK, seen, "midtop")
                instants = [a for a in self.legal if not actions.DECLINE.matches(a)]
                tip = ("Instants you can use glow: drag one onto an Avatar, or right-click a card."
                       if instants else "You have no Instant to play.")
                self.put_label("lbl:banner3", tip, x + w / 2, y + 78, 14, MUTED, seen, "midtop")
                self.put_button("btn:decline", "Pass: let it resolve", x + 120, y + 110, w - 240, True, True,
                                seen, h=52)
            else:
                p = self._to_act()
                who = self.seat_names[p] if p is not None and p < len(self.seat_names) else "…"
                self.put_label("lbl:banner", f"{who} may respond…", x + w / 2, y + 30, 24, INK, seen, "midtop",
                               True)
                self.put_label("lbl:banner2", "Top: " + short(self.stack_text(v.stack[-1]), 60), x + w / 2,
                               y + 70, 16, MUTED, seen, "midtop")
            return
        p = self._to_act()
        if self.my_turn:
            self.put_label("lbl:banner", "Your turn: take one action", x + w / 2, y + 24, 26, GOLD, seen,
                           "midtop", True)
            self.put_label("lbl:banner2", "Play a card, attack, use an effect, channel, or pass.", x + w / 2,
                           y + 62, 15, INK, seen, "midtop")
        elif p is not None:
            who = self.seat_names[p] if p < len(self.seat_names) else "…"
            self.put_label("lbl:banner", f"{who} is playing…", x + w / 2, y + 40, 24, INK, seen, "midtop", True)

    def _to_act(self) -> int | None:
        v = self.view
        if v is None or v.phase == OVER:
            return None
        if v.waiting is not None:
            return v.waiting.seat
        return v.prio if v.prio >= 0 else v.turn

    # --- the controls ------------------------------------------------------------------------------------
    def _sync_controls(self, seen) -> None:
        x, y, w, h = self.layout.zones["controls"].rect
        if self.view is not None and self.view.phase != OVER:
            # beside Ignite on the last row, and shown on every turn: the player may want it
            # before their opponent's turn as much as during their own
            self.put_button("btn:control", f"Full control: {'on' if self.full_control else 'off'}",
                            x + w / 2 + 5, y + 8 + 104, w / 2 - 15, True, False, seen)
            self.scene.get("btn:control").tooltip = (
                "On: you are asked before your own cards and effects resolve, to answer them "
                "yourself. Off: they resolve unless an opponent answers. Key: F")
        if not self.my_turn or self._window() or self._deciding():
            return
        bw = w - 20
        row = y + 8
        self.put_button("btn:pass", "Pass turn", x + 10, row, bw, bool(self._legal(actions.PASS.kind)),
                        not self.selected and not self.menu, seen)
        row += 52
        channels = self._legal(actions.CHANNEL.kind)
        self.put_button("btn:channel", "Channel 1 energy", x + 10, row, bw, bool(channels), False, seen)
        row += 52
        ignites = self._legal(actions.IGNITE.kind)
        if ignites:
            n = self.view and sum(1 for c in self.view.discards[self.me] if "ignite" in card(
                self.view.designs[c]).keywords)
            self.put_button("btn:ignite", f"Ignite ({n} cards)", x + 10, row, bw / 2 - 5, True, False, seen)

