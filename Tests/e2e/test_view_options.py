"""Tile sizes and the list view, chosen with buttons on a phone without JavaScript, remembered."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot


def test_the_list_view_is_chosen_with_a_button_and_remembered(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/folders/Holiday%202024")
    follow(d, ".viewbar button[value=list]")
    assert d.current_url.endswith("/folders/Holiday%202024")
    rows = d.find_elements(By.CSS_SELECTOR, ".listview tbody tr")
    assert len(rows) == 60
    assert rows[0].find_element(By.CSS_SELECTOR, "a").text == "IMG_000.jpg"
    screenshot(d, "list-view-phone-nojs")
    # remembered on the next group page
    d.get(server + "/favorites")
    assert d.find_elements(By.CSS_SELECTOR, ".listview") or d.find_elements(By.CSS_SELECTOR, ".empty")
    d.get(server + "/folders/Holiday%202024")
    follow(d, ".viewbar button[value=small]")
    assert d.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos rows size-small"
    follow(d, ".viewbar button[value=medium]")
    assert d.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos rows"


def test_a_signed_in_persons_layout_follows_them_to_another_browser(server):
    from conftest import DESKTOP, PHONE, make_driver, sign_in
    phone = make_driver(PHONE, javascript=False)
    laptop = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(phone, server, "max")
        phone.get(server + "/folders/Holiday%202024")
        follow(phone, ".viewbar button[value=large]")
        assert phone.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos rows size-large"
        # the laptop never chose: it shows what max chose on his phone
        sign_in(laptop, server, "max")
        laptop.get(server + "/folders/Holiday%202024")
        assert laptop.find_element(By.CSS_SELECTOR, "ul.photos").get_attribute("class") == "photos rows size-large"
        screenshot(laptop, "view-large-follows-desktop-js")
    finally:
        # back to medium for the tests that follow
        phone.get(server + "/folders/Holiday%202024")
        follow(phone, ".viewbar button[value=medium]")
        phone.quit()
        laptop.quit()
