"""Curate from a phone with JavaScript off: favorite, rate, tag, delete, restore; all survive a restart."""
from selenium.webdriver.common.by import By

from conftest import follow, screenshot, settled

PHOTO = "/photos/Holiday%202024/IMG_010.jpg"


def submit(d, css):
    follow(d, css)


def test_favorite_rate_tag_delete_restore_and_restart(server, phone_nojs, restart):
    d = phone_nojs
    # given a photo
    d.get(server + PHOTO)
    # when it is favorited, rated four stars and tagged
    submit(d, "form[data-action=favorite] button")
    assert d.current_url.endswith(PHOTO)
    submit(d, "form[data-action=rate] button[value='4']")
    d.find_element(By.CSS_SELECTOR, "form[data-action=tag] input[name=tags]").send_keys("sunset, best of 2024")
    submit(d, "form[data-action=tag] button")
    # then the page shows it, and reload does not resubmit
    d.refresh()
    settled(d)
    panel = d.find_element(By.CSS_SELECTOR, ".curate").text
    assert "Favorite" in panel and "4 of 5 stars" in panel and "sunset" in panel and "best of 2024" in panel
    d.execute_script("document.querySelector('.curate').scrollIntoView()")
    screenshot(d, "curate-phone")
    # and the tag has its own group
    submit(d, ".tags a[href='/tags/sunset']")
    assert "IMG_010.jpg" in d.page_source

    # when a tag is removed
    d.get(server + PHOTO)
    submit(d, "form[data-action=untag] button[aria-label='Remove tag best of 2024']")
    assert "best of 2024" not in d.find_element(By.CSS_SELECTOR, ".curate").text

    # when another photo is moved to the trash, through the confirmation step
    d.get(server + "/photos/Holiday%202024/IMG_011.jpg")
    submit(d, ".actions a.danger")
    screenshot(d, "confirm-delete-phone")
    submit(d, "form[data-action=delete] button")
    assert "/folders/Holiday%202024" in d.current_url
    assert "79 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
    d.get(server + "/trash")
    assert "IMG_011.jpg" in d.page_source
    screenshot(d, "trash-phone")

    # then everything survives a server restart
    base = restart()
    d.get(base + PHOTO)
    panel = d.find_element(By.CSS_SELECTOR, ".curate").text
    assert "Favorite" in panel and "4 of 5 stars" in panel and "sunset" in panel
    d.get(base + "/favorites")
    assert "IMG_010.jpg" in d.page_source
    d.get(base + "/top-rated")
    assert "IMG_010.jpg" in d.page_source

    # and search finds it by its tag, from the form, with JavaScript off
    d.get(base + "/search")
    d.find_element(By.CSS_SELECTOR, ".filterform input[name=q]").send_keys("sunset")
    submit(d, ".filterform button[type=submit]")
    assert "q=sunset" in d.current_url
    results = [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, ".photos li a")]
    assert results == ["IMG_010.jpg"], results
    screenshot(d, "search-phone")

    # and the trashed photo comes back with restore
    d.get(base + "/trash")
    submit(d, "form[data-action=restore] button")
    assert "The trash is empty" in d.page_source
    d.get(base + "/photos/Holiday%202024/IMG_011.jpg")
    assert d.find_element(By.CSS_SELECTOR, ".position").text.endswith("of 80")
