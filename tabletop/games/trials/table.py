"""The Trials table: every seat's Avatars with their attachments peeking out, HP
as heart tokens, shield and other counters, exhausted cards turned, energy and
the round as d10 dice, the stack in the middle with its items in order, hands
(yours face up, the others' backs), decks and discard piles you can look
through, and a priority banner that cannot be missed: "Respond or pass".

Drag a hand card onto one of your Avatars to play it, drag an attacker onto
its target, drag an Avatar onto your energy die to channel; right-click a card
in play for a menu of what it can do. Every rule decision is the engine's:
what glows and what a menu lists come from the legal actions, and a drop or
click only proposes a candidate for `why_illegal`.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from tabletop.core import Action
from tabletop.games.trials import effects as fx
from tabletop.games.trials import faces
from tabletop.games.trials.cards import card
from tabletop.games.trials.state import OVER, UNKNOWN
from tabletop.table.cover import fanned_cards, rules_page
from tabletop.table.layout import Layout
from tabletop.table.presenter import (HINT, LOCAL, OptionField, Presentation, Presenter, html_table,
                                      name_seats)
from tabletop.table.sprites import CardSprite

GOLD = (240, 200, 110)
INK = (236, 230, 218)
MUTED = (165, 159, 148)
RED = (240, 120, 100)
HEART = (206, 46, 58)
SHIELD = (90, 150, 220)
ENERGY = (60, 120, 215)
ROUND = (70, 160, 80)
EXHAUSTED = -45.0                 # degrees: an exhausted card turns 45° clockwise
MENU_PAGE = 8


def cid(sprite_id: str | None) -> int | None:
    if sprite_id and sprite_id.startswith(("card:", "stk:")):
        try:
            return int(sprite_id.split(":")[1])
        except ValueError:
            return None
    return None


def short(text: str, n: int = 70) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


@lru_cache(maxsize=1)
def glossary_terms() -> tuple[str, ...]:
    """The glossary's entries, as the rules page names them ("Exhaust / Ready" gives both)."""
    text = _rules()
    part = text.split("## Glossary", 1)[-1].split("\n## ", 1)[0]
    out = []
    for m in re.finditer(r"^- \*\*(.+?)\*\*", part, re.M):
        out += [t.strip() for t in m.group(1).split("/")]
    return tuple(out)


def terms_on(text: str, keywords=()) -> list[str]:
    """Glossary entries a card's text and keywords use, in glossary order."""
    low = text.lower()
    kws = {k.lower() for k in keywords}
    out = []
    for term in glossary_terms():
        t = term.lower()
        stem = t.rstrip("s") if t.endswith("s") and len(t) > 4 else t
        if t in kws or re.search(r"\b" + re.escape(stem), low):
            out.append(term)
    return out


class TrialsPresenter(Presenter):
    auto_pass_kinds = frozenset({"decline", "pass"})
    sticky_zoom = True
    button_h = 44

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        players = max(2, len(seat_names))
        self.layout = Layout.load("trials", players)
        scene.set_layout(self.layout)
        self.view = None
        self.me = 0
        self.selected: int | None = None          # click-and-click: a hand card or a card in play
        self.menu: list[Action] = []              # a context menu or a choice after a drop
        self.menu_title = ""
        self.menu_at: tuple[float, float] = (700, 300)
        self.menu_page = 0
        self.browse: tuple[str, int] | None = None    # ("deck" | "discard", seat) being looked through
        self.royale = players > 2

    # --- names and faces -------------------------------------------------------------------
    def name(self, c: int) -> str:
        v = self.view
        if v is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return "a hidden card"
        return fx.name(v, c)

    def _face(self, c: int):
        fallen = c in self.view.fallen
        d = self.view.designs[c]
        return faces.face_key(d, fallen), partial(faces.compose_face, d, fallen)

    @staticmethod
    def _back():
        return faces.back_key(), faces.compose_back

    def _plays(self, c: int, avatar: int | None = None) -> list[Action]:
        return [a for a in self._legal("play") if a.args[0] == c and (avatar is None or a.args[1] == avatar)]

    def _source_actions(self, c: int) -> list[Action]:
        """What a card in play can do now: its activated effects, channel, attacks."""
        return [a for a in self.legal if a.kind in ("activate", "channel", "attack") and a.args[0] == c]

    def _host(self, c: int) -> int | None:
        v = self.view
        if c in v.host:
            return v.host[c]
        if any(c in avs for avs in v.avatars):
            return c
        return None

    def _window(self) -> bool:
        return bool(self.view and self.view.stack)

    # --- sync ----------------------------------------------------------------------------------------
    def sync(self, view, legal, my_turn, events) -> None:
        self.view, self.legal, self.my_turn = view, list(legal), my_turn
        self.me = view.viewer if view.viewer is not None else 0
        self._forget_stale()
        seen: set[str] = set()
        opps = [p for p in self._order() if p != self.me]
        area = self.layout.zones["opp_area"].rect
        w = area[2] / max(1, len(opps))
        for i, p in enumerate(opps):
            self._sync_seat(p, (area[0] + i * w, area[1], w - 12, area[3]), seen, mine=False)
        self._sync_seat(self.me, self.layout.zones["my_area"].rect, seen, mine=True)
        self._sync_hand(seen)
        self._sync_middle(seen)
        self._sync_controls(seen)
        self._sync_menu(seen)
        self._sync_browser(seen)
        self._settle(seen)

    def _order(self) -> list[int]:
        """Seats from the viewer's left: the next seat in turn first."""
        n = self.view.players
        return [(self.me + i) % n for i in range(n)]

    def _forget_stale(self) -> None:
        v = self.view
        if not self.my_turn:
            self.selected, self.menu = None, []
        if self.selected is not None and self.selected not in v.hands[self.me] \
                and not self._source_actions(self.selected):
            self.selected = None
        if self.menu and not all(a in self.legal for a in self.menu):
            self.menu = []
        if self.browse and self.browse[0] == "deck" and self.browse[1] != self.me:
            self.browse = None

    # --- sprite helpers ----------------------------------------------------------------------------
    def _card(self, sid: str, c: int | None, x, y, size, z, seen, face_up=True, draggable=False,
              angle=0.0):
        known = c is not None and self.view.designs.get(c, UNKNOWN) != UNKNOWN
        key, compose = self._face(c) if face_up and known else (None, None)
        bkey, bcompose = self._back()
        sprite = self.scene.get(sid)
        if sprite is None or not isinstance(sprite, CardSprite):
            sprite = CardSprite(sid, face_key=key, compose_face=compose, back_key=bkey,
                                compose_back=bcompose, face_up=key is not None, x=x, y=y,
                                w=size[0], h=size[1], z=z, draggable=draggable, angle=angle)
            self.scene.put(sprite)
        else:
            sprite.face_key, sprite.compose_face = key, compose
            sprite.face_up, sprite.draggable, sprite.z = key is not None, draggable, z
            if sprite.angle != angle:
                sprite.angle = angle
            if (sprite.w, sprite.h) != tuple(size):
                sprite.w, sprite.h = size
        self.scene.move(sid, x, y)
        sprite.dim = False
        sprite.badge = None
        sprite.tooltip = None
        seen.add(sid)
        return sprite

    # --- a seat: its name, piles, energy die, Avatars and attachments ------------------------------------
    def _sizes(self):
        if self.royale:
            return (128, 179), (100, 140)
        return (150, 210), (118, 165)

    def _sync_seat(self, p: int, rect, seen, mine: bool) -> None:
        v = self.view
        x0, y0, w, h = rect
        av_size, att_size = self._sizes()
        to_act = self._to_act() == p
        out = v.out[p]
        name = self.seat_names[p] if p < len(self.seat_names) else f"Player {p + 1}"
        marks = []
        if v.initiative == p:
            marks.append("★ initiative")
        if out:
            marks.append("defeated")
        elif to_act and v.phase != OVER:
            marks.append("◀ responding" if v.prio == p else "◀ to play")
        self.put_label(f"lbl:name:{p}", name, x0 + 4, y0 + 2, 22, GOLD if to_act else INK, seen, bold=True)
        self.put_label(f"lbl:marks:{p}", "  ".join(marks), x0 + 24 + 14 * len(name), y0 + 7, 16,
                    RED if out else GOLD, seen)
        # piles at the right of the seat: the energy die, the deck, the discard pile, the exile count
        pile = (int(att_size[0] * 0.62), int(att_size[1] * 0.62))
        px = x0 + w - (2 * pile[0] + 86)
        py = y0 + 40
        if not mine:
            hand_y = y0 + 34
            py = y0 + 40
            self._sync_backs(p, x0 + 4, hand_y, px - x0 - 20, seen)
            body_y = y0 + 34 + 70
        else:
            body_y = y0 + 36
        self.put_die(f"energy:{p}", 10, max(0, v.energy[p]), ENERGY, px, py, 64, seen,
                  f"{name}: {v.energy[p]} energy")
        self.put_label(f"lbl:energy:{p}", "energy", px + 32, py + 66, 13, MUTED, seen, "midtop")
        dx = px + 76
        n = len(v.decks[p])
        if n:
            s = self._card(f"deck:{p}", None, dx, py, pile, 40, seen, face_up=False)
            s.badge = str(n)
            s.tooltip = "Your deck, in order (click to look through it)" if mine else f"{name}'s deck"
        self.put_label(f"lbl:deck:{p}", f"deck {n}", dx + pile[0] / 2, py + pile[1] + 4, 13, MUTED, seen,
                    "midtop")
        dx += pile[0] + 10
        disc = v.discards[p]
        if disc:
            s = self._card(f"discard:{p}", disc[-1], dx, py, pile, 40, seen)
            s.badge = str(len(disc))
            s.tooltip = "Discard pile (click to look through it)"
        self.put_label(f"lbl:discard:{p}", f"discard {len(disc)}", dx + pile[0] / 2, py + pile[1] + 4, 13,
                    MUTED, seen, "midtop")
        if v.exiles[p]:
            self.put_label(f"lbl:exile:{p}", f"{len(v.exiles[p])} exiled", px, py + 90, 13, MUTED, seen)
        # the Avatars, each with its attachments fanned out to the right, under it
        avs = v.avatars[p]
        slot_w = (px - x0 - 30) / max(1, len(avs))
        for i, a in enumerate(avs):
            ax = x0 + 26 + i * slot_w
            self._sync_avatar(a, ax, body_y + 6, slot_w - 16, av_size, att_size, seen, mine)

    def _sync_backs(self, p, x, y, width, seen) -> None:
        n = len(self.view.hands[p])
        size = (44, 62)
        step = min(50, (width - 160) / max(1, n))
        self.put_label(f"lbl:hand:{p}", f"hand {n}", x, y + 20, 14, MUTED, seen)
        for i in range(n):
            self._card(f"back:{p}:{i}", None, x + 70 + i * step, y, size, 60 + i, seen, face_up=False)

    def _sync_avatar(self, a, x, y, width, av_size, att_size, seen, mine) -> None:
        v = self.view
        drag = self.my_turn and mine and bool(self._source_actions(a))
        angle = EXHAUSTED if a in v.exhausted else 0.0
        s = self._card(f"card:{a}", a, x, y, av_size, 200, seen, draggable=drag, angle=angle)
        s.alpha = 0.6 if fx.is_stealthy(v, a) else 1.0
        if v.out[fx.controller(a)] and a not in v.fallen:
            s.dim = True
        self._marks(a, x, y, av_size, seen, avatar=True)
        atts = v.attached.get(a, [])
        if not atts:
            return
        room = width - av_size[0] - 4
        step = min(att_size[0] * 0.66, (room - att_size[0]) / max(1, len(atts) - 1)) if len(atts) > 1 else 0
        ay = y + (av_size[1] - att_size[1]) / 2
        for k, c in enumerate(atts):
            cx = x + av_size[0] - 22 + k * step
            ang = EXHAUSTED if c in v.exhausted else 0.0
            drag = self.my_turn and mine and bool(self._source_actions(c))
            s = self._card(f"card:{c}", c, cx, ay, att_size, 150 + k, seen, draggable=drag, angle=ang)
            s.alpha = 0.6 if fx.is_stealthy(v, c) else 1.0
            self._marks(c, cx, ay, att_size, seen, avatar=False, z=170 + k)

    def _marks(self, c, x, y, size, seen, avatar: bool, z: float = 260) -> None:
        """HP as a heart token, then the shield, counters and this round's Attack change."""
        v = self.view
        r = 22 if avatar else 17
        tx, ty = x - r + 6, y + size[1] - 2 * r - 4
        if avatar and c in v.fallen:
            self.put_label(f"lbl:fallen:{c}", "Fallen", x + size[0] / 2, y + size[1] + 4, 15, MUTED, seen,
                        "midtop")
        hp = fx.max_hp(v, c)
        if hp > 0:
            left = fx.hp_left(v, c)
            self.put_token(f"hp:{c}", str(left), HEART, tx, ty, r, z, seen, "heart",
                        f"{self.name(c)}: {left} of {hp} HP")
            ty -= 2 * r + 4
        if c in v.shields:
            self.put_token(f"shield:{c}", "", SHIELD, tx, ty, r, z, seen, "shield", "Shielded")
            ty -= 2 * r + 4
        for kind, n in sorted(v.counters.get(c, {}).items()):
            if n:
                text = f"+{n}" if kind == "attack" else f"⚡{n}"
                color = (80, 150, 80) if kind == "attack" else (200, 160, 60)
                self.put_token(f"ctr:{c}:{kind}", text, color, tx, ty, r * 0.85, z, seen,
                            tooltip=f"{n} {'+1 Attack' if kind == 'attack' else 'charge'} counter(s)")
                ty -= 2 * r
        b = v.buffs.get(c, 0)
        if b:
            self.put_token(f"buff:{c}", f"{b:+d}", (150, 90, 170), tx, ty, r * 0.85, z, seen,
                        tooltip=f"{b:+d} Attack this round")

    # --- the hand --------------------------------------------------------------------------------------
    def _sync_hand(self, seen) -> None:
        v = self.view
        zone = self.layout.zones["hand"]
        hand = [c for c in v.hands[self.me] if v.designs.get(c, UNKNOWN) != UNKNOWN]
        size = (126, 176)
        playable = {a.args[0] for a in self._legal("play")}
        for i, (c, (x, y)) in enumerate(zip(hand, zone.positions(len(hand), size, 12))):
            s = self._card(f"card:{c}", c, x, y + 8, size, 500 + i, seen, draggable=c in playable)
            s.dim = self.my_turn and c not in playable
        if not hand:
            self.put_label("lbl:hand:none", "No cards in hand", zone.center[0], zone.center[1], 18, MUTED,
                        seen, "center")

    # --- the middle: the round, the stack, the priority banner ---------------------------------------------
    def _sync_middle(self, seen) -> None:
        v = self.view
        x0, y0, w, h = self.layout.zones["middle"].rect
        self.put_die("round", 10, v.round, ROUND, x0 + 20, y0 + 40, 88, seen, f"Round {v.round}")
        self.put_label("lbl:round", f"Round {v.round}", x0 + 64, y0 + 134, 16, INK, seen, "midtop", True)
        ini = self.seat_names[v.initiative] if v.initiative < len(self.seat_names) else ""
        self.put_label("lbl:initiative", f"★ {ini}", x0 + 64, y0 + 158, 14, GOLD, seen, "midtop")
        sx = x0 + 150
        sw = w - 150 - 620
        if not v.stack:
            self.put_label("lbl:stack", "The stack is empty", sx + sw / 2, y0 + h / 2, 17, MUTED, seen, "center")
        else:
            self.put_label("lbl:stack", "The stack (resolves from the top, at the right)", sx, y0 + 2, 14,
                        MUTED, seen)
            size = (96, 134)
            n = len(v.stack)
            step = min(size[0] + 140, (sw - size[0]) / max(1, n - 1)) if n > 1 else 0
            for i, item in enumerate(v.stack):
                ix = sx + i * step
                self._stack_item(i, item, ix, y0 + 24, size, seen, top=i == n - 1)
        self._sync_banner(x0 + w - 610, y0, 610, h, seen)

    def _stack_item(self, i, item, x, y, size, seen, top: bool) -> None:
        kind, seat, c, _index, avatar, _detach, targets, _opt = item
        text = self.stack_text(item)
        if c >= 0:
            s = self._card(f"stk:{c}:{i}", c, x, y, size, 400 + i, seen)
            s.highlight = "select" if top else None
        else:
            self.put_token(f"stk:ignite:{i}", str(_index), (220, 110, 40), x + 8, y + 30, 38, 400 + i, seen)
        lines = _wrap_words(text, 20)
        for k, line in enumerate(lines[:4]):
            self.put_label(f"lbl:stk:{i}:{k}", line, x + size[0] + 6, y + 4 + k * 19, 14,
                        GOLD if top else INK, seen, bold=top and k == 0)

    def stack_text(self, item) -> str:
        kind, seat, c, index, avatar, _d, targets, _o = item
        who = self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"
        aims = ", ".join(self.name(t) if isinstance(t, int) and t >= 0 and t in self.view.designs
                         else f"Player {t + 1}" for t in targets)
        if kind == "play":
            text = f"{who}: {self.name(c)} on {self.name(avatar)}"
        elif kind == "activate":
            text = f"{who}: {self.name(c)}'s effect"
        elif kind == "attack":
            text = f"{self.name(c)} attacks {aims}"
            aims = ""
        else:
            text = f"{who}: ignite for {index}"
        return text + (f" → {aims}" if aims else "")

    def _sync_banner(self, x, y, w, h, seen) -> None:
        v = self.view
        if v.phase == OVER:
            self.put_label("lbl:banner", "The match is over", x + w / 2, y + 40, 30, GOLD, seen, "midtop", True)
            self.put_label("lbl:banner2", self.narrate(v.reason).capitalize() if v.reason else "", x + w / 2,
                        y + 86, 16, INK, seen, "midtop")
            return
        if v.stack:
            if self.my_turn and v.prio == self.me:
                self.put_label("lbl:banner", "Respond or pass", x + w / 2, y + 8, 34, GOLD, seen, "midtop", True)
                self.put_label("lbl:banner2", "Top: " + short(self.stack_text(v.stack[-1]), 60), x + w / 2,
                            y + 54, 16, INK, seen, "midtop")
                instants = [a for a in self.legal if a.kind != "decline"]
                tip = ("Instants you can use glow: drag one onto an Avatar, or right-click a card."
                       if instants else "You have no Instant to play.")
                self.put_label("lbl:banner3", tip, x + w / 2, y + 78, 14, MUTED, seen, "midtop")
                self.put_button("btn:decline", "Pass: let it resolve", x + 120, y + 110, w - 240, True, True,
                             seen, h=52)
            else:
                p = self._to_act()
                who = self.seat_names[p] if p is not None and p < len(self.seat_names) else "…"
                self.put_label("lbl:banner", f"{who} may respond…", x + w / 2, y + 30, 24, INK, seen, "midtop",
                            True)
                self.put_label("lbl:banner2", "Top: " + short(self.stack_text(v.stack[-1]), 60), x + w / 2,
                            y + 70, 16, MUTED, seen, "midtop")
            return
        p = self._to_act()
        if self.my_turn:
            self.put_label("lbl:banner", "Your turn: take one action", x + w / 2, y + 24, 26, GOLD, seen,
                        "midtop", True)
            self.put_label("lbl:banner2", "Play a card, attack, use an effect, channel, or pass.", x + w / 2,
                        y + 62, 15, INK, seen, "midtop")
        elif p is not None:
            who = self.seat_names[p] if p < len(self.seat_names) else "…"
            self.put_label("lbl:banner", f"{who} is playing…", x + w / 2, y + 40, 24, INK, seen, "midtop", True)

    def _to_act(self) -> int | None:
        v = self.view
        if v is None or v.phase == OVER:
            return None
        return v.prio if v.prio >= 0 else v.turn

    # --- the controls ------------------------------------------------------------------------------------
    def _sync_controls(self, seen) -> None:
        x, y, w, h = self.layout.zones["controls"].rect
        if not self.my_turn or self._window():
            return
        bw = w - 20
        row = y + 8
        self.put_button("btn:pass", "Pass turn", x + 10, row, bw, bool(self._legal("pass")),
                     not self.selected and not self.menu, seen)
        row += 52
        channels = self._legal("channel")
        self.put_button("btn:channel", "Channel 1 energy", x + 10, row, bw, bool(channels), False, seen)
        row += 52
        ignites = self._legal("ignite")
        if ignites:
            n = self.view and sum(1 for c in self.view.discards[self.me] if "ignite" in card(
                self.view.designs[c]).keywords)
            self.put_button("btn:ignite", f"Ignite ({n} cards)", x + 10, row, bw, True, False, seen)

    # --- the menu -----------------------------------------------------------------------------------------
    def open_menu(self, actions: list[Action], title: str, at: tuple[float, float], strip: str = "") -> str:
        self.menu = list(actions)
        self.menu_title = title
        self.menu_at = at
        self.menu_page = 0
        if not strip and len(actions) > 1:        # entries differ only at the end: show the ends
            import os
            common = os.path.commonprefix([a.label for a in actions])
            if len(common) > 24:
                strip = common[:common.rfind(" ") + 1] if " " in common else ""
        self._strip = strip
        return LOCAL

    def _menu_text(self, a: Action) -> str:
        text = a.label or a.kind
        if self._strip and text.startswith(self._strip):
            text = text[len(self._strip):].lstrip(" ,") or "As it is"
            text = text[0].upper() + text[1:]
        return short(text, 62)

    def _sync_menu(self, seen) -> None:
        if not self.menu:
            return
        w = 540
        page = self.menu[self.menu_page * MENU_PAGE:(self.menu_page + 1) * MENU_PAGE]
        more = len(self.menu) > MENU_PAGE
        rows = len(page) + 1 + (1 if more else 0)
        hgt = 38 + rows * 42
        x = min(max(10, self.menu_at[0]), self.layout.size[0] - w - 10)
        y = min(max(10, self.menu_at[1]), self.layout.size[1] - hgt - 10)
        self._panel("menu:back", x - 10, y - 8, w + 20, hgt + 16, seen, z=2900)
        self.put_label("lbl:menu", self.menu_title, x + 6, y, 17, GOLD, seen, bold=True, z=3000)
        yy = y + 32
        for k, a in enumerate(page):
            i = self.menu_page * MENU_PAGE + k
            self.put_button(f"btn:menu:{i}", self._menu_text(a), x, yy, w, True, False, seen, h=38, z=3000)
            yy += 42
        if more:
            pages = (len(self.menu) + MENU_PAGE - 1) // MENU_PAGE
            self.put_button("btn:menu:more", f"More… ({self.menu_page + 1}/{pages})", x, yy, w, True, False,
                         seen, h=38, z=3000)
            yy += 42
        self.put_button("btn:menu:cancel", "Cancel", x, yy, w, True, False, seen, h=38, z=3000)

    def _panel(self, pid, x, y, w, h, seen, z) -> None:
        size = (int(w), int(h))
        s = self.scene.get(pid)
        key = f"trials/panel/{size[0]}x{size[1]}"
        if s is None:
            s = CardSprite(pid, face_key=key, compose_face=partial(_panel_image, size), x=x, y=y, w=w, h=h, z=z)
            self.scene.put(s)
        else:
            s.face_key, s.compose_face = key, partial(_panel_image, size)
            s.x, s.y, s.w, s.h, s.z = x, y, w, h, z
        seen.add(pid)

    # --- looking through a deck or a discard pile ------------------------------------------------------------
    def _sync_browser(self, seen) -> None:
        if not self.browse:
            return
        v = self.view
        kind, p = self.browse
        cards = list(v.decks[p] if kind == "deck" else reversed(v.discards[p]))
        x, y, w, h = 80, 70, 1760, 900
        self._panel("browse:back", x, y, w, h, seen, z=2500)
        who = "Your" if p == self.me else f"{self.seat_names[p]}'s"
        title = (f"{who} deck, top card first ({len(cards)} cards, never reordered)" if kind == "deck"
                 else f"{who} discard pile, latest first ({len(cards)} cards)")
        self.put_label("lbl:browse", title, x + 24, y + 16, 22, GOLD, seen, bold=True, z=2600)
        size = (140, 196)
        cols = int((w - 40) // (size[0] + 12))
        for i, c in enumerate(cards):
            cx = x + 24 + (i % cols) * (size[0] + 12)
            cy = y + 60 + (i // cols) * (size[1] + 14)
            s = self._card(f"view:{c}", c, cx, cy, size, 2600 + i, seen)
            s.badge = str(i + 1)
        if not cards:
            self.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 20, MUTED, seen, "center", z=2600)
        self.put_button("btn:browse:close", "Close", x + w - 220, y + h - 64, 196, True, True, seen, z=2700)

    # --- highlights -------------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.id.startswith("card:") and sprite.highlight in ("select", "hint", "glow"):
                sprite.highlight = None
        glow: set[str] = set()
        if self.selected is not None:
            s = self.scene.get(f"card:{self.selected}")
            if s is not None:
                s.highlight = "select"
            glow = self.drag_targets(f"card:{self.selected}")
        elif self.menu:
            glow = {f"card:{t}" for t in self._menu_targets()}
        elif self.my_turn and self._window():
            glow = {f"card:{a.args[0]}" for a in self.legal if a.kind in ("play", "activate")}
        self.scene.set_glow(glow)
        self._mark_hint()

    def _menu_targets(self) -> dict[int, Action]:
        """Cards that pick one menu entry when clicked (the entry's only chosen target)."""
        out: dict[int, list[Action]] = {}
        for a in self.menu:
            t = self._target_of(a)
            if t is not None:
                out.setdefault(t, []).append(a)
        return {t: acts[0] for t, acts in out.items() if len(acts) == 1}

    @staticmethod
    def _target_of(a: Action) -> int | None:
        if a.kind == "attack":
            return a.args[1]
        if a.kind == "ignite":
            return a.args[0]
        if a.kind == "play" and len(a.args[3]) == 1:
            return a.args[3][0]
        if a.kind == "activate" and len(a.args[2]) == 1:
            return a.args[2][0]
        return None

    def _hint_cards(self, a: Action) -> list[int]:
        if a.kind in ("play", "activate", "channel", "attack"):
            out = [a.args[0]]
            t = self._target_of(a)
            return out + ([t] if t is not None and t >= 0 else [])
        if a.kind == "ignite":
            return [a.args[0]]
        return []

    # --- words ---------------------------------------------------------------------------------------------------
    def narrate(self, text: str) -> str:
        return name_seats(text, self.seat_names)

    def prompt(self) -> str:
        v = self.view
        if v is None:
            return ""
        if v.phase == OVER:
            return self.narrate(self._result_line()) or "The match is over."
        if not self.my_turn:
            p = self._to_act()
            return f"{self.seat_names[p]} is {'responding' if v.stack else 'playing'}…" \
                if p is not None and p < len(self.seat_names) else ""
        if self.browse:
            return "Looking through a pile: Close (or Escape) to go back."
        if self.menu:
            return f"{self.menu_title}: choose one (glowing cards choose too), or Cancel."
        if v.stack:
            return ("Respond or pass: play an Instant (drag it onto an Avatar) or use an Instant effect "
                    "(right-click its card), or press Pass to let the top of the stack resolve.")
        if self.selected is not None:
            return "Now drop or click where it goes (glowing); Escape to cancel."
        return ("Your action: drag a card onto an Avatar to play it, drag an attacker onto its target, "
                "right-click a card for its effects, channel, or pass.")

    def _result_line(self, v=None) -> str:
        v = v or self.view
        w = v.winners or []
        if not w:
            return "The match ends in a draw."
        return f"Player {w[0] + 1} wins: {v.reason}."

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        avs = view.avatars[seat]
        hp = " · ".join("Fallen" if a in view.fallen else f"{fx.hp_left(view, a)} HP" for a in avs)
        return [("Avatars", hp), ("Energy", str(view.energy[seat])),
                ("Hand", str(len(view.hands[seat]))), ("Deck", str(len(view.decks[seat]))),
                ("Discard", str(len(view.discards[seat]))),
                ("Initiative", "yes" if view.initiative == seat else "no")]

    def summary(self, view, events) -> tuple[str, str] | None:
        if "over" not in {e.kind for e in events}:
            return None
        w = view.winners or []
        if not w:
            title = "A draw"
        else:
            names = " and ".join(self.seat_names[p] for p in w)
            title = f"{names} {'win' if names == 'You' else 'wins'} the match"
        rows = []
        for p in range(view.players):
            avs = ", ".join(f"{fx.name(view, a)} ({'fallen' if a in view.fallen else f'{fx.hp_left(view, a)} HP'})"
                            for a in view.avatars[p])
            rows.append(f"<tr><td><b>{self.seat_names[p]}</b></td><td>{avs}</td>"
                        f"<td>{len(view.decks[p])}</td><td>{len(view.discards[p])}</td></tr>")
        html = (f"<p><b>{self.narrate(self._result_line(view))}</b> The match lasted until round {view.round}.</p>"
                + html_table(["Player", "Avatars", "Deck", "Discard"], rows))
        return title, html

    # --- input ----------------------------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        c = cid(sprite_id)
        v = self.view
        if c is None or not self.my_turn or v is None or not sprite_id.startswith("card:"):
            return set()
        if c in v.hands[self.me]:
            return {f"card:{a.args[1]}" for a in self._plays(c)}
        out = {f"card:{a.args[1]}" for a in self._legal("attack") if a.args[0] == c}
        if Action("channel", (c,)) in self.legal or any(a.args == (c,) for a in self._legal("channel")):
            out.add(f"energy:{self.me}")
        return out

    def drop(self, sprite_id: str, target: str | None):
        c = cid(sprite_id)
        v = self.view
        if c is None or v is None or not self.my_turn or not sprite_id.startswith("card:"):
            return None
        t = cid(target)
        if c in v.hands[self.me]:
            if t is None:
                return None
            avatar = self._host(t)
            if avatar is None:
                return None
            plays = self._plays(c, avatar)
            if len(plays) == 1:
                return plays[0]
            if not plays:
                return Action("play", (c, avatar, -1, (), 0))      # the engine says why not
            self.selected = None
            k = card(v.designs[c])
            return self.open_menu(plays, f"Play {k.name} on {self.name(avatar)}", self._near(target),
                                  strip=f"Play {k.name} on {self.name(avatar)} ({k.cost} energy)")
        if target == f"energy:{self.me}":
            return Action("channel", (c,))
        if t is not None and t in v.designs and t != c:
            return Action("attack", (c, t))
        return None

    def _near(self, sprite_id: str | None) -> tuple[float, float]:
        s = self.scene.get(sprite_id) if sprite_id else None
        if s is None:
            return (690, 300)
        return (s.x + s.w + 12, s.y - 20)

    def click(self, target: str | None):
        v = self.view
        if v is None:
            return None
        if target and target.startswith(("deck:", "discard:")):
            kind, p = target.split(":")
            p = int(p)
            if kind == "deck" and p != self.me:
                return None
            self.browse = (kind, p)
            self.menu, self.selected = [], None
            return LOCAL
        if self.browse:
            return None
        if not self.my_turn:
            return None
        c = cid(target)
        if self.menu:
            pick = self._menu_targets().get(c) if c is not None else None
            if pick is not None:
                self.menu = []
                return pick
            return None
        if target == f"energy:{self.me}":
            return self.button("btn:channel")
        if c is not None and target.startswith("card:"):
            if c in v.hands[self.me] or (self._source_actions(c) and self.selected is None):
                self.selected = None if self.selected == c else c
                return LOCAL
        if self.selected is not None:
            act = self.drop(f"card:{self.selected}", target)
            if act is not None:
                self.selected = None
            return act
        return None

    def context(self, target: str | None):
        """Right-click: a menu of what this card of mine can do now."""
        c = cid(target)
        if c is None or not self.my_turn or self.view is None or not target.startswith("card:"):
            return None
        acts = self._source_actions(c)
        if c in self.view.hands[self.me]:
            acts = self._plays(c)
        if not acts:
            return None
        self.selected = None
        return self.open_menu(acts, self.name(c), self._near(target))

    def button(self, button_id: str):
        v = self.view
        if v is None:
            return None
        if button_id == "btn:browse:close":
            self.browse = None
            return LOCAL
        if button_id == "btn:pass":
            self.selected, self.menu = None, []
            return Action("pass")
        if button_id == "btn:decline":
            self.selected, self.menu = None, []
            return Action("decline")
        if button_id == "btn:channel":
            acts = self._legal("channel")
            if len(acts) == 1:
                return acts[0]
            if not acts:
                return Action("channel", (v.avatars[self.me][0],))
            return self.open_menu(acts, "Channel energy: exhaust which Avatar?", (1300, 600))
        if button_id == "btn:ignite":
            acts = self._legal("ignite")
            return self.open_menu(acts, "Ignite: deal the damage to…", (1300, 500)) if acts else None
        if button_id == "btn:menu:cancel":
            self.menu = []
            return LOCAL
        if button_id == "btn:menu:more":
            self.menu_page = (self.menu_page + 1) % max(1, (len(self.menu) + MENU_PAGE - 1) // MENU_PAGE)
            return LOCAL
        if button_id.startswith("btn:menu:"):
            i = int(button_id.rsplit(":", 1)[1])
            acts, self.menu = self.menu, []
            return acts[i] if i < len(acts) else LOCAL
        return None

    def key(self, name: str):
        if name == "escape":
            if self.browse or self.menu or self.selected is not None:
                self.browse, self.menu, self.selected = None, [], None
                return LOCAL
            return None
        if self.view is None or not self.my_turn:
            return None
        if name == "h":
            return HINT
        if name in ("enter", "space") and self._window():
            return Action("decline")
        if name == "p" and not self._window():
            return Action("pass")
        if name == "c" and not self._window():
            return self.button("btn:channel")
        return None

    def zoom(self, target: str | None):
        v = self.view
        if v is None or not target:
            return None
        c = cid(target)
        if target.startswith("view:"):
            c = int(target.split(":")[1])
        elif target.startswith("discard:"):
            p = int(target.split(":")[1])
            c = v.discards[p][-1] if v.discards[p] else None
        if c is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return None
        key, compose = self._face(c)
        return key + "/zoom", compose, self._caption(c)

    def _caption(self, c: int) -> str:
        v = self.view
        k = card(v.designs[c])
        side = fx.side(v, c)
        parts = [fx.name(v, c)]
        if v.in_play(c):
            stats = [f"Attack {fx.attack(v, c)}"]
            if fx.max_hp(v, c):
                stats.append(f"HP {fx.hp_left(v, c)}/{fx.max_hp(v, c)}")
            if c in v.shields:
                stats.append("shielded")
            if c in v.exhausted:
                stats.append("exhausted")
            if fx.is_stealthy(v, c):
                stats.append("stealthy")
            parts.append(" · ".join(stats))
        elif k.type != "avatar":
            parts.append(f"{k.cost} energy · {k.type.capitalize()}")
        return "\n".join(parts)

    def glossary(self, target: str | None) -> list[str]:
        """Glossary entries for the card under the pointer (the zoom links to them)."""
        v = self.view
        if v is None or not target:
            return []
        c = int(target.split(":")[1]) if target.startswith("view:") else cid(target)
        if c is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return []
        side = fx.side(v, c)
        from tabletop.games.trials.cards import side_text
        return terms_on(side_text(side), side.keywords)


def _wrap_words(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def _panel_image(size):
    """A dark translucent panel behind a menu or a pile being looked through."""
    from PIL import Image, ImageDraw
    w, h = size
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w - 1, h - 1), radius=14, fill=(18, 22, 28, 236),
                                          outline=(214, 178, 96, 255), width=2)
    return img


def _cover(w: int, h: int):
    """The home tile: an Avatar and two of its cards over a dusk sky."""
    cards = []
    for cid_ in ("hourhand-rapier", "sir-alden-vow-sworn", "rewind-moment"):
        try:
            cards.append(faces.compose_face(cid_))
        except KeyError:
            cards.append(faces.compose_back())
    return fanned_cards(w, h, (26, 24, 56), (66, 34, 46), cards, spread=0.6, lift=8)


_rules = rules_page("tabletop.games.trials")


def _deck_choices(players: int) -> list[tuple[str, object]]:
    from tabletop.games.trials.deckbook import deck_choices
    return deck_choices(players)


def _deck_default(seat: int, players: int, is_bot: bool):
    from tabletop.games.trials.deckbook import default_choice
    return default_choice(seat, players, is_bot)


def _finish(options: dict, seed: int, players: int) -> dict:
    from tabletop.games.trials.deckbook import resolve_choices
    out = dict(options)
    if out.get("decks"):
        out["decks"] = resolve_choices(list(out["decks"]), seed, players)
    return out


def _deck_builder(parent=None):
    from tabletop.shell.deck_builder import DeckBuilderDialog
    from tabletop.games.trials.deckbook import TrialsDeckSpec
    return DeckBuilderDialog(TrialsDeckSpec(), parent)


PRESENTATION = Presentation(
    game_id="trials",
    make_presenter=TrialsPresenter,
    cover=_cover,
    rules_markdown=_rules,
    options=[OptionField("initiative", "First initiative",
                         [("Drawn by lot", None), ("Seat 1", 0), ("Seat 2", 1)], None)],
    seat_key="decks",
    seat_label="Deck",
    seat_choices=_deck_choices,
    seat_default=_deck_default,
    finish_options=_finish,
    deck_builder=_deck_builder,
)
