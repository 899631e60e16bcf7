"""Scoring exactly like ../shared/tools/ocr_eval.py: its own functions when that file exists, else a copy of them.

The copy below is ocr_eval.py's norm/anchored/words/recall, verbatim apart from layout, so a fresh clone without
../shared scores the same way.
"""
import importlib.util
import re
import unicodedata
from collections import Counter

from common import SHARED

SOURCE = "bench/scoring.py (copy of ocr_eval.py)"

try:
    _path = SHARED / "tools" / "ocr_eval.py"
    if not _path.exists():
        raise FileNotFoundError(_path)
    _spec = importlib.util.spec_from_file_location("ocr_eval", _path)
    _mod = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_mod)
    norm, anchored, recall = _mod.norm, _mod.anchored, _mod.recall
    from rapidfuzz.distance import Levenshtein
    SOURCE = "../shared/tools/ocr_eval.py"
except FileNotFoundError:
    import numpy as np
    from rapidfuzz.distance import Levenshtein

    MAP = {"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u201c": '"', "\u201d": '"',
           "\u201e": '"', "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00ad": "", "\ufb01": "fi",
           "\ufb02": "fl", "\u2026": "..."}

    def norm(s: str) -> str:
        s = unicodedata.normalize("NFKC", s)
        s = "".join(MAP.get(c, c) for c in s)
        s = re.sub(r"\s+", " ", s).strip()
        s = re.sub(r"(\w)- (\w)", r"\1\2", s)
        return s

    def anchored(ref: str, hyp: str) -> int:
        if not ref:
            return 0
        if not hyp:
            return len(ref)
        h = np.frombuffer(hyp.encode("utf-32-le"), dtype=np.uint32)
        prev = np.zeros(len(h) + 1, dtype=np.int64)
        idx = np.arange(len(h) + 1, dtype=np.int64)
        for i, ch in enumerate(ref, 1):
            sub = prev[:-1] + (h != ord(ch))
            cur = np.empty_like(prev)
            cur[0] = i
            cur[1:] = np.minimum(sub, prev[1:] + 1)
            cur = np.minimum.accumulate(cur - idx) + idx
            prev = cur
        return int(prev.min())

    def words(s):
        return [w.strip(".,;:!?\"'()[]") for w in s.split() if w.strip(".,;:!?\"'()[]")]

    def recall(ref, hyp):
        r, h = Counter(words(ref)), Counter(words(hyp))
        tot = sum(r.values())
        return sum(min(c, h[w]) for w, c in r.items()) / tot if tot else 1.0, tot


RUN = 6


def repeated_runs(reference: str, hypothesis: str, n: int = RUN) -> list:
    """Runs of `n` words the reading holds more often than the page does: a line read twice shows as every run of it
    repeated. Words are compared after the scorer's normalisation, in lower case. Returns the runs, each as often as it
    is in excess."""
    def runs(text):
        w = re.findall(r"\w+", norm(text).lower())
        return Counter(" ".join(w[i:i + n]) for i in range(len(w) - n + 1))
    ours, page = runs(hypothesis), runs(reference)
    return [run for run, count in ours.items() for _ in range(count - page.get(run, 0)) if count > 1]


class Score:
    """One photo's counts, kept raw so totals can be micro-averaged like ocr_eval.py."""

    def __init__(self, reference: str, hypothesis: str):
        ref, hyp = norm(reference), norm(hypothesis)
        self.edits = Levenshtein.distance(ref, hyp)
        self.anchored = anchored(ref, hyp)
        self.length = len(ref)
        rc, nw = recall(ref, hyp)
        self.found = rc * nw
        self.words = nw

    @property
    def cer(self):
        return self.edits / self.length if self.length else 0.0

    @property
    def anchored_cer(self):
        return self.anchored / self.length if self.length else 0.0

    @property
    def recall(self):
        return self.found / self.words if self.words else 1.0


class Total:
    def __init__(self, scores):
        scores = [s for s in scores if s is not None]
        self.n = len(scores)
        n = sum(s.length for s in scores)
        w = sum(s.words for s in scores)
        self.cer = sum(s.edits for s in scores) / n if n else float("nan")
        self.anchored_cer = sum(s.anchored for s in scores) / n if n else float("nan")
        self.recall = sum(s.found for s in scores) / w if w else float("nan")
