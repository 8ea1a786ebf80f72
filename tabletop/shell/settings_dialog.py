"""Settings: animation speed, card size, colour-blind palette, automatic passing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QSlider, QVBoxLayout)

from tabletop.store.settings import Settings


class SettingsDialog(QDialog):
    SIZES = [("Small", "small"), ("Medium", "medium"), ("Large", "large")]
    PALETTES = [("Standard colours", "normal"), ("Colour-blind safe", "colour-blind")]

    def __init__(self, settings: Settings, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(0, 20)                       # tenths: 0 = no animation
        self.speed.setValue(round(settings.animation_speed * 10))
        self.speed.setToolTip("0 turns animations off; the right end plays them twice as fast")
        form.addRow("Animation speed", self.speed)
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
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def result_settings(self) -> Settings:
        s = self.settings
        s.animation_speed = self.speed.value() / 10
        s.card_size = self.size.currentData()
        s.palette = self.palette.currentData()
        s.auto_pass = self.auto_pass.isChecked()
        return s
