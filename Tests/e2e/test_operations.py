"""The server as a process: SIGTERM during a scan stops it at a safe point, and the next start resumes."""
import os
import pathlib
import signal
import subprocess
import time
import urllib.error

from conftest import binary, free_port


def wait_for(log: pathlib.Path, text: str, offset: int, seconds: float = 120) -> str:
    deadline = time.time() + seconds
    while time.time() < deadline:
        content = log.read_text()[offset:]
        if text in content:
            return content
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not logged:\n{log.read_text()[-3000:]}")


def wait_served(log: pathlib.Path, offset: int, seconds: float = 120) -> str:
    """Waits until the server listens and its start-up scan has finished (in either order: a
    small library is scanned before the port is bound)."""
    wait_for(log, "Server started and listening", offset, seconds)
    return wait_for(log, "scan finished", offset, seconds)


def test_sigterm_mid_scan_then_resume(tmp_path):
    # given a library of 40,000 distinct small JPEGs (enough that the scan takes seconds)
    count = 40_000
    library = tmp_path / "library"
    base = tmp_path / "base.jpg"
    subprocess.run(["convert", "-size", "48x32", "plasma:", str(base)], check=True)
    data = base.read_bytes()
    for i in range(count):
        folder = library / "bulk" / f"{i // 1000:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        # bytes after the JPEG's end marker are ignored by decoders but make each file distinct
        (folder / f"{i:05d}.jpg").write_bytes(data + os.urandom(16))
    log = tmp_path / "server.log"

    def start():
        port = free_port()
        offset = log.stat().st_size if log.exists() else 0
        proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--data", str(tmp_path / "data"),
                                 "--port", str(port), "--no-watch"], stdout=open(log, "a"), stderr=subprocess.STDOUT)
        return proc, offset

    # when the server gets SIGTERM while its start-up scan runs
    proc, offset = start()
    wait_for(log, "scan started", offset)
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    # then it exits cleanly and says where the scan stopped
    assert proc.wait(timeout=30) == 0
    stopped = wait_for(log, "scan stopped at a safe point", offset, seconds=1)
    assert "scan finished" not in stopped

    # and the next start finishes the scan without redoing what was done
    proc, offset = start()
    finished = wait_for(log, "scan finished", offset)
    line = next(l for l in finished.splitlines() if "scan finished" in l)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    added = int(line.split("added=")[1].split()[0])
    assert f"total={count}" in line and 0 < added < count, line


def test_metrics_on_their_own_port_and_healthz(tmp_path):
    import urllib.request
    library = tmp_path / "library"
    library.mkdir()
    subprocess.run(["convert", "-size", "64x48", "plasma:", str(library / "one.jpg")], check=True)
    port, metrics_port = free_port(), free_port()
    log = tmp_path / "server.log"
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--data", str(tmp_path / "data"),
                             "--port", str(port), "--metrics-port", str(metrics_port)], stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        wait_served(log, 0)
        health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5)
        assert health.status == 200 and health.read() == b"ok\n"
        text = urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).read().decode()
        assert "photolala_library_photos 1" in text and 'route="/healthz"' in text
        # the gallery's own port does not serve them without a token
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5)
            raise AssertionError("metrics were served on the main port")
        except urllib.error.HTTPError as error:
            assert error.code in (403, 404)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0


def test_a_slowloris_is_cut_off_and_does_not_stall_others(tmp_path):
    import socket
    import urllib.request
    library = tmp_path / "library"
    library.mkdir()
    port = free_port()
    log = tmp_path / "server.log"
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--data", str(tmp_path / "data"),
                             "--port", str(port), "--header-timeout", "2", "--connections-per-address", "8", "--no-watch"],
                            stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        wait_served(log, 0)
        # given a client that trickles its headers a byte at a time
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.time()
        closed = None
        while time.time() - started < 10:
            # then others are answered at once meanwhile
            t = time.time()
            assert urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).status == 200
            assert time.time() - t < 1
            try:
                slow.sendall(b"X")
                slow.settimeout(0.3)
                answer = slow.recv(64)
                # cut off: a 408 answer before the close, or the close itself
                if answer == b"" or answer.startswith(b"HTTP/1.1 408"):
                    closed = time.time() - started
                    break
            except socket.timeout:
                pass
            except OSError:
                closed = time.time() - started
                break
        # and the slow one is cut off after the header timeout, not served
        assert closed is not None and 1.5 < closed < 6, closed
        slow.close()
        # and one address cannot hold more than its share of connections
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(12)]
        time.sleep(0.3)
        refused = 0
        for s in idle:
            s.settimeout(0.5)
            try:
                if s.recv(1) == b"":
                    refused += 1
            except socket.timeout:
                pass
            except OSError:
                refused += 1
        assert refused >= 4, refused
        for s in idle:
            s.close()
        time.sleep(0.3)
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0


def test_a_catalog_damaged_within_ends_the_server_and_is_left_as_it_was(tmp_path):
    """The check of every page runs beside the first requests: damage it finds stops the server,
    naming it, before anything is written to the catalog."""
    import sqlite3
    library = tmp_path / "library"
    library.mkdir()
    for n in range(3):
        subprocess.run(["convert", "-size", "64x48", "plasma:", str(library / f"p{n}.jpg")], check=True)
    data = tmp_path / "data"
    subprocess.run([str(binary()), "scan", "--library", str(library), "--data", str(data)], check=True, capture_output=True)
    catalog = data / "catalog.sqlite"
    db = sqlite3.connect(catalog)
    root, = db.execute("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'file'").fetchone()
    page_size, = db.execute("PRAGMA page_size").fetchone()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    assert not pathlib.Path(str(catalog) + "-wal").exists() or pathlib.Path(str(catalog) + "-wal").stat().st_size == 0
    with open(catalog, "r+b") as f:  # the file table's first page overwritten; the file's length is as it was
        f.seek((root - 1) * page_size)
        f.write(b"\xee" * page_size)
    # a new photo, which the start-up scan would write into the catalog
    subprocess.run(["convert", "-size", "64x48", "plasma:", str(library / "new.jpg")], check=True)
    log = tmp_path / "server.log"
    proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--data", str(data), "--port", str(free_port())],
                            stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        assert proc.wait(timeout=60) != 0
    finally:
        if proc.poll() is None:
            proc.kill()
    text = log.read_text()
    assert "is damaged" in text and "will not run on it" in text, text[-3000:]
    # nothing the server does was written: not the new photo's row (SQLite's own opening in WAL
    # mode may leave a table made and dropped, as it does at any opening)
    wal = pathlib.Path(str(catalog) + "-wal")
    for written in (catalog, wal):
        assert not written.exists() or b"new.jpg" not in written.read_bytes()
    assert b"p0.jpg" in catalog.read_bytes()
