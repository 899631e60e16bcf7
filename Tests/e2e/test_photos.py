"""Real-browser flows for a scan's photos: drag a corner of the page outline and read the page again; add the next
page's photo to the text."""
import re

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, iphone_context, render_page, screenshot_whole_page


SECOND_PAGE = [
    "When winter came he kept writing, though",
    "the ships were few and the nights were long.",
]



def upload(page, base, photo):
    page.goto(base + "/")
    page.locator("input[type=file]:not([capture])").set_input_files(str(photo))
    page.wait_for_url(re.compile(r"/scans/[A-Za-z0-9_-]{22}$"), timeout=60_000)


def test_drag_a_corner_and_read_again(browser, server, page_photo):
    p, b = browser
    context = b.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    upload(page, server.base, page_photo)
    before = page.locator("#text").input_value()
    assert "Nobody asked him" in before, before

    page.get_by_role("link", name=re.compile("Lines")).click()
    page.get_by_role("link", name="Fix the page outline and read again").click()
    expect(page.locator("[data-outline]")).to_be_visible()
    svg = page.locator("[data-outline]").bounding_box()
    # Pull the two bottom corners up to just above the second paragraph, so only the first is read.
    for index in ("2", "3"):
        corner = page.locator(f'[data-corner="{index}"]')
        # The fixed action bar may cover the photo's bottom edge until the page is scrolled down.
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        svg = page.locator("[data-outline]").bounding_box()
        box = corner.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2, svg["y"] + svg["height"] * 0.25, steps=8)
        page.mouse.up()
    assert int(page.locator('input[name="y2"]').input_value()) < 800
    # A keyboard nudge moves the selected corner too.
    y3 = int(page.locator('input[name="y3"]').input_value())
    page.locator('[data-corner="3"]').focus()
    page.keyboard.press("ArrowUp")
    assert int(page.locator('input[name="y3"]').input_value()) < y3
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    screenshot_whole_page(page, SCREENSHOTS / "outline-desktop-light.png")

    page.get_by_role("button", name="Read again", exact=True).click()
    page.wait_for_url(re.compile(r"/scans/[A-Za-z0-9_-]{22}\?read=0$"), timeout=60_000)
    after = page.locator("#text").input_value()
    assert "lighthouse keeper" in after, after
    assert "Nobody asked him" not in after, after
    assert after != before
    assert not errors, errors
    context.close()


def test_add_the_next_page(browser, server, page_photo, tmp_path):
    p, b = browser
    context = iphone_context(p, b)
    page = context.new_page()
    upload(page, server.base, page_photo)
    area = page.locator("#text")
    area.fill(area.input_value() + "\n\nMy own note.")
    second = render_page(tmp_path / "second.jpg", lines=SECOND_PAGE)
    page.locator("details.add-page summary").click()
    page.locator("details.add-page input[type=file]").set_input_files(str(second))
    page.get_by_role("button", name="Read and add it").click()
    page.wait_for_url(re.compile(r"\?added=2$"), timeout=60_000)
    text = page.locator("#text").input_value()
    assert "My own note." in text, text
    assert "When winter came" in text and text.index("My own note.") < text.index("When winter came"), text
    page.get_by_role("link", name=re.compile("Lines")).click()
    expect(page.get_by_role("heading", name="Photo 2")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    screenshot_whole_page(page, SCREENSHOTS / "lines-two-photos-phone-light.png")
    context.close()
