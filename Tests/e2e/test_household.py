"""A household member on a phone: sign in, upload two photos, favorite one, share the folder;
someone with the link and no account sees that folder and nothing else."""
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ACCOUNTS, follow, screenshot, settled


def make_photo(path, color, date):
    subprocess.run(["convert", "-size", "640x480", f"plasma:{color}", "-seed", "7", str(path)], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={date}", str(path)], check=True)


def test_sign_in_upload_favorite_share_and_open_the_link_elsewhere(server, fresh_phone, fresh_desktop, tmp_path):
    d = fresh_phone
    # given someone who is not signed in: every page is the sign-in form
    d.get(server + "/")
    assert d.find_elements(By.CSS_SELECTOR, "form[data-action=login]")
    d.get(server + "/folders/Holiday%202024")
    form = d.find_element(By.CSS_SELECTOR, "form[data-action=login]")
    screenshot(d, "login-phone")

    # when they sign in at a phone viewport, they land on the page they asked for
    d.find_element(By.ID, "name").send_keys("max")
    d.find_element(By.ID, "password").send_keys(ACCOUNTS["max"][1])
    follow(d, "form[data-action=login] button[type=submit]")
    assert d.current_url.endswith("/folders/Holiday%202024")
    assert "max" in d.find_element(By.CSS_SELECTOR, "details.menu summary").text

    # when they upload two photos from files with the plain form (JavaScript off)
    first, second = tmp_path / "First light.jpg", tmp_path / "IMG_9001.jpg"
    make_photo(first, "gold-orange", "2023:05:06 07:30:00")
    make_photo(second, "pink-purple", "2023:05:07 19:10:00")
    follow(d, "header a[href='/upload']")
    d.find_element(By.CSS_SELECTOR, "form[data-action=upload] input[type=file]").send_keys(f"{first}\n{second}")
    follow(d, "form[data-action=upload] button[type=submit]")
    added = [li.text for li in d.find_elements(By.CSS_SELECTOR, ".results li.added")]
    assert len(added) == 2, d.page_source
    assert "Uploads/2023/05/First light.jpg" in added[0] + added[1]
    screenshot(d, "upload-done-phone")

    # then both are in the Uploads folder, and one is favorited from its tile
    d.get(server + "/folders/Uploads/2023/05")
    tiles = d.find_elements(By.CSS_SELECTOR, ".photos li")
    assert len(tiles) == 2
    follow(d, ".photos li:first-child form[data-action=favorite] button")
    d.get(server + "/favorites")
    assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 1

    # when they share the folder with a link that lasts a week
    d.get(server + "/folders/Uploads/2023/05")
    d.find_element(By.CSS_SELECTOR, "details.sharebox summary").click()
    Select(d.find_element(By.ID, "expires")).select_by_value("7")
    screenshot(d, "share-form-phone")
    follow(d, "form[data-action=share] button[type=submit]")
    link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
    assert "/share/" in link and len(link.rsplit("/", 1)[1]) >= 22
    screenshot(d, "shared-links-phone")

    # then in a fresh browser profile the link shows that folder's photos and pages
    o = fresh_desktop
    o.get(link)
    settled(o)
    shared = o.find_elements(By.CSS_SELECTOR, ".photos li a")
    assert len(shared) == 2
    assert not o.find_elements(By.TAG_NAME, "form")
    screenshot(o, "share-desktop")
    follow(o, ".photos li:first-child > a")
    assert "/share/" in o.current_url and o.find_element(By.CSS_SELECTOR, ".position").text == "1 of 2"
    assert not o.find_elements(By.TAG_NAME, "form")
    image = o.find_element(By.CSS_SELECTOR, "img.large")
    assert o.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image)

    # and nothing outside it: the library, another folder, another photo, its thumbnail or original
    base = server
    for path in ["/", "/folders/Holiday%202024", "/photos/Holiday%202024/IMG_000.jpg", "/favorites", "/upload", "/shared",
                 "/originals/Holiday%202024/IMG_000.jpg"]:
        o.get(base + path)
        assert o.find_elements(By.CSS_SELECTOR, "form[data-action=login]"), path
        assert "IMG_000" not in o.find_element(By.TAG_NAME, "main").text, path
    token_path = link[link.index("/share/"):]
    o.get(base + token_path + "/photos/Holiday%202024/IMG_000.jpg")
    assert "Not found" in o.find_element(By.TAG_NAME, "h1").text
