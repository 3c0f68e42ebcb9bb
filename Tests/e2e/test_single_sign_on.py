"""Sign-in through an OpenID provider, in Chromium, against a real provider built on pyop
(`oidc_provider.py`): a first sign-in that makes an account with its role from the groups
claim, a first sign-in that links an existing account by the claim the admin chose, a refused
ambiguous match, someone in none of the groups, a tampered ID token, a replayed `state`, the
provider rotating its keys, and signing out of both. On SQLite under a base path, and on
PostgreSQL; then a gallery that sends visitors straight to the provider and takes no passwords."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ACCOUNTS, PHONE, ROOT, binary, follow, free_port, make_driver, screenshot

POSTGRES = os.environ.get("PHOTOLALA_TEST_POSTGRES", "")
CLIENT_ID, CLIENT_SECRET = "photolala-gallery", "a client secret of the household"


def fill(library: pathlib.Path, work: pathlib.Path) -> None:
    (library / "Garden").mkdir()
    for i in range(2):
        subprocess.run(["convert", "-seed", str(i), "-size", "160x120", "plasma:", str(library / "Garden" / f"g{i}.jpg")], check=True)


class Provider:
    """The pyop provider on a free loopback port, for one gallery's redirect URI."""

    def __init__(self, work: pathlib.Path, gallery: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(work / "provider.log", "w")
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "Tests" / "e2e" / "oidc_provider.py"), str(self.port), CLIENT_ID, CLIENT_SECRET,
                                      gallery + "/oidc/callback", gallery + "/login"], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while True:
            try:
                if requests.get(self.base + "/.well-known/openid-configuration", timeout=5).ok:
                    return
            except requests.ConnectionError:
                pass
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("the provider did not start:\n" + (work / "provider.log").read_text())
            time.sleep(0.2)

    def knob(self, name: str) -> dict:
        return requests.post(self.base + "/knobs/" + name, timeout=10).json()

    def state(self) -> dict:
        return requests.get(self.base + "/knobs/state", timeout=10).json()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)


class Gallery:
    """`photolala serve` over a small library of its own, signing in through its own provider."""

    def __init__(self, work: pathlib.Path, catalog: str | None, base_path: str, extra: list[str]):
        self.work, self.library, self.data = work, work / "library", work / "data"
        self.library.mkdir(parents=True)
        fill(self.library, work)
        catalog_args = ["--catalog", catalog] if catalog else []
        for name, (role, password) in ACCOUNTS.items():
            subprocess.run([str(binary()), "users", "add", name, "--role", role, "--data", str(self.data), "--library", str(self.library),
                            *catalog_args], input=password + "\n", text=True, capture_output=True, check=True)
        port = free_port()
        public = f"http://127.0.0.1:{port}"
        self.base = public + base_path
        self.provider = Provider(work, self.base)
        args = ["--port", str(port), "--public-url", public, *(["--base-path", base_path] if base_path else []), *catalog_args,
                "--oidc-issuer", self.provider.base, "--oidc-client-id", CLIENT_ID, "--oidc-name", "Household ID", *extra]
        log_path = work / "server.log"
        # the client secret from the environment, never the command line
        env = dict(os.environ, PHOTOLALA_OIDC_CLIENT_SECRET=CLIENT_SECRET)
        self.proc = subprocess.Popen([str(binary()), "serve", "--library", str(self.library), "--data", str(self.data), *args],
                                     stdout=open(log_path, "w"), stderr=subprocess.STDOUT, env=env)
        deadline = time.time() + 120
        while True:
            text = log_path.read_text()
            if "scan finished" in text and "Server started and listening" in text:
                # the redirect URI to register is printed at start, under the base path
                assert "register the redirect URI " + self.base + "/oidc/callback" in text
                return
            if time.time() > deadline or self.proc.poll() is not None:
                self.proc.kill()
                raise RuntimeError("server did not start:\n" + text[-3000:])
            time.sleep(0.3)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)
        self.provider.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def household(request):
    if request.param == "postgres" and not POSTGRES:
        pytest.skip("needs PHOTOLALA_TEST_POSTGRES (a test PostgreSQL cluster)")
    work = pathlib.Path(tempfile.mkdtemp(prefix=f"photolala-e2e-sso-{request.param}-"))
    catalog = None
    if request.param == "postgres":
        name = "sso_" + uuid.uuid4().hex[:10]
        subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", POSTGRES, "-c", f'CREATE DATABASE "{name}"'], check=True, capture_output=True)
        catalog = urllib.parse.urlunsplit(urllib.parse.urlsplit(POSTGRES)._replace(path="/" + name))
    s = Gallery(work, catalog, "/photos" if request.param == "sqlite" else "",
                ["--oidc-link-claim", "preferred_username", "--oidc-create-accounts", "--oidc-role", "viewer",
                 "--oidc-admin-group", "photos-admins", "--oidc-member-group", "photos-members"])
    s.kind = request.param
    yield s
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


def sign_in_at_provider(d, gallery: str, user: str) -> None:
    """From the gallery's sign-in page: the provider's button, the provider's form, and back."""
    d.delete_all_cookies()
    d.get(gallery + "/login")
    follow(d, "a[data-action=oidc]")
    WebDriverWait(d, 20).until(lambda _: d.find_elements(By.ID, "user"), f"no provider form at {d.current_url}: {d.page_source[:400]}")
    d.find_element(By.ID, "user").send_keys(user)
    follow(d, "#go")


def who(d, gallery: str) -> tuple[str, str] | None:
    """The account signed in in this browser and its role, from its account page; None when nobody is."""
    d.get(gallery + "/account")
    heading = d.find_elements(By.CSS_SELECTOR, "section.panel h1")
    role = d.find_elements(By.CSS_SELECTOR, "section.panel h1 + p.summary")
    if not heading or heading[0].text == "Sign in":
        return None
    return heading[0].text, role[0].text.removeprefix("Role: ")


def alert(d) -> str:
    found = d.find_elements(By.CSS_SELECTOR, "[role=alert]")
    return found[0].text if found else ""


@pytest.mark.parametrize("size,javascript", [(PHONE, False)], ids=["phone-nojs"])
def test_sign_in_link_refuse_and_sign_out_through_the_provider(household, size, javascript):
    g, provider = household.base, household.provider
    d = make_driver(size, javascript=javascript)
    try:
        d.get(g + "/login")
        assert d.find_element(By.CSS_SELECTOR, "a[data-action=oidc]").text == "Sign in with Household ID"
        screenshot(d, f"sso-login-{household.kind}")
        # a first sign-in makes an account, named after the user name, its role from the groups
        sign_in_at_provider(d, g, "alice")
        assert who(d, g) == ("alice", "admin")
        # a first sign-in of someone whose user name is an account here links it (max keeps his account)
        sign_in_at_provider(d, g, "max")
        assert who(d, g) == ("max", "member")
        # another of the provider's people with the same user name is refused, and signed in as nobody
        sign_in_at_provider(d, g, "maxtwin")
        assert "belongs to someone else" in alert(d)
        assert who(d, g) is None
        # someone in none of the groups is refused
        sign_in_at_provider(d, g, "outsider")
        assert "none of the groups" in alert(d)
        assert who(d, g) is None
        # carol is made a member by her group
        sign_in_at_provider(d, g, "carol")
        assert who(d, g) == ("carol", "member")
        # a tampered ID token is refused, and the next sign-in goes through
        provider.knob("tamper")
        sign_in_at_provider(d, g, "carol")
        assert "could not be trusted" in alert(d)
        assert who(d, g) is None
        # the provider rotates its keys: the next sign-in fetches them again and goes through
        time.sleep(5.5)
        assert provider.knob("rotate")["kid"].startswith("key-")
        sign_in_at_provider(d, g, "carol")
        assert who(d, g) == ("carol", "member")
        # signing out ends the provider's session too, and comes back to the sign-in page
        before = provider.state()["logged_out"]
        d.get(g + "/account")
        follow(d, "form[data-action=logout] button[type=submit]")
        WebDriverWait(d, 20).until(lambda _: "/login" in d.current_url)
        assert provider.state()["logged_out"] == before + 1
        assert who(d, g) is None
    finally:
        d.quit()


def test_a_replayed_state_is_refused(household):
    g = household.base
    session = requests.Session()
    start = session.get(g + "/oidc/start?next=/", allow_redirects=False, timeout=30)
    assert start.status_code == 303 and start.headers["Location"].startswith(household.provider.base)
    back = session.post(start.headers["Location"], data={"user": "carol"}, allow_redirects=False, timeout=30)
    callback = back.headers["Location"]
    first = session.get(callback, allow_redirects=False, timeout=30)
    assert first.status_code == 303
    again = session.get(callback, allow_redirects=False, timeout=30)
    assert again.status_code == 400 and "over or was never started" in again.text
    # and a state made up, or sent back from another browser, is refused alike
    other = requests.Session()
    start = other.get(g + "/oidc/start", allow_redirects=False, timeout=30)
    back = other.post(start.headers["Location"], data={"user": "carol"}, allow_redirects=False, timeout=30)
    stolen = requests.get(back.headers["Location"], allow_redirects=False, timeout=30)
    assert stolen.status_code == 400
    assert requests.get(g + "/oidc/callback?code=x&state=made-up", timeout=30).status_code == 400


def test_visitors_go_straight_to_the_provider_and_passwords_sign_nobody_in():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-sso-only-"))
    s = Gallery(work, None, "", ["--oidc-auto-redirect", "--no-password-sign-in", "--oidc-create-accounts"])
    provider = s.provider
    try:
        first = requests.get(s.base + "/albums", allow_redirects=False, timeout=30)
        assert first.status_code == 303 and first.headers["Location"].startswith("/oidc/start?next=")
        there = requests.get(s.base + first.headers["Location"], allow_redirects=False, timeout=30)
        assert there.status_code == 303 and there.headers["Location"].startswith(provider.base + "/authorize")
        # the sign-in page (shown after signing out) has the provider's button and no password form
        page = requests.get(s.base + "/login?signed-out=1", timeout=30).text
        assert "data-action=\"oidc\"" in page and "data-action=\"login\"" not in page
        session = requests.Session()
        form = session.get(s.base + "/login?password=1", timeout=30).text
        assert "data-action=\"login\"" not in form
        # (with the CSRF token right, so it is the password that is refused)
        refused = session.post(s.base + "/login", data={"name": "ada", "password": ACCOUNTS["ada"][1], "next": "/",
                                                         "csrf": session.cookies.get("photolala_csrf")},
                               headers={"Origin": s.base}, allow_redirects=False, timeout=30)
        assert refused.status_code == 403 and "sign in with Household ID" in refused.text
        assert session.get(s.base + "/account", allow_redirects=False, timeout=30).status_code != 200
    finally:
        s.stop()
        shutil.rmtree(work, ignore_errors=True)
