"""Hostile input against the real server over loopback HTTP. Every input must get its own clear 4xx page (or a 503),
and after each one the server must answer /healthz, stay under a memory bound, and keep every earlier scan unchanged."""
import io
import os
import random
import re
import shutil
import struct
import subprocess
import time
import zlib

import pytest
from PIL import Image

from conftest import Server, render_page
from http_client import form, raw_exchange, request, upload

RSS_BOUND_KB = 1_500_000  # 1.5 GB: far above a healthy server (~100-300 MB), far below a runaway allocation.


def jpeg_bytes(img, **kw):
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90, **kw)
    return out.getvalue()


def png_bytes(img):
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def png_bomb(width=30000, height=30000):
    """A PNG whose header claims width×height pixels with a tiny body: decoding it would need ~900 MB."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = zlib.compress(b"\x00" * (width + 1) * 64, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def with_corrupt_exif(jpeg):
    garbage = b"Exif\x00\x00MM\x00\x2a\xff\xff\xff\xf0" + bytes(random.Random(7).getrandbits(8) for _ in range(300))
    segment = b"\xff\xe1" + struct.pack(">H", len(garbage) + 2) + garbage
    return jpeg[:2] + segment + jpeg[2:]


def html_polyglot(jpeg):
    html = b"<html><body><script>alert('polyglot')</script></body></html>"
    comment = b"\xff\xfe" + struct.pack(">H", len(html) + 2) + html
    return jpeg[:2] + comment + jpeg[2:] + html


@pytest.fixture(scope="module")
def hostile_server():
    s = Server(extra_args=["--upload-per-minute", "10000", "--request-timeout", "4", "--idle-timeout", "3",
                           "--ocr-queue-length", "16"]).start()
    yield s
    s.stop()
    shutil.rmtree(s.data_dir, ignore_errors=True)


def results_text(server, path):
    html = request(server.base, "GET", path).text
    match = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', html, re.S)
    return match.group(1) if match else None


def test_hostile_inputs(hostile_server, tmp_path):
    server = hostile_server
    page = render_page(tmp_path / "page.jpg")
    good_jpeg = page.read_bytes()
    blank = Image.new("RGB", (1200, 1600), (255, 255, 255))

    # Scans that must survive everything below unchanged.
    kept = []
    for _ in range(2):
        reply = upload(server.base, [("photo", "page.jpg", good_jpeg)])
        assert reply.status == 303, reply.text[:500]
        path = reply.header("Location")
        kept.append((path, results_text(server, path)))
    assert all(text and "notebook" in text for _, text in kept)

    heic_path = tmp_path / "page.heic"
    render_page(tmp_path / "page.png")
    subprocess.run(["heif-enc", "-q", "70", str(tmp_path / "page.png"), "-o", str(heic_path)], check=True, capture_output=True)

    gif = io.BytesIO()
    frames = [Image.new("P", (300, 200), color) for color in (0, 1, 2)]
    frames[0].save(gif, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)

    webp = io.BytesIO()
    frames[0].convert("RGB").save(webp, "WEBP", save_all=True, append_images=[f.convert("RGB") for f in frames[1:]], duration=100)

    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><text y="50">Hi</text></svg>'
    pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

    def photo(name, data, field="photo"):
        return lambda: upload(server.base, [(field, name, data)])

    cases = [
        ("zero-byte file", photo("photo.jpg", b"")),
        ("truncated JPEG", photo("photo.jpg", good_jpeg[: len(good_jpeg) // 3])),
        ("random bytes named photo.jpg", photo("photo.jpg", os.urandom(50_000))),
        ("PNG claiming 30000x30000", photo("bomb.png", png_bomb())),
        ("JPEG with corrupted EXIF", photo("exif.jpg", with_corrupt_exif(jpeg_bytes(blank)))),
        ("HTML/JPEG polyglot", photo("poly.jpg", html_polyglot(jpeg_bytes(blank)))),
        ("SVG with a script", photo("image.svg", svg)),
        ("PDF", photo("doc.pdf", pdf)),
        ("animated GIF", photo("anim.gif", gif.getvalue())),
        ("animated WebP", photo("anim.webp", webp.getvalue())),
        ("1x1 image", photo("dot.png", png_bytes(Image.new("RGB", (1, 1), (0, 0, 0))))),
        ("all-white photo", photo("white.jpg", jpeg_bytes(blank))),
        ("multipart with no file", lambda: upload(server.base, [("note", None, b"hello")])),
        ("multipart with two files", lambda: upload(server.base, [("photo", "a.jpg", good_jpeg), ("photo", "b.jpg", good_jpeg)])),
        ("multipart with the wrong field name", photo("page.jpg", good_jpeg, field="image")),
        ("2 MB textarea", lambda: form(server.base, kept[0][0] + "/posts", [("text", "x" * (2 * 1024 * 1024))])),
        ("path traversal id", lambda: request(server.base, "GET", "/scans/..%2F..%2F..%2Fetc%2Fpasswd")),
        ("path traversal in assets", lambda: request(server.base, "GET", "/static/../../../etc/passwd")),
        ("SQL-looking id", lambda: request(server.base, "GET", "/scans/1'%20OR%20'1'='1")),
        ("SQL-looking history delete", lambda: request(server.base, "POST", "/history/x'%3BDROP%20TABLE%20scan--/delete")),
        ("not multipart at all", lambda: request(server.base, "POST", "/scans", b"hello", {"Content-Type": "text/plain"})),
        ("broken multipart boundary", lambda: request(server.base, "POST", "/scans", b"--zzz\r\nbroken", {"Content-Type": "multipart/form-data; boundary=zzz"})),
    ]

    tried = 0
    for name, send in cases:
        reply = send()
        tried += 1
        assert 400 <= reply.status < 500 or reply.status == 503, f"{name}: {reply.status} {reply.text[:300]}"
        assert "<script>alert" not in reply.text, name
        if reply.header("Content-Type", ) and "text/html" in reply.header("Content-Type"):
            assert 'class="alert error"' in reply.text, f"{name}: no clear message"
        check_alive(server, kept, name)

    # Invalid UTF-8 in the fields is saved as replacement characters (a 303), never a 500.
    scratch = upload(server.base, [("photo", "page.jpg", good_jpeg)]).header("Location")
    reply = request(server.base, "POST", scratch, b"text=ok%FF%FE%C3&book=%E2%82%28&author=%C0%AF",
                    {"Content-Type": "application/x-www-form-urlencoded"})
    tried += 1
    assert reply.status in (303, 400), reply.status
    check_alive(server, kept, "invalid UTF-8")

    # A HEIC from an iPhone is a photo we read.
    reply = upload(server.base, [("photo", "IMG_0001.HEIC", heic_path.read_bytes())])
    tried += 1
    assert reply.status == 303, reply.text[:300]
    assert "notebook" in (results_text(server, reply.header("Location")) or "")
    check_alive(server, kept, "HEIC")

    # A 100 MB body is refused without being read: once with Content-Length, once chunked.
    content_type = "multipart/form-data; boundary=big"
    head = (f"POST /scans HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {100 * 1024 * 1024}\r\n\r\n").encode()
    status, _ = raw_exchange(server.base, head, (b"\0" * (1024 * 1024) for _ in range(100)))
    tried += 1
    assert status == 413, status
    check_alive(server, kept, "100 MB body")
    head = (f"POST /scans HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Transfer-Encoding: chunked\r\n\r\n").encode()
    chunk = b"%x\r\n" % (1024 * 1024) + b"\0" * (1024 * 1024) + b"\r\n"
    status, _ = raw_exchange(server.base, head, (chunk for _ in range(100)))
    tried += 1
    assert status in (413, None), status
    check_alive(server, kept, "100 MB chunked body")

    # Slow loris: a byte a second never finishes; the request deadline (4 s here) answers 408 or closes.
    head = (f"POST /scans HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: 100000\r\n\r\n").encode()
    status, elapsed = raw_exchange(server.base, head, (b"x" for _ in range(30)), delay=1.0)
    tried += 1
    assert status in (408, None) and elapsed < 20, (status, elapsed)
    check_alive(server, kept, "slow loris")

    print(f"\nbad inputs tried {tried}, server alive, 0 lost")


def check_alive(server, kept, name):
    assert server.alive(), f"server died after: {name}"
    rss = server.rss_kb()
    assert rss < RSS_BOUND_KB, f"RSS {rss} kB after {name}"
    for path, text in kept:
        assert results_text(server, path) == text, f"scan {path} changed after {name}"
