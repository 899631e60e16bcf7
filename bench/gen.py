"""Section 3: generation overhead. POST /scans/{id}/posts wall time minus the writer's own time.

* Offline writer: the writer's own time is the delta of `snappost_ai_generation_seconds_sum` in /metrics.
* A local fake provider (ThreadingHTTPServer on loopback answering chat-completions after a fixed delay): overhead =
  request time − the provider's own time (measured inside the fake, from request received to reply written).
  /metrics also splits it into the server's AI client part and the rest.
"""
import http.client
import json
import re
import shutil
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlencode

from common import bullets, Deadline, e2e, ms, percentile, sec, table, median
from http_load import multipart_photo, photo_bytes

TONES = ["punchy", "contrarian", "personal", "analytical", "openQuestion"]

EXCERPT = (
    "The lighthouse keeper wrote every evening in a small blue notebook. He counted ships, storms and the quiet "
    "hours between them. Nobody asked him to keep the record, yet the habit gave his days a steady shape. Years "
    "later his daughter found the notebooks and read them in one winter, and she understood that the record had "
    "never been about the ships at all. It was about paying attention on purpose, every day, whether or not "
    "anyone would ever read it."
)

POSTS = {"posts": [{"tone": t, "text": (
    f"[{t}] A lighthouse keeper counted ships and storms every evening for years. Nobody asked him to. "
    "The habit was the point: it gave his days a steady shape. What small record gives yours a shape? "
    "Attention on purpose compounds, even when nobody reads the notebook.")} for t in TONES]}


class FakeProvider(BaseHTTPRequestHandler):
    """An OpenAI-compatible chat-completions endpoint with a fixed delay and a valid five-post reply."""
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    delay = 0.2
    own_times = []
    lock = threading.Lock()

    def do_POST(self):
        start = time.perf_counter()
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        time.sleep(self.delay)
        reply = {
            "id": "chatcmpl-bench", "object": "chat.completion", "created": int(time.time()), "model": "bench-fake",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": json.dumps(POSTS)}}],
            "usage": {"prompt_tokens": 500, "completion_tokens": 400, "total_tokens": 900},
        }
        body = json.dumps(reply).encode()
        # Head and body in one write: two small writes meet Nagle + delayed ACK and stall for tens of ms.
        head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"Date: {self.date_time_string()}\r\n\r\n").encode()
        self.wfile.write(head + body)
        self.wfile.flush()
        with self.lock:
            self.own_times.append(time.perf_counter() - start)

    def do_GET(self):
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def ai_sums(base):
    """(sum, count) of snappost_ai_generation_seconds over every writer label."""
    with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
        text = r.read().decode("utf-8", "replace")
    total = count = 0.0
    for name, value in re.findall(r"^snappost_ai_generation_seconds_(sum|count)(?:\{[^}]*\})?\s+([0-9.eE+-]+)",
                                  text, re.M):
        if name == "sum":
            total += float(value)
        else:
            count += float(value)
    return total, count


def new_scan(port):
    content_type, body = multipart_photo(photo_bytes())
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=180)
    try:
        conn.request("POST", "/scans", body=body, headers={"Content-Type": content_type})
        r = conn.getresponse()
        r.read()
        if r.status != 303:
            raise RuntimeError(f"POST /scans answered {r.status}")
        location = r.getheader("Location")
    finally:
        conn.close()
    return location.rstrip("/").split("/")[-1]


def post_generate(port, scan_id, timeout=60):
    body = urlencode({"text": EXCERPT, "book": "The Keeper", "author": "A. Bench"}).encode()
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", f"/scans/{scan_id}/posts", body=body,
                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        r = conn.getresponse()
        r.read()
        return r.status, time.perf_counter() - start
    finally:
        conn.close()


def measure(server_args, runs, deadline: Deadline, fake=None):
    """Returns dict of lists: wall, writer (from /metrics), provider (from the fake), plus statuses."""
    conftest = e2e()
    server = conftest.Server(extra_args=["--upload-per-minute", "100000", *server_args])
    walls, writers, providers, statuses = [], [], [], {}
    try:
        server.start(timeout=90)
        scan_id = new_scan(server.port)
        post_generate(server.port, scan_id)  # warm-up, not counted
        for _ in range(runs):
            if deadline.passed():
                break
            s0, _ = ai_sums(server.base)
            n0 = len(fake.own_times) if fake else 0
            status, wall = post_generate(server.port, scan_id, timeout=max(5, min(60, deadline.left() + 10)))
            s1, _ = ai_sums(server.base)
            statuses[status] = statuses.get(status, 0) + 1
            if status != 303:
                continue
            walls.append(wall)
            writers.append(s1 - s0)
            if fake:
                providers.append(sum(fake.own_times[n0:]))
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)
    return dict(wall=walls, writer=writers, provider=providers, statuses=statuses)


def run(budget=240, runs=20, delay=0.2):
    deadline = Deadline(budget)
    out, notes, rows = [], [], []
    measured = False

    def p50(xs):
        return ms(percentile(xs, 50))

    try:
        r = measure([], runs, Deadline(min(budget / 2, deadline.left())))
        over = [w - s for w, s in zip(r["wall"], r["writer"])]
        measured = measured or bool(over)
        rows.append(["offline writer", str(len(r["wall"])), p50(r["wall"]), p50(r["writer"]), "—", p50(over),
                     ms(percentile(over, 95)), "—",
                     ", ".join(f"{k}×{v}" for k, v in sorted(r["statuses"].items()))])
    except Exception as e:
        notes.append(f"offline writer: {e.__class__.__name__}: {e}")

    fake = None
    try:
        FakeProvider.delay = delay
        FakeProvider.own_times = []
        fake = ThreadingHTTPServer(("127.0.0.1", 0), FakeProvider)
        fake.daemon_threads = True
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        base_url = f"http://127.0.0.1:{fake.server_address[1]}/v1"
        r = measure(["--ai-base-url", base_url, "--ai-timeout", "30"], runs, deadline, fake=FakeProvider)
        over = [w - p for w, p in zip(r["wall"], r["provider"])]
        client = [s - p for s, p in zip(r["writer"], r["provider"])]
        measured = measured or bool(over)
        rows.append([f"fake provider ({delay * 1000:.0f} ms delay)", str(len(r["wall"])), p50(r["wall"]),
                     p50(r["writer"]), p50(r["provider"]), p50(over), ms(percentile(over, 95)), p50(client),
                     ", ".join(f"{k}×{v}" for k, v in sorted(r["statuses"].items()))])
        attempts = sum(r["statuses"].values()) + 1
        if len(FakeProvider.own_times) != attempts:
            notes.append(f"the fake provider answered {len(FakeProvider.own_times)} calls for {attempts} "
                         "generations (retries or failures)")
    except Exception as e:
        notes.append(f"fake provider: {e.__class__.__name__}: {e}")
    finally:
        if fake:
            fake.shutdown()
            fake.server_close()

    if not rows:
        rows.append(["not measured"] + ["—"] * 8)
    out.append("### Generation: server overhead over the writer's own time (POST /scans/{id}/posts → 303)\n\n" + table(
        ["writer", "runs", "request p50 ms", "writer p50 ms (/metrics)", "provider own p50 ms", "overhead p50 ms",
         "overhead p95 ms", "AI client part p50 ms", "statuses"], rows)
        + "\n\nOverhead = request wall time − the writer's own time: for the offline writer its time in "
          "`snappost_ai_generation_seconds_sum`; for the fake provider the time inside the fake, from request received "
          "to reply written. \"AI client part\" = the server's AI time in /metrics − the provider's own time (HTTP "
          "client, JSON building and parsing). The form saves the text first, so every request also writes to SQLite.")
    if notes:
        out.append("**Problems in this section:**\n\n" + bullets(notes))
    return "\n\n".join(out), measured
