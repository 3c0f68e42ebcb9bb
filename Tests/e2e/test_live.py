"""A phone's camera roll in a real browser: an H.264 MP4, an HEVC MOV, a Live Photo, a motion
photo, a DNG beside its JPEG and an AVIF. The grid shows one tile per shot, each with a real
thumbnail and its badge; the Live shot's page plays its clip inside a <details> that opens
without script. A motion photo's clip is the end of its JPEG, served with Range; a Live Photo's
HEVC clip, which headless Chromium cannot decode, plays from the rendition its waiting page has
made."""
import pathlib
import struct
import subprocess

import contextlib
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, make_driver, own_library_server, screenshot, sign_in

MOTION_XMP = ["-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1"]


def ffmpeg(pattern: str, codec: list, out: pathlib.Path) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", pattern] + codec + [str(out)], check=True)


def dng(preview: bytes) -> bytes:
    """A little-endian DNG whose IFD0 says DNGVersion, Make and Model and carries a JPEG preview
    (JPEGInterchangeFormat): all a camera's RAW needs to show here."""
    make, model = b"Photolala\0", b"Test DNG\0"
    entries = 6
    ifd_at = 8
    data_at = ifd_at + 2 + entries * 12 + 4
    make_at, model_at = data_at, data_at + len(make)
    jpeg_at = model_at + len(model)
    def entry(tag, kind, count, value):
        return struct.pack("<HHI", tag, kind, count) + value
    ifd = struct.pack("<H", entries) + b"".join([
        entry(0x010F, 2, len(make), struct.pack("<I", make_at)),
        entry(0x0110, 2, len(model), struct.pack("<I", model_at)),
        entry(0x0112, 3, 1, struct.pack("<HH", 1, 0)),
        entry(0x0201, 4, 1, struct.pack("<I", jpeg_at)),
        entry(0x0202, 4, 1, struct.pack("<I", len(preview))),
        entry(0xC612, 1, 4, bytes([1, 4, 0, 0])),
    ]) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd_at) + ifd + make + model + preview


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
    # A RAW beside the JPEG the camera made of the same shot.
    subprocess.run(["convert", "-size", "640x480", "gradient:#6d597a-#eaac8b", str(roll / "DSC_0003.jpg")], check=True)
    preview = work / "preview.jpg"
    subprocess.run(["convert", "-size", "640x480", "gradient:#6d597a-#eaac8b", "-quality", "85", str(preview)], check=True)
    (roll / "DSC_0003.dng").write_bytes(dng(preview.read_bytes()))
    # Videos of their own, and an AVIF.
    ffmpeg("testsrc=duration=4:size=320x240:rate=15,hue=h=200", h264, roll / "walk.mp4")
    ffmpeg("testsrc=duration=4:size=320x240:rate=15,hue=h=300", hevc, roll / "phone.mov")
    subprocess.run(["convert", "-size", "640x480", "gradient:#ffb703-#023047", str(roll / "sky.avif")], check=True)


@pytest.fixture(scope="module")
def live_server():
    yield from own_library_server("photolala-e2e-live-", fill)


@contextlib.contextmanager
def signed_in(base: str, size, javascript: bool):
    """A browser at `size`, signed in as ada, quit however the block ends."""
    d = make_driver(size, javascript=javascript)
    try:
        sign_in(d, base, "ada")
        yield d
    finally:
        d.quit()


@pytest.fixture(params=[(PHONE, False), (DESKTOP, True)], ids=["phone-nojs", "desktop-js"])
def browser(request, live_server):
    size, javascript = request.param
    with signed_in(live_server, size, javascript) as driver:
        yield driver, size, javascript


def tile_marks(d) -> dict:
    """Each tile's name, with what it shows over its picture: a badge, a video's length."""
    return d.execute_script("""
        const out = {};
        for (const li of document.querySelectorAll('ul.photos > li')) {
          const name = li.querySelector('a').getAttribute('title');
          const badge = li.querySelector('.kind-badge'), length = li.querySelector('.duration');
          out[name] = [badge ? badge.textContent : null, length ? length.textContent.replace('▶', '').trim() : null];
        }
        return out;""")


def test_the_roll_shows_one_tile_per_shot_with_its_badge(browser, live_server):
    d, size, javascript = browser
    d.get(live_server + "/folders/roll?sort=name")
    assert tile_marks(d) == {
        "DSC_0003.jpg": ["RAW", None], "IMG_0001.JPG": ["Live", None], "PXL_0002.MP.jpg": ["Live", None],
        "phone.mov": [None, "0:04"], "plain.jpg": [None, None], "sky.avif": [None, None], "walk.mp4": [None, "0:04"],
    }
    # every tile's thumbnail is a real picture (a poster for a video, the still for a Live shot),
    # not a placeholder: the server answers each with a cache lifetime a placeholder never gets
    WebDriverWait(d, 60).until(lambda drv: drv.execute_script(
        "return [...document.querySelectorAll('ul.photos img')].every(i => i.complete && i.naturalWidth > 0)"))
    sources = d.execute_script("return [...document.querySelectorAll('ul.photos img')].map(i => i.currentSrc)")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in d.get_cookies())
    for url in sources:
        answer = urllib.request.urlopen(urllib.request.Request(url, headers={"Cookie": cookie}))
        assert "immutable" in answer.headers["Cache-Control"], url
    screenshot(d, f"live-grid-{size[0]}-{'js' if javascript else 'nojs'}")


def test_the_filters_keep_each_kind(browser, live_server):
    d, _, _ = browser
    def names(kind):
        d.get(live_server + f"/folders/roll?kind={kind}")
        return sorted(a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, "ul.photos > li > a"))
    assert names("live") == ["IMG_0001.JPG", "PXL_0002.MP.jpg"]
    assert names("raw") == ["DSC_0003.jpg"]
    assert names("videos") == ["phone.mov", "walk.mp4"]


def skip_without_h264(d) -> None:
    if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"')""") == "":
        pytest.skip("this Chromium cannot play H.264")


def plays(d) -> float:
    d.execute_script("const v = document.querySelector('details.live video'); v.muted = true; v.play();")
    WebDriverWait(d, 30).until(lambda drv: drv.execute_script("return document.querySelector('details.live video').currentTime") > 1.0)
    return d.execute_script("return document.querySelector('details.live video').currentTime")


def test_a_motion_photo_plays_its_clip_from_inside_the_jpeg(live_server):
    with signed_in(live_server, DESKTOP, javascript=True) as d:
        skip_without_h264(d)
        d.get(live_server + "/photos/roll/PXL_0002.MP.jpg")
        d.find_element(By.CSS_SELECTOR, "details.live summary").click()
        assert plays(d) > 1.0
        assert d.execute_script("return document.querySelector('details.live video').currentSrc").endswith("/motion/roll/PXL_0002.MP.jpg")
        screenshot(d, "live-motion-1280-js")


def test_a_live_photos_hevc_clip_plays_after_its_rendition_is_made(live_server):
    with signed_in(live_server, PHONE, javascript=False) as d:
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
    with signed_in(live_server, DESKTOP, javascript=True) as d:
        skip_without_h264(d)
        d.get(live_server + "/photos/roll/IMG_0001.JPG")
        d.find_element(By.CSS_SELECTOR, "details.live summary").click()
        assert plays(d) > 1.0
        assert "/playable/" in d.execute_script("return document.querySelector('details.live video').currentSrc")


def test_a_raw_stacks_page_offers_both_files_without_script(live_server):
    with signed_in(live_server, PHONE, javascript=False) as d:
        d.get(live_server + "/photos/roll/DSC_0003.jpg")
        links = {a.get_attribute("download"): a.text for a in d.find_elements(By.CSS_SELECTOR, "p.actions a[download]")}
        assert links["DSC_0003.jpg"] == "Download original"
        assert links["DSC_0003.dng"].startswith("Download RAW (DNG,")
        # the RAW's own address shows the shot's page
        d.get(live_server + "/photos/roll/DSC_0003.dng")
        assert "<h1>DSC_0003.jpg</h1>" in d.page_source
        d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        screenshot(d, "raw-stack-390-nojs")
