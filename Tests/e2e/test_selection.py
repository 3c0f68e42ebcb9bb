"""Select many, act once, on a phone with JavaScript off and a desktop with it on."""
import time
import zipfile

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import DESKTOP, PHONE, follow, make_driver, screenshot, settled, sign_in


def flash(d) -> str:
    return d.find_element(By.CSS_SELECTOR, ".flash").text


def tick(d, element, shift=False) -> None:
    """Taps a tile as a person would: scrolled to the middle of the screen, clear of the action bar
    that stays at the bottom."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    if shift:
        ActionChains(d).key_down(Keys.SHIFT).click(element).key_up(Keys.SHIFT).perform()
    else:
        element.click()


def all_of_the_group(d, action: str, tag: str) -> None:
    """Ticks "all N in this group", opens stars and tags, types the tag and sends `action`."""
    d.find_element(By.CSS_SELECTOR, "input[name=all]").click()
    d.find_element(By.CSS_SELECTOR, ".selectbar details.more summary").click()
    d.find_element(By.ID, "seltag").send_keys(tag)
    follow(d, f".selectbar button[value={action}]")


def test_a_phone_without_javascript_tags_a_whole_folder_across_its_pages_in_one_submit(server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "max")
        # given a folder of 80 photos on two pages, in select mode
        d.get(server + "/folders/Holiday%202024")
        follow(d, ".groupacts a[href$='select=1']")
        assert len(d.find_elements(By.CSS_SELECTOR, "input[name=ids]")) == 60
        screenshot(d, "select-phone-nojs")
        # when "all 80" is ticked and a tag added from the bar
        all_of_the_group(d, "tag", "select-e2e")
        # then the folder's page says so, and all 80 carry the tag
        assert flash(d) == "Tagged 80 photos “select-e2e”."
        assert d.current_url.endswith("/folders/Holiday%202024")
        d.get(server + "/tags/select-e2e")
        assert "80 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
        # and a tap on a tile ticks it (the tile is the checkbox's label), two favorites in one submit
        d.get(server + "/folders/Holiday%202024/Beach?select=1")
        picks = d.find_elements(By.CSS_SELECTOR, "label.pick")
        tick(d, picks[0])
        tick(d, picks[2])
        assert [b.is_selected() for b in d.find_elements(By.CSS_SELECTOR, "input[name=ids]")] == [True, False, True]
        follow(d, ".selectbar button[value=favorite]")
        assert flash(d) == "Added 2 photos to your favorites."
        screenshot(d, "select-done-phone-nojs")
        # and the untag of all 80 takes it away again, for the tests that follow
        d.get(server + "/tags/select-e2e?select=1")
        all_of_the_group(d, "untag", "select-e2e")
        assert flash(d) == "Removed “select-e2e” from 80 photos."
    finally:
        d.quit()


def test_a_desktop_with_javascript_ticks_a_range_and_downloads_it_as_a_zip(server, tmp_path):
    d = make_driver(DESKTOP, javascript=True)
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    try:
        sign_in(d, server, "ada")
        d.get(server + "/folders/Holiday%202024?select=1&sort=name")
        settled(d)
        count = d.find_element(By.CSS_SELECTOR, ".selectcount")
        assert count.text == "Tap photos to select them"
        picks = d.find_elements(By.CSS_SELECTOR, "label.pick")
        # a click, then a shift-click four tiles on: five ticked, and the bar counts them
        tick(d, picks[1])
        tick(d, picks[5], shift=True)
        ticked = [i for i, b in enumerate(d.find_elements(By.CSS_SELECTOR, "input[name=ids]")) if b.is_selected()]
        assert ticked == [1, 2, 3, 4, 5]
        assert count.text == "Photos selected: 5"
        screenshot(d, "select-range-desktop-js")
        # when they are downloaded as one zip
        d.find_element(By.CSS_SELECTOR, ".selectbar button[value=zip]").click()
        deadline = time.time() + 30
        while not (tmp_path / "Holiday 2024.zip").exists() and time.time() < deadline:
            time.sleep(0.2)
        with zipfile.ZipFile(tmp_path / "Holiday 2024.zip") as archive:
            assert archive.testzip() is None
            assert archive.namelist() == ["IMG_001.jpg", "IMG_002.jpg", "IMG_003.jpg", "IMG_004.jpg", "IMG_005.jpg"]
        # and the page stayed where it was, with the selection
        assert "select=1" in d.current_url
    finally:
        d.quit()


def test_an_admin_moves_a_selection_to_the_trash_and_restores_it(server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "ada")
        d.get(server + "/folders/Holiday%202024/Beach?select=1&sort=name")
        picks = d.find_elements(By.CSS_SELECTOR, "label.pick")
        tick(d, picks[0])
        tick(d, picks[1])
        follow(d, ".selectbar button[value=trash]")
        assert flash(d) == "Moved 2 files to the trash; restore them from the Trash page."
        assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 1
        d.get(server + "/trash")
        for _ in range(2):
            follow(d, "form[data-action=restore] button")
        d.get(server + "/folders/Holiday%202024/Beach")
        assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 3
    finally:
        d.quit()


def test_a_phone_without_javascript_undoes_a_tag_on_a_whole_folder(server):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, server, "max")
        d.get(server + "/folders/Holiday%202024?select=1")
        all_of_the_group(d, "tag", "undo-e2e")
        assert flash(d) == "Tagged 80 photos “undo-e2e”."
        screenshot(d, "undo-offered-phone-nojs")
        # the Undo beside the line puts every photo back as it was, and is gone after
        follow(d, "form[data-action=undo] button")
        assert flash(d) == "Undone: Tagged 80 photos “undo-e2e”."
        assert not d.find_elements(By.CSS_SELECTOR, "form[data-action=undo]")
        assert d.current_url.endswith("/folders/Holiday%202024")
        d.get(server + "/tags")
        assert "undo-e2e" not in d.find_element(By.TAG_NAME, "main").text
    finally:
        d.quit()


def test_files_moved_to_the_trash_together_come_back_ticked_from_the_trash_page(server):
    d = make_driver(DESKTOP, javascript=True)
    try:
        sign_in(d, server, "ada")
        d.get(server + "/folders/Holiday%202024/Beach?select=1")
        settled(d)
        picks = d.find_elements(By.CSS_SELECTOR, "label.pick")
        tick(d, picks[0])
        tick(d, picks[1])
        d.find_element(By.CSS_SELECTOR, ".selectbar details.more summary").click()
        follow(d, ".selectbar button[value=trash]")
        assert flash(d).startswith("Moved 2 files to the trash")
        d.get(server + "/trash")
        boxes = d.find_elements(By.CSS_SELECTOR, "ul.trash input[name=ids]")
        assert len(boxes) >= 2
        for box in boxes[:2]:
            box.click()
        screenshot(d, "trash-select-desktop-js")
        follow(d, "form#trashselect button[value=restore]")
        assert flash(d) == "Restored 2 files to where they were."
        d.get(server + "/folders/Holiday%202024/Beach")
        assert "3 photos" in d.find_element(By.CSS_SELECTOR, ".summary").text
    finally:
        d.quit()
