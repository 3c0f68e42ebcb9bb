"""Videos in a real browser: an H.264 MP4 plays from its original (seeking needs Range), and an
HEVC video, which headless Chromium cannot decode, plays from the rendition the waiting page has
made, the waiting page reloading itself without script until it is ready; and on a data folder
that is empty when the server starts, the HEVC clip's first visit offers that version at once."""
import pathlib
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, binary, free_port, make_driver, own_library_server, screenshot, sign_in


def fill(library: pathlib.Path, work: pathlib.Path) -> None:
    """Two short videos: an H.264 MP4 and an HEVC MOV."""
    (library / "clips").mkdir()
    pattern = "testsrc=duration=6:size=320x240:rate=15"
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", pattern, "-c:v", "libx264",
                    "-pix_fmt", "yuv420p", str(library / "clips" / "walk.mp4")], check=True)
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", pattern + ",hue=h=90", "-c:v", "libx265",
                    "-pix_fmt", "yuv420p", "-x265-params", "log-level=error", str(library / "clips" / "phone.mov")],
                   check=True)


@pytest.fixture(scope="module")
def video_server():
    yield from own_library_server("photolala-e2e-video-", fill)


@pytest.fixture
def desktop_js(video_server):
    driver = make_driver(DESKTOP, javascript=True)
    sign_in(driver, video_server, "ada")
    yield driver
    driver.quit()


def plays(d) -> float:
    """Starts the page's video muted (headless Chromium allows that) and waits until it has played
    past one second; returns where it stands."""
    d.execute_script("const v = document.querySelector('video'); v.muted = true; v.play();")
    WebDriverWait(d, 30).until(lambda drv: drv.execute_script("return document.querySelector('video').currentTime") > 1.0)
    return d.execute_script("return document.querySelector('video').currentTime")


def test_an_h264_video_plays_and_seeks_from_its_original(desktop_js, video_server):
    d = desktop_js
    if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"')""") == "":
        pytest.skip("this Chromium cannot play H.264")
    d.get(video_server + "/photos/clips/walk.mp4")
    video = d.execute_script("const v = document.querySelector('video'); return [v.controls, v.preload, v.poster]")
    assert video[0] is True and video[1] == "metadata" and "/thumbs/1600/" in video[2]
    assert plays(d) > 1.0
    assert d.execute_script("return document.querySelector('video').currentSrc").endswith("/originals/clips/walk.mp4")
    # seeking asks the server for a range of the original
    d.execute_script("const v = document.querySelector('video'); v.currentTime = 4.5;")
    WebDriverWait(d, 30).until(lambda drv: drv.execute_script(
        "const v = document.querySelector('video'); return !v.seeking && v.currentTime >= 4.5"))


def test_an_hevc_video_plays_from_the_rendition_its_waiting_page_had_made(desktop_js, video_server):
    d = desktop_js
    if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"')""") == "":
        pytest.skip("this Chromium cannot play H.264")
    if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="hvc1"')""") != "":
        pytest.skip("this Chromium plays HEVC itself")
    d.get(video_server + "/photos/clips/phone.mov")
    link = d.execute_script("return document.querySelector('a[href=\"/play/clips/phone.mov\"]') !== null")
    assert link
    # the waiting page reloads itself until the rendition is ready, then the video's page follows
    d.get(video_server + "/play/clips/phone.mov")
    WebDriverWait(d, 120, poll_frequency=0.5).until(lambda drv: drv.current_url.endswith("/photos/clips/phone.mov"))
    assert plays(d) > 1.0
    assert "/playable/" in d.execute_script("return document.querySelector('video').currentSrc")


@pytest.fixture(scope="module")
def fresh_server():
    """The binary started on an empty data folder (no catalog, nothing made before it), over a
    library holding an HEVC clip, with guests trusted as members (a home network)."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-fresh-"))
    library = work / "library"
    library.mkdir()
    fill(library, work)
    data = work / "data"
    port = free_port()
    log_path = work / "server.log"
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--data", str(data), "--port", str(port),
                             "--guest", "member"], stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    deadline = time.time() + 120
    while "scan finished" not in log_path.read_text() or "Server started and listening" not in log_path.read_text():
        if time.time() > deadline or proc.poll() is not None:
            proc.kill()
            raise RuntimeError("server did not start:\n" + log_path.read_text())
        time.sleep(0.3)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)
    shutil.rmtree(work, ignore_errors=True)


def test_on_a_fresh_data_folder_an_hevc_clip_offers_a_playable_version_at_once(fresh_server):
    d = make_driver(PHONE, javascript=False)
    try:
        if d.execute_script("""return document.createElement('video').canPlayType('video/mp4; codecs="hvc1"')""") != "":
            pytest.skip("this Chromium plays HEVC itself")
        # the first visit of the clip's page offers a version that plays here
        d.get(fresh_server + "/photos/clips/phone.mov")
        link = d.find_elements(By.CSS_SELECTOR, 'a[href="/play/clips/phone.mov"]')
        assert link and link[0].text == "Prepare a version that plays here"
        screenshot(d, "video-fresh-phone-nojs")
        # and following it, the waiting page brings the video's page back with the version that plays
        link[0].click()
        WebDriverWait(d, 120, poll_frequency=0.5).until(lambda drv: drv.current_url.endswith("/photos/clips/phone.mov"))
        assert "/playable/" in d.find_element(By.CSS_SELECTOR, "video source[type='video/mp4']").get_attribute("src")
    finally:
        d.quit()
