"""A share link with a password, on phones without JavaScript: the maker sets it, a stranger
with a wrong password is refused, a friend with the right one sees the photos."""
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import PHONE, follow, make_driver, own_library_server, screenshot, sign_in


def protected_link(base: str, name: str, folder: str) -> str:
    """Signs in as `name` on a phone without JavaScript, shares `folder` with a password, and
    returns the full link the list page shows once."""
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, base, name)
        d.get(base + "/folders/" + folder)
        d.find_element(By.CSS_SELECTOR, "details.sharebox summary").click()
        d.find_element(By.ID, "sharepassword").send_keys("lighthouse keeper")
        follow(d, "form[data-action=share] button[type=submit]")
        assert "asks for a password" in d.find_element(By.CSS_SELECTOR, ".shares li.new").text
        return d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
    finally:
        d.quit()


def test_a_protected_link_opens_only_with_its_password(server, fresh_phone):
    link = protected_link(server, "max", "Holiday%202024/Beach")
    o = fresh_phone
    o.get(link)
    assert not o.find_elements(By.CSS_SELECTOR, ".photos li")
    o.find_element(By.ID, "sharepw").send_keys("wrong guess here")
    follow(o, "form[data-action=share-password] button")
    assert o.find_element(By.CSS_SELECTOR, ".error").text == "That password is not the one this link asks for."
    screenshot(o, "share-password-phone-nojs")
    o.find_element(By.ID, "sharepw").send_keys("lighthouse keeper")
    follow(o, "form[data-action=share-password] button")
    assert len(o.find_elements(By.CSS_SELECTOR, ".photos li")) == 3
    follow(o, ".photos li:first-child > a")
    assert o.find_element(By.CSS_SELECTOR, ".position").text == "1 of 3"


def fill_trip(library: pathlib.Path, work: pathlib.Path) -> None:
    """Two photos in one folder."""
    (library / "Trip").mkdir()
    for i, colour in enumerate(["skyblue", "orange"]):
        subprocess.run(["convert", "-size", "320x240", f"xc:{colour}", str(library / "Trip" / f"t{i}.jpg")], check=True)


@pytest.fixture(scope="module")
def under_base_path():
    yield from own_library_server("photolala-e2e-base-path-", fill_trip, base_path="/photos")


def test_a_protected_link_opens_under_a_base_path(under_base_path, fresh_phone):
    # given a gallery served under /photos, and a link to a folder with a password
    link = protected_link(under_base_path, "ada", "Trip")
    assert "/photos/share/" in link
    # when a friend opens it and gives the password
    o = fresh_phone
    o.get(link)
    o.find_element(By.ID, "sharepw").send_keys("lighthouse keeper")
    follow(o, "form[data-action=share-password] button")
    # then the browser keeps the unlock cookie for the link's own address, and the photos open
    assert len(o.find_elements(By.CSS_SELECTOR, ".photos li")) == 2
    follow(o, ".photos li:first-child > a")
    assert o.find_element(By.CSS_SELECTOR, ".position").text == "1 of 2"
    assert "/photos/share/" in o.current_url
