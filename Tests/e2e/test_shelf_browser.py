"""The Shelf pages in Debian's Chromium with Playwright, on a shelf rendered at test time and the real analyser: iPhone 13
with JavaScript (see the photo, retake, Analyse with progress, tap a spine, correct a spine, Listen, Share, delete),
the same with JavaScript off, and screenshots at 390 and 1280 px, light and dark, under .build/screenshots/."""
import json
import re

from playwright.sync_api import expect

from conftest import SCREENSHOTS, clipboard_without_share, iphone_context, screenshot_whole_page, watch_errors

RESULT = re.compile(r"/shelves/[A-Za-z0-9_-]{22}$")


def test_shelf_with_javascript_on_iphone(browser, server, shelf_photos, tmp_path):
    p, b = browser
    context = iphone_context(p, b)
    clipboard_without_share(context, server.base)
    page = context.new_page()
    errors = watch_errors(page)

    # 1. Shelf, beside Home in the nav: choosing a photo shows it, with Retake and Analyse (nothing is sent yet).
    page.goto(server.base + "/")
    page.get_by_role("navigation").get_by_role("link", name="Shelf").click()
    expect(page).to_have_url(re.compile(r"/shelf$"))
    expect(page.get_by_text("Take photo")).to_be_visible()
    expect(page.get_by_role("button", name="Analyse")).to_be_hidden()
    wall = shelf_photos / "empty_wall.jpg"
    page.locator("input[name=photo]").set_input_files(str(wall))
    preview = page.locator("[data-shelf-preview-image]")
    expect(preview).to_be_visible()
    assert page.evaluate("() => document.querySelector('[data-shelf-preview-image]').naturalWidth") > 0
    expect(page.get_by_role("button", name="Retake")).to_be_visible()
    expect(page.get_by_text("Take photo")).to_be_hidden()
    # 2. Retake opens the picker again; the new photo replaces the old one.
    first = preview.get_attribute("src")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Retake").click()
    chooser.value.set_files(str(shelf_photos / "shelf.jpg"))
    expect(preview).not_to_have_attribute("src", first)

    # 3. Analyse: the progress overlay says what is happening, then the result page opens.
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator("#overlay")).to_be_visible()
    expect(page.locator("#overlay-status")).to_contain_text(re.compile("Uploading|Finding the spines"))
    page.wait_for_url(RESULT, timeout=120_000)
    result = page.url

    # 4. The photo with a box per spine; tapping one shows what was read on it.
    expect(page.locator("svg image")).to_have_count(1)
    spines = page.locator("polygon.spine")
    assert spines.count() >= 8
    known = page.locator("polygon.spine.known")
    assert known.count() >= 6
    known.first.dispatch_event("click")
    caption = page.locator("[data-spine-caption]")
    expect(caption).to_be_visible()
    expect(caption).to_contain_text("Spine")
    assert page.url == result, "with JS a tap shows the caption instead of jumping"

    # 5. Books, preferences, summary, confidence, recommendations.
    books = page.locator("ul.book-list:not(.unidentified) li.book-row")
    assert books.count() >= 6
    titles = books.locator(".book-title").all_text_contents()
    assert "Brave New World" in titles and "Moneyball" in titles, titles
    expect(page.locator(".preferences")).to_contain_text("Favourite genres")
    expect(page.locator(".shelf-summary")).to_contain_text("books identified")
    expect(page.get_by_text(re.compile(r"Overall confidence \d+%"))).to_be_visible()
    recs = page.locator("li.recommendation")
    assert recs.count() >= 3
    expect(recs.first.locator(".badge")).to_contain_text("match")

    # 6. Correct a spine that could not be read: the unread spines are one line that opens, each spine opens to a form.
    unread = page.locator("details.unread")
    expect(unread.locator("> summary")).to_contain_text(re.compile(r"\d+ spines? could not be read — show (them|it)"))
    unread.locator("> summary").click()
    card = page.locator("ul.unidentified li.book-row").first
    card.locator("summary").click()
    card.get_by_label("Title").fill("Grit")
    card.get_by_label("Author").fill("Angela Duckworth")
    card.get_by_role("button", name="Save this book").click()
    page.wait_for_url(re.compile(r"corrected=\d+"))
    expect(page.locator(".alert.notice").first).to_contain_text("Saved as typed: “Grit” by Angela Duckworth")
    expect(page.locator("li.book-row.just-corrected")).to_contain_text("corrected by hand")

    # 7. Listen plays the server's recording in the <audio> element.
    listen = page.get_by_role("button", name="Listen")
    expect(listen).to_be_visible()
    listen.click()
    page.wait_for_function("() => { const a = document.querySelector('audio'); return a.readyState >= 2 || a.error; }", timeout=30_000)
    assert page.evaluate("() => document.querySelector('audio').error") is None
    assert page.evaluate("() => document.querySelector('audio').duration") > 2

    # 8. Share falls back to Copy: the text summary is on the clipboard.
    page.get_by_role("button", name="Share").click()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied.startswith("My bookshelf") and "Grit" in copied and "What to read next:" in copied, copied

    # 9. Recent shelves are kept and searchable; delete removes this one.
    page.goto(server.base + "/shelf?q=grit")
    expect(page.locator(f".scan-list a[href$='{result.rsplit('/', 1)[1]}']")).to_be_visible()
    page.goto(result)
    page.get_by_text("Delete this shelf").click()
    page.get_by_role("button", name="Delete shelf").click()
    page.wait_for_url(re.compile(r"/shelf\?deleted=1$"))
    expect(page.get_by_text("The shelf scan was deleted.")).to_be_visible()
    assert not errors, errors
    assert page.goto(result).status == 404
    context.close()


def test_shelf_with_javascript_off(browser, server, shelf_photos):
    p, b = browser
    context = iphone_context(p, b, javascript=False)
    page = context.new_page()
    page.goto(server.base + "/shelf")
    analyse = page.get_by_role("button", name="Analyse")
    expect(analyse).to_be_visible()
    page.locator("input[name=photo]").set_input_files(str(shelf_photos / "shelf.jpg"))
    analyse.click()
    page.wait_for_url(RESULT, timeout=120_000)
    result = page.url
    # A spine is a link: tapping it jumps to what was read on it.
    page.locator("a.spine-link").nth(1).click()
    assert re.search(r"#spine-\d+$", page.url), page.url
    # The audio element plays without script (native controls); Share and Copy need script and stay hidden.
    expect(page.locator("audio[controls]")).to_be_visible()
    expect(page.get_by_role("button", name="Share")).to_be_hidden()
    # Correcting a book is a plain form: the book's row opens without script.
    card = page.locator("ul.book-list:not(.unidentified) li.book-row").first
    card.locator("summary").click()
    card.get_by_label("Title").fill("Mindset")
    card.get_by_label("Author").fill("Carol S. Dweck")
    card.get_by_role("button", name="Save correction").click()
    page.wait_for_url(re.compile(r"corrected=\d+"))
    expect(page.locator("li.book-row.just-corrected")).to_contain_text("Mindset")
    # Search and delete are forms too.
    page.goto(server.base + "/shelf")
    page.get_by_label("Search your shelves").fill("mindset")
    page.get_by_role("button", name="Search").click()
    expect(page.locator(".scan-list li")).to_have_count(1)
    page.goto(result)
    page.get_by_text("Delete this shelf").click()
    page.get_by_role("button", name="Delete shelf").click()
    page.wait_for_url(re.compile(r"/shelf\?deleted=1$"))
    context.close()


def test_screenshots_of_the_shelf_pages(browser, server, shelf_photos):
    """Phone (390 px) and desktop (1280 px), light and dark; saved for people to look at under .build/screenshots/."""
    p, b = browser
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shots = []
    # The progress overlay while the shelf is analysed.
    ctx = b.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = ctx.new_page()
    page.goto(server.base + "/shelf")
    page.locator("input[name=photo]").set_input_files(str(shelf_photos / "shelf.jpg"))
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator("#overlay")).to_be_visible()
    shots.append(SCREENSHOTS / "shelf-analysing-phone-light.png")
    page.screenshot(path=str(shots[-1]))
    page.wait_for_url(RESULT, timeout=120_000)
    result = page.url
    ctx.close()
    sizes = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
    for scheme in ["light", "dark"]:
        for size_name, viewport in sizes.items():
            context = b.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
            page = context.new_page()
            page.goto(server.base + "/shelf")
            shots.append(SCREENSHOTS / f"shelf-{size_name}-{scheme}.png")
            page.screenshot(path=str(shots[-1]))
            # The chosen photo, before Analyse.
            page.locator("input[name=photo]").set_input_files(str(shelf_photos / "shelf.jpg"))
            expect(page.locator("[data-shelf-preview-image]")).to_be_visible()
            shots.append(SCREENSHOTS / f"shelf-chosen-{size_name}-{scheme}.png")
            page.screenshot(path=str(shots[-1]))
            page.goto(result)
            shots.append(SCREENSHOTS / f"shelf-result-full-{size_name}-{scheme}.png")
            screenshot_whole_page(page, shots[-1])
            # A tapped spine shows what was read on it.
            page.locator("polygon.spine.known").nth(2).dispatch_event("click")
            page.locator(".spine-figure").scroll_into_view_if_needed()
            page.evaluate("() => window.scrollBy(0, document.querySelector('.spine-figure').getBoundingClientRect().top - 70)")
            shots.append(SCREENSHOTS / f"shelf-result-{size_name}-{scheme}.png")
            page.screenshot(path=str(shots[-1]))
            page.locator("#recs-title").scroll_into_view_if_needed()
            shots.append(SCREENSHOTS / f"shelf-recommendations-{size_name}-{scheme}.png")
            page.screenshot(path=str(shots[-1]))
            assert page.locator("header.topbar").count() == 1
            context.close()
    assert all(s.exists() and s.stat().st_size > 5_000 for s in shots)


def test_a_big_shelf_keeps_its_recommendations_near_the_top(browser, server, shelf_photos):
    """About 120 spines, mostly books no catalog holds (named from their spines): on an iPhone 13 the recommendations
    start within the first three screens; the unread spines are one line; every spine link is named and can be
    skipped. Screenshots at phone and desktop width, light and dark."""
    p, b = browser
    truth = json.loads((shelf_photos / "big_shelf.json").read_text())
    assert len(truth) == 120
    context = iphone_context(p, b, javascript=False)
    page = context.new_page()
    page.goto(server.base + "/shelf")
    page.locator("input[name=photo]").set_input_files(str(shelf_photos / "big_shelf.jpg"))
    # Without script the form posts and the page waits for the analysis: longer than a click's own wait.
    page.get_by_role("button", name="Analyse").click(no_wait_after=True)
    page.wait_for_url(RESULT, timeout=300_000)
    result = page.url
    screen = page.viewport_size["height"]
    books = page.locator("ul.book-list:not(.unidentified) li.book-row")
    assert books.count() >= 60, books.count()
    expect(page.locator(".book-row .source-spine").first).to_be_attached()
    recs = page.locator("li.recommendation")
    assert recs.count() >= 3
    top = page.evaluate("() => document.querySelector('#recs-title').getBoundingClientRect().top + window.scrollY")
    first = page.evaluate("() => document.querySelector('li.recommendation').getBoundingClientRect().top + window.scrollY")
    print(f"\nbig shelf: {books.count()} books named, recommendations at {top:.0f} px (screen {screen} px)")
    assert first < 3 * screen, (top, first, screen)
    expect(page.locator("details.unread > summary")).to_contain_text(re.compile(r"^\d+ spines? could not be read — show (them|it)$"))
    links = page.locator("a.spine-link")
    assert links.count() >= 100
    labels = links.evaluate_all("ls => ls.map(l => l.getAttribute('aria-label'))")
    assert all(l and l.startswith("Spine ") for l in labels), labels[:5]
    skip = page.locator("a.skip-spines")
    expect(skip).to_have_attribute("href", "#after-photo")
    assert page.locator("#after-photo").count() == 1
    context.close()

    # Keyboard: the skip link comes before the first spine link and jumps past them all.
    context = iphone_context(p, b)
    page = context.new_page()
    page.goto(result)
    page.locator("a.skip-spines").focus()
    expect(page.locator("a.skip-spines")).to_be_visible()
    page.keyboard.press("Enter")
    assert page.url.endswith("#after-photo")
    context.close()

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sizes = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
    for scheme in ["light", "dark"]:
        for size_name, viewport in sizes.items():
            ctx = b.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
            pg = ctx.new_page()
            pg.goto(result)
            pg.screenshot(path=str(SCREENSHOTS / f"shelf-big-{size_name}-{scheme}.png"))
            screenshot_whole_page(pg, SCREENSHOTS / f"shelf-big-full-{size_name}-{scheme}.png")
            ctx.close()
