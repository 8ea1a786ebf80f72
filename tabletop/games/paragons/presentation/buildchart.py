"""The draft room's deck building (before the first game) and reserve swap (between games): the
player's cards in two areas, Deck and Reserve Pile, sorted by cost then name; the deck's mana
curve and counts by type; whether the deck is legal; and Done.

The engine changes a deck in two steps (engine/moves.py `building`): with 30 cards a card is set
aside (or the deck is finished), with 29 one is put in. So a click on a deck card sets it aside,
a click on a Reserve Pile card puts it in, and the screen says which step comes next. Several
cards swap in one move: Ctrl+click (Ctrl+Space on the focused card) marks cards in both areas,
and Swap (or S) exchanges them when as many are marked in each (the engine's `exchange`).
Cards keep their places while the player builds, so nothing slides under the pointer.
"""

from __future__ import annotations

import math

from tabletop.core import Action
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine.cards import CLASS_NAMES, DECK_SIZE, NEUTRAL, card
from tabletop.games.paragons.engine.state import BUILD
from tabletop.games.paragons.presentation.roomkit import (CLASS_LIGHT, CLASS_RGB, GOLD, GREEN, INK,
                                                          MUTED, RED, RoomPart, sort_key)
from tabletop.games.paragons.presentation.style import card_sid
from tabletop.table.ids import SpriteId
from tabletop.table.presenter import LOCAL

DECK_AREA = SpriteId("room", "area", "deck")
RESERVE_AREA = SpriteId("room", "area", "reserve")
CURVE = 8                                 # mana curve bars: costs 0..6 and 7 or more
TYPE_WORDS = (("mercenary", "Mercenaries"), ("spell", "Spells"), ("imbuement", "Imbuements"),
              ("enchantment", "Enchantments"))
COMBAT_WORDS = (("melee", "Melee"), ("ranged", "Ranged"), ("caster", "Caster"))

# the virtual table's areas for building (the status line keeps the bottom 80)
LEFT, TOP, AREAS_W, BOTTOM = 48, 112, 1404, 1000
PANEL_X, PANEL_W = 1480, 392
HEAD, PAD, GAP, AREA_GAP = 46, 16, 8, 14
NAME_PX, NAME_GAP = 13, 8         # a listed card's name beside it (lifted to the text floor)


def fit_cards(counts: tuple[int, ...], width: float, height: float) -> tuple[float, int]:
    """(card width, columns) of the largest cards whose areas, each holding its count in whole
    rows of one shared grid, fit `height` together (each area adds its heading and padding)."""
    rows_h = height - len(counts) * (HEAD + PAD) - (len(counts) - 1) * AREA_GAP
    w = 150.0
    while w > 40:
        cols = max(1, int((width - 2 * PAD + GAP) // (w + GAP)))
        rows = sum(max(1, math.ceil(n / cols)) for n in counts)
        if rows * (w * 1.4 + GAP) <= rows_h:
            return w, cols
        w -= 1
    return w, max(1, int((width - 2 * PAD + GAP) // (w + GAP)))


# what Auto-build does, in the button's tooltip and the rules page (the bots' deckcraft)
AUTO_BUILD = ("Builds a legal deck from your class cards and your drafts, as the hard bot would: "
              "the strongest cards for their cost, with at least 8 costing 2 or less and 18 costing "
              "4 or less, at most 7 costing 5 or more, and at least 16 mercenaries. You finish with Done.")


class BuildRoom(RoomPart):
    """Deck building and the swap; the DraftRoom holds it beside the rest of the room."""

    def __init__(self, table) -> None:
        super().__init__(table)
        # pile -> its cards in the places they hold while the player builds (None: a place a
        # card left), and whose building it is: nothing slides under the pointer after a click
        self.places: dict[str, list[int | None]] = {}
        self.building: tuple | None = None
        # the cards marked for a swap of several (Ctrl+click), for the piles as they are: any
        # change of the piles (a swap made, a single step) clears them
        self.marked: set[int] = set()
        self.marked_for: tuple = ()

    def _cards(self) -> tuple[list[int | None], list[int | None]]:
        v, me = self.table.view, self.table.me
        if self.building != (v.phase, v.deciding, v.game_no):
            self.building, self.places = (v.phase, v.deciding, v.game_no), {}
        piles = (self.building, tuple(sorted(v.decks[me])), tuple(sorted(v.reserves[me])))
        if piles != self.marked_for:
            self.marked, self.marked_for = set(), piles
        key = lambda c: sort_key(v.designs[c], c)                           # noqa: E731
        return (self._hold(DECK_AREA, sorted(v.decks[me], key=key)),
                self._hold(RESERVE_AREA, sorted(v.reserves[me], key=key)))

    def _hold(self, pile: str, cards: list[int]) -> list[int | None]:
        """`cards` in the places they held: a card that left its pile leaves its place empty,
        and a card that arrives takes the first empty place (in a swap, the place of the card
        it replaced), or the end. A new building starts from the sorted order."""
        old = self.places.get(pile)
        if old is None:
            held: list[int | None] = list(cards)
        else:
            here = set(cards)
            held = [c if c in here else None for c in old]
            for c in cards:
                if c not in held:
                    gap = next((i for i, x in enumerate(held) if x is None), None)
                    if gap is None:
                        held.append(c)
                    else:
                        held[gap] = c
            while held and held[-1] is None:
                held.pop()
        self.places[pile] = held
        return held

    def draw(self, seen: set) -> None:
        t = self.table
        v, me = t.view, t.me
        deck, reserve = self._cards()
        deciding = t.my_turn
        if v.phase == BUILD:
            title = "Build your deck"
            sub = (f"Exactly {DECK_SIZE} cards from your class cards and the mercenaries you drafted; "
                   "the rest is your Reserve Pile.")
        else:
            # between games every seat but the game's winner may swap, one after another
            who, winner = t.seat_names[v.deciding], v.game_winners[-1] if v.game_winners else None
            title = f"Between games: after game {v.game_no}"
            if deciding:
                sub = ("You lost that game: swap cards between your deck and Reserve Pile if you wish, "
                       f"keeping {DECK_SIZE}.")
            elif me == winner:
                sub = (f"{who} lost that game and may swap cards between their deck and Reserve Pile; "
                       "you won it, so your deck stays as it is.")
            else:
                sub = (f"{who} is changing their deck: each player who lost that game may swap cards "
                       "between their deck and Reserve Pile.")
        self.title(title, sub, seen)
        total = sum(c is not None for c in deck + reserve)
        caps = (max(len(deck), DECK_SIZE), max(len(reserve), total - DECK_SIZE + 1))
        cw, cols = fit_cards(caps, AREAS_W, BOTTOM - TOP)
        ch = cw * 1.4
        names = {c: card(v.designs[c]).name for c in deck + reserve if c is not None}
        listed = None
        if t.detail(cw) not in ("full", "name") or not self._strips_fit(names.values(), cw):
            # cards too small for a name at its least size (a small window), or a long word
            # ("Gravewarden") with no room for its strip: a list of small cards, each with its
            # name beside it (a card chosen by its picture is a guess)
            listed = self._list_fit(caps, names)
        pitch = cw                            # a column's width: the card's, or a listed card's row
        if listed is not None:
            cw, cols, ch = listed
            pitch = (AREAS_W - 2 * PAD + GAP) / cols - GAP
        y = TOP
        for aid, name, cards, cap in ((DECK_AREA, "Deck", deck, caps[0]),
                                      (RESERVE_AREA, "Reserve Pile", reserve, caps[1])):
            rows = max(1, math.ceil(cap / cols))
            h = HEAD + PAD + rows * (ch + GAP) - GAP
            self.panel(aid, LEFT, y, AREAS_W, h, seen, z=3, fill=(14, 18, 24, 180),
                       outline=(255, 255, 255, 46))
            n = sum(c is not None for c in cards)
            count = f"{n} of {DECK_SIZE}" if aid == DECK_AREA else f"{n} cards"
            t.put_label(f"{aid}:title", f"{name}  ·  {count}", LEFT + PAD, y + 12, 24, GOLD, seen,
                        bold=True)
            for i, c in enumerate(cards):
                if c is None:
                    continue                      # a place a card left: kept empty
                x = LEFT + PAD + (i % cols) * (pitch + GAP)
                cy = y + HEAD + (i // cols) * (ch + GAP)
                movable = deciding and (A.REMOVE(c) in t.legal or A.ADD(c) in t.legal)
                if listed is None:       # on the grid: a long word on a strip under its card
                    sprite = self.put_named_card(c, v.designs[c], x, cy, cw, ch, 100 + i, seen, draggable=movable)
                else:
                    sprite = self.card(card_sid(c), v.designs[c], x, cy, cw, 100 + i, seen, draggable=movable)
                if listed is not None:
                    self.name_beside(c, names[c], x + cw + NAME_GAP, cy, pitch - cw - 2 * NAME_GAP, ch, seen)
                sprite.highlight = "select" if c in self.marked else None
                sprite.badge = "✓" if c in self.marked else ""
            y += h + AREA_GAP
        self._panel([c for c in deck if c is not None], seen)

    def _strips_fit(self, names, cw: float) -> bool:
        """Whether every card of the grid `cw` wide names itself: on its face, or on a strip
        under a smaller card that keeps most of its slot and reaches no neighbour."""
        for name in set(names):
            strip = self.strip_for(name, cw)
            if strip is not None and (strip[1] > cw + GAP - 2 or self.strip_height(strip[0]) > 0.4 * cw * 1.4):
                return False
        return True

    def _list_fit(self, caps: tuple[int, ...], names: dict[int, str]) -> tuple[float, int, float] | None:
        """(card width, columns, row height) of the list: the fewest columns (the widest rows)
        whose rows fit the areas' height with every name on at most two lines beside its card
        (never a word cut); None when no count of columns does."""
        t = self.table
        line = t.font(NAME_PX).get_linesize()
        least = max(2 * line + 8, 56.0)           # a row holds a name's two lines
        rows_h = BOTTOM - TOP - len(caps) * (HEAD + PAD) - (len(caps) - 1) * AREA_GAP
        for cols in range(3, 12):
            rows = sum(max(1, math.ceil(n / cols)) for n in caps)
            if rows * (least + GAP) > rows_h:
                continue
            pitch = (AREAS_W - 2 * PAD + GAP) / cols - GAP
            # the rows as tall as the areas leave them (larger pictures, up to twice the names'),
            # else the least: a smaller picture leaves a long word ("Quartermaster") its room
            for th in (min(rows_h / rows - GAP, 2 * least), least):
                room = pitch - th / 1.4 - 2 * NAME_GAP                 # a gap after the name too
                if all(self.fits(n, room) for n in names.values()):
                    return th / 1.4, cols, th
            return None
        return None

    def fits(self, name: str, room: float, most: int = 2) -> bool:
        """Whether `name` fits `room` beside its card in at most `most` lines, no word cut."""
        lines = self.table.wrap_to(name, NAME_PX, room)
        measure = self.table.font(NAME_PX).size
        return len(lines) <= most and all(measure(ln)[0] <= room for ln in lines)

    def name_beside(self, c: int, name: str, x: float, y: float, room: float, h: float, seen: set) -> None:
        """A listed card's name right of it, on one line or two, centred on the card's height."""
        t = self.table
        lines = t.wrap_to(name, NAME_PX, room)
        line = t.font(NAME_PX).get_linesize()
        top = y + (h - line * len(lines)) / 2
        for i in range(2):
            t.put_label(SpriteId("room", "name", c, i), lines[i] if i < len(lines) else "", x, top + i * line,
                        NAME_PX, INK, seen, room=room)


    def _panel(self, deck: list[int], seen: set) -> None:
        """The side panel: the count and what to do about it, the mana curve, the counts by
        type and combat, Done."""
        t = self.table
        v, me = t.view, t.me
        x, w = PANEL_X, PANEL_W
        self.panel("room:stats", x, TOP, w, BOTTOM - TOP, seen, fill=(14, 18, 24, 200),
                   outline=(255, 255, 255, 46))
        k = v.classes[me]
        t.put_label("room:stats:class", f"Your deck: the {CLASS_NAMES.get(k, '?')}", x + 24, TOP + 16, 24,
                    CLASS_LIGHT.get(k, INK), seen, bold=True)
        n = len(deck)
        ok = n == DECK_SIZE
        t.put_label("room:stats:count", f"{n} / {DECK_SIZE}", x + 24, TOP + 50, 46, GREEN if ok else GOLD,
                    seen, bold=True)
        if t.my_turn:
            t.put_button("btn:room:auto", "Auto-build", x + w - 24 - 150, TOP + 54, 150, True, False, seen, h=44)
            t.scene.get("btn:room:auto").tooltip = AUTO_BUILD
        t.put_label("room:stats:legal", _legality(n), x + 24, TOP + 110, 21, GREEN if ok else RED, seen)
        designs = [v.designs[c] for c in deck]
        self._curve(designs, x + 24, TOP + 156, w - 48, seen)
        yy = TOP + 432
        t.put_label("room:stats:types", "Card types", x + 24, yy, 22, GOLD, seen, bold=True)
        kinds = [card(d) for d in designs]
        lines = [(word, sum(cd.type == t for cd in kinds)) for t, word in TYPE_WORDS]
        lines += [(word, sum(cd.is_merc and cd.combat == t for cd in kinds)) for t, word in COMBAT_WORDS]
        lines.append(("Drafted mercenaries", sum(cd.klass == NEUTRAL for cd in kinds)))
        for i, (word, count) in enumerate(lines):
            ly = yy + 36 + i * 30 + (12 if i >= len(TYPE_WORDS) else 0) + (12 if i == len(lines) - 1 else 0)
            indent = 24 if len(TYPE_WORDS) <= i < len(lines) - 1 else 0    # combats: of the mercenaries
            t.put_label(f"room:stats:type:{i}", word, x + 24 + indent, ly, 20,
                        MUTED if indent else INK, seen)
            t.put_label(f"room:stats:num:{i}", str(count), x + w - 24, ly, 20, INK, seen,
                        anchor="topright", bold=True)
        done = A.DONE() in t.legal
        label = "Done: play this deck" if t.my_turn else f"Waiting for {t.seat_names[v.deciding]}"
        t.put_button("btn:room:done", label, x + 24, BOTTOM - 24 - 58, w - 48, done, True, seen, h=58)
        if t.my_turn and self.marked:
            out, into = self.marks()
            # lit when the engine would take the swap (its rule, not the screen's)
            legal = not isinstance(self.offer(A.EXCHANGE(out, into)), str)
            t.put_button("btn:room:swap", f"Swap {len(out)} for {len(into)} (S)", x + 24, BOTTOM - 24 - 58 - 12 - 50,
                         w - 48, legal, False, seen, h=50)

    def marks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The marked cards: (of the deck, of the Reserve Pile), in the order they lie."""
        deck, reserve = self._cards()
        return (tuple(c for c in deck if c in self.marked), tuple(c for c in reserve if c in self.marked))

    def _curve(self, designs: list[str], x: float, y: float, w: float, seen: set) -> None:
        """The mana curve: one bar per cost, 0 to 6 and 7 or more, its count above it."""
        t = self.table
        t.put_label("room:curve:title", "Mana curve", x, y, 22, GOLD, seen, bold=True)
        counts = [0] * CURVE
        for d in designs:
            counts[min(card(d).cost, CURVE - 1)] += 1
        top, base = y + 66, y + 232              # the tallest bar reaches `top`
        slot = w / CURVE
        bw = slot - 12
        scale = (base - top) / max(6, max(counts))
        k = t.view.classes[t.me]
        colour = CLASS_RGB.get(k, (160, 140, 90))
        self.panel("room:curve:axis", x, base, w, 2, seen, z=8, fill=(255, 255, 255, 70), radius=1)
        for i, n in enumerate(counts):
            bx = x + i * slot + 6
            bh = max(3.0, n * scale) if n else 0.0
            bar = self.panel(f"room:curve:bar:{i}", bx, base - bh, bw, bh, seen, z=8,
                             fill=colour + (235,), top=CLASS_LIGHT.get(k, GOLD) + (235,), radius=5)
            bar.visible = n > 0
            t.put_label(f"room:curve:n:{i}", str(n) if n else "", bx + bw / 2, base - bh - 4, 18, INK,
                        seen, anchor="midbottom", bold=True)
            t.put_label(f"room:curve:cost:{i}", f"{i}+" if i == CURVE - 1 else str(i), bx + bw / 2,
                        base + 8, 18, MUTED, seen, anchor="midtop")

    # --- input --------------------------------------------------------------------------------------
    def click(self, c: int) -> Action | str | None:
        v, me = self.table.view, self.table.me
        if c in v.decks[me]:
            return self.offer(A.REMOVE(c))
        if c in v.reserves[me]:
            return self.offer(A.ADD(c))
        return None

    def mark(self, c: int) -> Action | str | None:
        """Ctrl+click on a card of the deck or the Reserve Pile: marked for a swap, or unmarked."""
        t = self.table
        v, me = t.view, t.me
        if not t.my_turn:
            return self.waiting()
        if c not in v.decks[me] and c not in v.reserves[me]:
            return None
        if len(v.decks[me]) != DECK_SIZE:
            return self.offer(A.EXCHANGE((), ()))      # the engine's sentence: put one in first
        self._cards()
        self.marked ^= {c}
        return LOCAL

    def swap(self) -> Action | str | None:
        """The marked cards swapped in one move (the engine says why not, when not)."""
        if not self.table.my_turn:
            return self.waiting()
        out, into = self.marks()
        return self.offer(A.EXCHANGE(out, into))

    def prompt(self) -> str:
        v = self.table.view
        n = len(v.decks[self.table.me])
        if n < DECK_SIZE:
            return f"Your deck holds {n} of {DECK_SIZE}: click a card of your Reserve Pile to put it in."
        if self.marked:
            out, into = self.marks()
            if len(out) == len(into):
                return f"Press Swap (S) to exchange the {len(out)} marked cards of each side in one move."
            return (f"Marked: {len(out)} of your deck, {len(into)} of the Reserve Pile. Ctrl+click to mark "
                    "as many on each side, then Swap (S).")
        return ("Click a deck card to set it aside (then put another in), or Ctrl+click several cards of "
                "each side and Swap them together; Done (Enter) plays this deck.")


def _legality(n: int) -> str:
    if n == DECK_SIZE:
        return "Legal: ready to play."
    if n < DECK_SIZE:
        more = DECK_SIZE - n
        return f"Add {more} more card{'s' if more > 1 else ''} from the Reserve Pile."
    less = n - DECK_SIZE
    return f"Set {less} card{'s' if less > 1 else ''} aside."


def named_card(target: SpriteId | None) -> int | None:
    """The card whose name a listed name's label is (a click on the name is one on its card)."""
    if target is not None and target.kind == "room" and target.at(0) == "name":
        return target.at(1)
    return None
