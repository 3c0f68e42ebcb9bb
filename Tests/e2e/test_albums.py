"""Albums on a phone with JavaScript off: made from a selection, arranged with plain forms,
filled from a photo's page, renamed, shared, and deleted without losing a photo."""
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, screenshot, settled, sign_in, reveal
from test_selection import flash, tick


def tiles(d) -> list:
    return [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, ".photos li a")]


def test_an_album_made_arranged_filled_shared_and_deleted_on_a_phone_without_javascript(server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "max")
        # given the three beach photos, selected by name
        d.get(server + "/folders/Holiday%202024/Beach?select=1&sort=name")
        for pick in d.find_elements(By.CSS_SELECTOR, "label.pick"):
            tick(d, pick)
        d.find_element(By.CSS_SELECTOR, ".selectbar details.more summary").click()
        d.find_element(By.ID, "selalbum").send_keys("Beach days")
        # when they are added to an album that does not exist yet
        follow(d, ".selectbar button[value=album-add]")
        assert flash(d) == "Made the album “Beach days”. Added 3 photos to “Beach days”."
        # then it is on the albums page, and its page lists them in the order added
        d.get(server + "/albums")
        follow(d, ".folders a")
        album = d.current_url
        assert tiles(d) == ["sea0.jpg", "sea1.jpg", "sea2.jpg"]
        # when the last is moved to the top on the arranging page
        follow(d, ".groupacts a[href$='arrange=1']")
        screenshot(d, "album-arrange-phone-nojs")
        follow(d, "li:last-child form[data-action=album-move] button[value=top]")
        d.get(album)
        assert tiles(d) == ["sea2.jpg", "sea0.jpg", "sea1.jpg"]
        # and a photo from elsewhere joins it from its own page
        d.get(server + "/photos/loose.jpg")
        d.find_element(By.ID, "album").send_keys("Beach days")
        follow(d, "form[data-action=album-add] button")
        assert flash(d) == "Added to “Beach days”."
        d.get(album)
        assert tiles(d) == ["sea2.jpg", "sea0.jpg", "sea1.jpg", "loose.jpg"]
        # and renamed from its page
        reveal(d, "details.albumedit")
        name = d.find_element(By.CSS_SELECTOR, "form[data-action=album-update] input[name=name]")
        name.clear()
        name.send_keys("Beach, summer 2024")
        follow(d, "form[data-action=album-update] button")
        assert d.find_element(By.TAG_NAME, "h1").text == "Beach, summer 2024"
        screenshot(d, "album-phone-nojs")
        # and shared: someone with the link and no account sees it in its order
        reveal(d, "details.sharebox:not(.albumedit)")
        follow(d, "form[data-action=share] button[type=submit]")
        link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
        o = make_driver(DESKTOP, javascript=True)
        try:
            o.get(link)
            settled(o)
            assert o.find_element(By.TAG_NAME, "h1").text == "Beach, summer 2024"
            assert tiles(o) == ["sea2.jpg", "sea0.jpg", "sea1.jpg", "loose.jpg"]
            screenshot(o, "album-shared-desktop-js")
        finally:
            o.quit()
        # and deleted, its photos staying where they are
        d.get(album)
        reveal(d, "details.albumedit")
        d.find_element(By.CSS_SELECTOR, "form[data-action=album-delete] input[name=confirm]").click()
        follow(d, "form[data-action=album-delete] button")
        assert flash(d) == "Deleted the album “Beach, summer 2024”; its photos stay in the library."
        d.get(server + "/folders/Holiday%202024/Beach")
        assert len(tiles(d)) == 3
    finally:
        d.quit()


def test_an_album_is_rearranged_by_dragging_with_javascript_on_a_phone(server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import WebDriverWait
    d = make_driver(PHONE, javascript=True)
    try:
        sign_in(d, server, "max")
        d.get(server + "/folders/Holiday%202024/Beach?select=1&sort=name")
        settled(d)
        for pick in d.find_elements(By.CSS_SELECTOR, "label.pick"):
            tick(d, pick)
        d.find_element(By.CSS_SELECTOR, ".selectbar details.more summary").click()
        d.find_element(By.ID, "selalbum").send_keys("Dragged")
        follow(d, ".selectbar button[value=album-add]")
        d.get(server + "/albums")
        album = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, ".folders a") if "Dragged" in a.text][0]
        d.get(album + "?arrange=1")
        settled(d)
        # the script gives each row a handle; the last row is dragged above the first
        handles = d.find_elements(By.CSS_SELECTOR, "ol.arrange li > button.handle")
        assert len(handles) == 3
        first = d.find_element(By.CSS_SELECTOR, "ol.arrange li:first-child")
        ActionChains(d).click_and_hold(handles[2]).move_to_element_with_offset(first, 0, -first.size["height"] // 2 + 2) \
            .pause(0.2).release().perform()
        # the rows are numbered anew once the server has kept the move
        numbers = lambda drv: [e.text for e in drv.find_elements(By.CSS_SELECTOR, "ol.arrange .what strong")]
        WebDriverWait(d, 10).until(lambda drv: numbers(drv) == ["1.", "2.", "3."])
        assert d.find_element(By.CSS_SELECTOR, "ol.arrange li:first-child").get_attribute("data-key").endswith("sea2.jpg")
        screenshot(d, "album-drag-phone-js")
        # the server kept it: the album's own page has the new order
        d.get(album)
        assert tiles(d) == ["sea2.jpg", "sea0.jpg", "sea1.jpg"]
        # and the arrow keys on a handle move a row as well
        d.get(album + "?arrange=1")
        settled(d)
        d.find_elements(By.CSS_SELECTOR, "ol.arrange li > button.handle")[0].send_keys("\ue015")  # arrow down
        WebDriverWait(d, 10).until(lambda drv: drv.find_element(By.CSS_SELECTOR, "ol.arrange li:first-child .what strong").text == "1."
                                   and drv.find_element(By.CSS_SELECTOR, "ol.arrange li:first-child").get_attribute("data-key").endswith("sea0.jpg"))
        WebDriverWait(d, 10).until(lambda drv: not drv.find_elements(By.CSS_SELECTOR, "ol.arrange[aria-busy]"))
        d.get(album)
        assert tiles(d) == ["sea0.jpg", "sea2.jpg", "sea1.jpg"]
        # (deleted again, for the tests that follow)
        reveal(d, "details.albumedit")
        d.find_element(By.CSS_SELECTOR, "form[data-action=album-delete] input[name=confirm]").click()
        follow(d, "form[data-action=album-delete] button")
    finally:
        d.quit()
