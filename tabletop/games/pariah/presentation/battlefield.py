"""The Pariah battlefield: both front lines with damage and marks, the hands, the
side panels with energy dice, piles and emblems."""

from __future__ import annotations

from functools import partial

from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import STAT_NAMES, factions, relics
from tabletop.games.pariah.engine.flow import points, waiting_points
from tabletop.games.pariah.engine.views import evolutions_hidden
from tabletop.games.pariah.engine.state import ACTIVATE, DEPLOY, HIDDEN, OVER, PREP, is_relic_card
from tabletop.games.pariah.engine.stats import stat_line
from tabletop.games.pariah.presentation.style import (ASPECT, DAMAGE, GOLD, HAND_MAX, INK, LINE_CARD, LINE_MAX,
                                                     MUTED, RED)
from tabletop.table import cardfit, compact


# the plays of a card of the hand
_PLAYS_A_CARD = kinds(actions.DEPLOY, actions.RELIC, actions.EVOLVE)

LINE_TOP = 58      # a front line's units stand under its caption, with room for what peeks above them
LINE_GAP = 12
HAND_ROOM = {"top": 12, "left": 290}     # the hand's part of its zone: right of its title


class BattlefieldMixin:
    """Draws the "battle" layout; the track, the controls and the dice plan have their own modules."""

    def _sync_battle(self, v, seen, events) -> None:
        zones = self.layout.zones
        side = self.side
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
        # the room under the zone's caption, less a line for the HP under each unit; counted
        # for at least four units so a line does not shrink as each unit arrives
        _, _, rw, rh = cardfit.room(zone.rect, top=LINE_TOP, bottom=26)
        return cardfit.fit_size(max(4, n), rw, rh, ASPECT, LINE_GAP, largest=LINE_MAX, smallest=72)

    def _sync_line(self, v, side, zone, seen, mine: bool) -> None:
        line = v.lines[side]
        size = self._line_size(zone, len(line))
        gap = LINE_GAP
        pitch = size[0] + gap
        zx, zy, zw, zh = zone.rect
        x0 = zx + (zw - len(line) * pitch + gap) / 2
        y = zy + LINE_TOP
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
                # on the card's top right corner: lower it would hide the Priority shield
                self.put_token(f"dmg:{uid}", str(u.damage), DAMAGE, sx - 22, y - 16, 20, 400, seen,
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
            playable = {actions.card_of(a) for a in self.legal if a.kind in _PLAYS_A_CARD}
        # beside the title rather than under it: the cards get the zone's whole height
        size = self.hand_card("hand", len(cards), ASPECT, HAND_MAX, **HAND_ROOM)
        for i, (c, (x, y)) in enumerate(zip(cards, cardfit.row(cardfit.room(zone.rect, **HAND_ROOM), len(cards), size))):
            back = self._back_for(me, is_relic_card(c)) if c != HIDDEN else None
            s = self._card(f"card:{c}", c, x, y, size, 500 + i, seen, draggable=c in playable,
                           back=back)
            s.dim = bool(playable) and c not in playable and v.phase in (PREP, ACTIVATE)
        if not cards:
            self.put_label("lbl:hand:none", "Relics you keep in the shop and evolutions you take wait here.",
                           zx + zw / 2, zy + zh / 2, 18, MUTED, seen, "center")

    def _sync_enemy_hand(self, v, zone, seen) -> None:
        """The other side's hands, face down: relics and evolutions, or during deployment the
        units still to place, with their count and points (public since the armies were set out)."""
        zx, zy, zw, zh = zone.rect
        x = zx + 16
        for p in v.seats_of_side(1 - self.side):
            self.put_label(f"lbl:foe:{p}", f"{self.seat_names[p]}:", x, zy + 14, 15, INK, seen, bold=True)
            x += 12 + 9 * len(self.seat_names[p])
            if v.phase == DEPLOY:
                cards = [(c, False) for c in v.armies[p]]
                about = self._waiting_words(v, p) if cards else "every unit deployed"
            else:
                cards = [(c, True) for c in v.relic_hands[p]] + [(c, False) for c in v.evo_hands[p]]
                about = "" if cards else "no relics or evolutions in hand"
            x += 8
            for i, (c, relic) in enumerate(cards[:10]):
                face = c != HIDDEN and not relic
                self._card(f"foe:{p}:{i}", c if face else None, x + i * 34, zy + 12, (40, 56), 50 + i, seen,
                           face_up=face, back=self._back_for(p, relic))
            x += min(10, len(cards)) * 34 + 8
            if about:                     # beside the cards, or in their place
                self.put_label(f"lbl:foe:about:{p}", about, x + 6, zy + (30 if cards else 16), 16,
                               INK if cards else MUTED, seen)
                x += 6 + 9 * len(about)
            x += 60

    @staticmethod
    def _waiting_words(v, p: int) -> str:
        n = len(v.armies[p])
        return f"{n} unit{'s' if n != 1 else ''} face down, {waiting_points(v, p)} points"

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
        # an evolution pile is hidden while its army has hidden units (it would tell them)
        hidden_evos = any(p != self.me and evolutions_hidden(v, p) for p in seats)
        counts = [("grave", sum(len(v.graves[p]) for p in seats)),
                  ("removed", sum(len(v.removed[p]) for p in seats)),
                  ("evo pile", "?" if hidden_evos else sum(len(v.evo_piles[p]) for p in seats)),
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
            # a thumbnail: the picture only (the zoom shows the relic whole)
            key, compose = compact.key(faces.relic_key(emb), False), partial(faces.compose_relic_compact, emb, False)
            sprite = self.scene.get(sid)
            if sprite is None:
                sprite = CardSprite(sid, face_key=key, compose_face=compose, x=zx + 100 + i * 50,
                                    y=zy + 194, w=44, h=62, z=320)
                self.scene.put(sprite)
            sprite.face_key, sprite.compose_face = key, compose
            sprite.x, sprite.y = zx + 100 + i * 50, zy + 194
            sprite.tooltip = relics()[emb].name
            seen.add(sid)
from tabletop.table.sprites import CardSprite
