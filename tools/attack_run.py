#!/usr/bin/env python3
"""Issue 21's attack run, against a built snappost on loopback (not part of make test: it takes minutes).

usage: tools/attack_run.py [--bin .build/release/snappost] [--kills 12] [--quick]

The attacker connects from 127.0.0.2, the probe (a person using the server) from 127.0.0.1, as in
Tests/e2e/test_attacks.py. Phases:
  1. hostile single requests: the four that killed the process (brush point at 1e300, wire and object taps at huge
     coordinates, read again with turn=Int.max), their variants, query numbers, hosts (foreign, none, two), HEAD on
     every GET route, shelf photos of 1x1 and 60000x10, and a few hundred random field values;
  2. a 50-MP photo: a brush stroke of width 200 (refused at edit time, or accepted and then exportable), a narrow one
     exported, six exports at once (peak RSS, /healthz latency);
  3. 1000 edits on one photo (the cap, the answer's size);
  4. a flood of mixed requests from 16 threads, with `snappost backup` taken in the middle and restored elsewhere;
  5. SIGKILLs while retouch edits, shelf corrections and text saves are acknowledged: every acknowledged write must be
     there after the restart; then SQLite's integrity check and FTS5's.
It prints the counts: requests sent, crashes (the process gone), 5xx answers, acknowledged writes lost, peak RSS."""
import argparse
import collections
import http.client
import io
import json
import os
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from conftest import Server, render_page  # noqa: E402
from http_client import multipart  # noqa: E402

ATTACKER, PROBE = "127.0.0.2", "127.0.0.1"


class Run:
    def __init__(self, binary):
        self.binary = binary
        self.sent = 0
        self.statuses = collections.Counter()
        self.crashes = 0
        self.server_errors = []
        self.lost = 0
        self.acknowledged = 0
        self.peak_rss_kb = 0
        self.lock = threading.Lock()
        self.notes = []
        # Set while the run kills the server on purpose: a failed request then is not a crash.
        self.killing = False
        # Requests whose connection failed: while the server was killed on purpose, or (a crash) otherwise.
        self.failed = collections.Counter()

    def note(self, text):
        print(text, flush=True)
        self.notes.append(text)

    def rss(self, server):
        try:
            for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    self.peak_rss_kb = max(self.peak_rss_kb, int(line.split()[1]))
        except OSError:
            pass

    def call(self, server, method, path, body=b"", headers=None, source=ATTACKER, timeout=180, expect_5xx_ok=False):
        """One request; returns (status, headers dict, body) or (None, {}, b"") when the connection failed."""
        with self.lock:
            self.sent += 1
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout, source_address=(source, 0))
        try:
            conn.request(method, path, body=body, headers={"Host": f"127.0.0.1:{server.port}", **(headers or {})})
            response = conn.getresponse()
            data = response.read()
            status = response.status
            with self.lock:
                self.statuses[status // 100 * 100] += 1
                if status >= 500 and status != 503 and not expect_5xx_ok:
                    self.server_errors.append(f"{method} {path[:80]} -> {status} {data[:160]!r}")
            return status, {k.lower(): v for k, v in response.getheaders()}, data
        except (OSError, http.client.HTTPException):
            with self.lock:
                self.failed["while killed on purpose" if self.killing else "otherwise"] += 1
            self.check_alive(server)
            return None, {}, b""
        finally:
            conn.close()

    def raw(self, server, head: bytes, source=ATTACKER):
        with self.lock:
            self.sent += 1
        with socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(source, 0)) as sock:
            sock.sendall(head)
            data = b""
            try:
                while True:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            except OSError:
                pass
        status = int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.") else None
        if status:
            with self.lock:
                self.statuses[status // 100 * 100] += 1
        return status, data

    def check_alive(self, server):
        if self.killing:
            return False
        if server.process.poll() is not None:
            with self.lock:
                self.crashes += 1
            self.note(f"CRASH: the server exited ({server.process.returncode}); log tail:\n{server.logs()[-1500:]}")
            server.start()
            return False
        return True

    def json(self, server, path, payload):
        return self.call(server, "POST", path, json.dumps(payload).encode(), {"Content-Type": "application/json"})

    def form(self, server, path, pairs, source=ATTACKER):
        from urllib.parse import urlencode
        return self.call(server, "POST", path, urlencode(pairs).encode(), {"Content-Type": "application/x-www-form-urlencoded"}, source=source)

    def upload(self, server, path, field, filename, data, extra=()):
        content_type, body = multipart([(field, filename, data), *extra])
        return self.call(server, "POST", path, body, {"Content-Type": content_type})


def png(width, height, colour=(120, 160, 220)):
    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def sky_with_wire(width=640, height=480):
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (width, height), (140, 170, 225))
    ImageDraw.Draw(img).line([(0, height // 3), (width, height // 3 + 20)], fill=(30, 30, 35), width=4)
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def location(headers):
    return headers.get("location", "")


# MARK: 1. Hostile single requests

def hostile(run, server, page_photo, shelf_photo):
    status, h, _ = run.upload(server, "/retouch", "photo", "wire.png", sky_with_wire())
    editor = location(h)
    project = editor.rsplit("/", 1)[-1]
    api = f"/api/retouch/{project}"
    status, h, _ = run.upload(server, "/scans", "photo", "page.jpg", page_photo.read_bytes())
    scan = location(h)
    status, h, _ = run.upload(server, "/shelves", "photo", "shelf.jpg", shelf_photo.read_bytes())
    shelf = location(h)
    assert editor and scan and shelf, (editor, scan, shelf)
    before = run.sent

    huge = [1e300, -1e300, 9.3e18, -9.3e18, 1e19, 1.7976931348623157e308, 9223372036854775807]
    refused = collections.Counter()
    for value in huge:
        for payload in (
            {"tool": "brush", "points": [{"x": value, "y": 10}], "width": 20},
            {"tool": "brush", "points": [{"x": 10, "y": value}, {"x": 20, "y": 20}], "width": 20},
            {"tool": "line-brush", "points": [{"x": 10, "y": 10}, {"x": value, "y": 10}], "width": 8},
            {"tool": "brush", "points": [{"x": 10, "y": 10}], "width": value},
            {"tool": "brush", "points": [{"x": 10, "y": 10}], "width": 20, "feather": value},
            {"tool": "wire", "tap": {"x": value, "y": 95}}, {"tool": "wire", "tap": {"x": 160, "y": value}},
            {"tool": "object", "tap": {"x": value, "y": 95}}, {"tool": "object", "tap": {"x": 160, "y": value}},
            {"tool": "person", "tap": {"x": value, "y": value}},
        ):
            status, _, _ = run.json(server, api + "/edits", payload)
            refused[status] += 1
        run.json(server, api + "/refine", {"width": value})
    for path in [editor, editor + "/preview.jpg", editor + "/export.jpg", "/retouch", api]:
        status, _, _ = run.call(server, "GET", path)
        assert status == 200, (path, status)
    for turn in ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "4", "-4", "1e3"]:
        status, _, _ = run.form(server, scan + "/photos/0/read", [("turn", turn)])
        refused[status] += 1
    for query in ["reread=9223372036854775807", "read=9223372036854775807", "added=-9223372036854775808", "reread=-1"]:
        run.call(server, "GET", f"{scan}?{query}")
    run.note(f"  the four killers and their variants: answers {dict(refused)}; the project's pictures all answer 200")

    # Hosts: a rebinding page's name, no Host, two Hosts; Origin from elsewhere.
    for path in ["/retouch", api, scan, "/history"]:
        status, _ = run.raw(server, f"GET {path} HTTP/1.1\r\nHost: rebind.attacker.test:{server.port}\r\nConnection: close\r\n\r\n".encode())
        assert status == 400, (path, status)
    body = json.dumps({"tool": "brush", "points": [{"x": 10, "y": 10}], "width": 20}).encode()
    status, _ = run.raw(server, (f"POST {api}/edits HTTP/1.1\r\nHost: rebind.attacker.test:{server.port}\r\nOrigin: http://rebind.attacker.test:{server.port}\r\n"
                                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body)
    assert status == 400, status
    assert run.raw(server, b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")[0] == 400
    assert run.raw(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n")[0] == 400
    head_paths = ["/", "/scan", "/history", "/shelf", "/retouch", "/login", "/healthz", "/metrics", "/manifest.webmanifest", "/offline",
                  scan, scan + "/lines", scan + "/preview.jpg", shelf, shelf + "/preview.jpg", editor, editor + "/preview.jpg",
                  editor + "/before.jpg", editor + "/mask.png", api, "/api/health", "/history/export.zip"]
    heads = collections.Counter(run.call(server, "HEAD", p)[0] for p in head_paths)
    assert 404 not in heads, heads
    run.note(f"  hosts: foreign, none and two Hosts 400; HEAD on {len(head_paths)} GET routes: {dict(heads)}")

    # Shelf photos too small or too thin.
    for w, h in [(1, 1), (60000, 10), (10, 60000), (40, 3000)]:
        status, _, data = run.upload(server, "/api/analyze-bookshelf", "file", "shelf.png", png(w, h))
        assert 400 <= status < 500, (w, h, status, data[:200])
    run.note("  shelf photos 1x1, 60000x10, 10x60000, 40x3000: 4xx photo_too_small")

    # Random field values on the forms and the editor.
    rng = random.Random(21)
    numbers = ["0", "-1", "1e300", "NaN", "Infinity", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "", "x"]
    generation = None
    status, h, _ = run.form(server, scan + "/posts", [("text", "The lighthouse keeper wrote every evening in a small blue notebook.")])
    generation = location(h)
    for _ in range(300):
        kind = rng.randrange(6)
        if kind == 0:
            run.json(server, api + "/edits", {"tool": rng.choice(["wire", "object", "brush", "line-brush", "person", "x"]),
                                              "tap": {"x": rng.choice([rng.uniform(-50, 700), 1e300]), "y": rng.uniform(-50, 500)},
                                              "points": [{"x": rng.uniform(-700, 1300), "y": rng.uniform(-500, 1000)} for _ in range(rng.randrange(0, 6))],
                                              "width": rng.choice([rng.uniform(-5, 1200), 1e308]), "feather": rng.choice([rng.uniform(-5, 120), None])})
        elif kind == 1:
            run.form(server, scan + f"/photos/{rng.choice(['0', '1', '-1', '99999999999999999999'])}/read",
                     [(f"{a}{i}", rng.choice(numbers)) for i in range(4) for a in "xy"] + [("turn", rng.choice(numbers))])
        elif kind == 2:
            run.form(server, f"{generation}/drafts/{rng.choice(['1', '0', '6', '9223372036854775807'])}",
                     [("text", rng.choice(["A draft.", "", "x" * 70000])), ("base", rng.choice(numbers)), ("version", rng.choice(numbers))])
        elif kind == 3:
            run.form(server, f"{shelf}/books/{rng.choice(['0', '1', '-1', '9223372036854775807'])}", [("title", rng.choice(["Moby-Dick", "", "x" * 5000])), ("author", "H. M.")])
        elif kind == 4:
            run.form(server, scan + "/select", [("text", "One.\n\nTwo."), ("paragraphs", rng.choice(numbers)), ("keep", rng.choice(numbers))])
        else:
            run.call(server, "GET", f"{scan}?reread={rng.choice(numbers)}&read={rng.choice(numbers)}")
    run.check_alive(server)
    run.note(f"  phase 1: {run.sent - before} hostile requests, server alive")
    return editor, scan, shelf, generation


# MARK: 2. A 50-MP photo

def big_photo(run, server, quick):
    from PIL import Image, ImageDraw
    w, h = (4000, 3000) if quick else (8660, 5773)
    img = Image.linear_gradient("L").resize((w, h)).convert("RGB")
    draw = ImageDraw.Draw(img)
    for k in range(0, w, 97):
        draw.line([(k, 0), (k + 300, h)], fill=(90 + k % 60, 120, 160), width=3)
    out = io.BytesIO()
    img.save(out, "JPEG", quality=85)
    data = out.getvalue()
    status, hdr, _ = run.upload(server, "/retouch", "photo", "big.jpg", data)
    assert status == 303, status
    editor = location(hdr)
    api = "/api/retouch/" + editor.rsplit("/", 1)[-1]
    wide = {"tool": "brush", "points": [{"x": 200, "y": h / 2}, {"x": w - 200, "y": h / 2 + 100}], "width": 200, "feather": 40}
    status, _, body = run.json(server, api + "/edits", wide)
    wide_answer = status
    narrow = {"tool": "brush", "points": [{"x": 300, "y": h / 3}, {"x": w - 300, "y": h / 3 + 60}], "width": 40, "feather": 8}
    status, _, _ = run.json(server, api + "/edits", narrow)
    assert status == 200, status
    start = time.time()
    status, _, jpeg = run.call(server, "GET", editor + "/export.jpg", timeout=600)
    assert status == 200, status
    run.note(f"  {w}x{h} photo: a 200-px stroke across it answered {wide_answer}"
             f"{' (refused at edit time: area_too_large)' if wide_answer == 413 else ''}; the accepted edits export: 200 in {time.time() - start:.1f} s")
    # Six exports at once, /healthz probed meanwhile.
    results, probes = [], []

    def export():
        results.append(run.call(server, "GET", editor + "/export.jpg", timeout=900)[0])

    threads = [threading.Thread(target=export) for _ in range(6)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        t0 = time.time()
        run.call(server, "GET", "/healthz", source=PROBE, timeout=30)
        probes.append(time.time() - t0)
        run.rss(server)
        time.sleep(0.5)
    for t in threads:
        t.join()
    run.rss(server)
    run.note(f"  six exports at once: {dict(collections.Counter(results))}; /healthz max {max(probes) * 1000:.0f} ms; peak RSS so far {run.peak_rss_kb // 1024} MB")


# MARK: 3. Many edits on one photo

def many_edits(run, server):
    status, hdr, _ = run.upload(server, "/retouch", "photo", "sky.png", png(640, 480))
    api = "/api/retouch/" + location(hdr).rsplit("/", 1)[-1]
    answers = collections.Counter()
    last_ok_size, last_ms = 0, 0.0
    for k in range(1000):
        x, y = 20 + (k * 37) % 600, 20 + (k * 53) % 440
        t0 = time.time()
        status, _, body = run.json(server, api + "/edits", {"tool": "brush", "points": [{"x": x, "y": y}, {"x": x + 8, "y": y + 3}], "width": 4})
        answers[status] += 1
        if status == 200:
            last_ok_size, last_ms = len(body), (time.time() - t0) * 1000
    _, _, state = run.call(server, "GET", api)
    run.note(f"  1000 edits on one photo: {dict(answers)}; answer at the cap {last_ok_size} B ({last_ms:.0f} ms), state {len(state)} B")


# MARK: 4. Flood, with a backup in the middle

def flood(run, server, editor, scan, shelf, generation, count):
    paths = ["/", "/history", "/retouch", "/shelf", scan, scan + "/lines", editor, editor + "/preview.jpg", shelf, generation, "/healthz"]
    rng = random.Random(7)
    answers = collections.Counter()
    work = list(range(count))
    lock = threading.Lock()
    backup = {}

    def worker():
        while True:
            with lock:
                if not work:
                    return
                n = work.pop()
            if n % 5 == 0:
                status = run.form(server, scan, [("text", f"Flood save {n}")])[0]
            elif n % 11 == 0:
                status = run.form(server, "/history", [("action", "copied"), ("tone", "punchy"), ("text", f"Flood {n}")])[0]
            else:
                status = run.call(server, "GET", rng.choice(paths))[0]
            answers[status] += 1

    threads = [threading.Thread(target=worker) for _ in range(16)]
    for t in threads:
        t.start()
    time.sleep(1)
    file = Path(tempfile.mkdtemp(prefix="snappost-attack-backup-")) / "snappost.tar"
    t0 = time.time()
    made = subprocess.run([run.binary, "backup", str(file), "--data-dir", server.data_dir], capture_output=True, text=True)
    backup["seconds"] = time.time() - t0
    for t in threads:
        t.join()
    assert made.returncode == 0, made.stderr
    target = Path(tempfile.mkdtemp(prefix="snappost-attack-restore-")) / "data"
    restored = subprocess.run([run.binary, "restore", str(file), "--data-dir", str(target)], capture_output=True, text=True)
    assert restored.returncode == 0, restored.stderr
    check = sqlite3.connect(target / "snappost.sqlite").execute("PRAGMA integrity_check").fetchone()[0]
    run.check_alive(server)
    run.note(f"  flood: {count} requests from 16 threads: {dict(answers)}; `snappost backup` during it: {backup['seconds']:.1f} s,"
             f" {file.stat().st_size / 1e6:.1f} MB, restored elsewhere, integrity {check}")
    shutil.rmtree(file.parent, ignore_errors=True)
    shutil.rmtree(target.parent, ignore_errors=True)


# MARK: 5. SIGKILLs with acknowledged writes

def kills(run, binary, page_photo, shelf_photo, cycles):
    data_dir = tempfile.mkdtemp(prefix="snappost-attack-kill-")
    args = ["--upload-per-minute", "100000"]
    server = Server(data_dir=data_dir, extra_args=args).start()
    status, hdr, _ = run.upload(server, "/retouch", "photo", "sky.png", png(640, 480))
    api = "/api/retouch/" + location(hdr).rsplit("/", 1)[-1]
    status, hdr, _ = run.upload(server, "/scans", "photo", "page.jpg", page_photo.read_bytes())
    scan = location(hdr)
    status, hdr, _ = run.upload(server, "/shelves", "photo", "shelf.jpg", shelf_photo.read_bytes())
    shelf = location(hdr)
    acked = {"applied": 0, "save": 0, "title": 0}
    sent = {"save": 0, "title": 0}
    counts = collections.Counter()
    for cycle in range(cycles):
        stop = threading.Event()

        def edits():
            k = 0
            while not stop.is_set():
                k += 1
                status, _, body = run.json(server, api + "/edits", {"tool": "brush", "points": [{"x": 30 + k % 500, "y": 40 + k % 400}], "width": 3})
                if status == 200:
                    acked["applied"] = max(acked["applied"], json.loads(body)["applied"])
                    counts["edits"] += 1
                elif status == 413:
                    run.json(server, api + "/undo", {})

        def saves():
            while not stop.is_set():
                sent["save"] += 1
                n = sent["save"]
                if run.form(server, scan, [("text", f"Saved text number {n}")])[0] == 303:
                    acked["save"] = max(acked["save"], n)
                    counts["saves"] += 1

        def corrections():
            while not stop.is_set():
                sent["title"] += 1
                n = sent["title"]
                if run.form(server, shelf + "/books/0", [("title", f"Corrected title {n}"), ("author", "A. N. Author")])[0] == 303:
                    acked["title"] = max(acked["title"], n)
                    counts["corrections"] += 1

        threads = [threading.Thread(target=f) for f in (edits, saves, corrections)]
        for t in threads:
            t.start()
        time.sleep(random.uniform(1.0, 2.5))
        run.rss(server)
        run.killing = True
        server.kill()
        stop.set()
        for t in threads:
            t.join()
        server = Server(data_dir=data_dir, extra_args=args, port=server.port).start()
        run.killing = False
        # Every acknowledged write is there (a write in flight at the kill may be there too, never fewer).
        state = json.loads(run.call(server, "GET", api, source=PROBE)[2])
        text = run.call(server, "GET", scan, source=PROBE)[2].decode()
        stored_save = max(map(int, re.findall(r"Saved text number (\d+)", text)), default=0)
        page = run.call(server, "GET", shelf, source=PROBE)[2].decode()
        stored_title = max(map(int, re.findall(r"Corrected title (\d+)", page)), default=0)
        lost = (1 if state["count"] < acked["applied"] and state["applied"] < acked["applied"] else 0) + \
            (1 if stored_save < acked["save"] else 0) + (1 if stored_title < acked["title"] else 0)
        run.lost += lost
        if lost:
            run.note(f"  LOST after kill {cycle + 1}: applied {state['applied']}/{acked['applied']}, save {stored_save}/{acked['save']}, title {stored_title}/{acked['title']}")
        # What is there now is what later kills are measured against.
        acked["applied"] = min(acked["applied"], state["applied"])
    run.acknowledged += sum(counts.values())
    run.rss(server)
    server.stop()
    database = sqlite3.connect(Path(data_dir) / "snappost.sqlite")
    check = database.execute("PRAGMA integrity_check").fetchone()[0]
    for table in ["scanSearch", "historySearch", "shelfScanSearch"]:
        database.execute(f"INSERT INTO {table}({table}) VALUES('integrity-check')")
    database.close()
    run.note(f"  {cycles} SIGKILLs with {counts['edits']} retouch edits, {counts['saves']} text saves and {counts['corrections']} shelf corrections"
             f" acknowledged: {run.lost} lost; integrity_check {check}, FTS5 integrity-check passed")
    shutil.rmtree(data_dir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build" / "release" / "snappost"))
    parser.add_argument("--kills", type=int, default=12)
    parser.add_argument("--quick", action="store_true", help="a 12-MP photo instead of 50, fewer flood requests")
    options = parser.parse_args()
    os.environ["SNAPPOST_BIN"] = options.bin
    import conftest
    conftest.BINARY = Path(options.bin)
    run = Run(options.bin)
    work = Path(tempfile.mkdtemp(prefix="snappost-attack-"))
    page_photo = render_page(work / "page.jpg")
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_shelf_fixtures.py"), str(work / "shelves")], check=True, capture_output=True)
    shelf_photo = work / "shelves" / "shelf.jpg"
    started = time.time()
    server = Server(extra_args=["--upload-per-minute", "100000"]).start()
    try:
        run.note("1. hostile single requests")
        editor, scan, shelf, generation = hostile(run, server, page_photo, shelf_photo)
        run.note("2. a large photo")
        big_photo(run, server, options.quick)
        run.note("3. many edits on one photo")
        many_edits(run, server)
        run.note("4. flood")
        flood(run, server, editor, scan, shelf, generation, 400 if options.quick else 1300)
        run.rss(server)
        logs = server.logs()
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)
    run.note("5. SIGKILLs")
    kills(run, options.bin, page_photo, shelf_photo, options.kills)
    internal = logs.count("code=internal")
    print()
    print(f"attack run: {run.sent} requests sent in {time.time() - started:.0f} s; crashes {run.crashes}; "
          f"5xx other than 503 {len(run.server_errors)}; acknowledged writes lost after SIGKILL {run.lost} of {run.acknowledged}; "
          f"peak RSS {run.peak_rss_kb / 1024:.0f} MB; statuses {dict(sorted(run.statuses.items()))}; connections failed {dict(run.failed)}; "
          f"'code=internal' in logs {internal}")
    for line in run.server_errors[:10]:
        print("  5xx:", line)
    shutil.rmtree(work, ignore_errors=True)
    return 0 if run.crashes == 0 and run.lost == 0 and not run.server_errors else 1


if __name__ == "__main__":
    sys.exit(main())
