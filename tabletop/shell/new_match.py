"""The new-match dialog: the game, each seat human or bot, and the game's options."""

from __future__ import annotations

import random

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLayout, QLineEdit,
                               QPushButton, QVBoxLayout, QWidget)

from tabletop.bots.base import bot_for_difficulty
from tabletop.core.match import Seat
from tabletop.games.registry import all_games, get_game, plugin
from tabletop.resources import FIELD_BAR, balance_records, content_digest
from tabletop.shell.decks import deck_spec, seat_choices
from tabletop.shell.deck_builder import DeckBuilderDialog
from tabletop.shell.presentations import presentation
from tabletop.shell.widgets import modal

PLAYERS = [("Human", "human"), ("Bot: easy", "bot:easy"), ("Bot: normal", "bot:normal"),
           ("Bot: hard", "bot:hard"), ("Player on another computer", "remote")]


def measured_rates(game_id: str, players: int = 2) -> dict[str, float]:
    """Each starting choice's measured win rate against the field, from the game's record
    shown for this many players (docs/balance), by the value a seat's option holds for it;
    {} when it was never measured, or measured under other rules, and nothing for a choice
    retuned since it was measured (what it holds no longer has the recorded digest): such
    figures would no longer say anything."""
    contents = plugin(game_id).choice_contents
    record = next((r for r in balance_records(game_id)
                   if isinstance(r.get("shown_for"), list) and players in r["shown_for"]), None)
    if contents is None or record is None or record.get("rules_version") != get_game(game_id).info.version:
        return {}
    out = {}
    for c in record.get("choices", ()):
        value, rate = c.get("value"), c.get("field_rate")
        if isinstance(value, str) and isinstance(rate, (int, float)) and not isinstance(rate, bool):
            try:
                now = content_digest(contents(value))
            except (KeyError, OSError, ValueError):      # a choice the game no longer has
                continue
            if c.get("content") == now:
                out[value] = rate
    return out


def strength_word(rate: float) -> str:
    """The measured rate in a word a player reads at a glance: "even" within the balance bar
    (FIELD_BAR, 40-60% against the field), where 20-40 games a pairing cannot tell the
    choices apart; the figure beside it says the rest. The word judges the whole percent the
    player reads beside it, so 39.7% reads "even, 40%", not "weak, 40%"."""
    low, high = FIELD_BAR
    shown = int(f"{rate:.0%}".rstrip("%")) / 100
    return "strong" if shown > high else "weak" if shown < low else "even"


def with_strength(choices: list, rates: dict[str, float]) -> list:
    """(label, value) choices with the measured strength beside each starting choice:
    "Starter: Chivalry pair · strong, 58% against the field"; a pairing of choices (a list
    by seat) gets each seat's. A choice without a figure keeps its label as it is."""
    out = []
    for text, value in choices:
        if isinstance(value, str) and value in rates:
            r = rates[value]
            text = f"{text} · {strength_word(r)}, {r:.0%} against the field"
        elif (isinstance(value, list) and value
              and all(isinstance(v, str) and v in rates for v in value)):
            each = " / ".join(f"{strength_word(rates[v])} {rates[v]:.0%}" for v in value)
            text = f"{text} · {each} against the field"
        out.append((text, value))
    return out


MAX_SEATS = 4          # the most seats any game offers: the dialog makes this many rows once


def default_name(index: int, kind: str, humans: int, seats: int) -> str:
    """A seat's name until the player types one: "You" when one person plays, "Player 2"
    at a shared computer (a curtain saying "You's turn" would name nobody), "Bot" facing
    one player, "Bot 2" among several."""
    if kind == "remote":
        return "Guest"
    if kind != "human":
        return "Bot" if seats == 2 or index == 0 else f"Bot {index}"
    return "You" if humans <= 1 else f"Player {index + 1}"


def _is_default(name: str, index: int) -> bool:
    return name in {"You", "Bot", "Guest", f"Bot {index}", f"Player {index + 1}"}


class SeatRow(QWidget):
    """One seat: its name, human or bot, and the game's per-seat choice (a deck). The dialog
    makes MAX_SEATS rows once and shows as many as the game seats: a row is never deleted
    while the dialog lives, so nothing is left for Qt to delete late."""

    def __init__(self, index: int, parent: QWidget) -> None:
        super().__init__(parent)
        self.index = index
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.caption = QLabel(self)
        self.name = QLineEdit(self)
        self.name.setMaxLength(24)
        self.kind = QComboBox(self)
        for text, value in PLAYERS:
            self.kind.addItem(text, value)
        self.extra = QComboBox(self)          # the game's per-seat choice, where it has one
        # reused for every game: its size follows the entries it holds now, not its first ones
        self.extra.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        lay.addWidget(self.caption)
        lay.addWidget(self.name, 2)
        lay.addWidget(self.kind, 1)
        lay.addWidget(self.extra, 3)

    def configure(self, kind: str, name: str, caption: str, extra: list | None, extra_default) -> None:
        """Set the row up for a game's seat, without telling anyone (no signal fires)."""
        team = caption[caption.find("(") + 1:caption.find(")")] if "(" in caption else ""
        self.caption.setText(f"Seat {self.index + 1}" + (f" · {team}" if team else ""))
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex([v for _, v in PLAYERS].index(kind))
        self.kind.blockSignals(False)
        self.name.setText(name)
        self.extra.setVisible(extra is not None)
        lay = self.layout()
        if extra is not None:
            self.name.setMinimumWidth(110)
            self.set_extra(extra, extra_default, keep=False)
            lay.setStretchFactor(self.name, 1)      # the deck's name is the longer text
        else:
            self.name.setMinimumWidth(0)
            self.extra.clear()
            lay.setStretchFactor(self.name, 2)

    def set_extra(self, choices: list, default, keep: bool = True) -> None:
        current = self.extra.currentData() if keep and self.extra.count() else default
        self.extra.blockSignals(True)
        self.extra.clear()
        for text, value in choices:
            self.extra.addItem(text, value)
        i = next((k for k, (_, v) in enumerate(choices) if v == current), -1)
        if i < 0:
            i = next((k for k, (_, v) in enumerate(choices) if v == default), 0)
        self.extra.setCurrentIndex(max(0, i))
        self.extra.blockSignals(False)
        # wide enough for a starter's whole text and its measured strength (the row's stretch
        # would otherwise cut it); a long saved deck's name is cut rather than widen the dialog
        self.extra.ensurePolished()
        self.extra.setMinimumWidth(min(400, max(260, self.extra.sizeHint().width())))

    @property
    def has_extra(self) -> bool:
        return not self.extra.isHidden()

    def seat(self, humans: int) -> Seat:
        kind = self.kind.currentData()
        name = self.name.text().strip()
        if not name or (humans > 1 and name == "You"):      # a shared computer has no "You"
            name = f"Player {self.index + 1}"
        if kind in ("human", "remote"):       # a remote seat is a person: net/ knows it is remote
            return Seat("human", name)
        bot, difficulty = bot_for_difficulty(kind.split(":")[1])
        return Seat("bot", name, bot, difficulty)


_SCALARS = (str, int, float, bool, type(None))


def clean_last(last) -> dict:
    """The remembered choice of the last new match (settings' `last_new_match`), with every
    value type-checked: what is odd (an older or hand-edited settings file) is dropped, so
    the dialog opens with its defaults there instead of failing every time it opens.
    {"game": str, "casual": bool, "seats": [[kind, name], ...], "options": {game: {key: value}}}"""
    if not isinstance(last, dict):
        return {}
    out: dict = {}
    game = last.get("game")
    if isinstance(game, str):
        out["game"] = game
    casual = last.get("casual")
    if isinstance(casual, bool):
        out["casual"] = casual
    seats = last.get("seats")
    if isinstance(seats, list) and 0 < len(seats) <= MAX_SEATS:
        kinds = [v for _, v in PLAYERS]
        out["seats"] = [[s[0], s[1][:24]] if (isinstance(s, (list, tuple)) and len(s) == 2
                                         and isinstance(s[0], str) and s[0] in kinds
                                         and isinstance(s[1], str)) else None
                        for s in seats]
    options = last.get("options")
    if isinstance(options, dict):
        out["options"] = {g: {k: v for k, v in o.items()
                              if isinstance(k, str) and isinstance(v, _SCALARS)}
                          for g, o in options.items() if isinstance(g, str) and isinstance(o, dict)}
    return out


class NewMatchDialog(QDialog):
    def __init__(self, game_id: str | None = None, last: dict | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match")
        self.setMinimumWidth(520)
        last = clean_last(last)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.game = QComboBox()
        for g in all_games():
            self.game.addItem(g.info.title, g.info.id)
        game_id = game_id or last.get("game")       # else the game chosen last time
        if game_id:
            self.game.setCurrentIndex(max(0, self.game.findData(game_id)))
        form.addRow("Game", self.game)
        self.players = QComboBox()        # only shown for games with more than one seat count
        self.players_label = QLabel("Players")
        form.addRow(self.players_label, self.players)
        lay.addLayout(form)

        self.seats_box = QGroupBox("Players")
        self.seats_lay = QVBoxLayout(self.seats_box)
        # every row and every game's options are made once, owned by the dialog, and shown
        # or hidden as the choice changes: nothing is deleted while the dialog lives
        self.pool = [SeatRow(i, self.seats_box) for i in range(MAX_SEATS)]
        for row in self.pool:
            self.seats_lay.addWidget(row)
            row.kind.currentIndexChanged.connect(lambda _i, r=row: self._kind_changed(r))
        lay.addWidget(self.seats_box)
        self.options_box = QGroupBox("Options")
        options_lay = QVBoxLayout(self.options_box)
        self.option_pages: dict[str, tuple[QWidget, dict[str, QComboBox]]] = {}
        kept_all = last.get("options", {})
        for g in all_games():
            page = QWidget(self.options_box)
            page_form = QFormLayout(page)
            page_form.setContentsMargins(0, 0, 0, 0)
            kept = kept_all.get(g.info.id, {})
            boxes = {}
            for opt in presentation(g.info.id).options:
                box = QComboBox(page)
                for text, value in opt.choices:
                    box.addItem(text, value)
                i = box.findData(kept.get(opt.key, opt.default))
                box.setCurrentIndex(i if i >= 0 else max(0, box.findData(opt.default)))
                page_form.addRow(opt.label, box)
                boxes[opt.key] = box
            options_lay.addWidget(page)
            page.hide()
            self.option_pages[g.info.id] = (page, boxes)
        lay.addWidget(self.options_box)
        self.builder_btn = QPushButton("Deck builder…")
        self.builder_btn.clicked.connect(self.open_deck_builder)
        lay.addWidget(self.builder_btn)
        self.casual = QCheckBox("Casual practice: undo anything, even past a draw")
        self.casual.setChecked(last.get("casual", False))
        lay.addWidget(self.casual)
        lay.addStretch(1)            # a game with fewer rows leaves room here, not between them
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Start")
        buttons.button(QDialogButtonBox.Ok).setProperty("primary", True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.rows: list[SeatRow] = []
        self.option_boxes: dict[str, QComboBox] = {}
        self._last = last
        self.game.currentIndexChanged.connect(self._game_changed)
        self.players.currentIndexChanged.connect(self._rebuild)
        self._fix_size()
        self._game_changed()

    # measured once per look (the app's style sheet and font): the games do not change
    _sizes: dict[tuple[str, str], tuple[int, int]] = {}

    def _fix_size(self) -> None:
        """One size for every game and seat count, the largest they need: the dialog neither
        grows nor drifts off-centre when the player picks another game."""
        app = QApplication.instance()
        look = (app.styleSheet(), app.font().toString())
        if look in NewMatchDialog._sizes:
            self.setFixedSize(*NewMatchDialog._sizes[look])
            return
        chosen = self.game.currentIndex()
        hints = [self._hint_for(gi, pi) for gi in range(self.game.count())
                 for pi in range(self._seat_counts(gi))]
        w = max(520, *(hint.width() for hint in hints))
        # wrapped option texts grow taller at the width chosen: ask every layout again at it
        h = max(self._hint_for(gi, pi, w).height() for gi in range(self.game.count())
                for pi in range(self._seat_counts(gi)))
        self.game.blockSignals(True)
        self.game.setCurrentIndex(chosen)
        self.game.blockSignals(False)
        NewMatchDialog._sizes[look] = (w, h)
        self.setFixedSize(w, h)

    def _seat_counts(self, gi: int) -> int:
        return len(get_game(self.game.itemData(gi)).info.players)

    def _hint_for(self, gi: int, pi: int, width: int | None = None):
        """The size the dialog needs for game gi with its pi-th seat count (at `width`: the
        height its rows need at that width)."""
        self.game.blockSignals(True)
        self.game.setCurrentIndex(gi)
        self.game.blockSignals(False)
        self._game_changed()
        self.players.setCurrentIndex(pi)        # rebuilds the seats
        # the new rows' sizes, not the ones Qt cached for the last game, and styled as they
        # will be shown (a widget takes the style sheet's paddings only once polished)
        for w in self.findChildren(QWidget):
            w.ensurePolished()
            w.updateGeometry()       # a layout caches its widgets' hints: shown again, asked again
        for layout in self.findChildren(QLayout):
            layout.invalidate()
        for box in (self.seats_box, self.options_box):
            box.updateGeometry()
        lay = self.layout()
        lay.invalidate()
        hint = lay.sizeHint().expandedTo(lay.minimumSize())
        if width is not None:
            self.setFixedSize(width, max(hint.height(), 1))
            lay.activate()
            tall = lay.totalHeightForWidth(width) if lay.hasHeightForWidth() else 0
            hint = hint.expandedTo(lay.minimumSize()).expandedTo(QSize(width, tall))
        return hint

    def _game_changed(self) -> None:
        """Offer the game's seat counts (e.g. 2, or 4 in two teams), then rebuild the seats."""
        game = get_game(self.game.currentData())
        counts = game.info.players
        self.players.blockSignals(True)
        self.players.clear()
        for n in counts:
            text = f"{n} players"
            if "team" in " ".join(game.seat_names(n)).lower():
                text = "4 players (2 against 2)"
            self.players.addItem(text, n)
        last_n = len(self._last.get("seats") or []) if self._last.get("game") == game.info.id else 0
        self.players.setCurrentIndex(max(0, self.players.findData(last_n)))
        self.players.blockSignals(False)
        multi = len(counts) > 1
        self.players.setVisible(multi)
        self.players_label.setVisible(multi)
        self._rebuild()

    def seat_count(self) -> int:
        game = get_game(self.game.currentData())
        n = self.players.currentData()
        return n if n in game.info.players else game.info.players[0]

    def _rebuild(self) -> None:
        """Show the rows and options of the chosen game and seat count."""
        game = get_game(self.game.currentData())
        kinds = self._last.get("seats") if self._last.get("game") == game.info.id else None
        n = self.seat_count()
        names = game.seat_names(n)
        spec = deck_spec(game.info.id)
        rates = measured_rates(game.info.id, n)
        choices = with_strength(seat_choices(spec, n), rates) if spec is not None else None
        chosen = []
        for i in range(n):
            kind, name = ("human", "You") if i == 0 else ("bot:normal", "Bot" if n == 2 else f"Bot {i}")
            kept = kinds[i] if isinstance(kinds, list) and i < len(kinds) else None
            if (isinstance(kept, (list, tuple)) and len(kept) == 2 and isinstance(kept[1], str)
                    and kept[0] in [v for _, v in PLAYERS]):      # an older settings file may differ
                kind, name = kept
            chosen.append((kind, name))
        humans = sum(k == "human" for k, _ in chosen)
        for i, row in enumerate(self.pool):
            row.setVisible(i < n)
            if i < n:
                kind, name = chosen[i]
                if _is_default(name, i):
                    name = default_name(i, kind, humans, n)
                default = spec.seat_default(i, n, kind.startswith("bot")) if spec is not None else None
                row.configure(kind, name, names[i] if i < len(names) else "", choices, default)
        self.rows = self.pool[:n]
        self.builder_btn.setVisible(spec is not None)
        for gid, (page, boxes) in self.option_pages.items():
            page.setVisible(gid == game.info.id)
        self.option_boxes = self.option_pages[game.info.id][1]
        for opt in presentation(game.info.id).options:         # the strength for n players
            box = self.option_boxes[opt.key]
            for k, (text, _value) in enumerate(with_strength(opt.choices, rates)):
                box.setItemText(k, text)
        self.options_box.setVisible(bool(self.option_boxes))
        # the rows shown count in the layout at once (Qt would show them only with the
        # dialog), so the dialog can measure itself for every game before it is shown
        for w in self.findChildren(QWidget):
            if (w.isHidden() and not w.isWindow()
                    and not w.testAttribute(Qt.WA_WState_ExplicitShowHide)):
                w.setVisible(True)

    def _kind_changed(self, row: SeatRow) -> None:
        """A seat turned bot (or human): its deck follows, to bot's choice (or a starter), and
        the names nobody typed follow too ("You" alone, "Player 1" and "Player 2" together)."""
        humans = sum(r.kind.currentData() == "human" for r in self.rows)
        for r in self.rows:
            if _is_default(r.name.text(), r.index):
                r.name.setText(default_name(r.index, r.kind.currentData(), humans, len(self.rows)))
        spec = deck_spec(self.game.currentData())
        if spec is None or not row.has_extra:
            return
        n = self.seat_count()
        default = spec.seat_default(row.index, n, row.kind.currentData().startswith("bot"))
        row.extra.setCurrentIndex(max(0, row.extra.findData(default)))

    def open_deck_builder(self) -> None:
        spec = deck_spec(self.game.currentData())
        if spec is None:
            return
        with modal(DeckBuilderDialog(spec, self)) as dlg:
            dlg.exec()
        choices = with_strength(seat_choices(spec, self.seat_count()),
                                measured_rates(self.game.currentData(), self.seat_count()))
        for i, row in enumerate(self.rows):
            if row.has_extra:
                row.set_extra(choices, spec.seat_default(i, self.seat_count(),
                                                         row.kind.currentData().startswith("bot")))

    def choice(self) -> dict:
        """What the player chose: game, seats, options, casual, a fresh seed."""
        humans = sum(r.kind.currentData() == "human" for r in self.rows)
        seats = [r.seat(humans) for r in self.rows]
        seed = random.SystemRandom().randrange(1 << 62)
        options = {k: b.currentData() for k, b in self.option_boxes.items()}
        spec = deck_spec(self.game.currentData())
        if spec is not None:
            options[spec.seat_key] = [r.extra.currentData() for r in self.rows]
            options = spec.finish_options(options, seed, len(seats))
        # each game's options are kept for the next match of that game
        kept = {g: dict(o) for g, o in (self._last.get("options") or {}).items() if isinstance(o, dict)}
        kept[self.game.currentData()] = {k: b.currentData() for k, b in self.option_boxes.items()}
        return {
            "game": self.game.currentData(),
            "seats": seats,
            # played from other computers: this computer hosts the match (net/, shell/net_play.py)
            "remote": [r.index for r in self.rows if r.kind.currentData() == "remote"],
            "options": options,
            "casual": self.casual.isChecked(),
            "seed": seed,
            "remember": {"game": self.game.currentData(), "casual": self.casual.isChecked(),
                         "seats": [[r.kind.currentData(), r.name.text()] for r in self.rows],
                         "options": kept},
        }
