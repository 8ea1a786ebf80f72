"""The deck builder: browse a game's pool as cards, filter it, pick leaders (Avatars) and
cards, see legality live in the game's own words, and save, load, rename and delete decks
under the user data dir.

Generic: everything about the game comes from its plugin's deck specification, the contract
tabletop.core.decks.DeckSpec (Trials': tabletop/games/trials/presentation/deckspec.py). An
ordered deck (Trials: never shuffled) is listed copy by copy and ordered by drag; any other is
listed card by card with its number of copies. Copies beyond the spec's limit are refused;
everything else about legality is the engine's sentences, shown live.
"""

from __future__ import annotations

import logging
from collections import Counter

from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QFormLayout, QHBoxLayout,
                               QInputDialog, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QMessageBox, QPushButton, QStyle, QStyledItemDelegate,
                               QStyleOptionViewItem, QVBoxLayout, QWidget)

from tabletop.core.decks import DeckSpec, can_add
from tabletop.shell.theme import GOLD_HI, MUTED
from tabletop.shell.widgets import label, pil_to_pixmap
from tabletop.shell.decks import deck_files, unreadable
from tabletop.store.decks import DeckError, DeckStore
from tabletop.store.paths import cache_dir
from tabletop.table.faces import FaceCache
from tabletop.table.pil_text import wrap

log = logging.getLogger(__name__)

ICON = QSize(120, 168)
NAME_LINES = 2            # a pool caption's name wraps to at most this many lines
DETAIL_SCALE = 0.85       # its last line (cost and type) is smaller, so "2 energy · Equipment" fits
ID_ROLE = Qt.UserRole
COUNT_ROLE = Qt.UserRole + 1        # copies a row stands for (unordered decks)


class _QtMeasure:
    """pil_text.wrap measures a line with d.textlength(text, font=...): here with Qt's metrics."""

    @staticmethod
    def textlength(text: str, font: QFontMetrics) -> int:
        return font.horizontalAdvance(text)


def caption_lines(text: str, fm: QFontMetrics, detail: QFontMetrics, width: int) -> list[str]:
    """A pool caption ("name\ncost and type") as the lines drawn under a card: the name
    wrapped at words onto NAME_LINES lines at most (`fm`), then the last line (`detail`);
    a line still too wide is elided. A caption of one line is all name (its last line is "")."""
    parts = text.split("\n")
    name, last = (parts[:-1], parts[-1]) if len(parts) > 1 else (parts, "")
    lines = [line for line in wrap(_QtMeasure(), " ".join(name), fm, width) if line]
    if len(lines) > NAME_LINES:
        lines[NAME_LINES - 1:] = [" ".join(lines[NAME_LINES - 1:])]
    return ([fm.elidedText(line, Qt.ElideRight, width) for line in lines]
            + [detail.elidedText(last, Qt.ElideRight, width)])


def detail_font(font: QFont) -> QFont:
    small = QFont(font)
    if font.pixelSize() > 0:
        small.setPixelSize(max(9, round(font.pixelSize() * DETAIL_SCALE)))
    else:
        small.setPointSizeF(max(7.0, font.pointSizeF() * DETAIL_SCALE))
    return small


class PoolCell(QStyledItemDelegate):
    """A card in the pool: its face, its name under it (up to two lines), then its cost and
    type, smaller and muted. Qt's own icon-mode layout wraps a caption at the icon's width,
    which cut every Equipment card's "2 energy · Equipment" to "2 energy · …"."""

    def paint(self, painter, option, index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text, opt.text = index.data(Qt.DisplayRole) or "", ""    # opt.text has no '\n' left
        opt.widget.style().drawPrimitive(QStyle.PE_PanelItemViewItem, opt, painter, opt.widget)
        r = opt.rect
        opt.icon.paint(painter, QRect(r.x() + (r.width() - ICON.width()) // 2, r.y() + 4,
                                      ICON.width(), ICON.height()))
        small = detail_font(opt.font)
        area = r.adjusted(2, ICON.height() + 8, -2, 0)
        *name, detail = caption_lines(text, opt.fontMetrics, QFontMetrics(small), area.width())
        selected = bool(opt.state & QStyle.State_Selected)
        painter.save()
        painter.setPen(QColor(GOLD_HI) if selected else opt.palette.color(QPalette.Text))
        line = opt.fontMetrics.lineSpacing()
        for k, words in enumerate(name):
            painter.drawText(area.adjusted(0, k * line, 0, 0), Qt.AlignHCenter | Qt.AlignTop, words)
        painter.setFont(small)
        painter.setPen(QColor(GOLD_HI if selected else MUTED))
        painter.drawText(area.adjusted(0, len(name) * line + 1, 0, 0),
                         Qt.AlignHCenter | Qt.AlignTop, detail)
        painter.restore()


class DeckBuilder(QWidget):
    def __init__(self, spec: DeckSpec, parent=None, store: DeckStore | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.store = store or DeckStore(spec.game_id)
        self.faces = FaceCache(cache_dir())
        self._pending_icons: list[QListWidgetItem] = []
        self.name = ""                                   # the deck's name once saved or loaded
        outer = QHBoxLayout(self)
        # --- the pool ---
        left = QVBoxLayout()
        outer.addLayout(left, 3)
        form = QFormLayout()
        self.filter_boxes: dict[str, QComboBox] = {}
        for key, text, choices in spec.filters():
            box = QComboBox()
            for t, v in choices:
                box.addItem(t, v)
            box.currentIndexChanged.connect(self.refresh_pool)
            form.addRow(text, box)
            self.filter_boxes[key] = box
        self.search = QLineEdit()
        self.search.setPlaceholderText("Name or text contains…")
        self.search.textChanged.connect(self.refresh_pool)
        form.addRow("Search", self.search)
        left.addLayout(form)
        self.pool = QListWidget()
        self.pool.setViewMode(QListWidget.IconMode)
        self.pool.setIconSize(ICON)
        self.pool.setItemDelegate(PoolCell(self.pool))
        self.pool.ensurePolished()          # the style sheet's font, which the cell is sized for
        self._cell = QSize(ICON.width() + 20, ICON.height() + 12
                           + self.pool.fontMetrics().lineSpacing() * (NAME_LINES + 1))
        self.pool.setGridSize(self._cell + QSize(4, 4))
        self.pool.setResizeMode(QListWidget.Adjust)
        self.pool.setMovement(QListWidget.Static)
        self.pool.itemDoubleClicked.connect(lambda it: self.add(it.data(ID_ROLE)))
        self.pool.currentItemChanged.connect(lambda it, _old: self._zoom(it))
        left.addWidget(label("Double-click a card (or press Add) to put it in the deck.", "muted"))
        left.addWidget(self.pool, 1)
        add = QPushButton("Add to deck")
        add.clicked.connect(lambda: self.pool.currentItem() and self.add(self.pool.currentItem().data(ID_ROLE)))
        left.addWidget(add)
        # --- the zoom ---
        mid = QVBoxLayout()
        outer.addLayout(mid, 2)
        self.zoom = QLabel()
        self.zoom.setAlignment(Qt.AlignCenter)
        self.zoom.setMinimumSize(300, 420)
        mid.addWidget(self.zoom)
        self.zoom_text = label("", wrap=True)
        mid.addWidget(self.zoom_text)
        mid.addStretch(1)
        # --- the deck ---
        right = QVBoxLayout()
        outer.addLayout(right, 3)
        row = QHBoxLayout()
        self.mode = QComboBox()
        for t, v in spec.modes:
            self.mode.addItem(t, v)
        self.mode.currentIndexChanged.connect(self.update_legality)
        self.mode.setVisible(len(spec.modes) > 1)
        row.addWidget(self.mode)
        self.starter = QComboBox()
        self.starter.activated.connect(self._load_starter)
        row.addWidget(self.starter)
        right.addLayout(row)
        leaders_title = label(f"{spec.leader_word}s", "h2")
        right.addWidget(leaders_title)
        self.leaders = QListWidget()
        self.leaders.setMaximumHeight(70)
        self.leaders.itemDoubleClicked.connect(lambda it: self.remove_leader(it.data(ID_ROLE)))
        right.addWidget(self.leaders)
        leaders_title.setVisible(bool(spec.leader_word))
        self.leaders.setVisible(bool(spec.leader_word))
        self.count = label("", "h2")
        right.addWidget(self.count)
        right.addWidget(label("Top of the deck first. Drag to reorder; double-click to take a card "
                              "out. The deck is never shuffled." if spec.ordered else
                              "Double-click a card to take one copy out.", "muted", wrap=True))
        self.deck = QListWidget()
        if spec.ordered:
            self.deck.setDragDropMode(QAbstractItemView.InternalMove)
            self.deck.setDefaultDropAction(Qt.MoveAction)
        self.deck.model().rowsMoved.connect(lambda *_: self.update_legality())
        self.deck.itemDoubleClicked.connect(lambda it: self.remove(self.deck.row(it)))
        self.deck.currentItemChanged.connect(lambda it, _old: self._zoom(it))
        right.addWidget(self.deck, 1)
        self.legality = QLabel()
        self.legality.setWordWrap(True)
        self.legality.setTextFormat(Qt.RichText)
        right.addWidget(self.legality)
        files = QHBoxLayout()
        self.saved = QComboBox()
        files.addWidget(self.saved, 2)
        for text, slot in (("Load", self.load_selected), ("Save…", self.save_as),
                           ("Rename…", self.rename_selected), ("Delete", self.delete_selected)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            files.addWidget(b)
        right.addLayout(files)
        self.status = label("", "muted", wrap=True)
        right.addWidget(self.status)
        self._icon_timer = QTimer(self)
        self._icon_timer.setInterval(15)
        self._icon_timer.timeout.connect(self._fill_icons)
        self.refresh_pool()
        self.refresh_saved()
        self.refresh_starters()
        self.update_legality()

    # --- the pool ------------------------------------------------------------------------------
    def filter_values(self) -> dict:
        out = {k: b.currentData() for k, b in self.filter_boxes.items()}
        out["text"] = self.search.text().strip()
        return out

    def refresh_pool(self) -> None:
        self.pool.clear()
        self._pending_icons = []
        for c in self.spec.cards(**self.filter_values()):
            item = QListWidgetItem(self.spec.label(c))
            item.setData(ID_ROLE, c.id)
            item.setSizeHint(self._cell)
            self.pool.addItem(item)
            self._pending_icons.append(item)
        self._icon_timer.start()

    def _fill_icons(self) -> None:
        """Faces arrive a few at a time so the builder opens at once."""
        for _ in range(6):
            if not self._pending_icons:
                self._icon_timer.stop()
                return
            item = self._pending_icons.pop(0)
            try:
                key, compose = self.spec.face(item.data(ID_ROLE))
                pix = pil_to_pixmap(self.faces.pil(key, compose))
                item.setIcon(pix.scaled(ICON, Qt.KeepAspectRatio, Qt.SmoothTransformation))
            except RuntimeError:          # the item went away with a new filter
                continue

    def pool_ids(self) -> list[str]:
        return [self.pool.item(i).data(ID_ROLE) for i in range(self.pool.count())]

    def _zoom(self, item) -> None:
        if item is None:
            return
        cid = item.data(ID_ROLE)
        key, compose = self.spec.face(cid)
        self.zoom.setPixmap(pil_to_pixmap(self.faces.pil(key, compose)).scaledToHeight(
            420, Qt.SmoothTransformation))
        c = self.spec.card(cid)
        self.zoom_text.setText(f"{c.name}\n{c.text}")

    # --- the deck ---------------------------------------------------------------------------------
    @property
    def mode_value(self):
        """The kind of deck being built (the spec's mode value)."""
        return self.mode.currentData()

    def leader_ids(self) -> list[str]:
        return [self.leaders.item(i).data(ID_ROLE) for i in range(self.leaders.count())]

    def card_ids(self) -> list[str]:
        """The deck's cards, one entry per copy (in the player's order for an ordered deck)."""
        out = []
        for i in range(self.deck.count()):
            item = self.deck.item(i)
            out += [item.data(ID_ROLE)] * (item.data(COUNT_ROLE) or 1)
        return out

    def _item(self, cid: str, copies: int = 1) -> QListWidgetItem:
        item = QListWidgetItem()
        item.setData(ID_ROLE, cid)
        self._set_copies(item, copies)
        return item

    def _set_copies(self, item: QListWidgetItem, copies: int) -> None:
        text = self.spec.label(self.spec.card(item.data(ID_ROLE))).replace("\n", " — ")
        item.setData(COUNT_ROLE, copies)
        item.setText(text if self.spec.ordered else f"{copies} × {text}")

    def _row_of(self, cid: str) -> int:
        return next((i for i in range(self.deck.count()) if self.deck.item(i).data(ID_ROLE) == cid), -1)

    def add(self, cid: str) -> None:
        if self.spec.is_leader(cid):
            if cid not in self.leader_ids():
                self.leaders.addItem(self._item(cid))
        elif not can_add(self.card_ids(), cid, self.spec.copies_allowed):
            n = self.spec.copies_allowed(cid)
            name = self.spec.card(cid).name
            self.status.setText(f"{name} is already in the deck (one copy of each)." if n == 1 else
                                f"{name} is already in the deck {n} times, the most a deck may hold.")
        elif self.spec.ordered or self._row_of(cid) < 0:
            self._insert(cid, 1)
        else:
            item = self.deck.item(self._row_of(cid))
            self._set_copies(item, item.data(COUNT_ROLE) + 1)
        self.update_legality()

    def _insert(self, cid: str, copies: int) -> None:
        """Ordered decks grow at the bottom; the others are kept sorted by name."""
        if self.spec.ordered:
            self.deck.addItem(self._item(cid, copies))
            return
        name = self.spec.card(cid).name
        at = next((i for i in range(self.deck.count())
                   if self.spec.card(self.deck.item(i).data(ID_ROLE)).name > name), self.deck.count())
        self.deck.insertItem(at, self._item(cid, copies))

    def remove(self, row: int) -> None:
        """Take one copy out of the row (the row goes when it was the last)."""
        if 0 <= row < self.deck.count():
            item = self.deck.item(row)
            if (item.data(COUNT_ROLE) or 1) > 1:
                self._set_copies(item, item.data(COUNT_ROLE) - 1)
            else:
                self.deck.takeItem(row)
        self.update_legality()

    def remove_leader(self, cid: str) -> None:
        ids = self.leader_ids()
        if cid in ids:
            self.leaders.takeItem(ids.index(cid))
        self.update_legality()

    def move(self, row: int, to: int) -> None:
        """What a drag in the deck list does: the card at `row` goes to position `to`."""
        item = self.deck.takeItem(row)
        self.deck.insertItem(to, item)
        self.update_legality()

    def set_deck(self, leaders: list[str], cards: list[str]) -> None:
        self.leaders.clear()
        self.deck.clear()
        for cid in leaders:
            self.leaders.addItem(self._item(cid))
        if self.spec.ordered:
            for cid in cards:
                self.deck.addItem(self._item(cid))
        else:
            for cid, n in Counter(cards).items():
                self._insert(cid, n)
        self.update_legality()

    def problems(self) -> list[str]:
        return self.spec.problems(self.leader_ids(), self.card_ids(), self.mode_value)

    def update_legality(self) -> None:
        n = len(self.card_ids())
        self.count.setText(f"Deck: {n} of {self.spec.deck_size} cards")
        probs = self.problems()
        if probs:
            items = "".join(f"<li>{p[0].upper() + p[1:]}</li>" for p in probs[:6])
            self.legality.setText(f"<span style='color:#f08c78'><b>Not legal yet:</b></span><ul>{items}</ul>")
        else:
            self.legality.setText("<span style='color:#9be39b'><b>Legal: ready to play.</b></span>")
        self.refresh_starters()

    # --- starters and files --------------------------------------------------------------------------
    def refresh_starters(self) -> None:
        names = list(self.spec.starters(self.mode_value))
        self.starter.setVisible(bool(names))
        if [self.starter.itemText(i) for i in range(1, self.starter.count())] == names:
            return
        self.starter.clear()
        self.starter.addItem("Start from a starter deck…")
        for n in names:
            self.starter.addItem(n)

    def _load_starter(self, i: int) -> None:
        if i <= 0:
            return
        deck = self.spec.starters(self.mode_value)[self.starter.itemText(i)]
        self.set_deck(*self.spec.from_deck(deck))
        self.status.setText(f"Started from {self.starter.itemText(i)}.")
        self.starter.setCurrentIndex(0)

    def refresh_saved(self) -> None:
        """The saved decks by their names (the file beside a name two decks share), each
        known by its file: loading, renaming and deleting take that one file."""
        self.saved.clear()
        try:
            files = deck_files(self.spec, self.store)
        except Exception as exc:       # noqa: BLE001 - the builder opens whatever the folder holds
            log.warning("could not list the saved decks: %s", exc)
            self.status.setText("The decks folder cannot be read.")
            return
        bad = []
        for f in files:
            self.saved.addItem(f.label if f.deck is not None else f"{f.label} (cannot be used)",
                               f.key)
            if f.deck is None:
                bad.append(f"{f.path.name}: {f.problem}")
        if bad:
            self.status.setText("Some deck files cannot be used and were left as they are: "
                                + "; ".join(bad))

    def _label_of(self, key: str) -> str:
        i = self.saved.findData(key)
        return self.saved.itemText(i) if i >= 0 else key

    def load(self, name: str) -> bool:
        """Load the deck of the file `name` (its key: the file name without ".json")."""
        try:
            deck = self.store.load(name)
        except (DeckError, OSError) as exc:
            self.status.setText(str(exc) if isinstance(exc, DeckError)
                                else f"The deck {name!r} cannot be read.")
            return False
        why = unreadable(self.spec, deck)
        if why:
            self.status.setText(f"The deck {name!r} cannot be used: {why} "
                                "The file was left as it is.")
            return False
        leaders, cards = self.spec.from_deck(deck)
        self.mode.setCurrentIndex(max(0, self.mode.findData(self.spec.mode_of(leaders, cards))))
        self.set_deck(leaders, cards)
        self.name = name
        self.status.setText(f"Loaded {name}.")
        return True

    def load_selected(self) -> None:
        if self.saved.currentData():
            self.load(self.saved.currentData())

    def save(self, name: str) -> bool:
        try:
            path = self.store.save(name, self.spec.as_deck(self.leader_ids(), self.card_ids()))
        except (DeckError, OSError) as exc:
            self.status.setText(f"Not saved: {exc}")
            return False
        self.name = path.stem
        note = "" if not self.problems() else " (not legal yet: it will not be offered for a match)"
        self.status.setText(f"Saved as {self.name}{note}.")
        self.refresh_saved()
        self.saved.setCurrentIndex(max(0, self.saved.findData(self.name)))
        return True

    def save_as(self) -> None:
        name, ok = QInputDialog.getText(self, "Save the deck", "Name:", text=self.name or "My deck")
        if ok:
            self.save(name)

    def rename(self, old: str, new: str) -> bool:
        try:
            path = self.store.rename(old, new)
        except (DeckError, OSError) as exc:
            self.status.setText(f"Not renamed: {exc}")
            return False
        self.name = path.stem
        self.refresh_saved()
        self.status.setText(f"Renamed to {self.name}.")
        return True

    def rename_selected(self) -> None:
        old = self.saved.currentData()
        if not old:
            return
        new, ok = QInputDialog.getText(self, "Rename the deck", "New name:", text=old)
        if ok:
            self.rename(old, new)

    def delete(self, name: str) -> None:
        try:
            self.store.delete(name)
        except (DeckError, OSError) as exc:
            self.status.setText(f"Not deleted: {exc}")
            return
        self.refresh_saved()
        self.status.setText(f"Deleted {name}.")

    def delete_selected(self) -> None:
        name = self.saved.currentData()
        if name and QMessageBox.question(self, "Delete the deck",
                                         f"Delete {self._label_of(name)}?") == QMessageBox.Yes:
            self.delete(name)


class DeckBuilderDialog(QDialog):
    def __init__(self, spec: DeckSpec, parent=None, store: DeckStore | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(spec.title)
        self.resize(1500, 900)
        lay = QVBoxLayout(self)
        self.builder = DeckBuilder(spec, self, store)
        lay.addWidget(self.builder)
        close = QPushButton("Close")
        close.clicked.connect(self.accept)
        lay.addWidget(close, 0, Qt.AlignRight)
