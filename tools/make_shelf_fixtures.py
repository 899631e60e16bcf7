#!/usr/bin/env python3
"""Render synthetic bookshelves for the shelf tests: spines with rotated titles, leaning spines, a spine with two lines.

usage: make_shelf_fixtures.py OUTDIR     (make test writes to .build/fixtures/shelf)
Writes shelf.jpg (two rows of spines on a dark case), shelf.json (each spine's title, author, outline), and
empty_wall.jpg (a plain wall: no spines). Needs Pillow and the DejaVu fonts. Deterministic."""
import json, math, random, sys
from pathlib import Path
from PIL import Image, ImageDraw, ImageFont

BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"

# (title, author, direction, lean degrees, two lines): direction "down" = text runs top to bottom (most English
# spines), "up" = bottom to top, "across" = horizontal words stacked down the spine.
ROWS = [
    [("Brave New World", "Aldous Huxley", "down", 0, False),
     ("Animal Farm", "George Orwell", "down", 0, False),
     ("Fahrenheit 451", "Ray Bradbury", "up", 0, False),
     ("The Great Gatsby", "F. Scott Fitzgerald", "down", 6, False),
     ("Thinking, Fast and Slow", "Daniel Kahneman", "down", 0, True),
     ("Of Mice and Men", "John Steinbeck", "down", 0, False)],
    [("Moneyball", "Michael Lewis", "down", 0, True),
     ("Freakonomics", "Steven D. Levitt", "down", -7, False),
     ("Grit", "Angela Duckworth", "across", 0, False),
     ("East of Eden", "John Steinbeck", "down", 0, False),
     ("Slaughterhouse-Five", "Kurt Vonnegut", "down", 0, False)],
]
COLOURS = [(235, 230, 215), (40, 45, 60), (200, 60, 50), (230, 200, 90), (250, 250, 245), (30, 90, 70), (90, 60, 120)]


def fitted(path, text, size, length):
    """The font at `size`, shrunk until `text` is at most `length` pixels long."""
    while size > 8:
        font = ImageFont.truetype(path, size)
        if font.getlength(text) <= length:
            return font
        size -= 2
    return ImageFont.truetype(path, size)


def spine_image(title, author, direction, two_lines, w, h, colour):
    """The spine's face, upright (w wide, h tall), text laid out for the direction."""
    ink = (20, 20, 20) if sum(colour) > 380 else (245, 245, 240)
    face = Image.new("RGB", (w, h), colour)
    if direction == "across":
        d = ImageDraw.Draw(face)
        y = int(h * 0.08)
        for word in title.upper().split() + [""] + author.split()[-1:]:
            if word:
                font = fitted(BOLD, word, int(w * 0.3), w * 0.85)
                d.text(((w - font.getlength(word)) / 2, y), word, fill=ink, font=font)
            y += int(w * 0.42)
        return face
    # Lay the text out horizontally on an h × w strip, then turn it.
    strip = Image.new("RGB", (h, w), colour)
    d = ImageDraw.Draw(strip)
    if two_lines:
        big = fitted(SERIF, title, int(w * 0.36), h * 0.88)
        small = fitted(BOLD, author, int(w * 0.26), h * 0.88)
        d.text((int(h * 0.06), int(w * 0.04)), title, fill=ink, font=big)
        d.text((int(h * 0.06), int(w * 0.58)), author, fill=ink, font=small)
    else:
        surname = author.split()[-1].upper()
        small = fitted(BOLD, surname, int(w * 0.22), h * 0.25)
        font = fitted(SERIF, title, int(w * 0.5), h * 0.9 - small.getlength(surname) - h * 0.08)
        d.text((int(h * 0.04), int(w * 0.14)), title, fill=ink, font=font)
        d.text((h - small.getlength(surname) - int(h * 0.04), int(w * 0.32)), surname, fill=ink, font=small)
    return strip.rotate(-90 if direction == "down" else 90, expand=True)


def shelf(out):
    rnd = random.Random(7)
    W, H = 1700, 1300
    img = Image.new("RGB", (W, H), (45, 32, 25))
    d = ImageDraw.Draw(img)
    truth = []
    row_top, row_h = 60, 520
    for r, row in enumerate(ROWS):
        base = row_top + row_h
        d.rectangle([0, base, W, base + 40], fill=(70, 50, 38))  # the board
        x = 60
        for title, author, direction, lean, two in row:
            w = rnd.randint(110, 150) if direction != "across" else 150
            h = int(row_h * rnd.uniform(0.78, 0.95))
            face = spine_image(title, author, direction, two, w, h, COLOURS[rnd.randrange(len(COLOURS))])
            rgba = face.convert("RGBA").rotate(-lean, expand=True, resample=Image.BICUBIC)
            # Lean about the bottom centre: the spine stands on the board.
            slant = int(abs(math.sin(math.radians(lean))) * h)
            px = x if lean == 0 else x + (slant if lean < 0 else 0) - (0 if lean < 0 else 0)
            px = int(x + slant / 2 + w / 2 - rgba.width / 2) if lean else x
            py = base - rgba.height + int(abs(math.sin(math.radians(lean))) * w / 2)
            img.paste(rgba, (px, py), rgba)
            truth.append({"title": title, "author": author, "row": r, "direction": direction, "lean": lean,
                          "x": [px, px + rgba.width], "y": [py, base]})
            x += (rgba.width if lean else w) + rnd.randint(6, 14)
        row_top = base + 60
    img.save(out / "shelf.jpg", quality=92)
    (out / "shelf.json").write_text(json.dumps(truth, indent=1))


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".build/fixtures/shelf")
    out.mkdir(parents=True, exist_ok=True)
    shelf(out)
    Image.new("RGB", (900, 700), (210, 205, 200)).save(out / "empty_wall.jpg", quality=90)
    print(f"shelf fixtures in {out}")


if __name__ == "__main__":
    main()
