"""Faults: the AI provider refuses, hangs or talks garbage mid-session (the edited text survives and Retry works once
it is back), and a SIGKILL during writes loses nothing that was acknowledged (SQLite WAL, synchronous=FULL)."""
import json
import re
import shutil
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import Server, free_port, render_page
from http_client import form, request, upload

TONES = ["punchy", "contrarian", "personal", "analytical", "openQuestion"]


class FakeProvider:
    """A chat-completions server on loopback whose behaviour the test switches: ok, hang, garbage, or down."""

    def __init__(self):
        self.port = free_port()
        self.mode = "ok"
        self.httpd = None

    def start(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                self.rfile.read(length)
                if provider.mode == "hang":
                    time.sleep(6)
                if provider.mode == "garbage":
                    body = b"<html>502 Bad Gateway from a confused proxy</html>"
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                else:
                    posts = [{"tone": t, "text": f"A {t} draft about keeping a daily record. What do you track?"} for t in TONES]
                    body = json.dumps({
                        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "fake",
                        "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                                     "message": {"role": "assistant", "content": json.dumps({"posts": posts}), "refusal": None}}],
                    }).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except BrokenPipeError:
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def textarea(html):
    match = re.search(r'<textarea id="text" name="text"[^>]*>(.*?)</textarea>', html, re.S)
    return match.group(1) if match else None


def test_provider_failures_keep_the_text_and_retry_works(tmp_path):
    provider = FakeProvider()
    server = Server(extra_args=["--ai-base-url", f"http://127.0.0.1:{provider.port}/v1", "--ai-timeout", "2",
                                "--ai-model", "fake-model"]).start()
    try:
        reply = upload(server.base, [("photo", "page.jpg", render_page(tmp_path / "p.jpg").read_bytes())])
        assert reply.status == 303
        scan = reply.header("Location")
        assert "127.0.0.1 · fake-model" in request(server.base, "GET", scan).text  # the AI-mode badge names host and model

        for mode, edited in [("down", "Edit one, typed while the provider was down."),
                             ("hang", "Edit two, typed while the provider hung."),
                             ("garbage", "Edit three, typed while the provider spoke garbage.")]:
            provider.stop()
            if mode != "down":
                provider.mode = mode
                provider.start()
            reply = form(server.base, scan + "/posts", [("text", edited)])
            assert reply.status in (502, 503, 504), (mode, reply.status)
            assert textarea(reply.text) == edited, mode
            assert "Retry" in reply.text, mode
            assert textarea(request(server.base, "GET", scan).text) == edited, mode
            assert server.alive()

        provider.stop()
        provider.mode = "ok"
        provider.start()
        reply = form(server.base, scan + "/posts", [("text", "Edit three, typed while the provider spoke garbage.")])
        assert reply.status == 303, reply.text[:400]
        cards = request(server.base, "GET", reply.header("Location")).text
        assert cards.count('<li class="card"') == 5
    finally:
        provider.stop()
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)


def test_sigkill_during_writes_loses_nothing_acknowledged(tmp_path):
    # History large enough that eviction never hides an item: every acknowledged one must be there after the restart.
    history_args = ["--history-size", "100000"]
    server = Server(extra_args=history_args).start()
    data_dir = server.data_dir
    try:
        photo = render_page(tmp_path / "p.jpg").read_bytes()
        scans = []
        for _ in range(3):
            reply = upload(server.base, [("photo", "page.jpg", photo)])
            assert reply.status == 303
            scans.append(reply.header("Location"))

        acked = {}
        acked_writes = []
        history_acked = []
        stop = threading.Event()

        def writer():
            version = 0
            while not stop.is_set():
                version += 1
                scan = scans[version % len(scans)]
                try:
                    reply = form(server.base, scan, [("text", f"version {version}")])
                    if reply.status == 303:
                        acked[scan] = version
                        acked_writes.append(version)
                    if version % 5 == 0:
                        r = form(server.base, "/history", [("action", "posted"), ("tone", "punchy"), ("text", f"posted {version}")])
                        if r.status == 204:
                            history_acked.append(f"posted {version}")
                except Exception:
                    return

        thread = threading.Thread(target=writer)
        thread.start()
        time.sleep(1.5)
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(10)
        stop.set()
        thread.join(10)
        assert acked, "no write was acknowledged before the kill"

        restarted = Server(extra_args=history_args, data_dir=data_dir).start()
        try:
            for scan, version in acked.items():
                stored = textarea(request(restarted.base, "GET", scan).text)
                assert stored and stored.startswith("version "), stored
                assert int(stored.split()[1]) >= version, (scan, stored, version)
            history = request(restarted.base, "GET", "/history").text
            for text in history_acked:
                assert f">{text}<" in history, text
            print(f"\nSIGKILL after {len(acked_writes)} acknowledged edits and {len(history_acked)} history items: 0 lost")
        finally:
            restarted.stop()
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_sigterm_finishes_the_ocr_in_flight(tmp_path):
    """Graceful shutdown: a photo being read when SIGTERM arrives still gets its Results redirect."""
    server = Server().start()
    try:
        photo = render_page(tmp_path / "big.jpg", lines=PAGE_LINES_LONG, width=2400, height=3200, size=52).read_bytes()
        result = {}

        def send():
            result["reply"] = upload(server.base, [("photo", "page.jpg", photo)])

        thread = threading.Thread(target=send)
        thread.start()
        # Wait (bounded) until the photo is being read: the queue-depth gauge shows it.
        deadline = time.time() + 30
        while time.time() < deadline and "snappost_ocr_queue_depth 1" not in request(server.base, "GET", "/metrics").text:
            time.sleep(0.01)
        assert "reply" not in result, "the photo was read before SIGTERM could be sent"
        server.process.send_signal(signal.SIGTERM)
        thread.join(60)
        assert result["reply"].status == 303, result["reply"].text[:300]
        assert server.process.wait(30) == 0
    finally:
        server.stop()
        shutil.rmtree(server.data_dir, ignore_errors=True)


PAGE_LINES_LONG = [
    "It was the custom of the house to keep a ledger of small things:",
    "the price of bread, the hour the river froze, the names of guests.",
    "Nobody remembered who began it, and nobody dared to let it lapse.",
    "",
] * 8
