"""A seat at the Trials table: its name, piles, energy die, Avatars with their
attachments and marks (HP, shield, counters); and the viewer's hand."""

from __future__ import annotations

import math

from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.state import OVER, UNKNOWN
from tabletop.games.trials.presentation.style import ENERGY, EXHAUSTED, GOLD, HEART, INK, MUTED, RED, SHIELD
from tabletop.table import cardfit
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part


HAND_ASPECT = 176 / 126
HAND_MAX = 180          # a hand card's widest (medium) size
HAND_ROOM = {"top": 12, "left": 150}     # the hand's part of its zone: right of the caption


class Seats(Part):
    """Draws every seat (the viewer's at the bottom) and the viewer's hand."""

    def __init__(self, table) -> None:
        super().__init__(table)
        # three or four seats: smaller cards, and the opponents' piles shrink into their top row
        self.royale = table.players > 2

    def draw(self, seen) -> None:
        t = self.table
        opps = [p for p in self._order() if p != t.me]
        area = t.layout.zones["opp_area"].rect
        w = area[2] / max(1, len(opps))
        for i, p in enumerate(opps):
            self._seat(p, (area[0] + i * w, area[1], w - 12, area[3]), seen, mine=False)
        self._seat(t.me, t.layout.zones["my_area"].rect, seen, mine=True)
        self._hand(seen)

    def _order(self) -> list[int]:
        """Seats from the viewer's left: the next seat in turn first."""
        t = self.table
        n = t.view.players
        return [(t.me + i) % n for i in range(n)]

    def _sizes(self):
        """(Avatar, attachment) card sizes: larger when the window's shape made the table taller.
        An attachment stays at least 112 wide, so its compact face's words are 11 px at 1920x1080."""
        av, att = ((128, 179), (112, 157)) if self.royale else ((150, 210), (118, 165))
        k = self.table.scene.stretch
        return (round(av[0] * k), round(av[1] * k)), (round(att[0] * k), round(att[1] * k))

    def _seat(self, p: int, rect, seen, mine: bool) -> None:
        t = self.table
        v = t.view
        x0, y0, w, h = rect
        av_size, att_size = self._sizes()
        to_act = t._to_act() == p
        out = v.out[p]
        name = t.seat_names[p] if p < len(t.seat_names) else f"Player {p + 1}"
        marks = []
        if v.initiative == p:
            marks.append("★ initiative")
        if out:
            marks.append("defeated")
        elif to_act and v.phase != OVER:
            marks.append("◀ choosing" if v.waiting is not None else
                         "◀ responding" if v.prio == p else "◀ to play")
        t.put_label(f"lbl:name:{p}", name, x0 + 4, y0 + 2, 22, GOLD if to_act else INK, seen, bold=True)
        t.put_label(f"lbl:marks:{p}", "  ".join(marks), x0 + 24 + 14 * len(name), y0 + 7, 16,
                    RED if out else GOLD, seen)
        # piles at the right of the seat: the energy die, the deck, the discard pile, the exile count.
        # At a royale the three opponents share the top row, a third of its width each: their piles
        # shrink into the strip of hand backs (counts on badges, names in tooltips), so the Avatars
        # and their gear get the seat's whole width instead of spilling over the piles and the next seat.
        compact = self.royale and not mine
        pile = (44, 62) if compact else (int(att_size[0] * 0.62), int(att_size[1] * 0.62))
        die = 56 if compact else 64           # its number 11 px at 1280x720
        px = x0 + w - (2 * pile[0] + die + 22)
        py = y0 + (34 if compact else 40)
        if not mine:
            hand_y = y0 + 34
            self._backs(p, x0 + 4, hand_y, px - x0 - 20, seen)
            body_y = y0 + 34 + 70
        else:
            body_y = y0 + 36
        t.put_die(SpriteId("energy", p), 10, max(0, v.energy[p]), ENERGY, px, py, die, seen,
                  f"{name}: {v.energy[p]} energy")
        if not compact:
            t.put_label(f"lbl:energy:{p}", "energy", px + die / 2, py + die + 2, 13, MUTED, seen, "midtop")
        dx = px + die + 12
        n = len(v.decks[p])
        if n:
            s = t._card(SpriteId("deck", p), None, dx, py, pile, 40, seen, face_up=False)
            s.badge = str(n)
            s.tooltip = ("Your deck, in order (click to look through it)" if mine else
                         f"{name}'s deck: {n} card{'s' if n != 1 else ''}")
        # the counts are on the piles' badges: where the text floor makes the words larger than
        # the piles, the captions say only which pile is which
        counted = t.text_size(13) <= 13
        if not compact:
            t.put_label(f"lbl:deck:{p}", f"deck {n}" if counted else "deck", dx + pile[0] / 2, py + pile[1] + 4,
                        13, MUTED, seen, "midtop")
        dx += pile[0] + 10
        disc = v.discards[p]
        if disc:
            # its picture only: too small for words
            s = t._card(SpriteId("discard", p), disc[-1], dx, py, pile, 40, seen, table="thumb")
            s.badge = str(len(disc))
            s.tooltip = "Discard pile (click to look through it)"
        if not compact:
            # under its pile, moved in from the seat's edge as far as it must to stay inside
            words = f"discard {len(disc)}" if counted else "discard"
            cx = min(dx + pile[0] / 2, x0 + w - 8 - t.font(13).size(words)[0] / 2)
            t.put_label(f"lbl:discard:{p}", words, cx, py + pile[1] + 4, 13, MUTED, seen, "midtop")
        if v.exiles[p]:
            ex, ey = (x0 + 4, y0 + 34 + 44) if compact else (px, py + 90)
            t.put_label(f"lbl:exile:{p}", f"{len(v.exiles[p])} exiled", ex, ey, 13, MUTED, seen)
        # the Avatars, each with its attachments fanned out to the right, under it
        avs = v.avatars[p]
        # room on the left for an exhausted Avatar, turned 45 degrees about its centre (its
        # corner must not cross the zone's edge)
        left = max(56.0, _half_extent(av_size, True) - av_size[0] / 2 + 8)
        slot_w = ((x0 + w if compact else px) - x0 - left - 4) / max(1, len(avs))
        for i, a in enumerate(avs):
            ax = x0 + left + i * slot_w
            self._avatar(a, ax, body_y + 6, slot_w - 16, av_size, att_size, seen, mine)

    def _backs(self, p, x, y, width, seen) -> None:
        t = self.table
        n = len(t.view.hands[p])
        size = (44, 62)
        step = min(50, (width - 160) / max(1, n))
        t.put_label(f"lbl:hand:{p}", f"hand {n}", x, y + 20, 14, MUTED, seen)
        for i, c in enumerate(t.view.hands[p]):
            if t.view.designs.get(c, UNKNOWN) != UNKNOWN:     # watched again, everything face up
                t._card(SpriteId("card", c), c, x + 70 + i * step, y, size, 60 + i, seen)
                continue
            t._card(SpriteId("back", p, i), None, x + 70 + i * step, y, size, 60 + i, seen, face_up=False)

    def _avatar(self, a, x, y, width, av_size, att_size, seen, mine) -> None:
        t = self.table
        v = t.view
        drag = t.my_turn and mine and bool(t._source_actions(a))
        angle = EXHAUSTED if a in v.exhausted else 0.0
        s = t._card(SpriteId("card", a), a, x, y, av_size, 200, seen, draggable=drag, angle=angle)
        s.alpha = 0.6 if fx.is_stealthy(v, a) or fx.hidden_from(v, a) else 1.0
        if v.out[fx.controller(a)] and a not in v.fallen:
            s.dim = True
        self._marks(a, x, y, av_size, seen, avatar=True, angle=angle)
        atts = v.attached.get(a, [])
        if not atts:
            return
        ay = y + (av_size[1] - att_size[1]) / 2
        for k, (c, cx) in enumerate(zip(atts, _attachment_xs(
                x, av_size, a in v.exhausted, att_size, [c in v.exhausted for c in atts], x + width))):
            ang = EXHAUSTED if c in v.exhausted else 0.0
            drag = t.my_turn and mine and bool(t._source_actions(c))
            s = t._card(SpriteId("card", c), c, cx, ay, att_size, 150 + k, seen, draggable=drag, angle=ang)
            s.alpha = 0.6 if fx.is_stealthy(v, c) or fx.hidden_from(v, c) else 1.0
            self._marks(c, cx, ay, att_size, seen, avatar=False, z=170 + k, angle=ang)

    def _marks(self, c, x, y, size, seen, avatar: bool, z: float = 260, angle: float = 0.0) -> None:
        """HP as a heart token, then the shield, counters and this round's Attack change: up the
        card's left edge, or on a turned card along the outside of its bottom edge (its type
        word, "Avatar", lies along that edge: a token on the corner covered it)."""
        t = self.table
        v = t.view
        r = 22 if avatar else 17
        spots = _token_spots(x, y, size, angle, r)
        if avatar and c in v.fallen:
            t.put_label(f"lbl:fallen:{c}", "Fallen", x + size[0] / 2, y + size[1] + 4, 15, MUTED, seen,
                        "midtop")
        hp = fx.max_hp(v, c)
        if hp > 0:
            left = fx.hp_left(v, c)
            tx, ty = next(spots)
            t.put_token(f"hp:{c}", str(left), HEART, tx - r, ty - r, r, z, seen, "heart",
                        f"{t.name(c)}: {left} of {hp} HP")
        if c in v.shields:
            tx, ty = next(spots)
            t.put_token(f"shield:{c}", "", SHIELD, tx - r, ty - r, r, z, seen, "shield", "Shielded")
        for kind, n in sorted(v.counters.get(c, {}).items()):
            if n:
                text = f"+{n}" if kind == "attack" else f"⚡{n}"
                color = (80, 150, 80) if kind == "attack" else (200, 160, 60)
                tx, ty = next(spots)
                t.put_token(f"ctr:{c}:{kind}", text, color, tx - r * 0.85, ty - r * 0.85, r * 0.85, z, seen,
                            tooltip=f"{n} {'+1 Attack' if kind == 'attack' else 'charge'} counter(s)")
        b = v.buffs.get(c, 0)
        if b:
            tx, ty = next(spots)
            t.put_token(f"buff:{c}", f"{b:+d}", (150, 90, 170), tx - r * 0.85, ty - r * 0.85, r * 0.85, z, seen,
                        tooltip=f"{b:+d} Attack this round")

    def _hand(self, seen) -> None:
        t = self.table
        v = t.view
        zone = t.layout.zones["hand"]
        hand = [c for c in v.hands[t.me] if v.designs.get(c, UNKNOWN) != UNKNOWN]
        # fitted to the zone beside its caption (its whole height) and scaled by the card-size setting
        size = t.hand_card("hand", len(hand), HAND_ASPECT, HAND_MAX, **HAND_ROOM)
        playable = {actions.PLAY.card(a) for a in t.legal_of(actions.PLAY.kind)}
        room = cardfit.room(zone.rect, **HAND_ROOM)
        for i, (c, (x, y)) in enumerate(zip(hand, cardfit.row(room, len(hand), size, 12))):
            s = t._card(SpriteId("card", c), c, x, y, size, 500 + i, seen, draggable=c in playable)
            s.dim = t.my_turn and c not in playable
        if not hand:
            t.put_label("lbl:hand:none", "No cards in hand", zone.center[0], zone.center[1], 18, MUTED,
                        seen, "center")


def _token_spots(x, y, size, angle: float, r: float):
    """Centres for a card's tokens of radius `r`, one after another. Upright: from its bottom
    left corner up its left edge, half over the card. Turned: just outside its bottom edge,
    from the edge's middle (the turned card's empty corner of its box) towards its lower end,
    rotated with the card about its centre: clear of every word on it."""
    w, h = size
    if not angle:
        cx, cy = x + 6, y + h - r - 4
        while True:
            yield cx, cy
            cy -= 2 * r + 4
    turn = math.radians(-angle)                 # the sprite's angle is counterclockwise
    cos, sin = math.cos(turn), math.sin(turn)
    mx, my = x + w / 2, y + h / 2
    u, v = 0.0, h / 2 + r + 2                   # in the card's own frame, from its centre
    while True:
        yield mx + u * cos - v * sin, my + u * sin + v * cos
        u += 2 * r + 4


def _half_extent(size, turned: bool) -> float:
    """Half the width a card takes on the table, upright or turned by the exhausted angle."""
    w, h = size
    if not turned:
        return w / 2
    t = math.radians(abs(EXHAUSTED))
    return (w * math.cos(t) + h * math.sin(t)) / 2


def _attachment_xs(x, av_size, av_turned: bool, att_size, turned: list[bool], right: float) -> list[float]:
    """Left edges of an Avatar's attachments, fanned to its right. Upright cards overlap as a fan
    (each shows its left third); a turned card (exhausted) gets its whole turned width, so an
    exhausted Avatar with two or three attachments stays readable instead of a heap. The fan is
    squeezed to stay left of `right`, never past a quarter of its spacing (a royale opponent's
    seat is a third of the row: four pieces of gear there need more than half)."""
    if not turned:
        return []
    extents = [_half_extent(att_size, t) for t in turned]
    upright = not av_turned and not turned[0]
    centre = x + av_size[0] / 2 + _half_extent(av_size, av_turned) + (-22 if upright else 8) + extents[0]
    centres = [centre]
    for k in range(1, len(turned)):
        plain = not turned[k - 1] and not turned[k]
        step = att_size[0] * 0.66 if plain else extents[k - 1] + extents[k] + 6
        centres.append(centres[-1] + step)
    overflow = centres[-1] + extents[-1] - right
    if overflow > 0 and len(centres) > 1:
        k = max(0.25, 1 - overflow / (centres[-1] - centres[0]))
        centres = [centres[0] + (c - centres[0]) * k for c in centres]
    return [c - att_size[0] / 2 for c in centres]
