#!/usr/bin/env python3
"""Render synthetic bookshelves for the shelf tests: spines with rotated titles, leaning spines, a spine with two lines.

usage: make_shelf_fixtures.py OUTDIR     (make test writes to .build/fixtures/shelf)
Writes shelf.jpg (two rows of spines on a dark case), shelf.json (each spine's title, author, outline), named.jpg with
named.json (one row: catalog books and two made up, so in no catalog), big_shelf.jpg with big_shelf.json (four rows, 120 spines: a few catalog books
among made-up titles from word lists) and empty_wall.jpg (a plain wall: no spines). Needs Pillow and the DejaVu fonts.
Deterministic."""
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
# named.jpg: catalog books beside two made up (so in no catalog, named from the spine); the first made-up title shares
# one word with a catalog title by someone else.
NAMED_ROW = [("Brave New World", "Aldous Huxley", "down", 0, True),
             ("Wonder Road", "Martha Quill", "down", 0, True),
             ("Animal Farm", "George Orwell", "down", 0, False),
             ("The Quiet Harbour Keeper", "Eleanor Whitcombe", "down", 0, False),
             ("Fahrenheit 451", "Ray Bradbury", "down", 0, True)]
MADE_UP = {"Wonder Road", "The Quiet Harbour Keeper"}

# The big shelf: catalog books (so there are recommendations) among made-up titles built from these words.
BIG_CATALOG = [("Brave New World", "Aldous Huxley"), ("Animal Farm", "George Orwell"), ("Fahrenheit 451", "Ray Bradbury"),
               ("Of Mice and Men", "John Steinbeck"), ("Moneyball", "Michael Lewis"), ("The Great Gatsby", "F. Scott Fitzgerald"),
               ("East of Eden", "John Steinbeck"), ("Freakonomics", "Steven D. Levitt"), ("Thinking, Fast and Slow", "Daniel Kahneman"),
               ("The Road", "Cormac McCarthy"), ("Little Women", "Louisa May Alcott"), ("The Hobbit", "J.R.R. Tolkien")]
ADJECTIVES = ["Silent", "Golden", "Hidden", "Broken", "Distant", "Quiet", "Burning", "Secret", "Wild", "Winter", "Summer", "Last",
              "Lonely", "Little", "Dark", "Bright", "Forgotten", "Painted", "Northern", "Crooked"]
NOUNS = ["Garden", "River", "Harbour", "Kingdom", "Lantern", "Mountain", "Window", "Island", "Orchard", "Forest", "Bridge", "Letter",
         "Meadow", "Castle", "Station", "Library", "Compass", "Feather", "Mirror", "Voyage", "Village", "Tower", "Shadow", "Journey"]
FIRST = ["Anna", "Thomas", "Clara", "Peter", "Helen", "James", "Laura", "David", "Sarah", "Robert", "Emily", "Daniel", "Grace", "Henry"]
LAST = ["Whitcombe", "Hartley", "Pemberton", "Ashford", "Lockwood", "Fairbanks", "Kingsley", "Thornton", "Redfield", "Marlowe",
        "Blackwood", "Winslow", "Hollister", "Crawford"]
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


def named(out):
    """One row: catalog books and made-up ones on pale faces (the test is about naming them, not finding dark spines)."""
    rnd = random.Random(5)
    W, H = 1000, 700
    img = Image.new("RGB", (W, H), (45, 32, 25))
    d = ImageDraw.Draw(img)
    base = 620
    d.rectangle([0, base, W, base + 40], fill=(70, 50, 38))
    truth, x = [], 60
    for i, (title, author, direction, lean, two) in enumerate(NAMED_ROW):
        w, h = 130, int(520 * rnd.uniform(0.85, 0.95))
        face = spine_image(title, author, direction, two, w, h, [(235, 230, 215), (250, 250, 245), (230, 200, 90)][i % 3])
        img.paste(face, (x, base - face.height))
        truth.append({"title": title, "author": author, "x": [x, x + w], "y": [base - face.height, base], "madeUp": title in MADE_UP})
        x += w + 40
    img.save(out / "named.jpg", quality=92)
    (out / "named.json").write_text(json.dumps(truth, indent=1))


def big_shelf(out):
    """Four rows of 30 spines: a school-library shelf's worth, mostly titles no catalog holds."""
    rnd = random.Random(11)
    W, H = 3000, 2440
    img = Image.new("RGB", (W, H), (45, 32, 25))
    d = ImageDraw.Draw(img)
    truth, catalog = [], list(BIG_CATALOG)
    row_top, row_h = 40, 520
    for r in range(4):
        base = row_top + row_h
        d.rectangle([0, base, W, base + 40], fill=(70, 50, 38))
        x = 30
        for i in range(30):
            if catalog and rnd.random() < 0.15:
                title, author = catalog.pop(0)
            else:
                title = f"The {rnd.choice(ADJECTIVES)} {rnd.choice(NOUNS)}" if rnd.random() < 0.5 else \
                    f"{rnd.choice(NOUNS)} of the {rnd.choice(ADJECTIVES)} {rnd.choice(NOUNS)}"
                author = f"{rnd.choice(FIRST)} {rnd.choice(LAST)}"
            w = rnd.randint(84, 92)
            h = int(row_h * rnd.uniform(0.8, 0.95))
            face = spine_image(title, author, "down", rnd.random() < 0.4, w, h, COLOURS[rnd.randrange(len(COLOURS))])
            img.paste(face, (x, base - face.height))
            truth.append({"title": title, "author": author, "row": r, "x": [x, x + w], "y": [base - face.height, base],
                          "madeUp": (title, author) not in BIG_CATALOG})
            x += w + rnd.randint(4, 8)
        row_top = base + 60
    img.save(out / "big_shelf.jpg", quality=90)
    (out / "big_shelf.json").write_text(json.dumps(truth, indent=1))


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".build/fixtures/shelf")
    out.mkdir(parents=True, exist_ok=True)
    shelf(out)
    named(out)
    big_shelf(out)
    Image.new("RGB", (900, 700), (210, 205, 200)).save(out / "empty_wall.jpg", quality=90)
    print(f"shelf fixtures in {out}")


if __name__ == "__main__":
    main()
