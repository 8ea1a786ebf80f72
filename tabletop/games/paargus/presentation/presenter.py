"""The Paargus table: hands, the sky tableau, the draw deck, both arrays of
fanned conjunctions, chips, and a conjunction builder where the player drags
cards, reorders the fan and sees which alignment symbols will count before
confirming. Legality always comes from the engine's legal actions."""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.paargus.engine import actions, conjunctions as cj
from tabletop.games.paargus.presentation import faces
from tabletop.games.paargus.presentation.narrate import NARRATE
from tabletop.games.paargus.presentation.sounds import SOUNDS
from tabletop.games.paargus.engine.cards import (EAST, POINTS, QUADRANT_NAMES, QUADRANTS, card,
                                          cards, sigil_name)
from tabletop.games.paargus.engine.state import CONJOIN, HAND_LIMIT, HAND_OVER, MATCH_OVER, TABLEAU
from tabletop.table import cardfit
from tabletop.table.cover import fanned_cards, rules_page
from tabletop.table.fonts import font
from tabletop.table.layout import Layout
from tabletop.table.playback import GREEN, RED
from tabletop.table.presenter import (GOLD, INK, LOCAL, MUTED, OptionField, Presentation, Presenter,
                                      html_table)
from tabletop.table.sprites import CardSprite, ChipStack
from tabletop.table.ids import SpriteId, number, sprite_id

QUADRANT_SHORT = {1: "NW", 2: "SW", 3: "NE", 4: "SE"}
# Cards are sized from their zones (tabletop.table.cardfit): these are the bounds.
ASPECT = 1.4
HAND_MAX = 150             # a hand card's widest (medium) size
ARRAY_CARD = (128, 180)    # a conjunction's card at most (then as the zone's height allows)
OPP_CARD = (80, 112)
TABLE_CARD = (120, 168)    # the deck and the builder's fan (its words stand beside it)
TABLEAU_MAX = 150
HAND_ROOM = {"top": 12, "left": 150}     # the hand's part of its zone: right of the caption


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def cid(sprite_id: str | None) -> int | None:
    """The card a sprite shows (card:…)."""
    return number(sprite_id, "card")


class PaargusPresenter(Presenter):
    auto_pass_kinds = kinds(actions.END_TURN)
    narrator = NARRATE
    sounds = SOUNDS
    important_kinds = frozenset({"hand_end", "match_end", "conjoin", "trail"})
    button_z = 500

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        self.layout = scene.layout if scene.layout.zones else Layout.load("paargus", 2)
        if scene.layout is not self.layout:
            scene.set_layout(self.layout)
        self.builder: list[int] = []          # cards staged for a conjunction (UI only)
        self.quadrant: int | None = None      # the builder's chosen quadrant
        self.selected: int | None = None      # click-and-click: the chosen hand card
        self.places: dict[int, str] = {}      # where each visible card was last drawn

    # --- helpers over the legal actions --------------------------------------------------
    @property
    def palette(self) -> str:
        return getattr(self.settings, "palette", "normal")

    def _face(self, c: int, compact: bool = True):
        """(key, compose) of card `c`: the table's compact face (no words), or the full one (zoom)."""
        return (faces.face_key(c, self.palette, compact),
                partial(faces.compose_face, c, self.palette, compact=compact))

    def faces_to_warm(self) -> list:
        ids = range(len(cards()))
        return self.warm_list(ids, lambda c: self._face(c, compact=False), self._face)

    def _back(self):
        return faces.back_key(self.palette), partial(faces.compose_back, self.palette)

    def _trade_targets(self, h: int) -> set[int]:
        trades = self.legal_of(actions.TRADE.kind)
        return {actions.TRADE.take(a) for a in trades if actions.TRADE.give(a) == h}

    def _trail_targets(self, c: int) -> set[int]:
        trails = self.legal_of(actions.TRAIL.kind)
        return {actions.TRAIL.conjunction(a) for a in trails if actions.TRAIL.card(a) == c}

    def _in_some_conjunction(self, c: int) -> bool:
        staged = set(self.builder)
        for a in self.legal_of(actions.CONJOIN.kind):
            fan = set(actions.CONJOIN.fan(a))
            if c in fan and staged <= fan:
                return True
        return False

    def _builder_quadrants(self) -> list[int]:
        """Quadrants in which every staged card shows the same sigil."""
        if not self.builder:
            return []
        return [q for q in QUADRANTS if cj.matches(self.builder, q)]

    def _builder_action(self) -> Action | None:
        qs = self._builder_quadrants()
        if len(self.builder) != 3 or not qs:
            return None
        q = self.quadrant if self.quadrant in qs else qs[0]
        return actions.CONJOIN(q, tuple(self.builder))

    def _builder_is_legal(self) -> bool:
        a = self._builder_action()
        if a is None:
            return False
        q, fan = actions.CONJOIN.quadrant(a), actions.CONJOIN.fan(a)
        canon = tuple(sorted(fan[:2])) + (fan[2],)
        return actions.CONJOIN(q, canon) in self.legal

    # --- sync ---------------------------------------------------------------------------
    def viewer_of(self, view) -> int | None:
        return view.seat

    @property
    def opp(self) -> int:
        return 1 - self.me

    def forget_stale(self) -> None:
        view, me = self.view, self.me
        if view.phase != CONJOIN or not self.my_turn:
            self.builder, self.quadrant = [], None
        self.builder = [c for c in self.builder if c in view.hands[me]]
        if self.selected not in view.hands[me]:
            self.selected = None

    def draw(self, seen, events) -> None:
        view = self.view
        self._sync_hands(view, seen)
        self._sync_tableau(view, seen)
        self._sync_arrays(view, seen)
        self._sync_builder(seen)
        self._sync_deck_and_chips(view, seen)
        self._sync_buttons(view, seen)

    def _card_sprite(self, c: int, x: float, y: float, size, z: float, seen: set, place: str,
                     face_up: bool = True, clip: str | None = None, draggable: bool = False):
        sid = f"card:{c}"
        spawn = self._spawn(place, size) if self.scene.get(sid) is None else None
        sprite = self.put_card(sid, self._face(c), self._back(), x, y, size, z, seen,
                               face_up=face_up, draggable=draggable, clip=clip, spawn=spawn)
        self.places[c] = place
        return sprite

    def floats_of(self, event):
        """The chips a hand's loser pays rise from both stacks."""
        d = event.data
        if event.kind != "hand_end" or d.get("winner") is None or not d.get("paid"):
            return []
        return [(f"chips:{d['winner']}", f"+{d['paid']}", GREEN),
                (f"chips:{d['loser']}", f"-{d['paid']}", RED)]

    def _spawn(self, place: str, size) -> tuple[float, float]:
        """Where a card that just became visible comes from."""
        zones = self.layout.zones
        if place in ("my_hand", "builder"):
            z = zones["deck"]
        elif place == "opp_hand":
            z = zones["deck"]
        else:
            z = zones["opp_hand"]
        cx, cy = z.center
        return cx - size[0] / 2, cy - size[1] / 2


    def _sync_hands(self, view, seen) -> None:
        me, opp = self.me, self.opp
        hand = [c for c in view.hands[me] if c not in self.builder]
        hand.sort(key=lambda c: (card(c).sigils[0], c))      # sigil order makes trades easy to spot
        # beside the zone's caption rather than under it: the cards get the zone's whole height
        size = self.hand_card("my_hand", len(hand), ASPECT, HAND_MAX, **HAND_ROOM)
        zone = self.layout.zones["my_hand"]
        for i, (c, (x, y)) in enumerate(zip(hand, cardfit.row(cardfit.room(zone.rect, **HAND_ROOM), len(hand), size))):
            self._card_sprite(c, x, y, size, 100 + i, seen, "my_hand", draggable=self.my_turn)
        # the opponent: known cards face up, the rest as backs
        known = list(view.hands[opp])
        n = view.hand_size(opp)
        zone = self.layout.zones["opp_hand"]
        slots = zone.positions(n, OPP_CARD)
        for i, (x, y) in enumerate(slots):
            if i < len(known):
                self._card_sprite(known[i], x, y + 8, OPP_CARD, 100 + i, seen, "opp_hand")
            else:
                sid = f"back:{i}"
                bkey, bcompose = self._back()
                if self.scene.get(sid) is None:
                    dx, dy = self.layout.zones["deck"].center
                    self.scene.put(CardSprite(sid, face_up=False, back_key=bkey, compose_back=bcompose,
                                              x=dx, y=dy, w=OPP_CARD[0], h=OPP_CARD[1], z=100 + i))
                self.scene.move(sid, x, y + 8)
                seen.add(sid)

    def _sync_tableau(self, view, seen) -> None:
        zone = self.layout.zones["tableau"]
        # as tall as the zone under its caption; a long tableau overlaps (each card's west half shows)
        box = cardfit.room(zone.rect)
        size = cardfit.fit_size(1, box[2], box[3], ASPECT, largest=TABLEAU_MAX)
        for i, (c, (x, y)) in enumerate(zip(view.tableau, cardfit.row(box, len(view.tableau), size))):
            self._card_sprite(c, x, y, size, 50 + i, seen, "tableau")

    def _fan_positions(self, conj_cards, quadrant: int, x0: float, w: float):
        """(x offset, clip) of each card of a fan: buried cards show only the matched half."""
        out = []
        n = len(conj_cards)
        for k in range(n):
            top = k == n - 1
            if quadrant in EAST:
                out.append((x0 + (n - 1 - k) * w / 2, None if top else "right"))
            else:
                out.append((x0 + k * w / 2, None if top else "left"))
        return out

    def _sync_arrays(self, view, seen) -> None:
        for seat, zone_id in ((self.me, "my_array"), (self.opp, "opp_array")):
            zone = self.layout.zones[zone_id]
            # under the caption (30) with a line of words below (24), as the zone's height allows
            h = min(ARRAY_CARD[1], zone.rect[3] - 30 - 24)
            w = h / ASPECT
            conjs = view.arrays[seat]
            widths = [2 * w + len(c.trailing) * (w + 10) for c in conjs]
            gap = 34
            total = sum(widths) + gap * max(0, len(conjs) - 1)
            scale = min(1.0, (zone.rect[2] - 20) / total) if total else 1.0
            cw, ch = w * scale, h * scale
            x = zone.rect[0] + 10
            y = zone.rect[1] + 30
            for i, conj in enumerate(conjs):
                for k, (c, (cx, clip)) in enumerate(zip(conj.fan, self._fan_positions(conj.fan, conj.quadrant, x, cw))):
                    self._card_sprite(c, cx, y, (cw, ch), 10 + i * 10 + k, seen, zone_id, clip=clip)
                tx = x + 2 * cw + 10 * scale
                for j, c in enumerate(conj.trailing):
                    self._card_sprite(c, tx + j * (cw + 10 * scale), y, (cw, ch), 10 + i * 10 + 5 + j,
                                      seen, zone_id)
                n = cj.alignments(conj)
                lid = f"lbl:conj:{seat}:{i}"
                text = (f"{sigil_name(card(conj.fan[0]).sigil(conj.quadrant))} · "
                        f"{QUADRANT_SHORT[conj.quadrant]} · {cj.points(conj)} pts"
                        + (f" · {n}★" if n else ""))
                self._label(lid, text, x, y + ch + 3, 15, GOLD if n else MUTED, seen)
                x += widths[i] * scale + gap

    def _label(self, lid: str, text: str, x: float, y: float, size: int, color, seen,
                anchor: str = "topleft", bold: bool = False) -> None:
        """Text on the table; each line of `text` is its own label sprite."""
        for i, line in enumerate(text.split("\n")):
            sid = lid if i == 0 else f"{lid}:{i}"
            ly = y + i * size * 1.3
            self.put_label(sid, line, x, ly, size, color, seen, anchor, bold, z=400)

    def _sync_builder(self, seen) -> None:
        zone = self.layout.zones["builder"]
        w, h = TABLE_CARD
        qs = self._builder_quadrants()
        q = self.quadrant if self.quadrant in qs else (qs[0] if qs else 1)
        x0 = zone.rect[0] + 20
        y0 = zone.rect[1] + 30
        counting = {c for c, _ in cj.showing_symbols(self.builder, q)} if self.builder else set()
        for k, (c, (x, clip)) in enumerate(zip(self.builder, self._fan_positions(self.builder, q, x0, w))):
            sprite = self._card_sprite(c, x, y0, TABLE_CARD, 300 + k, seen, "builder", clip=clip,
                                       draggable=True)
            if c in counting:
                sprite.badge = "★"
        tx = zone.rect[0] + zone.rect[2] - 196
        if not self.builder:
            if self.my_turn and self.view.phase == CONJOIN:
                self._label("lbl:builder", "Drag three matching\ncards here to build\na conjunction.",
                            zone.rect[0] + 24, y0 + 30, 17, MUTED, seen)
            return
        if len(self.builder) < 3 or not qs:
            text = (f"{len(self.builder)} of 3 cards" if qs else "These cards share no sigil\nin any quadrant.")
        else:
            a = cj.fan_alignments(tuple(self.builder), q)
            text = (f"{sigil_name(card(self.builder[0]).sigil(q))}\n{QUADRANT_NAMES[q]}\n"
                    f"{3 * POINTS[q]} points\n{a} alignment{'s' if a != 1 else ''} show")
        self._label("lbl:builder", text, tx, y0, 17, GOLD if qs else (230, 120, 100), seen)

    def _sync_deck_and_chips(self, view, seen) -> None:
        zone = self.layout.zones["deck"]
        bkey, bcompose = self._back()
        n = view.deck_size()
        x = zone.rect[0] + (zone.rect[2] - TABLE_CARD[0]) / 2
        y = zone.rect[1] + 40
        if n:
            deck = self.scene.get("deck")
            if deck is None:
                deck = CardSprite("deck", face_up=False, back_key=bkey, compose_back=bcompose,
                                  x=x, y=y, w=TABLE_CARD[0], h=TABLE_CARD[1], z=20)
                self.scene.put(deck)
            deck.back_key, deck.compose_back = bkey, bcompose
            deck.x, deck.y = x, y            # the zone moves when the table is refitted
            deck.badge = str(n)
            seen.add("deck")
        for seat, zid in ((self.me, "my_chips"), (self.opp, "opp_chips")):
            z = self.layout.zones[zid]
            sid = f"chips:{seat}"
            stack = self.scene.get(sid)
            color = (200, 60, 60) if seat == 0 else (60, 110, 200)
            if stack is None:
                stack = ChipStack(sid, amount=view.chips[seat], color=color, radius=34,
                                  x=z.rect[0] + 14, y=z.rect[1] + 16, z=30)
                self.scene.put(stack)
            stack.amount = view.chips[seat]
            stack.x, stack.y = z.rect[0] + 14, z.rect[1] + 16
            seen.add(sid)
            turn = "  ◀ to play" if view.turn == seat and view.phase != MATCH_OVER else ""
            room = z.rect[2] - 108 - font(20, True).size(turn)[0]
            name = self.elide(self.seat_names[seat], 20, room, bold=True)
            self._label(f"lbl:name:{seat}", f"{name}{turn}", z.rect[0] + 100, z.rect[1] + 22, 20,
                        GOLD if turn else INK, seen, bold=True)
            al = sum(cj.alignments(c) for c in view.arrays[seat])
            pts = sum(cj.points(c) for c in view.arrays[seat])
            self._label(f"lbl:stats:{seat}", f"{view.chips[seat]} chips\n{plural(al, 'alignment')} · {pts} pts",
                        z.rect[0] + 100, z.rect[1] + 52, 16, MUTED, seen)

    def _sync_buttons(self, view, seen) -> None:
        if not self.my_turn:
            return
        z = self.layout.zones["controls"]
        x, y, w = z.rect[0] + 10, z.rect[1] + 10, z.rect[2] - 20
        if view.phase == TABLEAU:
            draws = self.legal_of(actions.DRAW.kind)
            text = draws[0].label if draws else "Draw"
            self.put_button("btn:draw", text, x, y, w, bool(draws), True, seen)
        elif view.phase == CONJOIN:
            self.put_button("btn:end", "End turn", x, y + 56, w,
                            bool(self.legal_of(actions.END_TURN.kind)), not self.builder, seen)
            bz = self.layout.zones["builder"]
            bx = bz.rect[0] + bz.rect[2] - 196
            if self.builder:
                self.put_button("btn:confirm", "Confirm", bx, bz.rect[1] + 136, 180,
                                self._builder_is_legal(), True, seen)
                self.put_button("btn:clear", "Clear", bx, bz.rect[1] + 188, 180, True, False, seen)
                qs = self._builder_quadrants()
                if len(self.builder) == 3 and len(qs) > 1:     # the same sigil in two quadrants
                    chosen = self.quadrant if self.quadrant in qs else qs[0]
                    for i, q in enumerate(qs):
                        self.put_button(SpriteId("btn", "quad", q), QUADRANT_NAMES[q], bz.rect[0] + 16 + i * 124,
                                        bz.rect[1] + 200, 118, True, q == chosen, seen)
        elif view.phase == HAND_OVER:
            self.put_button("btn:deal", "Deal next hand", x, y, w, True, True, seen)

    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.highlight in ("select", "hint"):
                sprite.highlight = None
        if self.selected is not None and self.scene.get(f"card:{self.selected}"):
            self.scene.get(f"card:{self.selected}").highlight = "select"
            self.scene.set_glow(self.drag_targets(f"card:{self.selected}"))
        else:
            self.scene.set_glow(set())
        self._mark_hint()

    @staticmethod
    def _hint_cards(a: Action) -> list[int]:
        if actions.PLAY.matches(a):
            return [actions.PLAY.card(a)]
        if actions.TRADE.matches(a):
            return [actions.TRADE.give(a), actions.TRADE.take(a)]
        if actions.CONJOIN.matches(a):
            return list(actions.CONJOIN.fan(a))
        if actions.TRAIL.matches(a):
            return [actions.TRAIL.card(a)]
        return []

    # --- words ----------------------------------------------------------------------------
    def prompt(self) -> str:
        v = self.view
        if v is None:
            return ""
        if v.phase == MATCH_OVER:
            return "The match is over."
        if not self.my_turn:
            return f"{self.seat_names[v.turn]} is playing…"
        hand = len(v.hands[self.me])
        if v.phase == TABLEAU:
            if hand > HAND_LIMIT:
                return (f"Your hand holds {hand} cards: play {hand - HAND_LIMIT} to the sky tableau "
                        f"(drag them up).")
            if self.legal_of(actions.TRADE.kind):
                return ("Play cards to the tableau if you like, then trade (drop a hand card on a "
                        "tableau card with the same North-West sigil) or draw.")
            return "Play cards to the tableau if you like, then draw."
        if v.phase == CONJOIN:
            if self.builder:
                return "Drag to reorder the fan (the last card lies on top), then Confirm."
            if self.legal_of(actions.CONJOIN.kind) or self.legal_of(actions.TRAIL.kind):
                return ("Build a conjunction: drag three matching cards to the builder, or drop a "
                        "trailing card on an East conjunction. Or end your turn.")
            return "No conjunction to play: end your turn."
        if v.phase == HAND_OVER:
            return "The hand is over: deal the next one."
        return ""

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        al = sum(cj.alignments(c) for c in view.arrays[seat])
        pts = sum(cj.points(c) for c in view.arrays[seat])
        return [("Chips", str(view.chips[seat])), ("Cards in hand", str(view.hand_size(seat))),
                ("Alignments", str(al)), ("Points", str(pts))]

    def summary(self, view, events) -> tuple[str, str] | None:
        kinds = {e.kind for e in events}
        if "hand_end" not in kinds:
            return None
        r = view.last_hand
        names = self.seat_names
        v = self.voice()
        if r.winner is None:
            title = f"Hand {view.hand_no}: level"
            head = "The draw deck ran out with the alignments level. No one pays."
        else:
            title = f"Hand {view.hand_no}: {v.says(r.winner, 'wins')}"
            why = ("two more alignments" if r.reason == "alignments"
                   else "more alignments when the deck ran out")
            loser = 1 - r.winner
            head = (f"<b>{v.who(r.winner)}</b> {v.agree(r.winner, 'wins')} with {why} "
                    f"({r.alignments[r.winner]} to {r.alignments[loser]}) and "
                    f"{v.agree(r.winner, 'scores')} <b>{r.score}</b>. {v.who(loser)} "
                    f"{v.agree(loser, 'pays')} <b>{r.paid}</b> chips.")
        rows = []
        for seat in (0, 1):
            for conj in view.arrays[seat]:
                rows.append(f"<tr><td>{names[seat]}</td><td>{sigil_name(card(conj.fan[0]).sigil(conj.quadrant))}"
                            f"</td><td>{QUADRANT_NAMES[conj.quadrant]}</td><td>{len(conj.cards)} × "
                            f"{POINTS[conj.quadrant]} = {cj.points(conj)}</td><td>{cj.alignments(conj)}</td></tr>")
        table = html_table(["Player", "Sigil", "Quadrant", "Points", "Alignments"], rows) if rows else ""
        chips = " · ".join(f"{names[s]}: {view.chips[s]} chips" for s in (0, 1))
        html = f"<p>{head}</p>{table}<p>{chips}</p>"
        if "match_end" in kinds:
            w = view.match_winner
            title = "Match over" if w is None else v.says(w, "wins", "the match")
            html += ("<p><b>The match ends level.</b></p>" if w is None else
                     f"<p><b>{v.says(w, 'wins', 'the match')} with "
                     f"{view.chips[w]} chips.</b></p>")
        return title, html

    # --- input ------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        c = cid(sprite_id)
        if c is None or not self.my_turn:
            return set()
        v = self.view
        out: set[str] = set()
        if c in self.builder:
            out |= {f"card:{b}" for b in self.builder if b != c} | {"my_hand"}
            return out
        if c not in v.hands[self.me]:
            return out
        if any(actions.PLAY.card(a) == c for a in self.legal_of(actions.PLAY.kind)):
            out.add("tableau")
        out |= {f"card:{t}" for t in self._trade_targets(c)}
        if v.phase == CONJOIN:
            if len(self.builder) < 3 and self._in_some_conjunction(c):
                out.add("builder")
            for i in self._trail_targets(c):
                out |= {f"card:{x}" for x in v.arrays[self.me][i].cards}
        return out

    def _conj_of(self, c: int) -> int | None:
        for i, conj in enumerate(self.view.arrays[self.me]):
            if c in conj.cards:
                return i
        return None

    def drop(self, sprite_id: str, target: str | None):
        c = cid(sprite_id)
        if c is None or self.view is None:
            return None
        v = self.view
        t = cid(target)
        if c in self.builder:
            if t in self.builder:                      # reorder the fan: the two swap places
                i, j = self.builder.index(c), self.builder.index(t)
                self.builder[i], self.builder[j] = t, c
                return LOCAL
            if target in ("my_hand", None) or (t is not None and t in v.hands[self.me]):
                self.builder.remove(c)
                return LOCAL
            return LOCAL
        if target == "builder":
            if v.phase != CONJOIN:
                return actions.CONJOIN(1, (c,))   # the engine explains why not now
            if len(self.builder) >= 3:
                return None
            self.builder.append(c)
            self.selected = None
            return LOCAL
        if target == "tableau":
            return actions.PLAY(c)
        if t is not None and t in v.tableau:
            trade = actions.TRADE(c, t)
            if trade in self.legal:
                return trade
            # over the hand limit no trade is possible: a drop on the tableau plays the card
            if len(v.hands[self.me]) > HAND_LIMIT and actions.PLAY(c) in self.legal:
                return actions.PLAY(c)
            return trade                               # the engine explains the mismatch
        if t is not None:
            i = self._conj_of(t)
            if i is not None:
                return actions.TRAIL(i, c)
        return None

    def click(self, target: str | None):
        v = self.view
        if v is None or not self.my_turn:
            return None
        c = cid(target)
        if target == "deck":
            draws = self.legal_of(actions.DRAW.kind)
            return draws[0] if draws else actions.DRAW()
        if c is not None and c in self.builder:
            self.builder.remove(c)                     # a click brings a builder card to the top
            self.builder.append(c)
            return LOCAL
        if c is not None and c in v.hands[self.me]:
            self.selected = None if self.selected == c else c
            return LOCAL
        if self.selected is not None:                  # click-and-click: the destination
            action = self.drop(f"card:{self.selected}", target)
            if action is not None and action != LOCAL:
                self.selected = None
            return action
        return None

    def button(self, button_id: str):
        button_id = sprite_id(button_id)
        if button_id == "btn:draw":
            draws = self.legal_of(actions.DRAW.kind)
            return draws[0] if draws else actions.DRAW()
        if button_id == "btn:end":
            return actions.END_TURN()
        if button_id == "btn:deal":
            return actions.DEAL()
        if button_id == "btn:clear":
            self.builder, self.quadrant = [], None
            return LOCAL
        if button_id == "btn:confirm":
            return self._builder_action() or LOCAL
        if button_id.at(0) == "quad":
            self.quadrant = button_id.at(1)
            return LOCAL
        return None

    def clear_selection(self) -> bool:
        had = self.selected is not None or bool(self.builder)
        self.selected, self.builder = None, []
        return had

    def confirm(self):
        v = self.view
        if v.phase == CONJOIN and self.builder:
            return self.button("btn:confirm")
        if v.phase == HAND_OVER:
            return actions.DEAL()
        return None

    def shortcut(self, name: str):
        v = self.view
        if name == "d":
            return self.button("btn:draw")
        if name == "e" and v.phase == CONJOIN:
            return actions.END_TURN()
        if name == "n" and v.phase == HAND_OVER:
            return actions.DEAL()
        if name in "1234" and len(name) == 1:
            self.quadrant = int(name)
            return LOCAL
        if self.selected is not None:
            if name == "t":
                return actions.PLAY(self.selected)
            if name == "b":
                return self.drop(f"card:{self.selected}", "builder")
        return None

    def zoom(self, target: str | None):
        c = cid(target)
        if c is None:
            return None
        k = card(c)
        parts = [f"{QUADRANT_NAMES[q]}: {sigil_name(k.sigil(q))}" for q in QUADRANTS]
        if k.alignment:
            parts.append(f"Alignment symbol over the {QUADRANT_NAMES[k.alignment]}")
        key, compose = self._face(c, compact=False)        # the full face, names and numerals
        return key + "/zoom", compose, f"{k.name}\n" + "\n".join(parts)


COVER_CARDS = (7, 19, 33)


def _cover(w: int, h: int):
    """The home tile: three charts fanned over the night sky."""
    return fanned_cards(w, h, (14, 20, 48), (34, 36, 72),
                        [faces.compose_face(c, "normal") for c in COVER_CARDS])


def _cover_version() -> str:
    """What the tile shows, for its cache key: this drawing (its number) and the cards' faces."""
    return "1/" + "/".join(faces.face_key(c, "normal") for c in COVER_CARDS)


PRESENTATION = Presentation(
    game_id="paargus",
    make_presenter=PaargusPresenter,
    cover=_cover,
    cover_version=_cover_version,
    rules_markdown=rules_page("tabletop.games.paargus"),
    options=[OptionField("hands", "Match length",
                         [("Until a player is cleaned out", 0), ("1 hand", 1), ("3 hands", 3),
                          ("5 hands", 5)], 0)],
)
