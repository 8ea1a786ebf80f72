"""Join a match: the matches found on the local network, the ones this computer sat at before
(to rejoin), and a field for a join code and an address."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QVBoxLayout)

from tabletop.net.protocol import normal_code
from tabletop.net.remote import RemoteMatches

ADDRESS_ROLE = Qt.UserRole
CODE_ROLE = Qt.UserRole + 1
RELAY_ROLE = Qt.UserRole + 2


class JoinDialog(QDialog):
    def __init__(self, name: str = "", parent=None, entries: RemoteMatches | None = None,
                 search: bool = True, relay: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a match")
        self.setMinimumWidth(560)
        self.entries = entries if entries is not None else RemoteMatches()
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("Matches on this network, and matches you sat at before:"))
        self.found = QListWidget(self)
        self.found.currentItemChanged.connect(self._picked)
        self.found.itemDoubleClicked.connect(lambda _i: self._accept())
        lay.addWidget(self.found, 1)
        self.looking = QLabel("", self)
        self.looking.setObjectName("muted")
        lay.addWidget(self.looking)
        again = QPushButton("Look again", self)
        again.clicked.connect(self.look)
        lay.addWidget(again, 0, Qt.AlignLeft)
        form = QFormLayout()
        self.code = QLineEdit(self)
        self.code.setPlaceholderText("the host's join code, e.g. 4821-KMTQ")
        self.address = QLineEdit(self)
        self.address.setPlaceholderText("the host's address, e.g. 192.168.1.20:8765, or a relay's")
        self.relay = QCheckBox("That address is a relay (over the internet)", self)
        self.name = QLineEdit(name or "Guest", self)
        form.addRow("Join code", self.code)
        form.addRow("Address", self.address)
        form.addRow("", self.relay)
        form.addRow("Your name", self.name)
        lay.addLayout(form)
        self.error = QLabel("", self)
        self.error.setWordWrap(True)
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.Cancel, self)
        self.join_btn = buttons.addButton("Join", QDialogButtonBox.AcceptRole)
        self.join_btn.setProperty("primary", True)
        self.join_btn.clicked.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        if relay:                           # Settings name a relay: a match over the internet
            self._add(f"Over the internet, through your relay {relay}", relay, "", True)
        self._list_entries()
        if search:
            QTimer.singleShot(50, self.look)

    def _list_entries(self) -> None:
        for e in self.entries.all():
            names = " vs ".join(e.get("names") or [])
            self._add(f"Rejoin: {e.get('game', '?')} at {e['address']} ({names})", e["address"], e.get("code", ""),
                      bool(e.get("relay")))

    def _add(self, text: str, address: str, code: str, relay: bool = False) -> None:
        item = QListWidgetItem(text)
        item.setData(ADDRESS_ROLE, address)
        item.setData(CODE_ROLE, code)
        item.setData(RELAY_ROLE, relay)
        self.found.addItem(item)

    def look(self) -> None:
        """Listen a moment for matches announced on the local network."""
        from tabletop.games.registry import get_game
        from tabletop.net.discovery import browse
        self.looking.setText("Looking for matches on this network…")
        self.looking.repaint()
        found = browse(1.2)
        for i in reversed(range(self.found.count())):
            item = self.found.item(i)
            if not item.text().startswith("Rejoin:") and not item.data(RELAY_ROLE):
                self.found.takeItem(i)
        for f in found:
            try:
                title = get_game(f.game).info.title
            except KeyError:
                title = f.game
            self._add(f"{f.name} ({title}) at {f.address}", f.address, "")
        self.looking.setText(f"{len(found)} match{'es' if len(found) != 1 else ''} found on this network."
                             if found else "No match found on this network: type the host's address.")

    def _picked(self, item) -> None:
        if item is not None:
            self.address.setText(item.data(ADDRESS_ROLE))
            self.relay.setChecked(bool(item.data(RELAY_ROLE)))
            if item.data(CODE_ROLE):
                self.code.setText(item.data(CODE_ROLE))

    def _accept(self) -> None:
        code = normal_code(self.code.text())
        if not self.address.text().strip():
            self.error.setText("Type the host's address, or pick a match from the list.")
        elif len(code) != 9 or not code[:4].isdigit():
            self.error.setText("A join code is four digits and four letters, like 4821-KMTQ.")
        else:
            self.accept()

    def choice(self) -> dict:
        return {"address": self.address.text().strip(), "code": normal_code(self.code.text()),
                "name": self.name.text().strip() or "Guest", "relay": self.relay.isChecked()}
