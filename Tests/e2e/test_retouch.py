"""The retouch editor in Debian's Chromium: on an emulated iPhone (tap a wire, pinch, undo, redo, export), on a desktop
(mouse brush, wheel zoom, undo), with JavaScript off, and screenshots of its pages at phone and desktop widths."""
import io
import math
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import SCREENSHOTS, iphone_context

W, H = 1200, 800


def wire_y(x):
    """The rendered wire's centre line: a sag across the photo."""
    u = 2 * x / W - 1
    return 260 + 90 * (1 - u * u)


@pytest.fixture(scope="module")
def wire_photo(tmp_path_factory):
    """A sky with grain, one dark sagging wire 7 px wide and a fainter one below: made here, never a shared photo."""
    from PIL import Image, ImageDraw
    import random
    rng = random.Random(5)
    img = Image.new("RGB", (W, H))
    px = img.load()
    for y in range(H):
        for x in range(W):
            g = rng.randint(-3, 3)
            px[x, y] = (int(140 + 50 * y / H) + g, int(165 + 35 * y / H) + g, 225 + g // 2)
    draw = ImageDraw.Draw(img)
    draw.line([(x, wire_y(x)) for x in range(0, W + 1, 10)], fill=(35, 35, 40), width=7, joint="curve")
    draw.line([(0, 620), (W, 560)], fill=(90, 95, 105), width=2)
    path = tmp_path_factory.mktemp("retouch") / "wires.jpg"
    img.save(path, quality=93)
    return path


def open_editor(page, server, photo):
    page.goto(server.base + "/retouch")
    page.locator("input[type=file][name=photo]").set_input_files(str(photo))
    page.wait_for_url(re.compile(r"/retouch/[A-Za-z0-9_-]{22}$"), timeout=60_000)
    page.wait_for_function("() => document.querySelector('.rt-editor.is-ready') && !document.querySelector('.rt-editor.is-busy')")


def screen_point(page, x, y):
    """Where photo pixel (x, y) is on the screen now (the preview may be zoomed and moved)."""
    return page.evaluate(
        """([x, y]) => { const img = document.querySelector('[data-picture]'), r = img.getBoundingClientRect();
        const root = document.querySelector('[data-retouch]'), pw = +root.dataset.photoWidth;
        return [r.left + x * r.width / pw, r.top + y * r.width / pw]; }""", [x, y])


def luma_at(page, path, x, y):
    from PIL import Image
    data = page.request.get(path).body()
    img = Image.open(io.BytesIO(data)).convert("L")
    scale = img.width / W
    return img.getpixel((int(x * scale), int(y * scale))), img.size


def current_state(page):
    return page.evaluate("() => fetch(document.querySelector('[data-retouch]').dataset.api).then(r => r.json())")


def test_phone_tap_a_wire_pinch_undo_export(browser, server, wire_photo, tmp_path):
    p, b = browser
    context = iphone_context(p, b)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_editor(page, server, wire_photo)
    editor = page.url
    assert luma_at(page, editor + "/preview.jpg", 600, wire_y(600))[0] < 90

    # Tap 10 px off the wire: it is found, traced and removed.
    x, y = screen_point(page, 600, wire_y(600) - 10)
    with page.expect_response(lambda r: r.url.endswith("/edits")) as response:
        page.touchscreen.tap(x, y)
    assert response.value.status == 200, response.value.text()
    page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy')")
    expect(page.locator("[data-undo]")).to_be_enabled()
    state = current_state(page)
    assert state["applied"] == 1 and state["last"]["tool"] == "wire" and state["editCount"] == 1
    # The mask overlay comes as one picture (mask.png) and is drawn tinted over the wire, not beside it.
    page.wait_for_function(
        """([x, y]) => { const c = document.querySelector('[data-overlay]'), root = document.querySelector('[data-retouch]');
        const s = c.width / +root.dataset.photoWidth, g = c.getContext('2d');
        return g.getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data[3] > 0
            && g.getImageData(Math.round(x * s), Math.round((y - 120) * s), 1, 1).data[3] === 0; }""",
        arg=[600, wire_y(600)], timeout=10_000)
    for column in (60, 600, 1140):
        assert luma_at(page, editor + "/preview.jpg", column, wire_y(column))[0] > 150, column
    assert 4 <= float(page.locator("[data-wire-width]").input_value()) <= 12

    # The quick fill shows at once; the editor swaps in the refined fill by itself when the server has it.
    page.wait_for_function(
        """() => document.querySelector('[data-picture]').src.endsWith('-f')
              && document.querySelector('[data-refining]').hidden""", timeout=60_000)
    assert current_state(page)["refined"] is True
    for column in (60, 600, 1140):
        assert luma_at(page, editor + "/preview.jpg", column, wire_y(column))[0] > 150, column

    # Pinch out with two fingers: the preview zooms.
    before = page.locator("[data-picture]").bounding_box()["width"]
    cdp = context.new_cdp_session(page)
    cx, cy = screen_point(page, 600, 400)
    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    touch("touchStart", 20)
    for spread in range(30, 130, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    after = page.locator("[data-picture]").bounding_box()["width"]
    assert after > before * 2, (before, after)

    # Undo brings the wire back, redo removes it again; the stack is on the server.
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => !document.querySelector('[data-redo]').disabled")
    assert luma_at(page, editor + "/preview.jpg", 600, wire_y(600))[0] < 90
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function("() => !document.querySelector('[data-undo]').disabled && document.querySelector('[data-redo]').disabled")
    assert current_state(page)["applied"] == 1

    # Nothing lost when the tab closes: a new page shows the same edits.
    page2 = context.new_page()
    page2.goto(editor)
    page2.wait_for_function("() => document.querySelector('.rt-editor.is-ready') && !document.querySelector('.rt-editor.is-busy')")
    assert current_state(page2)["applied"] == 1
    page2.close()

    # Export: the full-size JPEG, wire gone.
    with page.expect_download(timeout=120_000) as download:
        page.get_by_role("link", name="Export").click()
    saved = tmp_path / "export.jpg"
    download.value.save_as(saved)
    from PIL import Image
    exported = Image.open(saved)
    assert exported.size == (W, H)
    assert exported.convert("L").getpixel((600, int(wire_y(600)))) > 150

    # A tap on plain sky says what to do instead.
    page.locator("[data-stage]").scroll_into_view_if_needed()
    page.keyboard.press("0")
    sx, sy = screen_point(page, 300, 80)
    page.touchscreen.tap(sx, sy)
    expect(page.locator("#toast")).to_contain_text("No wire found here: draw along it with the line brush")
    assert errors == []
    context.close()


def test_desktop_mouse_brush_zoom_undo(browser, server, wire_photo):
    p, b = browser
    context = b.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_editor(page, server, wire_photo)
    page.get_by_role("radio", name="Brush", exact=True).check()
    page.locator("[data-brush-size]").fill("30")

    # Paint along the right half of the wire with the mouse.
    start = screen_point(page, 640, wire_y(640))
    page.mouse.move(*start)
    page.mouse.down()
    for x in range(660, 1181, 20):
        page.mouse.move(*screen_point(page, x, wire_y(x)))
    with page.expect_response(lambda r: r.url.endswith("/edits")) as response:
        page.mouse.up()
    assert response.value.status == 200, response.value.text()
    page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy')")
    state = current_state(page)
    assert state["last"]["tool"] == "brush" and state["last"]["points"] > 5
    assert luma_at(page, page.url + "/preview.jpg", 900, wire_y(900))[0] > 150
    assert luma_at(page, page.url + "/preview.jpg", 300, wire_y(300))[0] < 90

    # The wheel zooms at the cursor.
    box = page.locator("[data-picture]").bounding_box()
    page.mouse.move(*screen_point(page, 600, 400))
    for _ in range(4):
        page.mouse.wheel(0, -200)
    assert page.locator("[data-picture]").bounding_box()["width"] > box["width"] * 1.5

    # Mask overlay off and on, before/after by holding, then undo.
    page.get_by_label("Show the mask").uncheck()
    page.get_by_role("button", name="Hold to see the photo before your edits").hover()
    page.mouse.down()
    assert "before.jpg" in page.locator("[data-picture]").get_attribute("src")
    page.mouse.up()
    assert "preview.jpg" in page.locator("[data-picture]").get_attribute("src")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => document.querySelector('[data-undo]').disabled")
    assert current_state(page)["applied"] == 0
    assert errors == []
    context.close()


def test_without_javascript_the_editor_says_so(browser, server, wire_photo):
    p, b = browser
    context = iphone_context(p, b, javascript=False)
    page = context.new_page()
    page.goto(server.base + "/retouch")
    page.locator("input[type=file][name=photo]").set_input_files(str(wire_photo))
    page.get_by_role("button", name="Start retouching").click()
    page.wait_for_url(re.compile(r"/retouch/[A-Za-z0-9_-]{22}$"), timeout=60_000)
    # Chromium's script switch does not make the parser render <noscript>, so read what a JS-off browser shows.
    assert "The retouch editor needs JavaScript" in page.locator("noscript").inner_text()
    expect(page.get_by_role("img", name="The photo with your edits")).to_be_visible()
    expect(page.get_by_role("link", name="Export", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_be_hidden()
    context.close()


def test_screenshots_of_the_retouch_pages(browser, server, wire_photo):
    p, b = browser
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ctx = b.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    open_editor(page, server, wire_photo)
    with page.expect_response(lambda r: r.url.endswith("/edits")):
        page.mouse.click(*screen_point(page, 900, wire_y(900)))
    page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy')")
    editor = page.url
    ctx.close()
    for scheme in ["light", "dark"]:
        for size_name, viewport in {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}.items():
            context = b.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
            page = context.new_page()
            for name, url in {"retouch": server.base + "/retouch", "retouch-editor": editor}.items():
                page.goto(url)
                if name == "retouch-editor":
                    page.wait_for_function(
                        """() => document.querySelector('.rt-editor.is-ready') && !document.querySelector('.rt-editor.is-busy')
                              && document.querySelector('[data-refining]').hidden""", timeout=60_000)
                    page.wait_for_timeout(300)
                # The list's thumbnails load lazily: wait for them, so the picture shows the page as a person sees it.
                page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=60_000)
                assert page.locator("header.topbar").count() == 1
                page.screenshot(path=str(SCREENSHOTS / f"{name}-{size_name}-{scheme}.png"))
            context.close()


def test_the_menu_with_four_tools_never_widens_a_phone_page(browser, server, wire_photo):
    """Home, Shelf, Retouch and History beside the name or a back link: on 320 to 390 px phones the page keeps its
    width (the menu fits, or scrolls sideways by itself on the smallest)."""
    p, b = browser
    for width in (320, 375, 390):
        context = b.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
        page = context.new_page()
        if width == 320:
            open_editor(page, server, wire_photo)
            editor = page.url
        for url in [server.base + "/", server.base + "/shelf", server.base + "/retouch", server.base + "/history", editor]:
            page.goto(url)
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.querySelector('.topbar nav').scrollWidth,"
                " document.querySelector('.topbar nav').clientWidth]")
            assert widths[0] <= width, (width, url, widths)
            if width >= 375:
                assert widths[1] <= widths[2], (width, url, widths)
        context.close()


@pytest.fixture(scope="module")
def person_photo(tmp_path_factory):
    """A portrait photo of a person from a package (scikit-image's astronaut, public domain), written by the fixture
    script at test time: 768 x 1024, the astronaut's face near (450, 220), her suit around (500, 760)."""
    import subprocess
    import sys
    out = tmp_path_factory.mktemp("people")
    subprocess.run([sys.executable, str(Path(__file__).resolve().parents[2] / "tools" / "make_retouch_fixtures.py"), str(out)], check=True)
    return out / "astronaut-portrait.jpg"


def colour_at(page, path, x, y, width):
    from PIL import Image
    img = Image.open(io.BytesIO(page.request.get(path).body())).convert("RGB")
    scale = img.width / width
    return img.getpixel((int(x * scale), int(y * scale)))


def test_phone_person_tap_mask_fill_undo_export(browser, server, person_photo, tmp_path):
    """Tap a person on a portrait photo on a phone: her mask, the fill, undo, redo and the full-size export. The
    portrait fills the phone's width."""
    p, b = browser
    context = iphone_context(p, b)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_editor(page, server, person_photo)
    editor = page.url
    stage = page.locator("[data-stage]").bounding_box()
    picture = page.locator("[data-picture]").bounding_box()
    assert picture["width"] >= 0.97 * 390 and stage["width"] >= 0.97 * 390, (stage, picture)
    expect(page.locator(".rt-tools")).to_be_in_viewport()
    expect(page.locator(".rt-actions")).to_be_in_viewport()

    face_before = colour_at(page, editor + "/preview.jpg", 450, 230, 768)
    page.get_by_role("radio", name="Person").check()
    expect(page.locator("[data-hint]")).to_have_text("Tap a person to remove them.")
    expect(page.get_by_role("button", name="Select all people")).to_be_visible()
    box = page.locator("[data-picture]").bounding_box()
    with page.expect_response(lambda r: r.url.endswith("/edits"), timeout=60_000) as response:
        page.touchscreen.tap(box["x"] + 500 * box["width"] / 768, box["y"] + 760 * box["width"] / 768)
    assert response.value.status == 200, response.value.text()
    page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy')")
    state = current_state(page)
    assert state["applied"] == 1 and state["last"]["tool"] == "person"
    assert state["last"].get("width") is None and state["last"]["points"] > 2, state["last"]  # an outline, not a line
    # The mask is drawn over her face.
    # (The overlay is one picture, mask.png, fetched after the answer: wait for it to be drawn.)
    page.wait_for_function("""() => { const c = document.querySelector('[data-overlay]');
        return c.getContext('2d').getImageData(Math.round(450 * c.width / 768), Math.round(230 * c.width / 768), 1, 1).data[3] > 0; }""",
                           timeout=10_000)
    page.wait_for_function("() => document.querySelector('[data-refining]').hidden", timeout=120_000)
    face_after = colour_at(page, editor + "/preview.jpg", 450, 230, 768)
    assert sum(abs(a - c) for a, c in zip(face_before, face_after)) > 60, (face_before, face_after)

    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => !document.querySelector('[data-redo]').disabled")
    back = colour_at(page, editor + "/preview.jpg", 450, 230, 768)
    assert sum(abs(a - c) for a, c in zip(face_before, back)) < 30, (face_before, back)
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function("() => !document.querySelector('[data-undo]').disabled && document.querySelector('[data-redo]').disabled")

    with page.expect_download(timeout=120_000) as download:
        page.get_by_role("link", name="Export").click()
    saved = tmp_path / "person-export.jpg"
    download.value.save_as(saved)
    from PIL import Image
    exported = Image.open(saved).convert("RGB")
    assert exported.size == (768, 1024)
    original = Image.open(person_photo).convert("RGB")
    assert sum(abs(a - c) for a, c in zip(original.getpixel((450, 230)), exported.getpixel((450, 230)))) > 60
    assert errors == []
    context.close()


def test_person_tool_says_when_there_is_no_one(browser, server, wire_photo):
    p, b = browser
    context = b.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_editor(page, server, wire_photo)
    page.get_by_role("radio", name="Person").check()
    page.mouse.click(*screen_point(page, 300, 120))
    expect(page.locator("#toast")).to_contain_text("No person found at this spot. Try Object or Brush.")
    page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy')")
    page.get_by_role("button", name="Select all people").click()
    expect(page.locator("#toast")).to_contain_text("No people found in this photo. Try Object or Brush.")
    assert current_state(page)["applied"] == 0
    context.close()


def test_screenshots_of_the_person_tool_and_a_portrait_on_a_phone(browser, server, person_photo):
    """The editor on a phone with a portrait photo, before and after a person was removed, light and dark; desktop
    too. Kept in docs/screenshots for the README."""
    p, b = browser
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ["light", "dark"]:
        # An iPhone 13, at one device pixel per CSS pixel so the kept pictures stay small.
        device = {k: v for k, v in p.devices["iPhone 13"].items() if k != "default_browser_type"}
        context = b.new_context(**{**device, "device_scale_factor": 1}, color_scheme=scheme)
        page = context.new_page()
        open_editor(page, server, person_photo)
        page.wait_for_timeout(200)
        page.screenshot(path=str(SCREENSHOTS / f"retouch-portrait-phone-{scheme}.png"))
        page.get_by_role("radio", name="Person").check()
        box = page.locator("[data-picture]").bounding_box()
        with page.expect_response(lambda r: r.url.endswith("/edits"), timeout=60_000):
            page.touchscreen.tap(box["x"] + 500 * box["width"] / 768, box["y"] + 760 * box["width"] / 768)
        page.wait_for_function("() => !document.querySelector('.rt-editor.is-busy') && document.querySelector('[data-refining]').hidden",
                               timeout=120_000)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"retouch-person-phone-{scheme}.png"))
        editor = page.url
        context.close()
        desktop = b.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        page = desktop.new_page()
        page.goto(editor)
        page.wait_for_function("() => document.querySelector('.rt-editor.is-ready') && !document.querySelector('.rt-editor.is-busy')"
                               " && document.querySelector('[data-refining]').hidden", timeout=60_000)
        page.get_by_role("radio", name="Person").check()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"retouch-person-desktop-{scheme}.png"))
        desktop.close()
