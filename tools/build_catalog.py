#!/usr/bin/env python3
"""Builds the shelf tool's book catalog from goodbooks-10k (CC BY-SA 4.0) into Sources/Shelves/Catalog/
(shipped as the Shelves module's SwiftPM resource).
usage: tools/build_catalog.py [../shared/data/goodbooks-10k] [Sources/Shelves/Catalog]
Writes books.tsv (one book a line: id, title, series-free title, authors, year, rating, ratings count, tags as
tag-index:weight) and tags.tsv (tag names, line n = index n). Reader shelves that say nothing about the book
(to-read, owned, kindle, favourites, read-in-2015, ...) are dropped and spelling variants merged."""
import csv, io, re, sys, zipfile, collections
from pathlib import Path

src = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/goodbooks-10k")
dst = Path(sys.argv[2] if len(sys.argv) > 2 else "Sources/Shelves/Catalog")
TAGS_PER_BOOK = 10
MIN_BOOKS_PER_TAG = 15  # a tag must be among the top tags of this many books to be kept

# Shelf names about the reader's copy or plans, not the book.
NOISE = set("""to read reading currently own owned owns books-i-own my i me mine kindle ebook ebooks e book books audio
audiobook audiobooks audible library libraries default favorites favourites favorite favourite fav favs faves all time
buy bought wish list shelf shelves tbr dnf did not finish finished unfinished abandoned maybe re reread re-read stars
star arc netgalley first reads paperback hardcover school college class club group challenge import stand alone
standalone series novel novels adult english general bookclub book-club sale free borrowed gave up later next must
recommended recommend loved love-it to-buy wishlist home owned-books physical signed copy pdf nook ibooks kobo
on hold for high middle reviewed review goodreads giveaway won half""".split())
SYNONYMS = {
    "nonfiction": "non-fiction", "sci-fi": "science-fiction", "scifi": "science-fiction", "sf": "science-fiction",
    "ya": "young-adult", "ya-fiction": "young-adult", "young-adult-fiction": "young-adult", "teen": "young-adult",
    "classic": "classics", "classic-literature": "classics", "humour": "humor", "funny": "humor", "comedy": "humor",
    "memoirs": "memoir", "biographies": "biography", "biography-memoir": "biography", "memoir-biography": "memoir",
    "autobiography": "biography", "mysteries": "mystery", "thrillers": "thriller", "childrens": "children",
    "children-s": "children", "kids": "children", "children-s-books": "children", "childrens-books": "children",
    "kids-books": "children", "children-s-literature": "children", "children-s-lit": "children",
    "children-books": "children", "juvenile": "children", "dystopia": "dystopian", "vampire": "vampires",
    "graphic-novel": "graphic-novels", "comic": "comics", "comic-books": "comics", "historical": "historical-fiction",
    "self-improvement": "self-help", "personal-development": "self-help", "spiritual": "spirituality",
    "religious": "religion", "christianity": "christian", "economy": "economics", "business-books": "business",
    "war-ii": "wwii", "ww2": "wwii", "world-war-ii": "wwii", "short-story": "short-stories", "programming": "programming",
    "cookbooks": "cooking", "cookbook": "cooking", "food": "cooking", "psych": "psychology", "mystery-thriller": "mystery",
}


def clean(tag):
    tag = SYNONYMS.get(tag, tag)
    words = tag.split("-")
    if any(w in NOISE for w in words) or re.search(r"\d{3,4}(?!th)", tag) and "century" not in tag:
        return None
    if re.fullmatch(r"[\d-]+", tag) or len(tag) < 3:
        return None
    return tag


def main():
    names = {r["tag_id"]: r["tag_name"] for r in csv.DictReader(open(src / "tags.csv", encoding="utf-8"))}
    per_book = collections.defaultdict(collections.Counter)
    with zipfile.ZipFile(src / "book_tags.csv.zip") as z:
        for r in csv.DictReader(io.TextIOWrapper(z.open("book_tags.csv"), encoding="utf-8")):
            tag = clean(names[r["tag_id"]].strip().lower())
            if tag:
                per_book[r["goodreads_book_id"]][tag] += max(0, int(r["count"]))
    spread = collections.Counter()
    for counts in per_book.values():
        for tag, _ in counts.most_common(30):
            spread[tag] += 1
    kept = {t for t, n in spread.items() if n >= MIN_BOOKS_PER_TAG}
    index = {}
    rows = []
    for b in csv.DictReader(open(src / "books.csv", encoding="utf-8")):
        counts = [(t, c) for t, c in per_book[b["goodreads_book_id"]].most_common() if t in kept][:TAGS_PER_BOOK]
        top = counts[0][1] if counts else 1
        tags = []
        for t, c in counts:
            weight = round(100 * c / top)
            if weight < 3:
                continue
            tags.append(f"{index.setdefault(t, len(index))}:{weight}")
        title = " ".join(b["title"].split())
        short = re.sub(r"\s*\([^)]*#[^)]*\)\s*$", "", title)  # "(The Hunger Games, #1)"
        original = " ".join((b["original_title"] or "").split())
        year = b["original_publication_year"].split(".")[0] if b["original_publication_year"] else ""
        rows.append([b["book_id"], title, original if original and original != short else "", short if short != title else "",
                     " ".join(b["authors"].split()), year, b["average_rating"], b["ratings_count"], ",".join(tags)])
    dst.mkdir(parents=True, exist_ok=True)
    header = ("# Derived from goodbooks-10k (github.com/zygmuntz/goodbooks-10k, Goodreads data 2017), licensed CC BY-SA 4.0;\n"
              "# this file is under the same licence. Built by tools/build_catalog.py.\n")
    with open(dst / "books.tsv", "w", encoding="utf-8") as f:
        f.write(header)
        f.write("# id\ttitle\toriginal_title\tshort_title\tauthors\tyear\trating\tratings_count\ttags\n")
        for r in rows:
            f.write("\t".join(str(x).replace("\t", " ") for x in r) + "\n")
    with open(dst / "tags.tsv", "w", encoding="utf-8") as f:
        f.write(header)
        for t, _ in sorted(index.items(), key=lambda kv: kv[1]):
            f.write(t + "\n")
    print(f"{len(rows)} books, {len(index)} tags -> {dst}")


if __name__ == "__main__":
    main()
