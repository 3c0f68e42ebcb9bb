"""Places on a phone with JavaScript off, as a household finds them: the home page's Places card,
the world with its marks, a country, a region, a place's photos, and one photo's place and
position. The positions are written by exiftool into photos the test makes."""
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, own_library_server, screenshot, sign_in

SHOTS = [
    ("Paris/eiffel.jpg", 48.8584, 2.2945, "gradient:navy-gold"),
    ("Paris/louvre.jpg", 48.8606, 2.3376, "gradient:teal-wheat"),
    ("Peru/lima.jpg", -12.0464, -77.0428, "gradient:olive-pink"),
    ("home/cat.jpg", None, None, "plasma:orange-brown"),
]


def fill(library, work) -> None:
    args = []
    for key, latitude, longitude, pattern in SHOTS:
        path = library / key
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["convert", "-size", "320x240", pattern, str(path)], check=True)
        if latitude is not None:
            args += ["-overwrite_original", f"-GPSLatitude={abs(latitude)}", f"-GPSLatitudeRef={'S' if latitude < 0 else 'N'}",
                     f"-GPSLongitude={abs(longitude)}", f"-GPSLongitudeRef={'W' if longitude < 0 else 'E'}", str(path), "-execute"]
    argfile = work / "exif-args"
    argfile.write_text("\n".join(args))
    subprocess.run(["exiftool", "-q", "-@", str(argfile)], check=True)


@pytest.fixture(scope="module")
def places_server():
    yield from own_library_server("photolala-e2e-places-", fill)


def named(base: str, d) -> None:
    """Waits (at most 20 s) until the server has named the scanned positions, beside its requests."""
    for _ in range(100):
        d.get(base + "/places")
        if "France" in d.page_source:
            return
        time.sleep(0.2)
    raise AssertionError("the positions were not named:\n" + d.page_source[:2000])


def test_a_phone_without_javascript_goes_from_the_world_to_a_photos_position(places_server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, places_server, "ada")
        named(places_server, d)
        d.get(places_server + "/library")
        follow(d, ".folders a[href='/places']")
        assert d.find_element(By.TAG_NAME, "h1").text == "Places"
        assert "3 photos in 2 countries" in d.find_element(By.CSS_SELECTOR, ".summary").text
        # the map is drawn and fits the phone's width, a mark per place
        box = d.find_element(By.CSS_SELECTOR, ".placemap svg").rect
        assert 300 < box["width"] <= 390 and 140 < box["height"] < 200
        assert len(d.find_elements(By.CSS_SELECTOR, ".placemap circle")) == 2
        screenshot(d, "places-world-phone-nojs")
        follow(d, ".folders a[href='/places?country=FR']")
        assert d.find_element(By.TAG_NAME, "h1").text == "France"
        screenshot(d, "places-france-phone-nojs")
        follow(d, ".folders a[href='/places?country=FR&region=11']")
        follow(d, ".folders a[href='/search?place=2988507']")
        assert "2 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
        assert "In Paris, Ile-de-France, France" in d.page_source
        screenshot(d, "places-paris-phone-nojs")
        follow(d, ".photos li:first-child > a")
        facts = d.find_element(By.CSS_SELECTOR, "dl.facts").text
        assert "Paris, Ile-de-France, France" in facts and "° N" in facts and "° E" in facts
        osm = d.find_element(By.CSS_SELECTOR, "dl.facts a[href^='https://www.openstreetmap.org/']")
        assert "mlat=48.8" in osm.get_attribute("href")
        d.execute_script("arguments[0].scrollIntoView()", d.find_element(By.CSS_SELECTOR, "dl.facts"))
        screenshot(d, "places-photo-phone-nojs")
    finally:
        d.quit()


def test_the_world_map_on_a_desktop_with_javascript_and_its_static_outline(places_server):
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, places_server, "ada")
        named(places_server, d)
        box = d.find_element(By.CSS_SELECTOR, ".placemap svg").rect
        assert box["width"] > 800
        marks = d.find_elements(By.CSS_SELECTOR, ".placemap a")
        assert sorted(m.get_dom_attribute("href") for m in marks) == ["/search?place=2988507", "/search?place=3936456"]
        screenshot(d, "places-world-desktop-js")
        outline = urllib.request.urlopen(places_server + "/static/world.svg").read()
        assert outline.startswith(b"<svg") and len(outline) < 20_000
    finally:
        d.quit()
