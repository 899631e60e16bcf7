"""Section 6: the offline writer's drafts and the unsure-word flags, on the photos with ground truth.

* Unsure-word flags: each photo is read with `snappost ocr --json`, whose `unsure` list holds the words of the text
  the Results page underlines. The text's words are aligned to the ground truth's (difflib on word tokens, after the
  scorer's normalisation); a word is wrong when it has no equal counterpart (replaced, or not in the truth at all).
  Precision: flagged words that are wrong, of all flagged. Recall: wrong words that are flagged, of all wrong words.
  "Line rule" is the estimate used before word confidences (SnapPost up to issue 27), computed here from the same
  lines: a word takes its line's confidence, halved when Debian's word list for the text's language lacks it;
  under 0.6 is flagged.
* Shared lines: `snappost posts --json` (offline writer) on each photo's ground-truth text and on its OCR text. A
  draft line is its paragraph with every quote of the page taken out; lines of three words or more count. A line is
  shared when a draft of another photo has it too.

usage: python3 bench/drafts.py [DIR]  (or make bench BENCH_ARGS="--only drafts")
"""
import difflib
import json
import re
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path

from common import SHARED, Deadline, binary, run_measured, table
from scoring import norm

TOKEN = re.compile(r"[^\W_]+(?:['’][^\W\d_][^\W_]*)*")
LISTS = {"eng": ["american-english", "british-english"], "fra": ["french"]}
FRENCH = set("le la les des du une est et dans pour que qui sur pas au aux avec ce cette sont ne où été mais nous vous elle il".split())
ENGLISH = set("the and of to is in that it with for was this are be by from which or an have not you".split())


def photos(folder):
    d = Path(folder) if folder else SHARED / "photos" / "pages"
    exts = {".jpg", ".jpeg", ".png", ".webp", ".heic", ".tif"}
    return sorted(p for p in d.iterdir() if p.suffix.lower() in exts and p.with_suffix(".txt").exists())


def lang_of(photo):
    f = photo.with_suffix(".lang")
    return f.read_text().strip() if f.exists() else "eng"


def tokens(text):
    """Words as SnapPost counts them: letters and digits, apostrophes inside; with UTF-16 offsets."""
    out = []
    for m in TOKEN.finditer(text):
        start = len(text[: m.start()].encode("utf-16-le")) // 2
        out.append((m.group(0), start, start + len(m.group(0).encode("utf-16-le")) // 2))
    return out


def plain(word):
    return unicodedata.normalize("NFKC", word).replace("’", "'")


def wrong_words(ocr_text, truth_text):
    """For each token of the OCR text, whether it is wrong against the truth."""
    hyp = tokens(ocr_text)
    ref = [t for t, _, _ in tokens(norm(truth_text))]
    matcher = difflib.SequenceMatcher(a=[plain(t) for t, _, _ in hyp], b=[plain(t) for t in ref], autojunk=False)
    wrong = [True] * len(hyp)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag == "equal":
            for i in range(i1, i2):
                wrong[i] = False
    return hyp, wrong


_lists = {}


def word_list(lang):
    if lang not in _lists:
        words = set()
        for name in LISTS.get(lang, []):
            p = Path("/usr/share/dict") / name
            if p.exists():
                words |= set(p.read_text(encoding="utf-8", errors="replace").split("\n"))
        _lists[lang] = words or None
    return _lists[lang]


def known(word, words):
    """UnsureWords.isKnown as it was: numbers, ordinals, listed words (any case), names of four letters or more."""
    if words is None or word.isdigit():
        return True
    if any(c.isdigit() for c in word):
        return re.fullmatch(r"[0-9]+(st|nd|rd|th|er|e|g|kg|ml|cm|mm|s|h|min)?", word) is not None
    p = word.replace("’", "'")
    if p in words or p.lower() in words or p[:1].upper() + p[1:].lower() in words:
        return True
    if "'" in p:
        head, tail = p.split("'", 1)
        if head.lower() in {"l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"} and tail:
            return known(tail, words)
    if len(word) == 1:
        return word in {"a", "I", "à", "y", "o", "A", "O"}
    return word[0].isupper() and len(word) >= 4 and any(c.islower() for c in word[1:]) and "'" not in word and "’" not in word


def line_rule_flags(capture, hyp):
    """The flags of the line rule, for each token of the text."""
    ocr = [(t, i) for i, line in enumerate(capture["lines"]) for t, _, _ in tokens(line["text"])]
    lower = [t.lower() for t, _, _ in hyp]
    french = sum(w in FRENCH for w in lower)
    english = sum(w in ENGLISH for w in lower)
    words = word_list("fra" if french >= 2 and french > english * 1.2 else "eng")
    flags, cursor = [], 0
    for t, _, _ in hyp:
        line = None
        for j in range(cursor, min(len(ocr), cursor + 12)):
            if ocr[j][0] == t:
                line, cursor = ocr[j][1], j + 1
                break
        conf = capture["lines"][line]["confidence"] if line is not None else 1.0
        flags.append((conf if known(t, words) else conf * 0.5) < 0.6)
    return flags


def score(flags, wrong):
    tp = sum(f and w for f, w in zip(flags, wrong))
    return tp, sum(flags), sum(wrong)


def ratio(a, b):
    return f"{a / b:.2f}" if b else "—"


def draft_lines(text):
    """A draft's paragraphs (lines) with the page's quotes taken out: what the writer itself wrote."""
    out = []
    for line in text.split("\n"):
        # Quotes of the page's sentences are taken out; a single word in quotes (a topic) is the writer's own.
        line = re.sub(r"“[^”]* [^”]*”|«[^»]* [^»]*»", "“…”", line).strip().lstrip("•").strip()
        if line.startswith("—") or len(re.findall(r"\w+", line.replace("…", ""))) < 3:
            continue
        out.append(line)
    return out


def shared_lines(bin_, texts, deadline, notes):
    """Drafts of every text; how many of the writer's own lines (quotes taken out) two photos share."""
    owners = defaultdict(set)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for stem, pair in texts.items():
            for kind, text in pair.items():
                if deadline.passed():
                    break
                f = Path(tmp) / f"{stem}.{kind}.txt"
                f.write_text(text)
                code, out, err, _, _ = run_measured([bin_, "posts", "--text-file", str(f), "--json", "--provider", "offline"],
                                                    timeout=max(5, deadline.left()))
                if code != 0:
                    notes.append(f"{stem} ({kind}): posts exited {code}: {err.strip()[:160]}")
                    continue
                reply = json.loads(out)
                for post in (reply["posts"] if isinstance(reply, dict) else reply):
                    for line in draft_lines(post["text"]):
                        owners[line].add(stem)
                        written.append((stem, line))
    shared = {l for l, s in owners.items() if len(s) > 1}
    occurrences = sum(1 for _, l in written if l in shared)
    top = [(l, len(owners[l])) for l in sorted(shared, key=lambda l: (-len(owners[l]), l))[:5]]
    return len(shared), len(owners), top, occurrences, len(written)


def run(folder=None, budget=900):
    deadline = Deadline(budget)
    bin_ = str(binary())
    rows, notes = [], []
    totals = {"line": [0, 0, 0], "word": [0, 0, 0]}
    texts = {}
    for photo in photos(folder):
        if deadline.passed():
            notes.append(f"time budget reached before {photo.name}")
            break
        lang = lang_of(photo)
        code, out, err, secs, _ = run_measured([bin_, "ocr", str(photo), "--json", "--lang", lang], timeout=max(5, deadline.left()))
        truth = photo.with_suffix(".txt").read_text()
        texts[photo.stem] = {"truth": truth}
        if code != 0:
            notes.append(f"{photo.name}: ocr exited {code}: {err.strip()[:200]}")
            continue
        capture = json.loads(out)
        texts[photo.stem]["ocr"] = capture["text"]
        hyp, wrong = wrong_words(capture["text"], truth)
        flagged = {(u["start"], u["end"]) for u in capture.get("unsure", [])}
        now = [(s, e) in flagged for _, s, e in hyp]
        before = line_rule_flags(capture, hyp)
        b, n = score(before, wrong), score(now, wrong)
        for key, s in (("line", b), ("word", n)):
            totals[key] = [x + y for x, y in zip(totals[key], s)]
        rows.append([f"`{photo.name}`", lang, len(hyp), sum(wrong), b[1], ratio(b[0], b[1]), ratio(b[0], b[2]),
                     n[1], ratio(n[0], n[1]), ratio(n[0], n[2])])
    lt, wt = totals["line"], totals["word"]
    rows.append(["**all (micro)**", "", sum(r[2] for r in rows), lt[2], lt[1], f"**{ratio(lt[0], lt[1])}**",
                 f"**{ratio(lt[0], lt[2])}**", wt[1], f"**{ratio(wt[0], wt[1])}**", f"**{ratio(wt[0], wt[2])}**"])
    md = ["#### Unsure-word flags against the ground truth (a flag is right when the word is wrong)", "",
          table(["photo", "lang", "words", "wrong", "line rule: flagged", "precision", "recall",
                 "word confidences: flagged", "precision", "recall"], rows), ""]

    # Shared lines: the writer's own lines that drafts of two different photos both have.
    shared, total, top, occurrences, lines = shared_lines(bin_, texts, deadline, notes)
    md += ["#### The offline writer's own lines shared between photos", "",
           f"{len(texts)} photos, five drafts of the ground-truth text and five of the OCR text of each: {lines} lines written, "
           f"{total} distinct; **{shared} distinct lines ({ratio(shared, total)}) appear in drafts of two or more photos**, "
           f"making up {occurrences} of the {lines} lines ({ratio(occurrences, lines)}). Most shared: "
           + "; ".join(f"“{l}” ({n} photos)" for l, n in top)]
    if notes:
        md += ["", "Notes:", *[f"- {n}" for n in notes]]
    measured = bool(rows)
    return "\n".join(md), measured, []


if __name__ == "__main__":
    print(run(sys.argv[1] if len(sys.argv) > 1 else None)[0])
