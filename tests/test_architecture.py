"""The architecture of DESIGN.md, enforced: the import contracts in pyproject.toml hold, a game
is one declared plugin, and the registry is built from the plugins alone."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core.plugin import Plugin
from tabletop.core.policy import Policy
from tabletop.games.registry import game_ids, plugin, plugins

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tabletop"


def _lint_imports() -> str:
    exe = Path(sys.executable).with_name("lint-imports")
    cmd = [str(exe)] if exe.exists() else [shutil.which("lint-imports") or "lint-imports"]
    done = subprocess.run(cmd + ["--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_import_contracts_hold():
    out = _lint_imports()
    assert "0 broken" in out and "kept" in out


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(module imported, inside a function?) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def walk(node, in_function):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.ImportFrom) and child.module:
                found.append((child.module, in_function))
            elif isinstance(child, ast.Import):
                found.extend((a.name, in_function) for a in child.names)
            walk(child, inner)

    walk(tree, False)
    return found


def test_no_game_module_imports_the_shell_or_the_store():
    for path in (PACKAGE / "games").rglob("*.py"):
        for module, _ in _imports(path):
            assert not module.startswith(("tabletop.shell", "tabletop.store")), (path, module)


def test_the_registry_is_built_from_the_plugins_and_core_names_no_game():
    assert game_ids() == sorted(game_ids()) and {"paargus", "pariah", "trials"} <= set(game_ids())
    for gid, found in plugins().items():
        assert isinstance(found, Plugin) and found.id == gid and isinstance(found.policy, Policy)
        assert found is plugin(gid) and found.card_pool is not None and found.card_pool()
    for path in (PACKAGE / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not any(g in text for g in ("paargus", "paragons", "pariah", "trials")), path


@pytest.mark.parametrize("gid", ["brawl", "paargus", "paragons", "pariah", "trials"])
def test_every_game_has_the_plugin_layout(gid):
    base = PACKAGE / "games" / gid
    for part in ("engine/__init__.py", "bot/policy.py", "presentation/__init__.py", "rules_page.md"):
        assert (base / part).exists(), part
    assert plugin(gid).presentation().game_id == gid


def test_imports_inside_functions_are_only_the_lazy_ones_we_mean():
    """A function-level import exists to keep pygame, Qt or a slow module out of a process
    that does not need it, never to dodge an import cycle; each is listed here with its why."""
    allowed: set[str] = set()     # none: a plugin names its table code (core.plugin.later)
    late = {}
    for path in list((PACKAGE / "core").rglob("*.py")) + list((PACKAGE / "games").rglob("*.py")) + \
            list((PACKAGE / "bots").rglob("*.py")) + list((PACKAGE / "table").rglob("*.py")):
        for module, in_function in _imports(path):
            if in_function and module.startswith("tabletop") and module not in allowed:
                late.setdefault(str(path.relative_to(ROOT)), []).append(module)
    assert late == {}


LAB_CHECK = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tabletop.shell.main_window import MainWindow
from tabletop.shell.new_match import NewMatchDialog, measured_rates
from tabletop.games.registry import game_ids, plugins
win = MainWindow()
for gid in game_ids():
    measured_rates(gid, 2)
dlg = NewMatchDialog(win)
loaded = sorted(m for m in sys.modules if m.startswith("tabletop.lab") or m.endswith("_plan"))
print("LOADED", loaded)
"""


def test_the_app_loads_none_of_the_lab():
    """The measurement lab (tabletop.lab: arena, reports, balance, plans) is never imported by
    a running app: the window, every game's plugin, the New match dialog with its measured
    strengths (read from docs/balance as data)."""
    env = {"QT_QPA_PLATFORM": "offscreen", "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "TABLETOP_HOME": str(ROOT / "build" / "lab-check-home")}
    done = subprocess.run([sys.executable, "-c", LAB_CHECK], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=env)
    line = next((x for x in done.stdout.splitlines() if x.startswith("LOADED")), None)
    assert done.returncode == 0 and line, done.stdout + done.stderr
    assert line == "LOADED []", line


def test_every_game_has_the_same_skeleton_and_every_contract_names_it():
    """engine/, bot/ (with policy.py), presentation/, rules_page.md and the plugin; the
    within-game contract lists every game, so a new game cannot slip past it."""
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    within = next(c for c in contracts if c.get("containers"))
    assert within["containers"] == ["tabletop.games.*"]           # every game, by wildcard
    assert not any(c.get("ignore_imports") for c in contracts), "a contract with exceptions"
    games = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
    assert games == game_ids(), "a package under games/ that the registry does not know"
    for g in game_ids():
        folder = PACKAGE / "games" / g
        assert {"engine", "bot", "presentation", "rules_page.md", "__init__.py"} <= \
            {p.name for p in folder.iterdir()}, g
        for part in ("bot/policy.py", "engine/rules.py", "engine/state.py", "engine/actions.py",
                     "engine/cards.py", "engine/views.py", "engine/explain.py",
                     "presentation/presenter.py", "presentation/narrate.py", "presentation/sounds.py"):
            assert (folder / part).is_file(), f"{g}: no {part} (the skeleton every game shares)"
        loose = [p.name for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert not loose, f"{g}: {loose} belong in engine/, bot/ or presentation/"
