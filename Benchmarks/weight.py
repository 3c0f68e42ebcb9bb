"""The first screen of a group on a phone, in bytes: headless Chromium with a 390 px viewport at 1
and 3 device pixels a CSS pixel (cache off, JavaScript on so lazy loading is the browser's own),
opens a folder of photos and waits until the network is quiet; the browser's resource timing
gives what came over the wire: the HTML, the stylesheet and the grid thumbnails it fetched (those
in view and those it loads ahead). The same thumbnails are then fetched as JPEG, to show what
WebP saves, and the thumbnails of the tiles on the screen itself are counted apart. Prints one
line per density: "dpr html css thumbnails count jpeg-thumbnails in-view-thumbnails in-view-count",
in bytes.

usage: weight.py BASE_URL PATH
"""
import json
import shutil
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def driver(dpr: int):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=500,844"]:
        options.add_argument(arg)
    d = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    # Headless windows are at least 500 px wide: the phone's viewport and density come through DevTools.
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": dpr, "mobile": True})
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    return d


def weigh(base: str, path: str, dpr: int) -> str:
    d = driver(dpr)
    try:
        d.get(base + path)
        # Quiet: no new resource for a second.
        seen, quiet_since = -1, time.time()
        while time.time() - quiet_since < 1.0:
            n = d.execute_script("return performance.getEntriesByType('resource').length")
            if n != seen:
                seen, quiet_since = n, time.time()
            time.sleep(0.1)
        nav = d.execute_script("return performance.getEntriesByType('navigation')[0].encodedBodySize")
        entries = json.loads(d.execute_script(
            "return JSON.stringify(performance.getEntriesByType('resource').map(e => [e.name, e.encodedBodySize]))"))
        # The tiles on the screen itself, without scrolling.
        in_view = set(d.execute_script("""
            return [...document.querySelectorAll('ul.photos img')]
              .filter(i => i.getBoundingClientRect().top < window.innerHeight).map(i => i.currentSrc)"""))
    finally:
        d.quit()
    css = sum(size for name, size in entries if name.endswith(".css"))
    thumbs = [(name, size) for name, size in entries if "/thumbs/" in name]
    as_jpeg = 0
    for name, _ in thumbs:
        jpeg = name.rsplit(".", 1)[0] + ".jpg"
        with urllib.request.urlopen(jpeg) as answer:
            as_jpeg += len(answer.read())
    seen = sum(size for name, size in thumbs if name in in_view)
    return f"{dpr} {nav} {css} {sum(size for _, size in thumbs)} {len(thumbs)} {as_jpeg} {seen} {len(in_view)}"


if __name__ == "__main__":
    base, path = sys.argv[1], sys.argv[2]
    for dpr in (1, 3):
        print(weigh(base, path, dpr))
