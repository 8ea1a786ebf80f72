"""Start the desktop app. Errors anywhere become a message, never a dead app."""

from __future__ import annotations

import logging
import os
import sys
import traceback


def _install_excepthook(window_getter) -> None:
    """An uncaught error in a Qt slot would kill the app: show it and carry on."""
    log = logging.getLogger("tabletop")

    def hook(kind, value, tb):
        text = "".join(traceback.format_exception(kind, value, tb))
        log.error("unexpected error:\n%s", text)
        win = window_getter()
        if win is not None:
            try:
                win.report_error(value, text)
                return
            except Exception:  # the report itself failed: fall back to stderr
                pass
        sys.__excepthook__(kind, value, tb)

    sys.excepthook = hook


LOG_FILE = "tabletop.log"
LOG_BYTES, LOG_BACKUPS = 1_000_000, 3      # at most 4 MB of log


def _setup_logging() -> str | None:
    """Log to stderr and to a rotating file in the log folder; native crashes to this
    session's file there (crash.py). Returns what the last session left (crash.py).

    A folder that cannot be written (a read-only home) costs the files, not the start."""
    import faulthandler
    from logging.handlers import RotatingFileHandler

    from tabletop.shell import crash
    from tabletop.store.paths import log_dir

    logging.basicConfig(format="%(levelname)s %(name)s: %(message)s")     # stderr
    logging.getLogger().setLevel(logging.INFO)     # basicConfig sets it only on a bare root
    log = logging.getLogger("tabletop")
    try:
        folder = log_dir()
        handler = RotatingFileHandler(folder / LOG_FILE, maxBytes=LOG_BYTES,
                                      backupCount=LOG_BACKUPS, encoding="utf-8")
    except OSError as exc:
        log.warning("no log file (%s): logging to stderr only", exc)
        folder = None
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: "
                                               "%(message)s"))
        logging.getLogger().addHandler(handler)
    from importlib.metadata import PackageNotFoundError, version
    try:
        ours = version("tabletop")
    except PackageNotFoundError:
        ours = "?"
    log.info("Tabletop %s starting, Python %s on %s", ours, sys.version.split()[0], sys.platform)
    if folder is not None:
        try:
            return crash.open_session(folder)
        except OSError as exc:
            log.warning("no crash file in %s (%s)", folder, exc)
    try:
        faulthandler.enable()      # native crashes at least to stderr
    except (RuntimeError, ValueError, OSError):   # no stderr (a windowed frozen app)
        pass
    return None


def _handle_signals(app) -> None:
    """SIGTERM (a desktop session, `kill`) is not a crash: the next launch should not say it
    was, and the process still ends by SIGTERM. Ctrl-C in a terminal quits as the menu does
    (the match saved), not through the error report. Python runs a signal handler only when
    Python code runs, which in Qt's loop may be never: the wakeup fd wakes a socket notifier
    so that it does."""
    if os.name != "posix":
        return
    import signal
    import socket

    from PySide6.QtCore import QSocketNotifier

    from tabletop.shell import crash

    def on_sigterm(signum, frame):
        crash.close_session()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    wake, woken = socket.socketpair()
    for sock in (wake, woken):
        sock.setblocking(False)
    signal.signal(signal.SIGTERM, on_sigterm)
    signal.signal(signal.SIGINT, lambda *_: app.closeAllWindows())
    signal.set_wakeup_fd(wake.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(woken.fileno(), QSocketNotifier.Read, app)
    notifier.activated.connect(lambda *_: woken.recv(64))   # the handler runs before this
    app._signals = (wake, woken, notifier)    # kept for the app's life


def run(argv: list[str] | None = None) -> int:
    # pygame draws offscreen only; set before anything imports pygame (sound goes to the
    # computer's own audio device: table/sound.py)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")   # SDL would swallow SIGTERM
    left = _setup_logging()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from tabletop.shell import crash
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.theme import apply_theme

    app = QApplication.instance() or QApplication(argv or sys.argv)
    app.setApplicationName("Tabletop")
    app.setOrganizationName("Tabletop")
    app.setDesktopFileName("tabletop")        # desktops match the window to its menu entry
    apply_theme(app)
    _handle_signals(app)
    window = MainWindow()
    _install_excepthook(lambda: window)
    window.show_start()
    QTimer.singleShot(0, lambda: crash.tell_last_session(left, window))   # over the window
    code = app.exec()
    crash.close_session()
    return code
