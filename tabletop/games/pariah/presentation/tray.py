"""The dice tray: the last roll of the match, tumbling onto the faces the engine rolled.

An attack shows its attack dice (hits ringed green, misses dimmed), then one
row of defence dice per target that took hits (blocks ringed blue), then the
result line. Initiative rolls show the two sides' dice. The tray keeps the last
roll until the next one, so a player who looked away can still read it.
"""

from __future__ import annotations

from tabletop.table.sprites import DieSprite, LabelSprite

ATTACK_DIE = (240, 234, 218)
DEFENCE_DIE = (150, 196, 236)
DIE = 46
INK = (236, 230, 218)
GOLD = (240, 200, 110)
GREEN = (150, 230, 150)
RED = (240, 140, 120)
MAX_DEFENCE_ROWS = 3


def roll_groups(events) -> list[list]:
    """The dice events of `events`, grouped into rolls: an attack with its defences, or an
    initiative roll. Only the last group is shown; earlier ones are history."""
    groups: list[list] = []
    for e in events:
        if e.kind != "dice":
            if e.kind == "damage" and groups and groups[-1][0].data.get("purpose") == "attack":
                groups[-1].append(e)
            continue
        purpose = e.data.get("purpose")
        if purpose == "defence" and groups and groups[-1][0].data.get("purpose") == "attack":
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups


def result_line(group, damage_of) -> str:
    """"3 hits, 1 blocked: 4 damage" for an attack group."""
    att = group[0].data
    hits = sum(1 for f in att["faces"] if f >= att["need"])
    blocked = sum(e.data["blocked"] for e in group if e.kind == "dice" and e.data.get("purpose") == "defence")
    dmg = sum(damage_of(e) for e in group if e.kind == "damage")
    word = "hit" if hits == 1 else "hits"
    if not hits:
        return "No hits."
    return f"{hits} {word}, {blocked} blocked: {dmg} damage"


class DiceTray:
    def __init__(self, presenter) -> None:
        self.p = presenter
        self.group: list = []          # the roll on show (events)
        self.fresh = False             # it has not tumbled yet

    def take(self, events) -> None:
        groups = roll_groups(events)
        if groups:
            self.group, self.fresh = groups[-1], True

    def clear(self) -> None:
        self.group, self.fresh = [], False

    def sync(self, zone, seen: set) -> None:
        p = self.p
        if not self.group:
            return
        x0, y0, w, h = zone.rect
        first = self.group[0].data
        rows = []                       # (caption, faces, colour, marks)
        if first.get("purpose") == "initiative":
            names = [p.side_title(s) for s in (0, 1)]
            for side in (0, 1):
                f = first["faces"][side]
                won = f > first["faces"][1 - side]
                rows.append((f"Initiative: {names[side]}", [f], ATTACK_DIE, [won]))
            result = ""
        else:
            need = first["need"]
            rows.append((f"{p.name_of(first['attacker'])} attacks: hits on {need}+",
                         first["faces"], ATTACK_DIE, [f >= need for f in first["faces"]]))
            for e in [g for g in self.group if g.kind == "dice"][1:1 + MAX_DEFENCE_ROWS]:
                d = e.data
                rows.append((f"{p.name_of(d['defender'])} blocks on {d['need']}+", d["faces"],
                             DEFENCE_DIE, [f >= d["need"] for f in d["faces"]]))
            result = result_line(self.group, lambda e: e.data.get("amount", 0))
        y = y0 + 40
        rolling = self.fresh and p.scene.pace > 0
        scene = p.scene
        for r, (caption, faces, color, marks) in enumerate(rows):
            p.label(f"tray:cap:{r}", caption, x0 + 16, y, 16, GOLD if r == 0 else INK, seen)
            y += 24
            n = len(faces)
            size = min(DIE, (w - 32 - (n - 1) * 8) / max(1, n))
            for i, f in enumerate(faces):
                sid = f"tray:die:{r}:{i}"
                die = scene.get(sid)
                if die is None or getattr(die, "_roll_token", None) != id(self.group):
                    die = DieSprite(sid, sides=6, value=f, color=color, x=x0 + 16 + i * (size + 8), y=y,
                                    w=size, h=size, z=620)
                    die._roll_token = id(self.group)
                    scene.put(die)
                    if rolling:
                        die.alpha = 0.0 if r else 1.0
                        self._tumble(sid, f, delay_rows=r)
                die.x, die.y, die.w, die.h = x0 + 16 + i * (size + 8), y, size, size
                if not rolling or not self.fresh:
                    self._mark(die, marks[i], color is DEFENCE_DIE)
                die._mark = (marks[i], color is DEFENCE_DIE)
                seen.add(sid)
            y += size + 12
        if result:
            p.label("tray:result", result, x0 + 16, y + 2, 20, GREEN if "0 damage" not in result
                    and "No hits" not in result else RED, seen, bold=True)
        if rolling:
            scene.anim.then(self._mark_all)
        self.fresh = False

    def _tumble(self, sid: str, value: int, delay_rows: int) -> None:
        scene = self.p.scene
        if delay_rows == 0:
            scene.roll(sid, value)
            return

        def later():                  # defence dice roll once the attack dice have landed
            die = scene.get(sid)
            if die is not None:
                die.alpha = 1.0
                scene.roll(sid, value)
        scene.anim.then(later)

    def _mark_all(self) -> None:
        for s in self.p.scene.sprites():
            if s.id.startswith("tray:die:") and hasattr(s, "_mark"):
                self._mark(s, *s._mark)

    @staticmethod
    def _mark(die, good: bool, defence: bool) -> None:
        die.highlight = ("select" if defence else "hint") if good else None
        die.dim = not good
