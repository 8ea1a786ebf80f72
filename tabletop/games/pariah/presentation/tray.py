"""The dice tray: the last roll of the match, tumbling onto the faces the engine rolled.

An attack shows its attack dice (hits ringed green, misses dimmed), then one
row of defence dice per target that took hits (blocks ringed blue), then the
result line, then a line for each passive that answered with damage (Searing
Hide). Initiative rolls show the two sides' dice. The tray keeps the last roll
until the next one, so a player who looked away can still read it. The Sweep/Range plan and
the choice buttons take its place while they are shown (`give_way`).
"""

from __future__ import annotations

from tabletop.games.pariah.presentation.style import MUTED
from tabletop.table.fonts import font, wrap_text
from tabletop.table.part import Part
from tabletop.table.sprites import DieSprite

ATTACK_DIE = (240, 234, 218)
DEFENCE_DIE = (150, 196, 236)
DIE = 46
INK = (236, 230, 218)
GOLD = (240, 200, 110)
GREEN = (150, 230, 150)
RED = (240, 140, 120)
MAX_DEFENCE_ROWS = 3


def _attack_damage(e, attacker) -> bool:
    """Damage the attack's unblocked hits dealt."""
    return e.data.get("hits", 0) > 0 and e.data.get("source") == attacker


def _answer(e, attacker) -> bool:
    """Damage a passive set off by this attack dealt (Searing Hide: back to the attacker)."""
    return not e.data.get("hits") and e.data.get("attacker") == attacker


def roll_groups(events) -> list[list]:
    """The dice events of `events`, grouped into rolls: an attack with its defences and the
    damage it led to, or an initiative roll. Only the last group is shown; earlier ones are
    history. Damage from anything else (a timed effect after the attack) stays out."""
    groups: list[list] = []
    for e in events:
        if e.kind != "dice":
            first = groups[-1][0].data if groups else {}
            if e.kind == "damage" and first.get("purpose") == "attack" and (
                    _attack_damage(e, first["attacker"]) or _answer(e, first["attacker"])):
                groups[-1].append(e)
            continue
        purpose = e.data.get("purpose")
        if purpose == "defence" and groups and groups[-1][0].data.get("purpose") == "attack":
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups


def result_line(group) -> str:
    """"3 hits, 1 blocked: 4 damage to Magma Hulk" for an attack group: the attack's own damage,
    target by target, without what passives dealt in answer (answer_lines)."""
    att = group[0].data
    hits = sum(1 for f in att["faces"] if f >= att["need"])
    if not hits:
        return "No hits."
    blocked = sum(e.data["blocked"] for e in group if e.kind == "dice" and e.data.get("purpose") == "defence")
    dealt: dict[int, list] = {}          # target -> [name, damage], in the order dealt
    for e in group:
        if e.kind == "damage" and _attack_damage(e, att["attacker"]):
            dealt.setdefault(e.data["unit"], [e.data["name"], 0])[1] += e.data["amount"]
    word = "hit" if hits == 1 else "hits"
    told = ", ".join(f"{n} damage to {name}" for name, n in dealt.values()) or "0 damage"
    return f"{hits} {word}, {blocked} blocked: {told}"


def answer_lines(group) -> list[str]:
    """"Searing Hide: 1 damage back to Blaze Dancer": damage the attack's target dealt in answer."""
    att = group[0].data
    return [f"{e.data['cause']}: {e.data['amount']} damage back to {e.data['name']}" for e in group
            if e.kind == "damage" and _answer(e, att.get("attacker"))]


class DiceTray(Part):
    """The dice zone of the battle screen: the last roll, kept until the next one."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.group: list = []          # the roll on show (events)
        self.fresh = False             # it has not tumbled yet
        self.drawn: set[str] = set()   # the sprites it showed at the last sync (give_way)

    def take(self, events) -> None:
        groups = roll_groups(events)
        if groups:
            self.group, self.fresh = groups[-1], True

    def empty(self) -> None:
        """A new round: the last roll is put away."""
        self.group, self.fresh = [], False

    def give_way(self, seen: set) -> None:
        """Leave the zone to what is shown over it instead (the dice plan, choice buttons)."""
        seen.difference_update(self.drawn)

    def _label(self, lid: str, *args, **kw) -> None:
        """A line of the tray (put_label's arguments after the id), kept among what it drew."""
        self.table.put_label(lid, *args, **kw)
        self.drawn.add(lid)

    def draw(self, zone, seen: set) -> None:
        p = self.table
        self.drawn = set()
        x0, y0, w, h = zone.rect
        if not self.group:
            if not p.plan.is_open:
                self._label("lbl:tray:none", "Attack and defence dice roll here.", x0 + w / 2, y0 + h / 2, 16,
                            MUTED, seen, "center")
            return
        first = self.group[0].data
        rows = []                       # (caption, faces, colour, marks)
        if first.get("purpose") == "initiative":
            names = [p.names.side_title(s) for s in (0, 1)]
            for side in (0, 1):
                f = first["faces"][side]
                won = f > first["faces"][1 - side]
                rows.append((f"Initiative: {names[side]}", [f], ATTACK_DIE, [won]))
            result, answers = "", []
        else:
            need = first["need"]
            rows.append((f"{p.names.name_of(first['attacker'])} attacks: hits on {need}+",
                         first["faces"], ATTACK_DIE, [f >= need for f in first["faces"]]))
            for e in [g for g in self.group if g.kind == "dice"][1:1 + MAX_DEFENCE_ROWS]:
                d = e.data
                rows.append((f"{p.names.name_of(d['defender'])} blocks on {d['need']}+", d["faces"],
                             DEFENCE_DIE, [f >= d["need"] for f in d["faces"]]))
            result = result_line(self.group)
            answers = answer_lines(self.group)
        y = y0 + 40
        rolling = self.fresh and p.scene.pace > 0
        scene = p.scene
        for r, (caption, faces, color, marks) in enumerate(rows):
            self._label(f"tray:cap:{r}", caption, x0 + 16, y, 16, GOLD if r == 0 else INK, seen)
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
                self.drawn.add(sid)
            y += size + 12
        if result:
            dealt = any(e.kind == "damage" and _attack_damage(e, first["attacker"]) for e in self.group)
            y = self._lines("tray:result", result, x0 + 16, y + 2, w - 32, GREEN if dealt else RED,
                            seen, bold=True)
            for i, line in enumerate(answers):      # on lines of their own: not the attack's damage
                y = self._lines(f"tray:answer:{i}", line, x0 + 16, y + 4, w - 32, RED, seen, px=16)
        if rolling:
            scene.anim.then(self._mark_all)
        self.fresh = False

    def _lines(self, lid: str, text: str, x: float, y: float, width: float, color, seen: set,
               px: int = 20, bold: bool = False) -> float:
        """`text` at `px`, a little smaller if that keeps it on one line, else broken after its
        colon and wrapped (ids `lid`, then `lid:1`, ...); returns the y below it. Unit names make
        these lines long for the tray."""
        size = next((n for n in (px, px - 2) if font(n, bold).size(text)[0] <= width), 0)
        if size:
            lines = [text]
        else:
            size = px - 2
            head, colon, rest = text.partition(": ")
            parts = [head + colon.strip(), rest] if colon else [text]
            lines = [ln for part in parts for ln in wrap_text(part, font(size, bold), int(width))]
        for i, line in enumerate(lines):
            self._label(lid if i == 0 else f"{lid}:{i}", line, x, y, size, color, seen, bold=bold)
            y += size + 6
        return y

    def _tumble(self, sid: str, value: int, delay_rows: int) -> None:
        scene = self.table.scene
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
        for sid in self.drawn:
            s = self.table.scene.get(sid)
            if hasattr(s, "_mark"):
                self._mark(s, *s._mark)

    @staticmethod
    def _mark(die, good: bool, defence: bool) -> None:
        die.highlight = ("select" if defence else "hint") if good else None
        die.dim = not good
