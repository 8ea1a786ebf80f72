"""The new-match dialog: the game, each seat human or bot, and the game's options."""

from __future__ import annotations

import random

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLayout, QLineEdit,
                               QPushButton, QVBoxLayout, QWidget)

from tabletop.bots.balance import FIELD_BAR, content_digest, plan_for_players
from tabletop.bots.base import bot_for_difficulty
from tabletop.core.match import Seat
from tabletop.games.registry import all_games, get_game
from tabletop.resources import balance_record
from tabletop.shell.decks import deck_spec, seat_choices
from tabletop.shell.deck_builder import DeckBuilderDialog
from tabletop.shell.presentations import presentation

PLAYERS = [("Human", "human"), ("Bot: easy", "bot:easy"), ("Bot: normal", "bot:normal"),
           ("Bot: hard", "bot:hard")]


def measured_rates(game_id: str, players: int = 2) -> dict[str, float]:
    """Each starting choice's measured win rate against the field, from the record of the
    plan the game measures for this many players (docs/balance/PLAN.json), by the value a
    seat's option holds for it; {} when it was never measured, or measured under other
    rules, and nothing for a choice retuned since it was measured (its content digest
    differs): such figures would no longer say anything."""
    found = plan_for_players(game_id, players)
    if found is None:
        return {}
    name, plan = found
    record = balance_record(name)
    if not record or record.get("rules_version") != get_game(game_id).info.version:
        return {}
    now = {c.value: content_digest(plan, c) for c in plan.choices}
    return {c["value"]: c["field_rate"] for c in record.get("choices", ())
            if isinstance(c.get("value"), str) and isinstance(c.get("field_rate"), (int, float))
            and c["value"] in now and c.get("content") == now[c["value"]]}


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


class SeatRow(QHBoxLayout):
    def __init__(self, index: int, default_kind: str, default_name: str, caption: str = "",
                 extra: list | None = None, extra_default=None) -> None:
        super().__init__()
        self.name = QLineEdit(default_name)
        self.name.setMaxLength(24)
        self.kind = QComboBox()
        for text, value in PLAYERS:
            self.kind.addItem(text, value)
        self.kind.setCurrentIndex([v for _, v in PLAYERS].index(default_kind))
        self.kind.currentIndexChanged.connect(self._renamed)
        self.index = index
        team = caption[caption.find("(") + 1:caption.find(")")] if "(" in caption else ""
        self.addWidget(QLabel(f"Seat {index + 1}" + (f" · {team}" if team else "")))
        self.addWidget(self.name, 2)
        self.addWidget(self.kind, 1)
        self.extra: QComboBox | None = None        # the game's per-seat choice (a deck)
        if extra is not None:
            self.name.setMinimumWidth(110)
            self.extra = QComboBox()
            self.set_extra(extra, extra_default)
            self.addWidget(self.extra, 3)
            self.setStretchFactor(self.name, 1)      # the deck's name is the longer text

    def set_extra(self, choices: list, default) -> None:
        current = self.extra.currentData() if self.extra.count() else default
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

    def _renamed(self) -> None:
        # keep the default names in step with the choice, but never a typed name
        default_names = {"You", "Bot", f"Bot {self.index}", f"Player {self.index + 1}"}
        if self.name.text() in default_names:
            self.name.setText("Bot" if self.kind.currentData() != "human" else
                              ("You" if self.index == 0 else f"Player {self.index + 1}"))

    def seat(self) -> Seat:
        kind = self.kind.currentData()
        name = self.name.text().strip() or f"Player {self.index + 1}"
        if kind == "human":
            return Seat("human", name)
        bot, difficulty = bot_for_difficulty(kind.split(":")[1])
        return Seat("bot", name, bot, difficulty)


class NewMatchDialog(QDialog):
    def __init__(self, game_id: str | None = None, last: dict | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match")
        self.setMinimumWidth(520)
        last = last or {}
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
        lay.addWidget(self.seats_box)
        self.options_box = QGroupBox("Options")
        self.options_form = QFormLayout(self.options_box)
        lay.addWidget(self.options_box)
        self.builder_btn = QPushButton("Deck builder…")
        self.builder_btn.clicked.connect(self.open_deck_builder)
        lay.addWidget(self.builder_btn)
        self.casual = QCheckBox("Casual practice: undo anything, even past a draw")
        self.casual.setChecked(bool(last.get("casual", False)))
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
        game = get_game(self.game.currentData())
        for row in self.rows:
            while row.count():
                w = row.takeAt(0).widget()
                if w:
                    w.hide()            # gone now: a dialog's own loop may delete it late
                    w.deleteLater()
            self.seats_lay.removeItem(row)
        self.rows = []
        kinds = self._last.get("seats") if self._last.get("game") == game.info.id else None
        n = self.seat_count()
        names = game.seat_names(n)
        spec = deck_spec(game.info.id)
        rates = measured_rates(game.info.id, n)
        choices = with_strength(seat_choices(spec, n), rates) if spec is not None else None
        for i in range(n):
            kind, name = ("human", "You") if i == 0 else ("bot:normal", "Bot" if n == 2 else f"Bot {i}")
            kept = kinds[i] if isinstance(kinds, list) and i < len(kinds) else None
            if (isinstance(kept, (list, tuple)) and len(kept) == 2 and isinstance(kept[1], str)
                    and kept[0] in [v for _, v in PLAYERS]):      # an older settings file may differ
                kind, name = kept
            default = spec.seat_default(i, n, kind != "human") if spec is not None else None
            row = SeatRow(i, kind, name, names[i] if i < len(names) else "", choices, default)
            if row.extra is not None:
                row.kind.currentIndexChanged.connect(lambda _i, r=row: self._kind_changed(r))
            self.seats_lay.addLayout(row)
            self.rows.append(row)
        self.builder_btn.setVisible(spec is not None)
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_boxes = {}
        kept = (self._last.get("options") or {}).get(game.info.id) or {}    # chosen last time
        for opt in presentation(game.info.id).options:
            box = QComboBox()
            for text, value in with_strength(opt.choices, rates):
                box.addItem(text, value)
            i = box.findData(kept.get(opt.key, opt.default))
            box.setCurrentIndex(i if i >= 0 else max(0, box.findData(opt.default)))
            self.options_form.addRow(opt.label, box)
            self.option_boxes[opt.key] = box
        self.options_box.setVisible(bool(self.option_boxes))
        # new rows count in the layout at once (Qt would show them a moment later), so the
        # dialog can measure itself for every game before it is shown
        for w in self.findChildren(QWidget):
            if (w.isHidden() and not w.isWindow()
                    and not w.testAttribute(Qt.WA_WState_ExplicitShowHide)):
                w.setVisible(True)

    def _kind_changed(self, row: SeatRow) -> None:
        """A seat turned bot (or human): its deck follows, to bot's choice (or a starter)."""
        spec = deck_spec(self.game.currentData())
        n = self.seat_count()
        default = spec.seat_default(row.index, n, row.kind.currentData() != "human")
        row.extra.setCurrentIndex(max(0, row.extra.findData(default)))

    def open_deck_builder(self) -> None:
        spec = deck_spec(self.game.currentData())
        if spec is None:
            return
        DeckBuilderDialog(spec, self).exec()
        choices = with_strength(seat_choices(spec, self.seat_count()),
                                measured_rates(self.game.currentData(), self.seat_count()))
        for i, row in enumerate(self.rows):
            if row.extra is not None:
                row.set_extra(choices, spec.seat_default(i, self.seat_count(),
                                                         row.kind.currentData() != "human"))

    def choice(self) -> dict:
        """What the player chose: game, seats, options, casual, a fresh seed."""
        seats = [r.seat() for r in self.rows]
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
            "options": options,
            "casual": self.casual.isChecked(),
            "seed": seed,
            "remember": {"game": self.game.currentData(), "casual": self.casual.isChecked(),
                         "seats": [[r.kind.currentData(), r.name.text()] for r in self.rows],
                         "options": kept},
        }
