"""The slideshow: on a phone with JavaScript off it moves on by itself and pauses; on a desktop
with JavaScript the arrow keys and Escape work."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, follow, make_driver, screenshot, settled, sign_in


def position(d) -> str:
    return d.find_element(By.CSS_SELECTOR, ".position").text


def test_the_slideshow_moves_on_by_itself_without_javascript_and_pauses(phone_nojs, server):
    d = phone_nojs
    d.get(server + "/folders/Holiday%202024/Beach")
    follow(d, ".groupacts a[href^='/slideshow/']")
    assert position(d) == "1 of 3"
    # at the fastest pace, the next photo comes by itself (a meta refresh, no script)
    d.get(d.current_url + "?every=2")
    WebDriverWait(d, 15).until(lambda drv: position(drv) == "2 of 3")
    screenshot(d, "slideshow-phone-nojs")
    # paused, it stays
    follow(d, "a[data-action=toggle]")
    assert "paused=1" in d.current_url
    shown = d.find_element(By.CSS_SELECTOR, "img.slide").get_attribute("alt")
    time.sleep(3)
    assert position(d) == "2 of 3"
    # and Exit leads to that photo's page
    follow(d, "a[data-key=Escape]")
    assert d.find_element(By.TAG_NAME, "h1").text == shown


def test_the_arrow_keys_and_escape_drive_it_with_javascript(server):
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, server, "max")
        # (the order of the folder's photos depends on what earlier tests did to them: follow its links)
        d.get(server + "/folders/Holiday%202024/Beach")
        first = d.find_element(By.CSS_SELECTOR, ".groupacts a[href^='/slideshow/']").get_attribute("href")
        d.get(first + "?paused=1")
        settled(d)
        start = position(d)
        assert start == "1 of 3"
        following = d.find_element(By.CSS_SELECTOR, "a[rel=next]").get_attribute("href")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(d, 10).until(lambda drv: drv.current_url == following)
        settled(d)
        assert position(d) != start
        before = d.find_element(By.CSS_SELECTOR, "a[rel=prev]").get_attribute("href")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        WebDriverWait(d, 10).until(lambda drv: drv.current_url == before)
        settled(d)
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        WebDriverWait(d, 10).until(lambda drv: "/photos/" in drv.current_url)
    finally:
        d.quit()


def test_a_share_links_frame_view_runs_on_a_tablet_without_script_and_stays_in_the_link(server, fresh_desktop):
    # given a link to the Beach folder, made by ada
    d = make_driver(DESKTOP, javascript=False)
    try:
        sign_in(d, server, "ada")
        d.get(server + "/folders/Holiday%202024/Beach")
        d.find_element(By.CSS_SELECTOR, "details.sharebox summary").click()
        follow(d, "form[data-action=share] button[type=submit]")
        link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
    finally:
        d.quit()
    # when a tablet with no account and no script opens it, then its slideshow, then the frame view
    t = fresh_desktop
    t.get(link)
    follow(t, ".groupacts a[href*='/slideshow/']")
    assert t.current_url.startswith(link + "/slideshow/")
    follow(t, "a[href*='frame=1']")
    # then the photo alone fills the screen, and the next comes by itself, still inside the link
    assert not t.find_elements(By.CSS_SELECTOR, "nav, form, script")
    first = t.find_element(By.CSS_SELECTOR, "img.slide").get_attribute("alt")
    t.get(t.current_url.replace("frame=1", "every=2&frame=1"))
    WebDriverWait(t, 15).until(lambda drv: drv.find_element(By.CSS_SELECTOR, "img.slide").get_attribute("alt") != first)
    assert t.current_url.startswith(link + "/slideshow/") and "frame=1" in t.current_url
    image = t.find_element(By.CSS_SELECTOR, "img.slide")
    assert image.get_attribute("src").startswith(link + "/thumbs/1600/")
    assert t.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)
    screenshot(t, "share-frame-desktop-nojs")
