"""An album shared with a link that takes photos: a friend with no account adds one from a phone
without JavaScript, and the household sees it in the album, marked as added through the link."""
import subprocess

from selenium.webdriver.common.by import By

from conftest import PHONE, follow, make_driver, reveal, screenshot, sign_in


def test_a_friend_adds_a_photo_to_a_shared_album_without_an_account(server, fresh_phone, tmp_path):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "max")
        # given an album of one photo, shared with a link that takes photos
        d.get(server + "/photos/loose.jpg")
        d.find_element(By.ID, "album").send_keys("Garden party")
        follow(d, "form[data-action=album-add] button")
        follow(d, "form[data-action=album-add] ~ .albums a, .albums a")
        album = d.current_url
        reveal(d, "details.sharebox:not(.albumedit)")
        d.find_element(By.CSS_SELECTOR, "form[data-action=share] input[name=uploads]").click()
        follow(d, "form[data-action=share] button[type=submit]")
        assert "takes photos (200 more)" in d.find_element(By.CSS_SELECTOR, ".shares li.new").text
        link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")

        # when a friend opens it on a phone and adds a photo of their own
        photo = tmp_path / "party.jpg"
        subprocess.run(["convert", "-size", "300x200", "gradient:gold-purple", str(photo)], check=True)
        subprocess.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2022:03:05 18:00:00", str(photo)], check=True)
        o = fresh_phone
        o.get(link)
        assert len(o.find_elements(By.CSS_SELECTOR, ".photos li")) == 1
        assert o.find_element(By.CSS_SELECTOR, ".groupacts a[href$='/zip']").text == "⤓ Download all (zip)"
        reveal(o, "details.sharebox")
        o.find_element(By.CSS_SELECTOR, "form[data-action=share-upload] input[type=file]").send_keys(str(photo))
        screenshot(o, "share-upload-phone-nojs")
        follow(o, "form[data-action=share-upload] button")
        assert "1 photo added" in o.find_element(By.CSS_SELECTOR, ".notice").text
        screenshot(o, "share-upload-done-phone-nojs")
        follow(o, "a[href$='/share/" + link.rsplit("/", 1)[1] + "'], p > a")
        assert len(o.find_elements(By.CSS_SELECTOR, ".photos li")) == 2

        # then the household sees it in the album, marked as the link's
        d.get(album + "?arrange=1")
        notes = [e.text for e in d.find_elements(By.CSS_SELECTOR, "ol.arrange .via")]
        assert notes == ["added through the share link"]
        # (the album goes again; the photo stays in the library, in the link's own folder under Link uploads)
        d.get(album)
        reveal(d, "details.albumedit")
        d.find_element(By.CSS_SELECTOR, "form[data-action=album-delete] input[name=confirm]").click()
        follow(d, "form[data-action=album-delete] button")
    finally:
        d.quit()
