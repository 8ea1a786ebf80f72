"""The Paragons draft room: the class choice, the draft, deck building and the reserve swap.

A part of the Paragons presenter (`DraftRoom`, its deck building a `BuildRoom` of its own): in
these phases it alone draws the table, on the layout's virtual 1920x1080. Like every presenter
it only proposes: a click becomes the engine's action when that action is legal now, and
otherwise the engine's own sentence saying why not.

Sprite ids: cards are `card:{id}` (the base class's card_id, the zoom and the playback know
them), so a drafted card keeps its sprite and glides from the layout to its drafter's row, and
a card moved while building glides between Deck and Reserve Pile. Everything else is `room:…`
(buttons `btn:room:…`); the class panels' pieces all start `room:class:{class}` so a click
anywhere on a panel chooses it.

The presenter, while `in_room()`: calls `draw(seen)` in its sync, `scene.set_glow(glow())` in
its `_highlight`, tries `zoom(target)` in its `zoom` (the class panels' sample cards), and hands
clicks, buttons, keys, drags, drops and the prompt to the room's methods of those names. The
room draws its own panels: while in it, the scene's layout should draw no zones of the battle
table (a plain `Layout(size=...)`), as they would show through.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core import Action
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine.cards import (CLASS_NAMES, CLASSES, NEUTRAL, card, card_text,
                                                  class_cards)
from tabletop.games.paragons.engine.draft import layouts
from tabletop.games.paragons.engine.state import BUILD, CLASS, DRAFT, HIDDEN_CLASS, SWAP
from tabletop.games.paragons.presentation.buildchart import (DECK_AREA, NAME_GAP, NAME_PX, RESERVE_AREA, BuildRoom,
                                                             named_card)
from tabletop.games.paragons.presentation.roomkit import (CARD_RATIO, CLASS_BLURB, CLASS_LIGHT, CLASS_RGB,
                                                          GOLD, INK, MUTED, RED, SAMPLES, RoomPart, face,
                                                          fit, sort_key, wrap)
from tabletop.games.paragons.presentation.style import card_sid, cid
from tabletop.table.ids import SpriteId
from tabletop.table.presenter import ADVICE

ROOM_PHASES = frozenset((CLASS, DRAFT, BUILD, SWAP))
ROW_GAP = 10             # between the cards of a row of picks


def row_id(q: int) -> SpriteId:
    """Seat q's row of drafted cards (your row takes drops)."""
    return SpriteId("room", "row", q)


def class_id(klass: str, *piece) -> SpriteId:
    """A class panel, or a piece of it (its name, a sample card): a click on any chooses it."""
    return SpriteId("room", "class", klass, *piece)


def round_cards(v) -> list[int]:
    """Every card laid out in this draft round, picked or not, in a fixed order (cost, name).

    The state keeps only the cards still laid out; the picks of this round are the last few
    of each seat's drafted cards, so the whole round, and so each card's slot in the grid,
    follows from the view alone (a loaded match shows the same grid)."""
    n = v.players
    greater, lesser = layouts(n, v.variant)
    sizes = (greater,) + lesser
    picked = sizes[min(v.draft_round, len(sizes) - 1)] - len(v.layout)
    order = v.draft_order()
    first = 0 if v.draft_round == 0 or n == 2 else (v.draft_round - 1) % n
    counts = Counter(order[(first + i) % n] for i in range(max(0, picked)))
    cards = list(v.layout)
    for q, k in counts.items():
        mine = drafted(v, q)
        cards += mine[len(mine) - k:]
    return sorted(cards, key=lambda c: sort_key(v.designs[c], c))


def drafted(v, q: int) -> list[int]:
    """Seat q's drafted mercenaries, in the order it picked them."""
    return [c for c in v.owned[q] if v.designs.get(c) and card(v.designs[c]).klass == NEUTRAL]


def round_name(v) -> str:
    if v.draft_round == 0:
        return "Greater mercenaries"
    rounds = len(layouts(v.players, v.variant)[1])
    return "Lesser mercenaries" if rounds == 1 else f"Lesser mercenaries, round {v.draft_round} of {rounds}"


def class_makeup(klass: str) -> list[str]:
    """What a class's cards are, by type, in two lines for its panel."""
    kinds = Counter(card(d).type for d in class_cards(klass))
    words = {"mercenary": "mercenaries", "spell": "spells", "imbuement": "imbuements",
             "enchantment": "enchantments"}
    parts = [f"{kinds[t]} {w}" for t, w in words.items() if kinds[t]]
    return [f"{len(class_cards(klass))} class cards: " + ", ".join(parts[:2]) + ",",
            " and ".join(parts[2:]) + "."] if len(parts) > 2 else \
        [f"{len(class_cards(klass))} class cards:", " and ".join(parts) + "."]


def samples(klass: str) -> list[str]:
    """The class cards its panel shows (the named ones, else the class's first three)."""
    by_name = {card(d).name: d for d in class_cards(klass)}
    found = [by_name[n] for n in SAMPLES[klass] if n in by_name]
    return found if len(found) == 3 else list(class_cards(klass)[:3])


class DraftRoom(RoomPart):
    """The room's sprites and input, in the phases before (and between) the games."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.build = BuildRoom(table)      # deck building and the swap

    # --- the presenter asks ------------------------------------------------------------------
    def draw(self, seen: set[str]) -> None:
        """Create or move every sprite of the room, adding their ids to `seen`."""
        phase = self.table.view.phase
        if phase == CLASS:
            self._draw_classes(seen)
        elif phase == DRAFT:
            self._draw_draft(seen)
        else:
            self.build.draw(seen)
        self.table.scene.set_glow(self.glow())     # the presenter's _highlight says it again

    def glow(self) -> set[str]:
        """What glows now: the cards this seat may draft, the Reserve Pile when the deck is short,
        the classes it may choose. (The presenter's _highlight passes it to scene.set_glow.)"""
        t = self.table
        v = t.view
        if v is None or not t.my_turn or v.phase not in ROOM_PHASES:
            return set()
        if v.phase == CLASS:
            return {class_id(A.CHOOSE.klass(a)) for a in t.legal_of(A.CHOOSE.kind)}
        if v.phase == DRAFT:
            return {card_sid(A.PICK.card(a)) for a in t.legal_of(A.PICK.kind)}
        return {card_sid(A.ADD.card(a)) for a in t.legal_of(A.ADD.kind)}

    def zoom(self, target: SpriteId | None):
        """(cache key, compose, caption) for the class panels' sample cards, which are not
        `card:` sprites (their ids belong to no seat yet)."""
        if not target or target.kind != "room" or target.at(0) != "class" or target.at(2) != "sample":
            return None
        klass, i = target.at(1), target.at(3)
        d = samples(klass)[i]
        key, compose = face(d)
        cd = card(d)
        return key + "/zoom", compose, f"{cd.name}\n{CLASS_NAMES[klass]} · cost {cd.cost}\n\n{card_text(cd)}"

    # --- input -----------------------------------------------------------------------------------
    def click(self, target: SpriteId | None) -> Action | str | None:
        v = self.table.view
        if v is None or not target:
            return None
        if v.phase == CLASS:
            klass = _class_of(target)
            return None if klass is None else self.offer(A.CHOOSE(klass))
        c = _card_of(target)
        if c is None:
            return None
        if v.phase == DRAFT:
            return self.offer(A.PICK(c))
        return self.build.click(c)

    def mark(self, target: SpriteId | None) -> Action | str | None:
        """Ctrl+click: in deck building, a card marked for a swap of several; elsewhere a click."""
        v = self.table.view
        c = _card_of(target) if target else None
        if v is not None and v.phase in (BUILD, SWAP) and c is not None:
            return self.build.mark(c)
        return self.click(target)

    def button(self, bid: SpriteId) -> Action | str | None:
        if bid == "btn:room:swap":
            return self.build.swap()
        if bid.kind == "btn" and bid.fields[:2] == ("room", "choose"):
            return self.offer(A.CHOOSE(bid.at(2)))
        if bid == "btn:room:done":
            return self.offer(A.DONE())
        if bid == "btn:room:auto":
            return ADVICE if self.table.my_turn else None
        return None

    def key(self, name: str) -> Action | str | None:
        t = self.table
        v = t.view
        if v is None or not t.my_turn:
            return None
        name = name.lower()
        if v.phase == CLASS:
            choices = t.legal_of(A.CHOOSE.kind)
            if name in ("1", "2", "3"):
                return self.offer(A.CHOOSE(CLASSES[int(name) - 1]))
            if name in ("return", "enter") and len(choices) == 1:
                return choices[0]              # one class left: Enter takes it
            return None
        if v.phase in (BUILD, SWAP) and name in ("return", "enter"):
            return self.offer(A.DONE())
        if v.phase in (BUILD, SWAP) and name == "s":
            return self.build.swap()
        return None

    def drag_targets(self, piece: SpriteId) -> set[str]:
        t = self.table
        v = t.view
        c = cid(piece)
        if v is None or c is None or not t.my_turn:
            return set()
        if v.phase == DRAFT:
            return {row_id(t.me)} if A.PICK(c) in t.legal else set()
        if v.phase in (BUILD, SWAP):
            if A.REMOVE(c) in t.legal:
                return {RESERVE_AREA}
            if A.ADD(c) in t.legal:
                return {DECK_AREA}
        return set()

    def drop(self, piece: SpriteId, target: SpriteId | None) -> Action | str | None:
        t = self.table
        v = t.view
        c = cid(piece)
        if v is None or c is None or target is None:
            return None
        if v.phase == DRAFT and c in v.layout:
            if target == row_id(t.me):
                return self.offer(A.PICK(c))
            if (target.kind == "room" and target.at(0) == "row") or target.kind == "card":
                return "Drop a card on your own row to draft it."
        if v.phase in (BUILD, SWAP):
            target = self._area_of(target)
        if v.phase in (BUILD, SWAP) and target in (DECK_AREA, RESERVE_AREA):
            into_deck = target == DECK_AREA
            if (c in v.decks[t.me]) == into_deck:
                return None                    # dropped back where it lies: nothing happens
            return self.offer(A.ADD(c) if into_deck else A.REMOVE(c))
        return None

    def _area_of(self, target: SpriteId) -> SpriteId:
        """A card lying in the Deck or the Reserve Pile stands for its area: a card dropped on it
        lands there (and is refused there with the engine's reason, as a click is)."""
        c, t = cid(target), self.table
        if c in t.view.decks[t.me]:
            return DECK_AREA
        if c in t.view.reserves[t.me]:
            return RESERVE_AREA
        return target

    def prompt(self) -> str:
        t = self.table
        v = t.view
        if v is None:
            return ""
        if not t.my_turn:
            return self.waiting()
        if v.phase == CLASS:
            taken = [f"the {CLASS_NAMES[k]}" for k in CLASSES if k in v.classes]
            if taken:                          # a clash went to another seat: wish again
                said = " and ".join(taken)
                return (f"{said[0].upper()}{said[1:]} {'is' if len(taken) == 1 else 'are'} "
                        "taken: choose among the classes left.")
            return "Choose your class: click its panel or its button (keys 1, 2, 3)."
        if v.phase == DRAFT:
            return f"Your pick ({round_name(v).lower()}): click a glowing card, or drag it onto your row."
        return self.build.prompt()

    # --- the class choice ------------------------------------------------------------------------------
    def _draw_classes(self, seen: set) -> None:
        t = self.table
        v, me = t.view, t.me
        W = t.layout.size[0]
        self.title("Choose your Paragon",
                   "Each player wishes for a class in secret; the wishes are shown together.", seen)
        pw, gap, py, ph = 560, 40, 132, 740
        x0 = (W - 3 * pw - 2 * gap) / 2
        choosable = {A.CHOOSE.klass(a) for a in t.legal_of(A.CHOOSE.kind)}
        for i, k in enumerate(CLASSES):
            x = x0 + i * (pw + gap)
            cx = x + pw / 2
            rgb, light = CLASS_RGB[k], CLASS_LIGHT[k]
            holder = next((q for q in range(v.players) if v.classes[q] == k), None)
            wished = v.wishes[me] == k
            live = k in choosable and t.my_turn
            edge = GOLD + (255,) if wished else (light + (200,) if live else (255, 255, 255, 40))
            pid = class_id(k)
            self.panel(pid, x, py, pw, ph, seen, z=10, fill=_tint(rgb, 0.16, 238),
                       top=_tint(rgb, 0.42, 238), outline=edge, line=4 if wished else 2, radius=26)
            role, character, learning = CLASS_BLURB[k]
            t.put_label(f"{pid}:name", f"The {CLASS_NAMES[k]}", cx, py + 22, 46, light, seen,
                        anchor="midtop", bold=True, z=40)
            t.put_label(f"{pid}:role", role, cx, py + 86, 25, GOLD, seen, anchor="midtop", bold=True, z=40)
            for j, line in enumerate(wrap(character, 21, pw - 64)[:3]):
                t.put_label(f"{pid}:say:{j}", line, cx, py + 130 + j * 29, 21, INK, seen,
                            anchor="midtop", z=40)
            cw, cg = 168, 12
            sx = cx - (3 * cw + 2 * cg) / 2
            for j, d in enumerate(samples(k)):
                s = self.card(class_id(k, "sample", j), d, sx + j * (cw + cg), py + 228, cw, 30 + j, seen)
                s.dim = holder is not None
            for j, line in enumerate(class_makeup(k)):
                t.put_label(f"{pid}:deck:{j}", line, cx, py + 482 + j * 27, 20, INK, seen,
                            anchor="midtop", z=40)
            t.put_label(f"{pid}:learn", learning, cx, py + 544, 20, MUTED, seen, anchor="midtop", z=40)
            if holder is not None:
                state, colour = f"{t.seat_names[holder]} plays the {CLASS_NAMES[k]}", RED
            elif wished:
                state, colour = "Your wish, secret until every wish is in", GOLD
            else:
                state, colour = "", INK
            t.put_label(f"{pid}:state", state, cx, py + 590, fit(state, 22, pw - 48, True), colour, seen,
                        anchor="midtop", bold=True, z=40)
            t.put_button(SpriteId("btn", "room", "choose", k), f"Choose the {CLASS_NAMES[k]}", cx - 170,
                         py + ph - 90, 340, live, True, seen, h=56)
        self._class_seats(seen, 900)
        t.put_label("room:clash", "Two wishes for one class? A seeded coin settles it (our Rock, "
                    "Paper, Scissors), and the other player wishes again among the classes left.",
                    W / 2, 950, 20, MUTED, seen, anchor="midtop")

    def _class_seats(self, seen: set, y: float) -> None:
        """One line per seat: its class, its secret wish, or that it is still choosing."""
        t = self.table
        v = t.view
        parts = []
        for q in range(v.players):
            name = t.seat_names[q]
            if v.classes[q]:
                parts.append((f"{name}: plays the {CLASS_NAMES[v.classes[q]]}", CLASS_LIGHT[v.classes[q]]))
            elif v.wishes[q] == HIDDEN_CLASS:
                parts.append((f"{name}: has wished in secret", INK))
            elif v.wishes[q]:
                parts.append((f"{name}: wished for the {CLASS_NAMES[v.wishes[q]]} (secret)", GOLD))
            elif v.deciding == q:
                parts.append((f"{name}: choosing…", GOLD))
            else:
                parts.append((f"{name}: not yet", MUTED))
        W = t.layout.size[0]
        slot = W / len(parts)
        for q, (text, colour) in enumerate(parts):
            t.put_label(f"room:wish:{q}", text, slot * (q + 0.5), y, 24, colour, seen,
                        anchor="midtop", bold=True)

    # --- the draft ------------------------------------------------------------------------------------
    def _draw_draft(self, seen: set) -> None:
        t = self.table
        v, me = t.view, t.me
        W, H = t.layout.size
        cards = round_cards(v)
        left = len(v.layout)
        moves_on = " In three-player Lesser rounds the first pick moves on each round." \
            if v.players == 3 and v.draft_round else ""
        self.title("The Draft", f"{round_name(v)}: {len(cards)} laid out, {left} still to pick. "
                   f"Drafted cards are public.{moves_on}", seen)
        # the grid: every card of the round keeps its slot; a picked card leaves an empty one
        gx, gy, gw, gh, gap = 48, 118, 1430, 430, 12
        cols = max(1, (len(cards) + 1) // 2)
        cw = min(150.0, (gw - (cols - 1) * gap) / cols, (gh - gap) / 2 / CARD_RATIO)
        ch = cw * CARD_RATIO
        bx = gx + (gw - (cols * cw + (cols - 1) * gap)) / 2
        mine = t.my_turn
        for i, c in enumerate(cards):
            x, y = bx + (i % cols) * (cw + gap), gy + (i // cols) * (ch + gap)
            self.panel(f"room:slot:{i}", x, y, cw, ch, seen, z=4, fill=(0, 0, 0, 70),
                       outline=(255, 255, 255, 34), line=1.5, radius=cw * 0.065)
            if c in v.layout:
                self._layout_card(c, x, y, cw, ch, 100 + i, seen, mine)
        self._draft_order_panel(seen, 1508, gy, W - 48 - 1508, gh)
        # one row per seat of what it drafted, yours at the bottom, nearest to you
        rows = [q for q in v.draft_order() if q != me] + [me]
        top, bottom, rg = 572, H - 82, 10
        rh = (bottom - top - rg * (len(rows) - 1)) / len(rows)
        for j, q in enumerate(rows):
            self._draft_row(q, 48, top + j * (rh + rg), W - 96, rh, seen)

    def _layout_card(self, c: int, x: float, y: float, w: float, h: float, z: float, seen: set,
                     mine: bool) -> None:
        """A card laid out to pick, in its slot. A name too long for the face at this size (a long
        word at 1280x720: "Executioner") goes on a strip under a smaller card in the same slot
        (a pick is never a guess from its picture)."""
        self.put_named_card(c, self.table.view.designs[c], x, y, w, h, z, seen, draggable=mine)

    def _draft_order_panel(self, seen: set, x: float, y: float, w: float, h: float) -> None:
        t = self.table
        v = t.view
        self.panel("room:order", x, y, w, h, seen, fill=(14, 18, 24, 200), outline=(255, 255, 255, 40))
        t.put_label("room:order:title", "Pick order", x + 24, y + 18, 26, GOLD, seen, bold=True)
        order = v.draft_order()
        for i, q in enumerate(order):
            ry = y + 66 + i * 58
            now = q == v.deciding
            if now:
                self.panel("room:order:now", x + 10, ry - 5, w - 20, 56, seen, z=6,
                           fill=(60, 48, 20, 200), outline=GOLD + (200,), radius=12)
            k = v.classes[q]
            t.put_token(f"room:order:chip:{q}", str(i + 1), CLASS_RGB.get(k, (120, 120, 120)),
                        x + 30, ry + 6, 18, 20, seen)
            name, room = t.seat_names[q], w - 100
            t.put_label(f"room:order:name:{q}", name, x + 80, ry, fit(name, 23, room, True),
                        GOLD if now else INK, seen, bold=True, room=room)
            line = f"{CLASS_NAMES.get(k, '?')} · {len(drafted(v, q))} drafted"
            if now and t.shorten(line + " · picking", 18, room) == line + " · picking":
                line += " · picking"       # where it fits: the gold row says it where it does not
            t.put_label(f"room:order:class:{q}", line, x + 80, ry + 28, fit(line, 18, room),
                        CLASS_LIGHT.get(k, INK), seen, room=room)
        # the rounds: done, now, to come
        ry = y + 60 + len(order) * 58 + 14
        t.put_label("room:rounds:title", "Rounds", x + 24, ry, 22, GOLD, seen, bold=True)
        greater, lesser = layouts(v.players, v.variant)
        names = ["Greater"] + ([f"Lesser {i + 1}" for i in range(len(lesser))] if len(lesser) > 1 else ["Lesser"])
        sizes = (greater,) + lesser
        for i, (name, n) in enumerate(zip(names, sizes)):
            state = "done" if i < v.draft_round else "now" if i == v.draft_round else "to come"
            colour = MUTED if state == "done" else GOLD if state == "now" else INK
            ry = y + 60 + len(order) * 58 + 50 + i * 28
            t.put_label(f"room:rounds:{i}", f"{name}: {n} cards", x + 24, ry, 19, colour, seen,
                        bold=state == "now")
            t.put_label(f"room:rounds:{i}:state", state, x + w - 24, ry, 19, colour, seen,
                        anchor="topright", bold=state == "now")

    def _draft_row(self, q: int, x: float, y: float, w: float, h: float, seen: set) -> None:
        t = self.table
        v = t.view
        k = v.classes[q]
        mine = q == t.me
        self.panel(row_id(q), x, y, w, h, seen, z=3, fill=(14, 18, 24, 175),
                   outline=CLASS_RGB.get(k, (120, 120, 120)) + ((230,) if mine else (120,)),
                   line=3 if mine else 2)
        picks = drafted(v, q)
        name = t.seat_names[q]
        t.put_label(f"room:row:name:{q}", name, x + 20, y + 14, fit(name, 24, 216, True), INK, seen,
                    bold=True)
        t.put_label(f"room:row:class:{q}", f"The {CLASS_NAMES.get(k, '?')}", x + 20, y + 46, 20,
                    CLASS_LIGHT.get(k, INK), seen)
        t.put_label(f"room:row:count:{q}", f"{len(picks)} drafted", x + 20, y + 74, 19, MUTED, seen)
        cx0, cx1 = x + 250, x + w - 12
        ch = h - 24
        if not picks:
            t.put_label(f"room:row:none:{q}", "No cards yet" + (": yours arrive here." if mine else "."),
                        cx0, y + h / 2, 20, MUTED, seen, anchor="midleft")
            return
        # a row of picks is read as the player reads the layout: every card by its name. Side by
        # side while they fit uncovered, each named on its face or on a strip under it; else a
        # list of small cards with their names beside them (a covered card showed no name)
        cw = ch / CARD_RATIO
        strips = [self.strip_for(card(v.designs[c]).name, cw) for c in picks]
        slots = [cw if st is None else max(cw, st[1]) for st in strips]
        if sum(slots) + ROW_GAP * (len(picks) - 1) <= cx1 - cx0:
            sx = cx0
            for i, (c, slot) in enumerate(zip(picks, slots)):
                self.put_named_card(c, v.designs[c], sx + (slot - cw) / 2, y + 12, cw, ch, 200 + i, seen)
                sx += slot + ROW_GAP
            return
        listed = self._row_list(picks, cx1 - cx0, ch)
        if listed is None:                 # no list fits either: the cards overlap, as before
            pitch = min(cw + 10, (cx1 - cx0 - cw) / (len(picks) - 1))
            for i, c in enumerate(picks):
                self.card(card_sid(c), v.designs[c], cx0 + i * pitch, y + 12, cw, 200 + i, seen,
                          covered=i < len(picks) - 1 and pitch < cw)
            return
        rows, pitch, th = listed
        tw = th / CARD_RATIO
        for i, c in enumerate(picks):       # down each column, in the order they were picked
            lx, ly = cx0 + (i // rows) * (pitch + ROW_GAP), y + 12 + (i % rows) * (th + ROW_GAP)
            self.card(card_sid(c), v.designs[c], lx, ly, tw, 200 + i, seen)
            self.build.name_beside(c, card(v.designs[c]).name, lx + tw + NAME_GAP, ly,
                                   pitch - tw - 2 * NAME_GAP, th, seen)

    def _row_list(self, picks: list[int], width: float, height: float) -> tuple[int, float, float] | None:
        """(rows, column pitch, row height) of the fewest rows (the largest pictures) in which
        every pick's name fits beside its small card, on one line or two; None when none do."""
        t = self.table
        v = t.view
        line = t.font(NAME_PX).get_linesize()
        names = {card(v.designs[c]).name for c in picks}
        for rows in range(1, 9):
            th = (height - (rows - 1) * ROW_GAP) / rows
            if th < line + 2:
                return None
            cols = -(-len(picks) // rows)
            pitch = (width - (cols - 1) * ROW_GAP) / cols
            room = pitch - th / CARD_RATIO - 2 * NAME_GAP
            most = 2 if th >= 2 * line + 2 else 1
            if room > 0 and all(self.build.fits(n, room, most) for n in names):
                return rows, pitch, th
        return None


def _card_of(target: SpriteId) -> int | None:
    """The card a click on `target` is for: a card, or its name beside or under it."""
    c = cid(target)
    return named_card(target) if c is None else c


def _class_of(target: SpriteId) -> str | None:
    """The class a piece of its panel (or its button) stands for."""
    if target.kind == "room" and target.at(0) == "class":
        k = target.at(1)
    elif target.kind == "btn" and target.fields[:2] == ("room", "choose"):
        k = target.at(2)
    else:
        return None
    return k if k in CLASSES else None


def _tint(rgb, k: float, alpha: int) -> tuple[int, int, int, int]:
    """A class colour darkened to `k` of itself, for panel backgrounds."""
    return (round(rgb[0] * k), round(rgb[1] * k), round(rgb[2] * k), alpha)
