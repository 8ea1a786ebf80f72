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


def run(argv: list[str] | None = None) -> int:
    # pygame draws offscreen only; set before anything imports pygame
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")   # SDL would swallow SIGTERM
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    from PySide6.QtWidgets import QApplication

    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.theme import apply_theme

    app = QApplication.instance() or QApplication(argv or sys.argv)
    app.setApplicationName("Tabletop")
    app.setOrganizationName("Tabletop")
    app.setDesktopFileName("tabletop")        # desktops match the window to its menu entry
    apply_theme(app)
    window = MainWindow()
    _install_excepthook(lambda: window)
    window.show_start()
    return app.exec()
