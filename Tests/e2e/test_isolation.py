"""A crash inside the image decoder kills one worker process, not the server: the file is marked
unreadable with its reason, a fresh worker takes over, and everything else keeps working. A test
hook in the worker (PHOTOLALA_TEST_CRASH_ON) aborts on a named file, as a decoder crash would."""
import os
import re
import signal
import subprocess
import urllib.request

from conftest import binary, free_port
from test_faults import PASSWORD, Session
from test_operations import wait_for, wait_served


def test_a_decoder_crash_kills_a_worker_not_the_server(tmp_path):
    library = tmp_path / "library" / "trip"
    library.mkdir(parents=True)
    # The probe crash needs a PNG: a JPEG's header is read in Swift, never by a decoder.
    for name, color in [("good.jpg", "gold"), ("crash-probe.png", "navy"), ("crash-render.jpg", "teal"), ("after.jpg", "pink")]:
        subprocess.run(["convert", "-size", "96x64", f"xc:{color}", str(library / name)], check=True)
    data = tmp_path / "data"
    subprocess.run([str(binary()), "users", "add", "ada", "--role", "admin", "--data", str(data)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    port = free_port()
    log = tmp_path / "server.log"
    env = dict(os.environ, PHOTOLALA_TEST_CRASH_ON="probe:crash-probe.png,render:crash-render.jpg")
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(tmp_path / "library"), "--data", str(data),
                             "--port", str(port), "--no-watch"], env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        # the scan gets through a worker dying on one file
        wait_served(log, 0)
        assert proc.poll() is None
        session = Session(base)
        scan = session.opener.open(base + "/scan", timeout=10).read().decode()
        assert "crash-probe.png" in scan and "crashed the image decoder" in scan
        page = session.opener.open(base + "/folders/trip", timeout=10).read().decode()
        assert "good.jpg" in page and "crash-render.jpg" in page and "after.jpg" in page and "crash-probe.png" not in page
        tiles = dict(re.findall(r'href="/photos/trip/([^"?]+)[^"]*" title="[^"]*"><picture><source [^>]*><img src="(/thumbs/240/[0-9a-f]{64}\.jpg)"', page))
        # a render that crashes its worker answers with a placeholder; the others are real thumbnails
        for name in ["crash-render.jpg", "good.jpg", "after.jpg"]:
            response = session.opener.open(base + tiles[name], timeout=30)
            assert response.status == 200
            placeholder = "immutable" not in response.headers["Cache-Control"]
            assert placeholder == (name == "crash-render.jpg"), name
        # and the server is still the same process, healthy
        assert proc.poll() is None
        assert urllib.request.urlopen(base + "/healthz", timeout=5).status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
