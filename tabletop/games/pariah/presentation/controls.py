"""The Pariah controls: Ready, Play, a unit's abilities and End, and choices that are
not units (shown as buttons over the dice tray); an ability waiting for its target."""

from __future__ import annotations

from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.engine.cards import design
from tabletop.games.pariah.engine.state import ACTIVATE, PREP, is_evo_card
from tabletop.games.pariah.presentation.style import GOLD
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL

MAX_CHOICES = 7         # choice buttons the dice tray has room for (More… pages through the rest)


class Controls(Part):
    """Buttons for the seat whose turn it is, in the controls zone, and what they start."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.ability: tuple[int, int] | None = None   # (unit, index): an ability waiting for its target
        self.warned: tuple[int, int] | None = None    # an ability told it would do nothing now
        self.paged: tuple[tuple, int] = ((), 0)       # (the choices, the page of them shown)

    def forget_stale(self) -> None:
        t = self.table
        if not t.my_turn or (self.ability and not t.moves.ability_uses(*self.ability)):
            self.ability = None

    def clear(self) -> bool:
        had, self.ability = self.ability is not None, None
        return had

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, v, zone, seen) -> None:
        t = self.table
        zx, zy, zw, zh = zone.rect
        x, w = zx + 12, zw - 24
        if not t.my_turn:
            return
        y = zy + 12
        if v.phase == PREP:
            self._draw_card_play(x, y, w, seen)
            ready = bool(t.legal_of(actions.READY.kind))
            t.put_button("btn:ready", "Ready", x, zy + zh - 60, w, ready, t.selected is None, seen)
            return
        if v.phase != ACTIVATE:
            return
        if t.selected in t.battlefield.hand_cards():     # a relic to play on this turn
            self._draw_card_play(x, y, w, seen)
            t.put_button("btn:cancel", "Cancel", x, zy + zh - 60, w, True, False, seen)
            return
        if self.ability is not None:
            acts = t.moves.ability_uses(*self.ability)
            if not all(t.moves.targets_unit(a) for a in acts):
                self._draw_choices(acts, seen)
            t.put_button("btn:cancel", "Cancel", x, zy + zh - 60, w, True, False, seen)
            return
        uid = t.moves.focus_unit()
        if uid is None:
            return
        t.put_label("lbl:ctl:unit", t.names.name_of(uid), x, y, 17, GOLD, seen, bold=True)
        y += 28
        abil = {}
        for a in t.legal_of(actions.ABILITY.kind):
            if actions.ABILITY.unit(a) == uid:
                abil.setdefault(actions.ABILITY.index(a), a)
        for i, a in sorted(abil.items())[:2]:
            ab = design(v.units[uid].design).abilities[i]
            cost = f" ({ab.cost})" if ab.cost else ""
            # said on the button before any energy is spent; still allowed, as the rules allow it
            idle = " · no effect now" if t.moves.idle_why(uid, i) else ""
            t.put_button(SpriteId("btn", "ability", uid, i), f"{ab.name}{cost}{idle}", x, y, w, True, False,
                         seen, h=42)
            y += 50
        ends = [a for a in t.legal_of(actions.END.kind) if actions.END.unit(a) == uid]
        if ends:
            text = "End activation" if v.active == uid else "Pass (no attack)"
            t.put_button(SpriteId("btn", "end", uid), text, x, zy + zh - 60, w, True,
                         not t.moves.attack_mains(uid) and not abil, seen)

    def _draw_card_play(self, x, y, w, seen) -> None:
        """For the selected card of the hand: Play when it takes no target, or its choices that
        are not units (units glow and are clicked)."""
        t = self.table
        c = t.selected
        if c is None:
            return
        if -1 in t.moves.play_targets(c):
            t.put_button("btn:play", f"Play {t.names.card_title(c)}", x, y, w, True, True, seen)
            return
        acts = t.moves.other_choices(c)
        if acts:
            self._draw_choices(acts, seen, "pchoice")

    def _draw_choices(self, acts, seen, kind: str = "choice") -> None:
        """Choices that are not units (a graveyard card and a side, an emblem): buttons over the tray."""
        t = self.table
        zx, zy, zw, zh = t.layout.zones["dice"].rect
        t.tray.give_way(seen)
        t.put_label("lbl:choice:title", "Choose:", zx + 16, zy + 40, 18, GOLD, seen, bold=True)
        first, shown, pages = self.page_of(acts)
        for j, a in enumerate(shown):
            text = a.label.split(" on ", 1)[-1].split(" (pay")[0].split(" (")[0]
            t.put_button(SpriteId("btn", kind, first + j), text, zx + 16, zy + 72 + j * 42, zw - 32, True,
                         False, seen, h=36)
        if pages > 1:
            page = first // (MAX_CHOICES - 1)
            t.put_button(SpriteId("btn", "more", kind), f"More… ({page + 1}/{pages})", zx + 16,
                         zy + 72 + len(shown) * 42, zw - 32, True, False, seen, h=36)

    def page_of(self, acts) -> tuple[int, list, int]:
        """(the index of the first choice shown, the choices shown, how many pages): all of them
        when the tray has room, else MAX_CHOICES - 1 a page under a More… button (a revive may
        offer every unit in the graveyards, on either side)."""
        if len(acts) <= MAX_CHOICES:
            return 0, list(acts), 1
        per = MAX_CHOICES - 1
        pages = -(-len(acts) // per)
        page = self.paged[1] % pages if self.paged[0] == tuple(acts) else 0
        return page * per, list(acts[page * per:(page + 1) * per]), pages

    def _choices(self, kind: str) -> list:
        """The choices the `kind` buttons stand for now."""
        t = self.table
        if kind == "pchoice" and t.selected is not None:
            return t.moves.other_choices(t.selected)
        if kind == "choice" and self.ability:
            return t.moves.ability_uses(*self.ability)
        return []

    # --- buttons ------------------------------------------------------------------------------
    def button(self, bid: SpriteId):
        """Ready, Play, End, an ability and the choice buttons (Cancel is the table's)."""
        t = self.table
        name = bid.at(0)
        if name == "ready":
            t.selected = None
            return actions.READY()
        if name == "play" and t.selected is not None:
            spec = actions.EVOLVE if is_evo_card(t.selected) else actions.RELIC
            c, t.selected = t.selected, None
            return spec(c, -1)
        if name == "end":
            return actions.END(bid.at(1))
        if name == "ability":
            return self._use(bid.at(1), bid.at(2))
        if name == "more":
            acts = tuple(self._choices(bid.at(1)))
            self.paged = (acts, (self.paged[1] + 1) if self.paged[0] == acts else 1)
            return LOCAL
        if name in ("pchoice", "choice"):
            acts = self._choices(name)
            if not acts:
                return None
            t.selected = None if name == "pchoice" else t.selected
            self.ability = None if name == "choice" else self.ability
            return self._chosen(acts, bid.at(1))
        return None

    @staticmethod
    def _chosen(acts, k: int):
        return acts[k] if k < len(acts) else LOCAL

    def _use(self, uid: int, i: int):
        """An ability's button: used at once when it takes no target, else it waits for one. An
        ability that would do nothing now first says so (a second click uses it anyway)."""
        t = self.table
        why = t.moves.idle_why(uid, i)
        if why and self.warned != (uid, i):      # the first click only says so
            self.warned = (uid, i)
            name = design(t.view.units[uid].design).abilities[i].name
            t.scene.status = (f"{name} would do nothing now: {why}. "
                              "Click it again to use it anyway.")
            return LOCAL
        self.warned = None
        acts = t.moves.ability_uses(uid, i)
        if len(acts) == 1 and actions.ABILITY.choice(acts[0]) == -1:
            return acts[0]
        if not acts:
            return actions.ABILITY(uid, i, -1)
        self.ability = (uid, i)
        t.selected = None
        return LOCAL

    def aim(self, target: int):
        """The waiting ability, used on unit `target`."""
        (uid, i), self.ability = self.ability, None
        return actions.ABILITY(uid, i, target)
