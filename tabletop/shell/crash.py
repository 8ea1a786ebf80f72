"""When something breaks: the report of an unexpected error, and the word after a crash.

Each session keeps `running-PID.txt` open in the log folder for its life: faulthandler
writes a native crash's traceback there (SIGSEGV and the like), and a clean exit removes
it. A file no live session holds is what the last session left: with a traceback, it
becomes `crash-previous.txt` (to be sent with a report); empty, the app was killed or the
machine stopped. The next launch says so once, as it removes or renames the file.
"""

from __future__ import annotations

import faulthandler
import logging
import os
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QMessageBox, QPushButton,
                               QVBoxLayout, QWidget)

from tabletop.shell.widgets import modal
from tabletop.store.paths import log_dir

log = logging.getLogger(__name__)

PREVIOUS = "crash-previous.txt"
CRASHED, KILLED = "crashed", "killed"      # what the last session left

_session: tuple[Path, object] | None = None   # this session's file and its open handle


# --- this session's crash file ----------------------------------------------------------
def _held(path: Path) -> bool:
    """Whether a live session holds the file: it keeps an exclusive lock for its life, which
    the kernel drops however the process ends (two windows of the app may run at once)."""
    try:
        import fcntl
    except ImportError:       # Windows: renaming or removing a file a live process has open
        return False          # fails below, which counts as held
    with path.open("rb") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
    return False


def open_session(folder: Path) -> str | None:
    """Take over what dead sessions left, then start this one's crash file.

    Returns CRASHED, KILLED or None for the last session. Raises OSError if the folder
    cannot be written (the caller logs to stderr only)."""
    global _session
    left = None
    for path in folder.glob("running-*.txt"):
        try:
            if _held(path):
                continue
            if path.read_bytes().strip():
                path.replace(folder / PREVIOUS)
                left = CRASHED
            else:
                path.unlink()
                left = left or KILLED
        except OSError:       # held (Windows), or gone meanwhile
            continue
    path = folder / f"running-{os.getpid()}.txt"
    handle = path.open("w", encoding="utf-8")   # open until the process ends: faulthandler needs it
    try:
        import fcntl
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:
        pass
    faulthandler.enable(handle, all_threads=True)
    _session = (path, handle)
    if left == CRASHED:
        log.warning("the last session crashed: its traceback is in %s", folder / PREVIOUS)
    elif left == KILLED:
        log.warning("the last session did not end cleanly (it was killed, or the machine stopped)")
    return left


def close_session() -> None:
    """A clean end: no crash to tell of at the next launch."""
    global _session
    if _session is None:
        return
    path, handle = _session
    _session = None
    try:
        faulthandler.disable()
        handle.close()
        path.unlink()
    except OSError as exc:
        log.warning("could not remove %s: %s", path, exc)


# --- showing the log folder ---------------------------------------------------------------
def _log_folder() -> Path | None:
    try:
        return log_dir()
    except OSError:
        return None


def open_log_folder() -> None:
    folder = _log_folder()
    if folder is not None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


# --- an unexpected error --------------------------------------------------------------------
class CrashDialog(QDialog):
    """The report of an error the app caught: a sentence for the player, the traceback for
    whoever fixes it. While it is open, more errors are added to it, not shown on their own."""

    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Something went wrong")
        self.details = details
        text = QLabel("Tabletop ran into a problem it did not expect and carried on. Your match "
                      "is saved; if the table misbehaves, go Home and continue it from there.\n\n"
                      "To report it, copy the details or send the files in the log folder.")
        text.setWordWrap(True)
        self.copy_btn = QPushButton("Copy details")
        self.copy_btn.clicked.connect(self._copy)
        self.folder_btn = QPushButton("Open log folder")
        self.folder_btn.clicked.connect(open_log_folder)
        self.folder_btn.setEnabled(_log_folder() is not None)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.addButton(self.copy_btn, QDialogButtonBox.ActionRole)
        buttons.addButton(self.folder_btn, QDialogButtonBox.ActionRole)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(text)
        lay.addWidget(buttons)
        self.setMinimumWidth(460)

    def add(self, details: str) -> None:
        self.details += f"\n--- and while this report was open ---\n{details}"

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.details)
        self.copy_btn.setText("Copied")


_open: CrashDialog | None = None


def showing() -> bool:
    return _open is not None


def report(details: str, parent: QWidget | None = None) -> None:
    """Show the report, or add to the one already open (a loop of errors shows one dialog)."""
    global _open
    if _open is not None:
        _open.add(details)
        return
    try:
        with modal(CrashDialog(details, parent)) as _open:
            _open.exec()
    finally:
        _open = None


# --- after a crash ----------------------------------------------------------------------------
def tell_last_session(left: str | None, parent: QWidget | None = None) -> None:
    """Once, at the launch after a crash: what happened, and where its traces are."""
    if left is None:
        return
    if left == CRASHED:
        text = ("Tabletop closed unexpectedly last time. Matches are saved after every move, so "
                f"yours can be continued. What happened is in {PREVIOUS} in the log folder, "
                "if you would like to report it.")
    else:
        text = ("Tabletop did not close properly last time (it was stopped, or the computer "
                "was). Matches are saved after every move, so yours can be continued.")
    with modal(QMessageBox(QMessageBox.Information, "Tabletop closed unexpectedly", text,
                           QMessageBox.Ok, parent)) as box:
        folder_btn = box.addButton("Open log folder", QMessageBox.ActionRole)
        box.exec()
        wanted = box.clickedButton() is folder_btn
    if wanted:
        open_log_folder()
