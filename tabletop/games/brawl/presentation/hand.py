"""The hands: yours face up below the arena, the other as backs above it. A card is played by
dragging it onto its champion (or clicking it, then its champion: the presenter keeps that
selection); a reaction the same way while an attack waits; the redraw and Plan mark cards by
clicks, and the `Hand` part keeps those marks.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.state import HIDDEN
from tabletop.games.brawl.presentation import faces
from tabletop.games.brawl.presentation.arena import champ_sid
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL, MUTED

# a card of the hand played: on your turn, or as a reaction to an attack
_CARD_PLAYS = kinds(A.PLAY, A.REACT)


def card_sid(c: int) -> SpriteId:
    """The sprite of card c in your hand."""
    return SpriteId("card", c)


class Hand(Part):
    def __init__(self, table) -> None:
        super().__init__(table)
        self.marked: set[int] = set()            # the redraw and Plan: the cards chosen

    def forget_stale(self) -> None:
        t, v = self.table, self.table.view
        pd = v.pending[-1] if v.pending else None
        if not (t.my_turn and (v.phase == "redraw" or (pd is not None and pd.kind == "plan" and v.prio < 0))):
            self.marked = set()
        self.marked &= set(v.hands[t.me])

    def clear(self) -> bool:
        had, self.marked = bool(self.marked), set()
        return had

    # --- the cards' faces ----------------------------------------------------------------------------
    def face(self, card: int):
        """(key, compose) of card `card`'s face (its champion's card)."""
        champ = self.table.view.champs[card // 6]
        c = champions()[champ].cards[card % 6]
        return faces.card_key(c), partial(faces.compose_card, champ, card % 6)

    def table_face(self, card: int, shows: str = "name"):
        """(key, compose) of the face card `card` shows on the table: its name and numbers large
        (`shows`: faces.TABLE_SHOWS)."""
        champ = self.table.view.champs[card // 6]
        c = champions()[champ].cards[card % 6]
        return faces.table_card_key(c, shows), partial(faces.compose_table_card, champ, card % 6, shows)

    @staticmethod
    def back():
        return faces.back_key(), faces.compose_back

    def tip(self, c: int) -> str:
        t = self.table
        cd = B.card_of(t.view, c)
        return f"{cd.name} ({t.short(c // 6)}, {cd.core}): {faces.stat_line(cd)}. {cd.text}".strip()

    def playable(self, c: int) -> bool:
        """A card you may play now, or a reaction you may answer the attack with."""
        t = self.table
        return t.my_turn and any(a.kind in _CARD_PLAYS and a.args[0] == c for a in t.legal)

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, seen: set) -> None:
        t = self.table
        v = t.view
        z = t.layout.zones
        cw, chh = t.layout.card_size
        k = min(1.25, t.scene.stretch)
        size = (cw * k, chh * k)
        hand = sorted(v.hands[t.me]) if v.champs else []
        for i, (x, y) in enumerate(z["hand"].positions(len(hand), size, 12)):
            c = hand[i]
            if c == HIDDEN:              # a spectator's view: both hands are backs
                t.put_card(f"back:me:{i}", (None, None), self.back(), x, y, size, 100 + i, seen)
                continue
            sp = t.put_card(card_sid(c), self.table_face(c), self.back(), x, y, size, 100 + i, seen,
                            draggable=self.playable(c))
            sp.tooltip = self.tip(c)
            # on your own turn's main decision, what cannot be played now is dimmed
            sp.dim = (t.my_turn and v.phase == "play" and v.prio < 0 and not v.pending
                      and not sp.draggable)
        theirs = len(v.hands[1 - t.me])
        osize = (62, 87)
        for i, (x, y) in enumerate(z["opp_hand"].positions(theirs, osize, 8)):
            c = v.hands[1 - t.me][i]
            if c != HIDDEN:              # a finished match watched again, everything face up
                t.put_card(card_sid(c), self.face(c), self.back(), x, y, osize, 100 + i, seen).tooltip = self.tip(c)
                continue
            t.put_card(f"back:{i}", (None, None), self.back(), x, y, osize, 100 + i, seen)
        ox, oy, ow, oh = z["opp_hand"].rect
        if v.champs:
            t.put_label("lbl:opphand", f"{t.seat_names[1 - t.me]}'s hand: {theirs}", ox + 10, oy + oh / 2,
                        18, MUTED, seen, anchor="midleft")

    def light_marked(self) -> set[str]:
        """The redraw and Plan: the marked cards ringed, the others glowing (click to mark)."""
        t = self.table
        for c in self.marked:
            t.mark(card_sid(c), "warn")
        return {card_sid(c) for c in t.view.hands[t.me] if c not in self.marked}

    # --- gestures ------------------------------------------------------------------------------------
    def holds(self, c: int | None) -> bool:
        return c is not None and c in self.table.view.hands[self.table.me]

    def drag_targets(self, c: int) -> set[str]:
        """Onto its own champion (the one a reaction shields)."""
        return {champ_sid(c // 6)} if self.playable(c) else set()

    def mark(self, c: int, most: int | None = None) -> str:
        """A click on a card marks or unmarks it (for the redraw, or for Plan up to `most`)."""
        if most is not None and c not in self.marked and len(self.marked) >= most:
            return self.table.say(f"Plan {most} puts at most {most} card{'s' * (most != 1)} on your deck.")
        self.marked ^= {c}
        return LOCAL

    def chosen(self) -> tuple[int, ...]:
        """The marked cards, as the redraw and Plan name them."""
        return tuple(sorted(self.marked))

    def drop(self, c: int, target) -> Action | str | None:
        """Card c dropped on `target`: played (or reacted with) when that is its champion, or
        the cell its champion stands on."""
        t = self.table
        v = t.view
        if not self.holds(c):
            return None
        onto = t.arena.champion_on(target)
        if onto is None:
            return None
        if v.phase == "play" and v.prio >= 0:
            return A.REACT(c)
        if onto != c // 6:
            return t.say(f"{B.card_of(v, c).name} is {t.cname(c // 6)}'s card: drop it on {t.cname(c // 6)}.")
        t.selected = None
        return A.PLAY(c)
