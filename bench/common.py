"""Shared pieces for `make bench`: paths, the binary, statistics, Markdown tables and process memory."""
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
TMP = BENCH / "tmp"
SHARED = ROOT.parent / "shared"

sys.path.insert(0, str(ROOT / "Tests" / "e2e"))


def binary() -> Path:
    """The release binary (make bench builds it), or SNAPPOST_BIN."""
    return Path(os.environ.get("SNAPPOST_BIN", ROOT / ".build" / "release" / "snappost"))


def e2e():
    """Tests/e2e/conftest.py (Server, render_page), pointed at the bench binary."""
    import conftest
    conftest.BINARY = binary()
    return conftest


class Deadline:
    """Every loop is bounded in count and in time."""

    def __init__(self, seconds):
        self.end = time.monotonic() + seconds

    def left(self):
        return max(0.0, self.end - time.monotonic())

    def passed(self):
        return time.monotonic() >= self.end


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def percentile(xs, p):
    """Nearest-rank percentile (p in 0..100): an observed value, never an interpolation."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    k = max(1, -(-len(s) * p // 100))  # ceil
    return s[int(min(len(s), k)) - 1]


def ms(seconds):
    return "—" if seconds != seconds else f"{seconds * 1000:.1f}"


def sec(seconds, digits=2):
    return "—" if seconds is None or seconds != seconds else f"{seconds:.{digits}f}"


def mb_from_kb(kb):
    return "—" if not kb else f"{kb / 1024:.0f} MB"


def table(headers, rows, align=None):
    """A Markdown table; numbers right-aligned unless told otherwise."""
    align = align or ["l"] + ["r"] * (len(headers) - 1)
    sep = ["---:" if a == "r" else ":---" for a in align]
    lines = ["| " + " | ".join(headers) + " |", "| " + " | ".join(sep) + " |"]
    for row in rows:
        lines.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(lines)


def proc_status_kb(pid, field):
    """VmHWM / VmRSS of a live process, in kB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_measured(args, timeout, cwd=ROOT, env=None):
    """Runs a command; returns (returncode, stdout, stderr, seconds, peak RSS kB from wait4)."""
    import tempfile
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(args, stdout=out, stderr=err, cwd=cwd, env=env)
        deadline = time.monotonic() + timeout
        rusage = None
        status = None
        while True:
            pid, status, rusage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, rusage = os.wait4(p.pid, 0)
                status = None
                break
            time.sleep(0.01)
        dt = time.perf_counter() - start
        p.returncode = -9  # reaped by wait4; keep Popen from waiting again
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status) if status is not None else "timeout"
        return code, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"), dt, rusage.ru_maxrss


def machine():
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GB RAM"
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {cpu}, {ram}, {platform.system()} {platform.release()}"


def commit():
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results.md"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return (head or "unknown") + ("+dirty" if dirty else "")
    except Exception:
        return "unknown (no git)"


def tesseract_version():
    try:
        out = subprocess.run(["tesseract", "--version"], capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).splitlines()[0].strip()
    except Exception as e:
        return f"not available ({e.__class__.__name__})"


def short(text, limit=600):
    """Long server logs (Swift backtraces) cut down to one line that says what went wrong."""
    lines = [l.strip() for l in str(text).splitlines() if l.strip()]
    key = [l for l in lines if any(w in l.lower() for w in ("fatal", "error", "critical", "exited", "failed", "not "))]
    picked = (key or lines)[:4]
    return " / ".join(picked)[:limit]


def bullets(notes):
    return "\n".join(f"- {short(n)}" for n in notes)
