"""The page's language in the real browser: Home offers the installed languages, remembers the choice, the upload is
read in it and Results says so; Results can read the page again in another language."""
import re

from playwright.sync_api import expect

from conftest import iphone_context, render_page

GERMAN_PAGE = [
    "Der Leuchtturmwärter schrieb jeden Abend",
    "in ein kleines blaues Heft. Er zählte Schiffe,",
    "Stürme und die stillen Stunden dazwischen.",
]


def test_language_is_chosen_remembered_and_used(browser, server, tmp_path):
    p, b = browser
    context = iphone_context(p, b)
    page = context.new_page()
    page.goto(server.base + "/")
    select = page.locator("#lang")
    expect(select).to_have_value("eng")
    assert "English (default)" in select.locator("option").first.inner_text()
    select.select_option("deu")
    photo = render_page(tmp_path / "seite.jpg", lines=GERMAN_PAGE)
    page.locator("input[type=file]:not([capture])").set_input_files(str(photo))
    page.wait_for_url(re.compile(r"/scans/[A-Za-z0-9_-]{22}$"), timeout=60_000)
    expect(page.get_by_text("Read as German")).to_be_visible()
    assert "Stürme" in page.locator("#text").input_value()

    # The choice is remembered in the browser.
    page.goto(server.base + "/")
    expect(page.locator("#lang")).to_have_value("deu")

    # Results: read again as English.
    page.go_back()
    page.locator("details.read-as summary").click()
    page.locator("#read-lang").select_option("eng")
    page.locator("details.read-as").get_by_role("button", name="Read again").click()
    page.wait_for_url(re.compile(r"\?language=1$"), timeout=60_000)
    expect(page.get_by_text("Read as English")).to_be_visible()
    context.close()
