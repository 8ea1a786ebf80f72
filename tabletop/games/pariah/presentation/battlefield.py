"""The Pariah battlefield: both front lines with damage and marks, the hands, the
side panels with energy dice, piles and emblems; and the gestures of the battle phases
(deploying a unit, playing a card of the hand, a unit's attack)."""

from __future__ import annotations

from functools import partial

from tabletop.core.action_kinds import kinds
from tabletop.games.pariah.engine import actions
from tabletop.games.pariah.presentation import faces
from tabletop.games.pariah.engine.cards import STAT_NAMES, factions, relics
from tabletop.games.pariah.engine.flow import points, waiting_points
from tabletop.games.pariah.engine.views import evolutions_hidden
from tabletop.games.pariah.engine.state import (ACTIVATE, DEPLOY, HIDDEN, OVER, PREP, is_evo_card,
                                               is_relic_card, side_of)
from tabletop.games.pariah.engine.stats import stat_line
from tabletop.games.pariah.presentation.style import (ASPECT, DAMAGE, GOLD, HAND_MAX, INK, LINE_CARD, LINE_MAX,
                                                     MUTED, RED, cid)
from tabletop.table import cardfit, compact
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL
from tabletop.table.sprites import CardSprite


# the plays of a card of the hand, and the plays of a card on something
_PLAYS_A_CARD = kinds(actions.DEPLOY, actions.RELIC, actions.EVOLVE)
_PLAYED_ON = kinds(actions.RELIC, actions.EVOLVE)

LINE_TOP = 58      # a front line's units stand under its caption, with room for what peeks above them
LINE_GAP = 12
HAND_ROOM = {"top": 12, "left": 290}     # the hand's part of its zone: right of its title
LABEL_GAP = 12     # virtual px between the energy die, its caption and the emblems heading
PLATES_X = 124     # a side panel's counter plates, right of the die's column (its words a gap from them)


class Battlefield(Part):
    """The "battle" layout (the track, the controls and the dice plan are parts of their own)
    and the drags and clicks on its units and on the hand."""

    def draw(self, v, seen) -> None:
        t = self.table
        zones = t.layout.zones
        side = t.side
        for line_side, zid in ((side, "my_line"), (1 - side, "enemy_line")):
            self._draw_line(v, line_side, zones[zid], seen, mine=line_side == side)
        t.track.draw(v, zones["track"], seen)
        self._draw_hand(v, zones["hand"], seen)
        self._draw_enemy_hand(v, zones["enemy_hand"], seen)
        self._draw_side_panel(v, side, zones["my_side"], seen, "me")
        self._draw_side_panel(v, 1 - side, zones["enemy_side"], seen, "them")
        t.tray.draw(zones["dice"], seen)
        if t.plan.is_open:
            t.plan.draw(zones["dice"], seen)
        t.controls.draw(v, zones["controls"], seen)

    def _line_size(self, zone, n: int) -> tuple[float, float]:
        # the room under the zone's caption, less a line for the HP under each unit; counted
        # for at least four units so a line does not shrink as each unit arrives
        _, _, rw, rh = cardfit.room(zone.rect, top=LINE_TOP, bottom=26)
        return cardfit.fit_size(max(4, n), rw, rh, ASPECT, LINE_GAP, largest=LINE_MAX, smallest=72)

    def _draw_line(self, v, side, zone, seen, mine: bool) -> None:
        t = self.table
        line = v.lines[side]
        size = self._line_size(zone, len(line))
        gap = LINE_GAP
        pitch = size[0] + gap
        zx, zy, zw, zh = zone.rect
        x0 = zx + (zw - len(line) * pitch + gap) / 2
        y = zy + LINE_TOP
        acting = set(t.moves.active_units()) if v.phase == ACTIVATE and t.my_turn else set()
        for i, uid in enumerate(line):
            u = v.units[uid]
            x = x0 + i * pitch
            drag = uid in acting and bool(t.moves.attack_mains(uid) or t.moves.unit_actions(uid))
            spawn = self._spawn_for(uid, mine)
            sprite = t._card(SpriteId("card", uid), uid, x, y, size, 100 + i, seen, draggable=drag, spawn=spawn)
            sprite.dim = uid in v.acted and uid != v.active and v.phase == ACTIVATE
            # attached evolutions and equipment peek out above the unit
            for k, c in enumerate(u.evos + u.equip):
                t._card(SpriteId("card", c), c, x + 6 + k * 10, y - 22 - k * 4, (size[0] - 12, size[1] - 16),
                        90 - k, seen)
            sx = x + size[0]
            if u.damage:
                # on the card's top right corner: lower it would hide the Priority shield
                t.put_token(f"dmg:{uid}", str(u.damage), DAMAGE, sx - 22, y - 16, 20, 400, seen,
                            tooltip=f"{u.damage} damage")
            hp = stat_line(v, u)["hp"]
            left = hp - u.damage
            t.put_label(f"lbl:hp:{uid}", f"{left}/{hp} HP", x + size[0] / 2, y + size[1] + 4, 15,
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
                t.put_token(f"mark:{uid}:{k}", lab, col, x - 6, y + 60 + k * 40, 17, 400, seen, tooltip=tip)
            if u.token:
                sprite.badge = "T"

    def _spawn_for(self, uid, mine):
        """Where a unit new on the line enters from: its side's hand."""
        if self.table.scene.get(f"card:{uid}") is not None:
            return None
        zone = self.table.layout.zones["hand" if mine else "enemy_hand"]
        cx, cy = zone.center
        return cx - LINE_CARD[0] / 2, cy - LINE_CARD[1] / 2

    def _draw_hand(self, v, zone, seen) -> None:
        t = self.table
        me = t.me
        zx, zy, zw, zh = zone.rect
        if v.phase == DEPLOY:
            cards = list(v.armies[me])
            title = "Your army, waiting to deploy"
        else:
            cards = list(v.relic_hands[me]) + list(v.evo_hands[me])
            title = "Your relics and evolutions"
        cards = [c for c in cards if c != HIDDEN]       # nobody's eyes (hotseat, curtain down)
        t.put_label("lbl:hand:title", title, zx + 16, zy + 10, 17, MUTED, seen, bold=True)
        playable = set()
        if t.my_turn:
            playable = {actions.card_of(a) for a in t.legal if a.kind in _PLAYS_A_CARD}
        # beside the title rather than under it: the cards get the zone's whole height
        size = t.hand_card("hand", len(cards), ASPECT, HAND_MAX, **HAND_ROOM)
        for i, (c, (x, y)) in enumerate(zip(cards, cardfit.row(cardfit.room(zone.rect, **HAND_ROOM), len(cards), size))):
            back = t.names.back_for(me, is_relic_card(c)) if c != HIDDEN else None
            s = t._card(SpriteId("card", c), c, x, y, size, 500 + i, seen, draggable=c in playable,
                        back=back)
            s.dim = bool(playable) and c not in playable and v.phase in (PREP, ACTIVATE)
        if not cards:
            t.put_label("lbl:hand:none", "Relics you keep in the shop and evolutions you take wait here.",
                        zx + zw / 2, zy + zh / 2, 18, MUTED, seen, "center")

    def _draw_enemy_hand(self, v, zone, seen) -> None:
        """The other side's hands, face down: relics and evolutions, or during deployment the
        units still to place, with their count and points (public since the armies were set out)."""
        t = self.table
        zx, zy, zw, zh = zone.rect
        x = zx + 16
        for p in v.seats_of_side(1 - t.side):
            t.put_label(f"lbl:foe:{p}", f"{t.seat_names[p]}:", x, zy + 14, 15, INK, seen, bold=True)
            x += 12 + 9 * len(t.seat_names[p])
            if v.phase == DEPLOY:
                cards = [(c, False) for c in v.armies[p]]
                about = self._waiting_words(v, p) if cards else "every unit deployed"
            else:
                cards = [(c, True) for c in v.relic_hands[p]] + [(c, False) for c in v.evo_hands[p]]
                about = "" if cards else "no relics or evolutions in hand"
            x += 8
            for i, (c, relic) in enumerate(cards[:10]):
                face = c != HIDDEN             # known only in a match watched again
                t._card(f"foe:{p}:{i}", c if face else None, x + i * 34, zy + 12, (40, 56), 50 + i, seen,
                        face_up=face, back=t.names.back_for(p, relic))
            x += min(10, len(cards)) * 34 + 8
            if about:                     # beside the cards, or in their place
                t.put_label(f"lbl:foe:about:{p}", about, x + 6, zy + (30 if cards else 16), 16,
                            INK if cards else MUTED, seen)
                x += 6 + 9 * len(about)
            x += 60

    @staticmethod
    def _waiting_words(v, p: int) -> str:
        n = len(v.armies[p])
        return f"{n} unit{'s' if n != 1 else ''} face down, {waiting_points(v, p)} points"

    def _draw_side_panel(self, v, side, zone, seen, who: str) -> None:
        t = self.table
        zx, zy, zw, zh = zone.rect
        seats = v.seats_of_side(side)
        title = "Your side" if who == "me" else "The other side"
        if v.players == 4:
            title = "Your team" if who == "me" else "The other team"
        names = t.names.side_title(side)
        turn = v.turn in seats and v.phase != OVER
        t.put_label(f"lbl:{who}:name", names + ("  ◀" if turn else ""), zx + 16, zy + 12, 20,
                    GOLD if turn else INK, seen, bold=True)
        facs = sorted({factions()[v.factions[p]].name for p in seats})
        t.put_label(f"lbl:{who}:sub", f"{title} · {' & '.join(facs)} · {points(v, side)} pts in play",
                    zx + 16, zy + 40, 14, MUTED, seen)
        die = 96
        t._energy_die(f"energy:{side}", v.energy[side], zx + 16, zy + 70, die, seen)
        # the die's caption and the emblems' heading each a clear gap below the last, at the
        # size they are drawn (the text floor lifts them on a small window)
        en_y = zy + 70 + die + LABEL_GAP
        t.put_label(f"lbl:{who}:en", "energy", zx + 16 + die / 2, en_y, 13, GOLD, seen, "midtop", bold=True)
        # six plates, two to a row right of the die: wide enough for each caption on one line
        # at the text floor ("relic deck"; in their own case, as one group), as tall as the zone allows
        gap = 4                       # the plates 4 px further right, as wide as before
        cw = (zw - PLATES_X - 6 - gap) / 2
        ch = min(70.0, (zh - 64 - 8 - 2 * gap) / 3)
        # an evolution pile is hidden while its army has hidden units (it would tell them)
        hidden_evos = any(p != t.me and evolutions_hidden(v, p) for p in seats)
        counts = [("grave", sum(len(v.graves[p]) for p in seats)),
                  ("removed", sum(len(v.removed[p]) for p in seats)),
                  ("evo pile", "?" if hidden_evos else sum(len(v.evo_piles[p]) for p in seats)),
                  ("relics", sum(len(v.relic_hands[p]) for p in seats)),
                  ("relic deck", sum(len(v.relic_decks[p]) for p in seats)),
                  ("unit deck", sum(len(v.decks[p]) for p in seats))]
        for i, (cap, n) in enumerate(counts):
            t._counter(f"ctr:{who}:{i}", n, cap, zx + PLATES_X + (i % 2) * (cw + gap),
                       zy + 64 + (i // 2) * (ch + gap), cw, ch, seen)
        # emblems under the die, two to a row (the plates have the rest of the zone)
        emblems = [e for e in v.emblems if e[2] == side][:6]
        emb_y = en_y + t.text_size(13) * 1.25 + LABEL_GAP
        if emblems:
            # centred under the die, regular weight: at the floor the bold word filled the die's
            # column up to the plates
            t.put_label(f"lbl:{who}:emb", "Emblems", zx + 16 + die / 2, emb_y, 14, GOLD, seen, "midtop")
        top = emb_y + t.text_size(14) * 1.25 + 2
        rows = max(1, (len(emblems) + 1) // 2)
        eh = max(24.0, min(62.0, (zy + zh - 6 - top - (rows - 1) * 4) / rows))
        ew = eh / 1.4
        for i, (card, emb, _) in enumerate(emblems):
            sid = SpriteId("emb", side, i)
            ex, ey = zx + 16 + (i % 2) * (ew + 6), top + (i // 2) * (eh + 4)
            # a thumbnail: the picture only (the zoom shows the relic whole)
            key, compose = compact.key(faces.relic_key(emb), False), partial(faces.compose_relic_compact, emb, False)
            sprite = t.scene.get(sid)
            if sprite is None:
                sprite = CardSprite(sid, face_key=key, compose_face=compose, x=ex, y=ey, w=ew, h=eh, z=320)
                t.scene.put(sprite)
            sprite.face_key, sprite.compose_face = key, compose
            sprite.x, sprite.y, sprite.w, sprite.h = ex, ey, ew, eh
            sprite.tooltip = relics()[emb].name
            seen.add(sid)

    # --- gestures in the battle phases (on my turn): deploying, the hand, a unit's attack ----------
    def drag_targets(self, c: int) -> set[str]:
        t = self.table
        v = t.view
        if v.phase == DEPLOY:
            deploys = t.legal_of(actions.DEPLOY.kind)
            return {"my_line"} if any(actions.DEPLOY.card(a) == c for a in deploys) else set()
        if self.in_play(c):
            return self._card_targets(c)
        if v.phase == ACTIVATE:
            return {f"card:{m}" for m in t.moves.attack_mains(c)}
        return set()

    def drop(self, c: int, target: SpriteId | None):
        t = self.table
        v = t.view
        on = cid(target)
        if v.phase == DEPLOY:
            if target in ("my_line",) or (on is not None and on in v.lines[t.side]):
                return actions.DEPLOY(c)
            return None
        if self.in_play(c):
            return self._play_card(c, target)
        if v.phase == ACTIVATE and c in v.units:
            if on is None or on not in v.units or on == c:
                return None
            if side_of(v.units[on].owner) == t.side:
                return actions.ATTACK(c, ((on, 1),))      # the engine explains: enemies only
            plans = [a for a in t.legal_of(actions.ATTACK.kind)
                     if actions.ATTACK.unit(a) == c and actions.main_target(a) == on]
            if len(plans) > 1:
                t.selected = None
                return t.plan.start(c, on)
            return plans[0] if plans else t.moves.plain_attack(c, on)
        return None

    def click(self, c: int | None, target: SpriteId | None):
        t = self.table
        v = t.view
        if v.phase == DEPLOY:
            return actions.DEPLOY(c) if c in v.armies[t.me] else None
        if v.phase == PREP:
            return self._click_hand(c, target)
        if v.phase == ACTIVATE:
            if t.controls.ability is not None and c is not None and c in v.units:
                return t.controls.aim(c)
            if t.plan.is_open:
                return None
            played = self._click_hand(c, target)       # a relic played on one's turn
            if played is not None:
                return played
            if c in t.moves.active_units():
                t.selected = None if t.selected == c else c
                return LOCAL
            if t.selected is not None and c is not None:
                act = self.drop(t.selected, target)
                if act is not None and act != LOCAL:
                    t.selected = None
                return act
        return None

    # the hand: relics and evolutions, at the start of a round and (some relics) on a turn of
    # one's own in the activations; the engine says which plays are legal and why not
    def hand_cards(self) -> set[int]:
        v, me = self.table.view, self.table.me
        return set(v.relic_hands[me]) | set(v.evo_hands[me])

    def in_play(self, c: int) -> bool:
        """A card of the hand, in a phase where cards of the hand are played."""
        return self.table.view.phase in (PREP, ACTIVATE) and c in self.hand_cards()

    def _card_targets(self, c: int) -> set[str]:
        """Where a card of the hand may be dropped now: the units its legal plays name, or a line
        for a play on nothing (an emblem)."""
        out = set()
        for a in self.table.legal:
            if a.kind in _PLAYED_ON and actions.card_of(a) == c:
                if self.table.moves.targets_unit(a):
                    out.add(f"card:{actions.played_on(a)}")
                elif actions.played_on(a) == -1:
                    out.add("my_line")
        return out

    def _play_card(self, c: int, target: SpriteId | None):
        """The play a card of the hand dropped on `target` proposes, legal or not (the engine
        explains a refusal: an emblem-only relic on a unit, a relic at the wrong moment)."""
        spec = actions.EVOLVE if is_evo_card(c) else actions.RELIC
        on = cid(target)
        if on is not None and on in self.table.view.units:
            return spec(c, on)
        if target in ("my_line", "enemy_line") and -1 in self.table.moves.play_targets(c):
            return spec(c, -1)
        return None

    def _click_hand(self, c: int | None, target: SpriteId | None):
        """A click on a card of the hand (un)selects it; with one selected, a click on a unit or
        a line proposes playing it there. None: the click is not about the hand."""
        t = self.table
        if c in self.hand_cards():
            t.selected = None if t.selected == c else c
            return LOCAL
        if t.selected in self.hand_cards():
            act = self._play_card(t.selected, target)
            if act is not None:
                t.selected = None
            return act
        return None
