"""Small widgets the screens share."""

from __future__ import annotations

from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout


def pil_to_pixmap(image) -> QPixmap:
    """A Pillow image as a QPixmap (copied: Qt keeps it beyond the image's life)."""
    rgba = image.convert("RGBA")
    data = rgba.tobytes("raw", "RGBA")
    qimg = QImage(data, rgba.width, rgba.height, rgba.width * 4, QImage.Format_RGBA8888)
    return QPixmap.fromImage(qimg.copy())


def button(text: str, primary: bool = False, slot=None, tip: str = "") -> QPushButton:
    b = QPushButton(text)
    b.setCursor(Qt.PointingHandCursor)
    if primary:
        b.setProperty("primary", True)
    if slot is not None:
        b.clicked.connect(slot)
    if tip:
        b.setToolTip(tip)
    return b


def label(text: str, name: str = "", wrap: bool = False) -> QLabel:
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setWordWrap(wrap)
    return lab


def panel(name: str = "panel") -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName(name)
    lay = QVBoxLayout(frame)
    lay.setContentsMargins(16, 14, 16, 14)
    lay.setSpacing(8)
    return frame, lay


def dispose(widget) -> None:
    """Delete a widget and its children now. A dialog left to its parent piles up until the
    window closes, and one left to deleteLater can be freed twice when its parent goes first
    (a crash in QObject::~QObject): every dialog has one owner, which ends it here."""
    if widget is not None and shiboken6.isValid(widget):
        shiboken6.delete(widget)


@contextmanager
def modal(dialog):
    """`with modal(Dialog(...)) as dlg: dlg.exec()`: the block owns the dialog, which is
    deleted, with everything it holds, when the block ends (an exception included)."""
    try:
        yield dialog
    finally:
        dispose(dialog)
