"""Two instances behind nginx, sharing one PostgreSQL catalog and one bucket as the library.

Each instance keeps its own data folder; sessions, curation and uploads are shared through the
catalog, and a change made on one reaches the other by notification. nginx (Debian's, with a
configuration of its own in a temporary folder) sends each request to either instance and skips
one that is down. The test signs in through nginx, uses the same session on each instance
directly, stars a photo on one and sees it on the other, uploads through one and browses it on
the other, has a rendition made by one and sees the other copy it from the renditions both keep
in the bucket (`--cache`), then kills an instance in the middle of an upload sent straight to it:
nothing of that upload reaches the bucket, nothing acknowledged before is lost, and the browser
carries on through nginx on the instance that is left.

Needs the test S3 server (PHOTOLALA_TEST_S3_ENDPOINT) and the test PostgreSQL cluster
(PHOTOLALA_TEST_POSTGRES) that scripts/test.sh starts.
"""
import grp
import html
import os
import pathlib
import pwd
import random
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.parse

import pytest

S3_ENDPOINT = os.environ.get("PHOTOLALA_TEST_S3_ENDPOINT", "")
POSTGRES = os.environ.get("PHOTOLALA_TEST_POSTGRES", "")
if not S3_ENDPOINT or not POSTGRES:
    pytest.skip("needs PHOTOLALA_TEST_S3_ENDPOINT (a test S3 server) and PHOTOLALA_TEST_POSTGRES (a test PostgreSQL "
                "cluster), as scripts/test.sh sets them", allow_module_level=True)

import boto3  # noqa: E402  (moto's dependency, in the test venv; only needed when the module runs)
import requests  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from conftest import ACCOUNTS, DESKTOP, PHONE, binary, free_port, make_driver, screenshot, settled, sign_in  # noqa: E402

PREFIX = "family"
# Where the instances share renditions, beside the library in the same bucket.
CACHE = "renditions"
METRICS_TOKEN = "scale-out-metrics-0123456789"
# The library in the bucket: (folder, name, date taken, colours). Small, so both instances are up in seconds.
PHOTOS = [("Holiday", f"IMG_{i:03d}.jpg", f"2024:07:{10 + i:02d} 09:30:00", f"rgb({40 * i},120,200)-rgb(250,{30 * i},60)")
          for i in range(6)] + [("Garden", f"flower_{i}.jpg", f"2023:05:0{i + 1} 17:00:00", "yellow-green") for i in range(2)]
STARRED = "Holiday/IMG_002.jpg"
# The AWS SDK and Photolala read these; moto accepts any credentials.
AWS = {"AWS_ACCESS_KEY_ID": "scaleout", "AWS_SECRET_ACCESS_KEY": "scaleout-secret", "AWS_REGION": "us-east-1"}


def quoted(key: str) -> str:
    return urllib.parse.quote(key)


def make_jpeg(path: pathlib.Path, size: str, source: list, date: str) -> None:
    subprocess.run(["convert", "-size", size, *source, "-quality", "90", str(path)], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={date}", str(path)], check=True)


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True, capture_output=True, text=True)


def database_url(name: str) -> str:
    """The test cluster's address with another database in place of its maintenance one."""
    parts = urllib.parse.urlsplit(POSTGRES)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def tail(path: pathlib.Path, lines: int = 40) -> str:
    if not path.exists():
        return f"({path.name}: nothing written)"
    return f"---- {path.name} ----\n" + "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


class Instance:
    """One `photolala serve` of the shared catalog and bucket, with a data folder of its own."""

    def __init__(self, name: str, work: pathlib.Path, catalog: str, library: str):
        self.name = name
        self.data = work / f"data-{name}"
        self.log = work / f"{name}.log"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        bucket = library[len("s3://"):].split("/")[0]
        self.args = [str(binary()), "serve", "--library", library, "--s3-endpoint", S3_ENDPOINT, "--catalog", catalog,
                     "--data", str(self.data), "--port", str(self.port), "--no-watch", "--rescan-interval", "0",
                     "--trusted-proxies", "127.0.0.1", "--cache", f"s3://{bucket}/{CACHE}", "--metrics-token", METRICS_TOKEN]
        self.proc = None

    def start(self) -> None:
        self.proc = subprocess.Popen(self.args, env=dict(os.environ, **AWS), stdout=open(self.log, "a"), stderr=subprocess.STDOUT)

    def wait_healthy(self, seconds: float = 120) -> None:
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited with {self.proc.returncode}\n{tail(self.log)}")
            try:
                if requests.get(self.base + "/healthz", timeout=5).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise AssertionError(f"{self.name} did not answer /healthz with 200 in {seconds} s\n{tail(self.log)}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


class Nginx:
    """Debian's nginx in the foreground, its configuration, pid, logs and temporary files in one folder."""

    def __init__(self, folder: pathlib.Path, upstreams: list):
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        (folder / "tmp").mkdir(parents=True)
        servers = "\n    ".join(f"server 127.0.0.1:{port};" for port in upstreams)
        # Run as root, nginx would hand its workers to `nobody`, who cannot enter this folder.
        user = f"user {pwd.getpwuid(os.getuid()).pw_name} {grp.getgrgid(os.getgid()).gr_name};" if os.getuid() == 0 else ""
        (folder / "nginx.conf").write_text(f"""
daemon off;
{user}
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log {folder}/access.log;
  client_body_temp_path {folder}/tmp/body;
  proxy_temp_path {folder}/tmp/proxy;
  fastcgi_temp_path {folder}/tmp/fastcgi;
  uwsgi_temp_path {folder}/tmp/uwsgi;
  scgi_temp_path {folder}/tmp/scgi;
  upstream photolala {{
    {servers}
    keepalive 8;
  }}
  server {{
    listen 127.0.0.1:{self.port};
    client_max_body_size 0;
    location / {{
      proxy_pass http://photolala;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # An instance that refuses the connection or answers 502/503 is skipped for the next one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which instance answered (the last address when one was skipped), for the test to read.
      add_header X-Upstream $upstream_addr always;
    }}
  }}
}}
""")
        self.proc = subprocess.Popen(["nginx", "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
                                     stdout=subprocess.DEVNULL, stderr=open(folder / "stderr.log", "w"))
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("nginx did not start\n" + tail(folder / "error.log") + "\n" + tail(folder / "stderr.log"))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def bucket_objects(s3, bucket: str) -> dict:
    """Every object in the bucket, key to size."""
    found = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for item in page.get("Contents", []):
            found[item["Key"]] = item["Size"]
    return found


class Cluster:
    def __init__(self, bucket, s3, files, first, second, proxy):
        self.bucket, self.s3, self.files = bucket, s3, files
        self.first, self.second, self.nginx = first, second, proxy

    def logs(self) -> str:
        return "\n".join([tail(self.first.log), tail(self.second.log), tail(self.nginx.folder / "error.log", 20)])

    def objects(self) -> dict:
        """The library's objects (not the shared renditions beside it), key to size."""
        return {key: size for key, size in bucket_objects(self.s3, self.bucket).items() if key.startswith(PREFIX + "/")}

    def renditions(self) -> set:
        """The shared renditions' names in the bucket."""
        return {key[len(CACHE) + 1:] for key in bucket_objects(self.s3, self.bucket) if key.startswith(CACHE + "/")}


@pytest.fixture(scope="module")
def cluster():
    work = pathlib.Path(tempfile.mkdtemp(prefix="photolala-scale-out-"))
    # Names of their own on the shared test servers, so runs never meet.
    name = f"scaleout_{os.getpid()}_{int(time.time())}"
    bucket = name.replace("_", "-")
    catalog = database_url(name)
    library = f"s3://{bucket}/{PREFIX}"
    s3 = boto3.client("s3", endpoint_url=S3_ENDPOINT, aws_access_key_id=AWS["AWS_ACCESS_KEY_ID"],
                      aws_secret_access_key=AWS["AWS_SECRET_ACCESS_KEY"], region_name=AWS["AWS_REGION"])
    started = []
    made_database = made_bucket = False
    try:
        psql(POSTGRES, f'CREATE DATABASE "{name}"')
        made_database = True
        s3.create_bucket(Bucket=bucket)
        made_bucket = True
        files = {}  # object key: the file it was made from
        for folder, file, date, colours in PHOTOS:
            path = work / file
            make_jpeg(path, "320x240", [f"gradient:{colours}"], date)
            key = f"{PREFIX}/{folder}/{file}"
            s3.put_object(Bucket=bucket, Key=key, Body=path.read_bytes(), ContentType="image/jpeg")
            files[key] = path
        first = Instance("instance-1", work, catalog, library)
        second = Instance("instance-2", work, catalog, library)
        # The first admin, in the shared catalog; the password on standard input, never the command line.
        made = subprocess.run([str(binary()), "users", "add", "ada", "--role", "admin", "--catalog", catalog, "--library", library,
                               "--s3-endpoint", S3_ENDPOINT, "--data", str(first.data)],
                              input=ACCOUNTS["ada"][1] + "\n", text=True, capture_output=True, env=dict(os.environ, **AWS))
        assert made.returncode == 0, f"users add failed ({made.returncode}):\n{made.stdout}\n{made.stderr}"
        for instance in (first, second):
            instance.start()
            started.append(instance)
        for instance in (first, second):
            instance.wait_healthy()
        proxy = Nginx(work / "nginx", [first.port, second.port])
        started.append(proxy)
        yield Cluster(bucket, s3, files, first, second, proxy)
    finally:
        for thing in reversed(started):
            thing.stop()
        if made_bucket:
            for key in bucket_objects(s3, bucket):
                s3.delete_object(Bucket=bucket, Key=key)
            s3.delete_bucket(Bucket=bucket)
        if made_database:
            psql(POSTGRES, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture
def browser():
    """A phone browser with JavaScript off and no cookies."""
    driver = make_driver(PHONE, javascript=False)
    yield driver
    driver.quit()


def cookies_of(driver) -> dict:
    """The browser's session and form cookies, to send with direct requests."""
    found = {c["name"]: c["value"] for c in driver.get_cookies()}
    assert "photolala_session" in found and "photolala_csrf" in found, found
    return {name: found[name] for name in ("photolala_session", "photolala_csrf")}


def get(base: str, path: str, cookies: dict, **extra) -> requests.Response:
    return requests.get(base + path, cookies=cookies, timeout=20, allow_redirects=False, **extra)


def form_token(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def photo_names(page: str, folder: str) -> set:
    """The names of the photos a group page links to in `folder`."""
    return {urllib.parse.unquote(name) for name in re.findall(r'href="/photos/' + re.escape(quoted(folder)) + r'/([^"?/]+)(?:\?[^"]*)?"', page)}


def poll(what: str, check, seconds: float, logs=lambda: ""):
    """Calls `check` until it returns something true, or fails naming `what` after `seconds`."""
    deadline = time.time() + seconds
    last = None
    while time.time() < deadline:
        try:
            last = check()
            if last:
                return last
        except (requests.RequestException, OSError) as error:
            last = error
        time.sleep(0.25)
    raise AssertionError(f"{what} (not within {seconds} s; last: {last!r})\n{logs()}")


def signed_in(response: requests.Response) -> bool:
    return response.status_code == 200 and "<summary>ada</summary>" in response.text


def multipart(token: str, name: str, data: bytes, boundary: str) -> bytes:
    """The upload form's body, as a browser sends it: the form token first, then the file."""
    return (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()


def test_group_page_through_nginx_at_both_widths(cluster):
    c = cluster
    for size, label in [(PHONE, "phone"), (DESKTOP, "desktop")]:
        d = make_driver(size, javascript=False)
        try:
            sign_in(d, c.nginx.base, "ada")

            def tiles():
                # The instances fill the catalog from the bucket as they start; the page may come early.
                d.get(c.nginx.base + "/folders/Holiday")
                settled(d)
                return len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 6
            poll("the Holiday folder shows its six photos through nginx", tiles, 120, c.logs)
            screenshot(d, f"scale-out-group-{label}")
        finally:
            d.quit()


def metric(instance, name: str) -> int:
    text = requests.get(instance.base + "/metrics", headers={"Authorization": "Bearer " + METRICS_TOKEN}, timeout=20).text
    found = re.search(rf"^photolala_{name} (\d+)$", text, re.M)
    return int(found.group(1)) if found else 0


def test_a_rendition_made_by_one_instance_is_copied_by_the_other(cluster, browser):
    c, d = cluster, browser
    sign_in(d, c.nginx.base, "ada")
    cookies = cookies_of(d)
    page = poll("instance 1 shows the Garden folder",
                lambda: (lambda r: r.text if r.status_code == 200 and "flower_1.jpg" in r.text else None)(
                    get(c.first.base, "/folders/Garden", cookies)), 120, c.logs)
    sha = re.search(r"/thumbs/\d+/([0-9a-f]{64})\.jpg", page).group(1)
    name = f"thumbnails/{sha[:2]}/{sha}-1600.jpg"
    # given a screen rendition nobody has asked for yet
    assert name not in c.renditions()
    made_before = metric(c.first, "thumbnails_generated_total")
    # when instance 1 is asked for it
    first = get(c.first.base, f"/thumbs/1600/{sha}.jpg", cookies)
    assert first.status_code == 200 and first.headers["Content-Type"] == "image/jpeg", first.status_code
    # then it made it and put it in the bucket
    assert metric(c.first, "thumbnails_generated_total") == made_before + 1
    assert name in c.renditions(), c.renditions()
    # and instance 2, asked for it, copies it from there rather than making it again
    made_before, shared_before = metric(c.second, "thumbnails_generated_total"), metric(c.second, "thumbnails_shared_total")
    second = get(c.second.base, f"/thumbs/1600/{sha}.jpg", cookies)
    assert second.status_code == 200 and second.content == first.content
    assert metric(c.second, "thumbnails_shared_total") == shared_before + 1
    assert metric(c.second, "thumbnails_generated_total") == made_before
    assert (c.second.data / "thumbnails" / sha[:2] / f"{sha}-1600.jpg").read_bytes() == first.content


def test_two_instances_share_the_webdav_door(cluster, tmp_path):
    """A phone's backup through one instance is the other's: the inbox, a note's bytes (kept in
    the bucket's hidden folder), a photo filed into the library, a lock, and a revoked password."""
    catalog_args = ["--catalog", cluster.first.args[cluster.first.args.index("--catalog") + 1],
                    "--library", cluster.first.args[cluster.first.args.index("--library") + 1], "--s3-endpoint", S3_ENDPOINT,
                    "--data", str(cluster.first.data)]
    made = subprocess.run([str(binary()), "devices", "add", "ada", "Ada's phone", "--scope", "read", *catalog_args],
                          capture_output=True, text=True, env=dict(os.environ, **AWS))
    assert made.returncode == 0, made.stderr
    secret = made.stdout.strip()
    auth = ("ada", secret)
    for instance in (cluster.first, cluster.second):
        if instance.proc is None or instance.proc.poll() is not None:
            instance.start()
        instance.wait_healthy()
    one, two = cluster.first.base, cluster.second.base
    # given a note and a photo sent to ada's inbox through the first instance
    note = b"packed the blue bag\n"
    assert requests.put(one + "/dav/ada/notes.txt", data=note, auth=auth, timeout=30).status_code == 201
    photo = tmp_path / "IMG_0042.JPG"
    make_jpeg(photo, "320x240", ["gradient:gold-teal"], "2023:03:04 05:06:07")
    assert requests.put(one + "/dav/ada/IMG_0042.JPG", data=photo.read_bytes(), auth=auth, timeout=30).status_code == 201
    # then the second instance lists both and gives each back
    listing = requests.request("PROPFIND", two + "/dav/ada/", headers={"Depth": "1"}, auth=auth, timeout=30)
    assert listing.status_code == 207
    assert "/dav/ada/notes.txt</D:href>" in listing.text and "/dav/ada/IMG_0042.JPG</D:href>" in listing.text
    assert requests.get(two + "/dav/ada/notes.txt", auth=auth, timeout=30).content == note
    assert requests.get(two + "/dav/ada/IMG_0042.JPG", auth=auth, timeout=30).content == photo.read_bytes()
    # and the photo is in the library for both, the note in no listed folder of it
    assert f"{PREFIX}/Phones/ada/2023/03/IMG_0042.JPG" in cluster.objects()
    assert requests.request("PROPFIND", two + "/dav/library/Phones/ada/2023/03/", headers={"Depth": "1"}, auth=auth,
                            timeout=30).text.count("IMG_0042.JPG") >= 1
    assert not any(key.endswith("notes.txt") for key in cluster.objects())
    assert any(key.startswith(f"{PREFIX}/.photolala/inbox/") for key in cluster.objects())
    # when the first instance locks the note, then the second refuses a write without its token
    lock = requests.request("LOCK", one + "/dav/ada/notes.txt", auth=auth, timeout=30,
                            data='<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>'
                                 '<D:locktype><D:write/></D:locktype></D:lockinfo>')
    assert lock.status_code == 200
    token = lock.headers["Lock-Token"]
    assert requests.put(two + "/dav/ada/notes.txt", data=b"x", auth=auth, timeout=30).status_code == 423
    assert requests.put(two + "/dav/ada/notes.txt", data=b"y", auth=auth, headers={"If": f"({token})"}, timeout=30).status_code == 204
    assert requests.request("UNLOCK", two + "/dav/ada/notes.txt", auth=auth, headers={"Lock-Token": token}, timeout=30).status_code == 204
    # when the note leaves the inbox, then its bytes leave the bucket; the photo stays in the library
    assert requests.delete(two + "/dav/ada/notes.txt", auth=auth, timeout=30).status_code == 204
    assert not any(key.startswith(f"{PREFIX}/.photolala/inbox/") for key in cluster.objects())
    cluster.files[f"{PREFIX}/Phones/ada/2023/03/IMG_0042.JPG"] = photo
    # when the password is revoked from the command line, then neither instance takes it
    revoked = subprocess.run([str(binary()), "devices", "revoke", "ada", "Ada's phone", *catalog_args],
                             capture_output=True, text=True, env=dict(os.environ, **AWS))
    assert revoked.returncode == 0, revoked.stderr
    for base in (one, two):
        assert requests.request("PROPFIND", base + "/dav/ada/", headers={"Depth": "0"}, auth=auth, timeout=30).status_code == 401


def test_two_instances_share_sessions_curation_and_uploads_and_survive_a_kill(cluster, browser, tmp_path):
    c, d = cluster, browser
    first, second, proxy = c.first, c.second, c.nginx
    rng = random.Random(20261125)

    # given someone signed in through nginx
    sign_in(d, proxy.base, "ada")
    assert "ada" in d.find_element(By.CSS_SELECTOR, "details.menu summary").text, d.page_source
    cookies = cookies_of(d)

    # then the same session cookie is accepted by each instance asked directly
    for instance in (first, second):
        poll(f"{instance.name} knows the session made through nginx",
             lambda: signed_in(get(instance.base, "/account", cookies)), 10, c.logs)
    # and each instance lists the bucket's photos (one scanned them; the other heard of it)
    for instance in (first, second):
        poll(f"{instance.name} shows the six photos of Holiday",
             lambda: len(photo_names(get(instance.base, "/folders/Holiday", cookies).text, "Holiday")) == 6, 120, c.logs)
    # while a request without the cookie is asked to sign in
    assert get(second.base, "/folders/Holiday", {}).status_code == 403

    # when a photo gets four stars through the rating form of instance 1
    page = get(first.base, "/photos/" + quoted(STARRED), cookies)
    assert page.status_code == 200, page.text[:2000]
    assert "Not rated" in page.text
    form = re.search(r'<form method="post" action="([^"]+)" data-action="rate".*?</form>', page.text, re.S)
    fields = {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([a-z]+)" value="([^"]*)">', form.group(0))}
    fields["rating"] = "4"
    rated = requests.post(first.base + html.unescape(form.group(1)), data=fields, cookies=cookies, timeout=20, allow_redirects=False,
                          headers={"Origin": first.base, "Referer": first.base + "/photos/" + quoted(STARRED)})
    assert rated.status_code == 303, f"rating answered {rated.status_code}: {rated.text[:2000]}\n{c.logs()}"
    # then instance 2 shows them on the photo's page (the change arrives by notification)
    poll("instance 2 shows the four stars given on instance 1",
         lambda: "4 of 5 stars" in get(second.base, "/photos/" + quoted(STARRED), cookies).text, 10, c.logs)

    # when a photo is uploaded through instance 2's upload form
    uploaded = tmp_path / "Harbour at dawn.jpg"
    make_jpeg(uploaded, "400x300", ["-seed", "3", "plasma:skyblue-navy"], "2025:03:14 06:45:00")
    token = form_token(get(second.base, "/upload", cookies).text)
    with open(uploaded, "rb") as f:
        answer = requests.post(second.base + "/upload", data={"csrf": token}, files={"files": (uploaded.name, f, "image/jpeg")},
                               cookies=cookies, headers={"Origin": second.base}, timeout=60, allow_redirects=False)
    assert answer.status_code == 200 and 'class="added"' in answer.text, f"upload answered {answer.status_code}: {answer.text[:3000]}\n{c.logs()}"
    upload_key = f"Uploads/2025/03/{uploaded.name}"
    assert f"<small>→ {upload_key}</small>" in answer.text, answer.text[:3000]
    # then instance 1 lists it in its folder, shows its page and serves its bytes
    poll("instance 1 lists the photo uploaded through instance 2",
         lambda: uploaded.name in photo_names(get(first.base, "/folders/Uploads/2025/03", cookies).text, "Uploads/2025/03"),
         10, c.logs)
    assert get(first.base, "/photos/" + quoted(upload_key), cookies).status_code == 200
    original = get(first.base, "/originals/" + quoted(upload_key), cookies)
    assert original.status_code == 200 and original.content == uploaded.read_bytes()
    files = dict(c.files, **{f"{PREFIX}/{upload_key}": uploaded})
    acknowledged = {key: path.stat().st_size for key, path in files.items()}
    assert c.objects() == acknowledged

    # when instance 1 is killed in the middle of an upload sent straight to it, a little at a time
    unfinished = tmp_path / "Unfinished.jpg"
    make_jpeg(unfinished, "1600x1200", ["-seed", "5", "plasma:", "-attenuate", "0.5", "+noise", "Gaussian"], "2025:03:20 12:00:00")
    boundary = "----scaleout" + "".join(rng.choice("0123456789abcdef") for _ in range(16))
    body = multipart(form_token(get(first.base, "/upload", cookies).text), unfinished.name, unfinished.read_bytes(), boundary)
    assert len(body) > 200_000, len(body)
    staging = first.data / "uploading"
    connection = socket.create_connection(("127.0.0.1", first.port), timeout=20)
    try:
        head = (f"POST /upload HTTP/1.1\r\nHost: 127.0.0.1:{first.port}\r\nOrigin: {first.base}\r\n"
                f"Cookie: photolala_session={cookies['photolala_session']}; photolala_csrf={cookies['photolala_csrf']}\r\n"
                f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n\r\n")
        connection.sendall(head.encode())
        sent = 0
        while sent < len(body) * 2 // 5:
            step = rng.randrange(8_000, 24_000)
            connection.sendall(body[sent:sent + step])
            sent += step
            time.sleep(0.05)
        # The instance is writing the file into its staging folder when it dies.
        poll("instance 1 stages the upload it is receiving",
             lambda: staging.is_dir() and any(p.stat().st_size > 0 for p in staging.iterdir()), 10, c.logs)
        first.proc.send_signal(signal.SIGKILL)
        assert first.proc.wait(timeout=20) == -signal.SIGKILL
        # The rest of the body finds nobody listening, and no answer ever comes.
        answered = b""
        try:
            connection.sendall(body[sent:])
            connection.shutdown(socket.SHUT_WR)
            answered = connection.recv(4096)
        except OSError:
            pass
        assert not answered.startswith(b"HTTP/1.1 2"), answered[:500]
    finally:
        connection.close()

    # then nothing of that upload is in the bucket, nothing half-written either, and all acknowledged before is there
    assert c.objects() == acknowledged, f"{c.objects()} != {acknowledged}"
    assert not c.s3.list_multipart_uploads(Bucket=c.bucket).get("Uploads")
    for key, path in files.items():
        assert c.s3.get_object(Bucket=c.bucket, Key=key)["Body"].read() == path.read_bytes(), key
    # and instance 2 still has the star and the upload, and never heard of the unfinished one
    assert "4 of 5 stars" in get(second.base, "/photos/" + quoted(STARRED), cookies).text
    listed = photo_names(get(second.base, "/folders/Uploads/2025/03", cookies).text, "Uploads/2025/03")
    assert listed == {uploaded.name}, listed

    # and the browser carries on through nginx, now served by instance 2, the star still shown
    d.get(proxy.base + "/photos/" + quoted(STARRED))
    settled(d)
    assert "4 of 5 stars" in d.find_element(By.CSS_SELECTOR, ".curate").text, d.page_source[:3000] + c.logs()
    d.get(proxy.base + "/folders/Holiday")
    settled(d)
    assert len(d.find_elements(By.CSS_SELECTOR, ".photos li")) == 6, d.page_source[:3000] + c.logs()
    d.get(proxy.base + "/folders/Uploads/2025/03")
    settled(d)
    assert [a.get_attribute("title") for a in d.find_elements(By.CSS_SELECTOR, ".photos li a")] == [uploaded.name]
    for _ in range(4):
        through = get(proxy.base, "/folders/Holiday", cookies)
        assert signed_in(through), f"{through.status_code}: {through.text[:2000]}\n{c.logs()}"
        assert through.headers["X-Upstream"].split(", ")[-1] == f"127.0.0.1:{second.port}", through.headers["X-Upstream"]

