"""The champion choice: the six champions side by side, each with its card (hit points, defence,
level-up ability) and its six cards; picks in the engine's order (alternate 1-2-2-1, or three
each in secret). The table is hidden meanwhile: this screen (the `PickScreen` part) alone draws
and takes the input. It keeps no state of its own: a click picks at once.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import flow
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.state import UNPICKED
from tabletop.games.brawl.presentation import faces
from tabletop.table.ids import SpriteId, sprite_id
from tabletop.table.part import Part
from tabletop.table.presenter import GOLD, INK, MUTED

PICK_TOP = 150


class PickScreen(Part):
    """The champion choice, drawn instead of the table while the view is in the pick phase."""

    def shown(self) -> bool:
        v = self.table.view
        return v is not None and v.phase == "pick"

    def _order_words(self) -> str:
        t = self.table
        v = t.view
        order = flow.pick_order(v)
        names = ["you" if p == t.me else t.seat_names[p] for p in order]
        done = v.step_no
        parts = [(f"[{n}]" if i == done else n) for i, n in enumerate(names)]
        return "Pick order: " + ", ".join(parts).replace("[", "▸ ").replace("]", "")

    def draw(self, seen: set) -> None:
        t = self.table
        v = t.view
        W = t.scene.virtual[0]
        Hh = t.scene.virtual[1]
        t.put_panel("pick:bg", 8, 8, W - 16, Hh - 16, seen, z=-100, fill=(14, 18, 22, 150),
                    outline=(214, 178, 96, 120), radius=18)
        mode = "alternate picks" if v.picks_mode == "alternate" else "each chooses three freely, in secret"
        t.put_label("pick:title", "Choose your champions", W / 2, 24, 44, GOLD, seen, anchor="midtop", bold=True)
        t.put_label("pick:mode", f"Champion choice: {mode}.  {self._order_words()}", W / 2, 84, 22,
                    INK, seen, anchor="midtop")
        mine = set(v.picks[t.me])
        theirs = set(c for c in v.picks[1 - t.me] if c != UNPICKED)
        legal = {a.args[0] for a in t.legal_of(A.PICK.kind)}
        ids = list(champions())
        col_w = (W - 40) / len(ids)
        cw = min(210.0 * min(1.3, t.scene.stretch), col_w - 24)
        ch = cw * 1.4
        # the six cards: three across, or two across and larger when the window is tall
        cols = 3
        sw = (col_w - 24 - 12) / 3
        wide = (col_w - 24 - 8) / 2
        room = (Hh - PICK_TOP - 16 - 3 * (wide * 1.4 + 8) - 190) / 1.4     # the champion card's width left
        if room >= 180:
            cols, sw = 2, wide
            cw = min(cw, room)
            ch = cw * 1.4
        sh = sw * 1.4
        rows = 6 // cols
        for i, cid in enumerate(ids):
            x0 = 20 + i * col_w
            cx = x0 + col_w / 2
            taken = cid in mine or (cid in theirs and v.picks_mode == "alternate")
            sp = t.put_card(SpriteId("pick", cid), (faces.champion_table_key(cid, False),
                                                    partial(faces.compose_table_champion, cid, False)),
                            (None, None), cx - cw / 2, PICK_TOP, (cw, ch), 10, seen, face_up=True)
            sp.dim = taken and cid not in legal
            if cid in mine:
                sp.badge = "Yours"
            elif cid in theirs:
                sp.badge = "Theirs"
            sp.tooltip = f"{champions()[cid].name}: click to choose" if cid in legal else champions()[cid].name
            gx = cx - (cols * sw + (cols - 1) * 6) / 2
            for k, card in enumerate(champions()[cid].cards):
                r, q = divmod(k, cols)
                x = gx + q * (sw + 6)
                y = PICK_TOP + ch + 16 + r * (sh + 8)
                # the numbers only: six to a champion, too narrow for a name 11 px tall (the zoom has it)
                cs = t.put_card(SpriteId("pickcard", cid, k), (faces.table_card_key(card, "numbers"),
                                                               partial(faces.compose_table_card, cid, k, "numbers")),
                                (None, None), x, y, (sw, sh), 10 + k, seen, face_up=True)
                cs.dim = sp.dim
        # the teams so far, and what is asked
        y = PICK_TOP + ch + 16 + rows * (sh + 8) + 8
        for row, p in enumerate((t.me, 1 - t.me)):
            names = [champions()[c].name if c in champions() else "a secret champion" for c in v.picks[p]]
            who = "Your team" if p == t.me else f"{t.seat_names[p]}'s team"
            text = f"{who}: {', '.join(names) if names else 'nobody yet'}"
            t.put_label(f"pick:team:{p}", text, W / 2 + (-1 if row == 0 else 1) * 24, y, 24,
                        INK if p == t.me else MUTED, seen, anchor="topright" if row == 0 else "topleft",
                        bold=p == t.me)
        t.put_label("lbl:banner", t.banner()[0], W / 2, y + 38, 28, GOLD, seen, anchor="midtop", bold=True)
        t.scene.thinking_at = min(y + 110, Hh - 100)   # "Bot is thinking…" under the words, not on the heading

    def glow(self) -> set[str]:
        """The champions you may pick now."""
        return {SpriteId("pick", a.args[0]) for a in self.table.legal_of(A.PICK.kind)}

    @staticmethod
    def champion_of(target) -> str | None:
        """The champion a sprite of the screen shows (itself or one of its cards), or None."""
        sid = sprite_id(target) if target else None
        if sid is None or not sid.of("pick", "pickcard"):
            return None
        cid = sid.at(0)
        return cid if cid in champions() else None

    def click(self, target) -> Action | None:
        cid = self.champion_of(target)
        return A.PICK(cid) if cid else None

    @staticmethod
    def readable(target) -> bool:
        """A champion of the pick screen is drawn to be read where it stands (its name, hit
        points, defence and level-up text): no copy of it covers the choices beside it."""
        sid = sprite_id(target) if target else None
        return sid is not None and sid.kind == "pick" and sid.at(0) in champions()

    def face_at(self, target):
        """(key, compose, caption, text) of a champion or a card on the screen, or None."""
        sid = sprite_id(target) if target else None
        cid = self.champion_of(sid)
        if cid is None:
            return None
        champ = champions()[cid]
        if sid.kind == "pickcard":
            k = sid.at(1)
            card = champ.cards[k]
            return (faces.card_key(card) + "/zoom", partial(faces.compose_card, cid, k),
                    f"{card.name}\n{champ.name}: {faces.stat_line(card)}", card.text + " " + faces.stat_line(card))
        return (faces.champion_key(cid, False) + "/zoom", partial(faces.compose_champion, cid, False),
                f"{champ.name}, {champ.title}\n{champ.hp} hit points, defence {champ.defence}. Level up: "
                f"{champ.level_title}, {champ.level_text}.", "Levels up " + champ.level_text)
