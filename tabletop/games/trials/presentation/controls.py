"""The controls zone of the Trials table: Pass turn, Channel and Ignite on the player's own turn,
and the full-control toggle (table/fullcontrol.py) on every turn; and what their buttons (with the
banner's Pass) do."""

from __future__ import annotations

from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine.cards import card
from tabletop.games.trials.engine.state import OVER
from tabletop.table.part import Part


class Controls(Part):
    """The buttons of a turn and the full-control toggle."""

    def draw(self, seen) -> None:
        t = self.table
        x, y, w, h = t.layout.zones["controls"].rect
        if t.view is not None and t.view.phase != OVER:
            # beside Ignite on the last row, and shown on every turn: the player may want it
            # before their opponent's turn as much as during their own
            t.full.put_button(x + w / 2 + 5, y + 8 + 104, w / 2 - 15, seen)
        if not t.my_turn or t._window() or t.question.pending:
            return
        bw = w - 20
        row = y + 8
        t.put_button("btn:pass", "Pass turn", x + 10, row, bw, bool(t.legal_of(actions.PASS.kind)),
                     not t.selected and not t.menu.actions, seen)
        row += 52
        channels = t.legal_of(actions.CHANNEL.kind)
        t.put_button("btn:channel", "Channel 1 energy", x + 10, row, bw, bool(channels), False, seen)
        row += 52
        ignites = t.legal_of(actions.IGNITE.kind)
        if ignites:
            n = t.view and sum(1 for c in t.view.discards[t.me] if "ignite" in card(
                t.view.designs[c]).keywords)
            t.put_button("btn:ignite", f"Ignite ({n} cards)", x + 10, row, bw / 2 - 5, True, False, seen)

    def button(self, bid):
        """The action (or LOCAL) of one of these buttons, or of the banner's Pass; None for another."""
        t = self.table
        if bid in ("btn:pass", "btn:decline"):        # what was under way goes with the turn
            t.selected = None
            t.menu.clear()
            return actions.PASS() if bid == "btn:pass" else actions.DECLINE()
        if bid == "btn:control":
            return t.full.toggle()
        if bid == "btn:channel":
            acts = t.legal_of(actions.CHANNEL.kind)
            if len(acts) == 1:
                return acts[0]
            if not acts:
                return actions.CHANNEL(t.view.avatars[t.me][0])
            return self._choose(acts, "Channel energy: exhaust which Avatar?", (1300, 600))
        if bid == "btn:ignite":
            acts = t.legal_of(actions.IGNITE.kind)
            return self._choose(acts, "Ignite: deal the damage to…", (1300, 500)) if acts else None
        return None

    def _choose(self, acts, title: str, at) -> str:
        """A menu of `acts` beside the controls (the selection gives way to it)."""
        self.table.selected = None
        return self.table.menu.open(acts, title, at)
