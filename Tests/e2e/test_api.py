"""The JSON API against tools nobody here wrote: openapi-spec-validator reads the document the
server serves, and schemathesis runs every operation of it against the live server with a token
of each scope (and a frame's), finding no server error and no answer that breaks the document.
Then a person makes a frame token on the account page, in Chromium, and the frame reads its
album alone. One server with a library of its own; ada is its admin, bo a member, vi a viewer."""
import json
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import (ACCOUNTS, DESKTOP, PHONE, ROOT, OwnLibraryServer, binary, follow, make_driver, screenshot,
                      sign_in)

SEED = 58
EXAMPLES = 25
FIGURES = pathlib.Path(ROOT / "Tests" / "e2e" / "artifacts" / "schemathesis.json")
PASSWORDS = {"bo": "bo's own long password", "vi": "vi only looks at photos"}
# The checks that hold whatever a request is: no 5xx, and every answer as the document says
# (status, content type, headers, body). Whether the server takes a schema-valid request is not
# one of them: a name already taken, or bytes that are not a photo, are refused on purpose.
CHECKS = ["--checks", "all", "--exclude-checks", "positive_data_acceptance,negative_data_rejection"]


def fill(library: pathlib.Path, work: pathlib.Path) -> None:
    for folder, count in [("Beach", 3), ("Home/Garden", 2)]:
        (library / folder).mkdir(parents=True)
        for i in range(count):
            subprocess.run(["convert", "-seed", str(len(folder) * 10 + i), "-size", "320x240", "plasma:", str(library / folder / f"p{i}.jpg")],
                           check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522",
                    "-GPSLongitudeRef=E", "-DateTimeOriginal=2021:06:01 10:00:00", str(library / "Beach" / "p0.jpg")], check=True)


def cli(s, *args: str, stdin: str = "") -> str:
    done = subprocess.run([str(binary()), *args, "--data", str(s.data)], input=stdin, text=True, capture_output=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def call(s, method: str, path: str, token: str | None, **kwargs) -> requests.Response:
    headers = kwargs.pop("headers", {})
    if token:
        headers["Authorization"] = "Bearer " + token
    return requests.request(method, s.base + "/api/v1" + path, headers=headers, timeout=60, **kwargs)


@pytest.fixture(scope="module")
def api():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-api-"))
    s = OwnLibraryServer(work, fill)
    for name, password in PASSWORDS.items():
        cli(s, "users", "add", name, "--role", "viewer" if name == "vi" else "member", stdin=password + "\n")
    s.extra = ["--api-rate", "1000000"]
    s.start()
    s.tokens = {scope: cli(s, "tokens", "add", "bo", f"bo {scope}", "--scope", scope if scope == "read" else "read," + scope)
                for scope in ["read", "curate", "upload", "share"]}
    s.tokens["admin"] = cli(s, "tokens", "add", "ada", "ada admin", "--scope", "read,curate,upload,share,admin")
    s.tokens["viewer"] = cli(s, "tokens", "add", "vi", "vi script", "--scope", "read,curate")
    # an album of two photos, for a frame
    photos = call(s, "GET", "/photos?folder=Beach&sort=name", s.tokens["read"]).json()["photos"]
    album = call(s, "POST", "/albums", s.tokens["curate"], json={"name": "Kitchen"}).json()["id"]
    assert call(s, "POST", f"/albums/{album}/photos", s.tokens["curate"], json={"photos": [p["id"] for p in photos[:2]]}).ok
    s.album, s.in_album, s.outside = album, [p["id"] for p in photos[:2]], photos[2]["id"]
    s.tokens["frame"] = cli(s, "tokens", "add", "bo", "frame", "--album", str(album))
    yield s
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


def test_the_served_document_is_the_repositorys_and_is_valid(api):
    served = requests.get(api.base + "/api/v1/openapi.yaml", timeout=30)
    assert served.status_code == 200 and served.headers["Content-Type"].startswith("application/yaml")
    assert served.text == (ROOT / "API" / "openapi.yaml").read_text()
    checked = subprocess.run([str(ROOT / ".venv-e2e" / "bin" / "openapi-spec-validator"), str(ROOT / "API" / "openapi.yaml")],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_schemathesis_finds_nothing_with_a_token_of_each_scope(api):
    figures = {}
    # (the order matters little: each run may add, trash and restore, and the next reads what is left)
    for name in ["read", "frame", "viewer", "share", "upload", "curate", "admin"]:
        run = subprocess.run([str(ROOT / ".venv-e2e" / "bin" / "st"), "run", str(ROOT / "API" / "openapi.yaml"),
                              "--url", api.base + "/api/v1", "-H", "Authorization: Bearer " + api.tokens[name], *CHECKS,
                              "--max-examples", str(EXAMPLES), "--seed", str(SEED), "--no-color"],
                             capture_output=True, text=True, timeout=900)
        summary = re.search(r"(\d+) generated, (\d+) (?:passed|found)", run.stdout)
        figures[name] = {"exit": run.returncode, "summary": summary.group(0) if summary else None}
        assert run.returncode == 0, f"schemathesis with the {name} token:\n" + run.stdout[-6000:]
        assert summary and int(summary.group(1)) > 100, run.stdout[-2000:]
    FIGURES.parent.mkdir(exist_ok=True)
    FIGURES.write_text(json.dumps(figures, indent=2))
    # and the server is still whole: its health check answers
    assert requests.get(api.base + "/healthz", timeout=30).status_code == 200


def test_a_frame_token_reads_its_album_alone(api):
    frame = api.tokens["frame"]
    listed = call(api, "GET", "/photos", frame).json()
    assert sorted(p["id"] for p in listed["photos"]) == sorted(api.in_album)
    assert all(p["path"] == p["name"] for p in listed["photos"])
    for path in ["/photos?group=all", "/photos?folder=Beach", "/folders", f"/photos/{api.outside}", f"/photos/{api.outside}/original",
                 f"/photos/{api.outside}/thumbnail", f"/albums/{api.album + 1}"]:
        assert call(api, "GET", path, frame).status_code == 404, path
    # its photos' bytes come without where they were taken
    for photo in api.in_album:
        assert "location" not in call(api, "GET", f"/photos/{photo}", frame).json()
        original = call(api, "GET", f"/photos/{photo}/original", frame)
        assert original.status_code in (200, 403)
        if original.status_code == 200:
            assert b"GPS" not in original.content or call(api, "GET", f"/photos/{photo}", api.tokens["read"]).json().get("location") is None
    for method, path in [("PATCH", f"/photos/{api.in_album[0]}"), ("DELETE", f"/photos/{api.in_album[0]}"), ("POST", "/albums")]:
        assert call(api, method, path, frame, json={"favorite": True, "name": "x"}).status_code == 403, path


def test_a_cookie_never_opens_the_api(api):
    session = requests.Session()
    page = session.get(api.base + "/login", timeout=30)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    signed = session.post(api.base + "/login", data={"name": "bo", "password": PASSWORDS["bo"], "csrf": csrf, "next": "/"},
                          headers={"Origin": api.base}, allow_redirects=False, timeout=30)
    assert signed.status_code == 303
    assert session.get(api.base + "/account", timeout=30).status_code == 200
    assert session.get(api.base + "/api/v1/me", timeout=30).status_code == 401
    assert session.patch(api.base + f"/api/v1/photos/{api.outside}", json={"rating": 5}, timeout=30).status_code == 401


@pytest.mark.parametrize("size,javascript", [(PHONE, False), (DESKTOP, True)], ids=["phone-nojs", "desktop-js"])
def test_a_member_makes_a_frame_token_on_the_account_page(api, size, javascript):
    d = make_driver(size, javascript=javascript)
    try:
        d.get(api.base + "/login")
        d.find_element(By.ID, "name").send_keys("ada")
        d.find_element(By.ID, "password").send_keys(ACCOUNTS["ada"][1])
        follow(d, "form[data-action=login] button[type=submit]")
        d.get(api.base + "/account#tokens")
        label = f"Frame {'js' if javascript else 'nojs'}"
        d.find_element(By.ID, "token-label").send_keys(label)
        Select(d.find_element(By.ID, "token-frame")).select_by_visible_text("Kitchen")
        follow(d, "form[data-action=token-add] button[type=submit]")
        secret = d.find_element(By.CSS_SELECTOR, "#tokens ~ .made input.secret, .made input.secret").get_attribute("value")
        assert secret.startswith("plt_")
        screenshot(d, f"account-tokens-{'desktop-js' if javascript else 'phone-nojs'}")
        # then the token reads the album, and says it is a frame's
        me = call(api, "GET", "/me", secret).json()
        assert me["token"]["frame"] == f"album:{api.album}" and me["token"]["scopes"] == ["read"]
        assert sorted(p["id"] for p in call(api, "GET", "/photos", secret).json()["photos"]) == sorted(api.in_album)
        # and once revoked from the page, it is refused at its next request
        d.get(api.base + "/account#tokens")
        rows = d.find_elements(By.CSS_SELECTOR, "form[data-action=token-revoke]")
        assert rows, d.page_source[-2000:]
        mine = [form for form in rows if label in form.find_element(By.XPATH, "..").text]
        assert len(mine) == 1
        follow(d, mine[0].find_element(By.CSS_SELECTOR, "button[type=submit]"))
        assert call(api, "GET", "/me", secret).status_code == 401
    finally:
        d.quit()
