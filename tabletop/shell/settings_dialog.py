"""Settings: animation speed, card size, colour-blind palette, automatic passing, sound."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit,
                               QHBoxLayout, QLabel, QSlider, QVBoxLayout)

from tabletop.store.settings import Settings


class SettingsDialog(QDialog):
    SIZES = [("Small", "small"), ("Medium", "medium"), ("Large", "large")]
    PALETTES = [("Standard colours", "normal"), ("Colour-blind safe", "colour-blind")]

    def __init__(self, settings: Settings, parent=None,
                 preview: Callable[[int], None] | None = None) -> None:
        """`preview(volume)` plays a sound at the volume the slider is let go at."""
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(0, 20)                       # tenths: 0 = no animation
        self.speed.setValue(round(settings.animation_speed * 10))
        self.speed.setPageStep(5)
        self.speed.setMinimumWidth(220)
        self.speed.setToolTip("The left end turns animations off; the right end plays them twice as fast")
        # the ends say what they do, and the value what it is now
        self.speed_value = QLabel()
        # as wide as its widest text in the themed font, so moving the slider never clips it
        self.speed_value.ensurePolished()
        fm = self.speed_value.fontMetrics()
        self.speed_value.setMinimumWidth(max(fm.horizontalAdvance(self.speed_text(t)) for t in range(21)) + 6)
        self.speed.valueChanged.connect(self._speed_shown)
        self._speed_shown(self.speed.value())
        row = QHBoxLayout()
        for text, widget in (("Off", None), (None, self.speed), ("Fast", None)):
            if widget is None:
                widget = QLabel(text)
                widget.setObjectName("muted")
            row.addWidget(widget, 1 if widget is self.speed else 0)
        row.addSpacing(10)
        row.addWidget(self.speed_value)
        form.addRow("Animation speed", row)
        self.size = QComboBox()
        for text, value in self.SIZES:
            self.size.addItem(text, value)
        self.size.setCurrentIndex([v for _, v in self.SIZES].index(settings.card_size))
        form.addRow("Cards in hand", self.size)
        self.palette = QComboBox()
        for text, value in self.PALETTES:
            self.palette.addItem(text, value)
        self.palette.setCurrentIndex([v for _, v in self.PALETTES].index(settings.palette))
        form.addRow("Card colours", self.palette)
        self.auto_pass = QCheckBox("Pass automatically when I have nothing to play")
        self.auto_pass.setChecked(settings.auto_pass)
        form.addRow("", self.auto_pass)
        self.volume = QSlider(Qt.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setValue(settings.volume)
        self.volume.setPageStep(10)
        self.volume.setToolTip("How loud the table's sounds are")
        self.volume_value = QLabel()
        self.volume_value.setMinimumWidth(self.volume_value.fontMetrics().horizontalAdvance("100%") + 6)
        self.volume.valueChanged.connect(lambda v: self.volume_value.setText(f"{v}%"))
        self.volume_value.setText(f"{self.volume.value()}%")
        if preview is not None:      # heard when let go (by mouse or key), not at every step
            self.volume.sliderReleased.connect(lambda: preview(self.volume.value()))
            self.volume.actionTriggered.connect(
                lambda _a: None if self.volume.isSliderDown() else preview(self.volume.sliderPosition()))
        self.mute = QCheckBox("Mute")
        self.mute.setChecked(settings.muted)
        row = QHBoxLayout()
        row.addWidget(self.volume, 1)
        row.addSpacing(10)
        row.addWidget(self.volume_value)
        row.addSpacing(10)
        row.addWidget(self.mute)
        form.addRow("Sound volume", row)
        self.relay = QLineEdit(settings.relay)
        self.relay.setPlaceholderText("host:port of a Tabletop relay, for play over the internet")
        form.addRow("Relay", self.relay)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    @staticmethod
    def speed_text(tenths: int) -> str:
        if tenths == 0:
            return "No animation"
        words = {5: "slow", 10: "normal", 20: "fastest"}
        word = words.get(tenths, "slower" if tenths < 10 else "faster")
        return f"{tenths / 10:.1f}× · {word}"

    def _speed_shown(self, tenths: int) -> None:
        self.speed_value.setText(self.speed_text(tenths))

    def result_settings(self) -> Settings:
        s = self.settings
        s.animation_speed = self.speed.value() / 10
        s.card_size = self.size.currentData()
        s.palette = self.palette.currentData()
        s.auto_pass = self.auto_pass.isChecked()
        s.volume = self.volume.value()
        s.muted = self.mute.isChecked()
        s.relay = self.relay.text().strip()
        return s
