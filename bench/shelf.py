"""`make bench --only shelf`: the shelf analyser beside the tesseract CLI on the same shelf photos.

For each photo LIST.jpg with its title list LIST.txt (../shared/photos/shelves), both commands run in turn, twice:
- ours: `snappost shelf PHOTO` (offline: spines cut out, read at three orientations, matched to the catalog);
- the issue's baseline: `tesseract` on the photo and its two quarter turns, `--psm 11`, outputs joined.
A title counts as found when rapidfuzz's partial_ratio of the lower-cased title against the output is >= 85 (the rule
of ../shared/tools/shelf_eval.py). A title counts as named when one of the books ours names (from the catalog or read
from the spine) has a ratio of normalised titles >= 85 with it (the rule of ../shared/tools/shelf_named.py); books named
but not listed are printed for a person to judge.
Speed per spine: the same command on the 120-spine shelf tools/make_shelf_fixtures.py renders (big_shelf.jpg), so a
larger shelf is timed beside the shared one.
"""
import os
import re
import resource
import subprocess
import time
from pathlib import Path

from common import SHARED, TMP, Deadline, binary, median, sec, table

SHELVES = SHARED / "photos" / "shelves"


def titles(list_path):
    return [l.split("\t")[0].strip() for l in list_path.read_text().splitlines() if l.strip() and not l.startswith(("#", "["))]


def found(title_list, output):
    from rapidfuzz import fuzz
    out = output.lower()
    return [t for t in title_list if fuzz.partial_ratio(t.lower(), out) >= 85]


def identified(output):
    """Titles under "Books" in our text output (up to the first blank line)."""
    books, inside = [], False
    for line in output.splitlines():
        if line == "Books":
            inside = True
            continue
        if inside:
            if not line.strip():
                break
            m = re.match(r"  (\S.*?) by .* · ", line)
            if m:
                books.append(m.group(1))
    return books


def norm(s):
    return re.sub(r"[^a-z0-9 ]", "", re.sub(r"\s*\(.*?\)", "", s.lower())).strip()


def named(title_list, books):
    """(listed titles named, books named but not listed), by shelf_named.py's rule."""
    from rapidfuzz import fuzz
    hit = [t for t in title_list if any(fuzz.ratio(norm(t), norm(b)) >= 85 for b in books)]
    extra = [b for b in books if not any(fuzz.ratio(norm(t), norm(b)) >= 85 for t in title_list)]
    return hit, extra


def spine_count(output):
    m = re.match(r"Shelf: (\d+) spines", output)
    return int(m.group(1)) if m else 0


def timed(args, timeout=300, env=None):
    """(stdout, wall seconds, CPU seconds of the children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        raise RuntimeError(f"{args[0]} exited {p.returncode}: {p.stderr.strip()[:300]}")
    return p.stdout, wall, cpu


def tesseract_cli(photo, turns):
    """The baseline: one tesseract run per orientation, outputs joined."""
    out, wall, cpu = "", 0.0, 0.0
    for path in turns:
        # One OpenMP thread: on two cores Tesseract's threads only fight each other (see the OCR section).
        o, w, c = timed(["tesseract", str(path), "-", "--psm", "11"], env={**os.environ, "OMP_THREAD_LIMIT": "1"})
        out += o + "\n"
        wall += w
        cpu += c
    return out, wall, cpu


def run(budget=900, rounds=2):
    from PIL import Image
    deadline = Deadline(budget)
    lists = sorted(SHELVES.glob("*.txt"))
    if not lists:
        return f"No shelf photos in {SHELVES}.", False, []
    rows, measured = [], False
    notes = []
    for lst in lists:
        photo = lst.with_suffix(".jpg")
        if not photo.exists():
            continue
        names = titles(lst)
        TMP.mkdir(parents=True, exist_ok=True)
        turns = [photo]
        with Image.open(photo) as im:
            for k, angle in ((1, 90), (3, 270)):
                path = TMP / f"{photo.stem}-turn{k}.png"
                im.rotate(angle, expand=True).save(path)
                turns.append(path)
        ours, base = [], []
        for _ in range(rounds):
            if deadline.passed():
                break
            ours.append(timed([str(binary()), "shelf", str(photo)]))
            base.append(tesseract_cli(photo, turns))
        if not ours:
            continue
        measured = True
        our_found = found(names, ours[-1][0])
        base_found = found(names, base[-1][0])
        books = identified(ours[-1][0])
        hit, extra = named(names, books)
        spines = spine_count(ours[-1][0])
        wall = median([o[1] for o in ours])
        rows.append([f"`{photo.name}` ours (`snappost shelf`)", f"{len(our_found)} / {len(names)}", f"{len(hit)} / {len(names)} ({len(books)} named)",
                     sec(wall, 1), sec(median([o[2] for o in ours]), 1), f"{spines}", f"{wall / max(1, spines) * 1000:.0f}"])
        rows.append([f"`{photo.name}` tesseract CLI, 3 turns, psm 11", f"{len(base_found)} / {len(names)}", "—",
                     sec(median([b[1] for b in base]), 1), sec(median([b[2] for b in base]), 1), "—", "—"])
        notes.append(f"- `{photo.name}`: named {', '.join(books) or 'none'}.")
        notes.append(f"- `{photo.name}`, named but not listed (judge by eye against the photo): {', '.join(extra) or 'none'}.")
    # A larger shelf, rendered at run time: 120 spines, mostly titles no catalog holds.
    big_dir = TMP / "big-shelf"
    subprocess.run(["python3", str(Path(__file__).resolve().parents[1] / "tools" / "make_shelf_fixtures.py"), str(big_dir)], check=True,
                   capture_output=True)
    big = []
    for _ in range(rounds):
        if deadline.passed():
            break
        big.append(timed([str(binary()), "shelf", str(big_dir / "big_shelf.jpg")]))
    if big:
        spines = spine_count(big[-1][0])
        wall = median([o[1] for o in big])
        rows.append(["`big_shelf.jpg` (rendered, 120 books) ours", "—", f"{len(identified(big[-1][0]))} named", sec(wall, 1),
                     sec(median([o[2] for o in big]), 1), f"{spines}", f"{wall / max(1, spines) * 1000:.0f}"])
    md = table(["photo / command", "titles found", "titles named", "wall s (median)", "CPU s (median)", "spines", "ms per spine"], rows)
    md += "\n\n" + "\n".join(notes)
    md += ("\n\nWall time depends on what else runs on the machine; CPU time is the sum over both cores. Ours uses two "
           "Tesseract workers (`OMP_THREAD_LIMIT=1`); the CLI runs one process per orientation, one thread each.")
    return md, measured, []
