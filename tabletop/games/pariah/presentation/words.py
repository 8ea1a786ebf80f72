"""What the Pariah table says: the prompt, the seat rows and the end-of-round summary."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.cards import design, factions
from tabletop.games.pariah.engine.flow import army_cost, points, waiting_points
from tabletop.games.pariah.engine.state import (ACTIVATE, ARMY_POINTS, DEPLOY, OVER, PREP, ROUNDS, SELECT, SHOP,
                                         side_of)
from tabletop.table.part import Part
from tabletop.table.presenter import html_table


class Words(Part):
    """Sentences for the status line and dialogs."""

    def prompt(self) -> str:
        t = self.table
        v = t.view
        if v is None:
            return ""
        if v.phase == OVER:
            return t.names.result_line() or "The match is over."
        if not t.my_turn:
            if v.turn < len(t.seat_names):
                return f"{t.seat_names[v.turn]} is playing…"
            return ""
        if v.phase == SELECT:
            spent = army_cost(v, v.picks[t.me])
            return (f"Choose your army: drag units to the army row (or click them); {spent} / "
                    f"{ARMY_POINTS} points. Commit when ready.")
        if v.phase == DEPLOY:
            return (f"Deploy a unit: drag it to your front line (slot {len(v.lines[t.side]) + 1}), "
                    "or click it.")
        if v.phase == PREP:
            return ("Start of round: drag a relic or evolution onto a unit (emblems: click, then Play), "
                    "or press Ready.")
        if v.phase == SHOP:
            if t.legal_of(actions.KEEP.kind):
                return "The shop: click the relic you keep."
            return "Take an evolution (click it) or take none."
        if v.phase == ACTIVATE:
            if t.plan.is_open:
                return "Share the dice with + and −, then Roll the dice."
            if t.controls.ability:
                return "Choose the ability's target (or Cancel)."
            if t.selected in t.battlefield.hand_cards():
                return f"Play {t.names.card_title(t.selected)}: click where it goes (or Cancel)."
            units = t.moves.active_units()
            names = ", ".join(t.names.name_of(u) for u in units)
            relic = (" A relic from your hand can be dragged onto a unit." if t.legal_of(actions.RELIC.kind)
                     else "")
            if v.active in units:
                return (f"{names} is active: attack by dragging it onto an enemy, use an ability, "
                        f"or end.{relic}")
            return (f"Your activation ({names}): drag a unit onto an enemy to attack, use an ability, "
                    f"or pass.{relic}")
        return ""

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        side = side_of(seat)
        units = [u for u in view.lines[side] if view.units[u].owner == seat]
        rows = [("Faction", factions()[view.factions[seat]].name),
                ("Energy" if view.players == 2 else "Team energy", str(view.energy[side])),
                ("Units in play", str(len(units))),
                ("Points in play", str(sum(design(view.units[u].design).cost for u in units
                                           if not view.units[u].token))),
                ("Relics in hand", str(len(view.relic_hands[seat]))),
                ("Graveyard", str(len(view.graves[seat])))]
        if view.phase == SELECT:
            rows[2] = ("Army", "committed" if view.committed[seat] else "choosing")
        elif view.phase == DEPLOY:            # public: the count, and the points told at set-out
            rows.insert(2, ("To deploy", f"{len(view.armies[seat])} ({waiting_points(view, seat)} pts)"))
        return rows

    def summary(self, view, events) -> tuple[str, str] | None:
        names = self.table.names
        kinds = {e.kind for e in events}
        if "game_end" in kinds:
            w = view.winners or []
            if not w:
                title = "A draw"
            else:
                title = f"{names.side_title(w[0])} win{'s' if len(view.seats_of_side(w[0])) == 1 and names.side_title(w[0]) != 'You' else ''} the match"
            return title, self._standing_html(view, f"<p><b>{names.result_line(view)}</b></p>")
        if "round_end" in kinds:
            r = max((e.data.get("round", 0) for e in events if e.kind == "round_end"), default=view.round)
            return f"Round {r} of {ROUNDS} is over", self._standing_html(
                view, "<p>Damage stays on the units. Next: the shop, then the next round.</p>")
        return None

    def _standing_html(self, v, head: str) -> str:
        names = self.table.names
        rows = []
        for side in (0, 1):
            units = ", ".join(f"{names.name_of(u)} ({v.units[u].damage} dmg)" if v.units[u].damage
                              else names.name_of(u) for u in v.lines[side]) or "none"
            rows.append(f"<tr><td><b>{names.side_title(side)}</b></td><td>{points(v, side)}</td>"
                        f"<td>{v.energy[side]}</td><td>{units}</td></tr>")
        return head + html_table(["Side", "Points", "Energy", "Units"], rows)
