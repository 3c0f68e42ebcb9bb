"""The gallery as a photo app, in Chromium at a phone's and a desktop's size: tabs one tap away,
photos that start near the top of the screen, a stream of every photo by day with a scrubber, a
viewer moved by arrow keys and swipes, hearts and stars without a reload, and right-to-left pages
that keep a Latin name in its own order. The same pages with JavaScript off where it applies."""
import contextlib
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, OwnLibraryServer, follow, make_driver, screenshot, settled, sign_in

PAGE = 12
YEARS = range(2014, 2025)


def fill(library, work) -> None:
    """A holiday folder with a name that runs left to right, and a photo of every year for ten
    years, several a year, so the stream has pages to load."""
    holiday = library / "2019 Holiday"
    years = library / "Years"
    holiday.mkdir()
    years.mkdir()
    args = []
    for i in range(8):
        # noise, as a real photo's detail, so its renditions weigh what a photo's do
        path = holiday / f"IMG_{i:02d}.jpg"
        subprocess.run(["convert", "-size", "1200x800", "-seed", str(i), "plasma:", "-quality", "90", str(path)], check=True)
        args += ["-overwrite_original", f"-DateTimeOriginal=2019:07:{10 + i // 3:02d} 1{i % 3}:00:00", str(path), "-execute"]
    # a camera roll's worth for the weight of a phone's first screen: more than it shows, each
    # picture with a photo's detail
    roll = library / "Roll"
    roll.mkdir()
    for i in range(40):
        w, h = [(1200, 900), (900, 1200), (1200, 800)][i % 3]
        subprocess.run(["convert", "-size", f"{w}x{h}", "-seed", str(100 + i), "plasma:", "-blur", "0x1", "-quality", "88",
                        str(roll / f"R{i:02d}.jpg")], check=True)
        args += ["-overwrite_original", f"-DateTimeOriginal=2018:08:{1 + i // 4:02d} {8 + i % 4:02d}:00:00", str(roll / f"R{i:02d}.jpg"), "-execute"]
    for year in YEARS:
        for n in range(3):
            path = years / f"Y{year}_{n}.jpg"
            subprocess.run(["convert", "-size", "320x400", f"gradient:rgb({(year - 2014) * 20},90,{n * 80})-white", str(path)], check=True)
            args += ["-overwrite_original", f"-DateTimeOriginal={year}:0{3 + n}:15 09:00:00", str(path), "-execute"]
    (work / "exif-args").write_text("\n".join(args))
    subprocess.run(["exiftool", "-q", "-@", str(work / "exif-args")], check=True)


@pytest.fixture(scope="module")
def base():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-app-"))
    s = OwnLibraryServer(work, fill)
    s.extra = ["--page-size", str(PAGE)]
    s.start()
    # an album of the holiday, made through its form as a person would
    d = make_driver(DESKTOP, javascript=False)
    try:
        sign_in(d, s.base, "ada")
        for i in range(3):
            d.get(s.base + f"/photos/2019%20Holiday/IMG_{i:02d}.jpg")
            d.find_element(By.ID, "album").send_keys("Summer")
            follow(d, "form[data-action=album-add] button")
    finally:
        d.quit()
    yield s.base
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


def driver(size, javascript, language="en-US", touch=False):
    d = make_driver(size, javascript=javascript, language=language)
    if touch:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return d


def first_photo_top(d) -> float:
    return d.execute_script("return document.querySelector('ul.photos > li:not(.dayhead) img').getBoundingClientRect().top")


def album_url(d, base) -> str:
    d.get(base + "/albums")
    return d.find_element(By.CSS_SELECTOR, "main .folders a").get_attribute("href")


@pytest.mark.parametrize("javascript", [False, True], ids=["nojs", "js"])
def test_photos_start_in_the_top_quarter_of_a_phone_and_the_tabs_are_one_tap_away(base, javascript):
    d = driver(PHONE, javascript)
    try:
        sign_in(d, base, "ada")
        pages = {"folder": base + "/folders/2019%20Holiday", "album": album_url(d, base), "search": base + "/search?q=IMG",
                 "stream": base + "/timeline"}
        for name, url in pages.items():
            d.get(url)
            settled(d)
            top = first_photo_top(d)
            assert top <= PHONE[1] / 4, (name, top)
            screenshot(d, f"app-{name}-phone-{'js' if javascript else 'nojs'}")
            # the five tabs sit in a bar at the foot of the screen
            tabs = d.find_elements(By.CSS_SELECTOR, ".tabs a")
            assert [t.get_attribute("href").removeprefix(base) for t in tabs] == ["/timeline", "/albums", "/places", "/favorites", "/search"]
            for tab in tabs:
                r = tab.rect
                assert r["y"] >= PHONE[1] - 70 and r["y"] + r["height"] <= PHONE[1] + 1, (name, r)
        # a tab leads where it says, marked as the current one
        follow(d, ".tabs a[href='/albums']")
        assert d.find_element(By.CSS_SELECTOR, ".tabs a[aria-current=page]").get_attribute("href").endswith("/albums")
    finally:
        d.quit()


def test_on_a_desktop_the_tabs_are_in_the_header(base):
    d = driver(DESKTOP, False)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/timeline")
        tabs = d.find_elements(By.CSS_SELECTOR, ".tabs a")
        assert len(tabs) == 5 and all(t.rect["y"] < 60 for t in tabs)
        assert first_photo_top(d) < 250
        screenshot(d, "app-stream-desktop-nojs")
    finally:
        d.quit()


@contextlib.contextmanager
def at(base, size, javascript, path, touch=False):
    """A browser signed in as ada, at `path` loaded and marked (see `stayed`), quit after."""
    d = driver(size, javascript, touch=touch)
    try:
        sign_in(d, base, "ada")
        d.get(base + path)
        settled(d)
        marked(d)
        yield d
    finally:
        d.quit()


def marked(d) -> None:
    """Marks the document: a navigation would replace it, and the mark with it."""
    d.execute_script("window.__stayed = true")


def stayed(d) -> bool:
    return d.execute_script("return window.__stayed === true")


def requests_to(d, path) -> int:
    return d.execute_script("return performance.getEntriesByType('resource').filter(e => new URL(e.name).pathname === arguments[0]).length", path)


def test_arrow_keys_move_the_viewer_and_escape_goes_back_to_the_grid(base):
    d = driver(DESKTOP, True)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/photos/2019%20Holiday/IMG_00.jpg")
        settled(d)
        marked(d)
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(d, 10).until(lambda drv: "IMG_01.jpg" in drv.current_url)
        assert d.find_element(By.CSS_SELECTOR, "figcaption h1").text == "IMG_01.jpg"
        assert stayed(d), "the next photo came without a reload"
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        WebDriverWait(d, 10).until(lambda drv: "IMG_00.jpg" in drv.current_url)
        # the address followed: back goes to the photo before, reload shows the same photo
        d.back()
        WebDriverWait(d, 10).until(lambda drv: "IMG_01.jpg" in drv.current_url)
        WebDriverWait(d, 10).until(lambda drv: drv.find_element(By.CSS_SELECTOR, "figcaption h1").text == "IMG_01.jpg")
        d.refresh()
        assert d.find_element(By.CSS_SELECTOR, "figcaption h1").text == "IMG_01.jpg"
        screenshot(d, "app-viewer-desktop-js")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        WebDriverWait(d, 10).until(lambda drv: "/folders/2019%20Holiday" in drv.current_url)
        assert d.current_url.endswith("#p" + d.execute_script("return location.hash.slice(2)"))
        assert d.execute_script("return document.querySelector(location.hash) !== null")
    finally:
        d.quit()


def swipe(d, x0, y0, x1, y1) -> None:
    """A finger's swipe, as the touch screen reports it."""
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 6):
        x, y = x0 + (x1 - x0) * step / 5, y0 + (y1 - y0) * step / 5
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_swipe_moves_the_viewer_on_a_phone_and_a_swipe_down_goes_back(base):
    d = driver(PHONE, True, touch=True)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/photos/2019%20Holiday/IMG_02.jpg")
        settled(d)
        marked(d)
        r = d.find_element(By.CSS_SELECTOR, "img.large").rect
        y = r["y"] + r["height"] / 2
        swipe(d, r["x"] + r["width"] * .8, y, r["x"] + r["width"] * .2, y)
        WebDriverWait(d, 10).until(lambda drv: "IMG_03.jpg" in drv.current_url)
        assert stayed(d)
        screenshot(d, "app-viewer-phone-js")
        swipe(d, r["x"] + r["width"] * .2, y, r["x"] + r["width"] * .8, y)
        WebDriverWait(d, 10).until(lambda drv: "IMG_02.jpg" in drv.current_url)
        # the photo's facts sit under it, before the controls
        facts, curate = d.find_element(By.CSS_SELECTOR, ".facts"), d.find_element(By.CSS_SELECTOR, ".curate")
        assert facts.rect["y"] < curate.rect["y"]
        swipe(d, r["x"] + r["width"] / 2, r["y"] + 40, r["x"] + r["width"] / 2, r["y"] + 240)
        WebDriverWait(d, 10).until(lambda drv: "/folders/2019%20Holiday" in drv.current_url)
    finally:
        d.quit()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_heart_and_a_star_make_one_request_each_and_no_navigation(base, size):
    d = driver(size, True)
    # each size its own photos: the viewer's, and the grid's sixth tile
    mine, tile_at = ("IMG_04.jpg", 6) if size == PHONE else ("IMG_01.jpg", 8)
    try:
        sign_in(d, base, "ada")
        # in the viewer
        d.get(base + "/photos/2019%20Holiday/" + mine)
        settled(d)
        marked(d)
        heart = d.find_element(By.CSS_SELECTOR, "form[data-action=favorite] button")
        assert heart.get_attribute("aria-pressed") == "false"
        heart.click()
        WebDriverWait(d, 10).until(lambda drv: heart.get_attribute("aria-pressed") == "true")
        assert requests_to(d, "/actions/favorite") == 1
        star = d.find_element(By.CSS_SELECTOR, ".star[value='4']")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", star)
        star.click()
        WebDriverWait(d, 10).until(lambda drv: len(drv.find_elements(By.CSS_SELECTOR, ".star.on")) == 4)
        time.sleep(0.3)
        assert requests_to(d, "/actions/rate") == 1
        assert stayed(d)
        # in the grid
        d.get(base + "/folders/2019%20Holiday")
        settled(d)
        marked(d)
        tile = d.find_elements(By.CSS_SELECTOR, ".photos li .tilefav button")[tile_at - 1]
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", tile)
        tile.click()
        WebDriverWait(d, 10).until(lambda drv: tile.get_attribute("aria-pressed") == "true")
        time.sleep(0.3)
        assert requests_to(d, "/actions/favorite") == 1
        assert stayed(d)
        # the server kept both: a page loaded afresh says so
        d.get(base + "/favorites")
        titles = [e.get_attribute("title") for e in d.find_elements(By.CSS_SELECTOR, ".photos li > a")]
        assert len(titles) == 2 and mine in titles, titles
        d.get(base + "/photos/2019%20Holiday/" + mine)
        assert len(d.find_elements(By.CSS_SELECTOR, ".star.on")) == 4
        # put back as it was, for the other size
        for name in titles:
            d.get(base + "/photos/2019%20Holiday/" + name)
            d.find_element(By.CSS_SELECTOR, "form[data-action=favorite] button").click()
            WebDriverWait(d, 10).until(lambda drv: drv.find_element(By.CSS_SELECTOR, "form[data-action=favorite] button").get_attribute("aria-pressed") == "false")
    finally:
        d.quit()


def test_a_tag_is_added_in_place_and_shown(base):
    with at(base, PHONE, True, "/photos/2019%20Holiday/IMG_06.jpg") as d:
        d.find_element(By.ID, "tags").send_keys("lake")
        d.find_element(By.CSS_SELECTOR, "form[data-action=tag] button").click()
        WebDriverWait(d, 10).until(lambda drv: "lake" in [a.text for a in drv.find_elements(By.CSS_SELECTOR, ".tags .tag a")])
        assert stayed(d)


def test_the_stream_scrolls_from_today_to_a_photo_ten_years_back(base):
    with at(base, PHONE, True, "/timeline") as d:
        heads = [h.text for h in d.find_elements(By.CSS_SELECTOR, ".photos .dayhead h2")]
        assert heads and "2024" in heads[0]
        for _ in range(20):
            if d.find_elements(By.CSS_SELECTOR, ".photos a[title='Y2014_0.jpg']"):
                break
            d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            time.sleep(0.6)
        tile = d.find_element(By.CSS_SELECTOR, ".photos a[title='Y2014_0.jpg']")
        assert stayed(d), "the stream grew in place"
        # every day once, newest first
        heads = [h.text for h in d.find_elements(By.CSS_SELECTOR, ".photos .dayhead h2")]
        assert len(heads) == len(set(heads)) and "2014" in heads[-1]
        d.execute_script("arguments[0].scrollIntoView()", tile)
        screenshot(d, "app-stream-phone-js-2014")


def test_the_scrubber_jumps_to_a_year_without_javascript(base):
    d = driver(PHONE, False)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/timeline")
        years = [a.text for a in d.find_elements(By.CSS_SELECTOR, ".scrubber .years > li:not(.overview) > a")]
        assert years == [str(y) for y in reversed(YEARS)]
        follow(d, ".scrubber .years > li:nth-last-child(2) > a")
        assert "taken_to=2014-05-31" in d.current_url
        assert d.find_elements(By.CSS_SELECTOR, ".photos a[title='Y2014_2.jpg']")
        # the year's months, and the numbered pages for the rest
        assert [a.text for a in d.find_elements(By.CSS_SELECTOR, ".scrubber .inyear a")] == ["May", "April", "March"]
        screenshot(d, "app-stream-phone-nojs-2014")
    finally:
        d.quit()


RANGE = """
const el = document.querySelector(arguments[0]);
const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
let node; while ((node = walker.nextNode()) && !node.data.includes('2019')) {}
const at = (word) => { const r = document.createRange(); const i = node.data.indexOf(word); r.setStart(node, i); r.setEnd(node, i + word.length); return r.getBoundingClientRect().left; };
return [at('2019'), at('Holiday')];
"""


@pytest.mark.parametrize("javascript", [False, True], ids=["nojs", "js"])
def test_right_to_left_pages_show_a_latin_name_unreversed(base, javascript):
    d = driver(PHONE, javascript, language="ar")
    try:
        sign_in(d, base, "ada")
        d.get(base + "/folders/2019%20Holiday")
        assert d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl"
        for selector in ["h1"]:
            year, word = d.execute_script(RANGE, selector)
            assert year < word, (selector, year, word)
        screenshot(d, f"app-folder-phone-ar-{'js' if javascript else 'nojs'}")
        d.get(base + "/photos/2019%20Holiday/IMG_00.jpg")
        for selector in [".back a", ".facts a[href^='/folders/']"]:
            year, word = d.execute_script(RANGE, selector)
            assert year < word, (selector, year, word)
        screenshot(d, f"app-photo-phone-ar-{'js' if javascript else 'nojs'}")
    finally:
        d.quit()


@pytest.mark.parametrize("language", ["en-US", "ar", "ja"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screens_in_three_languages(base, language, size):
    """What a person sees, kept as screenshots to look at: the stream, a folder and a photo."""
    for javascript in [False, True]:
        d = driver(size, javascript, language=language)
        try:
            sign_in(d, base, "ada")
            tag = f"{'phone' if size == PHONE else 'desktop'}-{language[:2]}-{'js' if javascript else 'nojs'}"
            for name, path in [("stream", "/timeline"), ("folder", "/folders/2019%20Holiday"), ("photo", "/photos/2019%20Holiday/IMG_01.jpg")]:
                d.get(base + path)
                settled(d)
                assert d.find_elements(By.CSS_SELECTOR, ".tabs a")
                screenshot(d, f"screen-{name}-{tag}")
        finally:
            d.quit()


def test_a_thumb_runs_down_the_rail_to_a_year_on_a_phone(base):
    with at(base, PHONE, True, "/timeline", touch=True) as d:
        rail = d.find_element(By.CSS_SELECTOR, ".rail")
        r = rail.rect
        x = r["x"] + r["width"] / 2
        # from the top (the newest year) to the foot (the oldest), the year shown as the thumb goes
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": r["y"] + 5}]})
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": r["y"] + r["height"] - 3}]})
        assert d.find_element(By.CSS_SELECTOR, ".rail b").text == "2014"
        screenshot(d, "app-stream-phone-js-rail")
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        WebDriverWait(d, 10).until(lambda drv: "taken_to=2014-05-31" in drv.current_url)
        assert d.find_elements(By.CSS_SELECTOR, ".photos a[title='Y2014_2.jpg']")


def test_a_phones_first_screen_of_a_group_weighs_at_most_150_kb(base):
    """The budget: what a phone fetches for the first screen of a folder, page, style, script and
    the pictures it shows, as sent (compressed)."""
    d = driver(PHONE, True)
    try:
        sign_in(d, base, "ada")
        # a phone of 390 × 844 at three device pixels a CSS pixel, as the phones of that size are
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 3, "mobile": True})
        # as a first visit: nothing from the cache
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        d.get(base + "/folders/Roll")
        settled(d)
        time.sleep(1)
        sent = d.execute_script("""
            const nav = performance.getEntriesByType('navigation')[0];
            return [nav.transferSize, ...performance.getEntriesByType('resource').map(e => e.transferSize)];""")
        images = d.execute_script("return [...document.images].filter(i => i.complete && i.naturalWidth && i.getBoundingClientRect().top < innerHeight).length")
        assert images >= 10, images
        print(f"first screen: {sum(sent)} bytes, {len(sent)} requests, {images} pictures shown")
        assert sum(sent) <= 150_000, sent
    finally:
        d.quit()


def test_a_heart_given_in_the_viewer_is_still_there_after_moving_on_and_back(base):
    """The neighbours' pages are fetched ahead; an action forgets them, so none shows what was before it."""
    with at(base, DESKTOP, True, "/photos/2019%20Holiday/IMG_02.jpg") as d:
        heart = lambda: d.find_element(By.CSS_SELECTOR, "form[data-action=favorite] button")
        body = lambda: d.find_element(By.TAG_NAME, "body")
        # IMG_03 is fetched ahead from here, and shown from what was fetched
        time.sleep(0.5)
        body().send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(d, 10).until(lambda drv: "IMG_03.jpg" in drv.current_url)
        heart().click()
        WebDriverWait(d, 10).until(lambda drv: heart().get_attribute("aria-pressed") == "true")
        # back, and on to IMG_03 again: its page is the one with the heart
        body().send_keys(Keys.ARROW_LEFT)
        WebDriverWait(d, 10).until(lambda drv: "IMG_02.jpg" in drv.current_url)
        body().send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(d, 10).until(lambda drv: "IMG_03.jpg" in drv.current_url)
        assert heart().get_attribute("aria-pressed") == "true"
        assert stayed(d)
        heart().click()  # as it was, for the other tests
        WebDriverWait(d, 10).until(lambda drv: heart().get_attribute("aria-pressed") == "false")
