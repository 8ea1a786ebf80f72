"""The seats of the Paragons battle table: each 4x2 board (your Front Line faces the middle, and so
does every opponent's), the Enchantments under their spaces and the Imbuements peeking out from
under their mercenary, exhausted mercenaries turned on their side, damage, Garrison and buff
badges; the Life d20 and the Mana Total; hand, Hidden Pile, deck, discard and Reserve piles; and
the viewer's own hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import pygame

from tabletop.core.action_kinds import kinds
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import stats
from tabletop.games.paragons.engine.state import COLS, OVER, SPACES
from tabletop.games.paragons.engine.views import UNKNOWN
from tabletop.games.paragons.presentation.style import (CLASS_RGB, EXHAUSTED, GOLD, INK, LIFE, MUTED, RED,
                                                        card_sid, space_image)
from tabletop.table import cardfit, paint
from tabletop.table.facekeys import K
from tabletop.table.ids import SpriteId
from tabletop.table.layout import Zone
from tabletop.table.part import Part
from tabletop.table.sprites import CardSprite, CounterSprite

CLASS_TITLES = {"warrior": "Warrior", "mage": "Mage", "ranger": "Ranger"}
HAND_ASPECT = 173 / 124
HAND_NAME_PX = 13         # a hand card's name under it, where its face is too small for it
PEEK = 20                  # how far an Imbuement or an Enchantment shows from under its card
_FROM_HAND = kinds(A.PLAY, A.CAST, A.HIDE)     # the plays of a card of the hand


@dataclass(eq=False)
class SpaceSprite(CardSprite):
    """An empty-looking board space; while a mercenary is dragged over the space `bump_from`
    names, it shows that the occupant there would be pushed onto this space."""

    bump_from: set = field(default_factory=set, kw_only=True)

    def draw_decor(self, target, vp, faces) -> None:
        super().draw_decor(target, vp, faces)
        owner = self.__dict__.get("_owner")
        if owner is None or owner.dragging is None or owner.drop_hover not in self.bump_from:
            return
        r = self.screen_rect(vp)
        px = max(8, round(16 * vp.scale))
        surf = faces.memo(("bump-note", px), lambda: paint.shadowed_text("moves here", px,
                                                                         (255, 226, 150), True)[0])
        box = r.inflate(-round(8 * vp.scale), -round(8 * vp.scale))
        line, corner = max(2, round(3 * vp.scale)), round(10 * vp.scale)

        def frame():          # drawn apart and blitted: the table records its frames as blits
            surf = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (255, 210, 120), surf.get_rect(), line, border_radius=corner)
            return surf

        target.blit(faces.memo(("bump-frame", box.size, line, corner), frame), box)
        target.blit(surf, surf.get_rect(center=r.center))


class Boards(Part):
    """Draws every seat and the viewer's hand."""

    # --- sizes --------------------------------------------------------------------------------
    def _board_card(self, h: float, compact: bool) -> tuple[float, float]:
        """A board card's size for a seat area `h` high (two rows of spaces): as tall as the two
        rows allow (the area grows with the window), up to a bound that keeps four spaces and
        the seat's words and piles side by side."""
        ch = min(140.0 if compact else 210.0, (h - 12) / 2 - 6)
        return (round(ch * 0.716), round(ch))

    # --- one seat --------------------------------------------------------------------------------
    def draw_seat(self, p: int, rect, seen, mine: bool) -> None:
        t = self.table
        v = t.view
        x0, y0, w, h = rect
        compact = w < 1200
        cw, ch = self._board_card(h, compact)
        sw, sh = ch + 8, ch + 6               # a space leaves room for a card on its side
        bw = COLS * sw
        bx = x0 + (w - bw) / 2 if not compact else x0 + 172
        by = y0 + (h - 2 * sh) / 2
        rows = (0, 1) if mine else (1, 0)     # row 0 is the Front Line: it faces the middle
        out = v.out[p]
        for i in range(SPACES):
            col, line = i % COLS, i // COLS
            r = rows[line]
            sx, sy = bx + col * sw, by + r * sh
            self._sync_space(p, i, sx, sy, sw, sh, (cw, ch), seen, mine)
        self._seat_info(p, x0, y0, bx - x0 - 16, h, seen, mine, compact)
        px = bx + bw + 18
        self._sync_piles(p, px, y0, x0 + w - px, h, seen, mine, compact)
        if out and v.phase != OVER and v.players > 2:
            t.put_label(f"lbl:out:{p}", "Out of the game", bx + bw / 2, by + sh, 30, RED, seen, "center",
                        True, z=900)

    def _sync_space(self, p, i, sx, sy, sw, sh, size, seen, mine) -> None:
        t = self.table
        v = t.view
        cw, ch = size
        sid = SpriteId("space", p, i)
        slot = t.scene.get(sid)
        key = f"paragons/space/{int(sw - 8)}x{int(sh - 8)}@{K}/{i < COLS}/{v.classes[p]}/v2"
        compose = partial(space_image, (int(sw - 8), int(sh - 8)), i < COLS, CLASS_RGB.get(v.classes[p], MUTED), K)
        if slot is None:
            slot = SpaceSprite(sid, face_key=key, compose_face=compose, x=sx + 4, y=sy + 4, w=sw - 8, h=sh - 8, z=20)
            t.scene.put(slot)
        else:
            slot.face_key, slot.compose_face = key, compose
            slot.x, slot.y, slot.w, slot.h = sx + 4, sy + 4, sw - 8, sh - 8
        slot.bump_from = set()
        slot.tooltip = f"{'Front' if i < COLS else 'Back'} Line, column {i % COLS + 1}"
        seen.add(sid)
        mx, my = sx + (sw - cw) / 2, sy + (sh - ch) / 2
        e = v.enchants[p][i]
        m = v.spaces[p][i]
        if e >= 0:
            # under its space, showing at the left edge (all of it when the space is empty)
            s = t._card(card_sid(e), e, mx - (PEEK if m >= 0 else 0), my, (cw, ch), 30, seen)
            s.tooltip = f"Enchantment on this space: {t.name(e)}"
            if m < 0:
                s.alpha = 0.9
        if m < 0:
            return
        ims = v.imbued.get(m, [])
        for k, c in enumerate(ims):
            s = t._card(card_sid(c), c, mx + PEEK * (k + 1), my + 4 * (k + 1), (cw, ch), 40 + k, seen)
            s.tooltip = f"Imbuement on {t.name(m)}: {t.name(c)}"
        angle = EXHAUSTED if m in v.exhausted else 0.0
        # its attack and health as they stand, drawn on the card (damage red, buffs green)
        now = (stats.attack(v, m), stats.health(v, m) - v.damage.get(m, 0))
        s = t._card(card_sid(m), m, mx, my, (cw, ch), 60, seen, angle=angle, now=now,
                    draggable=mine and t.my_turn and bool(t._board_drags(m)))
        self._merc_marks(m, s, seen)

    def _merc_marks(self, m: int, s, seen) -> None:
        """Marks beside a mercenary: damage, Garrison counters, this turn's buffs (its attack and
        health as they stand are on its face)."""
        t = self.table
        v = t.view
        dmg = v.damage.get(m, 0)
        s.badge = None
        x, y, w, h = s.x, s.y, s.w, s.h
        if s.angle:
            # the card lies on its side: its footprint is h wide and w high about the same centre
            cx, cy = x + w / 2, y + h / 2
            x, y, w, h = cx - h / 2, cy - w / 2, h, w
        marks = []
        if dmg:
            marks.append(("dmg", f"-{dmg}", (200, 40, 40), f"{dmg} damage (heals at the start of the next turn)"))
        g = v.garrison.get(m, 0)
        if g:
            marks.append(("gar", f"G{g}", (150, 110, 40), f"{g} Garrison counter{'s' if g > 1 else ''}"))
        ba, bh = v.buff_atk.get(m, 0), v.buff_hp.get(m, 0)
        if ba or bh:
            marks.append(("buf", f"{ba:+d}/{bh:+d}", (110, 70, 160), "this turn's changes to attack/health"))
        if m in v.held:
            marks.append(("held", "zz", (70, 80, 100), "will not Recover at the start of its next turn"))
        r = 15
        for k, (kind, text, color, tip) in enumerate(marks):
            t.put_token(f"mk:{kind}:{m}", text, color, x + 2, y + h - 2 * r - 4 - k * (2 * r + 2), r, 70,
                        seen, tooltip=tip)

    # --- the seat's name, Life, mana, score ----------------------------------------------------
    def _seat_info(self, p, x, y, w, h, seen, mine, compact) -> None:
        """Name, class, games won, the Life d20 and the Mana Total, in the room left of the board."""
        t = self.table
        v = t.view
        name = t._seat_name(p)
        klass = v.classes[p]
        to_act = t._to_act() == p
        die = 92 if not compact else 72
        if compact:
            lx, ly = x + 6, y + h - die - 26
            mx, my = lx + die + 8, ly + (die - 60) / 2
            tx, ty, anchor = x + 6, y + 8, "topleft"
        else:
            lx, ly = x + w - die - 6, y + (h - die) / 2 - 10
            mx, my = lx - 108, ly + (die - 70) / 2
            tx, ty, anchor = mx - 18, y + h / 2 - 44, "topright"
        t.put_label(f"lbl:name:{p}", name, tx, ty, 26 if not compact else 22,
                    GOLD if to_act else INK, seen, anchor=anchor, bold=True)
        marks = [CLASS_TITLES.get(klass, "")]
        if v.turn == p and v.phase == "play" and not v.out[p]:
            marks.append("◆ turn" if compact else "◆ their turn" if not mine else "◆ your turn")
        t.put_label(f"lbl:class:{p}", "  ".join(m for m in marks if m), tx, ty + 30, 17,
                    CLASS_RGB.get(klass, MUTED), seen, anchor=anchor, bold=True)
        if v.best_of > 1:
            need = v.best_of // 2 + 1
            pips = "●" * v.wins[p] + "○" * max(0, need - v.wins[p])
            t.put_label(f"lbl:wins:{p}", f"Games won {pips}", tx, ty + 54, 16,
                        GOLD if v.wins[p] else MUTED, seen, anchor=anchor)
        # Life at 0 or below: the die shows 0 and greys out (a defeated seat), never a misleading 1
        out = v.life[p] <= 0
        t.put_die(SpriteId("life", p), 20, max(0, min(20, v.life[p])), (96, 88, 92) if out else LIFE,
                  lx, ly, die, seen,
                  f"{name}: {v.life[p]} Life" + ("" if mine else " (drop an attacker here to attack)"))
        t.put_label(f"lbl:life:{p}", f"Life {max(0, v.life[p])}", lx + die / 2, ly + die + 3, 17, INK, seen,
                    "midtop", True)
        c = t.scene.get(f"mana:{p}")
        text = f"{v.mana[p]}"
        if c is None or not isinstance(c, CounterSprite):
            c = CounterSprite(f"mana:{p}", value=text, label="Mana", x=mx, y=my, z=300)
            t.scene.put(c)
        c.value, c.x, c.y = text, mx, my
        c.w, c.h = (92, 70) if not compact else (78, 60)
        c.tooltip = f"{name}: {v.mana[p]} mana to spend (the Threshold this round is {v.threshold()})"
        seen.add(f"mana:{p}")

    # --- piles ---------------------------------------------------------------------------------
    def _sync_piles(self, p, x, y, w, h, seen, mine, compact) -> None:
        t = self.table
        v = t.view
        pw, ph = (84, 118) if not compact else (50, 70)
        piles = []
        if not mine:
            piles.append(("hand", len(v.hands[p]), None, "Hand"))
        piles.append(("hidden", len(v.hidden[p]), None, "Hidden"))
        piles.append(("deck", len(v.decks[p]), None, "Deck"))
        top = v.discards[p][-1] if v.discards[p] else None
        piles.append(("discard", len(v.discards[p]), top, "Discard"))
        piles.append(("reserve", len(v.reserves[p]), None, "Reserve"))
        gap_x = 14 if not compact else 28
        cols = max(1, min(len(piles), int((w + gap_x) // (pw + gap_x))))
        rows = -(-len(piles) // cols)
        gap_y = 26
        total_h = rows * (ph + gap_y)
        y0 = y + max(0.0, (h - total_h) / 2)
        # the captions name their counts where every one fits its column at the size it is
        # drawn (a small window lifts them to the text floor); else the badges carry the counts
        px_cap = 13 if compact else 16
        counted = not compact and all(t.font(px_cap).size(f"{title} {n}")[0] <= pw + gap_x - 6
                                      for _, n, _, title in piles)
        for k, (zone, n, face, title) in enumerate(piles):
            px = x + (k % cols) * (pw + gap_x)
            py = y0 + (k // cols) * (ph + gap_y)
            if zone == "hidden" and mine and n:
                self._my_hidden(px, py, (pw, ph), seen)
            else:
                self._pile(p, zone, n, face, px, py, (pw, ph), seen, mine)
            t.put_label(f"lbl:pile:{zone}:{p}", f"{title} {n}" if counted else title, px + pw / 2, py + ph + 3,
                        px_cap, MUTED, seen, "midtop")

    def _pile(self, p, zone, n, face, x, y, size, seen, mine) -> None:
        t = self.table
        sid = SpriteId("pile", zone, p)
        if face is not None:
            # the discard pile shows its top card (a sprite of that card, so it travels there)
            s = t._card(card_sid(face), face, x, y, size, 80, seen, table="thumb")   # too small for words
            s.badge = str(n)
            s.tooltip = f"{t._seat_name(p)}'s discard pile: {n} cards"
            return
        if n == 0:
            s = t.scene.get(sid)
            key = f"paragons/emptypile/{int(size[0])}x{int(size[1])}@{K}"
            compose = partial(space_image, (int(size[0]), int(size[1])), None, MUTED, K)
            if s is None or not isinstance(s, CardSprite):
                s = CardSprite(sid, face_key=key, compose_face=compose, x=x, y=y, w=size[0], h=size[1], z=25)
                t.scene.put(s)
            else:
                s.face_key, s.compose_face, s.face_up = key, compose, True
                s.x, s.y, s.w, s.h = x, y, *size
            s.alpha, s.badge = 0.55, None
            s.tooltip = f"{zone.capitalize()}: empty"
            seen.add(sid)
            return
        if zone == "hand":
            # a hand is held: its backs fan out a little under the top one
            fan = min(n, 5)
            for k in range(fan - 1):
                off = (k + 1 - fan / 2) * 7
                t._card(SpriteId("pile", zone, p, k), None, x + off, y + abs(off) * 0.4, size, 76 + k, seen, face_up=False,
                        angle=-off * 1.1)
        s = t._card(sid, None, x, y, size, 80, seen, face_up=False)
        s.badge = str(n)
        who = "Your" if mine else f"{t._seat_name(p)}'s"
        s.tooltip = {"hand": f"{who} hand: {n} cards", "hidden": f"{who} Hidden Pile: {n} face down",
                     "deck": f"{who} deck: {n} cards", "reserve": f"{who} Reserve Pile: {n} cards",
                     "discard": f"{who} discard pile"}.get(zone)

    def _my_hidden(self, x, y, size, seen) -> None:
        """Your Hidden Pile: face up to you, fanned a little; a card ready to reveal can be dragged."""
        t = self.table
        v = t.view
        cards = v.hidden[t.me]
        step = min(22.0, 60.0 / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        ready = {a.args[0] for a in t.legal_of(A.REVEAL.kind)}
        for k, c in enumerate(cards):
            s = t._card(card_sid(c), c, x + k * step, y - k * 3, size, 85 + k, seen,
                        draggable=c in ready, table="thumb")
            s.tooltip = "In your Hidden Pile (face down to the others)" + (": ready to reveal" if c in ready else "")

    # --- the viewer's hand -----------------------------------------------------------------------
    def _hand_name(self, c: int, x: float, y: float, size, pitch: float, room, seen):
        """Where hand card `c` goes and its size: as dealt when its face names it; else (a long
        word at 1280x720: "Dragonbone Knight") its name on a strip under it, the card as much
        smaller (and higher) as the zone's foot needs, the strip within its `pitch` (the
        spacing of the cards), one line or two. Where no strip fits, the card as dealt."""
        t = self.table
        name = t.name(c)
        if t.detail(size[0], name) in ("full", "name"):
            return (x, y), size
        fnt = t.font(HAND_NAME_PX)
        lines, width = [name], fnt.size(name)[0]
        if width > pitch - 2:
            lines, width = t.name_lines(name, HAND_NAME_PX, 0)
        strip = len(lines) * fnt.get_linesize() + 2
        top, bottom = room[1], room[1] + room[3]
        h = min(size[1], bottom - top - strip)
        if width > pitch - 2 or h < size[1] * 0.7:
            return (x, y), size
        y = max(top, min(y, bottom - strip - h))
        w = h / HAND_ASPECT
        t.put_name_strip(f"lbl:handname:{c}", lines, x + size[0] / 2, y + h + 2, fnt.get_linesize(),
                         HAND_NAME_PX, INK, seen)
        return (x + (size[0] - w) / 2, y), (w, h)

    def draw_hand(self, seen) -> None:
        t = self.table
        v = t.view
        zone = t.layout.zones["hand"]
        hand = [c for c in v.hands[t.me] if v.designs.get(c, UNKNOWN) != UNKNOWN]
        x0, y0, w, h = zone.rect
        # inside the zone's edges, right of its title: a big hand overlaps rather than spills;
        # sized from the zone and the card-size setting
        size = t.hand_card("hand", len(hand), HAND_ASPECT, 190, top=14, left=150, right=20)
        inner = Zone("hand-inner", cardfit.room(zone.rect, top=14, left=150, right=20), kind="row")
        active = {a.args[0] for a in t.legal if a.kind in _FROM_HAND}
        marking = v.phase == "mulligan" and t.my_turn
        spots = inner.positions(len(hand), size, 12)
        pitch = spots[1][0] - spots[0][0] if len(spots) > 1 else size[0] + 24
        for i, (c, (x, y)) in enumerate(zip(hand, spots)):
            lifted = marking and c in t.marked
            lift = min(22.0, max(0.0, y - y0 - 4)) if lifted else 0.0     # never out of the zone
            at, shown = self._hand_name(c, x, y - lift, size, pitch, inner.rect, seen)
            s = t._card(card_sid(c), c, at[0], at[1], shown, 500 + i, seen,
                        draggable=c in active)
            s.dim = t.my_turn and not marking and v.phase != OVER and c not in active
            if lifted:
                s.badge = "back"
        if not hand:
            t.put_label("lbl:hand:none", "No cards in hand", zone.center[0], zone.center[1], 18, MUTED,
                        seen, "center")
