"""Sweep / Range: sharing an attack's dice between targets before the roll."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.combat import extra_targets, spread
from tabletop.games.pariah.engine.stats import stat_line
from tabletop.games.pariah.presentation.style import GOLD, INK, MUTED


class PlanMixin:
    """The plan `{"unit", "main", "dice": {target: n}}` replaces the dice tray while it is open."""

    def _plan_tuple(self) -> tuple:
        p = self.plan
        order = [p["main"]] + [t for t in p["dice"] if t != p["main"]]
        return tuple((t, p["dice"][t]) for t in order if p["dice"].get(t, 0) > 0)

    def _start_plan(self, uid: int, main: int) -> str:
        v = self.view
        n = stat_line(v, v.units[uid])["attacks"]
        pool, _ = extra_targets(v, uid, main)
        self.plan = {"unit": uid, "main": main, "dice": {main: n, **{t: 0 for t in pool}}}
        return LOCAL

    def _sync_plan(self, zone, seen) -> None:
        v, p = self.view, self.plan
        zx, zy, zw, zh = zone.rect
        for s in list(self.scene.sprites()):      # the plan replaces the tray while it is open
            if s.id.startswith("tray:") and s.id in seen:
                seen.discard(s.id)
        kind, x = spread(v, p["unit"])
        total = sum(p["dice"].values())
        self.put_label("lbl:plan:title", f"{self.name_of(p['unit'])}: {kind.capitalize()} {x}", zx + 16, zy + 40,
                       18, GOLD, seen, bold=True)
        self.put_label("lbl:plan:sub", f"Share {total} dice before rolling (main target first)", zx + 16,
                       zy + 66, 14, MUTED, seen)
        y = zy + 94
        targets = [p["main"]] + [t for t in p["dice"] if t != p["main"]]
        for t in targets[:5]:
            n = p["dice"][t]
            main = t == p["main"]
            self.put_label(f"lbl:plan:{t}", ("★ " if main else "") + self.name_of(t), zx + 16, y + 10, 15,
                           INK if n else MUTED, seen)
            if not main:
                self.put_button(f"btn:dist:-:{t}", "−", zx + 250, y, 40, n > 0, False, seen, h=36)
                self.put_button(f"btn:dist:+:{t}", "+", zx + 340, y, 40, p["dice"][p["main"]] > 1, False, seen,
                                h=36)
            self.put_label(f"lbl:plan:n:{t}", str(n), zx + 315, y + 6, 20, GOLD, seen, "midtop", bold=True)
            sprite = self.scene.get(f"card:{t}")
            if sprite is not None and n:
                sprite.badge = f"{n}d"
            y += 42
        ok = actions.ATTACK(p["unit"], self._plan_tuple()) in self.legal
        self.put_button("btn:roll", "Roll the dice", zx + 16, zy + zh - 56, 220, ok, True, seen)
        self.put_button("btn:cancel", "Cancel", zx + 246, zy + zh - 56, 138, True, False, seen)
from tabletop.table.presenter import LOCAL
