"""Nothing a file sends takes Photolala down for good.

- A file whose read crashes the process is noted before it is read, so the next start marks it
  ("stopped the reader") and serves everything else: no crash loop. A test hook
  (PHOTOLALA_TEST_TRAP_ON) traps on a named file, as a crashing parser would; it stays set across
  the restart, so a retry would crash again.
- A decode that runs away is stopped after its own time limit (--decode-timeout) and its worker
  replaced (PHOTOLALA_TEST_HANG_ON makes a worker hang on a named file).
- No limit depends on uptime: a server up for longer than every limit still decodes PNG and HEIC,
  with decoder workers and without.
"""
import os
import re
import signal
import subprocess
import time
import urllib.request

import pytest

from conftest import binary, free_port
from test_faults import PASSWORD, Session
from test_operations import wait_for, wait_served


def convert(path, *args):
    subprocess.run(["convert", *args, str(path)], check=True)


def add_admin(data):
    subprocess.run([str(binary()), "users", "add", "ada", "--role", "admin", "--data", str(data)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)


class Served:
    """The real binary serving a library, with its log, restartable on the same data folder."""

    def __init__(self, tmp_path, library, env=None, flags=()):
        self.library, self.data, self.log = library, tmp_path / "data", tmp_path / "server.log"
        self.env = dict(os.environ, **(env or {}))
        self.flags = list(flags)
        self.proc = None
        add_admin(self.data)

    def start(self):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.offset = self.log.stat().st_size if self.log.exists() else 0
        self.proc = subprocess.Popen([str(binary()), "serve", "--library", str(self.library), "--data", str(self.data),
                                      "--port", str(self.port), "--no-watch", *self.flags],
                                     env=self.env, stdout=open(self.log, "a"), stderr=subprocess.STDOUT)
        return self

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            assert self.proc.wait(timeout=30) == 0

    def tiles(self, session, folder):
        page = session.opener.open(self.base + "/folders/" + folder, timeout=10).read().decode()
        return dict(re.findall(r'href="/photos/' + folder + r'/([^"?]+)[^"]*" title="[^"]*"><picture><source [^>]*><img src="(/thumbs/240/[0-9a-f]{64}\.jpg)"', page))

    def thumbnail(self, session, path):
        """(is it a real, cacheable rendition, bytes) for a thumbnail path."""
        response = session.opener.open(self.base + path, timeout=60)
        assert response.status == 200
        return "immutable" in response.headers["Cache-Control"], response.read()


def test_a_file_that_crashes_its_reader_is_marked_and_never_read_again(tmp_path):
    # given a library with a file whose read traps (the hook stays set throughout)
    library = tmp_path / "library" / "trip"
    library.mkdir(parents=True)
    for name, color in [("good.jpg", "gold"), ("trap.jpg", "navy"), ("after.png", "teal")]:
        convert(library / name, "-size", "96x64", f"xc:{color}")
    env = dict(os.environ, PHOTOLALA_TEST_TRAP_ON="trap.jpg")
    scan_data = tmp_path / "scan-data"
    scan = [str(binary()), "scan", "--library", str(tmp_path / "library"), "--data", str(scan_data)]
    # when `photolala scan` reads it, the process dies
    first = subprocess.run(scan, env=env, capture_output=True, text=True, timeout=120)
    assert first.returncode != 0
    # then the next scan completes, says which file stopped the reader, and reports it
    second = subprocess.run(scan, env=env, capture_output=True, text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    assert "trip/trap.jpg stopped the reader" in second.stdout
    assert re.search(r"could not read trip/trap.jpg: it stopped the reader", second.stdout), second.stdout
    # and the server, on a data folder of its own, dies once in its start-up scan...
    served = Served(tmp_path, tmp_path / "library", env={"PHOTOLALA_TEST_TRAP_ON": "trap.jpg"}).start()
    try:
        assert served.proc.wait(timeout=120) != 0
        # ...then starts, finishes the scan and serves everything else
        served.start()
        wait_served(served.log, served.offset)
        assert served.proc.poll() is None
        session = Session(served.base)
        report = session.opener.open(served.base + "/scan", timeout=10).read().decode()
        assert "trip/trap.jpg" in report and "stopped the reader" in report
        tiles = served.tiles(session, "trip")
        assert set(tiles) == {"good.jpg", "after.png"}
        for path in tiles.values():
            assert served.thumbnail(session, path)[0]
        assert urllib.request.urlopen(served.base + "/healthz", timeout=5).status == 200
    finally:
        served.stop()


def test_a_decode_that_runs_away_is_stopped_and_its_worker_replaced(tmp_path):
    # given a worker that hangs on one file, and a 2-second limit per decode
    library = tmp_path / "library" / "trip"
    library.mkdir(parents=True)
    convert(library / "slow.png", "-size", "96x64", "xc:navy")
    convert(library / "fine.png", "-size", "96x64", "xc:gold")
    served = Served(tmp_path, tmp_path / "library", env={"PHOTOLALA_TEST_HANG_ON": "render:slow.png"},
                    flags=["--decode-timeout", "2", "--thumbnail-workers", "1"]).start()
    try:
        wait_served(served.log, served.offset)
        session = Session(served.base)
        tiles = served.tiles(session, "trip")
        # when the runaway decode is asked for, it is stopped: a placeholder, not a hung request
        started = time.monotonic()
        real, _ = served.thumbnail(session, tiles["slow.png"])
        assert not real
        assert time.monotonic() - started < 30
        # then a fresh worker makes the next rendition, and the server is the same process
        assert served.thumbnail(session, tiles["fine.png"])[0]
        assert served.proc.poll() is None
        assert "longer than 2 s" in served.log.read_text()
    finally:
        served.stop()


@pytest.mark.parametrize("isolated", [True, False], ids=["decoder-workers", "in-process"])
def test_a_server_up_longer_than_every_limit_still_decodes(tmp_path, isolated):
    # given PNG and HEIC files and the smallest limit per decode, one second
    library = tmp_path / "library" / "mixed"
    library.mkdir(parents=True)
    convert(library / "a.png", "-size", "640x480", "gradient:red-blue")
    convert(library / "b.heic", "-size", "640x480", "gradient:green-yellow")
    flags = ["--decode-timeout", "1", "--no-scan"] + ([] if isolated else ["--no-isolate-decoders"])
    subprocess.run([str(binary()), "scan", "--library", str(tmp_path / "library"), "--data", str(tmp_path / "data")],
                   check=True, capture_output=True, timeout=120)
    served = Served(tmp_path, tmp_path / "library", flags=flags).start()
    try:
        wait_for(served.log, "Server started", served.offset)
        # when it has been up for several times the limit (and ImageMagick has already run: the probes)
        time.sleep(3.5)
        session = Session(served.base)
        tiles = served.tiles(session, "mixed")
        assert set(tiles) == {"a.png", "b.heic"}
        # then both still decode, as grid thumbnails and as screen renditions
        for path in tiles.values():
            for size in ["/256/", "/1600/"]:
                real, body = served.thumbnail(session, path.replace("/256/", size))
                assert real and body[:2] == b"\xff\xd8", (path, size)
        assert served.proc.poll() is None
    finally:
        served.stop()
