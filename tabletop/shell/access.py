"""What a screen reader hears: names for the widgets whose text does not say what they are, and
announcements of what changed on the table (each new log line), through Qt's accessibility.

The table itself is one painted widget, so its name says what it is and its description holds
what the status line says now; the moves list beside it is the keyboard's way to every move
(F6 goes between the table and the list)."""

from __future__ import annotations

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QWidget


def name(widget: QWidget, text: str, description: str = "") -> None:
    widget.setAccessibleName(text)
    if description:
        widget.setAccessibleDescription(description)


class Announcer:
    """Sends each new line to the screen reader as a polite announcement, and keeps the last
    ones it sent (the log can be long: a screen reader reads the new lines, not all of it)."""

    KEEP = 50

    def __init__(self, widget: QWidget) -> None:
        self.widget = widget
        self.sent: list[str] = []

    def __call__(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        self.sent = (self.sent + [text])[-self.KEEP:]
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.widget, text))
