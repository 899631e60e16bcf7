"""The installed app's offline shell: /sw.js is served and registered, and with the network cut a reload shows the
offline page instead of the browser's error page. The login page has no navigation."""
import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, Server, iphone_context, screenshot_whole_page
from http_client import request




def test_service_worker_serves_the_offline_page(browser, server):
    reply = request(server.base, "GET", "/sw.js")
    assert reply.status == 200 and "javascript" in reply.header("Content-Type")
    assert reply.header("Service-Worker-Allowed") == "/"
    p, b = browser
    context = iphone_context(p, b)
    page = context.new_page()
    page.goto(server.base + "/")
    # Registered by the page and in control after a reload.
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)", timeout=20_000)
    page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=20_000)
    context.set_offline(True)
    page.reload()
    # It says what is true: nothing typed here is waiting (the list of kept copies is empty), not "saved there".
    expect(page.get_by_role("heading", name="You're offline")).to_be_visible()
    expect(page.get_by_text("Nothing typed in this browser is waiting to be sent")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    screenshot_whole_page(page, SCREENSHOTS / "offline-phone-light.png")
    context.set_offline(False)
    # The offline page notices the server is back and loads the page that was asked for, by itself.
    expect(page.get_by_text("Take photo")).to_be_visible(timeout=20_000)
    # Private pages are never cached: the cache holds only the shell.
    cached = page.evaluate("() => caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys())))).then(l => l.flat().map(r => new URL(r.url).pathname))")
    assert set(cached) <= {"/offline", "/static/app.css", "/static/app.js", "/static/icon.svg", "/static/icon-192.png"}, cached
    assert "/offline" in cached
    context.close()


def test_login_page_has_no_navigation(browser):
    server = Server(extra_args=["--password", "correct horse"]).start()
    try:
        p, b = browser
        page = b.new_page()
        page.goto(server.base + "/history")
        page.wait_for_url(re.compile(r"/login"))
        expect(page.get_by_label("Password")).to_be_visible()
        assert page.locator("nav[aria-label=Main]").count() == 0
    finally:
        server.stop()
