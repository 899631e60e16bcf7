"""Section 2: HTTP on loopback. Home and Results TTFB and bytes, upload → Results under 1/4/16 clients, 5xx, peak RSS.

Every loop is bounded in count and in time; every connection goes to 127.0.0.1.
"""
import http.client
import shutil
import socket
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from common import bullets, TMP, Deadline, e2e, mb_from_kb, ms, percentile, proc_status_kb, sec, table

SERVER_ARGS = ["--upload-per-minute", "100000"]


def multipart_photo(data: bytes, filename="page.jpg"):
    boundary = "----snappostbench" + uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{filename}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", body


def raw_get(port, path, timeout=30):
    """One GET on a fresh connection. Returns (status, ttfb seconds, total seconds, body bytes)."""
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/html\r\n"
               f"Connection: close\r\n\r\n").encode()
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        data = s.recv(65536)
        ttfb = time.perf_counter() - start
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
        if "content-length" in headers:
            want = int(headers["content-length"])
            while len(body) < want:
                chunk = s.recv(65536)
                if not chunk:
                    break
                body += chunk
            size = len(body)
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            while not body.endswith(b"0\r\n\r\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                body += chunk
            size, rest = 0, body
            while rest:
                n_hex, _, rest = rest.partition(b"\r\n")
                n = int(n_hex.split(b";")[0] or b"0", 16)
                if n == 0:
                    break
                size += n
                rest = rest[n + 2:]
        else:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                body += chunk
            size = len(body)
    return status, ttfb, time.perf_counter() - start, size


def ttfb_series(port, path, count, deadline: Deadline):
    ttfbs, sizes, statuses = [], set(), {}
    for _ in range(count):
        if deadline.passed():
            break
        status, ttfb, _, size = raw_get(port, path)
        statuses[status] = statuses.get(status, 0) + 1
        if status == 200:
            ttfbs.append(ttfb)
            sizes.add(size)
    return ttfbs, sizes, statuses


def upload_then_results(port, body, content_type, timeout=180):
    """POST /scans then GET the Results page it redirects to. Returns (outcome, seconds, detail, results path)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/scans", body=body, headers={"Content-Type": content_type})
        r = conn.getresponse()
        r.read()
        if r.status != 303:
            return r.status, time.perf_counter() - start, r.getheader("Retry-After"), None
        location = r.getheader("Location")
    finally:
        conn.close()
    path = location.split("://", 1)[-1]
    path = path[path.index("/"):] if "://" in location else location
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Accept": "text/html"})
        r = conn.getresponse()
        r.read()
        return (303 if r.status == 200 else r.status), time.perf_counter() - start, None, path
    finally:
        conn.close()


def load_level(port, clients, uploads, body, content_type, deadline: Deadline):
    """`uploads` upload→Results round trips spread over `clients` threads; stops starting new ones at the deadline."""
    lock = threading.Lock()
    remaining = [uploads]
    times, outcomes, errors = [], {}, []

    def worker():
        while True:
            with lock:
                if remaining[0] <= 0 or deadline.passed():
                    return
                remaining[0] -= 1
            try:
                status, dt, detail, _ = upload_then_results(port, body, content_type,
                                                            timeout=max(5, min(180, deadline.left() + 30)))
            except Exception as e:
                status, dt = "error", None
                with lock:
                    errors.append(f"{e.__class__.__name__}: {e}")
            with lock:
                outcomes[status] = outcomes.get(status, 0) + 1
                if status == 303:
                    times.append(dt)

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        for _ in range(clients):
            pool.submit(worker)
    return times, outcomes, errors, time.perf_counter() - start


def photo_bytes():
    """A synthetic page photo like a phone's: 1400×1800 JPEG, rendered once into bench/tmp."""
    path = TMP / "http_page.jpg"
    if not path.exists():
        TMP.mkdir(parents=True, exist_ok=True)
        e2e().render_page(path)
    return path.read_bytes()


def run(budget=600, requests=200, uploads=16, levels=(1, 4, 16)):
    deadline = Deadline(budget)
    conftest = e2e()
    out, notes, failures = [], [], []
    measured = False
    server = conftest.Server(extra_args=SERVER_ARGS)
    try:
        server.start(timeout=90)
        port, pid = server.port, server.process.pid
        photo = photo_bytes()
        content_type, body = multipart_photo(photo)

        # A scan for the Results page.
        status, dt, detail, results_path = upload_then_results(port, body, content_type)
        if results_path is None:
            notes.append(f"the first upload got {status} ({detail}); Results cannot be measured")

        rows = []
        for label, path in [("Home `/`", "/"), ("Results `/scans/{id}`", results_path)]:
            if path is None:
                rows.append([label, "—", "—", "—", "—", "not measured"])
                continue
            raw_get(port, path)  # one warm-up
            ttfbs, sizes, statuses = ttfb_series(port, path, requests, Deadline(min(60, deadline.left())))
            bad = {s: n for s, n in statuses.items() if s != 200}
            if bad:
                notes.append(f"{label}: non-200 answers {bad}")
            for s, n in bad.items():
                if s >= 500:
                    failures.append(f"{label} answered {s} ×{n}")
            measured = measured or bool(ttfbs)
            rows.append([label, str(len(ttfbs)), ms(percentile(ttfbs, 50)), ms(percentile(ttfbs, 99)),
                         "/".join(str(s) for s in sorted(sizes)) or "—",
                         ", ".join(f"{s}×{n}" for s, n in sorted(statuses.items()))])
        out.append("### HTTP: time to first byte (loopback, a fresh connection per request, sequential)\n\n" + table(
            ["page", "requests", "TTFB p50 ms", "TTFB p99 ms", "body bytes", "statuses"], rows))

        lrows = []
        for clients in levels:
            if deadline.passed():
                notes.append(f"time budget spent before {clients} clients")
                break
            times, outcomes, errors, wall = load_level(port, clients, max(uploads, clients), body, content_type,
                                                       Deadline(min(180, deadline.left())))
            n503 = outcomes.get(503, 0)
            other5xx = {s: n for s, n in outcomes.items() if isinstance(s, int) and s >= 500 and s != 503}
            other = {s: n for s, n in outcomes.items() if s not in (303, 503) and s not in other5xx}
            if other5xx:
                failures.append(f"{clients} clients: {other5xx}")
            if errors:
                notes.append(f"{clients} clients: {len(errors)} transport errors, e.g. {errors[0]}")
            measured = measured or bool(times)
            lrows.append([str(clients), str(sum(outcomes.values())), str(len(times)), ms(percentile(times, 50)),
                          ms(percentile(times, 95)), str(n503),
                          ", ".join(f"{s}×{n}" for s, n in other5xx.items()) or "0",
                          ", ".join(f"{s}×{n}" for s, n in other.items()) or "0",
                          f"{len(times) / wall:.2f}" if wall else "—"])
        out.append("### HTTP: upload → Results (POST /scans with a 1400×1800 synthetic page, then GET the Results page)"
                   "\n\n" + table(["clients", "uploads", "ok", "p50 ms", "p95 ms", "503", "other 5xx",
                                   "other", "ok per s"], lrows)
                   + f"\n\nServer flags: `{' '.join(SERVER_ARGS)}`, other settings default (OCR workers = cores, "
                     "queue length 8: beyond that a photo gets 503 + Retry-After, counted above).")
        hwm = proc_status_kb(pid, "VmHWM")
        out.append(f"**Server peak RSS (VmHWM) after this section: {mb_from_kb(hwm)}** "
                   f"(VmRSS now {mb_from_kb(proc_status_kb(pid, 'VmRSS'))}).")
        if not server.alive():
            failures.append("the server no longer answers /healthz")
    except Exception as e:
        notes.append(f"{e.__class__.__name__}: {e}")
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)
    if failures:
        out.append("**FAILURE: 5xx other than 503:**\n\n" + "\n".join(f"- {f}" for f in failures))
    if notes:
        out.append("**Problems in this section:**\n\n" + bullets(notes))
    return "\n\n".join(out), measured, failures
