#!/usr/bin/env python3
"""`make bench`: OCR accuracy and speed against the tesseract CLI, HTTP latency on loopback, generation overhead,
the shelf analyser against the tesseract CLI, the retouch tool (preview, export, memory), the unsure-word flags and
the offline writer's shared lines.

usage: python3 bench/run.py [DIR] [--only ocr,http,gen,shelf,retouch,drafts] [--quick]
       make bench [BENCH_ARGS="DIR --only ocr"]     (installs the test packages and builds the release binary first)

DIR: photos NAME.(jpg|png|...) with NAME.txt ground truth and optional NAME.lang. Default: ../shared/photos/pages
when it exists, else a test-generated set in bench/tmp/pages.
Prints Markdown and writes it to bench/results.md. A failing section prints its error and the others still run;
the exit status is non-zero only when nothing at all could be measured. Binary: .build/release/snappost, or
SNAPPOST_BIN.
"""
import argparse
import datetime
import os
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import BENCH, binary, commit, machine, short, tesseract_version  # noqa: E402


def loadavg():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "unknown"


def section(title, fn):
    print(f"## {title}\n", flush=True)
    start = time.monotonic()
    try:
        result = fn()
        md, measured = result[0], result[1]
        failures = result[2] if len(result) > 2 else []
    except Exception as e:
        traceback.print_exc(file=sys.stderr)
        md, measured, failures = f"**This section failed:** `{short(f'{e.__class__.__name__}: {e}')}`", False, []
    md = "\n".join(short(l, 900) if len(l) > 900 and not l.startswith("|") else l for l in md.splitlines())
    md += f"\n\n_Section time: {time.monotonic() - start:.0f} s; load average at its end: {loadavg()}._"
    print(md + "\n", flush=True)
    return f"## {title}\n\n{md}\n", measured, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", nargs="?", help="photos with .txt ground truth")
    ap.add_argument("--only", default="ocr,http,gen,shelf,retouch,drafts",
                    help="comma-separated sections: ocr, http, gen, shelf, retouch, drafts")
    ap.add_argument("--quick", action="store_true", help="fewer requests (for trying the harness)")
    args = ap.parse_args()
    only = {s.strip() for s in args.only.split(",")}

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    head = [
        "# SnapPost benchmarks",
        "",
        f"- Date: {now}",
        f"- Machine: {machine()}",
        f"- Commit: {commit()}",
        f"- Binary: `{os.path.relpath(binary(), BENCH.parent) if str(binary()).startswith(str(BENCH.parent)) else binary()}`"
        + (f" (built {datetime.datetime.fromtimestamp(binary().stat().st_mtime, datetime.timezone.utc):%Y-%m-%d %H:%M} UTC)"
           if binary().exists() else " (**missing**: run `make bench`, which builds it)"),
        f"- Tesseract CLI: {tesseract_version()}",
        f"- Command: `{' '.join(['python3', 'bench/run.py', *sys.argv[1:]])}`",
        f"- Load average at start: {loadavg()} (other work on the machine skews the timings)",
        "",
    ]
    print("\n".join(head), flush=True)

    parts, measured_any, failures = ["\n".join(head)], False, []
    if "ocr" in only:
        import ocr
        md, m, f = section("1. OCR accuracy and speed", lambda: ocr.run(args.folder, budget=1200 if args.quick else 2700,
                                                                      rounds=1 if args.quick else 2))
        parts.append(md); measured_any |= m; failures += f
    if "http" in only:
        import http_load
        md, m, f = section("2. HTTP on loopback", lambda: http_load.run(
            budget=300 if args.quick else 600, requests=50 if args.quick else 200, uploads=8 if args.quick else 16))
        parts.append(md); measured_any |= m; failures += f
    if "gen" in only:
        import gen
        md, m, f = section("3. Generation", lambda: gen.run(budget=120 if args.quick else 300,
                                                            runs=8 if args.quick else 20))
        parts.append(md); measured_any |= m; failures += f

    if "shelf" in only:
        import shelf
        md, m, f = section("4. Bookshelf analyser", lambda: shelf.run(budget=300 if args.quick else 900, rounds=1 if args.quick else 2))
        parts.append(md); measured_any |= m; failures += f

    if "retouch" in only:
        import retouch
        md, m, f = section("5. Retouch", lambda: retouch.run(budget=600 if args.quick else 1200, rounds=3 if args.quick else 5))
        parts.append(md); measured_any |= m; failures += f

    if "drafts" in only:
        import drafts
        md, m, f = section("6. Unsure words and the offline writer's lines", lambda: drafts.run(args.folder, budget=600 if args.quick else 1200))
        parts.append(md); measured_any |= m; failures += f

    if failures:
        summary = "**FAILURES (5xx other than 503):** " + "; ".join(failures)
        print(summary)
        parts.append(summary + "\n")
    try:
        (BENCH / "results.md").write_text("\n".join(parts))
        print(f"Written to {BENCH / 'results.md'}", file=sys.stderr)
    except OSError as e:
        print(f"could not write bench/results.md: {e}", file=sys.stderr)
    return 0 if measured_any else 1


if __name__ == "__main__":
    sys.exit(main())
