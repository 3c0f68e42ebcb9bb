"""A caption written on a phone without JavaScript: shown under the photo, found by search."""
from selenium.webdriver.common.by import By

from conftest import follow, reveal


def test_a_caption_is_written_shown_and_found(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/photos/Holiday%202024/IMG_020.jpg")
    assert d.find_element(By.CSS_SELECTOR, "details.captionbox summary").text == "Write a caption"
    reveal(d, "details.captionbox")
    d.find_element(By.ID, "caption").send_keys("Kite festival on the dunes")
    follow(d, "form[data-action=caption] button")
    assert d.find_element(By.CSS_SELECTOR, "figcaption .note").text == "Kite festival on the dunes"
    assert d.find_element(By.CSS_SELECTOR, "details.captionbox summary").text == "Edit the caption"
    d.get(server + "/search?q=dunes")
    assert [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, ".photos li a")] == ["IMG_020.jpg"]
    # and cleared again
    d.get(server + "/photos/Holiday%202024/IMG_020.jpg")
    reveal(d, "details.captionbox")
    d.find_element(By.ID, "caption").clear()
    follow(d, "form[data-action=caption] button")
    assert not d.find_elements(By.CSS_SELECTOR, "figcaption .note")
