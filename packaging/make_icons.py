"""Windows .ico and macOS .icns from art/icon.png (256x256), with Pillow only.

    python packaging/make_icons.py [OUT_DIR]     # default: build/icons

Runs on any OS (Pillow writes both formats itself). The .icns sizes above 256
are upscaled: draw a larger master in art/make_icon.py for sharper Retina icons.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 96, 128, 256]
ICNS_SIZES = [32, 64, 128, 256, 512, 1024]


def make_icons(out_dir: Path, source: Path = ROOT / "art" / "icon.png") -> tuple[Path, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    icon = Image.open(source).convert("RGBA")
    ico = out_dir / "tabletop.ico"
    icon.save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES])
    icns = out_dir / "tabletop.icns"
    scaled = [icon.resize((s, s), Image.LANCZOS) for s in ICNS_SIZES]
    scaled[-1].save(icns, format="ICNS", append_images=scaled[:-1])
    return ico, icns


if __name__ == "__main__":
    for path in make_icons(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
