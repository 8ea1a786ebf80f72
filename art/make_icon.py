"""Draws Tabletop's icon (art/icon.png): three fanned cards under a gold star.

Run once when the design changes: python art/make_icon.py
"""

from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

S = 1024


def card(w: int, h: int, fill, edge) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 9, fill=fill, outline=edge, width=w // 28)
    d.line((w // 2, h * 0.12, w // 2, h * 0.88), fill=edge, width=max(2, w // 60))
    return img


def star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    pts = []
    for i in range(8):
        rad = r if i % 2 == 0 else r * 0.28
        ang = i * 3.14159 / 4 - 3.14159 / 2
        from math import cos, sin
        pts.append((cx + rad * cos(ang), cy + rad * sin(ang)))
    d.polygon(pts, fill=fill)


def main() -> None:
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((40, 40, S - 40, S - 40), radius=200, fill=(22, 52, 44, 255))
    glow = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    ImageDraw.Draw(glow).ellipse((260, 140, 760, 640), fill=(240, 200, 110, 90))
    img.alpha_composite(glow.filter(ImageFilter.GaussianBlur(80)))
    for angle, dx, colour in ((18, -150, (70, 52, 130, 255)), (0, 0, (44, 40, 110, 255)),
                              (-18, 150, (30, 38, 90, 255))):
        c = card(360, 504, colour, (230, 190, 100, 255)).rotate(angle, Image.BICUBIC, expand=True)
        img.alpha_composite(c, (S // 2 - c.width // 2 + dx, 330 - c.height // 2 + 250))
    star(ImageDraw.Draw(img), S / 2, 300, 170, (250, 214, 120, 255))
    out = Path(__file__).with_name("icon.png")
    img.resize((256, 256), Image.LANCZOS).save(out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
