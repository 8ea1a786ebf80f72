"""The Pariah table: the army-selection screen, the two front lines with damage
markers and attached cards, the Priority track, each side's energy d20 and
piles, the dice tray, the hand of relics and evolutions, and the relic shop.

Every rule decision is the engine's: what glows comes from the legal actions,
and a drop or click only proposes a candidate action for `why_illegal`.

This module holds the presenter's core: its state, the sync that picks the
screen of the phase, the highlights and the input. What each screen draws, and
the words, live in the `table_*` modules next to it, one mixin each.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import design, relics
from tabletop.games.pariah.engine.state import (ACTIVATE, DEPLOY, HIDDEN, PREP, SELECT, SHOP, is_evo_card,
                                         side_of)
from tabletop.games.pariah.presentation.army import ArmyMixin
from tabletop.games.pariah.presentation.battlefield import BattlefieldMixin
from tabletop.games.pariah.presentation.controls import ControlsMixin
from tabletop.games.pariah.presentation.legal import LegalMixin
from tabletop.games.pariah.presentation.names import NamesMixin
from tabletop.games.pariah.presentation.narrate import NARRATE
from tabletop.games.pariah.presentation.plan import PlanMixin
from tabletop.games.pariah.presentation.shop import ShopMixin
from tabletop.games.pariah.presentation.style import cid
from tabletop.games.pariah.presentation.track import TrackMixin, activation_order
from tabletop.games.pariah.presentation.words import WordsMixin
from tabletop.games.pariah.presentation.tray import DiceTray
from tabletop.resources import layout as layout_data
from tabletop.table.cover import fanned_cards, rules_page
from tabletop.table.layout import Layout
from tabletop.table.playback import GREEN
from tabletop.table.presenter import LOCAL, OptionField, Presentation, Presenter
from tabletop.table.sprites import CounterSprite

__all__ = ["PRESENTATION", "PariahPresenter", "activation_order", "cid"]

# the kinds that name one card (their `card` argument), and the plays of a card on something
_ONE_CARD = kinds(actions.PICK, actions.UNPICK, actions.DEPLOY, actions.KEEP, actions.TAKE_EVO)
_PLAYED_ON = kinds(actions.RELIC, actions.EVOLVE)


class PariahPresenter(NamesMixin, LegalMixin, ArmyMixin, ShopMixin, BattlefieldMixin, TrackMixin,
                      ControlsMixin, PlanMixin, WordsMixin, Presenter):
    auto_pass_kinds = kinds(actions.END, actions.READY, actions.NO_EVO)
    narrator = NARRATE
    important_kinds = frozenset({"round", "round_end", "game_end", "destroyed"})
    label = Presenter.put_label           # the dice tray writes its lines through `label`

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        data = layout_data("pariah", 4 if self.players == 4 else 2)
        self.layouts = {name: Layout.from_json({"size": data["size"], "card_size": data["card_size"],
                                                "stretch": data.get("stretch", False), "zones": data[key]})
                        for name, key in (("battle", "zones"), ("select", "select_zones"),
                                          ("shop", "shop_zones"))}
        self.layout = self.layouts["battle"]
        self.side = 0
        self.selected: int | None = None      # click-and-click: a card or unit of mine
        self.ability: tuple[int, int] | None = None   # an ability waiting for its target
        self.warned: tuple[int, int] | None = None    # an ability told it would do nothing now
        self.plan: dict | None = None          # Sweep/Range: {"unit", "main", "dice": {target: n}}
        self.tray = DiceTray(self)
        self.energy_shown: dict[int, int] = {}

    def floats_of(self, event):
        """Elemental Energy gained rises from the side's energy die."""
        d = event.data
        if event.kind in ("energy", "destroyed") and d.get("amount") and "side" in d:
            return [(f"energy:{d['side']}", f"+{d['amount']}", GREEN)]
        return []

    # --- sync ----------------------------------------------------------------------------------
    def took(self, events) -> None:
        if events:
            self.tray.take(events)
        if any(e.kind == "round" for e in events):
            self.tray.clear()

    def _screen(self, view) -> str:
        """Which of the table's screens the view is drawn on."""
        name = {SELECT: "select", SHOP: "shop"}.get(view.phase, "battle")
        if view.phase == SHOP and view.turn != self.me:
            name = "battle"                       # someone else shops: watch the table
        if view.phase == SELECT and view.committed[self.me]:
            name = "select"
        return name

    def layout_for(self, view):
        return self.layouts[self._screen(view)]

    def draw(self, seen, events) -> None:
        name, view = self._screen(self.view), self.view
        if name == "select":
            self._sync_select(view, seen)
        elif name == "shop":
            self._sync_shop(view, seen)
        else:
            self._sync_battle(view, seen, events)

    def forget_stale(self) -> None:
        v = self.view
        self.side = side_of(self.me)
        if not self.my_turn:
            self.selected = self.ability = self.plan = None
            return
        mine = set(v.units) | set(v.relic_hands[self.me]) | set(v.evo_hands[self.me]) \
            | set(v.hands[self.me]) | set(v.picks[self.me]) | set(v.armies[self.me])
        if self.selected not in mine:
            self.selected = None
        if self.plan and actions.ATTACK(self.plan["unit"], self._plan_tuple()) not in self.legal \
                and not any(actions.ATTACK.matches(a) and actions.ATTACK.unit(a) == self.plan["unit"]
                            for a in self.legal):
            self.plan = None
        if self.ability and not any(actions.ABILITY.matches(a) and actions.ability_of(a) == self.ability
                                    for a in self.legal):
            self.ability = None

    # --- sprites ------------------------------------------------------------------------------
    def _card(self, sid: str, c: int | None, x: float, y: float, size, z: float, seen: set,
              face_up: bool = True, draggable: bool = False, back=None, spawn=None, table: str = "compact"):
        face = self._face(c, table) if face_up and c is not None and c != HIDDEN else (None, None)
        return self.put_card(sid, face, back or self._back_for(self.me), x, y, size, z, seen,
                             draggable=draggable, spawn=spawn)

    def _counter(self, cid_: str, value, caption: str, x: float, y: float, w: float, h: float,
                 seen: set) -> None:
        c = self.scene.get(cid_)
        if c is None:
            c = CounterSprite(cid_, value=value, label=caption, x=x, y=y, w=w, h=h, z=300)
            self.scene.put(c)
        else:
            c.value, c.label, c.x, c.y, c.w, c.h = value, caption, x, y, w, h
        seen.add(cid_)

    # --- highlights -------------------------------------------------------------------------------
    def _highlight(self) -> None:
        v = self.view
        for sprite in self.scene.sprites():
            if sprite.id.startswith("card:") and sprite.highlight in ("select", "hint", "glow", "warn"):
                if v.phase != SHOP:
                    sprite.highlight = None
        glow: set[str] = set()
        if v.phase == ACTIVATE and self.my_turn and not self.plan:
            for uid in self._active_units():
                s = self.scene.get(f"card:{uid}")
                if s is not None:
                    s.highlight = "glow" if self.selected is None else None
        if v.active in v.units:
            s = self.scene.get(f"card:{v.active}")
            if s is not None:
                s.highlight = "select"
        if self.selected is not None:
            s = self.scene.get(f"card:{self.selected}")
            if s is not None:
                s.highlight = "select"
            glow = self.drag_targets(f"card:{self.selected}")
        if self.ability is not None:
            uid, i = self.ability
            glow = {f"card:{actions.ABILITY.choice(a)}" for a in self._legal(actions.ABILITY.kind)
                    if actions.ability_of(a) == (uid, i) and self._targets_unit(a)}
        if self.plan:
            s = self.scene.get(f"card:{self.plan['unit']}")
            if s is not None:
                s.highlight = "select"
        self.scene.set_glow(glow)
        self._mark_hint()

    def _hint_cards(self, a: Action) -> list[int]:
        if a.kind in _ONE_CARD:
            return [actions.KINDS[a.kind].card(a)]
        if actions.ATTACK.matches(a):
            return [actions.ATTACK.unit(a)] + actions.plan_targets(a)
        if actions.ABILITY.matches(a):
            return [actions.ABILITY.unit(a)] + ([actions.ABILITY.choice(a)] if self._targets_unit(a) else [])
        if a.kind in _PLAYED_ON:
            return [actions.card_of(a)] + ([actions.played_on(a)] if self._targets_unit(a) else [])
        if actions.END.matches(a):
            return [actions.END.unit(a)]
        return []

    # --- input --------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        c = cid(sprite_id)
        v = self.view
        if c is None or not self.my_turn or v is None or sprite_id.startswith("trk:"):
            return set()
        if v.phase == SELECT:
            picks = self._legal(actions.PICK.kind)
            if c in v.hands[self.me] and any(actions.PICK.card(a) == c for a in picks):
                return {"army"}
            if c in v.picks[self.me]:
                return {"drawn"}
            return set()
        if v.phase == DEPLOY:
            deploys = self._legal(actions.DEPLOY.kind)
            return {"my_line"} if any(actions.DEPLOY.card(a) == c for a in deploys) else set()
        if self._hand_card_in_play(c):
            return self._card_targets(c)
        if v.phase == ACTIVATE:
            return {f"card:{t}" for t in self._attack_mains(c)}
        return set()

    def drop(self, sprite_id: str, target: str | None):
        c = cid(sprite_id)
        v = self.view
        if c is None or v is None or not self.my_turn:
            return None
        t = cid(target)
        if v.phase == SELECT:
            if target == "army" and c in v.hands[self.me]:
                return actions.PICK(c)
            if target == "drawn" and c in v.picks[self.me]:
                return actions.UNPICK(c)
            return None
        if v.phase == DEPLOY:
            if target in ("my_line",) or (t is not None and t in v.lines[self.side]):
                return actions.DEPLOY(c)
            return None
        if self._hand_card_in_play(c):
            return self._play_card(c, target)
        if v.phase == ACTIVATE and c in v.units:
            if t is None or t not in v.units or t == c:
                return None
            if side_of(v.units[t].owner) == self.side:
                return actions.ATTACK(c, ((t, 1),))      # the engine explains: enemies only
            plans = [a for a in self._legal(actions.ATTACK.kind)
                     if actions.ATTACK.unit(a) == c and actions.main_target(a) == t]
            if len(plans) > 1:
                self.selected = None
                return self._start_plan(c, t)
            return plans[0] if plans else self._plain_attack(c, t)
        return None

    def click(self, target: str | None):
        v = self.view
        if v is None or not self.my_turn:
            return None
        c = cid(target)
        if v.phase == SELECT:
            if c in v.hands[self.me]:
                return actions.PICK(c)
            if c in v.picks[self.me]:
                return actions.UNPICK(c)
            return None
        if v.phase == DEPLOY:
            if c in v.armies[self.me]:
                return actions.DEPLOY(c)
            return None
        if v.phase == SHOP:
            if c in v.offers[self.me]:
                return actions.KEEP(c)
            if c is not None and is_evo_card(c):
                return actions.TAKE_EVO(c)
            return None
        if v.phase == PREP:
            return self._click_hand(c, target)
        if v.phase == ACTIVATE:
            if self.ability is not None and c is not None and c in v.units:
                uid, i = self.ability
                self.ability = None
                return actions.ABILITY(uid, i, c)
            if self.plan:
                return None
            played = self._click_hand(c, target)       # a relic played on one's turn
            if played is not None:
                return played
            if c in self._active_units():
                self.selected = None if self.selected == c else c
                return LOCAL
            if self.selected is not None and c is not None:
                act = self.drop(f"card:{self.selected}", target)
                if act is not None and act != LOCAL:
                    self.selected = None
                return act
        return None

    # --- the hand: relics and evolutions, at the start of a round and (some relics) on a turn of
    # one's own in the activations; the engine says which plays are legal and why not
    def _hand_cards(self) -> set[int]:
        v = self.view
        return set(v.relic_hands[self.me]) | set(v.evo_hands[self.me])

    def _hand_card_in_play(self, c: int) -> bool:
        """A card of the hand, in a phase where cards of the hand are played."""
        return self.view.phase in (PREP, ACTIVATE) and c in self._hand_cards()

    def _card_targets(self, c: int) -> set[str]:
        """Where a card of the hand may be dropped now: the units its legal plays name, or a line
        for a play on nothing (an emblem)."""
        out = set()
        for a in self.legal:
            if a.kind in _PLAYED_ON and actions.card_of(a) == c:
                if self._targets_unit(a):
                    out.add(f"card:{actions.played_on(a)}")
                elif actions.played_on(a) == -1:
                    out.add("my_line")
        return out

    def _play_card(self, c: int, target: str | None):
        """The play a card of the hand dropped on `target` proposes, legal or not (the engine
        explains a refusal: an emblem-only relic on a unit, a relic at the wrong moment)."""
        spec = actions.EVOLVE if is_evo_card(c) else actions.RELIC
        t = cid(target)
        if t is not None and t in self.view.units:
            return spec(c, t)
        if target in ("my_line", "enemy_line") and -1 in self._play_targets(c):
            return spec(c, -1)
        return None

    def _click_hand(self, c: int | None, target: str | None):
        """A click on a card of the hand (un)selects it; with one selected, a click on a unit or
        a line proposes playing it there. None: the click is not about the hand."""
        if c in self._hand_cards():
            self.selected = None if self.selected == c else c
            return LOCAL
        if self.selected in self._hand_cards():
            act = self._play_card(self.selected, target)
            if act is not None:
                self.selected = None
            return act
        return None

    def button(self, button_id: str):
        v = self.view
        if v is None:
            return None
        if button_id == "btn:commit":
            return actions.COMMIT()
        if button_id == "btn:clear":
            picks = list(v.picks[self.me])
            return actions.UNPICK(picks[-1]) if picks else None
        if button_id == "btn:ready":
            self.selected = None
            return actions.READY()
        if button_id == "btn:no_evo":
            return actions.NO_EVO()
        if button_id == "btn:play" and self.selected is not None:
            spec = actions.EVOLVE if is_evo_card(self.selected) else actions.RELIC
            c, self.selected = self.selected, None
            return spec(c, -1)
        if button_id == "btn:cancel":
            self.plan = self.ability = self.selected = None
            return LOCAL
        if button_id == "btn:roll" and self.plan:
            act = actions.ATTACK(self.plan["unit"], self._plan_tuple())
            if act in self.legal:
                self.plan = None
            return act
        if button_id.startswith("btn:dist:") and self.plan:
            _, _, sign, t = button_id.split(":")
            t = int(t)
            dice, main = self.plan["dice"], self.plan["main"]
            if sign == "+" and dice[main] > 1:
                dice[main] -= 1
                dice[t] += 1
            elif sign == "-" and dice.get(t, 0) > 0:
                dice[t] -= 1
                dice[main] += 1
            return LOCAL
        if button_id.startswith("btn:end:"):
            return actions.END(int(button_id.rsplit(":", 1)[1]))
        if button_id.startswith("btn:ability:"):
            _, _, uid, i = button_id.split(":")
            uid, i = int(uid), int(i)
            why = self._idle_why(uid, i)
            if why and self.warned != (uid, i):      # the first click only says so
                self.warned = (uid, i)
                name = design(self.view.units[uid].design).abilities[i].name
                self.scene.status = (f"{name} would do nothing now: {why}. "
                                     "Click it again to use it anyway.")
                return LOCAL
            self.warned = None
            acts = [a for a in self._legal(actions.ABILITY.kind) if actions.ability_of(a) == (uid, i)]
            if len(acts) == 1 and actions.ABILITY.choice(acts[0]) == -1:
                return acts[0]
            if not acts:
                return actions.ABILITY(uid, i, -1)
            self.ability = (uid, i)
            self.selected = None
            return LOCAL
        if button_id.startswith("btn:pchoice:") and self.selected is not None:
            k = int(button_id.rsplit(":", 1)[1])
            acts = self._other_choices(self.selected)
            self.selected = None
            return acts[k] if k < len(acts) else LOCAL
        if button_id.startswith("btn:choice:") and self.ability:
            k = int(button_id.rsplit(":", 1)[1])
            acts = [a for a in self._legal(actions.ABILITY.kind)
                    if actions.ability_of(a) == self.ability]
            self.ability = None
            return acts[k] if k < len(acts) else LOCAL
        return None

    def clear_selection(self) -> bool:
        had = (self.plan, self.ability, self.selected) != (None, None, None)
        self.plan = self.ability = self.selected = None
        return had

    def confirm(self):
        v = self.view
        if v.phase == SELECT and self._legal(actions.COMMIT.kind):
            return actions.COMMIT()
        if v.phase == PREP:
            return actions.READY()
        if self.plan:
            return self.button("btn:roll")
        unit = self._focus_unit()
        if v.phase == ACTIVATE and unit is not None and v.active == unit:
            return actions.END(unit)
        return None

    def zoom(self, target: str | None):
        v = self.view
        c = cid(target)
        if target and target.startswith("emb:") and v is not None:
            side, i = (int(x) for x in target.split(":")[1:])
            emblems = [e for e in v.emblems if e[2] == side]
            if i < len(emblems):
                emb = emblems[i][1]
                return faces.relic_key(emb) + "/zoom", partial(faces.compose_relic, emb), relics()[emb].name
            return None
        if c is None or v is None or c == HIDDEN or (c not in v.units and c not in v.designs):
            return None
        key, compose = self._face(c, None)          # the full face, with its rules text
        return key + "/zoom", compose, self._caption(c)


def _cover(w: int, h: int):
    """The home tile: three units of the three factions over a battlefield dusk."""
    cards = []
    for did, back in (("tid_sentinel", "tidewardens"), ("emb_warden", "emberkin"),
                      ("thn_titan", "thornwild")):
        try:
            cards.append(faces.compose_unit(did))
        except KeyError:
            cards.append(faces.compose_back(back))
    return fanned_cards(w, h, (60, 34, 40), (30, 24, 50), cards, tilt=10, spread=0.62, lift=8)


PRESENTATION = Presentation(
    game_id="pariah",
    make_presenter=PariahPresenter,
    cover=_cover,
    rules_markdown=rules_page("tabletop.games.pariah"),
    options=[OptionField("factions", "Factions",
                         [("Random for every player", None),
                          ("Emberkin against Tidewardens", ["emberkin", "tidewardens"]),
                          ("Emberkin against Thornwild", ["emberkin", "thornwild"]),
                          ("Tidewardens against Emberkin", ["tidewardens", "emberkin"]),
                          ("Tidewardens against Thornwild", ["tidewardens", "thornwild"]),
                          ("Thornwild against Emberkin", ["thornwild", "emberkin"]),
                          ("Thornwild against Tidewardens", ["thornwild", "tidewardens"])], None)],
)
