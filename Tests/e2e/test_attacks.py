"""Attacks on the door, against the real server over loopback. The attacker connects from 127.0.0.2, the probe (a
person using the server meanwhile) from 127.0.0.1. Slow bodies and headers, token, password and session guessing,
forged X-Forwarded-For, decompression bombs and ten huge PNGs at once, stale sessions, a full disk. Every case is
bounded in count and time; the bounds are correctness bounds, far from what a healthy server needs.

Prints "bad inputs tried N, server alive, 0 lost" when every case held."""
import http.client
import io
import os
import re
import select
import shutil
import socket
import sqlite3
import stat
import struct
import subprocess
import tempfile
import threading
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from conftest import FONT, Server, render_page
from http_client import Reply, multipart

ATTACKER = "127.0.0.2"
PROBE = "127.0.0.1"
GIB = 1024 * 1024 * 1024

TALLY = {"tried": 0, "lost": 0}


@pytest.fixture(scope="module", autouse=True)
def summary():
    yield
    print(f"\nbad inputs tried {TALLY['tried']}, server alive, {TALLY['lost']} lost")


def tried(n=1):
    TALLY["tried"] += n


def call(server, method, path, body=b"", headers=None, source=ATTACKER, timeout=60, conn=None):
    """One HTTP request from `source`; reuses `conn` (keep-alive) when given."""
    own = conn is None
    if own:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return Reply(response.status, response.getheaders(), response.read())
    finally:
        if own:
            conn.close()


def login(server, password, source=PROBE, headers=None):
    return call(server, "POST", "/login", f"password={password}&next=/history".encode(),
                {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}, source=source)


def cookie_of(reply):
    value = reply.header("Set-Cookie") or ""
    return value.split(";")[0]


def healthz_seconds(server):
    start = time.monotonic()
    reply = call(server, "GET", "/healthz", source=PROBE, timeout=10)
    return time.monotonic() - start, reply.status


def no_internal_errors(server):
    """No request ended in a 500 (a 507 for a full disk is logged as an error on purpose, but it is not a bug)."""
    logs = server.logs()
    assert "status=500" not in logs and "code=internal" not in logs, logs[-3000:]


@pytest.fixture
def make_server():
    started = []

    def start(*args, env=None, data_dir=None):
        server = Server(extra_args=list(args), env=env, data_dir=data_dir)
        if data_dir:  # the server creates its own data folder (0700); the log goes beside it
            server.log_path = Path(tempfile.mkdtemp(prefix="snappost-log-")) / "server.log"
        started.append(server.start())
        return server

    yield start
    for server in started:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)


# MARK: Slow clients

def status_of(data):
    return int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.") else None


def answer_left(sock):
    """Whatever the server wrote before it closed, without waiting; b"" when nothing is there."""
    try:
        return sock.recv(4096, socket.MSG_DONTWAIT)
    except OSError:
        return b""


def drip_until_closed(sockets, interval=2.0, limit=40.0):
    """Sends one byte every `interval` on each socket until the server answers or closes it. Returns, per socket,
    (seconds from the start until the server acted, HTTP status or None)."""
    start = time.monotonic()
    outcome = [None] * len(sockets)
    open_ = set(range(len(sockets)))
    next_drip = start
    while open_ and time.monotonic() - start < limit:
        if time.monotonic() >= next_drip:
            for i in list(open_):
                try:
                    sockets[i].send(b"a")
                except OSError:
                    # The server closed with our unread bytes in its buffer, so the kernel answered our send with a
                    # reset; an answer it wrote before closing is still in our receive buffer (Linux keeps it).
                    outcome[i] = (time.monotonic() - start, status_of(answer_left(sockets[i])))
                    open_.discard(i)
            next_drip += interval
        readable, _, _ = select.select([sockets[i] for i in open_], [], [], 0.1)
        for sock in readable:
            i = sockets.index(sock)
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            outcome[i] = (time.monotonic() - start, status_of(data))
            open_.discard(i)
    for sock in sockets:
        sock.close()
    return outcome


def test_slow_bodies_and_headers_do_not_take_the_server_off_the_air(make_server):
    server = make_server("--password", "pw", "--max-connections", "64", "--request-timeout", "20", "--header-timeout", "4")
    head = (b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 1000\r\n\r\n")
    sockets = []
    for _ in range(64):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(ATTACKER, 0))
        sock.sendall(head)
        sockets.append(sock)
    tried(64)

    latencies = []
    result = {}
    dripper = threading.Thread(target=lambda: result.setdefault("outcome", drip_until_closed(sockets)))
    dripper.start()
    while dripper.is_alive():
        seconds, status = healthz_seconds(server)
        assert status == 200
        latencies.append(seconds)
        time.sleep(0.2)
    dripper.join()
    outcome = result["outcome"]

    assert all(o is not None for o in outcome), "a slow body was still open after 40 s"
    refused = [o for o in outcome if o[1] == 503]
    cut = [o for o in outcome if o[1] != 503]
    # One address holds at most a quarter of the connections; the rest are refused at once with 503.
    assert 40 <= len(refused) <= 58, len(refused)
    assert all(seconds < 2 for seconds, _ in refused)
    # The others are cut off by the minimum rate (1 KB/s after 5 s), long before the 20 s deadline.
    assert all(seconds < 15 and status in (408, None) for seconds, status in cut), cut
    assert max(latencies) < 1.0, f"/healthz took {max(latencies):.2f} s during the attack"
    print(f"\nslow bodies: {len(refused)} refused at once, {len(cut)} cut after "
          f"{min(s for s, _ in cut):.1f}-{max(s for s, _ in cut):.1f} s; /healthz max {max(latencies) * 1000:.0f} ms "
          f"(median {sorted(latencies)[len(latencies) // 2] * 1000:.0f} ms, n={len(latencies)})")

    # Slow headers: the head must arrive within --header-timeout (4 s).
    sockets = []
    for _ in range(5):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(ATTACKER, 0))
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sockets.append(sock)
    tried(5)
    outcome = drip_until_closed(sockets, interval=1.0, limit=20)
    assert all(o is not None and o[0] < 10 and o[1] in (408, None) for o in outcome), outcome

    # A raw photo body for the API, one byte a second: 408, never a 500.
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(ATTACKER, 0))
    sock.sendall(b"POST /api/ocr HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer pw\r\nContent-Length: 100000\r\n\r\n")
    tried()
    [(seconds, status)] = drip_until_closed([sock], interval=1.0, limit=30)
    assert status in (408, None) and seconds < 15, (status, seconds)

    # A person can still log in, and nothing failed inside.
    assert login(server, "pw").status == 303
    assert server.alive()
    no_internal_errors(server)


# MARK: Guessing credentials

def test_token_password_and_session_guesses_share_one_backoff(make_server):
    server = make_server("--password", "pw", "--api-tokens", "tok-right")
    body = b'{"text": "A passage about keeping a daily record of small things."}'
    json_headers = {"Content-Type": "application/json"}
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(ATTACKER, 0))
    statuses = []
    start = time.monotonic()
    for i in range(200):
        reply = call(server, "POST", "/api/posts", body, {**json_headers, "Authorization": f"Bearer guess-{i:04d}"}, conn=conn)
        statuses.append(reply.status)
        if reply.status == 429:
            assert reply.header("Retry-After"), "429 without Retry-After"
    conn.close()
    elapsed = time.monotonic() - start
    tried(200)
    assert set(statuses) <= {401, 429}, set(statuses)
    assert statuses[:3] == [401, 401, 401]
    # Each backoff window lets one more guess be checked: 3 free, then one per doubling window.
    assert statuses.count(401) <= 3 + 1 + int(elapsed).bit_length(), (statuses.count(401), elapsed)
    assert statuses[-50:].count(429) >= 48

    # The right token from the guessing address waits out the backoff too; from another address it works.
    right = {**json_headers, "Authorization": "Bearer tok-right"}
    blocked = call(server, "POST", "/api/posts", body, right)
    assert blocked.status == 429 and int(blocked.header("Retry-After")) >= 1
    assert call(server, "POST", "/api/posts", body, right, source=PROBE).status == 200

    # Session guesses and the password share the same backoff.
    guess = call(server, "GET", "/history", headers={"Cookie": "snappost_session=AAAAAAAAAAAAAAAAAAAAAA"})
    assert guess.status == 429 and guess.header("Retry-After")
    password = login(server, "pw", source=ATTACKER)
    assert password.status == 429 and password.header("Retry-After")
    tried(3)

    time.sleep(int(blocked.header("Retry-After")) + 0.3)
    wait = call(server, "POST", "/api/posts", body, right)
    if wait.status == 429:  # the session guess above may have been checked after the first window: one more wait
        time.sleep(int(wait.header("Retry-After")) + 0.3)
        wait = call(server, "POST", "/api/posts", body, right)
    assert wait.status == 200
    print(f"\ntoken guessing: 200 guesses in {elapsed:.1f} s, {statuses.count(401)} checked (401), "
          f"{statuses.count(429)} refused unchecked (429 + Retry-After); the right token waited {blocked.header('Retry-After')} s")
    assert server.alive()
    no_internal_errors(server)


def test_forged_forwarding_does_not_escape_the_throttle(make_server):
    server = make_server("--password", "pw", "--trust-proxy", "true", "--trusted-proxies", "127.0.0.1")
    form = {"Content-Type": "application/x-www-form-urlencoded"}

    # Not a trusted proxy: its X-Forwarded-For is ignored, whatever it says.
    statuses = [call(server, "POST", "/login", f"password=wrong-{i}".encode(), {**form, "X-Forwarded-For": f"198.51.100.{i}"}).status
                for i in range(10)]
    tried(10)
    assert statuses[:3] == [401, 401, 401] and statuses[3:].count(429) >= 6, statuses

    # Through the trusted proxy (127.0.0.1), which appends the address it saw: the client is the right-most entry that
    # is not a proxy, whatever the client put in front of it.
    statuses = [call(server, "POST", "/login", f"password=wrong-{i}".encode(),
                     {**form, "X-Forwarded-For": f"10.9.8.{i}, 127.0.0.1, 203.0.113.9"}, source=PROBE).status
                for i in range(10)]
    tried(10)
    assert statuses[:3] == [401, 401, 401] and statuses[3:].count(429) >= 6, statuses

    # Another client behind the same proxy is not slowed down.
    other = call(server, "POST", "/login", b"password=pw&next=/history", {**form, "X-Forwarded-For": "203.0.113.50"}, source=PROBE)
    assert other.status == 303
    assert server.alive()
    no_internal_errors(server)


# MARK: Memory

def png_bytes(img):
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=6)
    return out.getvalue()


def big_page(mode, size=7000, text=True):
    """A 7000×7000 page: mostly paper, so the PNG is small while decoding it takes 49 megapixels."""
    img = Image.new(mode, (size, size), 250 if mode == "L" else (246, 240, 226))
    if text:
        draw = ImageDraw.Draw(img)
        font = ImageFont.truetype(FONT, 120)
        lines = ["The lighthouse keeper wrote every evening", "in a small blue notebook. He counted ships,",
                 "storms and the quiet hours between them.", "Nobody asked him to keep the record, yet",
                 "the habit gave his days a steady shape."]
        for i, line in enumerate(lines):
            draw.text((500, 1500 + i * 200), line, fill=20 if mode == "L" else (25, 22, 20), font=font)
    return png_bytes(img)


def png_claiming(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = zlib.compress(b"\x00" * (width + 1) * 64, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def vm_hwm_kb(server):
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def test_ten_huge_pngs_at_once_stay_under_one_gib(make_server):
    server = make_server("--upload-per-minute", "1000")
    grey_text, grey_blank, colour_text = big_page("L"), big_page("L", text=False), big_page("RGB")
    uploads = [grey_text, grey_blank, colour_text, grey_text, grey_blank, colour_text, grey_text, grey_blank, colour_text, grey_text]
    baseline = vm_hwm_kb(server)
    replies = [None] * len(uploads)

    def send(i, data):
        content_type, body = multipart([("photo", f"big{i}.png", data)])
        replies[i] = call(server, "POST", "/scans", body, {"Content-Type": content_type}, timeout=300)

    threads = [threading.Thread(target=send, args=(i, data)) for i, data in enumerate(uploads)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    tried(len(uploads))
    statuses = [r.status for r in replies]
    assert all(s in (303, 422, 503) or 400 <= s < 500 for s in statuses), statuses
    for reply in replies:
        if reply.status >= 400:
            assert 'class="alert error"' in reply.text, reply.text[:300]
    assert statuses.count(303) >= 3, statuses  # the pages with text were read
    peak = vm_hwm_kb(server)
    print(f"\nten 7000x7000 PNGs at once: peak RSS {peak / 1024:.0f} MiB (before: {baseline / 1024:.0f} MiB), "
          f"{elapsed:.1f} s, statuses {sorted(statuses)}")
    assert peak * 1024 <= GIB, f"peak RSS {peak / 1024:.0f} MiB"

    # Bombs: a header claiming 30000×30000, and a PNG whose IDAT inflates far past its declared size.
    for name, data in [("claims.png", png_claiming(30000, 30000)), ("inflates.png", inflating_png())]:
        content_type, body = multipart([("photo", name, data)])
        reply = call(server, "POST", "/scans", body, {"Content-Type": content_type})
        assert 400 <= reply.status < 500, (name, reply.status)
        tried()
    assert vm_hwm_kb(server) * 1024 <= GIB
    assert server.alive()
    no_internal_errors(server)


def inflating_png():
    """A 100×100 grey PNG whose one IDAT inflates to 200 MB: the decoder must stop at what the header allows."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    raw = b"".join(compressor.compress(b"\x00" * (1024 * 1024)) for _ in range(200)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100, 100, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


# MARK: Forms and text

def test_parts_metadata_and_long_text(make_server, tmp_path):
    server = make_server("--upload-per-minute", "1000")
    page = render_page(tmp_path / "page.jpg").read_bytes()
    # HTML in the JPEG's comment: read as a photo, but the stored preview is re-encoded from pixels, without it.
    html = b"<html><script>alert('stored')</script></html>"
    commented = page[:2] + b"\xff\xfe" + struct.pack(">H", len(html) + 2) + html + page[2:]
    content_type, body = multipart([("photo", "commented.jpg", commented)])
    scan = call(server, "POST", "/scans", body, {"Content-Type": content_type}, source=PROBE).header("Location")
    tried()
    preview = call(server, "GET", scan + "/preview.jpg", source=PROBE)
    assert preview.status == 200 and preview.body[:2] == b"\xff\xd8"
    assert b"<script>" not in preview.body and b"alert" not in preview.body

    # A photo after twenty other fields is read; a form of 300 parts is refused whole, with a message.
    fields = [(f"field{i}", None, f"value {i}".encode()) for i in range(20)]
    content_type, body = multipart(fields + [("photo", "page.jpg", page)])
    assert call(server, "POST", "/scans", body, {"Content-Type": content_type}, source=PROBE).status == 303
    content_type, body = multipart([(f"f{i}", None, b"v") for i in range(300)] + [("photo", "page.jpg", page)])
    crowded = call(server, "POST", "/scans", body, {"Content-Type": content_type})
    tried(2)
    assert crowded.status == 400 and "too many fields" in crowded.text

    # Drafts from 1 MB of text: refused at once with the count, and the text is kept.
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    long = "A sentence about habits. " * 40_000
    start = time.monotonic()
    reply = call(server, "POST", scan + "/posts", f"text={long}".encode(), form, source=PROBE)
    tried()
    assert reply.status == 413 and "too long to write posts from" in reply.text, reply.status
    assert time.monotonic() - start < 10
    assert len(textarea(call(server, "GET", scan, source=PROBE).text)) > 900_000
    assert server.alive()
    no_internal_errors(server)


# MARK: Sessions

def test_stale_sessions_are_refused(make_server, tmp_path):
    data_dir = tempfile.mkdtemp(prefix="snappost-attack-") + "/data"
    server = make_server("--password", "old password", data_dir=data_dir)
    old = cookie_of(login(server, "old%20password"))
    assert call(server, "GET", "/", headers={"Cookie": old}, source=PROBE).status == 200

    # Stored as hashes, in a folder and files only the owner can read.
    database = Path(data_dir) / "snappost.sqlite"
    secret = old.split("=", 1)[1]
    for path in [database, Path(str(database) + "-wal")]:
        if path.exists():
            assert secret.encode() not in path.read_bytes(), f"session id stored in plain text in {path.name}"
    assert stat.S_IMODE(os.stat(data_dir).st_mode) == 0o700
    for suffix in ["", "-wal", "-shm"]:
        path = Path(str(database) + suffix)
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, (path.name, oct(path.stat().st_mode))

    # The password changes: the old cookie is refused, and the browser is told to forget it.
    server.stop()
    server = make_server("--password", "new password", data_dir=data_dir)
    stale = call(server, "GET", "/", headers={"Cookie": old}, source=PROBE)
    tried()
    assert stale.status == 303 and stale.header("Location").startswith("/login")
    assert "Max-Age=0" in (stale.header("Set-Cookie") or "")
    assert login(server, "old%20password").status == 401

    # Log out everywhere, from the History page: every session ends.
    phone, laptop = cookie_of(login(server, "new%20password")), cookie_of(login(server, "new%20password"))
    history = call(server, "GET", "/history", headers={"Cookie": phone}, source=PROBE)
    assert "Log out everywhere" in history.text
    out = call(server, "POST", "/logout/everywhere", headers={"Cookie": phone}, source=PROBE)
    assert out.status == 303
    for cookie in (phone, laptop):
        assert call(server, "GET", "/", headers={"Cookie": cookie}, source=PROBE).status == 303
        tried()

    # After login, only our own paths: encoded tabs, slashes and schemes all land on the home page.
    for evil in ["/%09/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "/%2F%2Fevil.example",
                 "/%5Cevil.example", "/%E2%80%8B/evil.example", "/%252F/evil.example", "/%0a/evil.example"]:
        reply = call(server, "POST", "/login", f"password=new%20password&next={evil}".encode(),
                     {"Content-Type": "application/x-www-form-urlencoded"}, source=PROBE)
        assert reply.status == 303 and reply.header("Location") == "/", (evil, reply.header("Location"))
        tried()
    # Control characters are removed, never sent on: no header can be injected through the redirect.
    reply = call(server, "POST", "/login", b"password=new%20password&next=/%0d%0aSet-Cookie:%20x=1",
                 {"Content-Type": "application/x-www-form-urlencoded"}, source=PROBE)
    tried()
    assert reply.status == 303 and not re.search(r"[\x00-\x1f]", reply.header("Location"))
    assert not any(value.startswith("x=1") for key, value in reply.headers if key.lower() == "set-cookie")
    assert server.alive()
    no_internal_errors(server)


# MARK: A full disk

def mount_small_disk(path, megabytes):
    os.makedirs(path, exist_ok=True)
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", path], capture_output=True)
    return result.returncode == 0


def fill(path):
    """Writes a file until the disk is full; returns its path."""
    filler = Path(path) / "filler.bin"
    # Unbuffered: a buffered file would fail once more on close, flushing what the full disk refused.
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 65536)
        except OSError:
            pass
    return filler


def textarea(html):
    match = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', html, re.S)
    return match.group(1) if match else None


def test_a_full_disk_is_told_apart_and_loses_nothing(make_server, tmp_path):
    disk = str(tmp_path / "disk")
    if os.geteuid() != 0 or not mount_small_disk(disk, 16):
        pytest.skip("a small tmpfs disk needs root (mount -t tmpfs)")
    try:
        server = make_server("--min-free-megabytes", "4", data_dir=disk + "/data")
        page = render_page(tmp_path / "page.jpg").read_bytes()
        content_type, body = multipart([("photo", "page.jpg", page)])
        scan = call(server, "POST", "/scans", body, {"Content-Type": content_type}, source=PROBE).header("Location")
        saved = "Saved before the disk filled up."
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        assert call(server, "POST", scan, f"text={saved}".encode(), form, source=PROBE).status == 303
        health = call(server, "GET", "/healthz", source=PROBE)
        assert health.status == 200 and '"status":"ok"' in health.text

        filler = fill(disk)
        time.sleep(1.2)  # /healthz caches its real write for a second
        health = call(server, "GET", "/healthz", source=PROBE)
        assert health.status == 503 and "disk full" in health.text, health.text

        # Saves and uploads are refused with 507 and a plain message; nothing claims to be saved.
        acknowledged = saved
        for attempt in range(20):
            edit = f"Edit {attempt} on a full disk, " + "x" * 20000
            reply = call(server, "POST", scan, f"text={edit}".encode(), form, source=PROBE)
            tried()
            assert reply.status in (303, 507), reply.status
            if reply.status == 303:
                acknowledged = edit  # the WAL still had room: this one is saved, and must stay
            else:
                break
        assert reply.status == 507 and "disk is full" in reply.text and "was not saved" in reply.text
        # What the page says, not the words its scripts carry for later ("Nothing here is saved over it").
        said = re.sub(r"<script\b[^>]*>.*?</script>", "", reply.text, flags=re.S)
        said = re.sub(r'<meta name="snappost-messages"[^>]*>', "", said)  # the scripts' words, an escaped attribute
        assert "is saved" not in said and "Your text below is saved" not in said
        upload = call(server, "POST", "/scans", body, {"Content-Type": content_type}, source=PROBE)
        tried()
        assert upload.status == 507 and "disk is full" in upload.text, upload.status

        # Space again: everything works, and the last acknowledged save is there.
        os.unlink(filler)
        time.sleep(1.2)
        assert call(server, "GET", "/healthz", source=PROBE).status == 200
        if textarea(call(server, "GET", scan, source=PROBE).text) != acknowledged:
            TALLY["lost"] += 1
        assert TALLY["lost"] == 0, "an acknowledged save was lost"
        assert call(server, "POST", scan, b"text=After the disk was freed.", form, source=PROBE).status == 303
        assert textarea(call(server, "GET", scan, source=PROBE).text) == "After the disk was freed."
        assert server.alive()
        no_internal_errors(server)
        server.stop()
    finally:
        subprocess.run(["umount", "-l", disk], capture_output=True)
