# Run-time hook replacing PyInstaller's pyi_rth_pyside6 (dropped in tabletop.spec).
#
# PyInstaller's hook imports PySide6.QtCore at the start of every process, to
# check for an embedded qt.conf that PySide6 wheels register themselves when
# QtCore is imported. That costs ~0.2 s and loads Qt + ICU into processes that
# never use Qt: the bot worker (a "spawn" child, i.e. this same executable) and
# the command-line subcommands. Here only the paths are set; Qt loads when the
# GUI imports it.
import os
import sys


def _qt_paths() -> None:
    base = getattr(sys, "_MEIPASS", os.path.dirname(sys.executable))
    windows = sys.platform.startswith("win")
    qt = os.path.join(base, "PySide6") if windows else os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")
    if windows:   # plugins find the Qt DLLs next to them
        os.environ["PATH"] = base + os.pathsep + os.environ.get("PATH", "")


_qt_paths()
del _qt_paths
