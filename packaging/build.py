"""Build Tabletop's installers. Run with the project's venv Python (PyInstaller installed).

    python packaging/build.py freeze    # build/stage (pip install of the project) -> build/app/tabletop/
    python packaging/build.py deb       # Linux: dist/tabletop_<version>_<arch>.deb from build/app
    python packaging/build.py tarball   # dist/tabletop-<version>-<os>-<arch>.tar.xz from build/app
    python packaging/build.py all       # freeze, then deb (Linux only) and tarball
    python packaging/build.py measure   # sizes, and the installed app's screenshot time
    python packaging/build.py check-libs  # what the app needs from the system (Linux)
    python packaging/build.py version   # print the version (from pyproject.toml)

The version is read from pyproject.toml, never written down anywhere else.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
BUILD = ROOT / "build"
STAGE = BUILD / "stage"
APP = BUILD / "app" / "tabletop"          # the one-folder app
DIST = ROOT / "dist"

# Shared libraries the frozen app takes from the system, by Debian package: every
# NEEDED entry of the bundle's ELF files that the bundle does not hold itself
# (tests/test_packaging.py checks this list against the built .deb with readelf
# and dpkg -S). libc6's minimum version is measured at build time (glibc_min).
DEB_DEPENDS = [
    "libgcc-s1", "libstdc++6", "zlib1g", "libbz2-1.0", "liblzma5", "libzstd1", "libffi8",
    "libuuid1", "libglib2.0-0", "libdbus-1-3", "libfontconfig1", "libfreetype6",
    "libegl1", "libgl1", "libx11-6", "libx11-xcb1", "libxkbcommon0", "libxkbcommon-x11-0",
    "libxcb1", "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
    "libxcb-randr0", "libxcb-render0", "libxcb-render-util0", "libxcb-shape0", "libxcb-shm0",
    "libxcb-sync1", "libxcb-util1", "libxcb-xfixes0", "libxcb-xkb1",
    "libwayland-client0", "libwayland-cursor0",
    "libsqlite3-0",                   # the match history (Python's sqlite3 links the system one)
    "libssl3 | libssl3t64",           # network play: websockets' client imports ssl
]
# Sound: SDL opens the audio libraries itself at run time (dlopen), so no library check sees
# them; the app plays silently without them, hence recommended rather than required. t64: the
# name since Debian 13 / Ubuntu 24.04.
DEB_RECOMMENDS = ["libasound2t64 | libasound2 | libpulse0"]


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def deb_version(v: str) -> str:
    """PEP 440 -> Debian ordering: 1.2.0rc1 -> 1.2.0~rc1 (sorts before 1.2.0)."""
    return re.sub(r"(\d)(a|b|rc|\.dev)(\d+)", r"\1~\2\3", v).replace("~.dev", "~dev")


def run(*cmd, **kw) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


# --- the one-folder app -------------------------------------------------------
def stage() -> None:
    """pip-install the project (not editable) into build/stage: the package exactly as shipped."""
    for stale in [STAGE, BUILD / "lib", *BUILD.glob("bdist.*")]:   # setuptools' in-tree leftovers
        shutil.rmtree(stale, ignore_errors=True)
    run(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
        "--target", STAGE, ROOT)


def icons() -> None:
    run(sys.executable, PACKAGING / "make_icons.py", BUILD / "icons")


def freeze() -> None:
    stage()
    if sys.platform in ("win32", "darwin"):
        icons()
    run(sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--workpath", BUILD / "pyinstaller", "--distpath", APP.parent,
        PACKAGING / "tabletop.spec", env={**os.environ, "TABLETOP_STAGE": str(STAGE)})
    print(f"{APP}: {_du(APP) / 1e6:.1f} MB")


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _arch() -> str:
    machine = platform.machine().lower()
    return {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(machine, machine)


# --- Linux .deb ------------------------------------------------------------------
def deb() -> Path:
    if not (APP / "tabletop").is_file():
        raise SystemExit(f"no app in {APP}: run `build.py freeze` first")
    arch = subprocess.run(["dpkg", "--print-architecture"], check=True, capture_output=True,
                          text=True).stdout.strip()
    v = deb_version(version())
    root = BUILD / "deb" / f"tabletop_{v}_{arch}"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(APP, root / "opt" / "tabletop", symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    os.symlink("/opt/tabletop/tabletop", root / "usr" / "bin" / "tabletop")
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    shutil.copy2(PACKAGING / "linux" / "tabletop.desktop", apps / "tabletop.desktop")
    icon_dir = root / "usr" / "share" / "icons" / "hicolor" / "256x256" / "apps"
    icon_dir.mkdir(parents=True)
    shutil.copy2(ROOT / "art" / "icon.png", icon_dir / "tabletop.png")
    doc = root / "usr" / "share" / "doc" / "tabletop"
    doc.mkdir(parents=True)
    shutil.copy2(PACKAGING / "linux" / "copyright", doc / "copyright")
    for p in [root, *root.rglob("*")]:             # dpkg wants 0755 dirs, 0644 data
        if p.is_symlink():
            continue
        if p.is_dir():
            p.chmod(0o755)
        else:
            p.chmod(0o755 if os.access(p, os.X_OK) else 0o644)
    installed_kb = (_du(root) + 1023) // 1024
    control = root / "DEBIAN" / "control"
    control.parent.mkdir(mode=0o755)
    control.write_text(
        f"Package: tabletop\n"
        f"Version: {v}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: Tabletop <tabletop@example.org>\n"
        f"Installed-Size: {installed_kb}\n"
        f"Depends: libc6 (>= {glibc_min(root)}), {', '.join(DEB_DEPENDS)}\n"
        f"Recommends: {', '.join(DEB_RECOMMENDS)}\n"
        f"Section: games\n"
        f"Priority: optional\n"
        f"Description: offline card and board games with every rule enforced\n"
        f" Play card and board games on a graphical table against a built-in bot or a\n"
        f" friend at the same computer; save a match and resume it later. Offline.\n"
        f" .\n"
        f" Saves and settings live in your home folder and are kept on removal.\n",
        encoding="utf-8")
    DIST.mkdir(exist_ok=True)
    out = DIST / f"tabletop_{v}_{arch}.deb"
    out.unlink(missing_ok=True)
    run("dpkg-deb", "--build", "--root-owner-group", "-Zxz", "-z9", root, out)
    print(f"{out}: {out.stat().st_size / 1e6:.1f} MB (installed {installed_kb / 1024:.0f} MiB)")
    return out


def glibc_min(folder: Path) -> str:
    """The newest GLIBC_x.y symbol version any ELF file in `folder` asks for."""
    best = (2, 17)
    for p in folder.rglob("*"):
        if _is_elf(p):
            out = subprocess.run(["objdump", "-T", str(p)], capture_output=True, text=True).stdout
            for m in re.finditer(r"GLIBC_(\d+)\.(\d+)", out):
                best = max(best, (int(m.group(1)), int(m.group(2))))
    return f"{best[0]}.{best[1]}"


# --- .tar.xz of the one-folder app ---------------------------------------------
def tarball() -> Path:
    if not APP.is_dir():
        raise SystemExit(f"no app in {APP}: run `build.py freeze` first")
    osname = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    DIST.mkdir(exist_ok=True)
    top = f"tabletop-{version()}"
    out = DIST / f"{top}-{osname}-{_arch()}.tar.xz"

    def owned_by_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    with tarfile.open(out, "w:xz", preset=9) as tar:
        tar.add(APP, arcname=top, filter=owned_by_root)
    print(f"{out}: {out.stat().st_size / 1e6:.1f} MB")
    return out


# --- which system libraries the bundle needs ----------------------------------------
def _is_elf(p: Path) -> bool:
    if not p.is_file() or p.is_symlink():
        return False
    with open(p, "rb") as f:
        return f.read(4) == b"\x7fELF"


def system_needs(folder: Path = APP) -> dict[str, set[str]]:
    """{soname: files needing it} for every NEEDED library the folder does not hold."""
    held = {p.name for p in folder.rglob("*")}
    needs: dict[str, set[str]] = {}
    for p in folder.rglob("*"):
        if _is_elf(p):
            out = subprocess.run(["readelf", "-d", str(p)], capture_output=True, text=True).stdout
            for soname in re.findall(r"\(NEEDED\).*\[(.+)\]", out):
                if soname not in held:
                    needs.setdefault(soname, set()).add(p.name)
    return needs


def check_system_libs() -> None:
    """Print what the app needs from the system and which Debian package has it here."""
    for soname, users in sorted(system_needs().items()):
        found = subprocess.run(["dpkg", "-S", f"*/{soname}"], capture_output=True, text=True).stdout
        pkg = found.split(":", 1)[0] if found else "?"
        print(f"{soname:28} {pkg:22} {', '.join(sorted(users)[:3])}")


# --- figures: sizes and time to the first frame ---------------------------------------
def measure(runs: int = 5) -> None:
    """Sizes of dist/, then the installed app's `screenshot` wall time (median of `runs`),
    run from the .deb's files extracted into a temporary root, offscreen."""
    import statistics
    import tempfile
    import time
    for f in sorted({*DIST.glob(f"*{deb_version(version())}*"), *DIST.glob(f"*{version()}*")}):
        print(f"{f.name}: {f.stat().st_size / 1e6:.1f} MB")
    debs = sorted(DIST.glob(f"tabletop_{deb_version(version())}_*.deb"))
    if not debs:
        raise SystemExit("no .deb in dist/: run `build.py deb` first")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        run("dpkg-deb", "-x", debs[-1], root)
        exe = root / "opt" / "tabletop" / "tabletop"
        env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", "HOME": tmp}
        for label, fresh in (("first start (empty cache)", True), ("later starts", False)):
            times = []
            for i in range(runs):
                home = Path(tmp) / (f"home{i}" if fresh else "home")
                start = time.perf_counter()
                subprocess.run([exe, "screenshot", "paargus", "--out", Path(tmp) / "x.png"], check=True,
                               cwd=tmp, env={**env, "TABLETOP_HOME": str(home)}, capture_output=True)
                times.append(time.perf_counter() - start)
            print(f"screenshot, {label}: median {statistics.median(times):.2f} s "
                  f"({', '.join(f'{t:.2f}' for t in times)})")


def main(argv: list[str]) -> int:
    steps = {"freeze": freeze, "deb": deb, "tarball": tarball, "stage": stage, "icons": icons,
             "check-libs": check_system_libs, "measure": measure, "version": lambda: print(version())}
    if not argv or any(a not in steps and a != "all" for a in argv):
        print(__doc__)
        return 2
    for step in argv:
        if step == "all":
            freeze()
            with ThreadPoolExecutor() as pool:   # both are xz -9: one core each
                jobs = [pool.submit(tarball)]
                if sys.platform.startswith("linux"):
                    jobs.append(pool.submit(deb))
                for job in jobs:
                    job.result()
        else:
            steps[step]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
