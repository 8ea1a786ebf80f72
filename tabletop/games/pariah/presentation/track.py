"""The Priority track: the round's activation order, done, active and next."""

from __future__ import annotations

from tabletop.games.pariah.engine.flow import eligible
from tabletop.games.pariah.engine.state import ACTIVATE, DEPLOY, OVER, PREP, ROUNDS, SHOP, side_of
from tabletop.games.pariah.engine.stats import priorities
from tabletop.games.pariah.presentation.style import GOLD, INK, MUTED, SIDE_COLORS
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part


def activation_order(v) -> list[tuple[int, str]]:
    """The round's activation order as (unit, state): "done" (already activated, by Priority),
    "active", then "next" in the order the rules give them if nothing changes: descending
    Priority, ties alternating between the sides, each side's tied units left to right."""
    done = []
    for side in (0, 1):
        for uid, pr in zip(v.lines[side], priorities(v, side)):
            if uid in v.acted and uid != v.active:
                done.append((-pr, side, uid))
    out = [(u, "done") for *_, u in sorted(done)]
    if v.active in v.units:
        out.append((v.active, "active"))
    if v.phase not in (ACTIVATE, PREP):
        return out if v.phase == ACTIVATE else []
    s = v.clone()
    if s.active in s.units:
        s.acted.add(s.active)
        s.last_side = side_of(s.units[s.active].owner)
    for _ in range(len(s.units) + 1):
        nxt = eligible(s)
        if nxt is None:
            break
        side, uids = nxt
        s.acted.add(uids[0])
        s.last_side = side
        out.append((uids[0], "next"))
    return out


class Track(Part):
    """The activation order as chips across the track zone (a chip clicked is its unit)."""

    def draw(self, v, zone, seen) -> None:
        t = self.table
        order = activation_order(v)
        zx, zy, zw, zh = zone.rect
        if not order:
            text = {DEPLOY: "Deployment: sides alternate, left to right.",
                    SHOP: "Between rounds: the shop."}.get(v.phase, "")
            if v.phase == OVER:
                text = t.names.result_line()
            if text:
                t.put_label("lbl:track:none", text, zx + zw / 2, zy + zh / 2 + 8, 20, MUTED, seen, "center")
            return
        n = len(order)
        pitch = min(96.0, (zw - 200) / max(1, n))
        x = zx + 190
        cy = zy + 44
        t.put_label("lbl:track:round", f"Round {v.round} of {ROUNDS}", zx + 16, zy + 40, 20, GOLD, seen,
                    bold=True)
        prio = {}
        for s_ in (0, 1):
            prio.update(zip(v.lines[s_], priorities(v, s_)))
        for i, (uid, state) in enumerate(order):
            u = v.units.get(uid)
            if u is None:
                continue
            mine = side_of(u.owner) == t.side
            color = SIDE_COLORS[0] if mine else SIDE_COLORS[1]
            tid = SpriteId("trk", uid)
            name = t.names.name_of(uid)
            t.put_token(tid, str(prio.get(uid, 0)), color, x + i * pitch + pitch / 2 - 22, cy - 22, 22, 300,
                        seen, tooltip=f"{name}: Priority {prio.get(uid, 0)}")
            chip = t.scene.get(tid)
            chip.dim = state == "done"
            chip.highlight = "select" if state == "active" else None
            # the name under its chip, on two lines if it must, shortened only between words
            for k, line in enumerate(t.fit_lines(name, 12, pitch - 4)):
                t.put_label(f"lbl:trk:{uid}:{k}", line, x + i * pitch + pitch / 2, cy + 26 + k * (t.text_size(12) + 1),
                            12, MUTED if state == "done" else INK, seen, "midtop")
