"""Looking through a pile (a deck, a discard pile) in a panel over the table: a part.

`PileBrowser` keeps the pile open, a (zone, seat) pair or None, and draws it: the panel, a title,
the pile's cards in order as `view:<card>` sprites (through the table's own `_card`, so the zoom
and the faces are the game's), "Empty." for none, and a Close button (`btn:browse:close`). The
cards fill rows as large as the panel allows; a long pile's rows overlap rather than shrink its
cards below `smallest` wide. The browser only looks: a click on its cards plays nothing.

A game subclasses it with what is its own: the cards of a pile in order (`cards`), the title
(`title`), which piles may be opened (`may_open`), the card shape (`aspect`, `largest`), the
panel's `fill`, and whether each card carries its place in the pile as a badge (`numbered`)."""

from __future__ import annotations

from tabletop.table import cardfit
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import GOLD, LOCAL, MUTED

CLOSE = "btn:browse:close"

# the panel (virtual pixels) and what sits in it
PANEL = (80, 60, 1760, 900)
GAP = 10                 # between the cards of a row
Z = 2500                 # the panel; its cards above it, the Close button above them


class PileBrowser(Part):
    """The pile looked through (`pile`: (zone, seat); None: closed)."""

    aspect: float = 1.4                  # a card's height over its width
    largest: float = 230                 # the widest a card is drawn
    smallest: float = 140                # a long pile's rows overlap rather than go narrower
    max_rows: int = 4                    # rows before they overlap
    fill = (16, 20, 26, 236)             # the panel's colour
    numbered = False                     # each card badged with its place in the pile (1: first)

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pile: tuple[str, int] | None = None     # (zone, seat) looked through; None: closed

    # --- what a game says ------------------------------------------------------------------
    def cards(self, zone: str, seat: int) -> list[int]:
        """The cards of `seat`'s pile `zone`, in the order shown (first: top left)."""
        raise NotImplementedError

    def title(self, zone: str, seat: int, n: int) -> str:
        """The panel's title over the `n` cards shown."""
        raise NotImplementedError

    def may_open(self, zone: str, seat: int) -> bool:
        """Whether this seat may look through that pile now (by default any)."""
        return True

    @property
    def covers_table(self) -> bool:
        return self.pile is not None

    # --- opening and closing ----------------------------------------------------------------
    def open(self, zone: str, seat: int) -> bool:
        """Look through `seat`'s pile `zone`; whether it may be."""
        if not self.may_open(zone, seat):
            return False
        self.pile = (zone, seat)
        return True

    def forget_stale(self) -> None:
        if self.pile and not self.may_open(*self.pile):
            self.pile = None

    def clear(self) -> bool:
        had, self.pile = self.pile is not None, None
        return had

    def button(self, bid):
        if bid == CLOSE:
            self.pile = None
            return LOCAL
        return None

    def whose(self, seat: int) -> str:
        """"Your" for the seat the table shows, else the seat's name with 's (for a title)."""
        t = self.table
        if seat == t.me:
            return "Your"
        return f"{t.seat_names[seat] if seat < len(t.seat_names) else f'Seat {seat + 1}'}'s"

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, seen) -> None:
        if not self.pile:
            return
        t = self.table
        zone, seat = self.pile
        cards = list(self.cards(zone, seat))
        x, y, w, h = PANEL
        t.put_panel("browse:back", x, y, w, h, seen, z=Z, fill=self.fill)
        t.put_label("lbl:browse", self.title(zone, seat, len(cards)), x + 24, y + 16, 24, GOLD, seen,
                    bold=True, z=Z + 100)
        room = (x + 24, y + 60, w - 48, h - 150)          # above the Close button
        for i, (c, (cx, cy), size) in enumerate(self.places(cards, room)):
            s = t._card(SpriteId("view", c), c, cx, cy, size, Z + 100 + i, seen)
            if self.numbered:
                s.badge = str(i + 1)
        if not cards:
            t.put_label("lbl:browse:none", "Empty.", x + w / 2, y + h / 2, 22, MUTED, seen, "center", z=Z + 100)
        bh = t.button_h
        t.put_button(CLOSE, "Close", x + w - 230, y + h - 20 - bh, 206, True, True, seen, z=Z + 200)

    def places(self, cards: list[int], room) -> list[tuple[int, tuple[float, float], tuple[float, float]]]:
        """(card, top-left, size) of each card in `room`: rows as large as the room allows, up to
        `max_rows`; past that the cards keep `smallest` wide and the rows overlap to fit."""
        rx, ry, rw, rh = room
        n = len(cards)
        size, cols = cardfit.fit_rows(n, rw, rh, self.aspect, GAP, largest=self.largest, max_rows=self.max_rows)
        if size[0] < self.smallest:
            size = (float(self.smallest), self.smallest * self.aspect)
            cols = max(1, int((rw + GAP) // (size[0] + GAP)))
        rows = max(1, -(-n // cols))
        pitch = min(size[1] + 12, (rh - size[1]) / (rows - 1)) if rows > 1 else 0
        return [(c, (rx + (i % cols) * (size[0] + GAP), ry + (i // cols) * pitch), size)
                for i, c in enumerate(cards)]
