"""The timeline on a phone with JavaScript off: a year, a month, its photos, one photo."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot


def test_a_month_of_the_timeline_opens_as_a_group_and_walks_into_its_photos(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/library")
    follow(d, ".folders a[href='/timeline/months']")
    assert d.find_element(By.CSS_SELECTOR, ".jumpbar a").text == "2024"
    june = d.find_element(By.CSS_SELECTOR, "#y2024 + .months li a")
    assert june.text.split("\n") == ["June", "80 photos"]
    screenshot(d, "timeline-phone-nojs")
    follow(d, june)
    assert "80 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
    # each day of the month is headed by its date, spanning the grid, before its first photo
    days = d.find_elements(By.CSS_SELECTOR, ".photos .dayhead h2")
    assert days and days[0].text.endswith("June 2024") and days[0].text.split()[0].endswith("day")
    first = d.find_element(By.CSS_SELECTOR, ".photos > li:not(.rowend)")
    assert first.get_attribute("class") == "dayhead"
    assert first.size["width"] >= d.find_element(By.CSS_SELECTOR, ".photos").size["width"] - 2
    screenshot(d, "timeline-month-phone-nojs")
    # oldest first, and the photo view walks the month in that order
    follow(d, ".photos > li:not(.rowend):not(.dayhead) > a")
    assert d.find_element(By.CSS_SELECTOR, ".position").text == "1 of 80"
    assert d.find_element(By.TAG_NAME, "h1").text == "IMG_000.jpg"
