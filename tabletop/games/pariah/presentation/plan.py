"""Sweep / Range: sharing an attack's dice between targets before the roll."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.combat import extra_targets, spread
from tabletop.games.pariah.engine.stats import stat_line
from tabletop.games.pariah.presentation.style import GOLD, INK, MUTED
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL


class Plan(Part):
    """An attack's dice shared between its targets before the roll: a unit with Sweep or Range
    dragged onto an enemy opens it. While open it takes the dice tray's place."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.unit: int | None = None        # the attacker (None: no plan open)
        self.main: int | None = None        # the target it was dragged onto
        self.dice: dict[int, int] = {}      # target -> dice, the main target's first

    @property
    def is_open(self) -> bool:
        return self.unit is not None

    def start(self, uid: int, main: int) -> str:
        v = self.table.view
        n = stat_line(v, v.units[uid])["attacks"]
        pool, _ = extra_targets(v, uid, main)
        self.unit, self.main, self.dice = uid, main, {main: n, **{t: 0 for t in pool}}
        return LOCAL

    def clear(self) -> bool:
        had = self.is_open
        self.unit, self.main, self.dice = None, None, {}
        return had

    def forget_stale(self) -> None:
        """Gone on another seat's turn, or once the unit has no attack left."""
        t = self.table
        if not self.is_open:
            return
        if not t.my_turn or (self.attack() not in t.legal
                             and not any(actions.ATTACK.matches(a) and actions.ATTACK.unit(a) == self.unit
                                         for a in t.legal)):
            self.clear()

    def _targets(self) -> list[int]:
        return [self.main] + [t for t in self.dice if t != self.main]

    def attack(self) -> Action:
        """The attack as shared now: the main target first, targets without dice left out."""
        return actions.ATTACK(self.unit, tuple((t, self.dice[t]) for t in self._targets()
                                               if self.dice.get(t, 0) > 0))

    def roll(self) -> Action:
        """Roll the dice: the attack, and the plan closes when the attack is legal."""
        act = self.attack()
        if act in self.table.legal:
            self.clear()
        return act

    def button(self, bid: SpriteId):
        """Roll the dice, or a die moved to (+) or back from (−) a target other than the main."""
        if not self.is_open:
            return None
        if bid.at(0) == "roll":
            return self.roll()
        sign, t = bid.at(1), bid.at(2)
        dice, main = self.dice, self.main
        if sign == "+" and dice[main] > 1:
            dice[main] -= 1
            dice[t] += 1
        elif sign == "-" and dice.get(t, 0) > 0:
            dice[t] -= 1
            dice[main] += 1
        return LOCAL

    def draw(self, zone, seen) -> None:
        tb = self.table
        v = tb.view
        zx, zy, zw, zh = zone.rect
        tb.tray.give_way(seen)
        kind, x = spread(v, self.unit)
        total = sum(self.dice.values())
        tb.put_label("lbl:plan:title", f"{tb.names.name_of(self.unit)}: {kind.capitalize()} {x}", zx + 16, zy + 40,
                     18, GOLD, seen, bold=True)
        tb.put_label("lbl:plan:sub", f"Share {total} dice before rolling (main target first)", zx + 16,
                     zy + 66, 14, MUTED, seen)
        y = zy + 94
        for t in self._targets()[:5]:
            n = self.dice[t]
            main = t == self.main
            tb.put_label(f"lbl:plan:{t}", ("★ " if main else "") + tb.names.name_of(t), zx + 16, y + 10, 15,
                         INK if n else MUTED, seen)
            if not main:
                tb.put_button(SpriteId("btn", "dist", "-", t), "−", zx + 250, y, 40, n > 0, False, seen, h=36)
                tb.put_button(SpriteId("btn", "dist", "+", t), "+", zx + 340, y, 40, self.dice[self.main] > 1,
                              False, seen, h=36)
            tb.put_label(f"lbl:plan:n:{t}", str(n), zx + 315, y + 6, 20, GOLD, seen, "midtop", bold=True)
            sprite = tb.scene.get(f"card:{t}")
            if sprite is not None and n:
                sprite.badge = f"{n}d"
            y += 42
        ok = self.attack() in tb.legal
        tb.put_button("btn:roll", "Roll the dice", zx + 16, zy + zh - 56, 220, ok, True, seen)
        tb.put_button("btn:cancel", "Cancel", zx + 246, zy + zh - 56, 138, True, False, seen)
