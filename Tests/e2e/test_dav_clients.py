"""Real WebDAV clients against the /dav/ door: litmus's suites on an inbox, rclone backing up a
phone's camera folder (and copying it again for nothing), Live Photos sent in either order,
rclone listing the library as a device of read scope sees it, a scripted cadaver session with a
lock, a lock's root, a PUT cut off by a client and by a server killed with SIGKILL, a revoked
device password, and a session cookie that does not open the door. One server with a library of
its own; anna and bo are members, bo keeps a photo private."""
import base64
import html
import json
import os
import pathlib
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse
import xml.etree.ElementTree as ET

import pytest
import requests

from conftest import ROOT, OwnLibraryServer, binary

RANDOM_SEED = 4918
PASSWORDS = {"anna": "anna keeps the camera roll", "bo": "bo's own long password"}
# The phone's camera folder: name, EXIF date taken, and the library folder it is filed into.
SHOTS = [("IMG_0001.JPG", "2023:03:14 09:00:00", "Phones/anna/2023/03"),
         ("IMG_0002.JPG", "2023:03:20 18:30:00", "Phones/anna/2023/03"),
         ("IMG_0003.JPG", "2023:07:02 12:00:00", "Phones/anna/2023/07")]
LIVE_DATE = ("2023:07:04 10:00:00", "2023-07-04T10:00:00Z", "Phones/anna/2023/07")
BIG_VIDEO = ("VID_0007.MP4", "2023-08-01T12:00:00Z", "Phones/anna/2023/08")
KNOWN = "IMG_0006.JPG"  # a photo the library holds already, under another name
LIVE = re.compile(r'<details[^>]*class="[^"]*\blive\b')  # a photo page's Live Photo clip


def fill(library: pathlib.Path, work: pathlib.Path) -> None:
    """The household's folder, a phone's camera folder beside the library, and a copy of one of
    the phone's photos in the library already."""
    household = library / "Household"
    household.mkdir()
    jpeg(household / "garden.jpg", "plasma:green-yellow", "2021:05:01 10:00:00", seed=1)
    camera = work / "phone" / "DCIM" / "Camera"
    camera.mkdir(parents=True)
    for i, (name, taken, _) in enumerate(SHOTS):
        jpeg(camera / name, f"gradient:rgb({40 * i},90,200)-rgb(250,{60 * i},40)", taken, seed=10 + i)
    # a Live Photo: a HEIC still and its MOV clip under one stem, taken at the same moment
    subprocess.run(["convert", "-seed", "15", "-size", "320x240", "plasma:orange-purple", str(camera / "IMG_0005.HEIC")], check=True)
    exif(camera / "IMG_0005.HEIC", LIVE_DATE[0])
    ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=15", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            "-metadata", f"creation_time={LIVE_DATE[1]}"], camera / "IMG_0005.MOV")
    # a large video (about 40 MB): noise in Motion JPEG, quick to make and not to be squeezed
    ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=4:size=640x360:rate=30", "-vf", "noise=alls=80:allf=t+u:all_seed=7",
            "-c:v", "mjpeg", "-q:v", "2", "-metadata", f"creation_time={BIG_VIDEO[1]}"], camera / BIG_VIDEO[0])
    jpeg(camera / KNOWN, "plasma:navy-skyblue", "2022:12:24 20:00:00", seed=16)
    (household / "Old").mkdir()
    shutil.copyfile(camera / KNOWN, household / "Old" / "scan 12.jpg")
    (work / "phone" / "notes.txt").write_text("shopping: film, batteries\n")


def jpeg(path: pathlib.Path, picture: str, taken: str, seed: int) -> None:
    subprocess.run(["convert", "-seed", str(seed), "-size", "320x240", picture, str(path)], check=True)
    exif(path, taken)


def exif(path: pathlib.Path, taken: str) -> None:
    subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={taken}", str(path)], check=True)


def ffmpeg(args: list, out: pathlib.Path) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", *args, str(out)], check=True)


def padded_jpeg(path: pathlib.Path, taken: str, size: int, seed: int) -> bytes:
    """A JPEG of `size` bytes: a small picture, then seeded random bytes past its end."""
    jpeg(path, "plasma:", taken, seed)
    data = path.read_bytes()
    data += random.Random(seed).randbytes(size - len(data))
    path.write_bytes(data)
    return data


def cli(server, *args: str, stdin: str = "") -> str:
    done = subprocess.run([str(binary()), *args, "--data", str(server.data)], input=stdin, text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def add_device(server, member: str, label: str, scope: str) -> str:
    return cli(server, "devices", "add", member, label, "--scope", scope)


def poll(what: str, check, seconds: float = 60):
    """Calls `check` until it returns something true; fails naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} (not within {seconds} s)")
        time.sleep(0.05)


# MARK: HTTP

def dav(server, method: str, path: str, secret: str | None, member: str = "anna", **kwargs) -> requests.Response:
    auth = (member, secret) if secret else None
    return requests.request(method, server.base + path, auth=auth, timeout=60, allow_redirects=False, **kwargs)


def listing(server, path: str, secret: str, member: str = "anna") -> list:
    """The names a PROPFIND of depth 1 lists in a folder (the folder itself left out)."""
    answer = dav(server, "PROPFIND", path, secret, member, headers={"Depth": "1"})
    assert answer.status_code == 207, answer.text
    folder = urllib.parse.urlparse(server.base + path).path
    names = []
    for href in ET.fromstring(answer.content).iter("{DAV:}href"):
        own = urllib.parse.unquote(urllib.parse.urlparse(href.text).path)
        if own.rstrip("/") != folder.rstrip("/"):
            names.append(own[len(folder):].rstrip("/"))
    return sorted(names)


def staging(server) -> list:
    """The files an unfinished PUT keeps in the data folder."""
    folder = server.data / "dav-incoming"
    return [p for p in folder.iterdir() if p.is_file()] if folder.exists() else []


def in_library(server, name: str) -> list:
    return sorted(p.relative_to(server.library).as_posix() for p in server.library.rglob(name))


class Web:
    """A signed-in browser, in plain HTTP: the session cookie and the forms' token."""

    def __init__(self, base: str, name: str):
        self.base = base
        self.http = requests.Session()
        answer = self.post("/login", self.http.get(base + "/login", timeout=30).text, name=name, password=PASSWORDS[name], next="/")
        assert answer.status_code == 303, answer.text

    def post(self, action: str, page: str, **fields) -> requests.Response:
        token = re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)
        # A browser names the page's origin on every form POST; the server refuses a form without one.
        return self.http.post(self.base + action, data={"csrf": token, **fields}, headers={"Origin": self.base},
                              timeout=30, allow_redirects=False)

    def photo_page(self, key: str) -> str:
        answer = self.http.get(self.base + "/photos/" + urllib.parse.quote(key), timeout=30)
        assert answer.status_code == 200, key
        return answer.text

    def keep_private(self, key: str) -> None:
        """Posts the photo page's privacy form, as its button does."""
        form = re.search(r'<form method="post" action="([^"]+)" data-action="private".*?</form>', self.photo_page(key), re.S).group(0)
        fields = {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)}
        assert fields.get("value") == "on", form
        answer = self.http.post(self.base + html.unescape(re.search(r'action="([^"]+)"', form).group(1)), data=fields,
                                headers={"Origin": self.base}, timeout=30, allow_redirects=False)
        assert answer.status_code == 303, answer.text
        assert 'name="value" value="off"' in self.photo_page(key), "the photo did not become private"


# MARK: rclone

def rclone(server, secret: str, path: str, *args: str, member: str = "anna") -> subprocess.CompletedProcess:
    """rclone with an on-the-fly WebDAV remote (`:webdav:`) at `path` of the door, and no config file."""
    env = {**os.environ, "HOME": str(server.work / "rclone-home")}
    obscured = subprocess.run(["rclone", "--config", "/dev/null", "obscure", secret], capture_output=True, text=True,
                              check=True, env=env).stdout.strip()
    return subprocess.run(["rclone", "--config", "/dev/null", *args, "--webdav-url", server.base + path, "--webdav-user", member,
                           "--webdav-pass", obscured, "--webdav-vendor", "other"], capture_output=True, text=True, timeout=180, env=env)


def transfers(done: subprocess.CompletedProcess) -> int:
    """How many files an rclone run with `--use-json-log --stats-log-level NOTICE` says it moved."""
    stats = [json.loads(line)["stats"] for line in done.stderr.splitlines() if line.startswith("{") and '"stats"' in line]
    assert stats, done.stderr
    return stats[-1]["transfers"]


# MARK: The server

@pytest.fixture(scope="module")
def door():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-e2e-davclients-"))
    s = OwnLibraryServer(work, fill)
    for name, password in PASSWORDS.items():
        cli(s, "users", "add", name, "--role", "member", stdin=password + "\n")
    s.secrets = {(member, label): add_device(s, member, label, scope) for member, label, scope in
                 [("anna", "phone", "backup"), ("anna", "laptop", "read"), ("bo", "phone", "backup")]}
    s.start()
    # anna's and bo's phones have sent a photo each; bo sends another and keeps it to himself
    for member, name, seed in [("anna", "ANNA_0100.JPG", 21), ("bo", "BO_PUBLIC.JPG", 22), ("bo", "BO_PRIVATE.JPG", 23)]:
        jpeg(work / name, "plasma:", "2022:11:05 08:00:00", seed)
        answer = dav(s, "PUT", f"/dav/{member}/{name}", s.secrets[(member, "phone")], member, data=(work / name).read_bytes())
        assert answer.status_code == 201, answer.text
    Web(s.base, "bo").keep_private("Phones/bo/2022/11/BO_PRIVATE.JPG")
    yield s
    s.stop()
    shutil.rmtree(work, ignore_errors=True)


# MARK: litmus

LITMUS_SUITES = ["basic", "copymove", "props", "locks", "http"]
SUMMARY = re.compile(r"<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed\. [\d.]+%(.*)")


def test_litmus_passes_every_suite_against_an_inbox(door):
    # given anna's inbox and a folder for litmus's own logs
    secret = door.secrets[("anna", "phone")]
    logs = door.work / "litmus"
    logs.mkdir()
    # when litmus runs its five suites against it
    done = subprocess.run(["litmus", "-k", door.base + "/dav/anna/", "anna", secret], cwd=logs, capture_output=True,
                          timeout=300, env={**os.environ, "TESTS": " ".join(LITMUS_SUITES)})
    # (read as bytes: litmus ends a test's line with \r and its result, which text mode would split)
    done.stdout, done.stderr = done.stdout.decode(), done.stderr.decode()
    # then every suite ran every test and passed them all, with no test skipped and no warning
    summaries = {m.group(1): m.groups()[1:] for m in SUMMARY.finditer(done.stdout)}
    assert list(summaries) == LITMUS_SUITES, done.stdout
    for suite, (run, passed, failed, rest) in summaries.items():
        assert failed == "0" and passed == run, (suite, done.stdout)
        assert "skipped" not in rest, (suite, rest)
    assert "WARNING" not in done.stdout and "SKIPPED" not in done.stdout, done.stdout
    assert done.returncode == 0, done.stdout + done.stderr
    if os.environ.get("PHOTOLALA_UPDATE_DOCS") == "1":
        # each line as a terminal shows it at the end (litmus rewrites a test's line with \r)
        lines = [line.split("\r")[-1] for line in done.stdout.rstrip("\n").split("\n")]
        text = "\n".join(lines) + "\n"
        text = text.replace(secret, "SECRET").replace(door.base, "http://127.0.0.1:PORT")
        (ROOT / "docs" / "webdav-litmus.txt").write_text(f"$ litmus -k http://127.0.0.1:PORT/dav/anna/ anna SECRET\n{text}")


# MARK: rclone

def test_rclone_backs_up_a_camera_folder_once_and_the_library_files_it(door):
    # given a phone's camera folder, one of whose photos the library holds already
    phone = door.work / "phone"
    secret = door.secrets[("anna", "phone")]
    known = (phone / "DCIM" / "Camera" / KNOWN).read_bytes()
    # when rclone copies it into anna's inbox
    first = rclone(door, secret, "/dav/anna/", "copy", str(phone), ":webdav:Phone", "--use-json-log", "--stats-log-level", "NOTICE")
    assert first.returncode == 0, first.stderr
    assert transfers(first) == 8
    # then rclone finds the copy whole: the server keeps no hash rclone knows, and a size and a
    # date are not enough to call a copy the same, so --download reads both sides and compares bytes
    check = rclone(door, secret, "/dav/anna/", "check", str(phone), ":webdav:Phone", "--download")
    assert check.returncode == 0, check.stderr
    assert "0 differences found" in check.stderr and "8 matching files" in check.stderr, check.stderr
    # and a second copy moves nothing
    again = rclone(door, secret, "/dav/anna/", "copy", str(phone), ":webdav:Phone", "--use-json-log", "--stats-log-level", "NOTICE")
    assert again.returncode == 0, again.stderr
    assert transfers(again) == 0, again.stderr
    # and the photos are in the library by the month they were taken
    for name, _, folder in SHOTS:
        assert in_library(door, name) == [f"{folder}/{name}"]
    assert in_library(door, BIG_VIDEO[0]) == [f"{BIG_VIDEO[2]}/{BIG_VIDEO[0]}"]
    # and the Live Photo's still and clip in one folder, where the gallery pairs them
    assert in_library(door, "IMG_0005.*") == [f"{LIVE_DATE[2]}/IMG_0005.HEIC", f"{LIVE_DATE[2]}/IMG_0005.MOV"]
    page = Web(door.base, "anna").photo_page(f"{LIVE_DATE[2]}/IMG_0005.HEIC")
    assert LIVE.search(page), "the still's page shows no Live Photo"
    # and the notes are kept in the inbox, not in the library
    assert in_library(door, "notes.txt") == []
    assert listing(door, "/dav/anna/Phone/", secret) == ["DCIM", "notes.txt"]
    listed = rclone(door, secret, "/dav/anna/", "lsf", "-R", ":webdav:Phone")
    assert sorted(listed.stdout.split()) == sorted(["DCIM/", "DCIM/Camera/", "notes.txt"] + [
        f"DCIM/Camera/{n}" for n in ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0005.HEIC", "IMG_0005.MOV", KNOWN, BIG_VIDEO[0]]])
    # and the photo the library held already was not stored twice
    same = [p for p in door.library.rglob("*") if p.is_file() and p.stat().st_size == len(known) and p.read_bytes() == known]
    assert [p.relative_to(door.library).as_posix() for p in same] == ["Household/Old/scan 12.jpg"]


def test_a_live_photo_sent_in_either_order_pairs_across_a_month_boundary(door):
    # given two Live Photos taken at 01:30 on the 1st of October, local time: each still says so
    # in EXIF, each clip says 23:30 on the 30th of September in UTC, as a phone writes them
    secret = door.secrets[("anna", "phone")]
    shots = door.work / "live"
    shots.mkdir()
    for stem, seed in [("IMG_0008", 31), ("IMG_0009", 32)]:
        subprocess.run(["convert", "-seed", str(seed), "-size", "320x240", "plasma:", str(shots / f"{stem}.HEIC")], check=True)
        exif(shots / f"{stem}.HEIC", "2023:10:01 01:30:00")
        ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=320x240:rate=15", "-vf", f"hue=h={seed * 10}", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-metadata", "creation_time=2023-09-30T23:30:00Z"], shots / f"{stem}.MOV")
    assert dav(door, "MKCOL", "/dav/anna/Live/", secret).status_code == 201

    def send(name):
        assert dav(door, "PUT", f"/dav/anna/Live/{name}", secret, data=(shots / name).read_bytes()).status_code == 201
        return in_library(door, name)
    # when one's clip is sent before its still, and the other's still before its clip
    # then each half that comes second goes where the first went, whatever its own date says
    assert send("IMG_0008.MOV") == ["Phones/anna/2023/09/IMG_0008.MOV"]
    assert send("IMG_0008.HEIC") == ["Phones/anna/2023/09/IMG_0008.HEIC"]
    assert send("IMG_0009.HEIC") == ["Phones/anna/2023/10/IMG_0009.HEIC"]
    assert send("IMG_0009.MOV") == ["Phones/anna/2023/10/IMG_0009.MOV"]
    # and the gallery shows both stills as Live Photos
    web = Web(door.base, "anna")
    for key in ["Phones/anna/2023/09/IMG_0008.HEIC", "Phones/anna/2023/10/IMG_0009.HEIC"]:
        assert LIVE.search(web.photo_page(key)), key
    assert not LIVE.search(web.photo_page("Household/garden.jpg"))


def test_rclone_lists_the_library_as_a_read_device_sees_it(door):
    # given a device of anna's with read scope, and one with backup scope
    read, backup = door.secrets[("anna", "laptop")], door.secrets[("anna", "phone")]
    # when rclone lists the library with each
    seen = rclone(door, read, "/dav/library/", "lsf", "-R", ":webdav:")
    refused = rclone(door, backup, "/dav/library/", "lsf", "-R", ":webdav:")
    # then the read device sees the household's photos, anna's and bo's shared one, not bo's private one
    assert seen.returncode == 0, seen.stderr
    names = seen.stdout.split()
    for key in ["Household/garden.jpg", "Household/Old/scan 12.jpg", "Phones/anna/2022/11/ANNA_0100.JPG", "Phones/bo/2022/11/BO_PUBLIC.JPG"]:
        assert key in seen.stdout.splitlines(), (key, names)
    assert not any("BO_PRIVATE" in name for name in names), names
    # and the backup device is refused
    assert refused.returncode != 0 and "403 Forbidden" in refused.stderr, refused.stderr


# MARK: cadaver

def cadaver(door, home: pathlib.Path, script: str) -> str:
    done = subprocess.run(["cadaver", door.base + "/dav/anna/"], input=script, cwd=home, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "HOME": str(home)})
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_a_scripted_cadaver_session_with_a_lock(door):
    # given cadaver, signing in from ~/.netrc, and two small files
    secret = door.secrets[("anna", "phone")]
    home = door.work / "cadaver-home"
    home.mkdir()
    netrc = home / ".netrc"
    netrc.write_text(f"machine 127.0.0.1 login anna password {secret}\n")
    netrc.chmod(0o600)
    (home / "first.txt").write_text("first draft\n")
    (home / "second.txt").write_text("second draft\n")
    # when it makes a folder, puts a file, locks it, puts over it under its lock and sets a property
    out = cadaver(door, home, "mkcol docs\nput first.txt docs/note.txt\nlock docs/note.txt\nput second.txt docs/note.txt\n"
                              "propset docs/note.txt colour blue\npropget docs/note.txt colour\nquit\n")
    # then the file holds the second draft and its property, and the lock outlives the session
    assert "Value of colour is: blue" in out, out
    assert dav(door, "GET", "/dav/anna/docs/note.txt", secret).text == "second draft\n"
    found = dav(door, "PROPFIND", "/dav/anna/docs/note.txt", secret, headers={"Depth": "0"})
    tokens = [h.text for e in ET.fromstring(found.content).iter("{DAV:}locktoken") for h in e.iter("{DAV:}href")]
    assert len(tokens) == 1, found.text
    # and another client without the lock's token may not write it
    assert dav(door, "PUT", "/dav/anna/docs/note.txt", secret, data=b"intruder\n").status_code == 423
    # when a second session unlocks it with the token, moves it, copies it and deletes the moved one
    out = cadaver(door, home, f"unlock docs/note.txt\n{tokens[0]}\nmove docs/note.txt docs/moved.txt\n"
                              "copy docs/moved.txt docs/copy.txt\ndelete docs/moved.txt\npropget docs/copy.txt colour\nquit\n")
    # then the folder holds the copy alone, unlocked, with the property it was copied with
    assert "Value of colour is: blue" in out, out
    assert listing(door, "/dav/anna/docs/", secret) == ["copy.txt"]
    assert dav(door, "GET", "/dav/anna/docs/copy.txt", secret).text == "second draft\n"
    found = dav(door, "PROPFIND", "/dav/anna/docs/copy.txt", secret, headers={"Depth": "0"})
    assert not list(ET.fromstring(found.content).iter("{DAV:}activelock")), found.text
    assert dav(door, "PUT", "/dav/anna/docs/copy.txt", secret, data=b"third draft\n").status_code == 204


LOCKINFO = ('<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>'
            '<D:locktype><D:write/></D:locktype><D:owner>anna\'s laptop</D:owner></D:lockinfo>')


def test_a_lock_names_its_root(door):
    # given a file in anna's inbox
    secret = door.secrets[("anna", "phone")]
    assert dav(door, "PUT", "/dav/anna/rooted.txt", secret, data=b"rooted\n").status_code == 201
    # when a client locks it
    answer = dav(door, "LOCK", "/dav/anna/rooted.txt", secret, data=LOCKINFO,
                 headers={"Content-Type": "application/xml; charset=utf-8", "Timeout": "Second-600"})
    assert answer.status_code == 200, answer.text
    try:
        # then the lock it is given names the URL it was taken through as its root
        roots = [h.text for e in ET.fromstring(answer.content).iter("{DAV:}lockroot") for h in e.iter("{DAV:}href")]
        assert [urllib.parse.urlparse(root).path for root in roots] == ["/dav/anna/rooted.txt"], answer.text
    finally:
        token = answer.headers["Lock-Token"]
        assert dav(door, "UNLOCK", "/dav/anna/rooted.txt", secret, headers={"Lock-Token": token}).status_code == 204


# MARK: Passwords and cookies

def test_a_revoked_device_password_is_refused_at_once(door):
    # given a device password that opens anna's inbox
    secret = add_device(door, "anna", "tablet", "backup")
    assert dav(door, "PROPFIND", "/dav/", secret, headers={"Depth": "0"}).status_code == 207
    # when anna revokes it on the command line
    cli(door, "devices", "revoke", "anna", "tablet")
    # then the next request with it is refused, with the challenge that asks for another
    answer = dav(door, "PROPFIND", "/dav/", secret, headers={"Depth": "0"})
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith("Basic ")
    assert "tablet" not in cli(door, "devices", "list", "anna").split()


def test_a_session_cookie_does_not_open_the_door(door):
    # given anna signed in through the web form
    web = Web(door.base, "anna")
    assert "<summary>anna</summary>" in web.http.get(door.base + "/", timeout=30).text
    # when her browser's cookies alone ask for the door
    for method, path in [("PROPFIND", "/dav/"), ("PROPFIND", "/dav/anna/"), ("GET", "/dav/library/Household/garden.jpg")]:
        answer = web.http.request(method, door.base + path, headers={"Depth": "1"}, timeout=30, allow_redirects=False)
        # then they are refused, as if nothing were sent
        assert answer.status_code == 401, (method, path)
        assert answer.headers["WWW-Authenticate"].startswith("Basic "), (method, path)


# MARK: Interrupted PUTs

def start_put(door, path: str, secret: str, total: int) -> socket.socket:
    """A socket that has sent a PUT's head announcing `total` bytes, and nothing of its body yet."""
    sock = socket.create_connection(("127.0.0.1", urllib.parse.urlparse(door.base).port), timeout=60)
    basic = base64.b64encode(f"anna:{secret}".encode()).decode()
    sock.sendall(f"PUT {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Basic {basic}\r\n"
                 f"Content-Type: image/jpeg\r\nContent-Length: {total}\r\n\r\n".encode())
    return sock


def test_a_put_cut_off_by_the_client_leaves_nothing_and_can_be_sent_again(door):
    # given a 20 MB photo
    secret = door.secrets[("anna", "phone")]
    data = padded_jpeg(door.work / "CUT_0001.JPG", "2024:02:10 10:00:00", 20 << 20, seed=RANDOM_SEED)
    # when a client sends half of it and hangs up
    sock = start_put(door, "/dav/anna/CUT_0001.JPG", secret, len(data))
    sock.sendall(data[:len(data) // 2])
    poll("the PUT being staged", lambda: staging(door))
    sock.close()
    # then the staged half goes, and neither the library nor the inbox has the photo
    poll("the staged half removed", lambda: not staging(door))
    assert in_library(door, "CUT_0001.JPG") == []
    assert "CUT_0001.JPG" not in listing(door, "/dav/anna/", secret)
    # when it is sent again, whole
    answer = dav(door, "PUT", "/dav/anna/CUT_0001.JPG", secret, data=data)
    # then it is created, filed and listed
    assert answer.status_code == 201
    assert in_library(door, "CUT_0001.JPG") == ["Phones/anna/2024/02/CUT_0001.JPG"]
    assert (door.library / "Phones/anna/2024/02/CUT_0001.JPG").read_bytes() == data
    assert "CUT_0001.JPG" in listing(door, "/dav/anna/", secret)


def test_a_put_cut_off_by_kill_9_leaves_nothing_after_a_restart(door):
    # given a 20 MB photo, half sent and staged
    secret = door.secrets[("anna", "phone")]
    data = padded_jpeg(door.work / "KILL_0001.JPG", "2024:03:11 10:00:00", 20 << 20, seed=RANDOM_SEED + 1)
    sock = start_put(door, "/dav/anna/KILL_0001.JPG", secret, len(data))
    try:
        sock.sendall(data[:len(data) // 2])
        poll("the PUT being staged", lambda: [p for p in staging(door) if p.stat().st_size > 0])
        # when the server is killed with SIGKILL and started again on the same data
        door.proc.send_signal(signal.SIGKILL)
        door.proc.wait(timeout=30)
    finally:
        sock.close()
    door.start()
    # then no staged file, no file in the library and no inbox item is left of it
    assert staging(door) == []
    assert in_library(door, "KILL_0001.JPG") == []
    assert "KILL_0001.JPG" not in listing(door, "/dav/anna/", secret)
    # when it is sent again, whole
    answer = dav(door, "PUT", "/dav/anna/KILL_0001.JPG", secret, data=data)
    # then it is created and filed
    assert answer.status_code == 201
    assert in_library(door, "KILL_0001.JPG") == ["Phones/anna/2024/03/KILL_0001.JPG"]
    assert (door.library / "Phones/anna/2024/03/KILL_0001.JPG").read_bytes() == data
