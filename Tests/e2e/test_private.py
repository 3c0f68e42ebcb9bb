"""Private photos in a real browser with JavaScript off: max keeps a photo and a folder to himself
with the plain forms; ada, an admin on another browser, finds neither (the household does not let
admins see private photos); max gives both back and she sees them again."""
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, screenshot, sign_in

PHOTO = "/photos/loose.jpg"
FOLDER = "/folders/Holiday%202024/Beach"


def test_a_member_keeps_a_photo_and_a_folder_private_and_gives_them_back(server):
    maxs = make_driver(PHONE, javascript=False)
    adas = make_driver(DESKTOP, javascript=False)
    try:
        sign_in(maxs, server, "max")
        sign_in(adas, server, "ada")
        # given both see the loose photo and the Beach folder
        adas.get(server + "/search?q=loose")
        assert "loose.jpg" in adas.page_source
        adas.get(server + "/folders/Holiday%202024")
        assert "/folders/Holiday%202024/Beach" in adas.page_source
        try:
            # when max keeps the photo private from its page
            maxs.get(server + PHOTO)
            follow(maxs, "form[data-action=private] button[type=submit]")
            note = maxs.find_element(By.CSS_SELECTOR, "form[data-action=private] .note").text
            assert "only you see it" in note
            screenshot(maxs, "private-photo-phone")
            # and the Beach folder from its page
            maxs.get(server + FOLDER)
            follow(maxs, "form[data-action=private] button[type=submit]")
            assert "only you see this folder" in maxs.find_element(By.CSS_SELECTOR, "form[data-action=private] .note").text
            assert "private" in maxs.find_element(By.CSS_SELECTOR, ".flash").text
            screenshot(maxs, "private-folder-phone")
            # then his home page gathers them, marked
            maxs.get(server + "/library")
            assert maxs.find_elements(By.CSS_SELECTOR, "a[href='/search?private=1']")
            # and ada finds neither: not in the grid, not at its address
            adas.get(server + "/search?q=loose")
            assert "loose.jpg" not in adas.page_source
            adas.get(server + "/folders/Holiday%202024")
            assert "/folders/Holiday%202024/Beach" not in adas.page_source
            screenshot(adas, "private-as-others-see-desktop")
            for path in [PHOTO, FOLDER, "/originals/loose.jpg"]:
                adas.get(server + path)
                assert adas.find_elements(By.CSS_SELECTOR, "main h1") and "Not found" in adas.title + adas.page_source, path
        finally:
            # when max gives both back (the server is shared with the other tests)
            maxs.get(server + PHOTO)
            if maxs.find_elements(By.CSS_SELECTOR, "form[data-action=private] input[name=value][value=off]"):
                follow(maxs, "form[data-action=private] button[type=submit]")
            maxs.get(server + FOLDER)
            if maxs.find_elements(By.CSS_SELECTOR, "form[data-action=private] input[name=value][value=off]"):
                follow(maxs, "form[data-action=private] button[type=submit]")
        # then ada sees them again
        adas.get(server + PHOTO)
        assert adas.find_elements(By.CSS_SELECTOR, "img.large")
        adas.get(server + FOLDER)
        assert adas.find_elements(By.CSS_SELECTOR, ".photos li")
    finally:
        maxs.quit()
        adas.quit()
