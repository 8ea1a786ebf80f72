"""Packaging: what pyproject ships, and the installers `make package` builds.

The first tests are fast and always run. The ones marked `packaging` check the
built Linux .deb (dist/tabletop_<version>_<arch>.deb): they run when
TABLETOP_PACKAGING=1 is set (building the .deb first if there is none) or when
a .deb for this version is already in dist/; otherwise they are skipped, so
`make test` stays fast. `make package-test` runs them.

The installed app is run from the .deb's files alone: extracted into a temporary
root, with a scrubbed environment (no venv on PATH, no PYTHONPATH), in a folder
away from the source checkout.
"""

from __future__ import annotations

import configparser
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
DESKTOP = ROOT / "packaging" / "linux" / "tabletop.desktop"
SIZE_BUDGET = 60_000_000          # bytes, for the .deb


def _load_build():
    spec = importlib.util.spec_from_file_location("tabletop_packaging_build",
                                                  ROOT / "packaging" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


# --- always: the sources of the packages --------------------------------------------------
def test_pyproject_lists_every_package():
    """Packages are listed by hand in pyproject: a new folder must be added there too.
    A folder holding only data (an engine's data/) is a package to setuptools as well: it
    warns at every install when one is not listed."""
    setup = PYPROJECT["tool"]["setuptools"]
    listed = set(setup["packages"])
    trees = {"tabletop": ROOT / "tabletop",
             **{name: ROOT / folder for name, folder in setup["package-dir"].items()}}
    found = set()
    for name, folder in trees.items():
        for sub in [folder, *folder.rglob("*")]:
            if sub.is_dir() and "__pycache__" not in sub.parts and any(p.is_file() for p in sub.iterdir()):
                found.add(".".join([name, *sub.relative_to(folder).parts]))
    assert found - listed == set(), "packages missing from pyproject [tool.setuptools] packages"
    assert listed - found == set(), "pyproject lists packages that do not exist"


def test_art_scripts_are_left_out_of_the_app():
    """art/ ships inside the package, but the scripts that draw it at dev time must not
    (make_icons.py needs QtSvg, which the spec leaves out): the spec names each one."""
    spec = (ROOT / "packaging" / "tabletop.spec").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in (ROOT / "art").rglob("make_*.py"))
    assert scripts and [name for name in scripts if f'"{name}"' not in spec] == []


def test_version_comes_from_pyproject():
    assert build.version() == VERSION
    assert build.deb_version("1.2.0") == "1.2.0"
    assert build.deb_version("1.2.0rc1") == "1.2.0~rc1"
    assert build.deb_version("1.2.0.dev3") == "1.2.0~dev3"


def _check_desktop_entry(path: Path) -> dict:
    if shutil.which("desktop-file-validate"):
        run = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert run.returncode == 0 and not run.stdout.strip(), run.stdout + run.stderr
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    entry = dict(parser["Desktop Entry"])
    assert entry["Type"] == "Application" and entry["Name"] == "Tabletop"
    assert entry["Exec"].split()[0] == "tabletop" and entry["Icon"] == "tabletop"
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")
    return entry


def test_desktop_entry_is_valid():
    _check_desktop_entry(DESKTOP)


def test_icons_are_made_with_pillow(tmp_path):
    from PIL import Image
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "packaging" / "make_icons.py")
    make_icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icons)
    ico, icns = make_icons.make_icons(tmp_path)
    with Image.open(ico) as im:
        assert im.format == "ICO" and (256, 256) in im.info["sizes"] and (16, 16) in im.info["sizes"]
    with Image.open(icns) as im:
        assert im.format == "ICNS" and im.size == (1024, 1024)


# --- the built .deb ----------------------------------------------------------------------------
def _deb_path() -> Path | None:
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True,
                          text=True).stdout.strip() if shutil.which("dpkg") else "*"
    found = sorted(DIST.glob(f"tabletop_{build.deb_version(VERSION)}_{arch}.deb"))
    return found[-1] if found else None


_WANTED = os.environ.get("TABLETOP_PACKAGING") == "1"
_PACKAGING_MARKS = [
    pytest.mark.packaging,
    pytest.mark.skipif(not (_WANTED or (sys.platform.startswith("linux") and _deb_path())),
                       reason="set TABLETOP_PACKAGING=1 or run `make package` first"),
]


def packaging(fn):
    """@pytest.mark.packaging, skipped unless asked for or a .deb is built."""
    for mark in _PACKAGING_MARKS:
        fn = mark(fn)
    return fn


@pytest.fixture(scope="session")
def deb() -> Path:
    if not shutil.which("dpkg-deb"):
        pytest.skip("needs dpkg-deb (Debian or Ubuntu)")
    path = _deb_path()
    if path is None:          # TABLETOP_PACKAGING=1 and nothing built yet: build it now
        cmd = ["make", "package"] if shutil.which("make") else [sys.executable, "packaging/build.py", "all"]
        subprocess.run(cmd, cwd=ROOT, check=True)
        path = _deb_path()
    assert path is not None, "make package did not leave a .deb in dist/"
    return path


@pytest.fixture(scope="session")
def root(deb, tmp_path_factory) -> Path:
    """The .deb's files, extracted as dpkg would install them, under a temporary root."""
    root = tmp_path_factory.mktemp("debroot")
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root


def _clean_env(home: Path) -> dict:
    """The installed app's environment: nothing of the venv or the checkout."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "LD_", "QT_", "SDL_", "PYTEST"))}
    env.update(PATH="/usr/local/bin:/usr/bin:/bin", QT_QPA_PLATFORM="offscreen",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLETOP_HOME=str(home))
    return env


def _run_app(exe, args, tmp_path, timeout=120, **kw) -> subprocess.CompletedProcess:
    work = tmp_path / "cwd"
    work.mkdir(exist_ok=True)
    return subprocess.run([str(exe), *args], cwd=work, env=_clean_env(tmp_path / "home"),
                          capture_output=True, text=True, timeout=timeout, **kw)


@packaging
def test_deb_metadata(deb):
    fields = {}
    for name in ("Package", "Version", "Architecture", "Depends", "Recommends", "Installed-Size"):
        fields[name] = subprocess.run(["dpkg-deb", "-f", str(deb), name], check=True,
                                      capture_output=True, text=True).stdout.strip()
    assert fields["Package"] == "tabletop"
    assert fields["Version"] == build.deb_version(VERSION)
    assert fields["Depends"].startswith("libc6 (>= 2.")
    assert "libasound2" in fields["Recommends"] and "libpulse0" in fields["Recommends"], "sound"
    assert int(fields["Installed-Size"]) > 10_000


@packaging
def test_deb_is_small_and_xz_compressed(deb):
    size = deb.stat().st_size
    print(f"\n{deb.name}: {size / 1e6:.1f} MB")
    assert size < SIZE_BUDGET
    members = subprocess.run(["ar", "t", str(deb)], capture_output=True, text=True).stdout.split() \
        if shutil.which("ar") else ["data.tar.xz"]
    assert "data.tar.xz" in members


@packaging
def test_deb_layout(deb, root):
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], check=True, capture_output=True,
                             text=True).stdout.splitlines()
    assert all(" root/root " in line for line in listing), "files must belong to root"
    paths = {line.split(None, 5)[5].split(" -> ")[0].lstrip(".") for line in listing}
    ours = ("/opt/tabletop", "/usr/bin/tabletop", "/usr/share/applications/tabletop.desktop",
            "/usr/share/icons/hicolor/256x256/apps/tabletop.png", "/usr/share/doc/tabletop")
    shared_dirs = {"/", "/opt/", "/usr/", "/usr/bin/", "/usr/share/", "/usr/share/applications/",
                   "/usr/share/icons/", "/usr/share/icons/hicolor/", "/usr/share/icons/hicolor/256x256/",
                   "/usr/share/icons/hicolor/256x256/apps/", "/usr/share/doc/"}
    strays = {p for p in paths if p not in shared_dirs and not p.startswith(ours)}
    assert strays == set()

    exe = root / "opt" / "tabletop" / "tabletop"
    assert exe.is_file() and os.access(exe, os.X_OK)
    launcher = root / "usr" / "bin" / "tabletop"
    assert launcher.is_symlink() and os.readlink(launcher) == "/opt/tabletop/tabletop"
    _check_desktop_entry(root / "usr" / "share" / "applications" / "tabletop.desktop")
    from PIL import Image
    with Image.open(root / "usr/share/icons/hicolor/256x256/apps/tabletop.png") as icon:
        assert icon.format == "PNG" and icon.size == (256, 256)


@packaging
def test_bundle_holds_only_the_qt_we_use(root):
    internal = root / "opt" / "tabletop" / "_internal"
    names = [p.relative_to(internal).as_posix() for p in internal.rglob("*")]
    qt_libs = sorted({re.sub(r"\.so.*", "", n.rsplit("/", 1)[-1]) for n in names
                      if re.search(r"/libQt6\w+\.so", "/" + n)})
    unwanted = [lib for lib in qt_libs
                if re.search(r"Qml|Quick|WebEngine|3D|Multimedia|Pdf|Network|Svg|OpenGL|Designer", lib)]
    assert unwanted == [], qt_libs
    assert not [n for n in names if n.endswith(".qm")], "Qt translations are not needed"
    assert not [n for n in names if "/plugins/imageformats/" in n or "/plugins/egldeviceintegrations/" in n]
    for module in ("QtCore", "QtGui", "QtWidgets"):
        assert any(n.startswith(f"PySide6/{module}.") for n in names), module
    assert any(re.search(r"(^|/)(lib)?SDL2_mixer", n) for n in names), "no SDL2_mixer: a silent app"
    assert any(re.search(r"(^|/)_sqlite3", n) for n in names), "no sqlite3: the match history cannot open"
    # bundled data, where importlib.resources looks for it, and the version metadata
    for data in ("tabletop/art/fonts/DejaVuSans.ttf", "tabletop/art/fonts/LICENSE-DejaVu.txt",
                 "tabletop/art/icon.png", "tabletop/layouts/paargus-2p.json",
                 "tabletop/art/icons/LICENSE.txt", "tabletop/art/icons/hourglass.png",
                 "tabletop/art/sounds/your_turn.wav",     # the sounds, and the mixer to play them
                 "tabletop/games/paargus/engine/data/deck.json", "tabletop/games/paargus/rules_page.md",
                 "tabletop/balance/pariah.json",          # the new-match dialog's figures
                 f"tabletop-{VERSION}.dist-info/METADATA"):
        assert data in names, data
    # the system's own libraries stay the system's (see DEB_DEPENDS in packaging/build.py)
    assert not [n for n in names if re.fullmatch(r"(libstdc\+\+|libX11|libGL|libfontconfig|libglib-2\.0)\.so.*", n)]


@packaging
def test_depends_covers_every_system_library(deb, root):
    """Every NEEDED library the bundle does not hold comes from a package in Depends."""
    if not (shutil.which("readelf") and shutil.which("dpkg")):
        pytest.skip("needs readelf and dpkg")
    depends = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], check=True, capture_output=True,
                             text=True).stdout
    declared = {d.strip().split()[0] for d in depends.split(",")}
    uncovered = {}
    for soname in build.system_needs(root / "opt" / "tabletop"):
        owner = subprocess.run(["dpkg", "-S", f"*/{soname}"], capture_output=True, text=True).stdout
        packages = {name.strip().split(":")[0] for line in owner.splitlines() if ": /" in line
                    for name in line.split(": /", 1)[0].split(",")}
        if not packages:
            continue                      # not installed here: cannot tell whose it is
        if not {name.removesuffix("t64") for name in packages} & declared:
            uncovered[soname] = packages
    assert uncovered == {}, "add these packages to DEB_DEPENDS in packaging/build.py"


@packaging
def test_installed_app_draws_the_table(root, tmp_path):
    from PIL import Image, ImageStat
    exe = root / "opt" / "tabletop" / "tabletop"
    out = tmp_path / "shot.png"
    start = time.perf_counter()
    run = _run_app(exe, ["screenshot", "paargus", "--out", str(out)], tmp_path)
    took = time.perf_counter() - start
    assert run.returncode == 0, run.stdout + run.stderr
    print(f"\nscreenshot from the installed files: {took:.2f} s")
    with Image.open(out) as shot:
        assert shot.size == (1920, 1080)
        spread = ImageStat.Stat(shot.convert("L")).stddev[0]
        assert spread > 10, "the screenshot is blank"
    # the face cache went to TABLETOP_HOME, nothing next to the program
    assert (tmp_path / "home").is_dir()


@packaging
def test_installed_app_reads_nothing_from_the_checkout(root, tmp_path):
    """Run under strace: no file of the source tree or the venv is opened."""
    if not shutil.which("strace"):
        pytest.skip("needs strace")
    exe = root / "opt" / "tabletop" / "tabletop"
    log = tmp_path / "strace.txt"
    run = _run_app("strace", ["-f", "-qq", "-e", "trace=open,openat,execve,stat,newfstatat",
                              "-o", str(log), str(exe), "screenshot", "paargus", "--out",
                              str(tmp_path / "s.png")], tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    touched = [line for line in log.read_text(errors="replace").splitlines()
               if f'"{ROOT}/' in line or f'"{ROOT}"' in line]
    assert touched == [], touched[:10]


@packaging
def test_installed_app_lists_games_and_plays_an_arena(root, tmp_path):
    exe = root / "opt" / "tabletop" / "tabletop"
    run = _run_app(exe, ["games", "--json"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert {"id": "paargus", "title": "Paargus", "players": [2]} in json.loads(run.stdout)

    run = _run_app(exe, ["arena", "paargus", "--bots", "greedy", "random", "--games", "2",
                         "--json"], tmp_path)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == 2 and report["errors"] == 0 and report["illegal"] == 0
    assert [e["bot"] for e in report["entrants"]] == ["greedy", "random"]


def _every_game() -> list[str]:
    from tabletop.games.registry import all_games
    return sorted(g.info.id for g in all_games())


@packaging
@pytest.mark.parametrize("game", _every_game())
def test_installed_app_starts_a_match_through_the_new_match_dialog(root, tmp_path, game):
    """The hidden `selfcheck-new-match` command (tabletop/shell/selfcheck.py) inside the frozen
    app: the real main window, the New match dialog's real exec(), its Start button clicked.
    A crash in the dialog is a non-zero exit without the marker."""
    exe = root / "opt" / "tabletop" / "tabletop"
    work = tmp_path / "cwd"
    work.mkdir()
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    # files, not pipes: a bot worker left behind would hold a pipe open; its own session, so
    # that the app and whatever it started are killed together afterwards
    with open(out, "w") as stdout, open(err, "w") as stderr:
        proc = subprocess.Popen([str(exe), "selfcheck-new-match", game, "--timeout", "120"],
                                cwd=work, env=_clean_env(tmp_path / "home"), stdout=stdout,
                                stderr=stderr, start_new_session=True)
        try:
            code = proc.wait(timeout=180)
        except subprocess.TimeoutExpired:
            code = "timed out"
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:       # nothing of the group is left
                pass
            proc.wait()
    told = out.read_text() + err.read_text()[-3000:]
    assert code == 0 and f"new match started {game}" in out.read_text().splitlines(), told


# The bot worker is a "spawn" process: in the frozen app that is the app's own
# executable started as `tabletop --multiprocessing-fork ...`, which must serve
# bots and never start the GUI. No CLI command starts the worker (arena decides
# in-process, screenshot pauses bots), so this drives the frozen executable as
# the child of a BotWorker running here: only the child side is the frozen app.
_WORKER_PROBE = textwrap.dedent("""
    import json, multiprocessing.spawn as spawn, os, sys
    from multiprocessing import resource_tracker
    resource_tracker.ensure_running()       # the tracker stays this Python
    app = sys.argv[1]
    sys.frozen = True                       # spawn's frozen command line: APP --multiprocessing-fork
    spawn.set_executable(app)
    _prep = spawn.get_preparation_data
    def prep(name):                         # the child keeps its own sys.path, cwd and __main__
        data = _prep(name)
        for key in ("sys_path", "sys_argv", "dir", "orig_dir", "init_main_from_path",
                    "init_main_from_name"):
            data.pop(key, None)
        return data
    spawn.get_preparation_data = prep

    from tabletop.bots.worker import BotWorker
    from tabletop.core.match import Match, Seat
    from tabletop.games.registry import get_game
    game = get_game("paargus")
    match = Match(game, [Seat("bot", "A", "greedy", "normal"), Seat("bot", "B", "random", "normal")], 5)
    seat = match.to_act
    legal = match.legal_actions()
    with BotWorker(time_limit=60) as worker:
        worker.request("paargus", seat, game.view(match.state, seat), legal, "greedy", "normal", seed=3)
        ticket, action, error = worker.wait(timeout=120)
        proc = f"/proc/{worker.pid}"
        print(json.dumps({
            "legal": action in legal, "error": error, "alive": worker.is_alive(),
            "exe": os.path.realpath(f"{proc}/exe"),
            "argv": open(f"{proc}/cmdline").read().split("\\0")[:2],
            "maps": sorted({line.split()[-1].rsplit("/", 1)[-1] for line in open(f"{proc}/maps")
                            if "/" in line}),
        }))
""")


@packaging
def test_frozen_bot_worker_serves_without_the_gui(root, tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    exe = root / "opt" / "tabletop" / "tabletop"
    probe = tmp_path / "probe.py"
    probe.write_text(_WORKER_PROBE, encoding="utf-8")
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "home")}
    run = subprocess.run([sys.executable, str(probe), str(exe)], capture_output=True, text=True,
                         timeout=300, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["error"] is None and got["legal"] and got["alive"]
    assert got["exe"] == str(exe.resolve()) and got["argv"][1] == "--multiprocessing-fork"
    gui = [lib for lib in got["maps"] if re.match(r"(libQt6|libSDL2|libpyside6|QtWidgets)", lib)]
    assert gui == [], "the bot worker must not load Qt or pygame"
    assert "usage: tabletop" not in run.stderr


@packaging
def test_tarball_holds_the_same_app(root):
    tarballs = sorted(DIST.glob(f"tabletop-{VERSION}-linux-*.tar.xz"))
    if not tarballs:
        pytest.skip("no .tar.xz in dist/")
    print(f"\n{tarballs[-1].name}: {tarballs[-1].stat().st_size / 1e6:.1f} MB")
    with tarfile.open(tarballs[-1]) as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers() if "/" in m.name}
        assert all(m.uid == 0 for m in tar.getmembers())
    app = root / "opt" / "tabletop"
    assert names == {p.relative_to(app).as_posix() for p in app.rglob("*")}


# --- dpkg -i / dpkg -r: as root, with TABLETOP_PACKAGING=1, where Tabletop is not installed ----
def _installed() -> bool:
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "tabletop"], capture_output=True,
                            text=True).stdout
    return status.endswith(" installed")


@packaging
def test_dpkg_install_run_and_remove_cleanly(deb, tmp_path):
    if not shutil.which("dpkg") or os.geteuid() != 0:
        pytest.skip("needs dpkg and root")
    if not _WANTED:   # installs system-wide: only when asked, never because a .deb lies in dist/
        pytest.skip("set TABLETOP_PACKAGING=1 to install and remove the .deb with dpkg")
    if _installed() or Path("/opt/tabletop").exists():
        pytest.skip("Tabletop is installed on this machine: not touching it")
    forced, files = False, []
    try:
        run = subprocess.run(["dpkg", "-i", str(deb)], capture_output=True, text=True)
        if run.returncode != 0 and "lock" in run.stderr and not _installed():
            pytest.skip(f"dpkg is busy: {run.stderr.strip()}")
        if run.returncode != 0 and "dependency problems" in run.stdout + run.stderr:
            forced = True         # a headless test machine may lack X libraries: offscreen needs none
            run = subprocess.run(["dpkg", "--force-depends", "--configure", "tabletop"],
                                 capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        files = subprocess.run(["dpkg", "-L", "tabletop"], check=True, capture_output=True,
                               text=True).stdout.split()

        assert os.path.realpath("/usr/bin/tabletop") == "/opt/tabletop/tabletop"
        assert shutil.which("tabletop", path="/usr/bin") == "/usr/bin/tabletop"
        run = _run_app("tabletop", ["games", "--json"], tmp_path)        # found on PATH
        assert run.returncode == 0 and "paargus" in run.stdout, run.stderr
        run = _run_app("tabletop", ["arena", "paargus", "--bots", "greedy", "random", "--games",
                                    "1", "--json", "--save", str(tmp_path / "home" / "saves")], tmp_path)
        assert run.returncode == 0, run.stderr
        entry = _check_desktop_entry(Path("/usr/share/applications/tabletop.desktop"))
        assert shutil.which(entry["Exec"].split()[0], path="/usr/bin")
        assert Path("/usr/share/icons/hicolor/256x256/apps/tabletop.png").is_file()
    finally:
        removed = subprocess.run(["dpkg", "-r", "tabletop"], capture_output=True, text=True)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not Path("/opt/tabletop").exists()
    left = [f for f in files if os.path.lexists(f) and not os.path.isdir(f)]
    left += [f for f in files if f.startswith(("/opt/tabletop", "/usr/share/doc/tabletop"))
             and os.path.lexists(f)]
    assert left == [], left
    assert not _installed()
    # the user's saves are the user's: removal leaves them where they are
    assert list((tmp_path / "home" / "saves").glob("*.json"))
    if forced:
        print("\n(dpkg -i needed --force-depends here: some X libraries are not installed)")
