"""A bounded soak on loopback: 16 clients post curation while pages are read and thumbnails made.
Every acknowledged write is present, no request fails with a 5xx, memory stays flat after warm-up
and no file descriptor leaks."""
import os
import random
import re
import threading
import time
import urllib.error
import urllib.request

from test_faults import Server, Session

SECONDS = int(os.environ.get("SOAK_SECONDS", "30"))
CLIENTS = 16
THUMB = re.compile(r'/thumbs/(?:256|512|1600)/[0-9a-f]{64}\.jpg')


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS")).split()[1])


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_soak(tmp_path):
    server = Server(tmp_path, 60)
    base = server.start()
    pid = server.proc.pid
    sessions = [Session(base) for _ in range(CLIENTS)]
    keys = [f"p/{i:04d}.jpg" for i in range(60)]
    last = {}
    errors, served = [], [0]
    stop = threading.Event()

    def client(n):
        session, mine, rng = sessions[n], keys[n::CLIENTS], random.Random(n)
        while not stop.is_set():
            key = rng.choice(mine)
            rating = rng.randint(0, 5)
            status = session.post("/actions/rate", {"key": key, "rating": str(rating)})
            if status == 303:
                last[key] = rating
            elif status >= 500:
                errors.append(("rate", status))
            for path in ["/folders/p?page=%d" % rng.randint(1, 1), "/photos/" + key]:
                try:
                    html = session.opener.open(base + path, timeout=20).read().decode()
                except urllib.error.HTTPError as error:
                    if error.code >= 500:
                        errors.append((path, error.code))
                    continue
                served[0] += 1
                thumbs = THUMB.findall(html)
                if thumbs:
                    try:
                        session.opener.open(base + rng.choice(thumbs), timeout=30).read()
                    except urllib.error.HTTPError as error:
                        if error.code >= 500:
                            errors.append(("thumb", error.code))

    def run(seconds):
        """Runs every client for `seconds`, sampling the server's memory; then lets connections close."""
        stop.clear()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for t in threads:
            t.start()
        samples = []
        started = time.time()
        while time.time() - started < seconds:
            samples.append((time.time() - started, rss_kb(pid)))
            time.sleep(0.5)
        stop.set()
        for t in threads:
            t.join(timeout=60)
        time.sleep(1.5)  # let closed connections go
        return samples

    # A warm-up first, as all of it belongs to the baseline, not to a leak: every rendition the
    # clients will ask for is made, one page at a time (its file, and its bytes among the recent
    # renditions kept in memory); then decoder workers and database readers start under load.
    for path in ["/folders/p"] + ["/photos/" + key for key in keys]:
        html = sessions[0].opener.open(base + path, timeout=30).read().decode()
        for thumb in set(THUMB.findall(html)):
            sessions[0].opener.open(base + thumb, timeout=30).read()
    run(3)
    fds_before = fds(pid)
    samples = run(SECONDS)

    assert not errors, errors[:10]
    assert served[0] > 100, served[0]
    # every acknowledged write is there
    with server.db() as db:
        stored = dict(db.execute("SELECT f.key, p.rating FROM file f JOIN photo p ON p.id = f.photoId").fetchall())
    assert all(stored[k] == v for k, v in last.items()), {k: (v, stored[k]) for k, v in last.items() if stored[k] != v}
    # memory is flat after warm-up: the last fifth within 10% of the middle
    warm = [kb for t, kb in samples if SECONDS * 0.4 <= t < SECONDS * 0.6]
    end = [kb for t, kb in samples if t >= SECONDS * 0.8]
    baseline, final = sum(warm) / len(warm), sum(end) / len(end)
    print(f"rss warm {baseline / 1024:.1f} MB, end {final / 1024:.1f} MB, {served[0]} pages, {len(last)} photos rated")
    assert final <= baseline * 1.10, (baseline, final)
    # and no descriptor leaked
    assert fds(pid) <= fds_before + 2, (fds_before, fds(pid))
    server.kill9()
