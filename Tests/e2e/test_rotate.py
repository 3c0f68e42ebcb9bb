"""Turning a photo with plain forms: the photo view, the grid and the slideshow all show it turned."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import follow, screenshot

PHOTO = "/photos/Holiday%202024/IMG_030.jpg"


def drawn_size(d, selector):
    """The natural size of an image once the browser has drawn it."""
    WebDriverWait(d, 20).until(lambda drv: drv.execute_script(
        "const i = document.querySelector(arguments[0]); return i.complete && i.naturalWidth > 0", selector))
    return tuple(d.execute_script(
        "const i = document.querySelector(arguments[0]); return [i.naturalWidth, i.naturalHeight]", selector))


def turn(d, way):
    follow(d, f"form[data-action=rotate] button[value={way}]")


def test_a_photo_turned_right_stands_up_everywhere_and_turns_back(browser_nojs, server):
    d = browser_nojs
    d.get(server + PHOTO)
    width, height = drawn_size(d, "img.large")
    assert width > height
    turn(d, "right")
    assert d.current_url.endswith(PHOTO)
    assert d.find_element(By.CSS_SELECTOR, "img.large").get_attribute("src").endswith("-r90.jpg")
    assert drawn_size(d, "img.large") == (height, width)
    screenshot(d, f"rotate-{d.execute_script('return window.innerWidth')}-nojs")
    # the grid tile and the slideshow ask for the turned rendition too
    d.get(server + "/folders/Holiday%202024?page=1")
    tile = d.find_element(By.CSS_SELECTOR, ".photos li a[title='IMG_030.jpg'] img")
    assert "-r90.jpg" in tile.get_attribute("src")
    d.get(server + "/slideshow/Holiday%202024/IMG_030.jpg?paused=1")
    assert "-r90.jpg" in d.find_element(By.CSS_SELECTOR, "img").get_attribute("src")
    # and two turns left bring it back as it was
    d.get(server + PHOTO)
    turn(d, "left")
    turn(d, "left")
    assert d.find_element(By.CSS_SELECTOR, "img.large").get_attribute("src").endswith("-r270.jpg")
    turn(d, "right")
    src = d.find_element(By.CSS_SELECTOR, "img.large").get_attribute("src")
    assert "-r" not in src.rsplit("/", 1)[1]
    assert drawn_size(d, "img.large") == (width, height)


def test_turning_works_the_same_with_javascript_on(phone_js, server):
    d = phone_js
    d.get(server + PHOTO)
    turn(d, "left")
    assert d.find_element(By.CSS_SELECTOR, "img.large").get_attribute("src").endswith("-r270.jpg")
    screenshot(d, "rotate-390-js")
    turn(d, "right")
    assert "-r" not in d.find_element(By.CSS_SELECTOR, "img.large").get_attribute("src").rsplit("/", 1)[1]
