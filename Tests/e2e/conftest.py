"""End-to-end fixtures: a generated library, the real photolala binary, headless Chromium."""
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
PHONE = (390, 844)
DESKTOP = (1280, 900)
XSS_FOLDER = "Odd <b onclick=alert('folder')>names"
XSS_FILE = "<img src=x onerror=alert('name')>.jpg"
ACCOUNTS = {"ada": ("admin", "correct horse battery"), "max": ("member", "max's phone pass")}


def binary() -> pathlib.Path:
    path = pathlib.Path(os.environ.get("PHOTOLALA_BIN", ROOT / ".build" / "debug" / "photolala"))
    if not path.exists():
        subprocess.run(["swift", "build", "--product", "photolala"], cwd=ROOT, check=True)
    return path


def make_library(folder: pathlib.Path) -> None:
    """80 photos in one folder (two pages), a nested folder, and a photo in the root."""
    big = folder / "Holiday 2024"
    (big / "Beach").mkdir(parents=True)
    args = []
    for i in range(80):
        path = big / f"IMG_{i:03d}.jpg"
        subprocess.run(["convert", "-size", "320x240", f"gradient:rgb({i * 3},90,{255 - i * 3})-rgb(250,{i * 3},40)", str(path)], check=True)
        args += ["-overwrite_original", f"-DateTimeOriginal=2024:06:{1 + i // 4:02d} {8 + i % 4:02d}:00:00", str(path), "-execute"]
    for i in range(3):
        path = big / "Beach" / f"sea{i}.jpg"
        subprocess.run(["convert", "-size", "240x320", f"plasma:skyblue-navy", "-seed", str(i), str(path)], check=True)
    subprocess.run(["convert", "-size", "200x200", "xc:orange", str(folder / "loose.jpg")], check=True)
    # Script in a folder name, a file name and EXIF fields, for the stored-XSS test.
    odd = folder / XSS_FOLDER
    odd.mkdir()
    hostile = odd / XSS_FILE
    subprocess.run(["convert", "-size", "120x90", "xc:teal", str(hostile)], check=True)
    args += ["-overwrite_original", "-Make=<script>alert('make')</script>", "-Model=\"><img src=x onerror=alert('model')>",
             "-XMP-dc:Subject=<svg onload=alert('subject')>", str(hostile), "-execute"]
    argfile = folder.parent / "exif-args"
    argfile.write_text("\n".join(args))
    subprocess.run(["exiftool", "-q", "-@", str(argfile)], check=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The real binary serving a generated library; can be restarted on the same data."""

    def __init__(self, work: pathlib.Path):
        self.work = work
        self.library = work / "library"
        self.library.mkdir()
        make_library(self.library)
        self.data = work / "data"
        for name, (role, password) in ACCOUNTS.items():
            # The password arrives on standard input, as a script would pass it; never on the command line.
            subprocess.run([str(binary()), "users", "add", name, "--role", role, "--data", str(self.data)],
                           input=password + "\n", text=True, check=True, capture_output=True)
        self.proc = None
        self.base = ""
        self.extra: list[str] = []
        self.prefix = ""

    def start(self) -> str:
        port = free_port()
        log_path = self.work / "server.log"
        offset = log_path.stat().st_size if log_path.exists() else 0
        log = open(log_path, "a")
        self.proc = subprocess.Popen([str(binary()), "serve", "--library", str(self.library), "--data",
                                      str(self.data), "--port", str(port), *self.extra], stdout=log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{port}{self.prefix}"
        deadline = time.time() + 120
        while True:
            with open(log_path) as f:
                f.seek(offset)
                text = f.read()
                # A small library can be scanned before the port is bound: wait for both.
                if "scan finished" in text and "Server started and listening" in text:
                    return self.base
            if time.time() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise RuntimeError("server did not finish its scan:\n" + (self.work / "server.log").read_text())
            time.sleep(0.3)

    def stop(self) -> None:
        if self.proc:
            self.proc.terminate()
            self.proc.wait(timeout=20)
            self.proc = None


class OwnLibraryServer(Server):
    """The real binary over a library a test module makes itself (`fill(library, work)`), with ada
    as its one account; the shared library stays as it is."""

    def __init__(self, work: pathlib.Path, fill):
        self.work = work
        self.library = work / "library"
        self.library.mkdir(parents=True)
        fill(self.library, work)
        self.data = work / "data"
        role, password = ACCOUNTS["ada"]
        subprocess.run([str(binary()), "users", "add", "ada", "--role", role, "--data", str(self.data)],
                       input=password + "\n", text=True, check=True, capture_output=True)
        self.proc = None
        self.base = ""
        self.extra = []
        self.prefix = ""


def own_library_server(prefix: str, fill, base_path: str = ""):
    """A module fixture's body: such a server started (under `base_path`, when given), its base
    URL given (with the base path), stopped and removed after."""
    work = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    s = OwnLibraryServer(work, fill)
    if base_path:
        s.extra, s.prefix = ["--base-path", base_path], base_path
    s.start()
    yield s.base
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def server_process():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-"))
    s = Server(work)
    s.start()
    yield s
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def server(server_process):
    return server_process.base


@pytest.fixture
def restart(server_process):
    """Stops the server and starts it again on the same data folder; returns the new base URL."""
    def again() -> str:
        server_process.stop()
        return server_process.start()
    return again


def make_driver(size, javascript: bool, language: str = "en-US"):
    """A headless Chromium at `size`, with JavaScript on or off, asking for pages in `language`."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={size[0]},{size[1]}", "--hide-scrollbars", f"--lang={language}"]:
        options.add_argument(arg)
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    if size == PHONE:
        # Headless windows are at least 500 px wide, so the phone's 390 px viewport and density are
        # set through DevTools. Touch emulation stays off: clicks hang under it with JavaScript disabled.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": size[0], "height": size[1], "deviceScaleFactor": 2, "mobile": True})
    return driver


def sign_in(d, base: str, name: str) -> None:
    """Signs in through the real form, as a person would."""
    d.get(base + "/login")
    d.find_element(By.ID, "name").send_keys(name)
    d.find_element(By.ID, "password").send_keys(ACCOUNTS[name][1])
    follow(d, "form[data-action=login] button[type=submit]")


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def browser_nojs(request, server):
    driver = make_driver(request.param, javascript=False)
    driver.viewport_name = request.node.callspec.id
    sign_in(driver, server, "ada")
    yield driver
    driver.quit()


@pytest.fixture
def phone_nojs(server):
    driver = make_driver(PHONE, javascript=False)
    sign_in(driver, server, "ada")
    yield driver
    driver.quit()


@pytest.fixture
def phone_js(server):
    driver = make_driver(PHONE, javascript=True)
    sign_in(driver, server, "ada")
    yield driver
    driver.quit()


@pytest.fixture
def fresh_phone():
    """A phone browser with a new profile: no cookies, signed in nowhere, JavaScript off."""
    driver = make_driver(PHONE, javascript=False)
    yield driver
    driver.quit()


@pytest.fixture
def fresh_desktop():
    driver = make_driver(DESKTOP, javascript=False)
    yield driver
    driver.quit()


def settled(d) -> None:
    """Waits until the current document has fully loaded."""
    WebDriverWait(d, 20).until(lambda drv: drv.execute_script("return document.readyState") == "complete")


def follow(d, target) -> None:
    """Clicks a link or submit button (an element, or a CSS selector found afresh on each try) and
    waits until the next page replaced this one and loaded, or, with JavaScript on, until a form the
    page's script sends in place was answered (`data-sent` counts them). Chromium now and then reports
    the node as gone from a document that just finished loading; the click was not dispatched, so it
    is retried."""
    for attempt in range(3):
        settled(d)
        old = d.find_element(By.TAG_NAME, "html")
        element = d.find_element(By.CSS_SELECTOR, target) if isinstance(target, str) else target
        # a control in a closed menu (the toolbar's "Sort and view", "⋯") is reached by opening it, as a person would
        d.execute_script("for (let e = arguments[0].parentElement; e; e = e.parentElement) if (e.tagName === 'DETAILS') e.open = true;", element)
        # and brought to the middle of the screen, clear of a phone's tab bar, as a thumb scrolls to it
        d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
        sent = d.execute_script("return document.documentElement.dataset.sent || '0'")
        try:
            element.click()
        except WebDriverException as error:
            if attempt == 2 or not isinstance(target, str) or "does not belong to the document" not in str(error):
                raise
            continue
        WebDriverWait(d, 20).until(lambda _: detached(old) or d.execute_script("return document.documentElement.dataset.sent || '0'") != sent)
        settled(d)
        return


def reveal(d, selector: str) -> None:
    """Opens the `<details>` found by `selector` and every menu it sits in (the toolbar's "⋯"), and
    brings it to the middle of the screen: what a person's taps on the menu and its summary do."""
    element = d.find_element(By.CSS_SELECTOR, selector)
    d.execute_script("for (let e = arguments[0]; e; e = e.parentElement) if (e.tagName === 'DETAILS') e.open = true;"
                     "arguments[0].scrollIntoView({block: 'center'})", element)


def detached(element) -> bool:
    """Whether an element's document was replaced (Chromium says so in two ways)."""
    try:
        element.is_enabled()
        return False
    except WebDriverException as error:
        if isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error):
            return True
        raise


def screenshot(driver, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))
