"""Helpers over the legal actions of the Pariah table: what a unit or a card may do now."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.pariah.engine.cards import design, relics
from tabletop.games.pariah.engine.state import is_evo_card
from tabletop.games.pariah.engine.stats import stat_line


class LegalMixin:
    """Questions the presenter asks of `legal`; it never decides legality itself."""

    def _unit_actions(self, uid: int) -> list[Action]:
        return [a for a in self.legal if a.kind in ("attack", "ability", "end") and a.args[0] == uid]

    def _attack_mains(self, uid: int) -> set[int]:
        return {a.args[1][0][0] for a in self._legal("attack") if a.args[0] == uid}

    def _plain_attack(self, uid: int, target: int) -> Action:
        """All the dice on one target (the engine explains when that is not allowed)."""
        n = stat_line(self.view, self.view.units[uid])["attacks"] if uid in self.view.units else 1
        return Action("attack", (uid, ((target, n),)))

    def _targets_unit(self, a: Action) -> bool:
        """Whether the chosen target of a relic, evolution or ability is a unit (else an emblem
        index, a graveyard choice or nothing)."""
        v = self.view
        if a.kind == "evolve":
            return True
        if a.kind == "relic":
            r = relics()[v.designs[a.args[0]]]
            return r.relic_type == "equipment" or (r.relic_type == "consumable"
                                                   and r.target in ("enemy", "ally"))
        if a.kind == "ability":
            u = v.units.get(a.args[0])
            return u is not None and design(u.design).abilities[a.args[1]].target in ("enemy", "ally")
        return False

    def _play_targets(self, c: int) -> list:
        kind = "evolve" if is_evo_card(c) else "relic"
        return [a.args[1] for a in self._legal(kind) if a.args[0] == c]

    def _active_units(self) -> list[int]:
        """My units that may act now (during ACTIVATE, on my turn)."""
        seen = []
        for a in self.legal:
            if a.kind in ("attack", "ability", "end") and a.args[0] not in seen:
                seen.append(a.args[0])
        return seen

    def _other_choices(self, c: int) -> list[Action]:
        """A selected relic's legal plays whose target is not a unit nor nothing (an emblem)."""
        return [a for a in self.legal if a.kind == "relic" and a.args[0] == c and a.args[1] != -1
                and not self._targets_unit(a)]

    def _focus_unit(self) -> int | None:
        """The unit the controls speak for: the active one, the selected one, or the only one."""
        units = self._active_units()
        if self.view.active in units:
            return self.view.active
        if self.selected in units:
            return self.selected
        return units[0] if len(units) == 1 else None
