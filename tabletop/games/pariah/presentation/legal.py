"""Questions the Pariah table asks of the legal actions: what a unit or a card may do now."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import abilities, actions
from tabletop.games.pariah.engine.cards import design, relics
from tabletop.games.pariah.engine.state import is_evo_card, side_of
from tabletop.games.pariah.engine.stats import stat_line
from tabletop.table.part import Part

# what a unit does in its activation
_BY_A_UNIT = kinds(actions.ATTACK, actions.ABILITY, actions.END)


class Moves(Part):
    """The table's `legal` actions, asked; it never decides legality itself."""

    def unit_actions(self, uid: int) -> list[Action]:
        return [a for a in self.table.legal if a.kind in _BY_A_UNIT and actions.unit_of(a) == uid]

    def idle_why(self, uid: int, i: int) -> str | None:
        """Why every legal use of the unit's ability `i` would change nothing now (Flare Step
        after its unit's attack), or None."""
        v = self.table.view
        ab = design(v.units[uid].design).abilities[i]
        side = side_of(v.units[uid].owner)
        why = [abilities.idle_reason(v, ab.target, ab.effects, uid, side, actions.ABILITY.choice(a))
               for a in self.ability_uses(uid, i)]
        return why[0] if why and all(why) else None

    def ability_uses(self, uid: int, i: int) -> list[Action]:
        """The legal uses of unit `uid`'s ability `i`, one per target."""
        return [a for a in self.table.legal_of(actions.ABILITY.kind) if actions.ability_of(a) == (uid, i)]

    def attack_mains(self, uid: int) -> set[int]:
        attacks = self.table.legal_of(actions.ATTACK.kind)
        return {actions.main_target(a) for a in attacks if actions.ATTACK.unit(a) == uid}

    def plain_attack(self, uid: int, target: int) -> Action:
        """All the dice on one target (the engine explains when that is not allowed)."""
        v = self.table.view
        n = stat_line(v, v.units[uid])["attacks"] if uid in v.units else 1
        return actions.ATTACK(uid, ((target, n),))

    def targets_unit(self, a: Action) -> bool:
        """Whether the chosen target of a relic, evolution or ability is a unit (else an emblem
        index, a graveyard choice or nothing)."""
        v = self.table.view
        if actions.EVOLVE.matches(a):
            return True
        if actions.RELIC.matches(a):
            r = relics()[v.designs[actions.RELIC.card(a)]]
            return r.relic_type == "equipment" or (r.relic_type == "consumable"
                                                   and r.target in ("enemy", "ally"))
        if actions.ABILITY.matches(a):
            uid, i = actions.ability_of(a)
            u = v.units.get(uid)
            return u is not None and design(u.design).abilities[i].target in ("enemy", "ally")
        return False

    def play_targets(self, c: int) -> list:
        kind = (actions.EVOLVE if is_evo_card(c) else actions.RELIC).kind
        return [actions.played_on(a) for a in self.table.legal_of(kind) if actions.card_of(a) == c]

    def active_units(self) -> list[int]:
        """My units that may act now (during ACTIVATE, on my turn)."""
        seen = []
        for a in self.table.legal:
            if a.kind in _BY_A_UNIT and actions.unit_of(a) not in seen:
                seen.append(actions.unit_of(a))
        return seen

    def other_choices(self, c: int) -> list[Action]:
        """A selected relic's legal plays whose target is not a unit nor nothing (an emblem)."""
        return [a for a in self.table.legal if actions.RELIC.matches(a) and actions.RELIC.card(a) == c
                and actions.RELIC.target(a) != -1
                and not self.targets_unit(a)]

    def focus_unit(self) -> int | None:
        """The unit the controls speak for: the active one, the selected one, or the only one."""
        units = self.active_units()
        if self.table.view.active in units:
            return self.table.view.active
        if self.table.selected in units:
            return self.table.selected
        return units[0] if len(units) == 1 else None
