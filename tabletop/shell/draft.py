"""The draft screen: a pool of cards laid out face up, players picking in a fixed order, each
player's picks shown in a row of their own (Paragons' mercenary draft, champion picks).

It is fed plain data: the pool's cards with a face each (cache key and compose function, as
the table's faces), the seats' names, the order in which seats pick, which seats a person
plays, and one callback, `pick(seat, card_id)`, that asks the engine and applies the pick when
it is legal. The callback returns None when the pick was made, or the engine's sentence saying
why not: the screen never decides legality. Bots' picks are handed in with `bot_pick`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import (QDialog, QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea,
                               QSizePolicy, QVBoxLayout, QWidget)

from tabletop.shell import theme
from tabletop.shell.widgets import button, label, pil_to_pixmap
from tabletop.store.paths import cache_dir
from tabletop.table.faces import Compose, FaceCache

CARD = QSize(150, 210)          # a card of the pool
THUMB = QSize(64, 90)           # a card in a player's row
SEAT_COLORS = ("#5b9be6", "#e0705e", "#6cc48a", "#c99be6")

# What the callback answers: None when the engine made the pick, else its sentence.
PickCallback = Callable[[int, str], "str | None"]


@dataclass(frozen=True)
class PoolCard:
    id: str
    name: str
    face_key: str
    compose: Compose
    text: str = ""                  # shown as the tooltip


STYLE = f"""
QFrame#draftcard {{ background: {theme.PANEL}; border: 2px solid {theme.EDGE}; border-radius: 12px; }}
QFrame#draftcard:hover {{ border-color: {theme.GOLD}; }}
QFrame#draftcard[selected="true"] {{ border: 3px solid {theme.GOLD_HI}; background: {theme.PANEL_HI}; }}
QFrame#draftcard[taken="true"] {{ border: 2px dashed {theme.EDGE}; background: {theme.BG}; }}
QLabel#cardname {{ font-weight: 600; background: transparent; }}
QLabel#takenby {{ color: {theme.MUTED}; background: transparent; font-size: 12px; }}
QFrame#seatrow {{ background: {theme.PANEL}; border: 1px solid {theme.EDGE}; border-radius: 12px; }}
QFrame#seatrow[active="true"] {{ border: 2px solid {theme.GOLD}; }}
QLabel#turn {{ font-size: 24px; font-weight: 700; color: {theme.GOLD_HI}; background: transparent; }}
QLabel#orderchip {{ border-radius: 10px; padding: 3px 10px; font-weight: 600; color: #1b1408; }}
QLabel#orderchip[done="true"] {{ color: {theme.MUTED}; background: transparent;
                                  border: 1px solid {theme.EDGE}; }}
"""


def _repolish(w: QWidget) -> None:
    w.style().unpolish(w)
    w.style().polish(w)


class CardTile(QFrame):
    """One card of the pool: its face and name; click selects, double-click picks."""

    clicked = Signal(str)
    double_clicked = Signal(str)

    def __init__(self, card: PoolCard, pixmap: QPixmap, parent=None) -> None:
        super().__init__(parent)
        self.card = card
        self.setObjectName("draftcard")
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip(f"<b>{card.name}</b><br>{card.text}" if card.text else card.name)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 6)
        lay.setSpacing(4)
        self.face = QLabel()
        self.face.setAlignment(Qt.AlignCenter)
        self.face.setFixedSize(CARD)
        self.face.setPixmap(pixmap.scaled(CARD, Qt.KeepAspectRatio, Qt.SmoothTransformation))
        lay.addWidget(self.face, 0, Qt.AlignCenter)
        self.name = label(card.name, "cardname")
        self.name.setAlignment(Qt.AlignCenter)
        lay.addWidget(self.name)
        self.taken_by = label("", "takenby")
        self.taken_by.setAlignment(Qt.AlignCenter)
        lay.addWidget(self.taken_by)
        self.taken = False

    def set_selected(self, on: bool) -> None:
        self.setProperty("selected", on)
        _repolish(self)

    def set_taken(self, seat_name: str) -> None:
        """The card went to a player: it stays in its place, faded, saying who took it."""
        self.taken = True
        self.setProperty("taken", True)
        self.setProperty("selected", False)
        self.setCursor(Qt.ArrowCursor)
        self.taken_by.setText(f"taken by {seat_name}")
        faded = QPixmap(self.face.pixmap().size())
        faded.fill(Qt.transparent)
        p = QPainter(faded)
        p.setOpacity(0.22)
        p.drawPixmap(0, 0, self.face.pixmap())
        p.end()
        self.face.setPixmap(faded)
        _repolish(self)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and not self.taken:
            self.clicked.emit(self.card.id)

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.LeftButton and not self.taken:
            self.double_clicked.emit(self.card.id)


class SeatRow(QFrame):
    """One player's picks, in the order made."""

    def __init__(self, name: str, color: str, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("seatrow")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        lay.setSpacing(8)
        head = QVBoxLayout()
        self.title = QLabel(f"<span style='color:{color}'>●</span> <b>{name}</b>")
        self.title.setMinimumWidth(130)
        head.addWidget(self.title)
        self.count = label("no picks yet", "muted")
        head.addWidget(self.count)
        head.addStretch(1)
        lay.addLayout(head)
        self.thumbs = QHBoxLayout()
        self.thumbs.setSpacing(6)
        lay.addLayout(self.thumbs)
        lay.addStretch(1)
        self.cards: list[str] = []
        self.setMinimumHeight(THUMB.height() + 22)

    def add(self, card: PoolCard, pixmap: QPixmap) -> None:
        thumb = QLabel()
        thumb.setPixmap(pixmap.scaled(THUMB, Qt.KeepAspectRatio, Qt.SmoothTransformation))
        thumb.setToolTip(card.name)
        self.thumbs.addWidget(thumb)
        self.cards.append(card.id)
        n = len(self.cards)
        self.count.setText(f"{n} pick{'s' if n != 1 else ''}")

    def set_active(self, on: bool) -> None:
        self.setProperty("active", on)
        _repolish(self)


class DraftScreen(QWidget):
    """The pool, whose pick it is, and every player's picks (see the module's note)."""

    picked = Signal(int, str)       # seat, card id: a pick the engine made
    finished = Signal()

    def __init__(self, pool: Sequence[PoolCard], seat_names: Sequence[str], order: Sequence[int],
                 pick: PickCallback, humans: Sequence[int] = (0,), title: str = "Draft",
                 faces: FaceCache | None = None, columns: int | None = None, parent=None) -> None:
        super().__init__(parent)
        if any(s not in range(len(seat_names)) for s in order):
            raise ValueError("the pick order names a seat that is not at the table")
        self.pool = {c.id: c for c in pool}
        self.seat_names = list(seat_names)
        self.order = list(order)
        self.humans = set(humans)
        self._pick = pick
        self.faces = faces if faces is not None else FaceCache(cache_dir())
        self.turn = 0                                   # index into the pick order
        self.selected: str | None = None
        self.setStyleSheet(STYLE)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(18, 14, 18, 14)
        outer.setSpacing(10)
        # --- whose pick: the title, the prompt, the order strip ---
        top = QHBoxLayout()
        heading = QVBoxLayout()
        heading.addWidget(label(title, "h2"))
        self.turn_label = label("", "turn")
        heading.addWidget(self.turn_label)
        top.addLayout(heading)
        top.addStretch(1)
        self.chips_box = QHBoxLayout()
        self.chips_box.setSpacing(4)
        self.chips: list[QLabel] = []
        for i, seat in enumerate(self.order):
            chip = QLabel(self.seat_names[seat])
            chip.setObjectName("orderchip")
            chip.setToolTip(f"Pick {i + 1}: {self.seat_names[seat]}")
            self.chips.append(chip)
            self.chips_box.addWidget(chip)
        top.addLayout(self.chips_box)
        outer.addLayout(top)
        # --- the pool ---
        n = len(pool)
        cols = columns or max(1, min(n, math.ceil(n / math.ceil(n / 9))))
        grid_host = QWidget()
        self.grid = QGridLayout(grid_host)
        self.grid.setSpacing(12)
        self.tiles: dict[str, CardTile] = {}
        for i, card in enumerate(pool):
            tile = CardTile(card, self._pixmap(card))
            tile.clicked.connect(self.select)
            tile.double_clicked.connect(self.pick)
            self.grid.addWidget(tile, i // cols, i % cols)
            self.tiles[card.id] = tile
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        wrap = QWidget()
        wl = QHBoxLayout(wrap)
        wl.addStretch(1)
        wl.addWidget(grid_host)
        wl.addStretch(1)
        scroll.setWidget(wrap)
        outer.addWidget(scroll, 1)
        # --- the prompt line and the pick button ---
        bar = QHBoxLayout()
        self.status = label("", "muted", wrap=True)
        self.status.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        bar.addWidget(self.status, 1)
        self.pick_button = button("Pick", primary=True, slot=lambda: self.selected and self.pick(self.selected))
        self.pick_button.setMinimumWidth(180)
        bar.addWidget(self.pick_button)
        outer.addLayout(bar)
        # --- every player's picks ---
        self.rows: list[SeatRow] = []
        for s, name in enumerate(self.seat_names):
            row = SeatRow(name, SEAT_COLORS[s % len(SEAT_COLORS)])
            self.rows.append(row)
            outer.addWidget(row)
        self._refresh()

    # --- state ---------------------------------------------------------------------------------
    @property
    def seat_to_pick(self) -> int | None:
        """The seat whose pick it is, or None when the draft is over."""
        if self.turn >= len(self.order) or not self.available():
            return None
        return self.order[self.turn]

    @property
    def done(self) -> bool:
        return self.seat_to_pick is None

    def available(self) -> list[str]:
        return [cid for cid, t in self.tiles.items() if not t.taken]

    def picks(self, seat: int) -> list[str]:
        return list(self.rows[seat].cards)

    # --- input ---------------------------------------------------------------------------------
    def select(self, card_id: str) -> None:
        """A click: the card is chosen, the Pick button names it."""
        if card_id not in self.tiles or self.tiles[card_id].taken:
            return
        if self.selected in self.tiles:
            self.tiles[self.selected].set_selected(False)
        self.selected = card_id
        self.tiles[card_id].set_selected(True)
        self._refresh()

    def pick(self, card_id: str) -> bool:
        """The person to pick takes `card_id` (a double-click or the Pick button)."""
        seat = self.seat_to_pick
        if seat is None:
            return False
        if seat not in self.humans:
            self.status.setText(f"It is {self.seat_names[seat]}'s pick.")
            return False
        return self._apply(seat, card_id)

    def bot_pick(self, seat: int, card_id: str) -> bool:
        """A bot's pick, handed in by whoever runs the bot; refused like any other."""
        if seat != self.seat_to_pick:
            self.status.setText(f"It is not {self.seat_names[seat]}'s pick.")
            return False
        return self._apply(seat, card_id)

    def _apply(self, seat: int, card_id: str) -> bool:
        tile = self.tiles.get(card_id)
        if tile is None or tile.taken:
            self.status.setText("That card is no longer in the pool.")
            return False
        why = self._pick(seat, card_id)
        if why:
            self.status.setText(_sentence(why))
            self.status.setObjectName("error")
            _repolish(self.status)
            return False
        card = self.pool[card_id]
        tile.set_taken(self.seat_names[seat])
        self.rows[seat].add(card, self._pixmap(card))
        if self.selected == card_id:
            self.selected = None
        self.turn += 1
        self.status.setObjectName("muted")
        _repolish(self.status)
        self.status.setText(f"{self.seat_names[seat]} took {card.name}.")
        self._refresh()
        self.picked.emit(seat, card_id)
        if self.done:
            self.finished.emit()
        return True

    # --- drawing -------------------------------------------------------------------------------
    def _pixmap(self, card: PoolCard) -> QPixmap:
        return pil_to_pixmap(self.faces.pil(card.face_key, card.compose))

    def _refresh(self) -> None:
        seat = self.seat_to_pick
        for i, chip in enumerate(self.chips):
            s = self.order[i]
            chip.setProperty("done", i < self.turn)
            color = SEAT_COLORS[s % len(SEAT_COLORS)]
            if i < self.turn:
                chip.setStyleSheet("")
            elif i == self.turn:
                chip.setStyleSheet(f"background: {theme.GOLD_HI}; border: 2px solid #fff3c8;")
            else:
                chip.setStyleSheet(f"background: {color};")
            _repolish(chip)
        for s, row in enumerate(self.rows):
            row.set_active(s == seat)
        if seat is None:
            self.turn_label.setText("The draft is over")
            self.pick_button.setEnabled(False)
            self.pick_button.setText("Pick")
            return
        n = self.turn + 1
        name = self.seat_names[seat]
        human = seat in self.humans
        self.turn_label.setText(f"Pick {n} of {len(self.order)}: "
                                + ("your pick" if human and name == "You" else f"{name}'s pick"))
        chosen = self.pool.get(self.selected) if self.selected else None
        self.pick_button.setEnabled(human and chosen is not None)
        self.pick_button.setText(f"Pick {chosen.name}" if chosen and human else "Pick")
        if human and not self.status.text():
            self.status.setText("Click a card to choose it, then Pick (or double-click it).")


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


class DraftDialog(QDialog):
    """The draft screen in its own window; it closes itself when the draft is over."""

    def __init__(self, *args, parent=None, **kw) -> None:
        super().__init__(parent)
        self.setWindowTitle(kw.get("title", "Draft"))
        self.resize(1400, 940)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.screen = DraftScreen(*args, **kw)
        lay.addWidget(self.screen)
        self.screen.finished.connect(self.accept)
