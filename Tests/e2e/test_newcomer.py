"""A newcomer's first hour, as the README tells it, on a clean clone: `scripts/run.sh` serves the
demo and offers to make the first admin on the terminal; they sign in, browse and curate; then
`scripts/run.sh ~/Pictures` serves their own photos in a data folder of its own; and the demo,
served again, still has every star and favorite it was given.

The build step of `scripts/run.sh` is skipped (PHOTOLALA_BIN names the binary under test); the
rest of the script runs as written, from the clone, with a home folder of its own."""
import os
import pathlib
import pty
import select
import signal
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, binary, follow, free_port, make_driver, screenshot, settled

ROOT = pathlib.Path(__file__).resolve().parents[2]
PASSWORD = "a long family password"


class Terminal:
    """A command on a pseudo-terminal, as a person at a keyboard runs it."""

    def __init__(self, args, cwd, env):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=slave, stdout=slave, stderr=slave,
                                     start_new_session=True)
        os.close(slave)
        self.output = ""

    def expect(self, text: str, timeout: float = 120) -> str:
        deadline = time.time() + timeout
        while text not in self.output:
            if time.time() > deadline:
                raise AssertionError(f"waited {timeout} s for {text!r}; the terminal shows:\n{self.output}")
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    self.output += os.read(self.master, 65536).decode(errors="replace")
                except OSError:  # the command ended
                    if text not in self.output:
                        raise AssertionError(f"the command ended before {text!r}:\n{self.output}")
        return self.output

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


@pytest.fixture
def newcomer(tmp_path):
    clone = tmp_path / "photolala"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    # the clone holds what is committed: a script that would build a release binary is not tested here
    assert "PHOTOLALA_BIN" in (clone / "scripts/run.sh").read_text(), "commit scripts/run.sh first"
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PHOTOLALA_", "XDG_"))}
    env.update(HOME=str(home), PHOTOLALA_BIN=str(binary()), TERM="dumb")
    return clone, home, env


TERMINALS = []


def run_sh(clone, env, *args) -> tuple:
    port = free_port()
    term = Terminal(["bash", "scripts/run.sh", *args, "--port", str(port)], clone, env)
    TERMINALS.append(term)
    return term, f"http://127.0.0.1:{port}"


def sign_in_as(d, base, name):
    d.get(base + "/login")
    d.find_element(By.ID, "name").send_keys(name)
    d.find_element(By.ID, "password").send_keys(PASSWORD)
    follow(d, "form[data-action=login] button[type=submit]")


def make_admin_on_the_terminal(term, name):
    term.expect("No accounts yet. Name for the first admin (empty to skip): ")
    term.type(name)
    term.expect("assword")
    term.type(PASSWORD)
    term.expect("Again")
    term.type(PASSWORD)


def test_demo_then_own_photos_then_the_demo_again_untouched(newcomer, tmp_path):
    clone, home, env = newcomer
    d = make_driver(PHONE, javascript=False)
    try:
        # given a clean clone and `scripts/run.sh` with no folder: the demo is made and served
        started = time.time()
        term, base = run_sh(clone, env)
        make_admin_on_the_terminal(term, "ada")
        term.expect("scan finished")
        term.expect("Server started and listening")
        print(f"demo made, scanned and served {time.time() - started:.1f} s after scripts/run.sh started")
        demo_folder = home / ".local/share/photolala-demo"
        assert (demo_folder / ".photolala-demo").exists()
        assert not (home / ".local/share/photolala-demo.partial").exists()

        # when they sign in and browse: real photographs in dated folders, the demo note on every page
        sign_in_as(d, base, "ada")
        assert d.find_element(By.CSS_SELECTOR, "aside.demo").text.startswith("A demo library of sample photographs.")
        # the gallery opens with the stream of photos by day; the folders are a tap away
        assert d.find_elements(By.CSS_SELECTOR, ".scrubber") and d.find_elements(By.CSS_SELECTOR, ".photos .dayhead")
        screenshot(d, "newcomer-demo-stream-phone")
        d.get(base + "/library")
        # (the month range is kept on one line with a no-break space and a word joiner)
        cards = {c.find_element(By.CSS_SELECTOR, "strong").text: c.text.replace("\u2060", "").replace("\u00a0", " ")
                 for c in d.find_elements(By.CSS_SELECTOR, ".folders li")}
        assert {"2023", "2024"} <= set(cards), cards
        assert "Aug – Oct 2023" in cards["2023"], cards
        screenshot(d, "newcomer-demo-home-phone")
        d.get(base + "/folders/2023/Lake%20weekend")
        tiles = d.find_elements(By.CSS_SELECTOR, ".photos li a")
        assert len(tiles) == 7
        follow(d, tiles[0])
        assert "Google Pixel 7" in d.find_element(By.CSS_SELECTOR, ".facts").text
        assert d.find_element(By.CSS_SELECTOR, "aside.demo")
        # the stars and keywords written in the photos' XMP arrived with them
        d.get(base + "/tags")
        assert {"lake", "boats", "autumn", "forest"} <= set(a.text for a in d.find_elements(By.CSS_SELECTOR, "main a")), d.page_source
        d.get(base + "/duplicates")
        assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 2
        # and they curate: a star rating and a favorite on the demo's HEIC
        d.get(base + "/photos/IMG_4502.HEIC")
        follow(d, "form[data-action=rate] button[value='3']")
        follow(d, "form[data-action=favorite] button[type=submit]")
        assert "3 of 5 stars" in d.find_element(By.CSS_SELECTOR, ".curate").text
        term.stop()

        # when they serve their own photos with the second README command
        pictures = home / "Pictures"
        (pictures / "Beach").mkdir(parents=True)
        for i, color in enumerate(["gold", "teal", "tomato"]):
            subprocess.run(["convert", "-size", "320x240", f"xc:{color}", str(pictures / "Beach" / f"own-{i}.jpg")], check=True)
        term, base = run_sh(clone, env, str(pictures))
        # a data folder of their own: no accounts there yet, so the script offers the first admin again
        make_admin_on_the_terminal(term, "ada")
        term.expect("scan finished")
        term.expect("Server started and listening")
        d.delete_all_cookies()
        sign_in_as(d, base, "ada")
        # then only their photos are served, with no demo note
        assert not d.find_elements(By.CSS_SELECTOR, "aside.demo")
        d.get(base + "/search")
        names = sorted(a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, ".photos li a"))
        assert names == ["own-0.jpg", "own-1.jpg", "own-2.jpg"], names
        term.stop()
        data = home / ".local/share/photolala"
        assert (data / "demo" / "catalog.sqlite").exists()
        assert [p.name.startswith("Pictures-") for p in (data / "libraries").iterdir()] == [True]

        # and the demo, served again, has its photos, its star and its favorite: nothing was dropped
        term, base = run_sh(clone, env)
        term.expect("Server started and listening")
        assert "No accounts yet" not in term.output
        d.delete_all_cookies()
        sign_in_as(d, base, "ada")
        d.get(base + "/search")
        assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 18
        d.get(base + "/photos/IMG_4502.HEIC")
        assert "3 of 5 stars" in d.find_element(By.CSS_SELECTOR, ".curate").text
        assert "♥ Favorite" in d.find_element(By.CSS_SELECTOR, "form[data-action=favorite]").text
        term.stop()
    finally:
        d.quit()
        for term in TERMINALS:
            term.stop()
