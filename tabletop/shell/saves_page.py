"""Saved games: thumbnail, game, players, date, progress; resume, watch the replay or delete.

A row stands for a save file, whatever its name (a save the player renamed `Sunday game.json`
too): resume and delete name it by SaveInfo.id, the file's name, which the store takes."""

from __future__ import annotations

import re
from datetime import datetime

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (QHBoxLayout, QListWidget, QListWidgetItem, QMessageBox,
                               QVBoxLayout, QWidget)

from tabletop.games.registry import get_game
from tabletop.shell.review_dialog import ReviewDialog
from tabletop.shell.widgets import button, label, modal
from tabletop.store.saves import SaveError, SaveInfo, SaveStore


def when(iso: str) -> str:
    try:
        t = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except (ValueError, AttributeError, OverflowError, OSError):   # a date out of range
        return iso or "?"
    return t.strftime("%d %b %Y, %H:%M")


def result_line(info: SaveInfo) -> str:
    """The engine's result sentence with the seats' names ("Ada wins with 128 chips."): the
    engine knows seats only by number ("Player 2 wins ...")."""
    def named(m: re.Match) -> str:
        i = int(m.group(1)) - 1
        return info.players[i] if 0 <= i < len(info.players) and info.players[i] else m.group(0)
    return re.sub(r"\bPlayer (\d+)\b", named, info.result or "")


def still_icon(path) -> QIcon | None:
    """The thumbnail as it is, also when its row is selected (Qt tints selected icons with
    the highlight colour)."""
    pix = QPixmap(str(path))
    if pix.isNull():
        return None
    icon = QIcon()
    for mode in (QIcon.Normal, QIcon.Selected, QIcon.Active):
        icon.addPixmap(pix, mode)
    return icon


class SavesPage(QWidget):
    resume = Signal(str)
    watch = Signal(str)            # watch the save's replay (never changes it)
    back = Signal()
    # just before a save's file is deleted: the id of the match inside (a renamed save's
    # differs from its file's name), so a match of it waiting behind the page is closed first
    deleting = Signal(str)

    def __init__(self, store: SaveStore) -> None:
        super().__init__()
        self.store = store
        lay = QVBoxLayout(self)
        lay.setContentsMargins(48, 30, 48, 30)
        head = QHBoxLayout()
        head.addWidget(label("Saved games", "title"), 1)
        head.addWidget(button("Back", False, self.back.emit))
        lay.addLayout(head)
        self.list = QListWidget()
        self.list.setIconSize(QSize(224, 126))
        self.list.setSpacing(4)
        self.list.itemDoubleClicked.connect(lambda _item: self._resume())
        self.list.currentRowChanged.connect(self._selected)
        lay.addWidget(self.list, 1)
        self.empty = label("No saved games yet. A match is saved after every move.", "muted")
        lay.addWidget(self.empty)
        # what went wrong with the last thing asked here (a delete refused), as a sentence
        self.problem = label("", "error", wrap=True)
        self.problem.setVisible(False)
        lay.addWidget(self.problem)
        row = QHBoxLayout()
        self.detail = label("", "muted", wrap=True)
        row.addWidget(self.detail, 1)
        self.resume_btn = button("Resume", True, self._resume)
        self.delete_btn = button("Delete", False, self._delete)
        self.watch_btn = button("Watch replay", False, self._watch,
                                "Step through the match again; the save is not changed")
        self.review_btn = button("Review match", False, self._review,
                                 "The hard bot rates each of your decisions: the turning points")
        row.addWidget(self.delete_btn)
        row.addWidget(self.review_btn)
        row.addWidget(self.watch_btn)
        row.addWidget(self.resume_btn)
        lay.addLayout(row)
        self.infos: list[SaveInfo] = []

    def refresh(self) -> None:
        self._say("")
        self.list.clear()
        # rows say what each replay says; saves that open come first, newest first (the
        # store's order), and the ones that cannot be opened after them
        infos = self.store.list(get_game)
        self.infos = [i for i in infos if not i.error] + [i for i in infos if i.error]
        for info in self.infos:
            if info.error:
                text = f"{info.title}  ·  cannot be opened\n{info.error}"
            else:
                status = result_line(info) if info.finished and info.result else info.turn
                title = f"Lesson: {info.title}" if info.lesson else info.title
                text = (f"{title}  ·  {' vs '.join(info.players)}\n{status}\n"
                        f"Saved {when(info.saved_at)}")
                if info.branch_of:
                    text += f"  ·  {info.branch_of}"
                if info.hosted and not info.finished:
                    text += "  ·  hosted: opens for the other computers again"
                if info.from_backup:
                    text += "  ·  opens from its backup copy"
            item = QListWidgetItem(text)
            icon = still_icon(info.thumbnail) if info.thumbnail else None
            if icon is not None:
                item.setIcon(icon)
            if info.error:
                item.setForeground(Qt.gray)
            self.list.addItem(item)
        self.empty.setVisible(not self.infos)
        if self.infos:
            self.list.setCurrentRow(0)
        self._selected(self.list.currentRow())

    def _current(self) -> SaveInfo | None:
        row = self.list.currentRow()
        return self.infos[row] if 0 <= row < len(self.infos) else None

    def _selected(self, _row: int) -> None:
        info = self._current()
        self.resume_btn.setEnabled(bool(info and not info.error))
        self.review_btn.setEnabled(bool(info and not info.error))
        self.watch_btn.setEnabled(bool(info and not info.error))
        self.delete_btn.setEnabled(info is not None)
        # the match in words (the player never needs the file's path)
        detail = "" if info is None or info.error else (f"{info.title}: {' vs '.join(info.players)}, "
                                                        f"saved {when(info.saved_at)}.")
        if info is not None and not info.error and info.branch_of:
            detail += f"\n{info.branch_of}."
        if info is not None and info.from_backup:
            detail += "\n" + info.from_backup
        self.detail.setText(detail)

    def _resume(self) -> None:
        info = self._current()
        if info and not info.error:
            self.resume.emit(info.id)

    def _review(self) -> None:
        info = self._current()
        if info is None or info.error:
            return
        self._say("")
        try:
            match = self.store.read(info.id, games=get_game)     # looked at, never played
        except SaveError as exc:
            self._say(str(exc))
            return
        with modal(ReviewDialog(self, match, match.save_path)) as dialog:
            dialog.exec()

    def _watch(self) -> None:
        info = self._current()
        if info and not info.error:
            self.watch.emit(info.id)

    def _delete(self) -> None:
        info = self._current()
        if info is None:
            return
        sure = QMessageBox.question(self, "Delete saved game",
                                    f"Delete this {info.title} match for good?")
        if sure != QMessageBox.Yes:
            return
        self.deleting.emit(info.match_id or info.id)
        try:
            self.store.delete(info.id)
        except SaveError as exc:     # a sentence for the player, never the error dialog
            failed = str(exc)
        except OSError as exc:       # the folder itself went away, say
            failed = (f"The saved game could not be deleted "
                      f"({exc.strerror or 'the system refused'}).")
        else:
            failed = ""
        self.refresh()
        self._say(failed)

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
