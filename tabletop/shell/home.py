"""The home screen: a tile per game, Continue, and the saved games."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from tabletop import __version__
from tabletop.games.registry import all_games, plugin
from tabletop.shell.covers import CoverLoader
from tabletop.shell.widgets import button, label, panel
from tabletop.store.paths import cache_dir
from tabletop.store.saves import SaveInfo
from tabletop.table.faces import FaceCache


TILE_MIN, TILE_MAX = 200, 600     # a tile's width: its stacked buttons need the one, its cover looks lost past the other
GAP = 24
COVER_RATIO = 220 / 360           # the covers are drawn at this height for their width, or less
COVER_MIN = 90
FRAME = 12                        # a tile's frame and the slack a row keeps


class GameTile(QWidget):
    """A game's tile. Its cover comes later (covers.py): until then the cover's place is plain,
    and after a resize the last cover stands in, scaled, until the one of the new size comes."""

    def __init__(self, game, on_new, on_rules, on_decks=None, want_cover=None, on_learn=None) -> None:
        super().__init__()
        self.game_id = game.info.id
        frame, lay = panel("card")
        self._lay = lay
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        self.cover = QLabel()
        self.cover.setObjectName("cover")
        self.cover.setAlignment(Qt.AlignCenter)
        self._cover_size: tuple[int, int] | None = None
        self._want_cover = want_cover or (lambda game_id, size: None)
        self._cover_image: QImage | None = None      # the latest cover, of whatever size
        lay.addWidget(self.cover)
        self._texts = [label(game.info.title, "h2", wrap=True)]
        counts = [str(n) for n in game.info.players]
        players = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]
        self._texts += [label(f"{players} players", "muted"), label(game.info.blurb, wrap=True)]
        for w in self._texts:
            lay.addWidget(w)
        self._buttons = [button("New match", True, lambda: on_new(game.info.id)),
                         button("Rules", False, lambda: on_rules(game.info.id))]
        if on_decks is not None and plugin(game.info.id).deck_spec is not None:
            self._buttons.append(button("Decks", False, lambda: on_decks(game.info.id)))
        # every tile offers its lesson; a game without one yet shows the button greyed
        self._stacked: tuple | None = None     # the rows the buttons are placed in
        self.learn = button("Learn to play", False, lambda: on_learn and on_learn(game.info.id))
        self.learn.setObjectName("learn")
        self.has_lesson = plugin(game.info.id).lesson is not None
        self.learn.setEnabled(self.has_lesson)
        self._buttons.append(self.learn)
        self.mark_lesson_done(False)
        for b in self._buttons:          # "New match" alone does not say of which game
            b.setAccessibleName(f"{b.text()}: {game.info.title}")
        self._row = QGridLayout()
        self._row.setSpacing(8)
        lay.addStretch(1)                 # the buttons line up at the foot of every tile in a row
        lay.addLayout(self._row)
        self.fit(400, int(360 * COVER_RATIO))

    def mark_lesson_done(self, done: bool) -> None:
        """The tile says when its lesson was finished (settings keep it)."""
        self.learn.setText("Learn to play ✓" if done and self.has_lesson else "Learn to play")
        self.learn.setToolTip("Lesson coming" if not self.has_lesson else
                              "You finished this lesson: take it again any time." if done else
                              "A guided first match against a bot, step by step.")
        if self._stacked is not None:         # the wider words may need another row
            self._place_buttons(self._rows_at(self.width()))

    GRID = 12            # columns of the button grid: a row of 1, 2, 3 or 4 shares them evenly

    def _rows_at(self, width: int) -> tuple[tuple[int, ...], ...]:
        """The buttons' rows at `width`, by index: all on one row when they fit, else New match
        on a row of its own and the others as many a row as fit (each at its natural width)."""
        hints = [b.sizeHint().width() for b in self._buttons]
        inner = self._inner(width)
        if sum(hints) + 8 * (len(hints) - 1) <= inner or len(hints) == 1:
            return (tuple(range(len(hints))),)
        rows, row, used = [(0,)], [], 0
        for i in range(1, len(hints)):
            need = used + 8 + hints[i] if row else hints[i]
            if row and (need > inner or self.GRID % (len(row) + 1)):
                rows.append(tuple(row))
                row, need = [], hints[i]
            row.append(i)
            used = need
        return tuple(rows + [tuple(row)])

    def _stack(self, width: int) -> bool:
        """Whether the buttons take more than one row at `width`."""
        return len(self._rows_at(width)) > 1

    def _place_buttons(self, rows) -> None:
        if rows == self._stacked:
            return
        self._stacked = rows
        for b in self._buttons:
            self._row.removeWidget(b)
        for r, row in enumerate(rows):
            span = self.GRID // len(row)
            for k, i in enumerate(row):
                self._row.addWidget(self._buttons[i], r, k * span, 1, span)
        for c in range(self.GRID):
            self._row.setColumnStretch(c, 1)

    def _rows(self, width: int) -> int:
        return len(self._rows_at(width))

    def spacing(self) -> int:
        return self._lay.spacing()

    def _inner(self, width: int) -> int:
        m = self._lay.contentsMargins()
        return width - m.left() - m.right()

    def text_height(self, width: int) -> int:
        """The tile's height without its cover at `width` (the blurb wraps)."""
        inner = self._inner(width)
        m = self._lay.contentsMargins()
        h = m.top() + m.bottom() + self._lay.spacing() * (len(self._texts) + 1)
        for w in self._texts:
            h += w.heightForWidth(inner) if w.wordWrap() else w.sizeHint().height()
        rows = self._rows(width)
        return h + rows * max(b.sizeHint().height() for b in self._buttons) + 8 * (rows - 1)

    def fit(self, width: int, cover_h: int) -> None:
        """`width` wide with a cover `cover_h` high (asked for afresh only when its size changes)."""
        self.setFixedWidth(width)
        self._place_buttons(self._rows_at(width))
        size = (self._inner(width), max(COVER_MIN, int(cover_h)))
        if size == self._cover_size:
            return
        self._cover_size = size
        self.cover.setFixedSize(*size)
        if self._cover_image is not None:     # Qt scales the old one in a blink; Pillow draws anew
            self.cover.setPixmap(QPixmap.fromImage(self._cover_image.scaled(
                *size, Qt.IgnoreAspectRatio, Qt.SmoothTransformation)))
        self._want_cover(self.game_id, size)

    def set_cover(self, size: tuple[int, int], image: QImage) -> None:
        """The cover drawn at `size` has come; shown if the tile is still that size."""
        self._cover_image = image
        if size == self._cover_size:
            self.cover.setPixmap(QPixmap.fromImage(image))

    def has_cover(self) -> bool:
        """Whether the cover shown was drawn at the size the tile has now."""
        return self._cover_image is not None and self._cover_image.size().toTuple() == self._cover_size


def arrange(n: int, avail_w: int, avail_h: int, text_height) -> tuple[int, int, int]:
    """(columns, tile width, cover height) for `n` tiles in `avail_w` x `avail_h`: the largest
    covers that let every tile fit on screen, or, when nothing fits (a small window, many
    games), the widest tiles, and the page scrolls. `text_height(width)` is a tile's height
    without its cover."""
    best, best_key = None, None
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        width = min(TILE_MAX, (avail_w - (cols - 1) * GAP) // cols)
        if width < TILE_MIN and cols > 1:
            break
        per_row = (avail_h - (rows - 1) * GAP) / rows - FRAME
        cover = min(int((width - 32) * COVER_RATIO), int(per_row - text_height(width)))
        fits = cover >= COVER_MIN
        # the fan of cards on a cover is sized by its height: the tallest covers read best
        key = (fits, cover, width) if fits else (fits, -rows, width)     # else: the least to scroll
        if best_key is None or key > best_key:
            best, best_key = (cols, width, max(COVER_MIN, cover if fits else int((width - 32) * COVER_RATIO))), key
    return best


class HomePage(QWidget):
    new_match = Signal(str)
    rules = Signal(str)
    decks = Signal(str)
    learn = Signal(str)
    continue_match = Signal(str)
    saved_games = Signal()
    join_match = Signal()
    statistics = Signal()
    first_painted = Signal()       # once: what waits for the first frame starts then

    def __init__(self, faces: FaceCache | None = None) -> None:
        super().__init__()
        self.covers = CoverLoader(faces if faces is not None else FaceCache(cache_dir()), self)
        self.covers.ready.connect(self._cover_ready)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(48, 36, 48, 36)
        lay.setSpacing(18)
        head = QHBoxLayout()
        titles = QVBoxLayout()
        titles.addWidget(label("Tabletop", "title"))
        titles.addWidget(label("Card and board games, every rule enforced. Play a bot or a friend.", "subtitle"))
        head.addLayout(titles, 1)
        self.continue_btn = button("Continue", True, self._continue)
        self.continue_btn.setMinimumWidth(220)
        head.addWidget(self.continue_btn, 0, Qt.AlignVCenter)
        head.addWidget(button("Saved games", False, self.saved_games.emit), 0, Qt.AlignVCenter)
        self.join_btn = button("Join a match", False, self.join_match.emit)
        head.addWidget(self.join_btn, 0, Qt.AlignVCenter)
        head.addWidget(button("Statistics", False, self.statistics.emit,
                              tip="How your finished matches went"), 0, Qt.AlignVCenter)
        lay.addLayout(head)
        self.continue_info = label("", "muted")
        self.continue_info.setAlignment(Qt.AlignRight)
        lay.addWidget(self.continue_info)
        self.tiles = [GameTile(game, self.new_match.emit, self.rules.emit, self.decks.emit,
                               self.covers.ask, self.learn.emit)
                      for game in all_games()]
        holder = QWidget()
        holder.setObjectName("tiles")
        self.grid = QGridLayout(holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(GAP)
        # the tiles fill the page as the window allows; only a window too small for them scrolls
        self.scroll = QScrollArea()
        self.scroll.setObjectName("tiles")
        self.scroll.setWidget(holder)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.scroll.setStyleSheet("QScrollArea#tiles, QWidget#tiles { background: transparent; }")
        lay.addWidget(self.scroll, 1)
        self.version = label(f"Version {__version__}", "muted")
        lay.addWidget(self.version)
        self._latest: SaveInfo | None = None
        self._painted = False
        self._columns = 0
        self.arrange()

    def arrange(self) -> None:
        """Lay the tiles out for the space the page has now."""
        if not self.tiles:
            return
        area = self.scroll.viewport().size() if self.isVisible() else self.scroll.size()
        avail_w, avail_h = max(area.width(), TILE_MIN), max(area.height(), 200)
        cols, width, cover = arrange(len(self.tiles), avail_w, avail_h,
                                     lambda w: max(t.text_height(w) for t in self.tiles))
        height = max(t.text_height(width) for t in self.tiles) + max(COVER_MIN, cover)
        for t in self.tiles:
            t.fit(width, cover)
            t.setFixedHeight(height + t.spacing())
        if cols != self._columns:
            self._columns = cols
            for t in self.tiles:
                self.grid.removeWidget(t)
            # rows 1.. hold the tiles; the empty rows above and below share what height is left,
            # so a short grid sits in the middle of the page rather than leaving its foot bare
            rows = -(-len(self.tiles) // cols)
            for i, t in enumerate(self.tiles):
                self.grid.addWidget(t, 1 + i // cols, i % cols, Qt.AlignTop | Qt.AlignLeft)
            for c in range(len(self.tiles) + 1):
                self.grid.setColumnStretch(c, 1 if c == cols else 0)
            for r in range(len(self.tiles) + 2):
                self.grid.setRowStretch(r, 1 if r in (0, rows + 1) else 0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.arrange()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.arrange()

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        # the covers are made once the page is on screen: the first frame does not wait for them
        if not self.covers.started:
            QTimer.singleShot(0, self.covers.start)
        if not self._painted:
            self._painted = True
            QTimer.singleShot(0, self.first_painted.emit)

    def _cover_ready(self, game_id: str, w: int, h: int, image: QImage) -> None:
        for t in self.tiles:
            if t.game_id == game_id:
                t.set_cover((w, h), image)

    def covers_shown(self) -> bool:
        """Every tile shows its cover at its present size."""
        return all(t.has_cover() for t in self.tiles)

    def set_lessons_done(self, done) -> None:
        for t in self.tiles:
            t.mark_lesson_done(t.game_id in done)
        self.arrange()                    # "Learn to play ✓" is wider: the rows may change

    def set_latest(self, info: SaveInfo | None) -> None:
        self._latest = info
        self.continue_btn.setEnabled(info is not None)
        if info is None:
            self.continue_info.setText("No unfinished match to continue.")
        else:
            title = f"Lesson: {info.title}" if info.lesson else info.title
            self.continue_info.setText(f"{title}: {' vs '.join(info.players)} · {info.turn}")

    def _continue(self) -> None:
        if self._latest is not None:
            self.continue_match.emit(self._latest.id)
