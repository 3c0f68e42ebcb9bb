"""The timeline on a phone with JavaScript off: a year, a month, its photos, one photo."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot


def test_a_month_of_the_timeline_opens_as_a_group_and_walks_into_its_photos(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/")
    follow(d, ".folders a[href='/timeline']")
    assert d.find_element(By.CSS_SELECTOR, ".jumpbar a").text == "2024"
    june = d.find_element(By.CSS_SELECTOR, "#y2024 + .months li a")
    assert june.text.split("\n") == ["June", "80 photos"]
    screenshot(d, "timeline-phone-nojs")
    follow(d, june)
    assert "80 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
    # oldest first, and the photo view walks the month in that order
    follow(d, ".photos li:first-child > a")
    assert d.find_element(By.CSS_SELECTOR, ".position").text == "1 of 80"
    assert d.find_element(By.TAG_NAME, "h1").text == "IMG_000.jpg"
