"""Shared pieces for the end-to-end suites: start the real snappost binary on loopback and render test pages."""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("SNAPPOST_BIN", ROOT / ".build" / "debug" / "snappost"))
SCREENSHOTS = ROOT / ".build" / "screenshots"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

PAGE_TEXT = [
    "The lighthouse keeper wrote every evening",
    "in a small blue notebook. He counted ships,",
    "storms and the quiet hours between them.",
    "",
    "Nobody asked him to keep the record, yet",
    "the habit gave his days a steady shape.",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The real server process, on loopback, with its own data folder."""

    def __init__(self, extra_args=(), env=None, data_dir=None, host="127.0.0.1", port=None):
        self.port = port or free_port()
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="snappost-e2e-")
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(self.data_dir) / "server.log"
        self.args = [str(BINARY), "serve", "--host", host, "--port", str(self.port),
                     "--data-dir", self.data_dir, "--resources-dir", str(ROOT), *extra_args]
        self.env = {**os.environ, **(env or {})}
        self.process = None

    def start(self, timeout=60):
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(self.args, env=self.env, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("server exited early:\n" + self.log_path.read_text(errors="replace")[-3000:])
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return self
            except Exception:
                time.sleep(0.2)
        raise RuntimeError("server did not become healthy:\n" + self.log_path.read_text(errors="replace")[-3000:])

    def alive(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/healthz", timeout=10) as r:
                return r.status == 200
        except Exception:
            return False

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()
        if getattr(self, "log", None):
            self.log.close()

    def logs(self) -> str:
        return self.log_path.read_text(errors="replace")


CHROMIUM = "/usr/bin/chromium"


def iphone_context(p, b, javascript=True, **extra):
    """A browser context emulating an iPhone 13 (Chromium, so without the device's browser type)."""
    device = dict(p.devices["iPhone 13"])
    device.pop("default_browser_type", None)
    return b.new_context(**device, java_script_enabled=javascript, **extra)


def clipboard_without_share(context, base):
    """Clipboard allowed; Web Share removed (Chromium on Linux has none anyway), so Share must fall back to Copy."""
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    context.add_init_script("try { delete Navigator.prototype.share; } catch (e) {}")


def screenshot_whole_page(page, path):
    """The whole page in one picture, without Playwright's `full_page` path, which in Chromium can outlast its own
    timeout: the viewport is made as tall as the page (up to 8000 px), shot, and put back."""
    size = page.viewport_size
    height = min(int(page.evaluate("Math.ceil(document.documentElement.scrollHeight)")), 8000)
    page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    try:
        page.screenshot(path=str(path), timeout=60_000)
    finally:
        page.set_viewport_size(size)


def watch_errors(page):
    """Page errors and console errors, collected for the test to assert empty."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


@pytest.fixture(scope="module")
def browser():
    """Playwright with Debian's Chromium: (playwright, browser)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield p, b
        b.close()


@pytest.fixture(scope="session")
def binary():
    if not BINARY.exists():
        pytest.fail(f"{BINARY} is missing: run `swift build` first (make test does).")
    return BINARY


@pytest.fixture(scope="module")
def server(binary):
    s = Server().start()
    yield s
    s.stop()
    shutil.rmtree(s.data_dir, ignore_errors=True)


def render_page(path: Path, lines=PAGE_TEXT, width=1400, height=1800, size=46, angle=0.0):
    """A clean synthetic book page: dark serif text on warm paper."""
    from PIL import Image, ImageDraw, ImageFont
    img = Image.new("RGB", (width, height), (246, 240, 226))
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, size)
    y = 160
    for line in lines:
        if line:
            draw.text((130, y), line, fill=(25, 22, 20), font=font)
        y += int(size * 1.6)
    if angle:
        img = img.rotate(angle, expand=True, fillcolor=(246, 240, 226))
    img.save(path, quality=92)
    return path


@pytest.fixture(scope="session")
def page_photo(tmp_path_factory):
    return render_page(tmp_path_factory.mktemp("pages") / "page.jpg")


@pytest.fixture(scope="session")
def shelf_photos(tmp_path_factory):
    """Shelves rendered at test time by tools/make_shelf_fixtures.py: shelf.jpg (with shelf.json) and empty_wall.jpg."""
    out = tmp_path_factory.mktemp("shelves")
    subprocess.run(["python3", str(ROOT / "tools" / "make_shelf_fixtures.py"), str(out)], check=True, capture_output=True)
    return out
