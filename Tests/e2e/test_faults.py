"""kill -9 at random points during a scan, curation writes and deletes: after a restart the catalog
passes SQLite's integrity check, every write the server acknowledged is there, no photo is lost, and
no trash row or file is left without the other."""
import http.cookiejar
import os
import pathlib
import random

# The moments the kills land at vary, but the same way on every run.
RANDOM = random.Random(13)
import re
import signal
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from conftest import binary, free_port
from test_operations import wait_for

PASSWORD = "kill nine password"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Session:
    """A signed-in browser, in plain HTTP: cookies, the form token, and POSTs that report the 303."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.token = self.csrf("/login")
        self.post("/login", {"name": "ada", "password": PASSWORD, "next": "/"})
        self.token = self.csrf("/")

    def csrf(self, path):
        html = self.opener.open(self.base + path, timeout=10).read().decode()
        return re.search(r'name="csrf" value="([0-9a-f]{64})"', html).group(1)

    def post(self, path, fields):
        data = urllib.parse.urlencode({**fields, "csrf": self.token}).encode()
        try:
            # A browser names the page's origin on every form POST; the server refuses a form without one.
            request = urllib.request.Request(self.base + path, data=data, headers={"Origin": self.base})
            return self.opener.open(request, timeout=10).status
        except urllib.error.HTTPError as error:
            return error.code


def make_library(folder: pathlib.Path, count: int):
    (folder / "p").mkdir(parents=True)
    base = folder.parent / "base.jpg"
    subprocess.run(["convert", "-size", "48x32", "plasma:", str(base)], check=True)
    data = base.read_bytes()
    for i in range(count):
        (folder / "p" / f"{i:04d}.jpg").write_bytes(data + os.urandom(16))


class Server:
    def __init__(self, work: pathlib.Path, count: int):
        self.work = work
        self.library = work / "library"
        self.data = work / "data"
        make_library(self.library, count)
        subprocess.run([str(binary()), "users", "add", "ada", "--role", "admin", "--data", str(self.data)],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        self.log = work / "server.log"
        self.proc = None

    def start(self, wait="scan finished"):
        self.port = free_port()
        offset = self.log.stat().st_size if self.log.exists() else 0
        self.proc = subprocess.Popen([str(binary()), "serve", "--library", str(self.library), "--data", str(self.data),
                                      "--port", str(self.port), "--no-watch"], stdout=open(self.log, "a"), stderr=subprocess.STDOUT)
        if wait:
            wait_for(self.log, wait, offset)
            if wait != "scan started":
                wait_for(self.log, "Server started and listening", offset)
        return f"http://127.0.0.1:{self.port}"

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def db(self):
        return sqlite3.connect(self.data / "catalog.sqlite")


def integrity(server):
    with server.db() as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_kill9_during_a_scan(tmp_path):
    server = Server(tmp_path, 2000)
    server.start(wait="scan started")
    time.sleep(RANDOM.uniform(0.3, 1.0))
    server.kill9()
    integrity(server)
    server.start()
    integrity(server)
    with server.db() as db:
        assert db.execute("SELECT COUNT(*) FROM file").fetchone()[0] == 2000
    server.kill9()


def test_kill9_during_curation_writes(tmp_path):
    server = Server(tmp_path, 24)
    base = server.start()
    acked, inflight = {}, {}
    stop = threading.Event()

    def writer(session, keys):
        n = 0
        while not stop.is_set():
            key = keys[n % len(keys)]
            n += 1
            rating = n % 6
            inflight[key] = rating
            try:
                status = session.post("/actions/rate", {"key": key, "rating": str(rating)})
            except OSError:
                return
            if status == 303:
                acked[key] = rating
                inflight.pop(key, None)

    keys = [f"p/{i:04d}.jpg" for i in range(24)]
    # Signed in before the clock starts: a sign-in (bcrypt) on a busy machine must not eat the
    # time before the kill, nor die half way with it.
    sessions = [Session(base) for _ in range(4)]
    threads = [threading.Thread(target=writer, args=(sessions[i], keys[i::4])) for i in range(4)]
    for t in threads:
        t.start()
    time.sleep(RANDOM.uniform(1.0, 2.5))
    server.kill9()
    stop.set()
    for t in threads:
        t.join(timeout=15)
    assert len(acked) > 0
    integrity(server)
    with server.db() as db:
        stored = dict(db.execute("SELECT f.key, p.rating FROM file f JOIN photo p ON p.id = f.photoId").fetchall())
    for key, rating in acked.items():
        # every acknowledged write is there (or a later one that was in flight when the server died)
        assert stored[key] in (rating, inflight.get(key)), (key, rating, stored[key])
    base = server.start()
    assert urllib.request.urlopen(base + "/healthz", timeout=5).status == 200
    server.kill9()


def test_kill9_during_deletes(tmp_path):
    server = Server(tmp_path, 40)
    base = server.start()
    session = Session(base)
    stop = threading.Event()

    def deleter():
        for i in range(40):
            if stop.is_set():
                return
            try:
                session.post("/actions/delete", {"key": f"p/{i:04d}.jpg"})
            except OSError:
                return

    t = threading.Thread(target=deleter)
    t.start()
    time.sleep(RANDOM.uniform(0.2, 0.8))
    server.kill9()
    stop.set()
    t.join(timeout=15)
    integrity(server)
    server.start()  # recovery runs at start
    server.kill9()
    integrity(server)
    trash = server.data / "trash"
    with server.db() as db:
        files = {k for (k,) in db.execute("SELECT key FROM file")}
        trashed = dict(db.execute("SELECT key, trashPath FROM trash WHERE pending = 0").fetchall())
        assert db.execute("SELECT COUNT(*) FROM trash WHERE pending != 0").fetchone()[0] == 0
        photos = db.execute("SELECT COUNT(*) FROM photo").fetchone()[0]
    assert photos == 40
    for i in range(40):
        key = f"p/{i:04d}.jpg"
        in_library = (server.library / key).exists()
        # each photo is in exactly one place, and the catalog agrees with the disk
        assert (key in files) == in_library, key
        assert (key in trashed) == (not in_library), key
        if key in trashed:
            assert (trash / trashed[key]).exists(), key
    on_disk = {str(p.relative_to(trash)) for p in trash.rglob("*.jpg")} if trash.exists() else set()
    assert on_disk == set(trashed.values())
