"""A share link with a password, on phones without JavaScript: the maker sets it, a stranger
with a wrong password is refused, a friend with the right one sees the photos."""
from selenium.webdriver.common.by import By

from conftest import PHONE, follow, make_driver, screenshot, sign_in


def test_a_protected_link_opens_only_with_its_password(server, fresh_phone):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "max")
        d.get(server + "/folders/Holiday%202024/Beach")
        d.find_element(By.CSS_SELECTOR, "details.sharebox summary").click()
        d.find_element(By.ID, "sharepassword").send_keys("lighthouse keeper")
        follow(d, "form[data-action=share] button[type=submit]")
        assert "asks for a password" in d.find_element(By.CSS_SELECTOR, ".shares li.new").text
        link = d.find_element(By.CSS_SELECTOR, ".shares li.new input.copy").get_attribute("value")
    finally:
        d.quit()
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
