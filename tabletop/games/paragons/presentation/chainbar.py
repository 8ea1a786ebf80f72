"""The middle of the Paragons table: the Mercenary Pool beside the Neutral Mercenary Deck, the Mana
Threshold d10 with the game and round, the reaction chain built one link at a time (the last
link, at the right, resolves first), attack arrows over the table, and the banner that says
what this seat is asked: "Defend?", "React or pass", "Choose again", the mulligan.
"""

from __future__ import annotations

from functools import partial

from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.stack_item import (ABILITY, ATTACK, BEGIN, CASTER, DEFEND, END, GARRISON,
                                                       HIDE, MERC, RECRUIT, SPELL)
from tabletop.games.paragons.engine.state import MULLIGAN, OVER
from tabletop.games.paragons.presentation import faces
from tabletop.games.paragons.presentation import words as say
from tabletop.games.paragons.presentation.style import GOLD, INK, MANA, MUTED, ArrowSprite, card_sid, short
from tabletop.table import compact
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.sprites import CardSprite

LINK_TITLES = {MERC: "Mercenary", SPELL: "Spell", HIDE: "Face down", ATTACK: "Attack", DEFEND: "Defence",
               ABILITY: "Ability", CASTER: "Caster shot", GARRISON: "Garrison", RECRUIT: "Recruit",
               BEGIN: "Turn begins", END: "Turn ends", "void": "Cancelled"}
ANSWER_PAGE = 6
NAME_SIZE = 13            # a pool or chain card's name under it (lifted to the text floor)
CARD_RATIO = 106 / 76


class Chain(Part):
    """Draws the middle zone, the arrows and the controls beside the hand."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.answer_page = 0                     # the page of the banner's re-choice buttons

    def put_fit(self, lid, text, x, y, size, color, seen, anchor="midtop", bold=False, maxw=520.0) -> None:
        """A label cut short (with an ellipsis) until it is at most `maxw` wide."""
        t = self.table
        t.put_label(lid, text, x, y, size, color, seen, anchor, bold)
        s = t.scene.get(lid)
        while s.rect[2] > maxw and len(s.text) > 4:
            s.text = s.text[:max(4, int(len(s.text) * maxw / s.rect[2]) - 1)].rstrip() + "…"

    def put_wrapped(self, lids, text, x, y, size, color, seen, line_h, maxw=520.0) -> None:
        """`text` on as many of the labels `lids` as it needs, one under another, broken between
        words (a banner's sentence is never cut in the middle of a word)."""
        lines = self.table.wrap_to(text, size, maxw)
        if len(lines) > len(lids):          # no room for more lines: the last one says the rest
            lines[len(lids) - 1:] = [" ".join(lines[len(lids) - 1:])]
        for k, line in enumerate(lines):
            self.put_fit(lids[k], line, x, y + k * line_h, size, color, seen, "midtop", maxw=maxw)

    # --- the pool and the threshold ------------------------------------------------------------
    def draw_middle(self, seen) -> None:
        t = self.table
        v = t.view
        x0, y0, w, h = t.layout.zones["middle"].rect
        # each pool card names itself on a strip under it (two lines at most, as wide as its
        # words): the cards are as tall as the zone leaves above the strips
        line = t.text_size(NAME_SIZE) * 1.1
        title_h = t.text_size(15) + 2
        ch = max(40.0, h - title_h - 2 * line - 6)
        size = (min(76.0, ch / CARD_RATIO), min(106.0, ch))
        top = y0 + title_h
        t.put_label("lbl:pool", "Mercenary Pool", x0 + 112, y0 + 0, 15, GOLD, seen, bold=True)
        n = len(v.neutral_deck)
        if n:
            s = t._card("pile:neutral", None, x0 + 12, top, size, 80, seen, face_up=False)
            s.badge = str(n)
            s.tooltip = f"Neutral Mercenary Deck: {n} cards (it refills the Pool)"
        recruits = {A.RECRUIT.card(a) for a in t.legal_of(A.RECRUIT.kind)}
        x = x0 + 12 + size[0] + 10
        for k, c in enumerate(v.pool):
            lines, slot = t.name_lines(t.name(c), NAME_SIZE, size[0])
            # the picture only: a card this small has no room for words (its strip names it)
            s = t._card(card_sid(c), c, x + (slot - size[0]) / 2, top, size, 90, seen,
                        draggable=t.my_turn and c in recruits, table="thumb")
            price = 3 if card(v.designs[c]).tier == "greater" else 2
            s.tooltip = f"Recruit for {price} mana (less any discount): click it, or drag it to your hand"
            s.dim = t.my_turn and not self._in_mulligan() and c not in recruits and not self._pool_target(c)
            t.put_name_strip(f"lbl:poolname:{k}", lines, x + slot / 2, top + size[1] + 2, line, NAME_SIZE, INK,
                             seen)
            x += slot + 10
        game = f"Game {v.game_no}" + (f" of {v.best_of}" if v.best_of > 1 else "")
        # the three lines under the die are centred on it: the widest of them, as the text floor
        # lifts it on a small window, starts right of the last pool card
        widest = max(t.font(13).size("Mana Threshold")[0], t.font(15, True).size(game)[0])
        tx = max(x + 10, x - 46 + widest / 2 + 4, x0 + 12 + 6 * (76 + 10) + 20)
        t.put_die("threshold", 10, max(1, v.threshold()), MANA, tx + 14, y0 + 4, 64, seen,
                  f"Mana Threshold: {v.threshold()} (the round, at most 10)")
        # three lines under the die, each below the last at the size it is drawn
        y = y0 + 68
        t.put_label("lbl:threshold", "Mana Threshold", tx + 46, y, 13, MUTED, seen, "midtop")
        y += max(18, t.text_size(13) + 3)
        t.put_label("lbl:game", game, tx + 46, y, 15, INK, seen, "midtop", True)
        y += max(20, t.text_size(15) + 3)
        t.put_label("lbl:round", f"Round {max(1, v.round)}", tx + 46, y, 15, GOLD, seen, "midtop", True)
        # the chain starts right of the widest of the three lines under the die
        cx = tx + 46 + max(78.0, widest / 2 + 12)
        banner_w = 560
        self._sync_chain(cx, y0, x0 + w - banner_w - 16 - cx, h, seen)
        self._sync_banner(x0 + w - banner_w, y0 - 2, banner_w, h + 4, seen)

    def _pool_target(self, c: int) -> bool:
        t = self.table
        return bool(t.selected is not None and card_sid(c) in t.drag_targets(card_sid(t.selected)))

    # --- the chain -----------------------------------------------------------------------------
    def _sync_chain(self, x, y, w, h, seen) -> None:
        t = self.table
        v = t.view
        links = list(v.stack) + ([v.pending] if v.pending is not None else [])
        if not links:
            t.put_label("lbl:chain", "No chain: the table is quiet", x + w / 2, y + h / 2, 16, MUTED, seen,
                        "center")
            return
        t.put_label("lbl:chain", f"Reaction chain · {len(links)} link{'s' if len(links) > 1 else ''}"
                                    " · the last one resolves first", x, y + 0, 15, MUTED, seen)
        # each link names its card under it (its kind first where the card alone does not say
        # it: "Attack", "Garrison"): the cards are as tall as the zone leaves above the words
        strips = [self._link_words(link, i == len(links) - 1 and v.pending is not None) for i, link in enumerate(links)]
        line = t.text_size(NAME_SIZE) * 1.1
        head = t.text_size(15) + 4
        most = max(len(ls) for ls in strips)
        ch = max(40.0, min(92.0, h - head - most * line - 4))
        size = (ch * 66 / 92, ch)
        widths = [max([size[0]] + [t.font(NAME_SIZE, True).size(ln)[0] for ln in ls]) for ls in strips]
        n = len(links)
        lx = x
        # side by side as wide as their words, squeezed (overlapping) only where the room ends
        need = sum(widths) + 12 * (n - 1)
        squeeze = min(1.0, (w - widths[-1]) / max(1.0, need - widths[-1])) if n > 1 else 1.0
        for i, link in enumerate(links):
            pending = v.pending is not None and i == n - 1
            top = i == n - 1
            self._link_sprite(i, link, lx + (widths[i] - size[0]) / 2, y + head, size, seen, top=top,
                              pending=pending)
            t.put_name_strip(f"lbl:lnk:{i}", strips[i], lx + widths[i] / 2, y + head + size[1] + 1, line,
                             NAME_SIZE, GOLD if top else INK, seen, bold=top)
            lx += (widths[i] + 12) * squeeze

    def _link_words(self, link, pending: bool) -> list[str]:
        """The words under a link's card: its card's name (in two lines at most), after the
        link's kind where the name alone does not say what happens."""
        t = self.table
        title = ("Again: " if pending else "") + LINK_TITLES.get(link.kind, link.kind)
        named = link.kind in (MERC, SPELL, ATTACK, DEFEND, ABILITY, CASTER, GARRISON, RECRUIT)
        name = None
        if named and link.design:
            name = card(link.design).name
        elif named and link.card >= 0 and t.view.designs.get(link.card):
            name = t.name(link.card)
        if name is None:
            return [title]
        lines, _ = t.name_lines(name, NAME_SIZE, 0, True)
        return lines if link.kind in (MERC, SPELL) and not pending else [title] + lines

    def _link_sprite(self, i, link, x, y, size, seen, top: bool, pending: bool) -> None:
        t = self.table
        v = t.view
        kind = link.kind
        z = 400 + i
        if link.holds_card and link.card in v.designs:
            s = t._card(card_sid(link.card), link.card, x, y, size, z, seen)
        else:
            sid = SpriteId("lnk", i)
            design = link.design or (v.designs.get(link.card, "") if link.card >= 0 else "")
            if design:
                key, compose = compact.key(faces.face_key(design), False), partial(faces.compose_compact, design, False)
            else:
                key, compose = None, None
            s = t.scene.get(sid)
            if s is None or not isinstance(s, CardSprite):
                s = CardSprite(sid, face_key=key, compose_face=compose, back_key=faces.back_key(),
                               compose_back=faces.compose_back, face_up=key is not None, x=x, y=y,
                               w=size[0], h=size[1], z=z)
                t.scene.put(s)
            else:
                s.face_key, s.compose_face, s.face_up = key, compose, key is not None
                s.w, s.h, s.z = size[0], size[1], z
                t.scene.move(sid, x, y)
            seen.add(sid)
            s.dim = kind == "void"
        s.highlight = "select" if top else None
        s.tooltip = self.link_text(link)

    def link_text(self, link) -> str:
        """A link in words, for its tooltip and the banner."""
        t = self.table
        who = t._seat_name(link.seat)
        kind = link.kind
        at = link.targets[0] if link.targets else None
        aim = f" → {t.target_name(at)}" if at is not None else ""
        if kind in (MERC, SPELL):
            nm = card(link.design).name if link.design else t.name(link.card)
            return f"{who}: {nm}{aim}"
        if kind == HIDE:
            return f"{who}: a card put face down"
        if kind == ATTACK:
            return f"{t.name(link.card)} attacks {t.target_name(at)}"
        if kind == DEFEND:
            return f"{t.name(link.card)} defends against {t.name(link.index)}"
        if kind == ABILITY:
            return f"{t.name(link.card)}'s ability{aim}"
        if kind == CASTER:
            return f"{t.name(link.card)} shoots{aim}"
        if kind == GARRISON:
            return f"{who} garrisons {t.name(link.card)}"
        if kind == RECRUIT:
            return f"{who} Recruits {t.name(link.card)}"
        if kind == BEGIN:
            return f"{who}: the turn has begun; others may play spells first"
        if kind == END:
            return f"{who} would end the turn; others may play spells first"
        return "A cancelled link"

    # --- arrows ------------------------------------------------------------------------------------
    def draw_arrows(self, seen) -> None:
        """From each attacker on the chain to its target, and from a defender to the attacker it stops."""
        t = self.table
        v = t.view
        if v is None or v.phase == OVER:
            return
        for i, link in enumerate(v.stack):
            if link.kind == ATTACK and link.targets:
                # once a defender stands in the way, the blow goes to it
                d = v.defenders.get(link.card)
                aim = card_sid(d) if d is not None and d >= 0 else t.target_sprite(link.targets[0])
                self._arrow(f"arrow:{i}", card_sid(link.card), aim, seen, (232, 70, 58))
            elif link.kind == CASTER and link.targets:
                self._arrow(f"arrow:{i}", card_sid(link.card), t.target_sprite(link.targets[0]), seen,
                            (170, 90, 230))
            elif link.kind == DEFEND:
                self._arrow(f"arrow:{i}", card_sid(link.card), card_sid(link.index), seen, (80, 160, 240))

    def _arrow(self, aid, src, dst, seen, color) -> None:
        t = self.table
        a, b = t.scene.get(src), t.scene.get(dst) if dst else None
        if a is None or b is None:
            return
        s = t.scene.get(aid)
        if s is None or not isinstance(s, ArrowSprite):
            s = ArrowSprite(aid, z=1500)
            t.scene.put(s)
        s.color = color
        # aim at where the pieces are going, not where an animation has them now
        ax, ay = self._dest(src, a)
        bx, by = self._dest(dst, b)
        start, end = (ax + a.w / 2, ay + a.h / 2), (bx + b.w / 2, by + b.h / 2)
        # the head stops at the target's edge, so its number (a Life die, a card's cost) stays readable
        dx, dy = end[0] - start[0], end[1] - start[1]
        dist = max(1.0, (dx * dx + dy * dy) ** 0.5)
        back = min(dist * 0.4, min(b.w, b.h) * 0.5)
        s.place(start, (end[0] - dx / dist * back, end[1] - dy / dist * back))
        seen.add(aid)

    def _dest(self, sid, sprite) -> tuple[float, float]:
        t = self.table
        anim = t.scene.anim
        x, y = anim.target(sid, "x"), anim.target(sid, "y")
        return (sprite.x if x is None else x, sprite.y if y is None else y)

    # --- the banner -----------------------------------------------------------------------------------
    def _sync_banner(self, x, y, w, h, seen) -> None:
        t = self.table
        v = t.view
        t.put_panel("banner:back", x, y, w, h, seen, z=350, fill=(14, 18, 24, 200),
                  outline=(214, 178, 96, 150))
        cx = x + w / 2
        if v.phase == OVER:
            self.put_fit("lbl:banner", "The match is over", cx, y + 22, 30, GOLD, seen, "midtop", True)
            self.put_fit("lbl:banner2", say.result_line(v, t.voice()), cx, y + 70, 16, INK, seen, "midtop")
            return
        if self._in_mulligan():
            self._mulligan_banner(x, y, w, h, seen)
            return
        if v.pending is not None:
            if t.my_turn:
                self.put_fit("lbl:banner", "Choose again", cx, y + 8, 28, GOLD, seen, "midtop", True)
                self.put_wrapped(("lbl:banner2",), f"{self.link_text(v.pending)}: pick anew",
                                 cx, y + 40, 16, INK, seen, 22)
                self._answer_buttons(t.legal_of(A.RECHOOSE.kind), x + 12, y + 70, w - 24, seen)
            else:
                self.put_fit("lbl:banner", f"{t._seat_name(v.pending.seat)} is choosing again…", cx,
                               y + 40, 22, INK, seen, "midtop", True)
            return
        if v.stack:
            top = v.stack[-1]
            if t.my_turn and t.legal_of(A.DEFEND.kind):
                att = A.DEFEND.attacker(t.legal_of(A.DEFEND.kind)[0])
                self.put_fit("lbl:banner", "Defend?", cx, y + 4, 28, GOLD, seen, "midtop", True)
                self.put_wrapped(("lbl:banner2", "lbl:banner3", "lbl:banner4"),
                                 f"{t.name(att)} attacks. Click a glowing mercenary to stand in the way, "
                                 "or drag it onto the attacker.", cx, y + 40, 16, INK, seen, 22)
                t.put_button("btn:nodef", "No defence", x + w / 2 - 130, y + h - 48, 260, True, True, seen, h=40)
                return
            if t.my_turn and top.kind in (BEGIN, END) and len(v.stack) == 1:
                # a moment of another player's turn: spells now, or the turn goes on (or ends)
                who = t._seat_name(top.seat)
                title = f"{who}'s turn has begun" if top.kind == BEGIN else f"{who} would end the turn"
                self.put_fit("lbl:banner", title, cx, y + 4, 26, GOLD, seen, "midtop", True)
                self.put_fit("lbl:banner2", "You may play a spell first.", cx, y + 40, 17, INK, seen, "midtop")
                self.put_fit("lbl:banner3", "What you can play glows: drag it, or right-click it.", cx, y + 63,
                             15, MUTED, seen, "midtop")
                t.put_button("btn:decline", "Pass: let the turn go on" if top.kind == BEGIN
                             else "Pass: let the turn end", x + w / 2 - 150, y + h - 48, 300, True, True,
                             seen, h=40)
            elif t.my_turn:
                self.put_fit("lbl:banner", "React or pass", cx, y + 4, 28, GOLD, seen, "midtop", True)
                self.put_fit("lbl:banner2", "Last link: " + short(self.link_text(top), 52), cx, y + 40, 17, INK,
                               seen, "midtop")
                answers = [a for a in t.legal if not A.DECLINE.matches(a)]
                tip = ("What you can answer with glows: drag it, or right-click a mercenary."
                       if answers else "You have nothing to answer with.")
                self.put_fit("lbl:banner3", tip, cx, y + 63, 15, MUTED, seen, "midtop")
                t.put_button("btn:decline", "Pass: let it resolve", x + w / 2 - 150, y + h - 48, 300, True,
                             True, seen, h=40)
            else:
                p = t._to_act()
                self.put_fit("lbl:banner", f"{t._seat_name(p)} may react…", cx, y + 26, 24, INK, seen,
                               "midtop", True)
                self.put_wrapped(("lbl:banner2", "lbl:banner3"), "Last link: " + self.link_text(top), cx,
                                 y + 66, 15, MUTED, seen, 20)
            return
        p = t._to_act()
        if t.my_turn:
            self.put_fit("lbl:banner", "Your turn", cx, y + 14, 32, GOLD, seen, "midtop", True)
            mana = t.view.mana[t.me]
            what = f"{mana} mana to spend: play, attack, Recruit." if mana else "No mana left: attack, or end your turn."
            self.put_fit("lbl:banner2", what, cx,
                           y + 56, 18, INK, seen, "midtop")
            self.put_fit("lbl:banner3", "Right-click a mercenary for its abilities.", cx, y + 84, 15,
                           MUTED, seen, "midtop")
        elif p is not None:
            self.put_fit("lbl:banner", f"{t._seat_name(p)} is playing…", cx, y + 40, 24, INK, seen,
                           "midtop", True)

    def _mulligan_banner(self, x, y, w, h, seen) -> None:
        t = self.table
        cx = x + w / 2
        if not t.my_turn:
            p = t._to_act()
            self.put_fit("lbl:banner", f"{t._seat_name(p)} decides on a mulligan…", cx, y + 40, 22, INK,
                           seen, "midtop", True)
            return
        n = len(t.marked)
        self.put_fit("lbl:banner", "Mulligan", cx, y + 6, 30, GOLD, seen, "midtop", True)
        self.put_fit("lbl:banner2", "Click cards to send back; you draw as many new ones.",
                       cx, y + 44, 16, INK, seen, "midtop")
        bw = (w - 36) / 2
        t.put_button("btn:keep", "Keep this hand", x + 12, y + h - 58, bw, True, n == 0, seen, h=46)
        t.put_button("btn:mull", f"Send back {n} card{'s' if n != 1 else ''}" if n else "Send back…",
                     x + 24 + bw, y + h - 58, bw, n > 0, n > 0, seen, h=46)

    def _answer_buttons(self, answers, x, y, w, seen) -> None:
        """One button per answer (three a row), paged when there are many."""
        t = self.table
        pages = max(1, (len(answers) + ANSWER_PAGE - 1) // ANSWER_PAGE)
        self.answer_page %= pages
        shown = answers[self.answer_page * ANSWER_PAGE:(self.answer_page + 1) * ANSWER_PAGE]
        slots = shown + ([None] if pages > 1 else [])
        cols = min(3, max(1, len(slots)))
        bw = (w - 8 * (cols - 1)) / cols
        for k, a in enumerate(slots):
            bx, by = x + (k % cols) * (bw + 8), y + (k // cols) * 38
            if a is None:
                t.put_button("btn:ans:more", f"More… ({self.answer_page + 1}/{pages})", bx, by, bw, True, False,
                             seen, h=34)
                continue
            i = answers.index(a)
            label = t.words(a.label)
            text = label[len("Instead: "):] if label.startswith("Instead: ") else label
            text = text.replace("aim it at ", "").replace("play it to ", "")
            bid = SpriteId("btn", "ans", i)
            t.put_button(bid, short(text[0].upper() + text[1:], 34), bx, by, bw, True, False, seen, h=34)
            t.scene.get(bid).tooltip = label

    # --- the controls beside the hand -----------------------------------------------------------------
    def draw_controls(self, seen) -> None:
        t = self.table
        v = t.view
        x, y, w, h = t.layout.zones["controls"].rect
        if v.phase == OVER or self._in_mulligan():
            return
        main = bool(t.legal_of(A.END_TURN.kind))
        if t.my_turn and main:
            t.put_button("btn:end", "End turn", x + 10, y + 20, w - 20, True,
                         t.selected is None and not t.menu.actions, seen, h=56)
        if t.selected is not None or t.menu.actions:
            t.put_button("btn:cancel", "Cancel", x + 10, y + 90, w / 2 - 15, True, False, seen, h=44)
        t.full.put_button(x + w / 2 + 5, y + 90, w / 2 - 15, seen, h=44)
        tips = ["Space: end turn or pass", "Esc: cancel · H: hint"] if t.my_turn else []
        for k, tip in enumerate(tips):
            t.put_label(f"lbl:keys:{k}", tip, x + w / 2, y + h - 50 + k * 22, 15, MUTED, seen, "midtop")

    def _in_mulligan(self) -> bool:
        t = self.table
        return t.view is not None and t.view.phase == MULLIGAN
