"""The Pariah table: the army-selection screen, the two front lines with damage
markers and attached cards, the Priority track, each side's energy d20 and
piles, the dice tray, the hand of relics and evolutions, and the relic shop.

Every rule decision is the engine's: what glows comes from the legal actions,
and a drop or click only proposes a candidate action for `why_illegal`.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.games.pariah import faces
from tabletop.games.pariah.cards import STAT_NAMES, design, evolutions, factions, relics
from tabletop.games.pariah.combat import extra_targets, spread
from tabletop.games.pariah.flow import army_cost, eligible, points
from tabletop.games.pariah.state import (ACTIVATE, ARMY_POINTS, DEPLOY, HIDDEN, OVER, PREP, ROUNDS,
                                         SELECT, SHOP, is_evo_card, is_relic_card, side_of)
from tabletop.games.pariah.stats import keywords, stat_line
from tabletop.games.pariah.tray import DiceTray
from tabletop.resources import layout as layout_data
from tabletop.table.cover import fanned_cards, rules_page
from tabletop.table.layout import Layout
from tabletop.table.presenter import (HINT, LOCAL, OptionField, Presentation, Presenter, html_table,
                                      name_seats)
from tabletop.table.sprites import CardSprite, CounterSprite

LINE_CARD = (150, 210)
HAND_CARD = (134, 188)
DRAWN_CARD = (190, 266)
ARMY_CARD = (166, 232)
SHOP_CARD = (210, 294)
MINI_CARD = (56, 78)
GOLD = (240, 200, 110)
INK = (236, 230, 218)
MUTED = (165, 159, 148)
RED = (240, 120, 100)
DAMAGE = (196, 44, 40)
SIDE_COLORS = ((214, 160, 60), (70, 120, 200))   # my side, the other side (track chips)
STAT_ORDER = ("priority", "attacks", "dexterity", "damage", "armor", "ap", "hp")


def cid(sprite_id: str | None) -> int | None:
    if sprite_id and sprite_id.startswith(("card:", "trk:")):
        try:
            return int(sprite_id.split(":", 1)[1])
        except ValueError:
            return None
    return None


def activation_order(v) -> list[tuple[int, str]]:
    """The round's activation order as (unit, state): "done" (already activated, by Priority),
    "active", then "next" in the order the rules give them if nothing changes: descending
    Priority, ties alternating between the sides, each side's tied units left to right."""
    from tabletop.games.pariah.stats import priorities
    done = []
    for side in (0, 1):
        for uid, pr in zip(v.lines[side], priorities(v, side)):
            if uid in v.acted and uid != v.active:
                done.append((-pr, side, uid))
    out = [(u, "done") for *_, u in sorted(done)]
    if v.active in v.units:
        out.append((v.active, "active"))
    if v.phase not in (ACTIVATE, PREP):
        return out if v.phase == ACTIVATE else []
    s = v.clone()
    if s.active in s.units:
        s.acted.add(s.active)
        s.last_side = side_of(s.units[s.active].owner)
    for _ in range(len(s.units) + 1):
        nxt = eligible(s)
        if nxt is None:
            break
        side, uids = nxt
        s.acted.add(uids[0])
        s.last_side = side
        out.append((uids[0], "next"))
    return out


class PariahPresenter(Presenter):
    auto_pass_kinds = frozenset({"end", "ready", "no_evo"})
    label = Presenter.put_label           # the dice tray writes its lines through `label`

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        players = max(2, len(seat_names))
        data = layout_data("pariah", 4 if players == 4 else 2)
        self.layouts = {name: Layout.from_json({"size": data["size"], "card_size": data["card_size"],
                                                "zones": data[key]})
                        for name, key in (("battle", "zones"), ("select", "select_zones"),
                                          ("shop", "shop_zones"))}
        self.layout = self.layouts["battle"]
        scene.set_layout(self.layout)
        self.view = None
        self.me, self.side = 0, 0
        self.selected: int | None = None      # click-and-click: a card or unit of mine
        self.ability: tuple[int, int] | None = None   # an ability waiting for its target
        self.plan: dict | None = None          # Sweep/Range: {"unit", "main", "dice": {target: n}}
        self.tray = DiceTray(self)
        self.energy_shown: dict[int, int] = {}

    # --- names -------------------------------------------------------------------------
    def name_of(self, uid: int) -> str:
        v = self.view
        u = v.units.get(uid) if v else None
        if u is not None:
            return design(u.design).name + (" token" if u.token else "")
        return self.card_title(uid)

    def card_title(self, c: int) -> str:
        if c == HIDDEN or self.view is None:
            return "a hidden card"
        d = self.view.designs.get(c)
        if d in evolutions():
            return evolutions()[d].name
        if d in relics():
            return relics()[d].name
        return design(d).name if d else "?"

    def narrate(self, text: str) -> str:
        """Engine sentences name "Player 2" and "Team A"; the table names the seats."""
        for side in (0, 1):
            text = text.replace(f"Team {'AB'[side]} wins", f"{self.side_title(side)} win")
            text = text.replace(f"Team {'AB'[side]}", self.side_title(side))
        return name_seats(text, self.seat_names)

    def side_title(self, side: int) -> str:
        v = self.view
        seats = v.seats_of_side(side) if v else [side]
        names = [self.seat_names[p] for p in seats if p < len(self.seat_names)]
        return " & ".join(names) or f"Side {side + 1}"

    # --- faces ------------------------------------------------------------------------------
    def _face(self, c: int):
        v = self.view
        if c in v.units:
            u = v.units[c]
            cur = stat_line(v, u)
            base = design(u.design)
            changed = tuple((s, cur[s]) for s in STAT_ORDER if cur[s] != base.base(s))
            return faces.unit_key(u.design, changed), partial(faces.compose_unit, u.design, changed or None)
        d = v.designs[c]
        if is_evo_card(c):
            return faces.evolution_key(d), partial(faces.compose_evolution, d)
        if is_relic_card(c):
            return faces.relic_key(d), partial(faces.compose_relic, d)
        return faces.unit_key(d), partial(faces.compose_unit, d, None)

    def _back_for(self, seat: int, relic: bool = False):
        kind = "relic" if relic else self.view.factions[seat]
        return faces.back_key(kind), partial(faces.compose_back, kind)

    # --- helpers over the legal actions ---------------------------------------------------------
    def _unit_actions(self, uid: int) -> list[Action]:
        return [a for a in self.legal if a.kind in ("attack", "ability", "end") and a.args[0] == uid]

    def _attack_mains(self, uid: int) -> set[int]:
        return {a.args[1][0][0] for a in self._legal("attack") if a.args[0] == uid}

    def _plain_attack(self, uid: int, target: int) -> Action:
        """All the dice on one target (the engine explains when that is not allowed)."""
        n = stat_line(self.view, self.view.units[uid])["attacks"] if uid in self.view.units else 1
        return Action("attack", (uid, ((target, n),)))

    def _targets_unit(self, a: Action) -> bool:
        """Whether the chosen target of a relic, evolution or ability is a unit (else an emblem
        index, a graveyard choice or nothing)."""
        v = self.view
        if a.kind == "evolve":
            return True
        if a.kind == "relic":
            r = relics()[v.designs[a.args[0]]]
            return r.relic_type == "equipment" or (r.relic_type == "consumable"
                                                   and r.target in ("enemy", "ally"))
        if a.kind == "ability":
            u = v.units.get(a.args[0])
            return u is not None and design(u.design).abilities[a.args[1]].target in ("enemy", "ally")
        return False

    def _play_targets(self, c: int) -> list:
        kind = "evolve" if is_evo_card(c) else "relic"
        return [a.args[1] for a in self._legal(kind) if a.args[0] == c]

    def _active_units(self) -> list[int]:
        """My units that may act now (during ACTIVATE, on my turn)."""
        seen = []
        for a in self.legal:
            if a.kind in ("attack", "ability", "end") and a.args[0] not in seen:
                seen.append(a.args[0])
        return seen

    # --- sync ----------------------------------------------------------------------------------
    def sync(self, view, legal, my_turn, events) -> None:
        self.view, self.legal, self.my_turn = view, list(legal), my_turn
        me = view.viewer if view.viewer is not None else 0
        self.me, self.side = me, side_of(me)
        self._forget_stale()
        if events:
            self.tray.take(events)
        if any(e.kind == "round" for e in events):
            self.tray.clear()
        name = {SELECT: "select", SHOP: "shop"}.get(view.phase, "battle")
        if view.phase == SHOP and view.turn != me:
            name = "battle"                       # someone else shops: watch the table
        if view.phase == SELECT and view.committed[me]:
            name = "select"
        lay = self.layouts[name]
        if self.layout is not lay:
            self.layout = lay
            self.scene.set_layout(lay)
        seen: set[str] = set()
        if name == "select":
            self._sync_select(view, seen)
        elif name == "shop":
            self._sync_shop(view, seen)
        else:
            self._sync_battle(view, seen, events)
        self._settle(seen)

    def _forget_stale(self) -> None:
        v = self.view
        if not self.my_turn:
            self.selected = self.ability = self.plan = None
            return
        mine = set(v.units) | set(v.relic_hands[self.me]) | set(v.evo_hands[self.me]) \
            | set(v.hands[self.me]) | set(v.picks[self.me]) | set(v.armies[self.me])
        if self.selected not in mine:
            self.selected = None
        if self.plan and Action("attack", (self.plan["unit"], self._plan_tuple())) not in self.legal \
                and not any(a.kind == "attack" and a.args[0] == self.plan["unit"] for a in self.legal):
            self.plan = None
        if self.ability and not any(a.kind == "ability" and a.args[:2] == self.ability for a in self.legal):
            self.ability = None

    # --- sprites ------------------------------------------------------------------------------
    def _card(self, sid: str, c: int | None, x: float, y: float, size, z: float, seen: set,
              face_up: bool = True, draggable: bool = False, back=None, spawn=None):
        if face_up and c is not None and c != HIDDEN:
            key, compose = self._face(c)
        else:
            key, compose = None, None
        bkey, bcompose = back or self._back_for(self.me)
        sprite = self.scene.get(sid)
        if sprite is None or not isinstance(sprite, CardSprite):
            sx, sy = spawn if spawn else (x, y)
            sprite = CardSprite(sid, face_key=key, compose_face=compose, back_key=bkey,
                                compose_back=bcompose, face_up=key is not None, x=sx, y=sy,
                                w=size[0], h=size[1], z=z, draggable=draggable)
            self.scene.put(sprite)
        else:
            sprite.face_key, sprite.compose_face = key, compose
            sprite.back_key, sprite.compose_back = bkey, bcompose
            sprite.face_up = key is not None
            sprite.draggable, sprite.z = draggable, z
            if (sprite.w, sprite.h) != tuple(size):
                sprite.w, sprite.h = size
        self.scene.move(sid, x, y)
        sprite.dim = False
        sprite.badge = None
        seen.add(sid)
        return sprite

    def _counter(self, cid_: str, value, caption: str, x: float, y: float, w: float, h: float,
                 seen: set) -> None:
        c = self.scene.get(cid_)
        if c is None:
            c = CounterSprite(cid_, value=value, label=caption, x=x, y=y, w=w, h=h, z=300)
            self.scene.put(c)
        else:
            c.value, c.label, c.x, c.y, c.w, c.h = value, caption, x, y, w, h
        seen.add(cid_)

    # --- army selection --------------------------------------------------------------------------
    def _sync_select(self, v, seen) -> None:
        me = self.me
        zones = self.layout.zones
        mine = my_turn_here = self.my_turn and v.phase == SELECT
        drawn = sorted((c for c in v.hands[me] if c != HIDDEN), key=lambda c: (design(v.designs[c]).cost, v.designs[c], c))
        z = zones["drawn"]
        for i, (c, (x, y)) in enumerate(zip(drawn, z.positions(len(drawn), DRAWN_CARD, 18))):
            self._card(f"card:{c}", c, x, y + 16, DRAWN_CARD, 100 + i, seen, draggable=mine)
        army = [c for c in (v.picks[me] if not v.committed[me] else v.armies[me]) if c != HIDDEN]
        z = zones["army"]
        for i, (c, (x, y)) in enumerate(zip(army, z.positions(len(army), ARMY_CARD, 14))):
            self._card(f"card:{c}", c, x, y + 12, ARMY_CARD, 200 + i, seen, draggable=mine)
        if not army:
            zx, zy, zw, zh = z.rect
            self.put_label("lbl:army-empty", "Drag units here (or click them) to build an army of up to "
                       f"{ARMY_POINTS} points.", zx + zw / 2, zy + zh / 2, 22, MUTED, seen, "center")
        ix, iy, iw, ih = zones["info"].rect
        fac = factions()[v.factions[me]]
        self.put_label("lbl:sel:title", "Choose your army", ix + 24, iy + 24, 30, GOLD, seen, bold=True)
        self.put_label("lbl:sel:faction", f"{self.seat_names[me]} · {fac.name}", ix + 24, iy + 70, 20,
                   INK, seen)
        spent = army_cost(v, army)
        spare = ARMY_POINTS - spent
        self._counter("ctr:points", f"{spent} / {ARMY_POINTS}", "army points", ix + 24, iy + 110, 352,
                      96, seen)
        self.put_label("lbl:sel:points", f"{spare} unspent point{'s' if spare != 1 else ''} become"
                   " Elemental Energy" if army else "No unit chosen yet", ix + 24, iy + 218, 17, INK, seen)
        self.put_label("lbl:sel:units", f"{len(army)} unit{'s' if len(army) != 1 else ''} chosen",
                   ix + 24, iy + 244, 17, MUTED, seen)
        if my_turn_here:
            commit = self._legal("commit")
            self.put_button("btn:commit", "Commit army", ix + 24, iy + 290, 352, bool(commit), True, seen,
                         h=56)
            if army:
                self.put_button("btn:clear", "Put them all back", ix + 24, iy + 358, 352, True, False, seen)
        else:
            self.put_label("lbl:sel:wait", "Army committed, face down." if v.committed[me]
                       else "Waiting…", ix + 24, iy + 300, 20, GOLD, seen, bold=True)
        # the other seats: only whether they have committed
        y = iy + 460
        self.put_label("lbl:sel:others", "The other players", ix + 24, y, 18, GOLD, seen, bold=True)
        for p in range(v.players):
            if p == me:
                continue
            y += 34
            state = "army committed, face down" if v.committed[p] else "choosing…"
            self.put_label(f"lbl:sel:seat:{p}", f"{self.seat_names[p]} ({factions()[v.factions[p]].name}):"
                       f" {state}", ix + 24, y, 16, INK if v.committed[p] else MUTED, seen)
        tips = ("Lower Dexterity and Armor are better:\nthey are the die faces to reach.\n"
                "Unspent points become Elemental Energy\nfor relics and evolutions.")
        for i, line in enumerate(tips.split("\n")):
            self.put_label(f"lbl:sel:tip:{i}", line, ix + 24, iy + 820 + i * 24, 16, MUTED, seen)

    # --- the shop ------------------------------------------------------------------------------
    def _sync_shop(self, v, seen) -> None:
        me = self.me
        zones = self.layout.zones
        offers = [c for c in v.offers[me] if c != HIDDEN]
        z = zones["offers"]
        keep = {a.args[0] for a in self._legal("keep")}
        for i, (c, (x, y)) in enumerate(zip(offers, z.positions(len(offers), SHOP_CARD, 40))):
            s = self._card(f"card:{c}", c, x, y + 16, SHOP_CARD, 100 + i, seen,
                           back=self._back_for(me, True))
            s.highlight = "glow" if c in keep else None
        if not offers:
            zx, zy, zw, zh = z.rect
            kept = v.relic_hands[me]
            self.put_label("lbl:shop:kept", "Relic kept. Your relics: " + (", ".join(
                self.card_title(c) for c in kept) or "none"), zx + zw / 2, zy + zh / 2, 22, INK,
                seen, "center")
        z = zones["evos"]
        evos = [a.args[0] for a in self._legal("take_evo")]
        shown = evos if evos else list(v.evo_hands[me])
        for i, (c, (x, y)) in enumerate(zip(shown, z.positions(len(shown), HAND_CARD, 24))):
            s = self._card(f"card:{c}", c, x, y + 10, HAND_CARD, 200 + i, seen)
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
        if self._legal("no_evo"):
            self.put_button("btn:no_evo", "Take no evolution", ix + 24, iy + 360, 352, True, not evos, seen)
        y = iy + 460
        self.put_label("lbl:shop:hand", "Relics in your hand", ix + 24, y, 18, GOLD, seen, bold=True)
        hand = [c for c in v.relic_hands[me] if c != HIDDEN]
        for i, c in enumerate(hand[:12]):
            self._card(f"card:{c}", c, ix + 24 + (i % 6) * 60, y + 32 + (i // 6) * 86, MINI_CARD, 300 + i,
                       seen)

    # --- the battlefield -------------------------------------------------------------------------
    def _sync_battle(self, v, seen, events) -> None:
        zones = self.layout.zones
        me, side = self.me, self.side
        for line_side, zid in ((side, "my_line"), (1 - side, "enemy_line")):
            self._sync_line(v, line_side, zones[zid], seen, mine=line_side == side)
        self._sync_track(v, zones["track"], seen)
        self._sync_hand(v, zones["hand"], seen)
        self._sync_enemy_hand(v, zones["enemy_hand"], seen)
        self._sync_side_panel(v, side, zones["my_side"], seen, "me")
        self._sync_side_panel(v, 1 - side, zones["enemy_side"], seen, "them")
        self.tray.sync(zones["dice"], seen)
        if not self.tray.group and not self.plan:
            dx, dy, dw, dh = zones["dice"].rect
            self.put_label("lbl:tray:none", "Attack and defence dice roll here.", dx + dw / 2, dy + dh / 2, 16,
                       MUTED, seen, "center")
        if self.plan:
            self._sync_plan(zones["dice"], seen)
        self._sync_controls(v, zones["controls"], seen)

    def _line_size(self, zone, n: int) -> tuple[float, float]:
        w = LINE_CARD[0]
        room = (zone.rect[2] - 24) / max(1, n) - 12
        if room < w:
            w = max(72.0, room)
        return (w, w * LINE_CARD[1] / LINE_CARD[0])

    def _sync_line(self, v, side, zone, seen, mine: bool) -> None:
        line = v.lines[side]
        size = self._line_size(zone, len(line))
        gap = 12
        pitch = size[0] + gap
        zx, zy, zw, zh = zone.rect
        x0 = zx + (zw - len(line) * pitch + gap) / 2
        y = zy + 36
        acting = set(self._active_units()) if v.phase == ACTIVATE and self.my_turn else set()
        for i, uid in enumerate(line):
            u = v.units[uid]
            x = x0 + i * pitch
            drag = uid in acting and bool(self._attack_mains(uid) or self._unit_actions(uid))
            spawn = self._spawn_for(uid, side, mine)
            sprite = self._card(f"card:{uid}", uid, x, y, size, 100 + i, seen, draggable=drag, spawn=spawn)
            sprite.dim = uid in v.acted and uid != v.active and v.phase == ACTIVATE
            # attached evolutions and equipment peek out above the unit
            for k, c in enumerate(u.evos + u.equip):
                self._card(f"card:{c}", c, x + 6 + k * 10, y - 22 - k * 4, (size[0] - 12, size[1] - 16),
                           90 - k, seen)
            sx = x + size[0]
            if u.damage:
                self.put_token(f"dmg:{uid}", str(u.damage), DAMAGE, sx - 30, y + size[1] * 0.3, 20, 400, seen,
                               tooltip=f"{u.damage} damage")
            hp = stat_line(v, u)["hp"]
            left = hp - u.damage
            self.put_label(f"lbl:hp:{uid}", f"{left}/{hp} HP", x + size[0] / 2, y + size[1] + 4, 15,
                       RED if u.damage else INK, seen, "midtop", bold=True)
            marks = []
            if u.revived:
                marks.append(("R", (150, 90, 190), "Revived: its next death removes it from the game"))
            mods = {}
            for st, dl in u.mods:
                mods[st] = mods.get(st, 0) + dl
            for st, dl in mods.items():
                if dl:
                    short = {"priority": "PRI", "attacks": "ATK", "dexterity": "DEX", "damage": "DMG",
                             "armor": "ARM", "ap": "AP", "hp": "HP"}[st]
                    marks.append((f"{dl:+d}", (60, 140, 200), f"{STAT_NAMES[st]} {dl:+d} this round "
                                  f"({short})"))
            for k, (lab, col, tip) in enumerate(marks[:3]):
                self.put_token(f"mark:{uid}:{k}", lab, col, x - 6, y + 60 + k * 40, 17, 400, seen, tooltip=tip)
            if u.token:
                sprite.badge = "T"

    def _spawn_for(self, uid, side, mine):
        if self.scene.get(f"card:{uid}") is not None:
            return None
        zone = self.layout.zones["hand" if mine else "enemy_hand"]
        cx, cy = zone.center
        return cx - LINE_CARD[0] / 2, cy - LINE_CARD[1] / 2

    def _sync_track(self, v, zone, seen) -> None:
        order = activation_order(v)
        zx, zy, zw, zh = zone.rect
        if not order:
            text = {DEPLOY: "Deployment: sides alternate, left to right.",
                    SHOP: "Between rounds: the shop."}.get(v.phase, "")
            if v.phase == OVER:
                text = self.narrate(v.reason)
            if text:
                self.put_label("lbl:track:none", text, zx + zw / 2, zy + zh / 2 + 8, 20, MUTED, seen, "center")
            return
        n = len(order)
        pitch = min(96.0, (zw - 200) / max(1, n))
        x = zx + 190
        cy = zy + 44
        self.put_label("lbl:track:round", f"Round {v.round} of {ROUNDS}", zx + 16, zy + 40, 20, GOLD, seen,
                   bold=True)
        from tabletop.games.pariah.stats import priorities
        prio = {}
        for s_ in (0, 1):
            prio.update(zip(v.lines[s_], priorities(v, s_)))
        for i, (uid, state) in enumerate(order):
            u = v.units.get(uid)
            if u is None:
                continue
            mine = side_of(u.owner) == self.side
            color = SIDE_COLORS[0] if mine else SIDE_COLORS[1]
            tid = f"trk:{uid}"
            self.put_token(tid, str(prio.get(uid, 0)), color, x + i * pitch + pitch / 2 - 22, cy - 22, 22, 300,
                           seen, tooltip=f"{self.name_of(uid)}: Priority {prio.get(uid, 0)}")
            t = self.scene.get(tid)
            t.dim = state == "done"
            t.highlight = "select" if state == "active" else None
            name = self.name_of(uid)
            short = name if len(name) <= 12 else name[:11] + "…"
            self.put_label(f"lbl:trk:{uid}", short, x + i * pitch + pitch / 2, cy + 26, 12,
                       MUTED if state == "done" else INK, seen, "midtop")

    def _sync_hand(self, v, zone, seen) -> None:
        me = self.me
        zx, zy, zw, zh = zone.rect
        if v.phase == DEPLOY:
            cards = list(v.armies[me])
            title = "Your army, waiting to deploy"
        else:
            cards = list(v.relic_hands[me]) + list(v.evo_hands[me])
            title = "Your relics and evolutions"
        cards = [c for c in cards if c != HIDDEN]       # nobody's eyes (hotseat, curtain down)
        self.put_label("lbl:hand:title", title, zx + 16, zy + 10, 17, MUTED, seen, bold=True)
        playable = set()
        if self.my_turn:
            playable = {a.args[0] for a in self.legal if a.kind in ("deploy", "relic", "evolve")}
        for i, (c, (x, y)) in enumerate(zip(cards, zone.positions(len(cards), HAND_CARD, 14))):
            back = self._back_for(me, is_relic_card(c)) if c != HIDDEN else None
            s = self._card(f"card:{c}", c, x, y + 16, HAND_CARD, 500 + i, seen, draggable=c in playable,
                           back=back)
            s.dim = bool(playable) and c not in playable and v.phase == PREP
        if not cards:
            self.put_label("lbl:hand:none", "Relics you keep in the shop and evolutions you take wait here.",
                       zx + zw / 2, zy + zh / 2, 18, MUTED, seen, "center")

    def _sync_enemy_hand(self, v, zone, seen) -> None:
        zx, zy, zw, zh = zone.rect
        foes = v.seats_of_side(1 - self.side)
        x = zx + 16
        for p in foes:
            self.put_label(f"lbl:foe:{p}", f"{self.seat_names[p]}:", x, zy + 14, 15, INK, seen, bold=True)
            x += 12 + 9 * len(self.seat_names[p])
            cards = [(c, True) for c in v.relic_hands[p]] + [(c, False) for c in v.evo_hands[p]]
            if v.phase == DEPLOY:
                cards = [(c, False) for c in v.armies[p]]
            if not cards:
                self.put_label(f"lbl:foe:none:{p}", "no relics or evolutions in hand" if v.phase != DEPLOY
                           else "every unit deployed", x, zy + 16, 14, MUTED, seen)
            x += 8
            for i, (c, relic) in enumerate(cards[:10]):
                face = c != HIDDEN and not relic
                self._card(f"foe:{p}:{i}", c if face else None, x + i * 34, zy + 12, (40, 56), 50 + i, seen,
                           face_up=face, back=self._back_for(p, relic))
            x += max(8, min(10, len(cards))) * 34 + 60

    def _energy_die(self, sid: str, value: int, x: float, y: float, size: float, seen: set) -> None:
        self.put_die(sid, 20, max(0, value), (232, 196, 90), x, y, size, seen,
                     f"Elemental Energy: {value}", roll=0.7)

    def _sync_side_panel(self, v, side, zone, seen, who: str) -> None:
        zx, zy, zw, zh = zone.rect
        seats = v.seats_of_side(side)
        title = "Your side" if who == "me" else "The other side"
        if v.players == 4:
            title = "Your team" if who == "me" else "The other team"
        names = self.side_title(side)
        turn = v.turn in seats and v.phase != OVER
        self.put_label(f"lbl:{who}:name", names + ("  ◀" if turn else ""), zx + 16, zy + 12, 20,
                   GOLD if turn else INK, seen, bold=True)
        facs = sorted({factions()[v.factions[p]].name for p in seats})
        self.put_label(f"lbl:{who}:sub", f"{title} · {' & '.join(facs)} · {points(v, side)} pts in play",
                   zx + 16, zy + 40, 14, MUTED, seen)
        self._energy_die(f"energy:{side}", v.energy[side], zx + 16, zy + 70, 96, seen)
        self.put_label(f"lbl:{who}:en", "energy", zx + 64, zy + 170, 13, GOLD, seen, "midtop", bold=True)
        cw, ch, gap = 84, 70, 8
        counts = [("grave", sum(len(v.graves[p]) for p in seats)),
                  ("removed", sum(len(v.removed[p]) for p in seats)),
                  ("evo pile", sum(len(v.evo_piles[p]) for p in seats)),
                  ("relics", sum(len(v.relic_hands[p]) for p in seats)),
                  ("relic deck", sum(len(v.relic_decks[p]) for p in seats)),
                  ("unit deck", sum(len(v.decks[p]) for p in seats))]
        for i, (cap, n) in enumerate(counts):
            self._counter(f"ctr:{who}:{i}", n, cap, zx + 128 + (i % 3) * (cw + gap),
                          zy + 70 + (i // 3) * (ch + gap), cw, ch, seen)
        emblems = [e for e in v.emblems if e[2] == side]
        if emblems:
            self.put_label(f"lbl:{who}:emb", "Emblems:", zx + 16, zy + 200, 14, GOLD, seen, bold=True)
        for i, (card, emb, _) in enumerate(emblems[:6]):
            sid = f"emb:{side}:{i}"
            key, compose = faces.relic_key(emb), partial(faces.compose_relic, emb)
            sprite = self.scene.get(sid)
            if sprite is None:
                sprite = CardSprite(sid, face_key=key, compose_face=compose, x=zx + 100 + i * 50,
                                    y=zy + 194, w=44, h=62, z=320)
                self.scene.put(sprite)
            sprite.x, sprite.y = zx + 100 + i * 50, zy + 194
            sprite.tooltip = relics()[emb].name
            seen.add(sid)

    # --- the controls -------------------------------------------------------------------------
    def _sync_controls(self, v, zone, seen) -> None:
        zx, zy, zw, zh = zone.rect
        x, w = zx + 12, zw - 24
        if not self.my_turn:
            return
        y = zy + 12
        if v.phase == PREP:
            if self.selected is not None and -1 in self._play_targets(self.selected):
                self.put_button("btn:play", f"Play {self.card_title(self.selected)}", x, y, w, True, True, seen)
                y += 56
            elif self.selected is not None:
                acts = self._other_choices(self.selected)
                if acts:
                    self._sync_choices(acts, seen, "btn:pchoice")
            self.put_button("btn:ready", "Ready", x, zy + zh - 60, w, bool(self._legal("ready")),
                         self.selected is None, seen)
            return
        if v.phase != ACTIVATE:
            return
        if self.ability is not None:
            uid, i = self.ability
            acts = [a for a in self._legal("ability") if a.args[:2] == (uid, i)]
            if not all(self._targets_unit(a) for a in acts):
                self._sync_choices(acts, seen)
            self.put_button("btn:cancel", "Cancel", x, zy + zh - 60, w, True, False, seen)
            return
        uid = self._focus_unit()
        if uid is None:
            return
        name = self.name_of(uid)
        self.put_label("lbl:ctl:unit", name, x, y, 17, GOLD, seen, bold=True)
        y += 28
        abil = {}
        for a in self._legal("ability"):
            if a.args[0] == uid:
                abil.setdefault(a.args[1], a)
        for i, a in sorted(abil.items())[:2]:
            ab = design(v.units[uid].design).abilities[i]
            cost = f" ({ab.cost})" if ab.cost else ""
            self.put_button(f"btn:ability:{uid}:{i}", f"{ab.name}{cost}", x, y, w, True, False, seen, h=42)
            y += 50
        ends = [a for a in self._legal("end") if a.args[0] == uid]
        if ends:
            text = "End activation" if v.active == uid else "Pass (no attack)"
            self.put_button(f"btn:end:{uid}", text, x, zy + zh - 60, w, True,
                         not self._attack_mains(uid) and not abil, seen)

    MAX_CHOICES = 7

    def _other_choices(self, c: int) -> list[Action]:
        """A selected relic's legal plays whose target is not a unit nor nothing (an emblem)."""
        return [a for a in self.legal if a.kind == "relic" and a.args[0] == c and a.args[1] != -1
                and not self._targets_unit(a)]

    def _sync_choices(self, acts, seen, prefix: str = "btn:choice") -> None:
        """Choices that are not units (a graveyard card and a side, an emblem): buttons over the tray."""
        zx, zy, zw, zh = self.layout.zones["dice"].rect
        for s in list(self.scene.sprites()):
            if s.id.startswith("tray:"):
                seen.discard(s.id)
        seen.discard("lbl:tray:none")
        self.put_label("lbl:choice:title", "Choose:", zx + 16, zy + 40, 18, GOLD, seen, bold=True)
        for k, a in enumerate(acts[:self.MAX_CHOICES]):
            text = a.label.split(" on ", 1)[-1].split(" (pay")[0].split(" (")[0]
            self.put_button(f"{prefix}:{k}", text, zx + 16, zy + 72 + k * 42, zw - 32, True, False, seen, h=36)

    def _focus_unit(self) -> int | None:
        """The unit the controls speak for: the active one, the selected one, or the only one."""
        units = self._active_units()
        if self.view.active in units:
            return self.view.active
        if self.selected in units:
            return self.selected
        return units[0] if len(units) == 1 else None

    # --- Sweep / Range: sharing the dice before the roll -----------------------------------------
    def _plan_tuple(self) -> tuple:
        p = self.plan
        order = [p["main"]] + [t for t in p["dice"] if t != p["main"]]
        return tuple((t, p["dice"][t]) for t in order if p["dice"].get(t, 0) > 0)

    def _start_plan(self, uid: int, main: int) -> str:
        v = self.view
        n = stat_line(v, v.units[uid])["attacks"]
        pool, _ = extra_targets(v, uid, main)
        self.plan = {"unit": uid, "main": main, "dice": {main: n, **{t: 0 for t in pool}}}
        return LOCAL

    def _sync_plan(self, zone, seen) -> None:
        v, p = self.view, self.plan
        zx, zy, zw, zh = zone.rect
        for s in list(self.scene.sprites()):      # the plan replaces the tray while it is open
            if s.id.startswith("tray:") and s.id in seen:
                seen.discard(s.id)
        kind, x = spread(v, p["unit"])
        total = sum(p["dice"].values())
        self.put_label("lbl:plan:title", f"{self.name_of(p['unit'])}: {kind.capitalize()} {x}", zx + 16, zy + 40,
                   18, GOLD, seen, bold=True)
        self.put_label("lbl:plan:sub", f"Share {total} dice before rolling (main target first)", zx + 16,
                   zy + 66, 14, MUTED, seen)
        y = zy + 94
        targets = [p["main"]] + [t for t in p["dice"] if t != p["main"]]
        for t in targets[:5]:
            n = p["dice"][t]
            main = t == p["main"]
            self.put_label(f"lbl:plan:{t}", ("★ " if main else "") + self.name_of(t), zx + 16, y + 10, 15,
                       INK if n else MUTED, seen)
            if not main:
                self.put_button(f"btn:dist:-:{t}", "−", zx + 250, y, 40, n > 0, False, seen, h=36)
                self.put_button(f"btn:dist:+:{t}", "+", zx + 340, y, 40, p["dice"][p["main"]] > 1, False, seen,
                             h=36)
            self.put_label(f"lbl:plan:n:{t}", str(n), zx + 315, y + 6, 20, GOLD, seen, "midtop", bold=True)
            sprite = self.scene.get(f"card:{t}")
            if sprite is not None and n:
                sprite.badge = f"{n}d"
            y += 42
        ok = Action("attack", (p["unit"], self._plan_tuple())) in self.legal
        self.put_button("btn:roll", "Roll the dice", zx + 16, zy + zh - 56, 220, ok, True, seen)
        self.put_button("btn:cancel", "Cancel", zx + 246, zy + zh - 56, 138, True, False, seen)

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
            glow = {f"card:{a.args[2]}" for a in self._legal("ability")
                    if a.args[:2] == (uid, i) and self._targets_unit(a)}
        if self.plan:
            s = self.scene.get(f"card:{self.plan['unit']}")
            if s is not None:
                s.highlight = "select"
        self.scene.set_glow(glow)
        self._mark_hint()

    def _hint_cards(self, a: Action) -> list[int]:
        if a.kind in ("pick", "unpick", "deploy", "keep", "take_evo"):
            return [a.args[0]]
        if a.kind == "attack":
            return [a.args[0]] + [t for t, _ in a.args[1]]
        if a.kind == "ability":
            return [a.args[0]] + ([a.args[2]] if self._targets_unit(a) else [])
        if a.kind in ("relic", "evolve"):
            return [a.args[0]] + ([a.args[1]] if self._targets_unit(a) else [])
        if a.kind == "end":
            return [a.args[0]]
        return []

    # --- words ---------------------------------------------------------------------------------
    def prompt(self) -> str:
        v = self.view
        if v is None:
            return ""
        if v.phase == OVER:
            return self.narrate(v.reason) or "The match is over."
        if not self.my_turn:
            if v.turn < len(self.seat_names):
                return f"{self.seat_names[v.turn]} is playing…"
            return ""
        if v.phase == SELECT:
            spent = army_cost(v, v.picks[self.me])
            return (f"Choose your army: drag units to the army row (or click them); {spent} / "
                    f"{ARMY_POINTS} points. Commit when ready.")
        if v.phase == DEPLOY:
            return (f"Deploy a unit: drag it to your front line (slot {len(v.lines[self.side]) + 1}), "
                    "or click it.")
        if v.phase == PREP:
            return ("Start of round: drag a relic or evolution onto a unit (emblems: click, then Play), "
                    "or press Ready.")
        if v.phase == SHOP:
            if self._legal("keep"):
                return "The shop: click the relic you keep."
            return "Take an evolution (click it) or take none."
        if v.phase == ACTIVATE:
            if self.plan:
                return "Share the dice with + and −, then Roll the dice."
            if self.ability:
                return "Choose the ability's target (or Cancel)."
            units = self._active_units()
            names = ", ".join(self.name_of(u) for u in units)
            if v.active in units:
                return f"{names} is active: attack by dragging it onto an enemy, use an ability, or end."
            return (f"Your activation ({names}): drag a unit onto an enemy to attack, use an ability, "
                    "or pass.")
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
        return rows

    def summary(self, view, events) -> tuple[str, str] | None:
        kinds = {e.kind for e in events}
        if "game_end" in kinds:
            w = view.winners or []
            if not w:
                title = "A draw"
            else:
                title = f"{self.side_title(w[0])} win{'s' if len(view.seats_of_side(w[0])) == 1 and self.side_title(w[0]) != 'You' else ''} the match"
            return title, self._standing_html(view, f"<p><b>{self.narrate(view.reason)}</b></p>")
        if "round_end" in kinds:
            r = max((e.data.get("round", 0) for e in events if e.kind == "round_end"), default=view.round)
            return f"Round {r} of {ROUNDS} is over", self._standing_html(
                view, "<p>Damage stays on the units. Next: the shop, then the next round.</p>")
        return None

    def _standing_html(self, v, head: str) -> str:
        rows = []
        for side in (0, 1):
            units = ", ".join(f"{self.name_of(u)} ({v.units[u].damage} dmg)" if v.units[u].damage
                              else self.name_of(u) for u in v.lines[side]) or "none"
            rows.append(f"<tr><td><b>{self.side_title(side)}</b></td><td>{points(v, side)}</td>"
                        f"<td>{v.energy[side]}</td><td>{units}</td></tr>")
        return head + html_table(["Side", "Points", "Energy", "Units"], rows)

    # --- input --------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        c = cid(sprite_id)
        v = self.view
        if c is None or not self.my_turn or v is None or sprite_id.startswith("trk:"):
            return set()
        if v.phase == SELECT:
            if c in v.hands[self.me] and any(a.args == (c,) for a in self._legal("pick")):
                return {"army"}
            if c in v.picks[self.me]:
                return {"drawn"}
            return set()
        if v.phase == DEPLOY:
            return {"my_line"} if any(a.args == (c,) for a in self._legal("deploy")) else set()
        if v.phase == PREP:
            out = set()
            for a in self.legal:
                if a.kind in ("relic", "evolve") and a.args[0] == c:
                    if self._targets_unit(a):
                        out.add(f"card:{a.args[1]}")
                    elif a.args[1] == -1:
                        out.add("my_line")
            return out
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
                return Action("pick", (c,))
            if target == "drawn" and c in v.picks[self.me]:
                return Action("unpick", (c,))
            return None
        if v.phase == DEPLOY:
            if target in ("my_line",) or (t is not None and t in v.lines[self.side]):
                return Action("deploy", (c,))
            return None
        if v.phase == PREP:
            kind = "evolve" if is_evo_card(c) else "relic"
            if t is not None and t in v.units:
                return Action(kind, (c, t))       # an emblem-only relic on a unit: the engine says no
            if target in ("my_line", "enemy_line") and -1 in self._play_targets(c):
                return Action(kind, (c, -1))
            return None
        if v.phase == ACTIVATE and c in v.units:
            if t is None or t not in v.units or t == c:
                return None
            if side_of(v.units[t].owner) == self.side:
                return Action("attack", (c, ((t, 1),)))      # the engine explains: enemies only
            plans = [a for a in self._legal("attack") if a.args[0] == c and a.args[1][0][0] == t]
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
                return Action("pick", (c,))
            if c in v.picks[self.me]:
                return Action("unpick", (c,))
            return None
        if v.phase == DEPLOY:
            if c in v.armies[self.me]:
                return Action("deploy", (c,))
            return None
        if v.phase == SHOP:
            if c in v.offers[self.me]:
                return Action("keep", (c,))
            if c is not None and is_evo_card(c):
                return Action("take_evo", (c,))
            return None
        if v.phase == PREP:
            mine = set(v.relic_hands[self.me]) | set(v.evo_hands[self.me])
            if c in mine:
                self.selected = None if self.selected == c else c
                return LOCAL
            if self.selected is not None:
                act = self.drop(f"card:{self.selected}", target)
                if act is not None:
                    self.selected = None
                return act
            return None
        if v.phase == ACTIVATE:
            if self.ability is not None and c is not None and c in v.units:
                uid, i = self.ability
                self.ability = None
                return Action("ability", (uid, i, c))
            if self.plan:
                return None
            if c in self._active_units():
                self.selected = None if self.selected == c else c
                return LOCAL
            if self.selected is not None and c is not None:
                act = self.drop(f"card:{self.selected}", target)
                if act is not None and act != LOCAL:
                    self.selected = None
                return act
        return None

    def button(self, button_id: str):
        v = self.view
        if v is None:
            return None
        if button_id == "btn:commit":
            return Action("commit")
        if button_id == "btn:clear":
            picks = list(v.picks[self.me])
            return Action("unpick", (picks[-1],)) if picks else None
        if button_id == "btn:ready":
            self.selected = None
            return Action("ready")
        if button_id == "btn:no_evo":
            return Action("no_evo")
        if button_id == "btn:play" and self.selected is not None:
            kind = "evolve" if is_evo_card(self.selected) else "relic"
            c, self.selected = self.selected, None
            return Action(kind, (c, -1))
        if button_id == "btn:cancel":
            self.plan = self.ability = self.selected = None
            return LOCAL
        if button_id == "btn:roll" and self.plan:
            act = Action("attack", (self.plan["unit"], self._plan_tuple()))
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
            return Action("end", (int(button_id.rsplit(":", 1)[1]),))
        if button_id.startswith("btn:ability:"):
            _, _, uid, i = button_id.split(":")
            uid, i = int(uid), int(i)
            acts = [a for a in self._legal("ability") if a.args[:2] == (uid, i)]
            if len(acts) == 1 and acts[0].args[2] == -1:
                return acts[0]
            if not acts:
                return Action("ability", (uid, i, -1))
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
            acts = [a for a in self._legal("ability") if a.args[:2] == self.ability]
            self.ability = None
            return acts[k] if k < len(acts) else LOCAL
        return None

    def key(self, name: str):
        v = self.view
        if v is None or not self.my_turn:
            return None
        if name == "escape":
            self.plan = self.ability = self.selected = None
            return LOCAL
        if name == "h":
            return HINT
        if name in ("enter", "space"):
            if v.phase == SELECT and self._legal("commit"):
                return Action("commit")
            if v.phase == PREP:
                return Action("ready")
            if self.plan:
                return self.button("btn:roll")
            unit = self._focus_unit()
            if v.phase == ACTIVATE and unit is not None and v.active == unit:
                return Action("end", (unit,))
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
        key, compose = self._face(c)
        return key + "/zoom", compose, self._caption(c)

    def _caption(self, c: int) -> str:
        v = self.view
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
