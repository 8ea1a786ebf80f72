"""The Pariah controls: Ready, Play, a unit's abilities and End, and choices that are
not units (shown as buttons over the dice tray)."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.cards import design
from tabletop.games.pariah.engine.state import ACTIVATE, PREP
from tabletop.games.pariah.presentation.style import GOLD


class ControlsMixin:
    """Buttons for the seat whose turn it is, in the controls zone."""

    def _sync_controls(self, v, zone, seen) -> None:
        zx, zy, zw, zh = zone.rect
        x, w = zx + 12, zw - 24
        if not self.my_turn:
            return
        y = zy + 12
        if v.phase == PREP:
            self._sync_card_play(x, y, w, seen)
            ready = bool(self._legal(actions.READY.kind))
            self.put_button("btn:ready", "Ready", x, zy + zh - 60, w, ready, self.selected is None, seen)
            return
        if v.phase != ACTIVATE:
            return
        if self.selected in self._hand_cards():     # a relic to play on this turn
            self._sync_card_play(x, y, w, seen)
            self.put_button("btn:cancel", "Cancel", x, zy + zh - 60, w, True, False, seen)
            return
        if self.ability is not None:
            uid, i = self.ability
            acts = [a for a in self._legal(actions.ABILITY.kind) if actions.ability_of(a) == (uid, i)]
            if not all(self._targets_unit(a) for a in acts):
                self._sync_choices(acts, seen)
            self.put_button("btn:cancel", "Cancel", x, zy + zh - 60, w, True, False, seen)
            return
        uid = self._focus_unit()
        if uid is None:
            return
        name = self.name_of(uid)
        self.put_label("lbl:ctl:unit", name, x, y, 17, GOLD, seen, bold=True)
        y += 28
        abil = {}
        for a in self._legal(actions.ABILITY.kind):
            if actions.ABILITY.unit(a) == uid:
                abil.setdefault(actions.ABILITY.index(a), a)
        for i, a in sorted(abil.items())[:2]:
            ab = design(v.units[uid].design).abilities[i]
            cost = f" ({ab.cost})" if ab.cost else ""
            # said on the button before any energy is spent; still allowed, as the rules allow it
            idle = " · no effect now" if self._idle_why(uid, i) else ""
            self.put_button(f"btn:ability:{uid}:{i}", f"{ab.name}{cost}{idle}", x, y, w, True, False,
                            seen, h=42)
            y += 50
        ends = [a for a in self._legal(actions.END.kind) if actions.END.unit(a) == uid]
        if ends:
            text = "End activation" if v.active == uid else "Pass (no attack)"
            self.put_button(f"btn:end:{uid}", text, x, zy + zh - 60, w, True,
                            not self._attack_mains(uid) and not abil, seen)

    def _sync_card_play(self, x, y, w, seen) -> None:
        """For the selected card of the hand: Play when it takes no target, or its choices that
        are not units (units glow and are clicked)."""
        c = self.selected
        if c is None:
            return
        if -1 in self._play_targets(c):
            self.put_button("btn:play", f"Play {self.card_title(c)}", x, y, w, True, True, seen)
            return
        acts = self._other_choices(c)
        if acts:
            self._sync_choices(acts, seen, "btn:pchoice")

    MAX_CHOICES = 7

    def _sync_choices(self, acts, seen, prefix: str = "btn:choice") -> None:
        """Choices that are not units (a graveyard card and a side, an emblem): buttons over the tray."""
        zx, zy, zw, zh = self.layout.zones["dice"].rect
        for s in list(self.scene.sprites()):
            if s.id.startswith("tray:"):
                seen.discard(s.id)
        seen.discard("lbl:tray:none")
        self.put_label("lbl:choice:title", "Choose:", zx + 16, zy + 40, 18, GOLD, seen, bold=True)
        for k, a in enumerate(acts[:self.MAX_CHOICES]):
            text = a.label.split(" on ", 1)[-1].split(" (pay")[0].split(" (")[0]
            self.put_button(f"{prefix}:{k}", text, zx + 16, zy + 72 + k * 42, zw - 32, True, False, seen, h=36)
