"""Live Photos and motion photos in a real browser: the grid shows one tile per shot with a
"Live" badge; the shot's page plays its clip inside a <details> that opens without script. A
motion photo's clip is the end of its JPEG, served with Range; a Live Photo's HEVC clip, which
headless Chromium cannot decode, plays from the rendition its waiting page has made."""
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, make_driver, own_library_server, screenshot, sign_in

MOTION_XMP = ["-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1"]


def ffmpeg(pattern: str, codec: list, out: pathlib.Path) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", pattern] + codec + [str(out)], check=True)


def fill(library: pathlib.Path, work: pathlib.Path) -> None:
    """A camera roll: a Live Photo (a JPEG and an HEVC MOV of its name), a motion photo (a JPEG
    with an H.264 MP4 appended, named in its XMP) and a plain photo."""
    roll = library / "roll"
    roll.mkdir()
    h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
    hevc = ["-c:v", "libx265", "-pix_fmt", "yuv420p", "-x265-params", "log-level=error"]
    subprocess.run(["convert", "-size", "640x480", "gradient:#2a6f97-#f4a261", str(roll / "IMG_0001.JPG")], check=True)
    ffmpeg("testsrc=duration=3:size=320x240:rate=15,hue=h=60", hevc, roll / "IMG_0001.MOV")
    clip = work / "motion.mp4"
    ffmpeg("testsrc=duration=3:size=320x240:rate=15", h264, clip)
    still = work / "motion.jpg"
    subprocess.run(["convert", "-size", "640x480", "gradient:#264653-#e9c46a", str(still)], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original"] + MOTION_XMP + [f"-XMP-GCamera:MicroVideoOffset={clip.stat().st_size}",
                                                                           str(still)], check=True)
    (roll / "PXL_0002.MP.jpg").write_bytes(still.read_bytes() + clip.read_bytes())
    subprocess.run(["convert", "-size", "640x480", "plasma:fractal", "-seed", "3", str(roll / "plain.jpg")], check=True)


@pytest.fixture(scope="module")
def live_server():
    yield from own_library_server("photolala-e2e-live-", fill)


@pytest.fixture(params=[(PHONE, False), (DESKTOP, True)], ids=["phone-nojs", "desktop-js"])
def browser(request, live_server):
    size, javascript = request.param
    driver = make_driver(size, javascript=javascript)
    sign_in(driver, live_server, "ada")
    yield driver, size, javascript
    driver.quit()


def test_the_roll_shows_one_tile_per_shot_with_its_badge(browser, live_server):
    d, size, javascript = browser
    d.get(live_server + "/folders/roll")
    tiles = d.find_elements(By.CSS_SELECTOR, "ul.photos > li")
    assert len(tiles) == 3
    badges = [b.text for b in d.find_elements(By.CSS_SELECTOR, ".kind-badge")]
    assert [b.upper() for b in badges] == ["LIVE", "LIVE"]
    # every tile's thumbnail is a real picture, the Live one's its still
    WebDriverWait(d, 30).until(lambda drv: drv.execute_script(
        "return [...document.querySelectorAll('ul.photos img')].every(i => i.complete && i.naturalWidth > 0)"))
    screenshot(d, f"live-grid-{size[0]}-{'js' if javascript else 'nojs'}")


def test_the_live_filter_keeps_the_moving_shots(browser, live_server):
    d, _, _ = browser
    d.get(live_server + "/folders/roll?kind=live")
    names = [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, "ul.photos > li > a")]
    assert sorted(names) == ["IMG_0001.JPG", "PXL_0002.MP.jpg"]


def skip_without_h264(d) -> None:
    if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"')""") == "":
        pytest.skip("this Chromium cannot play H.264")


def plays(d) -> float:
    d.execute_script("const v = document.querySelector('details.live video'); v.muted = true; v.play();")
    WebDriverWait(d, 30).until(lambda drv: drv.execute_script("return document.querySelector('details.live video').currentTime") > 1.0)
    return d.execute_script("return document.querySelector('details.live video').currentTime")


def test_a_motion_photo_plays_its_clip_from_inside_the_jpeg(live_server):
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, live_server, "ada")
        skip_without_h264(d)
        d.get(live_server + "/photos/roll/PXL_0002.MP.jpg")
        d.find_element(By.CSS_SELECTOR, "details.live summary").click()
        assert plays(d) > 1.0
        assert d.execute_script("return document.querySelector('details.live video').currentSrc").endswith("/motion/roll/PXL_0002.MP.jpg")
        screenshot(d, "live-motion-1280-js")
    finally:
        d.quit()


def test_a_live_photos_hevc_clip_plays_after_its_rendition_is_made(live_server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, live_server, "ada")
        d.get(live_server + "/photos/roll/IMG_0001.JPG")
        # without script, the summary opens the clip's player and its note
        d.find_element(By.CSS_SELECTOR, "details.live summary").click()
        assert d.find_element(By.CSS_SELECTOR, "details.live").get_attribute("open") is not None
        screenshot(d, "live-page-390-nojs")
        prepare = d.find_elements(By.CSS_SELECTOR, 'details.live a[href="/play/roll/IMG_0001.MOV"]')
        assert prepare, "the page offers to prepare a version that plays here"
        # the waiting page reloads itself until the rendition is ready, then the shot's page follows
        d.get(live_server + "/play/roll/IMG_0001.MOV")
        WebDriverWait(d, 120, poll_frequency=0.5).until(lambda drv: "/photos/roll/IMG_0001" in drv.current_url)
        assert "<h1>IMG_0001.JPG</h1>" in d.page_source
    finally:
        d.quit()
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, live_server, "ada")
        skip_without_h264(d)
        d.get(live_server + "/photos/roll/IMG_0001.JPG")
        d.find_element(By.CSS_SELECTOR, "details.live summary").click()
        assert plays(d) > 1.0
        assert "/playable/" in d.execute_script("return document.querySelector('details.live video').currentSrc")
    finally:
        d.quit()
