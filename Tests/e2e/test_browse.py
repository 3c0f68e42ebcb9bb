"""Browse the gallery as a person would: folder grid, group, photo, next - with JavaScript off."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot


def test_folder_grid_group_photo_and_next(server, browser_nojs):
    d = browser_nojs
    name = d.viewport_name
    # given the folder grid
    d.get(server + "/library")
    assert d.execute_script is not None
    cards = d.find_elements(By.CSS_SELECTOR, ".folders .folder a")
    labels = [c.text for c in cards]
    assert any("Holiday 2024" in t for t in labels), labels
    assert any("Not in a folder" in t for t in labels), labels
    screenshot(d, f"home-{name}")

    # when a folder is opened
    follow(d, ".folders a[href='/folders/Holiday%202024']")
    assert "/folders/Holiday%202024" in d.current_url
    assert "80 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
    assert d.find_elements(By.CSS_SELECTOR, ".folders .folder a")[0].text.startswith("Beach")
    tiles = d.find_elements(By.CSS_SELECTOR, ".photos li a img")
    assert len(tiles) == 60
    for img in tiles[:5]:
        for attribute in ("loading", "width", "height", "alt", "srcset"):
            assert img.get_attribute(attribute), attribute
    assert tiles[0].get_attribute("naturalWidth") not in (None, "0")  # thumbnails really render
    screenshot(d, f"group-{name}")

    # and the numbered pages lead on
    follow(d, ".pages a[rel=next]")
    assert d.current_url.endswith("?page=2")
    assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 20
    follow(d, ".pages a[rel=prev]")

    # when a photo is opened
    follow(d, ".photos li:first-child > a")
    assert "/photos/Holiday%202024/IMG_000.jpg" in d.current_url
    assert d.find_element(By.CSS_SELECTOR, ".position").text == "1 of 80"
    large = d.find_element(By.CSS_SELECTOR, "img.large")
    assert int(large.get_attribute("naturalWidth")) == 320
    facts = d.find_element(By.CSS_SELECTOR, ".facts").text
    assert "1 Jun 2024, 08:00" in facts and "320 × 240" in facts
    screenshot(d, f"photo-{name}")

    # then rel=next walks the same order
    follow(d, "a[rel=next]")
    assert "IMG_001.jpg" in d.current_url
    assert d.find_element(By.CSS_SELECTOR, ".position").text == "2 of 80"
    follow(d, "a[rel=prev]")
    assert "IMG_000.jpg" in d.current_url

    # and back leads to the group page holding the photo
    follow(d, ".back a")
    assert "/folders/Holiday%202024" in d.current_url and "#p" in d.current_url


def test_scan_page_and_error_page(server, browser_nojs):
    d = browser_nojs
    d.get(server + "/scan")
    assert "Library up to date" in d.find_element(By.TAG_NAME, "h1").text
    screenshot(d, f"scan-{d.viewport_name}")
    d.get(server + "/folders/Holiday%202024?page=99")
    assert "Page 99 does not exist" in d.page_source
    screenshot(d, f"error-{d.viewport_name}")


