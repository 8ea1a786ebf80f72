"""The Pariah table: the army-selection screen, the two front lines with damage
markers and attached cards, the Priority track, each side's energy d20 and
piles, the dice tray, the hand of relics and evolutions, and the relic shop.

Every rule decision is the engine's: what glows comes from the legal actions,
and a drop or click only proposes a candidate action for `why_illegal`.

This module holds the presenter: the sync that picks the screen of the phase,
the highlights, and the input handed to the part it is aimed at. The table's
parts live in the modules next to it, one part each (the names and faces, the
legal moves asked, the army screen, the shop, the battlefield, the track, the
dice tray, the Sweep/Range plan, the controls, the words).
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import relics
from tabletop.games.pariah.engine.state import ACTIVATE, HIDDEN, PREP, SELECT, SHOP, side_of
from tabletop.games.pariah.presentation.army import Army
from tabletop.games.pariah.presentation.battlefield import Battlefield
from tabletop.games.pariah.presentation.controls import Controls
from tabletop.games.pariah.presentation.legal import Moves
from tabletop.games.pariah.presentation.names import Names
from tabletop.games.pariah.presentation.narrate import NARRATE
from tabletop.games.pariah.presentation.plan import Plan
from tabletop.games.pariah.presentation.shop import Shop
from tabletop.games.pariah.presentation.sounds import SOUNDS
from tabletop.games.pariah.presentation.style import cid
from tabletop.games.pariah.presentation.track import Track, activation_order
from tabletop.games.pariah.presentation.words import Words
from tabletop.games.pariah.presentation.tray import DiceTray
from tabletop.resources import layout as layout_data
from tabletop.table.cover import fanned_cards, rules_page
from tabletop.table.ids import sprite_id
from tabletop.table.layout import Layout
from tabletop.table.playback import GREEN
from tabletop.table.presenter import LOCAL, OptionField, Presentation, Presenter
from tabletop.table.sprites import CounterSprite

__all__ = ["PRESENTATION", "PariahPresenter", "activation_order", "cid"]

# the kinds that name one card (their `card` argument), and the plays of a card on something
_ONE_CARD = kinds(actions.PICK, actions.UNPICK, actions.DEPLOY, actions.KEEP, actions.TAKE_EVO)
_PLAYED_ON = kinds(actions.RELIC, actions.EVOLVE)


class PariahPresenter(Presenter):
    auto_pass_kinds = kinds(actions.END, actions.READY, actions.NO_EVO)
    narrator = NARRATE
    sounds = SOUNDS
    important_kinds = frozenset({"round", "round_end", "game_end", "destroyed"})

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        data = layout_data("pariah", 4 if self.players == 4 else 2)
        self.layouts = {name: Layout.from_json({"size": data["size"], "card_size": data["card_size"],
                                                "stretch": data.get("stretch", False), "zones": data[key]})
                        for name, key in (("battle", "zones"), ("select", "select_zones"),
                                          ("shop", "shop_zones"))}
        self.layout = self.layouts["battle"]
        # click-and-click: a card of my hand or a unit of mine. Shared: the battlefield selects it,
        # the controls play it, the legal moves focus on it, the words and highlights tell it.
        self.selected: int | None = None
        self.names = Names(self)
        self.moves = Moves(self)
        self.army = Army(self)
        self.shop = Shop(self)
        self.battlefield = Battlefield(self)
        self.track = Track(self)
        self.tray = DiceTray(self)
        self.plan = Plan(self)
        self.controls = Controls(self)
        self.words = Words(self)
        self.parts = [self.names, self.moves, self.army, self.shop, self.battlefield, self.track, self.tray,
                      self.plan, self.controls, self.words]

    @property
    def side(self) -> int:
        """The side of the seat the table is drawn for."""
        return side_of(self.me)

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
            self.tray.empty()

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
        screen = {"select": self.army, "shop": self.shop}.get(self._screen(self.view), self.battlefield)
        screen.draw(self.view, seen)

    def forget_stale(self) -> None:
        v = self.view
        if self.my_turn:
            mine = set(v.units) | set(v.relic_hands[self.me]) | set(v.evo_hands[self.me]) \
                | set(v.hands[self.me]) | set(v.picks[self.me]) | set(v.armies[self.me])
            if self.selected not in mine:
                self.selected = None
        else:
            self.selected = None
        super().forget_stale()

    # --- sprites the parts share --------------------------------------------------------------
    def _card(self, sid: str, c: int | None, x: float, y: float, size, z: float, seen: set,
              face_up: bool = True, draggable: bool = False, back=None, spawn=None, table: str = "compact"):
        named = c is not None and c != HIDDEN and face_up
        detail = self.detail(size[0], self.names.name_of(c) if named else None) if table == "compact" else "full"
        if detail != "full":        # too small for the compact face's words at this window
            table = "name" if detail == "name" else "thumb"
        face = self.names.face(c, table) if face_up and c is not None and c != HIDDEN else (None, None)
        return self.put_card(sid, face, back or self.names.back_for(self.me), x, y, size, z, seen,
                             draggable=draggable, spawn=spawn)

    def _counter(self, cid_: str, value, caption: str, x: float, y: float, w: float, h: float,
                 seen: set) -> None:
        c = self.scene.get(cid_)
        if c is None:
            c = CounterSprite(cid_, value=value, label=caption, upper=False, x=x, y=y, w=w, h=h, z=300)
            self.scene.put(c)
        else:
            c.value, c.label, c.x, c.y, c.w, c.h = value, caption, x, y, w, h
        seen.add(cid_)

    def _energy_die(self, sid: str, value: int, x: float, y: float, size: float, seen: set) -> None:
        self.put_die(sid, 20, max(0, value), (232, 196, 90), x, y, size, seen,
                     f"Elemental Energy: {value}", roll=0.7)

    # --- highlights -------------------------------------------------------------------------------
    def _highlight(self) -> None:
        v = self.view
        for sprite in self.scene.sprites():
            if sprite_id(sprite.id).of("card") and sprite.highlight in ("select", "hint", "glow", "warn"):
                if v.phase != SHOP:
                    sprite.highlight = None
        glow: set[str] = set()
        if v.phase == ACTIVATE and self.my_turn and not self.plan.is_open:
            for uid in self.moves.active_units():
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
        if self.controls.ability is not None:
            glow = {f"card:{actions.ABILITY.choice(a)}" for a in self.moves.ability_uses(*self.controls.ability)
                    if self.moves.targets_unit(a)}
        if self.plan.is_open:
            s = self.scene.get(f"card:{self.plan.unit}")
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
            return [actions.ABILITY.unit(a)] + ([actions.ABILITY.choice(a)] if self.moves.targets_unit(a) else [])
        if a.kind in _PLAYED_ON:
            return [actions.card_of(a)] + ([actions.played_on(a)] if self.moves.targets_unit(a) else [])
        if actions.END.matches(a):
            return [actions.END.unit(a)]
        return []

    # --- input: each gesture goes to the part whose sprites it is aimed at ----------------------
    def drag_targets(self, piece) -> set[str]:
        piece = sprite_id(piece)
        c = cid(piece)
        v = self.view
        if c is None or not self.my_turn or v is None or piece.of("trk"):
            return set()
        return (self.army if v.phase == SELECT else self.battlefield).drag_targets(c)

    def drop(self, piece, target):
        piece, target = sprite_id(piece), sprite_id(target)
        c = cid(piece)
        v = self.view
        if c is None or v is None or not self.my_turn:
            return None
        if v.phase == SELECT:
            return self.army.drop(c, target)
        return self.battlefield.drop(c, target)

    def click(self, target):
        target = sprite_id(target)
        v = self.view
        if v is None or not self.my_turn:
            return None
        c = cid(target)
        if v.phase == SELECT:
            return self.army.click(c)
        if v.phase == SHOP:
            return self.shop.click(c)
        return self.battlefield.click(c, target)

    def button(self, button_id):
        bid = sprite_id(button_id)
        if self.view is None or not bid.of("btn"):
            return None
        name = bid.at(0)
        if name == "cancel":                       # whatever is under way: a plan, an ability, a card
            self.clear_selection()
            return LOCAL
        owner = {"commit": self.army, "clear": self.army, "no_evo": self.shop, "roll": self.plan,
                 "dist": self.plan}.get(name, self.controls)
        return owner.button(bid)

    def clear_selection(self) -> bool:
        had, self.selected = self.selected is not None, None
        return super().clear_selection() or had

    def confirm(self):
        v = self.view
        if v.phase == SELECT and self.legal_of(actions.COMMIT.kind):
            return actions.COMMIT()
        if v.phase == PREP:
            return actions.READY()
        if self.plan.is_open:
            return self.plan.roll()
        unit = self.moves.focus_unit()
        if v.phase == ACTIVATE and unit is not None and v.active == unit:
            return actions.END(unit)
        return None

    def zoom(self, target):
        target = sprite_id(target)
        v = self.view
        if target is not None and target.of("emb") and v is not None:
            side, i = target.fields
            emblems = [e for e in v.emblems if e[2] == side]
            if i < len(emblems):
                emb = emblems[i][1]
                return faces.relic_key(emb) + "/zoom", partial(faces.compose_relic, emb), relics()[emb].name
            return None
        c = cid(target)
        if c is None or v is None or c == HIDDEN or (c not in v.units and c not in v.designs):
            return None
        key, compose = self.names.face(c, None)          # the full face, with its rules text
        return key + "/zoom", compose, self.names.caption(c)

    # --- what the table says, and the faces it warms (the words and the names parts) ------------
    def prompt(self) -> str:
        return self.words.prompt()

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return self.words.seat_rows(view, seat)

    def summary(self, view, events):
        return self.words.summary(view, events)

    def faces_to_warm(self) -> list:
        return self.names.faces_to_warm()


COVER_UNITS = (("tid_sentinel", "tidewardens"), ("emb_warden", "emberkin"), ("thn_titan", "thornwild"))


def _cover(w: int, h: int):
    """The home tile: three units of the three factions over a battlefield dusk."""
    cards = []
    for did, back in COVER_UNITS:
        try:
            cards.append(faces.compose_unit(did))
        except KeyError:
            cards.append(faces.compose_back(back))
    return fanned_cards(w, h, (60, 34, 40), (30, 24, 50), cards, tilt=10, spread=0.62, lift=8)


def _cover_version() -> str:
    """What the tile shows, for its cache key: this drawing (its number) and the cards' faces."""
    return "1/" + "/".join(faces.unit_key(did) for did, _ in COVER_UNITS)


PRESENTATION = Presentation(
    game_id="pariah",
    make_presenter=PariahPresenter,
    cover=_cover,
    cover_version=_cover_version,
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
