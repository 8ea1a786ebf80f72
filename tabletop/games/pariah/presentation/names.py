"""What the Pariah table calls units and cards, and the faces it draws for them."""

from __future__ import annotations

from functools import partial

from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import design, evolutions, relics
from tabletop.games.pariah.engine.flow import points
from tabletop.games.pariah.engine.state import HIDDEN, OVER, is_evo_card, is_relic_card
from tabletop.games.pariah.presentation.narrate import result_sentence
from tabletop.games.pariah.engine.stats import keywords, stat_line
from tabletop.games.pariah.presentation.style import STAT_ORDER
from tabletop.table import compact
from tabletop.table.part import Part


class Names(Part):
    """Names, faces and zoom captions, read from the table's `view` and `seat_names`."""

    def name_of(self, uid: int) -> str:
        v = self.table.view
        u = v.units.get(uid) if v else None
        if u is not None:
            return design(u.design).name + (" token" if u.token else "")
        return self.card_title(uid)

    def card_title(self, c: int) -> str:
        v = self.table.view
        if c == HIDDEN or v is None:
            return "a hidden card"
        d = v.designs.get(c)
        if d in evolutions():
            return evolutions()[d].name
        if d in relics():
            return relics()[d].name
        return design(d).name if d else "?"

    def result_line(self, v=None) -> str:
        """How the match ended, told from the view (never by rewriting the engine's reason)."""
        v = v or self.table.view
        if v is None or v.phase != OVER:
            return ""
        return result_sentence(list(v.winners or []), [points(v, 0), points(v, 1)],
                               [len(v.lines[0]), len(v.lines[1])], v.round, self.table.voice())

    def side_title(self, side: int) -> str:
        v = self.table.view
        seats = v.seats_of_side(side) if v else [side]
        names = [self.table.seat_names[p] for p in seats if p < len(self.table.seat_names)]
        return " & ".join(names) or f"Side {side + 1}"

    def face(self, c: int, table: str | None = "compact"):
        """(key, compose) of card `c`: the full face (`table` None, for the zoom), the compact
        face a card on the table shows, or "thumb" (picture only) for a card too small for text."""
        v = self.table.view
        text = table != "thumb"
        if table == "name":             # a card too small for the compact face: its name, large
            d = v.units[c].design if c in v.units else v.designs[c]
            kind = "unit" if c in v.units or not (is_evo_card(c) or is_relic_card(c)) else \
                "evo" if is_evo_card(c) else "relic"
            base = {"unit": faces.unit_key, "evo": faces.evolution_key, "relic": faces.relic_key}[kind](d)
            return f"{base}/big{compact.VERSION}/name", partial(faces.compose_named, kind, d)
        if c in v.units:
            u = v.units[c]
            cur = stat_line(v, u)
            base = design(u.design)
            changed = tuple((s, cur[s]) for s in STAT_ORDER if cur[s] != base.base(s))
            key, d, changed = faces.unit_key(u.design, changed), u.design, changed or None
        else:
            d, changed = v.designs[c], None
            if is_evo_card(c):
                key = faces.evolution_key(d)
                if table is None:
                    return key, partial(faces.compose_evolution, d)
                return compact.key(key, text), partial(faces.compose_evolution_compact, d, text)
            if is_relic_card(c):
                key = faces.relic_key(d)
                if table is None:
                    return key, partial(faces.compose_relic, d)
                return compact.key(key, text), partial(faces.compose_relic_compact, d, text)
            key = faces.unit_key(d)
        if table is None:
            return key, partial(faces.compose_unit, d, changed)
        return compact.key(key, text), partial(faces.compose_unit_compact, d, changed, text)

    def faces_to_warm(self) -> list:
        # a faction's cards are public (which card is where is not), so every design may warm
        v = self.table.view
        known = [c for c, d in v.designs.items() if d]
        known += [c for c in v.units if c not in v.designs]     # tokens
        # relics show as pictures only too, in the shop's hand and as emblems in play
        return self.table.warm_list(known, lambda c: self.face(c, None), self.face,
                                     lambda c: self.face(c, "thumb" if is_relic_card(c) else "compact"),
                                     lambda c: self.face(c, "name"), lambda c: self.face(c, "thumb"))

    def back_for(self, seat: int, relic: bool = False):
        kind = "relic" if relic else self.table.view.factions[seat]
        return faces.back_key(kind), partial(faces.compose_back, kind)

    def caption(self, c: int) -> str:
        v = self.table.view
        if c in v.units:
            u = v.units[c]
            st = stat_line(v, u)
            parts = [self.name_of(c),
                     f"Priority {st['priority']} · Attacks {st['attacks']} · Dexterity {st['dexterity']}+",
                     f"Damage {st['damage']} · Armor {st['armor']}+ · AP {st['ap']} · "
                     f"HP {st['hp'] - u.damage}/{st['hp']}"]
            kws = keywords(v, u).texts()
            if kws:
                parts.append(", ".join(kws))
            for k in u.evos + u.equip:
                parts.append(f"Carries {self.card_title(k)}")
            if u.revived:
                parts.append("Revived: its next death removes it from the game.")
            return "\n".join(parts)
        d = v.designs[c]
        if is_relic_card(c):
            r = relics()[d]
            return f"{r.name} ({r.relic_type}, {r.cost} energy)\n{r.text}"
        if is_evo_card(c):
            e = evolutions()[d]
            return f"{e.name} (evolution of {design(e.unit).name}, {e.cost} energy)\n{e.text}"
        u = design(d)
        return f"{u.name} ({u.cost} points)\n" + "\n".join(f"{a.name}: {a.text}" for a in u.abilities)
