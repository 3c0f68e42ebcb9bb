"""Stored XSS: script in folder and file names, EXIF and XMP fields, tags and search terms is shown
as text everywhere, and a real browser with JavaScript on never runs it."""
import urllib.parse

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import XSS_FILE, XSS_FOLDER, follow, settled

FOLDER = XSS_FOLDER


def no_dialog(d):
    try:
        WebDriverWait(d, 1.5).until(expected_conditions.alert_is_present())
    except TimeoutException:
        return True
    text = d.switch_to.alert.text
    d.switch_to.alert.dismiss()
    raise AssertionError(f"a script ran: alert({text!r}) on {d.current_url}")


def test_script_in_names_fields_tags_and_search_never_runs(server, phone_js):
    d = phone_js
    folder = "/folders/" + urllib.parse.quote(FOLDER, safe="")
    photo = "/photos/" + urllib.parse.quote(FOLDER, safe="") + "/" + urllib.parse.quote(XSS_FILE, safe="")
    # the folder grid, the folder and the photo show the names as text
    for path in ["/", folder, photo]:
        d.get(server + path)
        settled(d)
        no_dialog(d)
    assert XSS_FILE in d.find_element(By.TAG_NAME, "figcaption").text
    facts = d.find_element(By.CSS_SELECTOR, ".facts").text
    assert "<script>alert('make')</script>" in facts
    # a tag carrying script, added through the form, is text on the photo and on the tags page
    d.find_element(By.CSS_SELECTOR, "form[data-action=tag] input[name=tags]").send_keys("<svg onload=alert('tag')>")
    follow(d, "form[data-action=tag] button")
    no_dialog(d)
    d.get(server + "/tags")
    no_dialog(d)
    # a search term carrying script is echoed as text
    d.get(server + "/search?q=" + urllib.parse.quote("<script>alert('q')</script>"))
    no_dialog(d)
    assert "<script>alert('q')</script>" in d.find_element(By.CSS_SELECTOR, ".filterform input[name=q]").get_attribute("value")
    # and the scan page, which lists names too
    d.get(server + "/scan")
    no_dialog(d)
