"""`make bench --only shelf`: the shelf analyser beside the tesseract CLI on the same shelf photos.

For each photo LIST.jpg with its title list LIST.txt (../shared/photos/shelves), both commands run in turn, twice:
- ours: `snappost shelf PHOTO` (offline: spines cut out, read at three orientations, matched to the catalog);
- the issue's baseline: `tesseract` on the photo and its two quarter turns, `--psm 11`, outputs joined.
A title counts as found when rapidfuzz's partial_ratio of the lower-cased title against the output is >= 85 (the rule
of ../shared/tools/shelf_eval.py). A false identification is a book ours names as identified that is not on the list.
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
        false = [b for b in books if not found([b], "\n".join(names).lower()) and not any(b.lower() in n.lower() for n in names)]
        rows.append([f"`{photo.name}` ours (`snappost shelf`)", f"{len(our_found)} / {len(names)}", sec(median([o[1] for o in ours]), 1),
                     sec(median([o[2] for o in ours]), 1), f"{len(books)} ({len(false)} false)"])
        rows.append([f"`{photo.name}` tesseract CLI, 3 turns, psm 11", f"{len(base_found)} / {len(names)}", sec(median([b[1] for b in base]), 1),
                     sec(median([b[2] for b in base]), 1), "—"])
        notes.append(f"- `{photo.name}`: identified {', '.join(books) or 'none'}" + (f"; **false:** {', '.join(false)}" if false else "; no false identification."))
    md = table(["photo / command", "titles found", "wall s (median)", "CPU s (median)", "books identified"], rows)
    md += "\n\n" + "\n".join(notes)
    md += ("\n\nWall time depends on what else runs on the machine; CPU time is the sum over both cores. Ours uses two "
           "Tesseract workers (`OMP_THREAD_LIMIT=1`); the CLI runs one process per orientation, one thread each.")
    return md, measured, []
