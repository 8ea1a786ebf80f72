"""The relic shop between Pariah rounds: the offers, the evolutions, the energy."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.state import HIDDEN
from tabletop.games.pariah.presentation.style import ASPECT, GOLD, INK, MINI_CARD, MUTED, SHOP_MAX
from tabletop.table import cardfit


class ShopMixin:
    """Draws the shop screen (the "shop" layout) for the seat that shops."""

    def _sync_shop(self, v, seen) -> None:
        me = self.me
        zones = self.layout.zones
        offers = [c for c in v.offers[me] if c != HIDDEN]
        z = zones["offers"]
        keep = {actions.KEEP.card(a) for a in self._legal(actions.KEEP.kind)}
        box = cardfit.room(z.rect)
        size = cardfit.fit_size(3, box[2], box[3], ASPECT, 40, largest=SHOP_MAX)
        for i, (c, (x, y)) in enumerate(zip(offers, cardfit.row(box, len(offers), size, 40))):
            s = self._card(f"card:{c}", c, x, y, size, 100 + i, seen,
                           back=self._back_for(me, True))
            s.highlight = "glow" if c in keep else None
        if not offers:
            zx, zy, zw, zh = z.rect
            kept = v.relic_hands[me]
            self.put_label("lbl:shop:kept", "Relic kept. Your relics: " + (", ".join(
                self.card_title(c) for c in kept) or "none"), zx + zw / 2, zy + zh / 2, 22, INK,
                seen, "center")
        z = zones["evos"]
        evos = [actions.TAKE_EVO.card(a) for a in self._legal(actions.TAKE_EVO.kind)]
        shown = evos if evos else list(v.evo_hands[me])
        # under the line of words at the zone's top
        box = cardfit.room(z.rect, top=70)
        size = cardfit.fit_size(max(3, len(shown)), box[2], box[3], ASPECT, 24, largest=SHOP_MAX)
        for i, (c, (x, y)) in enumerate(zip(shown, cardfit.row(box, len(shown), size, 24))):
            s = self._card(f"card:{c}", c, x, y, size, 200 + i, seen)
            s.highlight = "glow" if c in evos else None
        zx, zy, zw, zh = z.rect
        if not evos:
            text = ("Keep a relic first; then you may take an evolution." if keep and v.evo_piles[me]
                    else "No evolution to take now." if not v.evo_hands[me]
                    else "The evolutions you hold:")
            self.put_label("lbl:shop:evo", text, zx + 24, zy + 40, 18, MUTED, seen)
        ix, iy, iw, ih = zones["info"].rect
        self.put_label("lbl:shop:title", f"Shop after round {v.round}", ix + 24, iy + 24, 30, GOLD, seen,
                       bold=True)
        self.put_label("lbl:shop:who", self.seat_names[me], ix + 24, iy + 70, 20, INK, seen)
        self._energy_die("energy:shop", v.energy[self.side], ix + 24, iy + 110, 110, seen)
        self.put_label("lbl:shop:energy", "Elemental Energy", ix + 150, iy + 130, 18, GOLD, seen, bold=True)
        self.put_label("lbl:shop:energy2", "Drawing is free: you pay a", ix + 150, iy + 160, 15, MUTED, seen)
        self.put_label("lbl:shop:energy3", "relic's energy when you play it.", ix + 150, iy + 182, 15, MUTED,
                       seen)
        if keep:
            text = "Click the relic you keep;\nthe other two go to the bottom\nof your relic deck."
        elif evos:
            text = "Click an evolution to take it,\nor take none."
        else:
            text = ""
        for i, line in enumerate(text.split("\n") if text else []):
            self.put_label(f"lbl:shop:how:{i}", line, ix + 24, iy + 260 + i * 26, 18, INK, seen)
        if self._legal(actions.NO_EVO.kind):
            self.put_button("btn:no_evo", "Take no evolution", ix + 24, iy + 360, 352, True, not evos, seen)
        y = iy + 460
        self.put_label("lbl:shop:hand", "Relics in your hand", ix + 24, y, 18, GOLD, seen, bold=True)
        hand = [c for c in v.relic_hands[me] if c != HIDDEN]
        for i, c in enumerate(hand[:12]):
            self._card(f"card:{c}", c, ix + 24 + (i % 6) * 60, y + 32 + (i // 6) * 86, MINI_CARD, 300 + i,
                       seen, table="thumb")
