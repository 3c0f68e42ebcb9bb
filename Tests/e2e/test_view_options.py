"""Tile sizes and the list view, chosen with links on a phone without JavaScript, remembered."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot


def test_the_list_view_is_chosen_with_a_link_and_remembered(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/folders/Holiday%202024")
    follow(d, ".viewbar a[href*='set=list']")
    assert d.current_url.endswith("/folders/Holiday%202024")
    rows = d.find_elements(By.CSS_SELECTOR, ".listview tbody tr")
    assert len(rows) == 60
    assert rows[0].find_element(By.CSS_SELECTOR, "a").text == "IMG_000.jpg"
    screenshot(d, "list-view-phone-nojs")
    # remembered on the next group page
    d.get(server + "/favorites")
    assert d.find_elements(By.CSS_SELECTOR, ".listview") or d.find_elements(By.CSS_SELECTOR, ".empty")
    d.get(server + "/folders/Holiday%202024")
    follow(d, ".viewbar a[href*='set=small']")
    assert d.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos size-small"
    follow(d, ".viewbar a[href*='set=medium']")
    assert d.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos"
