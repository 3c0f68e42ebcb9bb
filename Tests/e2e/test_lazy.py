"""Lazy loading really works: with scripting on, a phone fetches only thumbnails near the viewport."""
from selenium.webdriver.common.by import By

THUMBS = "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/thumbs/'))"
SETTLE = "return new Promise(r => setTimeout(r, 1500))"


def test_lazy_loading_requests_only_nearby_thumbnails(server, phone_js):
    # given JavaScript on (browsers load lazy images eagerly without it), at a phone viewport
    d = phone_js
    # (with nothing from the cache: signing in opens the stream, whose thumbnails a browser would
    # otherwise take from memory at once, lazy or not)
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    # when the 60-photo page loads and settles
    d.get(server + "/folders/Holiday%202024")
    d.execute_script(SETTLE)
    requested = d.execute_script(THUMBS)
    last_1x = d.find_elements(By.CSS_SELECTOR, ".photos img")[-1].get_attribute("src")
    # (its JPEG and WebP renditions: the browser picks one from the <picture>)
    last = {url.replace(".jpg", ext) for url in (last_1x, last_1x.replace("/thumbs/240/", "/thumbs/480/")) for ext in (".jpg", ".webp")}
    # then only the thumbnails near the viewport were fetched, not all 60
    assert 0 < len(requested) < 60, len(requested)
    assert not last & set(requested), "the last tile was fetched before it came near the viewport"
    # and scrolling to the bottom fetches the rest
    d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    d.execute_script(SETTLE)
    after = d.execute_script(THUMBS)
    assert len(after) > len(requested)
    assert last & set(after)
    # and a browser that takes WebP was given WebP
    assert all(url.endswith(".webp") for url in after), [url for url in after if not url.endswith(".webp")][:3]
