"""Army selection on the Pariah table: the drawn units, the army row and the points, and the
gestures that pick and put back."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.cards import design, factions
from tabletop.games.pariah.engine.flow import army_cost
from tabletop.games.pariah.engine.state import ARMY_POINTS, HIDDEN, SELECT
from tabletop.games.pariah.presentation.style import ARMY_MAX, ASPECT, DRAWN_MAX, GOLD, INK, MUTED
from tabletop.table import cardfit
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part


class Army(Part):
    """The army-selection screen (the "select" layout) and its gestures."""

    def draw(self, v, seen) -> None:
        t = self.table
        me = t.me
        zones = t.layout.zones
        mine = my_turn_here = t.my_turn and v.phase == SELECT
        drawn = [c for c in v.hands[me] if c != HIDDEN]
        army = [c for c in (v.picks[me] if not v.committed[me] else v.armies[me]) if c != HIDDEN]
        # Every unit drawn keeps one slot while the player picks (a pick leaves a gap, a unit put
        # back returns to it), so a quick second click lands on the card the player aimed at.
        every = sorted(drawn + army, key=lambda c: (design(v.designs[c]).cost, v.designs[c], c))
        # sized for every unit drawn, so the sizes and slots hold still as the player picks
        z = zones["drawn"]
        box = cardfit.room(z.rect)
        size, cols = cardfit.fit_rows(len(every), box[2], box[3], ASPECT, 18, largest=DRAWN_MAX)
        slot = dict(zip(every, cardfit.grid(box, len(every), size, cols, 18)))
        for i, c in enumerate(every):
            if c in drawn:
                x, y = slot[c]
                t._card(SpriteId("card", c), c, x, y, size, 100 + i, seen, draggable=mine)
        z = zones["army"]
        box = cardfit.room(z.rect)
        size = cardfit.fit_size(max(6, len(army)), box[2], box[3], ASPECT, 14, largest=ARMY_MAX, smallest=60)
        for i, (c, (x, y)) in enumerate(zip(army, cardfit.row(box, len(army), size))):
            t._card(SpriteId("card", c), c, x, y, size, 200 + i, seen, draggable=mine)
        if not army:
            zx, zy, zw, zh = z.rect
            t.put_label("lbl:army-empty", "Drag units here (or click them) to build an army of up to "
                        f"{ARMY_POINTS} points.", zx + zw / 2, zy + zh / 2, 22, MUTED, seen, "center")
        ix, iy, iw, ih = zones["info"].rect
        fac = factions()[v.factions[me]]
        t.put_label("lbl:sel:title", "Choose your army", ix + 24, iy + 24, 30, GOLD, seen, bold=True)
        t.put_label("lbl:sel:faction", f"{t.seat_names[me]} · {fac.name}", ix + 24, iy + 70, 20,
                    INK, seen)
        spent = army_cost(v, army)
        spare = ARMY_POINTS - spent
        t._counter("ctr:points", f"{spent} / {ARMY_POINTS}", "army points", ix + 24, iy + 110, 352,
                   96, seen)
        # two short lines: one long line ran out of the panel at small window sizes
        t.put_label("lbl:sel:points", f"{spare} unspent point{'s' if spare != 1 else ''} become"
                    if army else "No unit chosen yet", ix + 24, iy + 214, 17, INK, seen)
        t.put_label("lbl:sel:energy", "Elemental Energy" if army else "", ix + 24, iy + 236, 17, INK, seen)
        t.put_label("lbl:sel:units", f"{len(army)} unit{'s' if len(army) != 1 else ''} chosen",
                    ix + 24, iy + 258, 16, MUTED, seen)
        if my_turn_here:
            commit = t.legal_of(actions.COMMIT.kind)
            t.put_button("btn:commit", "Commit army", ix + 24, iy + 290, 352, bool(commit), True, seen,
                         h=56)
            if army:
                t.put_button("btn:clear", "Put them all back", ix + 24, iy + 358, 352, True, False, seen)
        else:
            t.put_label("lbl:sel:wait", "Army committed, face down." if v.committed[me]
                        else "Waiting…", ix + 24, iy + 300, 20, GOLD, seen, bold=True)
        # the other seats: only whether they have committed
        y = iy + 460
        t.put_label("lbl:sel:others", "The other players", ix + 24, y, 18, GOLD, seen, bold=True)
        for p in range(v.players):
            if p == me:
                continue
            y += 34
            state = "army committed, face down" if v.committed[p] else "choosing…"
            t.put_label(f"lbl:sel:seat:{p}", f"{t.seat_names[p]} ({factions()[v.factions[p]].name}):"
                        f" {state}", ix + 24, y, 16, INK if v.committed[p] else MUTED, seen)
        tips = ("Lower Dexterity and Armor are better:\nthey are the die faces to reach.\n"
                "Unspent points become Elemental Energy\nfor relics and evolutions.")
        for i, line in enumerate(tips.split("\n")):
            t.put_label(f"lbl:sel:tip:{i}", line, ix + 24, iy + 820 + i * 24, 16, MUTED, seen)

    # --- gestures (on my turn, during the selection) ---------------------------------------------
    def drag_targets(self, c: int) -> set[str]:
        v, me = self.table.view, self.table.me
        picks = self.table.legal_of(actions.PICK.kind)
        if c in v.hands[me] and any(actions.PICK.card(a) == c for a in picks):
            return {"army"}
        if c in v.picks[me]:
            return {"drawn"}
        return set()

    def drop(self, c: int, target):
        v, me = self.table.view, self.table.me
        if target == "army" and c in v.hands[me]:
            return actions.PICK(c)
        if target == "drawn" and c in v.picks[me]:
            return actions.UNPICK(c)
        return None

    def click(self, c: int | None):
        v, me = self.table.view, self.table.me
        if c in v.hands[me]:
            return actions.PICK(c)
        if c in v.picks[me]:
            return actions.UNPICK(c)
        return None

    def button(self, bid):
        if bid.at(0) == "commit":
            return actions.COMMIT()
        if bid.at(0) == "clear":                 # one at a time: the last one picked goes back
            picks = list(self.table.view.picks[self.table.me])
            return actions.UNPICK(picks[-1]) if picks else None
        return None
