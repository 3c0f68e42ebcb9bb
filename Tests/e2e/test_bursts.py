"""Bursts on a phone with JavaScript off, as a household meets them: eight shots of one scene a
second apart are one tile saying 8, opened as a group of their shots; "Keep this one" leaves the
chosen shot and puts the seven others in the trash, and Undo brings them back, stacked again. The
shots are made by the test (ImageMagick's plasma, moved and blurred a little, dated by exiftool)."""
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, own_library_server, screenshot, sign_in

SHOTS = 8
SHARPEST = 5


def fill(library, work) -> None:
    folder = library / "Beach"
    folder.mkdir(parents=True)
    scene = work / "scene.png"
    subprocess.run(["convert", "-seed", "77", "-size", "640x480", "plasma:", "-blur", "0x1", str(scene)], check=True)
    args = []
    for n in range(1, SHOTS + 1):
        path = folder / f"IMG_{n:04d}.jpg"
        blur = [] if n == SHARPEST else ["-blur", f"0x{1 + n % 3}"]
        subprocess.run(["convert", str(scene), "-roll", f"+{n * 2}+{n}", *blur, "-quality", "90", str(path)], check=True)
        args += ["-overwrite_original", f"-DateTimeOriginal=2024:07:14 16:20:{n:02d}", str(path), "-execute"]
    other = folder / "IMG_0100.jpg"
    subprocess.run(["convert", "-size", "640x480", "gradient:teal-wheat", str(other)], check=True)
    args += ["-overwrite_original", "-DateTimeOriginal=2024:07:14 18:00:00", str(other)]
    argfile = work / "exif-args"
    argfile.write_text("\n".join(args))
    subprocess.run(["exiftool", "-q", "-@", str(argfile)], check=True)


@pytest.fixture(scope="module")
def burst_server():
    yield from own_library_server("photolala-e2e-bursts-", fill)


def stacked(base: str, d) -> None:
    """Waits (at most 60 s) until the server has measured the shots and stacked the burst, beside its requests."""
    for _ in range(300):
        d.get(base + "/folders/Beach")
        if d.find_elements(By.CSS_SELECTOR, ".stack-badge"):
            return
        time.sleep(0.2)
    raise AssertionError("the burst was not stacked:\n" + d.page_source[:2000])


def tiles(d) -> list:
    return d.find_elements(By.CSS_SELECTOR, "ul.photos > li")


def test_a_burst_is_one_tile_and_keeping_one_shot_is_undone_in_one_step(burst_server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, burst_server, "ada")
        stacked(burst_server, d)
        # the folder: the burst as one tile saying 8, drawn as a pile, and the other photo
        assert len(tiles(d)) == 2
        assert d.find_element(By.CSS_SELECTOR, ".stack-badge").text == "❐ 8"
        assert f"9 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
        screenshot(d, "bursts-folder-phone-nojs")
        # opened, it is the eight shots in the order they were taken, each with "Keep this one"
        follow(d, "ul.photos li:has(.stack-badge) > a")
        assert d.find_element(By.TAG_NAME, "h1").text.startswith(f"Burst of {SHOTS} shots")
        # what Keep does is said in words on the page, not in a tooltip
        assert "moves the other" in d.find_element(By.CSS_SELECTOR, ".burst-keep").text
        assert len(tiles(d)) == SHOTS
        assert len(d.find_elements(By.CSS_SELECTOR, "form.keep button")) == SHOTS
        screenshot(d, "bursts-burst-phone-nojs")
        # keeping the second shot: it alone is left, seven are in the trash, and the page says so
        follow(d, "ul.photos > li:nth-child(2) form.keep button")
        flash = d.find_element(By.CSS_SELECTOR, ".flash").text
        assert "Kept IMG_0002.jpg. Moved 7 files to the trash" in flash
        assert len(tiles(d)) == 2 and not d.find_elements(By.CSS_SELECTOR, ".stack-badge")
        screenshot(d, "bursts-kept-phone-nojs")
        # Undo: the eight shots are back, one tile again
        follow(d, "form[data-action='undo'] button")
        assert len(tiles(d)) == 2
        assert d.find_element(By.CSS_SELECTOR, ".stack-badge").text == "❐ 8"
    finally:
        d.quit()


def test_the_similar_collection_and_its_thresholds_on_a_phone(burst_server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, burst_server, "ada")
        stacked(burst_server, d)
        d.get(burst_server + "/library")
        follow(d, ".folders a[href='/similar']")
        assert d.find_element(By.TAG_NAME, "h1").text == "Similar"
        # the burst's shots look alike, one box of them, folded into one tile; the other picture does not
        boxes = d.find_elements(By.CSS_SELECTOR, "section.lookalikes")
        assert len(boxes) == 1
        assert boxes[0].find_element(By.CSS_SELECTOR, ".stack-badge").text == f"❐ {SHOTS}"
        d.execute_script("document.querySelector('.sortmenu').open = true")
        bar = d.find_element(By.CSS_SELECTOR, "nav[aria-label='How alike']")
        assert "Close" in bar.find_element(By.CSS_SELECTOR, "strong").text
        screenshot(d, "similar-phone-nojs")
        follow(d, "nav[aria-label='How alike'] a[href='/similar?within=4']")
        d.execute_script("document.querySelector('.sortmenu').open = true")
        assert "Nearly the same" in d.find_element(By.CSS_SELECTOR, "nav[aria-label='How alike'] strong").text
    finally:
        d.quit()


def test_a_burst_on_a_wide_screen_with_javascript(burst_server):
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, burst_server, "ada")
        stacked(burst_server, d)
        screenshot(d, "bursts-folder-desktop-js")
        follow(d, "ul.photos li:has(.stack-badge) > a")
        assert len(tiles(d)) == SHOTS
        screenshot(d, "bursts-burst-desktop-js")
    finally:
        d.quit()
