"""Build Tabletop's installers. Run with the project's venv Python (PyInstaller installed).

    python packaging/build.py freeze    # build/stage (pip install of the project) -> build/app/tabletop/
    python packaging/build.py deb       # Linux: dist/tabletop_<version>_<arch>.deb from build/app
    python packaging/build.py tarball   # dist/tabletop-<version>-<os>-<arch>.tar.xz from build/app
    python packaging/build.py all       # freeze, then deb (Linux only) and tarball
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
BUILD = ROOT / "build"
STAGE = BUILD / "stage"
APP = BUILD / "app" / "tabletop"          # the one-folder app
DIST = ROOT / "dist"

# Shared libraries the frozen app takes from the system (glibc, X11/xcb, GL,
# fontconfig, D-Bus...), by Debian package. Found with `ldd` on every file of the
# bundle (see check_system_libs); Qt's xcb plugin needs libxcb-cursor0 since Qt 6.5.
DEB_DEPENDS = [
    "libc6 (>= 2.28)", "libgcc-s1", "libstdc++6",
    "libfontconfig1", "libfreetype6", "libglib2.0-0", "libdbus-1-3",
    "libegl1", "libgl1", "libopengl0", "libx11-6", "libx11-xcb1", "libxext6", "libxkbcommon0",
    "libxkbcommon-x11-0", "libxcb1", "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0",
    "libxcb-keysyms1", "libxcb-randr0", "libxcb-render-util0", "libxcb-render0", "libxcb-shape0",
    "libxcb-shm0", "libxcb-sync1", "libxcb-xfixes0", "libxcb-xkb1", "libxcb-util1",
    "libwayland-client0", "libwayland-cursor0", "libwayland-egl1",
]


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
        f"Depends: {', '.join(DEB_DEPENDS)}\n"
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


# --- which system libraries the bundle needs (run by hand after a build) --------------
def check_system_libs() -> None:
    """Print the libraries the bundle loads from outside itself, and their Debian packages."""
    found: dict[str, set[str]] = {}
    for p in APP.rglob("*"):
        if not p.is_file() or not (p.suffix == ".so" or ".so." in p.name or p.name == "tabletop"):
            continue
        out = subprocess.run(["ldd", str(p)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r"\s*(\S+) => (\S+)", line)
            if m and not m.group(2).startswith(str(APP)):
                found.setdefault(m.group(1) + " => " + m.group(2), set()).add(p.name)
    for lib in sorted(found):
        print(lib)


def main(argv: list[str]) -> int:
    steps = {"freeze": freeze, "deb": deb, "tarball": tarball, "stage": stage, "icons": icons,
             "check-libs": check_system_libs, "version": lambda: print(version())}
    if not argv or any(a not in steps and a != "all" for a in argv):
        print(__doc__)
        return 2
    for step in argv:
        if step == "all":
            freeze()
            if sys.platform.startswith("linux"):
                deb()
            tarball()
        else:
            steps[step]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
