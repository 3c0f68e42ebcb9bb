"""Follows the frame view's meta refresh PAGES times as fast as it answers, fetching each page's
image too, and prints the server's resident memory every tenth of the way (Benchmarks/frame.sh).
With a fifth argument, FOLDER, it first signs in as ada and makes a share link of FOLDER, and
follows the link's own frame view: START is then taken inside the link.

usage: frame.py BASE_URL SERVER_PID PAGES START [FOLDER]"""
import html
import http.cookiejar
import re
import sys
import time
import urllib.parse
import urllib.request

base, pid, pages, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]


def share_link(folder: str) -> str:
    """Signs in as ada through the forms and shares `folder` until revoked; the link's path."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    token = lambda page: re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    # (a form names where it came from, as a browser's does)
    post = lambda path, fields: opener.open(urllib.request.Request(base + path, urllib.parse.urlencode(fields).encode(),
                                                                   headers={"Origin": base})).read().decode()
    login = opener.open(base + "/login").read().decode()
    post("/login", {"csrf": token(login), "name": "ada", "password": "correct horse battery", "next": "/"})
    page = opener.open(base + "/folders/" + urllib.parse.quote(folder)).read().decode()
    # (the list the maker lands on shows the new link's address once)
    shared = post("/actions/share", {"csrf": token(page), "kind": "folder", "value": folder, "filter": "", "expires": "0"})
    return re.search(r'/share/[A-Za-z0-9_-]{20,}', shared).group(0)


if len(sys.argv) > 5:
    start = share_link(sys.argv[5]) + start


def rss_mb() -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def get(path: str) -> bytes:
    with urllib.request.urlopen(base + path) as response:
        return response.read()


refresh = re.compile(r'<meta http-equiv="refresh" content="(\d+);url=([^"]+)">')
image = re.compile(r'<img class="slide" src="([^"]+)"')
path, sizes, addresses, image_bytes = start, set(), set(), 0
print("| pages | server RSS MB | seconds |")
print("|---:|---:|---:|")
began = time.monotonic()
print(f"| 0 | {rss_mb():.1f} | 0 |")
for n in range(1, pages + 1):
    page = get(path).decode()
    sizes.add(len(page))
    addresses.add(path)
    image_bytes += len(get(html.unescape(image.search(page).group(1))))
    found = refresh.search(page)
    assert found and int(found.group(1)) == 6, "the frame view must move on by itself every 6 s"
    path = html.unescape(found.group(2))
    if n % (pages // 10) == 0:
        print(f"| {n:,} | {rss_mb():.1f} | {time.monotonic() - began:.0f} |")
elapsed = time.monotonic() - began
print(f"{pages:,} pages and their images in {elapsed:.0f} s ({pages / elapsed:.0f} pages/s); "
      f"{len(addresses)} addresses, {len(sizes)} page sizes ({min(sizes)}-{max(sizes)} bytes); "
      f"{image_bytes / 1e6:.0f} MB of images")
