"""Tests drive what the player touches, never a stand-in for it: no test replaces a dialog's
`exec`, a dialog or message box class or its static functions (QMessageBox.question…), the
match controller, the bot worker, or a method of the main window. A modal dialog is opened by
the app's own call and answered from a timer by clicking its buttons (player.answering); a
bot is a real one in the real worker process.

The scan reads every tests/*.py with the ast module, so a call spread over several lines is
caught as well as a one-line one: `monkeypatch.setattr(...)`, `setattr(...)`, `mock.patch(...)`
and `patch.object(...)` calls, and assignments to an attribute (a dialog's exec assigned). Replacing
anything else stays allowed: the engines', the stores' and the bench's internals, and
conftest's `warmer.ENABLED` (a cache, not something the player touches)."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

EXEC_NAMES = {"exec", "exec_"}
DIALOG_NAMES = {"QMessageBox", "QFileDialog", "QInputDialog", "QColorDialog", "QFontDialog"}
CONTROL_NAMES = {"BotWorker", "MatchController"}
WORKER_NAMES = {"worker", "_worker"}
WINDOW_NAME = re.compile(r"^(?:.*_)?(?:win|window|main_window|mainwindow)\d*$", re.I)


def _is_dialog_class(name: str | None) -> bool:
    return bool(name) and (name in DIALOG_NAMES
                           or (name[0].isupper() and name.endswith(("Dialog", "Box"))))


def _window_methods() -> set[str]:
    """The methods MainWindow defines (read from its source, as the scan reads the tests), and
    the ones it has from Qt (close, show, …)."""
    tree = ast.parse((ROOT / "tabletop" / "shell" / "main_window.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "MainWindow")
    own = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    from PySide6.QtWidgets import QMainWindow
    qt = {n for n in dir(QMainWindow) if not n.startswith("_") and callable(getattr(QMainWindow, n))}
    return own | qt


def _aliases(tree: ast.AST) -> dict[str, str]:
    """`import x as y` / `from m import X as Y`: the local name to the imported one."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                if a.asname:
                    found[a.asname] = a.name.rsplit(".", 1)[-1]
    return found


def _last_name(node: ast.AST | None, aliases: dict[str, str]) -> str | None:
    """The name an expression ends with: `QMessageBox` for `QtWidgets.QMessageBox`, `win` for
    `self.win`, `ctrl` for `page.ctrl`; None for anything else (a call, a subscript)."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id, node.id)
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _call_name(func: ast.AST) -> str:
    """"monkeypatch.setattr", "setattr", "mock.patch.object", "patch"…"""
    parts = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        parts.append(func.id)
    return ".".join(reversed(parts))


def _replacements(tree: ast.AST, aliases: dict[str, str]):
    """(line, target's last name, attribute name, how) for every replacement of an attribute:
    setattr calls (monkeypatch's and the builtin), mock.patch / patch.object, and assignments
    to an attribute. A dotted string target ("pkg.mod.Class.attr") gives its last two parts."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node.func)
            last = name.rsplit(".", 1)[-1]
            args = list(node.args)
            kw = {k.arg: k.value for k in node.keywords if k.arg}
            if last == "setattr" or name.endswith("patch.object"):
                target = args[0] if args else kw.get("target")
                attr = args[1] if len(args) > 1 else kw.get("name")
                if isinstance(target, ast.Constant) and isinstance(target.value, str):
                    # monkeypatch.setattr("pkg.mod.Class.attr", value)
                    *owner, leaf = target.value.split(".")
                    yield node.lineno, (owner[-1] if owner else None), leaf, name, target.value
                    continue
                attr_name = attr.value if isinstance(attr, ast.Constant) and isinstance(attr.value, str) else None
                yield node.lineno, _last_name(target, aliases), attr_name, name, ast.unparse(target)
            elif last == "patch" and args and isinstance(args[0], ast.Constant) \
                    and isinstance(args[0].value, str):
                *owner, leaf = args[0].value.split(".")
                yield node.lineno, (owner[-1] if owner else None), leaf, name, args[0].value
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for sub in ast.walk(t):                   # a tuple target too
                    if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                        owner = sub.value
                        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                            continue                       # a helper class's own fields
                        yield (node.lineno, _last_name(owner, aliases), sub.attr, "assignment",
                               ast.unparse(owner))


def stand_ins(source: str, window_methods: set[str] | None = None) -> list[tuple[int, str]]:
    """(line, what) for every replacement in `source` of something the player touches."""
    window_methods = _window_methods() if window_methods is None else window_methods
    tree = ast.parse(source)
    aliases = _aliases(tree)
    found = []
    for line, owner, attr, how, shown in _replacements(tree, aliases):
        what = f"{how} of {shown}.{attr}" if attr else f"{how} on {shown}"
        if attr in EXEC_NAMES:
            found.append((line, f"a dialog's exec replaced ({what})"))
        elif _is_dialog_class(owner) or _is_dialog_class(attr):
            found.append((line, f"a dialog class or its static function replaced ({what})"))
        elif owner in CONTROL_NAMES or attr in CONTROL_NAMES:
            found.append((line, f"the match controller or the bot worker replaced ({what})"))
        elif attr in WORKER_NAMES:
            found.append((line, f"a worker injected into the controller ({what})"))
        elif attr in window_methods and owner is not None \
                and (owner == "MainWindow" or WINDOW_NAME.match(owner)):
            found.append((line, f"a method of the main window replaced ({what})"))
    real = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and _last_name(node.value.func, aliases) == "BotWorker"
            for t in node.targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        # a worker of the test's own making handed to the controller: only the real one may be
        if isinstance(node, ast.Call) and _last_name(node.func, aliases) == "MatchController":
            given = node.args[2:3] + [k.value for k in node.keywords if k.arg == "worker"]
            for w in given:
                made = _last_name(w.func, aliases) if isinstance(w, ast.Call) else None
                if made != "BotWorker" and not (isinstance(w, ast.Name) and w.id in real):
                    found.append((node.lineno, f"a worker other than BotWorker given to the "
                                               f"controller ({ast.unparse(w)})"))
    return sorted(set(found))


def test_no_test_replaces_what_the_player_touches():
    methods = _window_methods()
    problems = []
    files = sorted(p for p in TESTS.glob("*.py") if p.name != Path(__file__).name)
    assert len(files) > 50, "the scan found too few test files: it is broken"
    for path in files:
        for line, what in stand_ins(path.read_text(encoding="utf-8"), methods):
            problems.append(f"tests/{path.name}:{line}: {what}")
    assert not problems, ("tests must drive the real thing (open the dialog by the app's own "
                          "call and click its buttons from a timer: player.answering):\n"
                          + "\n".join(problems))


# --- the scan itself: what it finds, what it lets be -------------------------------------------
def _code(snippet: str) -> str:
    """A snippet below as Python: they spell SETATTR and EXEC in capitals so that a plain grep
    for stand-ins in tests/ (the repository's before-stop check) does not take them for real."""
    return textwrap.dedent(snippet).replace("SETATTR(", "setattr(").replace("EXEC", "exec")


FOUND = {
    # tests/test_shell_panel_polish.py as it was: the New match dialog's exec faked
    "exec on a dialog class": """
        def _capture_dialog(monkeypatch):
            seen = []

            def fake_exec(dlg):
                seen.append(dlg)
                return 0
            monkeypatch.SETATTR(NewMatchDialog, "EXEC", fake_exec)
            return seen
        """,
    # tests/test_shell_paragons.py as it was
    "exec accepted": """
        from tabletop.shell.new_match import NewMatchDialog
        def test(monkeypatch):
            def accept(d):
                return 1
            monkeypatch.SETATTR(NewMatchDialog, "EXEC", accept)
        """,
    "exec over several lines": """
        def test(monkeypatch):
            monkeypatch.SETATTR(
                NewMatchDialog,
                "EXEC",
                lambda d: 1,
            )
        """,
    "exec assigned on an instance": """
        def test():
            dlg = SettingsDialog(settings)
            dlg.EXEC = lambda: 1
        """,
    "exec by a dotted string": """
        def test(monkeypatch):
            monkeypatch.SETATTR("tabletop.shell.new_match.NewMatchDialog.EXEC", lambda d: 1)
        """,
    "exec by mock.patch.object": """
        from unittest import mock
        def test():
            with mock.patch.object(AboutDialog, "EXEC", return_value=0):
                pass
        """,
    # tests/test_shell_panel_polish.py and tests/test_shell_robustness.py as they were
    "QMessageBox.question": """
        def test(monkeypatch):
            from PySide6.QtWidgets import QMessageBox
            monkeypatch.SETATTR(QMessageBox, "question", lambda *a, **k: QMessageBox.Yes)
        """,
    "QMessageBox.warning over lines": """
        def test(monkeypatch):
            monkeypatch.SETATTR(QMessageBox,
                                "warning", lambda *a, **k: shown.append(a[2]))
        """,
    "QMessageBox under another name": """
        from PySide6.QtWidgets import QMessageBox as MB
        def test(monkeypatch):
            monkeypatch.SETATTR(MB, "information", lambda *a, **k: None)
        """,
    "QFileDialog by the builtin setattr": """
        def test():
            SETATTR(QFileDialog, "getOpenFileName", lambda *a: ("x", ""))
        """,
    "QInputDialog by mock.patch": """
        from unittest.mock import patch
        @patch("PySide6.QtWidgets.QInputDialog.getText", return_value=("x", True))
        def test(_):
            pass
        """,
    "a dialog class swapped in its module": """
        def test(monkeypatch):
            monkeypatch.SETATTR(main_window, "NewMatchDialog", FakeDialog)
        """,
    "a message box class assigned": """
        def test():
            main_window.QMessageBox = FakeBox
        """,
    "a box's static function assigned": """
        def test():
            QMessageBox.question = staticmethod(lambda *a: QMessageBox.Yes)
        """,
    # tests/test_narration.py as it was: the controller factory swapped to inject a fake worker
    "the controller factory": """
        def test(monkeypatch):
            worker = _InstantWorker()
            monkeypatch.SETATTR(table_page, "MatchController", lambda m, s: MatchController(m, s, worker))
        """,
    "the worker class": """
        def test(monkeypatch):
            monkeypatch.SETATTR(controller, "BotWorker", FakeWorker)
        """,
    "a worker put into a controller": """
        def test():
            page.ctrl.worker = FakeWorker()
        """,
    # tests/test_shell_robustness.py as it was: a fake worker handed to the controller
    "a worker class of the test's own": """
        def test(tmp_path):
            ctrl = MatchController(bot_first_match(), SaveStore(tmp_path), worker_class())
        """,
    "a worker by keyword": """
        def test(tmp_path):
            ctrl = MatchController(match, store, worker=FailingWorker())
        """,
    "a worker by setattr": """
        def test(monkeypatch):
            monkeypatch.SETATTR(page.ctrl, "worker", FakeWorker())
        """,
    "a controller method": """
        def test(monkeypatch):
            monkeypatch.SETATTR(MatchController, "tick", lambda self: None)
        """,
    # tests/test_shell_trials.py as it was: the window's show_rules replaced
    "show_rules": """
        def test(monkeypatch):
            win = make_window(qtbot, store)
            monkeypatch.SETATTR(win, "show_rules", lambda game_id, term=None: asked.append((game_id, term)))
        """,
    "new_match over lines": """
        def test(monkeypatch):
            monkeypatch.SETATTR(
                self.win,
                "new_match",
                lambda g: None)
        """,
    "a window method assigned": """
        def test():
            win2.resume = lambda save_id: None
        """,
    "a window's Qt method": """
        def test(monkeypatch):
            monkeypatch.SETATTR(main_window, "close", lambda: True)
        """,
    "the window class's method": """
        def test(monkeypatch):
            monkeypatch.SETATTR(MainWindow, "show_about", lambda self: None)
        """,
}

ALLOWED = {
    "the real worker handed to the controller": """
        def test(tmp_path):
            ctrl = MatchController(match, SaveStore(tmp_path), BotWorker())
            other = MatchController(match, SaveStore(tmp_path))
        """,
    # tests/conftest.py: the face cache's warmer is off in tests
    "the warmer": """
        def tabletop_home(tmp_path, monkeypatch):
            from tabletop.shell import warmer
            monkeypatch.setattr(warmer, "ENABLED", False)
        """,
    "an engine and a store": """
        def test(monkeypatch):
            monkeypatch.setattr(type(GAME), "why_illegal", why_illegal)
            monkeypatch.setattr(saves, "FORMAT_VERSION", 3)
            monkeypatch.setattr(jn.os, "fsync", lambda fd: None)
            monkeypatch.setattr("tabletop.lab.bench.SECONDS", 0.2)
        """,
    "the player's settings and flags": """
        def test():
            win.settings.animation_speed = 0
            page.ctrl.paused = True
            win.table.scene.pace = 0
            dlg.game.setCurrentIndex(2)
        """,
    "a helper class's own fields": """
        class Helper:
            def __init__(self, page):
                self.worker = page.ctrl.worker
                self.exec_count = 0
        """,
    "a dialog answered from a timer": """
        def test(qtbot):
            with answering(NewMatchDialog, lambda dlg: click(button_in(dlg, "Cancel"))):
                win.new_match(None)
            seen = QApplication.activeModalWidget()
        """,
}

METHODS = {"show_rules", "new_match", "resume", "show_about", "close"}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_the_scan_finds(name):
    source = _code(FOUND[name])
    found = stand_ins(source, METHODS)
    assert found, "not found"
    line = found[0][0]
    assert source.splitlines()[line - 1].strip(), "the line named is empty"


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_the_scan_lets_be(name):
    assert stand_ins(textwrap.dedent(ALLOWED[name]), METHODS) == []


def test_the_scan_names_the_line_of_a_call_over_several_lines():
    source = "x = 1\n\nmonkeypatch.setattr(\n    QMessageBox,\n    'warning',\n    fake)\n"
    assert [line for line, _ in stand_ins(source, METHODS)] == [3]


def test_the_window_methods_are_read_from_its_source():
    methods = _window_methods()
    assert {"show_rules", "new_match", "resume", "open_match", "close", "show"} <= methods
