"""Renders the card pictures (art/icons/<name>.png) from the game-icons set.

    python art/icons/make_icons.py [--package game-icons-X.tgz]

Run once when a picture table changes. It fetches the pinned release of the npm
package @iconify-json/game-icons (or takes a tarball already downloaded),
checks it against the registry's sha512, and renders only the icons the games'
picture tables name (tabletop/games/*/presentation/pictures.json): 256x256,
white on transparent, because the faces tint them and only the alpha counts.
It also writes LICENSE.txt, listing every shipped icon. Qt's SVG renderer does
the rasterising, so no new dependency; this script is left out of the app.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
TARBALL = f"https://registry.npmjs.org/{PACKAGE}/-/game-icons-{VERSION}.tgz"
# the registry's dist.integrity for VERSION: a changed tarball is refused, never rendered
INTEGRITY = ("sha512-/HDDZxowXgDJcOEwPspUCq5RuDdl25OyZKdtxqqiPJQNTrWIym7r4StLzIVs77DyNzOWWhH5wD"
             "qwYR3WHeDfkg==")
SIZE = 256
# game-icons.net credits its set this way; the package names no author per icon
AUTHORS = "Lorc, Delapouite and contributors"


def tables() -> dict[str, dict[str, str]]:
    """Each game's picture table (card id -> icon name), by game id."""
    out = {}
    for path in sorted((ROOT / "tabletop" / "games").glob("*/presentation/pictures.json")):
        out[path.parent.parent.name] = json.loads(path.read_text(encoding="utf-8"))
    return out


def wanted() -> list[str]:
    """Every icon some card shows: what ships, no more."""
    return sorted({name for table in tables().values() for name in table.values()})


def fetch(local: Path | None) -> bytes:
    data = local.read_bytes() if local else urllib.request.urlopen(TARBALL, timeout=60).read()
    algo, _, digest = INTEGRITY.partition("-")
    got = base64.b64encode(hashlib.new(algo, data).digest()).decode()
    if got != digest:
        raise SystemExit(f"{PACKAGE} {VERSION}: the tarball's {algo} is not the pinned one")
    return data


def read_set(tgz: bytes) -> tuple[dict, dict]:
    """(icons.json, info.json) from the npm tarball."""
    with tarfile.open(fileobj=io.BytesIO(tgz), mode="r:gz") as tar:
        def load(name):
            return json.load(tar.extractfile(f"package/{name}"))
        return load("icons.json"), load("info.json")


def svg_of(icon_set: dict, name: str) -> str:
    icons, aliases = icon_set["icons"], icon_set.get("aliases", {})
    while name not in icons and name in aliases:
        name = aliases[name]["parent"]
    icon = icons[name]
    w = icon.get("width", icon_set.get("width", 16))
    h = icon.get("height", icon_set.get("height", 16))
    left, top = icon.get("left", icon_set.get("left", 0)), icon.get("top", icon_set.get("top", 0))
    body = icon["body"].replace("currentColor", "#ffffff")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {w} {h}">'
            f"{body}</svg>")


def render(svg: str, out: Path) -> None:
    from PIL import Image
    from PySide6.QtCore import QByteArray, QBuffer, QIODevice
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    image = QImage(SIZE, SIZE, QImage.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    QSvgRenderer(QByteArray(svg.encode())).render(painter)
    painter.end()
    buf = QBuffer()
    buf.open(QIODevice.WriteOnly)
    image.save(buf, "PNG")
    # white plus alpha is all a face needs: grey-with-alpha keeps the files small
    Image.open(io.BytesIO(bytes(buf.data()))).convert("LA").save(out, optimize=True)


def licence_text(info: dict, names: list[str]) -> str:
    lic = info.get("license", {})
    lines = [
        "Card pictures: Game-icons.net",
        "",
        f"The PNG files in this folder are rendered from {info.get('name', 'Game Icons')}, the",
        "game-icons.net set (https://game-icons.net), as packaged in the npm package",
        f"{PACKAGE} version {VERSION} (source: {info.get('author', {}).get('url', '')}).",
        "",
        f"Authors: {AUTHORS}.",
        f"Licence: {lic.get('title', 'CC BY 3.0')}, Creative Commons Attribution 3.0 Unported",
        "(https://creativecommons.org/licenses/by/3.0/); the set's own licence file:",
        f"{lic.get('url', '')}",
        "",
        "Changes: each icon is rasterised to 256x256 white-on-transparent; the app tints it,",
        "adds a shadow and places it on its card faces.",
        "",
        f"The {len(names)} icons shipped (file name = the set's icon name):",
        "",
    ]
    lines += [f"  {name}.png  by {AUTHORS}" for name in names]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", type=Path, help="the npm tarball, already downloaded")
    args = ap.parse_args(argv)
    icon_set, info = read_set(fetch(args.package))
    from PySide6.QtGui import QGuiApplication
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (Qt needs one)
    names = wanted()
    missing = [n for n in names if n not in icon_set["icons"] and n not in icon_set.get("aliases", {})]
    if missing:
        raise SystemExit(f"not in {PACKAGE} {VERSION}: {', '.join(missing)}")
    keep = {f"{n}.png" for n in names}
    for old in HERE.glob("*.png"):
        if old.name not in keep:
            old.unlink()
    for name in names:
        render(svg_of(icon_set, name), HERE / f"{name}.png")
    (HERE / "LICENSE.txt").write_text(licence_text(info, names), encoding="utf-8")
    print(f"{len(names)} icons in {HERE}")


if __name__ == "__main__":
    main()
