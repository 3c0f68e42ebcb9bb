"""The data folder's disk fills up (simulated with a file-size limit on the running server): pages
keep loading, thumbnails come back as uncached placeholders, a failed write says so clearly, and
nothing is half-written; when space returns, the same server recovers without a restart."""
import re
import resource
import signal
import subprocess
import time

from conftest import binary, free_port
from test_faults import PASSWORD, Session
from test_operations import wait_for, wait_served


def test_a_full_data_disk_is_survived_and_recovered_from(tmp_path):
    library = tmp_path / "library" / "trip"
    library.mkdir(parents=True)
    for i, color in enumerate(["gold", "navy", "teal"]):
        subprocess.run(["convert", "-size", "640x480", f"plasma:{color}-white", str(library / f"{i}.jpg")], check=True)
    data = tmp_path / "data"
    subprocess.run([str(binary()), "users", "add", "ada", "--role", "admin", "--data", str(data)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    port = free_port()
    log = tmp_path / "server.log"
    # SIGXFSZ ignored, so a write past the limit fails with EFBIG, as a full disk fails with ENOSPC
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(tmp_path / "library"), "--data", str(data),
                             "--port", str(port), "--no-watch"], stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            preexec_fn=lambda: signal.signal(signal.SIGXFSZ, signal.SIG_IGN))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_served(log, 0)
        session = Session(base)
        page = session.opener.open(base + "/folders/trip", timeout=10).read().decode()
        thumb = re.search(r"/thumbs/1600/[0-9a-f]{64}\.jpg", session.opener.open(base + "/photos/trip/0.jpg", timeout=10).read().decode()).group(0)
        # when the disk is full
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (1000, resource.RLIM_INFINITY))
        assert session.opener.open(base + "/folders/trip", timeout=10).status == 200
        response = session.opener.open(base + thumb, timeout=30)
        assert response.status == 200 and response.headers["Cache-Control"] == "no-store"
        status = session.post("/actions/tag", {"key": "trip/1.jpg", "tags": "sunrise, harbour, " + ", ".join(f"t{i}" for i in range(20))})
        assert status in (303, 507), status
        assert not list((data / "thumbnails").rglob(".tmp-*")), "a half-written file was left"
        # when space returns, the same process makes the thumbnail and takes writes again
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        response = session.opener.open(base + thumb, timeout=30)
        assert response.status == 200 and "immutable" in response.headers["Cache-Control"]
        assert session.post("/actions/rate", {"key": "trip/1.jpg", "rating": "5"}) == 303
        assert proc.poll() is None
        assert "trip" in page
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
