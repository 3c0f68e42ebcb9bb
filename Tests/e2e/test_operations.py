"""The server as a process: SIGTERM during a scan stops it at a safe point, and the next start resumes."""
import os
import pathlib
import signal
import subprocess
import time

from conftest import binary, free_port


def wait_for(log: pathlib.Path, text: str, offset: int, seconds: float = 120) -> str:
    deadline = time.time() + seconds
    while time.time() < deadline:
        content = log.read_text()[offset:]
        if text in content:
            return content
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not logged:\n{log.read_text()[-3000:]}")


def test_sigterm_mid_scan_then_resume(tmp_path):
    # given a library of 3,000 distinct small JPEGs
    library = tmp_path / "library"
    (library / "bulk").mkdir(parents=True)
    base = tmp_path / "base.jpg"
    subprocess.run(["convert", "-size", "48x32", "plasma:", str(base)], check=True)
    data = base.read_bytes()
    for i in range(3000):
        # bytes after the JPEG's end marker are ignored by decoders but make each file distinct
        (library / "bulk" / f"{i:04d}.jpg").write_bytes(data + os.urandom(16))
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
    time.sleep(0.5)
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
    assert "total=3000" in line and 0 < added < 3000, line
