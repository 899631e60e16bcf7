#!/usr/bin/env python3
"""Render the OCR test fixtures: known text on a page, then the ways phone photos go wrong, plus bad inputs.

usage: make_fixtures.py OUTDIR      (make test writes to .build/fixtures/ocr)
Needs Pillow, the DejaVu fonts (fonts-dejavu-core), a CJK font (fonts-noto-cjk) and heif-enc (libheif-examples).
Deterministic: same bytes every run. The Swift tests read OUTDIR/text.txt as the truth and fail loudly when a fixture is missing.
"""
import io, math, os, random, struct, subprocess, sys, zlib
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

TEXT = [
    "The quiet library opened early on Monday, and the",
    "first readers found the long tables already warm",
    "with sunlight. A well-known author sat near the",
    "window, turning the pages of an old atlas while",
    "students copied notes about rivers, mountains and",
    "the slow work of weather on ancient stone walls.",
]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def page(size=44, margin=90, width=1700):
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.55)
    img = Image.new("L", (width, margin * 2 + line_h * len(TEXT)), 250)
    d = ImageDraw.Draw(img)
    for i, line in enumerate(TEXT):
        d.text((margin, margin + i * line_h), line, fill=20, font=font)
    return img


LEFT = ["Rivers carve their valleys", "over many thousands of", "years, moving sand and", "stone towards the sea."]
RIGHT = ["Mountains rise where the", "plates of the earth press", "together, folding rock", "into long high ridges."]


def two_columns(size=40, margin=90, width=1900):
    """Two columns of prose under a title that spans both."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.55)
    img = Image.new("L", (width, margin * 2 + line_h * (len(LEFT) + 2)), 250)
    d = ImageDraw.Draw(img)
    d.text((margin, margin), "Notes on Earth and Water", fill=20, font=font)
    for i, (l, r) in enumerate(zip(LEFT, RIGHT)):
        y = margin + (i + 2) * line_h
        d.text((margin, y), l, fill=20, font=font)
        d.text((width // 2 + 60, y), r, fill=20, font=font)
    return img


FACING = ["the harbour wall and", "lamps were lit along", "every boat came home", "before the tide turned",
          "and the nets were dry", "by the time the bells", "rang out for supper.", "Nobody spoke of it."]


def facing_page(size=40, margin=90, width=1900):
    """An open book: the two-column page photographed, and at the left edge of the frame the facing page's line
    ends, cut by the frame, across a blank gutter."""
    cols = two_columns(size, margin, width)
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.55)
    strip = 330  # the facing page's visible part; its lines start left of the frame
    img = Image.new("L", (cols.width + strip + 160, cols.height), 250)
    d = ImageDraw.Draw(img)
    for i, text in enumerate(FACING[: len(LEFT) + 1]):
        w = d.textlength(text, font=font)
        d.text((strip - 40 - w, margin + (i + 1) * line_h), text, fill=20, font=font)
    img.paste(cols, (strip + 160, 0))
    return img


TABLE = [("Station", "Opens", "Platform"), ("Harbour", "seven", "north"), ("Market", "eight", "south"),
         ("Castle", "nine", "east"), ("Meadow", "ten", "west")]


def table(size=40, margin=90, width=1500):
    """A ruled table of three columns: read row by row, each cell before the next."""
    font = ImageFont.truetype(FONT, size)
    row_h = int(size * 2.2)
    img = Image.new("L", (width, margin * 2 + row_h * len(TABLE)), 250)
    d = ImageDraw.Draw(img)
    xs = [margin, margin + 480, margin + 900]
    for r, row in enumerate(TABLE):
        y = margin + r * row_h
        for x, cell in zip(xs, row):
            d.text((x + 20, y + 20), cell, fill=20, font=font)
        d.line([(margin, y), (width - margin, y)], fill=60, width=3)
    d.line([(margin, margin + row_h * len(TABLE)), (width - margin, margin + row_h * len(TABLE))], fill=60, width=3)
    return img


RECEIPT = [("FRESH BREAD", "2,40"), ("GOAT CHEESE", "5,95"), ("RED APPLES", "3,20"), ("OLIVE OIL", "8,49"),
           ("SPARKLING WATER", "1,15"), ("TOTAL EUR", "21,19")]


def receipt_on_texture(size=34):
    """A narrow thermal receipt in capitals, item and price columns, lying on a grainy wooden table."""
    font = ImageFont.truetype(MONO, size)
    line_h = int(size * 1.5)
    paper = Image.new("L", (720, 140 + line_h * (len(RECEIPT) + 2)), 238)
    d = ImageDraw.Draw(paper)
    d.text((200, 50), "CORNER SHOP", fill=25, font=font)
    for i, (item, price) in enumerate(RECEIPT):
        y = 50 + (i + 2) * line_h
        d.text((40, y), item, fill=25, font=font)
        d.text((680 - d.textlength(price, font=font), y), price, fill=25, font=font)
    rng = random.Random(11)
    table_img = Image.new("L", (1300, paper.height + 360), 0)
    px = table_img.load()
    for y in range(table_img.height):
        grain = 95 + int(25 * math.sin(y / 7.0) + 12 * math.sin(y / 2.3))
        for x in range(table_img.width):
            px[x, y] = max(0, min(255, grain + rng.randint(-28, 28)))
    table_img = table_img.filter(ImageFilter.GaussianBlur(0.8))
    table_img.paste(paper.rotate(2.5, expand=True, fillcolor=110), (300, 150))
    return table_img


GRAY = ["Gather the herbs before noon, while the leaves are dry,",
        "and hang them in small bunches from a beam in the shade.",
        "After a week the stems snap cleanly between two fingers;",
        "then strip the leaves into a jar and keep it from the light.",
        "Label each jar with the name of the herb and the month,",
        "because in winter every green powder looks the same."]


def gray_small_print(size=22):
    """Small grey print on a page that fills only part of a dim, uneven frame."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.6)
    pg = Image.new("L", (880, 120 + line_h * len(GRAY)), 205)
    d = ImageDraw.Draw(pg)
    for i, text in enumerate(GRAY):
        d.text((50, 60 + i * line_h), text, fill=115, font=font)
    frame = Image.new("L", (1600, 1200), 70)
    frame.paste(pg, (380, 420))
    # Light falling off across the frame: the far side about a third darker.
    shade = Image.linear_gradient("L").transpose(Image.Transpose.ROTATE_90).resize(frame.size).point(lambda v: 255 - v // 3)
    return ImageChops.multiply(frame, shade)


# Pages in other languages, photographed: a Chinese page in a CJK serif from Debian, and a German one.
ZH = ["图书馆每天清晨七点开门，第一批读者总是",
      "在长桌旁找到温暖的阳光。一位著名的作家",
      "坐在窗边，慢慢翻着一本旧地图集；学生们",
      "抄写着关于河流、山脉和天气的笔记。他们",
      "说，读书就像旅行，不必离开座位，也能走",
      "过千山万水。管理员笑着点头，把新到的杂",
      "志整齐地摆在入口的架子上。"]
DE = ["Die stille Bibliothek öffnete am Montag früh,",
      "und die ersten Leser fanden die langen Tische",
      "schon warm vom Sonnenlicht. Ein bekannter Autor",
      "saß am Fenster und blätterte in einem alten Atlas,",
      "während Schüler Notizen über Flüsse, Gebirge und",
      "die langsame Arbeit des Wetters an Mauern machten."]
CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"


def text_page(lines, font_path, size, margin):
    font = ImageFont.truetype(font_path, size)
    line_h = int(size * 1.7)
    width = margin * 2 + max(int(font.getlength(line)) for line in lines)
    img = Image.new("L", (width, margin * 2 + line_h * len(lines)), 248)
    d = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        d.text((margin, margin + i * line_h), line, fill=25, font=font)
    return img


def vertical_page(lines, font_path, size, margin):
    """Chinese set in columns read top to bottom, right to left."""
    font = ImageFont.truetype(font_path, size)
    col_w, row_h = int(size * 1.7), int(size * 1.12)
    rows = max(len(line) for line in lines)
    img = Image.new("L", (margin * 2 + col_w * len(lines), margin * 2 + row_h * rows), 248)
    d = ImageDraw.Draw(img)
    for c, line in enumerate(lines):
        x = img.width - margin - (c + 1) * col_w + (col_w - size) // 2
        for r, ch in enumerate(line):
            d.text((x, margin + r * row_h), ch, fill=25, font=font)
    return img


def photographed(img, angle, blur, seed):
    """On a darker table, tilted, the light falling off across it, a little out of focus, with sensor noise."""
    rnd = random.Random(seed)
    framed = Image.new("L", (img.width + 240, img.height + 240), 120)
    framed.paste(img, (120, 120))
    framed = framed.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=120)
    light = Image.linear_gradient("L").rotate(90).resize(framed.size)
    framed = Image.composite(framed, Image.eval(framed, lambda v: int(v * 0.78)), light)
    framed = framed.filter(ImageFilter.GaussianBlur(blur))
    px = framed.load()
    for _ in range(framed.width * framed.height // 30):
        x, y = rnd.randrange(framed.width), rnd.randrange(framed.height)
        px[x, y] = max(0, min(255, px[x, y] + rnd.randint(-25, 25)))
    return framed.convert("RGB")


TILL = [("BREAD ROLLS", "1,20"), ("2 X 0,60", ""), ("BUTTER", "2,39"), ("BLACK TEA", "3,49"), ("LEMONS", "1,99"),
        ("3 X 0,33", ""), ("RICE 1KG", "2,19"), ("SOAP", "0,89"), ("SUM EUR", "12,15")]


def till_receipt(size=30):
    """A till receipt in capitals: items on the left, their prices in a narrow column at the right edge, quantity
    lines without a price between them."""
    font = ImageFont.truetype(MONO, size)
    line_h = int(size * 1.35)
    img = Image.new("L", (760, 80 + line_h * len(TILL)), 244)
    d = ImageDraw.Draw(img)
    for i, (item, price) in enumerate(TILL):
        y = 40 + i * line_h
        d.text((30 if not item[0].isdigit() else 80, y), item, fill=30, font=font)
        if price:
            d.text((730 - d.textlength(price, font=font), y), price, fill=30, font=font)
    return img


PROSE = ["The harbour master kept a ledger of every ship",
         "that entered the bay, with its cargo, its crew",
         "and the weather on the morning it arrived.",
         "Most pages are plain, but some record storms",
         "that kept the fleet at anchor for a week."]
AFTER = ["Visitors may read the ledger in the museum,",
         "where it lies open under glass at a page",
         "chosen each month by the keeper of records."]


def pictures_page(size=34, width=1500):
    """A textbook page: prose, a photograph (a halftone of blobs and grain), prose, and a screenshot (a dark window
    with a title bar, small labels and buttons); only the prose is the page's text."""
    font = ImageFont.truetype(FONT, size)
    small = ImageFont.truetype(FONT, 14)
    line_h = int(size * 1.5)
    rng = random.Random(5)
    img = Image.new("L", (width, 1900), 248)
    d = ImageDraw.Draw(img)
    y = 80
    for text in PROSE:
        d.text((100, y), text, fill=20, font=font)
        y += line_h
    # The photograph: smooth shapes under halftone dots.
    photo = Image.new("L", (900, 420), 150)
    pd = ImageDraw.Draw(photo)
    for _ in range(14):
        x0, y0 = rng.randint(-80, 860), rng.randint(-80, 380)
        pd.ellipse([x0, y0, x0 + rng.randint(60, 260), y0 + rng.randint(60, 220)], fill=rng.randint(30, 230))
    photo = photo.filter(ImageFilter.GaussianBlur(6))
    dots = photo.load()
    for yy in range(0, photo.height):
        for xx in range(0, photo.width):
            v = dots[xx, yy]
            cell = ((xx % 6) - 3) ** 2 + ((yy % 6) - 3) ** 2
            dots[xx, yy] = 20 if cell < (255 - v) / 255 * 12 else 235
    y += 30
    img.paste(photo, (300, y))
    y += photo.height + 60
    for text in AFTER:
        d.text((100, y), text, fill=20, font=font)
        y += line_h
    # The screenshot: a dark window with a title bar, a sidebar of small labels and two buttons.
    y += 40
    d.rectangle([260, y, 1240, y + 430], fill=45)
    d.rectangle([260, y, 1240, y + 36], fill=200)
    d.text((280, y + 10), "Settings - Display", fill=30, font=small)
    for i, label in enumerate(["General", "Sound", "Network", "Privacy", "Updates", "About"]):
        d.text((290, y + 70 + 40 * i), label, fill=210, font=small)
    d.rectangle([460, y + 60, 1220, y + 400], fill=70)
    for i in range(9):
        d.rectangle([490, y + 80 + 34 * i, 490 + rng.randint(200, 680), y + 92 + 34 * i], fill=120)
    d.rectangle([980, y + 360, 1080, y + 390], fill=180)
    d.text((1000, y + 368), "Apply", fill=20, font=small)
    d.rectangle([1100, y + 360, 1200, y + 390], fill=180)
    d.text((1115, y + 368), "Cancel", fill=20, font=small)
    return img.crop((0, 0, width, y + 520))


LEFT_LONG = ["Bread rises in a warm room", "when the yeast has eaten", "enough of the sugar to fill",
             "the dough with small bubbles", "of gas that the gluten holds.", "Knead it for ten minutes",
             "and leave it under a cloth", "until it doubles in size."]
RIGHT_LONG = ["Soup keeps well for days", "if it is cooled quickly and", "stored in a closed pot at",
              "the back of the cold room.", "Heat only what you need", "and never boil it twice,",
              "or the vegetables turn to", "a grey and tasteless mush."]
FACING_RIGHT = ["In the spring the", "first nettles make", "a sharp green broth", "that country cooks",
                "have always praised", "for its freshness", "and its low cost in", "the lean months."]


def curled_columns(size=36, margin=90):
    """An open cookbook: our page in two columns of prose, curling towards the gutter on its right, and beyond
    the gutter the facing page's line starts, cut by the frame."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.55)
    col_w = 560
    width = margin + 2 * col_w + 90 + 140 + 300
    img = Image.new("L", (width, margin * 2 + line_h * (len(LEFT_LONG) + 2)), 250)
    d = ImageDraw.Draw(img)
    d.text((margin, margin), "Kitchen Notes", fill=20, font=font)
    for i, (l, r) in enumerate(zip(LEFT_LONG, RIGHT_LONG)):
        y = margin + (i + 2) * line_h
        d.text((margin, y), l, fill=20, font=font)
        d.text((margin + col_w + 90, y), r, fill=20, font=font)
    gutter = margin + 2 * col_w + 90 + 80
    d.line([(gutter, 0), (gutter, img.height)], fill=120, width=3)
    for i, text in enumerate(FACING_RIGHT):
        y = margin + 30 + (i + 1) * int(line_h * 0.93)
        d.text((gutter + 60, y), text, fill=20, font=font)
    return curl(img, depth=0.05)


EXERCISES = [("1.", ["Write the plural of each word:", "child, mouse, leaf, tooth."]),
             ("2.", ["Put the verbs in the past tense:", "go, bring, teach, swim."]),
             ("3.", ["Join the two sentences with because:", "We stayed in. It was raining."])]


def boxed_worksheet(size=32, width=1400):
    """A worksheet: a title, then exercises each inside a ruled box with its number beside it."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.6)
    img = Image.new("L", (width, 260 + len(EXERCISES) * (3 * line_h + 70)), 250)
    d = ImageDraw.Draw(img)
    d.text((100, 60), "Grammar practice", fill=20, font=font)
    y = 160
    for number, lines in EXERCISES:
        top = y
        d.text((70, y + 30), number, fill=20, font=font)
        for i, text in enumerate(lines):
            d.text((160, y + 30 + i * line_h), text, fill=20, font=font)
        bottom = y + 30 + len(lines) * line_h + 30
        d.rectangle([130, top, width - 100, bottom], outline=30, width=4)
        y = bottom + 40
    return img


GRID_EXERCISES = ["1. Write three quarters as a decimal", "and as a percentage.",
                  "2. Order these numbers from the", "smallest to the largest one.",
                  "3. A recipe needs two cups of flour.", "How much for half the recipe?",
                  "4. Round seven point three eight", "to two decimal places."]


def boxed_grid_worksheet(size=30, width=1600):
    """Two columns of boxed exercises, numbered along the rows: each box holds a question of two lines and two
    answer rules; the boxes' first lines stand level across the gutter."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.6)
    box_w, box_h, gap = (width - 200) // 2, 6 * line_h, 50
    img = Image.new("L", (width, 200 + 2 * (box_h + gap)), 250)
    d = ImageDraw.Draw(img)
    d.text((80, 50), "Fractions and decimals", fill=20, font=font)
    for k in range(4):
        row, col = divmod(k, 2)
        x, y = 80 + col * (box_w + 40), 140 + row * (box_h + gap)
        d.rectangle([x, y, x + box_w, y + box_h], outline=30, width=3)
        for i, text in enumerate(GRID_EXERCISES[2 * k:2 * k + 2]):
            d.text((x + 30, y + 30 + i * line_h), text, fill=20, font=font)
        for i in range(2):
            ry = y + 40 + (3 + i) * line_h
            d.line([x + 30, ry, x + box_w - 30, ry], fill=60, width=2)
    return img


TABLE_ROWS = [["Item", "Qty", "Price"], ["Pencils", "9", "$11.90"], ["Notebooks", "5", "$5.47"], ["Rulers", "8", "$10.39"],
              ["Erasers", "12", "$0.85"], ["Scissors", "3", "$4.20"], ["Markers", "32", "$0.83"], ["Folders", "28", "$8.11"]]


def small_ruled_table(size=19):
    """A ruled table in small print (x-height about 10 px): a grid of rules around every cell."""
    font = ImageFont.truetype(SANS, size)
    line_h, widths, x0, y0 = int(size * 2.2), [260, 120, 180], 60, 110
    img = Image.new("L", (x0 * 2 + sum(widths) + 300, y0 + line_h * len(TABLE_ROWS) + 80), 250)
    d = ImageDraw.Draw(img)
    d.text((x0, 50), "Class supplies order", fill=20, font=font)
    for r, row in enumerate(TABLE_ROWS):
        x = x0
        for c, cell in enumerate(row):
            d.text((x + 20, y0 + r * line_h + size // 2), cell, fill=20, font=font)
            x += widths[c]
    for r in range(len(TABLE_ROWS) + 1):
        d.line([x0, y0 + r * line_h, x0 + sum(widths), y0 + r * line_h], fill=20, width=2)
    for x in [x0, x0 + widths[0], x0 + widths[0] + widths[1], x0 + sum(widths)]:
        d.line([x, y0, x, y0 + line_h * len(TABLE_ROWS)], fill=20, width=2)
    return img


MONO_TABLE_ROWS = [["Item", "Qty", "Unit price", "Total"], ["Pencils", "9", "$11.90", "$107.10"],
                   ["Notebooks", "5", "$5.47", "$27.35"], ["Rulers", "8", "$10.39", "$83.12"],
                   ["Erasers", "29", "$9.92", "$287.68"], ["Glue sticks", "25", "$16.40", "$410.00"],
                   ["Scissors", "14", "$2.17", "$30.38"], ["Markers", "32", "$0.83", "$26.56"],
                   ["Folders", "25", "$9.11", "$227.75"], ["Calculators", "39", "$15.86", "$618.54"]]


def mono_ruled_table(size=26):
    """A ruled table in monospace (x-height about 14 px), numbers set flush right in cells just wide enough for
    them, a grid of rules around every cell."""
    font = ImageFont.truetype(MONO, size)
    ascent, descent = font.getmetrics()
    line_h = int((ascent + descent) * 1.9)
    widths = [int(max(font.getlength(row[c]) for row in MONO_TABLE_ROWS) + 60) for c in range(4)]
    x0, y0 = 80, 80 + int(line_h * 1.5)
    img = Image.new("L", (max(900, sum(widths) + 160), y0 + line_h * len(MONO_TABLE_ROWS) + 80), 250)
    d = ImageDraw.Draw(img)
    d.text((x0, 80), "Class supplies order", fill=20, font=font)
    for r, row in enumerate(MONO_TABLE_ROWS):
        x = x0
        for c, cell in enumerate(row):
            left = x + 30 if c == 0 else x + widths[c] - 30 - font.getlength(cell)
            d.text((left, y0 + r * line_h + line_h // 4), cell, fill=20, font=font)
            x += widths[c]
    for r in range(len(MONO_TABLE_ROWS) + 1):
        d.line([x0, y0 + r * line_h, x0 + sum(widths), y0 + r * line_h], fill=20, width=2)
    x = x0
    for w in [0] + widths:
        x += w
        d.line([x, y0, x, y0 + line_h * len(MONO_TABLE_ROWS)], fill=20, width=2)
    return img


DROP_CAP = [
    "When the harbour froze that winter, the",
    "fishing boats stayed tied along the quay",
    "and the families mended nets by the fire.",
    "Nobody remembered a colder month, and the old keeper wrote it",
    "down in his book with a careful hand, the way he wrote everything.",
]


def drop_cap_page(size=34, margin=90, width=1500, lines=3):
    """A chapter's opening paragraph under its title, the first letter set large and dropped into `lines` lines,
    the text beside it indented past the letter."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.6)
    img = Image.new("L", (width, margin * 2 + line_h * (len(DROP_CAP) + 3)), 250)
    d = ImageDraw.Draw(img)
    d.text((margin, margin), "Chapter One", fill=20, font=ImageFont.truetype(FONT, int(size * 1.4)))
    top = margin + 3 * line_h
    # The initial spans from the first line's cap height to the baseline of line `lines`.
    cap_top = top + font.getbbox("W")[1]
    baseline = top + (lines - 1) * line_h + font.getbbox("x")[3]
    cap_font = ImageFont.truetype(FONT, 10)
    for s in range(10, 400):
        f = ImageFont.truetype(FONT, s)
        b = f.getbbox("W")
        if b[3] - b[1] > baseline - cap_top:
            break
        cap_font = f
    b = cap_font.getbbox("W")
    d.text((margin - b[0], cap_top - b[1]), "W", fill=20, font=cap_font)
    indent = margin + (b[2] - b[0]) + int(size * 0.4)
    for i, line in enumerate(DROP_CAP):
        text = line[1:] if i == 0 else line
        d.text((indent if i < lines else margin, top + i * line_h), text, fill=20, font=font)
    return img


CHAPTER_OPENING = ("The lamplighter began his round at dusk, when the first windows along the river turned gold and the "
                   "boats drew in their nets for the night.")
CHAPTER_LEFT = ["He carried a ladder on his shoulder and a small tin of oil in his coat. Every lamp had a name, "
                "and he greeted each one as he climbed.",
                "The children of the lower town followed him as far as the bridge. There they stopped, because "
                "their mothers had told them never to cross it after dark.",
                "He did not mind. The far bank was quiet, and the lamps there burned longer than any others in "
                "the city."]
CHAPTER_RIGHT = ["In winter the round took him almost three hours. Snow lay thick on the steps of the old market, "
                 "and the wind from the harbour put out the flames faster than he could light them.",
                 "Still he went on. People said that nobody had ever seen the streets of the upper town fully dark "
                 "while he lived.",
                 "When he retired, the council gave him a silver watch and a lamp of his own. He hung it by his "
                 "door, and lit it every evening at dusk."]


def justified(d, words, x0, y, width, font):
    """Words set across `width` with the spaces stretched, as a book sets its lines."""
    total = sum(d.textlength(w, font=font) for w in words)
    gap = (width - total) / max(1, len(words) - 1)
    x = x0
    for w in words:
        d.text((x, y), w, fill=20, font=font)
        x += d.textlength(w, font=font) + gap


def set_paragraph(d, text, x0, y0, width, font, line_h, indent=0):
    """Breaks `text` into lines of `width`, the first indented, justified but for the last; returns the lines and
    the next free row."""
    lines, words = [], text.split()
    while words:
        n = 1
        room = width - (indent if not lines else 0)
        while n < len(words) and d.textlength(" ".join(words[: n + 1]), font=font) <= room:
            n += 1
        lines.append(words[:n])
        words = words[n:]
    for i, line in enumerate(lines):
        y, x = y0 + i * line_h, x0 + (indent if i == 0 else 0)
        if i < len(lines) - 1:
            justified(d, line, x, y, width - (x - x0), font)
        else:
            d.text((x, y), " ".join(line), fill=20, font=font)
    return [" ".join(l) for l in lines], y0 + len(lines) * line_h


def chapter_columns(size=30, margin=90, width=1700):
    """A chapter's first page: a small heading at the body's size centred over the gutter, the title, a paragraph
    across the page, then two justified columns a line and a half apart."""
    font = ImageFont.truetype(FONT, size)
    line_h = int(size * 1.45)
    gutter = int(line_h * 1.6)
    col_w = (width - 2 * margin - gutter) // 2
    img = Image.new("L", (width, margin * 2 + line_h * 22), 250)
    d = ImageDraw.Draw(img)
    head = "CHAPTER TWO"
    d.text(((width - d.textlength(head, font=font)) / 2, margin), head, fill=20, font=font)
    title_font = ImageFont.truetype(FONT, int(size * 1.5))
    title = "The Lamplighter"
    d.text(((width - d.textlength(title, font=title_font)) / 2, margin + int(1.3 * line_h)), title, fill=20, font=title_font)
    _, y = set_paragraph(d, CHAPTER_OPENING, margin, margin + 3 * line_h, width - 2 * margin, font, line_h)
    for column, x in ((CHAPTER_LEFT, margin), (CHAPTER_RIGHT, margin + col_w + gutter)):
        top = y
        for paragraph in column:
            _, top = set_paragraph(d, paragraph, x, top, col_w, font, line_h, indent=int(size * 1.5))
    return img

def keystoned_photo(img, squeeze=0.16, seed=12):
    """Photographed from below the page's foot: the top narrower than the bottom, turned a little."""
    w, h = img.size
    dx = int(w * squeeze / 2)
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    dst = [(dx, 0), (w - dx, 0), (w, h), (0, h)]
    coeffs = solve_perspective(dst, src)
    out = img.transform((w, h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC, fillcolor=250)
    return photographed(out, 2.5, 0.8, seed)

def short_text(text, size, width=1200, height=400, face=SANS):
    """A word or a number alone on a sheet: a price tag, a page number."""
    img = Image.new("L", (width, height), 250)
    ImageDraw.Draw(img).text((120, height // 2 - size), text, fill=20, font=ImageFont.truetype(face, size))
    return img


def save_jpeg_with_orientation(img, path, orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    img.convert("RGB").save(path, "JPEG", quality=92, exif=exif.tobytes())


def stored_for_orientation(upright, orientation):
    """The pixels a camera would store so that applying `orientation` shows `upright`."""
    t = Image.Transpose
    inverse = {1: [], 2: [t.FLIP_LEFT_RIGHT], 3: [t.ROTATE_180], 4: [t.FLIP_TOP_BOTTOM], 5: [t.TRANSPOSE],
               6: [t.ROTATE_90], 7: [t.TRANSVERSE], 8: [t.ROTATE_270]}[orientation]
    img = upright
    for op in inverse:
        img = img.transpose(op)
    return img


def perspective(img):
    """The page photographed at an angle, lying on a dark desk."""
    w, h = img.size
    canvas = Image.new("L", (int(w * 1.3), int(h * 1.5)), 60)
    ox, oy = int(w * 0.15), int(h * 0.25)
    canvas.paste(img, (ox, oy))
    cw, ch = canvas.size
    # Corners of the page in the output, pulled in at the top like a keystone.
    dst = [(ox + 0.08 * w, oy + 0.02 * h), (ox + 0.95 * w, oy - 0.06 * h), (ox + w * 1.02, oy + h * 1.04), (ox - 0.02 * w, oy + h * 0.98)]
    src = [(ox, oy), (ox + w, oy), (ox + w, oy + h), (ox, oy + h)]
    coeffs = solve_perspective(dst, src)
    return canvas.transform((cw, ch), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC, fillcolor=60)


def solve_perspective(dst, src):
    """Coefficients mapping output (dst) points back to input (src) points, as Pillow wants."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    n = 8
    a = [r + [b] for r, b in zip(rows, rhs)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def curl(img, depth=0.06):
    """Lines bent like a page curling towards the gutter: each column shifted down by a parabola."""
    w, h = img.size
    out = Image.new("L", (w, int(h * (1 + depth)) + 4), 250)
    for x in range(w):
        t = x / (w - 1)
        dy = int(depth * h * (t ** 2.2))
        out.paste(img.crop((x, 0, x + 1, h)), (x, dy))
    return out


def shaded(img):
    """A strong shadow across the page: left side at 40 % brightness, fading out to the right."""
    w, h = img.size
    mask = Image.linear_gradient("L").rotate(90).resize((w, h))  # black on the left, white on the right
    return Image.composite(img, img.point(lambda v: int(v * 0.4)), mask)


def png_with_claimed_size(w, h):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else ".build/fixtures/ocr"
    os.makedirs(out, exist_ok=True)
    p = lambda name: os.path.join(out, name)
    with open(p("text.txt"), "w") as f:
        f.write("\n".join(TEXT) + "\n")

    base = page()
    base.save(p("clean.png"))
    for o in (3, 5, 6, 8):
        save_jpeg_with_orientation(stored_for_orientation(base, o), p(f"exif{o}.jpg"), o)
    base.transpose(Image.Transpose.ROTATE_270).save(p("turned90.png"))  # pixels turned 90° clockwise, no tag
    perspective(base).save(p("perspective.png"))
    curl(base).save(p("curl.png"))
    shaded(base).save(p("shading.png"))
    base.filter(ImageFilter.GaussianBlur(1.6)).save(p("blur.png"))
    # Out of focus: a local threshold cuts these soft letters into crumbs; Tesseract's own keeps them whole.
    base.filter(ImageFilter.GaussianBlur(4)).save(p("blur_heavy.png"))
    base.resize((base.width * 2 // 5, base.height * 2 // 5), Image.Resampling.LANCZOS).save(p("small.png"))
    two_columns().save(p("two_columns.png"))
    facing_page().save(p("facing_page.png"))
    table().save(p("table.png"))
    receipt_on_texture().convert("RGB").save(p("receipt_texture.jpg"), quality=90)
    gray_small_print().save(p("gray_small.png"))
    # A till receipt turned a quarter in its pixels, no EXIF tag: prices in a column at the edge.
    till_receipt().transpose(Image.Transpose.ROTATE_90).save(p("receipt_turned.png"))
    pictures_page().save(p("pictures_page.png"))
    curled_columns().save(p("curled_columns.png"))
    boxed_worksheet().save(p("worksheet.png"))
    boxed_grid_worksheet().save(p("worksheet_grid.png"))
    small_ruled_table().save(p("small_table.png"))
    mono_ruled_table().save(p("mono_table.png"))
    # A chapter's first letter set large: dropped three lines (painted out with the pictures) and two (read beside them).
    photographed(drop_cap_page(), 1.5, 0.8, 6).save(p("drop_cap.jpg"), quality=88)
    photographed(drop_cap_page(lines=2), -1.0, 0.8, 8).save(p("drop_cap_two.jpg"), quality=88)
    # A chapter's first page: a heading at the body's size centred over the gutter of two justified columns; flat,
    # and photographed from below the page's foot.
    photographed(chapter_columns(), 0.8, 0.8, 11).save(p("chapter_columns.jpg"), quality=88)
    keystoned_photo(chapter_columns()).save(p("chapter_keystoned.jpg"), quality=88)
    short_text("12.50", 60).save(p("price_alone.png"))
    short_text("Page 12 of 40", 46, height=500, face=FONT).save(p("page_number.png"))
    # EXIF says turn 90° clockwise, and the page is still lying on its side after that turn (a camera held wrong).
    save_jpeg_with_orientation(stored_for_orientation(base.transpose(Image.Transpose.ROTATE_90), 6), p("sideways_exif6.jpg"), 6)
    big = base.resize((base.width * 2, base.height * 2), Image.Resampling.LANCZOS)  # 3400 × 1176: decoded at half size
    save_jpeg_with_orientation(stored_for_orientation(big, 6), p("big_exif6.jpg"), 6)
    base.convert("RGB").save(p("page.webp"), "WEBP", quality=90)
    subprocess.run(["heif-enc", "-q", "90", "-o", p("page.heic"), p("clean.png")], check=True, capture_output=True)

    # Chinese and German pages photographed (tilted, shaded, blurred, noisy), with their truth.
    with open(p("zh.txt"), "w") as f:
        f.write("\n".join(ZH) + "\n")
    photographed(text_page(ZH, CJK_FONT, 40, 80), 3.0, 1.0, 3).save(p("zh_photo.jpg"), quality=85)
    photographed(vertical_page(ZH, CJK_FONT, 40, 80), -2.0, 1.0, 5).save(p("zh_vertical_photo.jpg"), quality=85)
    with open(p("de.txt"), "w") as f:
        f.write("\n".join(DE) + "\n")
    photographed(text_page(DE, FONT, 40, 90), -3.0, 1.2, 4).save(p("de_photo.jpg"), quality=85)

    # Inputs that must be refused with a typed error.
    with open(p("doc.pdf"), "wb") as f:
        f.write(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
    with open(p("drawing.svg"), "w") as f:
        f.write('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="0" y="9">Hi</text></svg>\n')
    with open(p("page.html"), "w") as f:
        f.write("<!DOCTYPE html>\n<html><head><title>x</title></head><body><p>Not a photo</p></body></html>\n")
    open(p("empty.jpg"), "wb").close()
    with open(p("exif6.jpg"), "rb") as f:
        jpeg = f.read()
    with open(p("truncated.jpg"), "wb") as f:
        f.write(jpeg[: len(jpeg) // 3])
    with open(p("random.bin"), "wb") as f:
        f.write(random.Random(7).randbytes(4096))
    with open(p("huge_header.png"), "wb") as f:
        f.write(png_with_claimed_size(30000, 30000))
    frames = [Image.new("L", (400, 200), 255), Image.new("L", (400, 200), 0)]
    ImageDraw.Draw(frames[0]).text((20, 80), "FIRST FRAME", fill=0, font=ImageFont.truetype(FONT, 40))
    frames[0].save(p("animated.gif"), save_all=True, append_images=frames[1:], duration=200, loop=0)
    Image.new("L", (1, 1), 128).save(p("one_pixel.png"))
    Image.new("L", (1200, 900), 255).save(p("white.png"))


if __name__ == "__main__":
    main()
