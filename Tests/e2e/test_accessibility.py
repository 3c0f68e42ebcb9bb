"""Every page meets WCAG 2.1 AA as axe-core checks it in Chromium, at a phone's and a desktop's
width: signed in as an admin (every menu and form), signed out, and through a share link.

The pages carry no script, so the document axe checks is the one a browser with JavaScript off
gets; axe itself is a script, so these browsers run JavaScript."""
import json
from urllib.parse import urlparse

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, screenshot, settled, sign_in

# WCAG 2.0 A and AA, the 2.1 AA additions, and axe's best practices (landmarks, one h1, headings in order).
TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]

SIGNED_IN = [
    "/", "/folders/Holiday%202024", "/folders/Holiday%202024?page=2", "/folders/Holiday%202024/Beach",
    "/folders/Holiday%202024?select=1", "/search?select=1&min_rating=0&page=1",
    "/photos/Holiday%202024/IMG_000.jpg", "/photos/Holiday%202024/IMG_079.jpg", "/photos/loose.jpg",
    "/search", "/search?q=IMG&orientation=landscape&taken_from=2024-06-01&sort=name",
    "/search?order=asc&taken_from=2024-06-01&taken_to=2024-06-30",
    "/tags", "/favorites", "/top-rated", "/recent", "/duplicates", "/similar", "/similar?within=4", "/trash", "/timeline", "/timeline/months", "/library",
    "/timeline?taken_to=2024-06-10",
    "/scan", "/upload", "/account", "/users", "/shared",
    "/delete?key=loose.jpg", "/folders/no-such-folder", "/search?min_rating=9",
    "/slideshow/Holiday%202024/IMG_000.jpg?paused=1",
]


def violations(d) -> list:
    """axe's violations on the current page, each with the elements and what is wrong with them."""
    settled(d)
    d.set_script_timeout(60)
    Axe(d).inject()
    # axe's own callback: the promise form of this bundled axe never settles under chromedriver.
    found = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}, (error, results) => done(error"
        " ? [{id: 'axe-error', help: String(error), nodes: []}]"
        " : results.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => ({"
        "   target: n.target.join(' '), why: n.any.concat(n.all, n.none).map(c => c.message).join('; ')}))}))));",
        TAGS)
    return found


def check(d, where: str, failures: list) -> None:
    for v in violations(d):
        failures.append(f"{where}: {v['id']} ({v.get('impact')}) {v['help']}\n  "
                        + "\n  ".join(f"{n['target']}: {n['why']}" for n in v["nodes"][:5]))


@pytest.mark.parametrize("size,scheme", [(PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")],
                         ids=["phone", "desktop", "phone-dark"])
def test_every_page_meets_wcag_21_aa(server, size, scheme):
    failures = []
    d = make_driver(size, javascript=True)
    # the dark palette (prefers-color-scheme) has contrasts of its own
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        # signed out: the sign-in page, wherever one starts
        d.get(server + "/login")
        check(d, "/login (signed out)", failures)
        sign_in(d, server, "ada")
        # an album to look at: one photo added from its page, which makes the album
        d.get(server + "/photos/Holiday%202024/IMG_001.jpg")
        d.find_element(By.ID, "album").send_keys(f"Checked {scheme} {size[0]}")
        follow(d, "form[data-action=album-add] button")
        album = urlparse(d.find_element(By.CSS_SELECTOR, ".albums a").get_attribute("href")).path
        for path in SIGNED_IN + ["/albums", album, album + "?arrange=1", album + "?select=1"]:
            d.get(server + path)
            check(d, path, failures)
        # the list view, and small tiles
        for mode in ["list", "small", "medium"]:
            d.get(server + "/folders/Holiday%202024")
            follow(d, f".viewbar button[value={mode}]")
            check(d, f"/folders/Holiday%202024 ({mode} view)", failures)
        # open menus and forms are checked open: the header menu, a folder's filters and share form
        d.get(server + "/folders/Holiday%202024?min_rating=0&q=IMG")
        d.execute_script("document.querySelectorAll('details').forEach(e => { e.open = true; });")
        check(d, "/folders/Holiday%202024 (every <details> open)", failures)
        # a share link, as someone without an account sees it, and a photo in it
        d.get(server + "/folders/Holiday%202024")
        d.find_element(By.CSS_SELECTOR, "details.sharebox summary").click()
        follow(d, "form[data-action=share] button[type=submit]")
        link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
        d.delete_all_cookies()
        d.get(link)
        check(d, "share link", failures)
        follow(d, ".photos li:first-child > a")
        check(d, "share link photo", failures)
        screenshot(d, f"a11y-share-photo-{'phone' if size == PHONE else 'desktop'}-{scheme}")
    finally:
        d.quit()
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_meets_wcag_21_aa_in_arabic_right_to_left(server, size):
    """The same pages in Arabic, as a browser that asks for it gets them: right to left, the
    layout mirrored, and as clean to axe as in English."""
    failures = []
    d = make_driver(size, javascript=True, language="ar")
    where = "phone" if size == PHONE else "desktop"
    try:
        d.get(server + "/login")
        assert d.find_element(By.TAG_NAME, "html").get_attribute("dir") == "rtl"
        check(d, "/login (signed out, ar)", failures)
        sign_in(d, server, "ada")
        for path in SIGNED_IN:
            d.get(server + path)
            assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ar", path
            check(d, path + " (ar)", failures)
        for path, name in [("/folders/Holiday%202024", "folder"), ("/photos/Holiday%202024/IMG_001.jpg", "photo"), ("/", "home")]:
            d.get(server + path)
            settled(d)
            screenshot(d, f"rtl-{name}-{where}")
        d.get(server + "/folders/Holiday%202024?min_rating=0&q=IMG")
        d.execute_script("document.querySelectorAll('details').forEach(e => { e.open = true; });")
        check(d, "/folders/Holiday%202024 (every <details> open, ar)", failures)
    finally:
        d.quit()
    assert not failures, "\n".join(failures)


def tab_order(d, count: int) -> list:
    """What Tab reaches, `count` times from a page just loaded: (tag, a name for it). Each focused
    element must show that it is: an outline, or the focus ring Chromium draws."""
    order = []
    for _ in range(count):
        d.switch_to.active_element.send_keys("\ue004")  # Tab
        element = d.switch_to.active_element
        order.append((element.tag_name, element.get_attribute("id") or element.get_attribute("aria-label")
                      or element.text.strip()[:24] or element.get_attribute("title")))
        outline, width, shadow = d.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth, s.boxShadow];", element)
        assert (outline != "none" and width != "0px") or shadow != "none", (order[-1], outline, width, shadow)
    return order


def test_keyboard_alone_reaches_search_filters_photos_and_curation_in_order_with_a_visible_focus(server):
    """Tab through the search page and a photo page as someone without a pointer would."""
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, server, "ada")
        d.get(server + "/search")
        settled(d)
        order = tab_order(d, 20)
        # a way past the header first
        assert order.pop(0) == ("a", "Skip to content")
        # the header and its tabs, then the search field and its button, the filters, the tools (sorts
        # and layouts behind "Sort and view"), then the photos
        assert [name for _, name in order[:14]] == [
            "Photolala", "Photos", "Albums", "Places", "Favorites", "Search", "Upload", "ada", "q", "Search", "Filters",
            "Select…", "▶ Slideshow", "Sort and view"], order
        first_tile = order[14]
        assert first_tile[0] == "a" and first_tile[1].endswith(".jpg"), order
        assert order[15] == ("button", f"Add {first_tile[1]} to favorites"), order

        d.get(server + "/photos/Holiday%202024/IMG_000.jpg")
        settled(d)
        order = tab_order(d, 20)
        assert order.pop(0) == ("a", "Skip to content")
        # the header and its tabs, the folder's crumb; no previous photo: the next link comes first,
        # the way back and the photo's facts under it, then favorite and the stars
        names = [name for _, name in order]
        assert names[:10] == ["Photolala", "Photos", "Albums", "Places", "Favorites", "Search", "Upload", "ada", "Holiday 2024", "Next ›"], order
        assert names.index("↑ Back to Holiday 2024") < names.index("♡ Add to favorites") == names.index("1 star") - 1, order
        # and the skip link lands on the page's content
        d.get(server + "/photos/Holiday%202024/IMG_000.jpg")
        settled(d)
        d.switch_to.active_element.send_keys("\ue004")
        d.switch_to.active_element.send_keys("\ue007")  # Enter
        assert d.current_url.endswith("#content")
    finally:
        d.quit()
