"""The relic shop between Pariah rounds: the offers, the evolutions, the energy, and the
clicks that keep a relic or take an evolution."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.state import HIDDEN, is_evo_card
from tabletop.games.pariah.presentation.style import ASPECT, GOLD, INK, MINI_CARD, MUTED, SHOP_MAX
from tabletop.table import cardfit
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part


class Shop(Part):
    """The shop screen (the "shop" layout) for the seat that shops, and its clicks."""

    def draw(self, v, seen) -> None:
        t = self.table
        me = t.me
        zones = t.layout.zones
        offers = [c for c in v.offers[me] if c != HIDDEN]
        z = zones["offers"]
        keep = {actions.KEEP.card(a) for a in t.legal_of(actions.KEEP.kind)}
        box = cardfit.room(z.rect)
        size = cardfit.fit_size(3, box[2], box[3], ASPECT, 40, largest=SHOP_MAX)
        for i, (c, (x, y)) in enumerate(zip(offers, cardfit.row(box, len(offers), size, 40))):
            s = t._card(SpriteId("card", c), c, x, y, size, 100 + i, seen,
                        back=t.names.back_for(me, True))
            s.highlight = "glow" if c in keep else None
        if not offers:
            zx, zy, zw, zh = z.rect
            kept = v.relic_hands[me]
            t.put_label("lbl:shop:kept", "Relic kept. Your relics: " + (", ".join(
                t.names.card_title(c) for c in kept) or "none"), zx + zw / 2, zy + zh / 2, 22, INK,
                seen, "center")
        z = zones["evos"]
        evos = [actions.TAKE_EVO.card(a) for a in t.legal_of(actions.TAKE_EVO.kind)]
        shown = evos if evos else list(v.evo_hands[me])
        # under the line of words at the zone's top
        box = cardfit.room(z.rect, top=70)
        size = cardfit.fit_size(max(3, len(shown)), box[2], box[3], ASPECT, 24, largest=SHOP_MAX)
        for i, (c, (x, y)) in enumerate(zip(shown, cardfit.row(box, len(shown), size, 24))):
            s = t._card(SpriteId("card", c), c, x, y, size, 200 + i, seen)
            s.highlight = "glow" if c in evos else None
        zx, zy, zw, zh = z.rect
        if not evos:
            text = ("Keep a relic first; then you may take an evolution." if keep and v.evo_piles[me]
                    else "No evolution to take now." if not v.evo_hands[me]
                    else "The evolutions you hold:")
            t.put_label("lbl:shop:evo", text, zx + 24, zy + 40, 18, MUTED, seen)
        ix, iy, iw, ih = zones["info"].rect
        t.put_label("lbl:shop:title", f"Shop after round {v.round}", ix + 24, iy + 24, 30, GOLD, seen,
                    bold=True)
        t.put_label("lbl:shop:who", t.seat_names[me], ix + 24, iy + 70, 20, INK, seen)
        t._energy_die("energy:shop", v.energy[t.side], ix + 24, iy + 110, 110, seen)
        t.put_label("lbl:shop:energy", "Elemental Energy", ix + 150, iy + 130, 18, GOLD, seen, bold=True)
        t.put_label("lbl:shop:energy2", "Drawing is free: you pay a", ix + 150, iy + 160, 15, MUTED, seen)
        t.put_label("lbl:shop:energy3", "relic's energy when you play it.", ix + 150, iy + 182, 15, MUTED,
                    seen)
        if keep:
            text = "Click the relic you keep;\nthe other two go to the bottom\nof your relic deck."
        elif evos:
            text = "Click an evolution to take it,\nor take none."
        else:
            text = ""
        for i, line in enumerate(text.split("\n") if text else []):
            t.put_label(f"lbl:shop:how:{i}", line, ix + 24, iy + 260 + i * 26, 18, INK, seen)
        if t.legal_of(actions.NO_EVO.kind):
            t.put_button("btn:no_evo", "Take no evolution", ix + 24, iy + 360, 352, True, not evos, seen)
        y = iy + 460
        t.put_label("lbl:shop:hand", "Relics in your hand", ix + 24, y, 18, GOLD, seen, bold=True)
        hand = [c for c in v.relic_hands[me] if c != HIDDEN]
        for i, c in enumerate(hand[:12]):
            t._card(SpriteId("card", c), c, ix + 24 + (i % 6) * 60, y + 32 + (i // 6) * 86, MINI_CARD, 300 + i,
                    seen, table="thumb")

    def click(self, c: int | None):
        if c in self.table.view.offers[self.table.me]:
            return actions.KEEP(c)
        if c is not None and is_evo_card(c):
            return actions.TAKE_EVO(c)
        return None

    def button(self, bid):
        return actions.NO_EVO() if bid.at(0) == "no_evo" else None
