#!/usr/bin/env python3
"""Writes a synthetic photo library of small JPEGs for Photolala's benchmarks (stdlib only).

usage: make_library.py BASES_DIR OUT_DIR COUNT

BASES_DIR holds small base JPEGs (base-*.jpg). Each library file is written as
SOI + an APP1 Exif segment built here (Make, Model, Orientation, DateTime; an Exif IFD with
DateTimeOriginal matching its folder's year and month) + on every 10th file an APP1 XMP packet
(xmp:Rating and dc:subject keywords) + a COM segment with a unique id + the base JPEG's
segments after its own SOI/APPn/COM. So every file is a valid JPEG with bytes of its own.
File modification times are the time taken plus a few minutes.

Layout for COUNT = 100,000 (smaller counts scale down in proportion):
  Archive/Phone-Dump/           one folder of COUNT/5 (20,000) photos, taken 2015-2019
  Archive/Camera-Uploads/, Archive/Old-Laptop/, Archive/WhatsApp Images/
                                three folders of COUNT/20 (5,000) each
  YYYY/MM/YYYY-MM-DD Event/     the rest, events of 20-300 photos from 2012 to 2025
"""
import calendar
import datetime
import os
import random
import struct
import sys
from multiprocessing import Pool

CAMERAS = [  # (make, model, file prefix, extension, weight)
    ("Apple", "iPhone 8", "IMG_", ".jpg", 6), ("Apple", "iPhone 12", "IMG_", ".jpg", 8),
    ("Apple", "iPhone 14 Pro", "IMG_", ".jpg", 8), ("Google", "Pixel 7", "PXL_", ".jpg", 5),
    ("samsung", "SM-G991B", "", ".jpg", 5), ("Canon", "Canon EOS 80D", "IMG_", ".JPG", 3),
    ("NIKON CORPORATION", "NIKON D7500", "DSC_", ".JPG", 3), ("SONY", "ILCE-7M3", "DSC0", ".JPG", 2),
    ("FUJIFILM", "X-T3", "DSCF", ".JPG", 2),
]
EVENTS = ["Beach Day", "Birthday", "Hiking", "Christmas", "Lisbon", "Grandma's Garden", "Wedding",
          "School Play", "Camping", "Road Trip", "Snow Weekend", "Zoo", "Football Match", "New Year",
          "Easter", "Paris", "Rome", "Barcelona", "Lake House", "Picnic", "Museum", "Concert",
          "First Day of School", "Halloween", "BBQ", "Ski Trip", "Harbour Walk", "Farm Visit"]
KEYWORDS = ["beach", "family", "sunset", "dog", "cat", "mountains", "food", "friends", "city", "snow",
            "kids", "garden", "party", "travel", "boat"]
ORIENTATIONS = [1] * 20 + [6] * 3 + [8] + [3]  # mostly upright; some turned by the camera


def ifd(entries, base):
    """One TIFF IFD at offset `base`: entries are (tag, type, count, bytes); returns IFD + data area."""
    entries = sorted(entries)
    data_at = base + 2 + 12 * len(entries) + 4
    head, data = [struct.pack("<H", len(entries))], b""
    for tag, typ, count, value in entries:
        if len(value) <= 4:
            head.append(struct.pack("<HHI", tag, typ, count) + value.ljust(4, b"\0"))
        else:
            head.append(struct.pack("<HHII", tag, typ, count, data_at + len(data)))
            data += value + (b"\0" if len(value) % 2 else b"")
    return b"".join(head) + b"\0\0\0\0" + data


def ascii_entry(tag, text):
    raw = text.encode() + b"\0"
    return (tag, 2, len(raw), raw)


def exif_segment(make, model, orientation, taken, width, height):
    stamp = taken.strftime("%Y:%m:%d %H:%M:%S")
    dpi = struct.pack("<II", 72, 1)
    ifd0 = [ascii_entry(0x010F, make), ascii_entry(0x0110, model), (0x0112, 3, 1, struct.pack("<H", orientation)),
            (0x011A, 5, 1, dpi), (0x011B, 5, 1, dpi), (0x0128, 3, 1, struct.pack("<H", 2)),
            ascii_entry(0x0132, stamp), (0x0213, 3, 1, struct.pack("<H", 1)), (0x8769, 4, 1, b"\0\0\0\0")]
    exif_at = 8 + len(ifd(ifd0, 8))
    ifd0[-1] = (0x8769, 4, 1, struct.pack("<I", exif_at))
    sub = ifd([(0x9000, 7, 4, b"0232"), ascii_entry(0x9003, stamp), ascii_entry(0x9004, stamp),
               (0x9101, 7, 4, b"\x01\x02\x03\x00"), (0xA000, 7, 4, b"0100"), (0xA001, 3, 1, struct.pack("<H", 1)),
               (0xA002, 3, 1, struct.pack("<H", width)), (0xA003, 3, 1, struct.pack("<H", height))], exif_at)
    body = b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + ifd(ifd0, 8) + sub
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def xmp_segment(rating, words):
    items = "".join(f"<rdf:li>{w}</rdf:li>" for w in words)
    xml = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
           '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">'
           f'<xmp:Rating>{rating}</xmp:Rating><dc:subject><rdf:Bag>{items}</rdf:Bag></dc:subject>'
           '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
    body = b"http://ns.adobe.com/xap/1.0/\0" + xml.encode()
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def image_data(jpeg):
    """The base JPEG's segments after SOI and any APPn/COM segments (tables, frame, scan, EOI)."""
    assert jpeg[:2] == b"\xff\xd8", "not a JPEG"
    at = 2
    while jpeg[at] == 0xFF and (0xE0 <= jpeg[at + 1] <= 0xEF or jpeg[at + 1] == 0xFE):
        at += 2 + struct.unpack(">H", jpeg[at + 2:at + 4])[0]
    rest, size = jpeg[at:], None
    i = 0
    while size is None:  # the frame header (SOF0-SOF2) gives the pixel size
        marker, length = rest[i + 1], struct.unpack(">H", rest[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", rest[i + 5:i + 9])
            size = (width, height)
        i += 2 + length
    return rest, size


def plan(count, rng):
    """[(relative folder, [(name, camera, taken)])] for the whole library."""
    folders = []

    def shoot(folder, n, start, spread_seconds, camera=None, prefix_digits=4):
        counter = rng.randrange(1, 9000)
        files, t = [], start
        step = max(1, spread_seconds // max(1, n))
        for i in range(n):
            cam = camera or rng.choices(CAMERAS, weights=[c[4] for c in CAMERAS])[0]
            # wide enough that the names of one folder never repeat (a 200,000-photo dump needs six digits)
            digits = prefix_digits if n <= 9000 else 5 if n <= 90000 else 6
            number = (counter + i) % (10 ** digits)
            if cam[2]:
                name = f"{cam[2]}{number:0{digits}d}{cam[3]}"
            else:  # Samsung names files by time taken
                name = f"{t:%Y%m%d_%H%M%S}_{i:03d}{cam[3]}"
            files.append((name, cam, t))
            t += datetime.timedelta(seconds=rng.randint(1, 2 * step))
        folders.append((folder, files))

    big, mid = count // 5, count // 20
    iphone = CAMERAS[2]
    shoot("Archive/Phone-Dump", big, datetime.datetime(2015, 1, 3, 9, 0), 5 * 365 * 86400, camera=iphone)
    shoot("Archive/Camera-Uploads", mid, datetime.datetime(2020, 2, 1, 8, 0), 2 * 365 * 86400)
    shoot("Archive/Old-Laptop", mid, datetime.datetime(2012, 6, 1, 8, 0), 3 * 365 * 86400)
    shoot("Archive/WhatsApp Images", mid, datetime.datetime(2018, 1, 1, 8, 0), 4 * 365 * 86400, camera=CAMERAS[4])

    rest = count - big - 3 * mid
    sizes = []
    while rest > 0:
        n = min(rng.randint(20, 300), rest)
        if n < 20 and sizes:
            sizes[-1] += n
        else:
            sizes.append(n)
        rest -= n
    first, last = datetime.date(2012, 1, 1), datetime.date(2025, 12, 31)
    span = (last - first).days
    days = sorted(first + datetime.timedelta(days=rng.randrange(span + 1)) for _ in sizes)
    used = set()
    for n, day in zip(sizes, days):
        name = f"{day:%Y-%m-%d} {rng.choice(EVENTS)}"
        while name in used:
            name += " 2"
        used.add(name)
        start = datetime.datetime(day.year, day.month, day.day, rng.randint(8, 16), rng.randint(0, 59))
        shoot(f"{day:%Y}/{day:%m}/{name}", n, start, 6 * 3600)
    return folders


BASES = []


def load_bases(directory):
    for name in sorted(os.listdir(directory)):
        if name.startswith("base-") and name.endswith(".jpg"):
            with open(os.path.join(directory, name), "rb") as f:
                BASES.append(image_data(f.read()))


def write_chunk(job):
    out, folder, files, first_id, seed = job
    rng = random.Random(seed)
    os.makedirs(os.path.join(out, folder), exist_ok=True)
    for i, (name, cam, taken) in enumerate(files):
        uid = first_id + i
        base, (width, height) = BASES[uid * 7919 % len(BASES)]
        segments = [b"\xff\xd8", exif_segment(cam[0], cam[1], rng.choice(ORIENTATIONS), taken, width, height)]
        if uid % 10 == 3:
            segments.append(xmp_segment(rng.randint(1, 5), rng.sample(KEYWORDS, rng.randint(1, 3))))
        comment = f"photolala-bench {uid:08d}".encode()
        segments += [b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment, base]
        path = os.path.join(out, folder, name)
        with open(path, "wb") as f:
            f.write(b"".join(segments))
        when = calendar.timegm(taken.timetuple()) + rng.randint(0, 600)
        os.utime(path, (when, when))
    return len(files)


def main():
    bases_dir, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(20240613)
    folders = plan(count, rng)
    jobs, uid = [], 0
    for folder, files in folders:
        for at in range(0, len(files), 1000):
            chunk = files[at:at + 1000]
            jobs.append((out, folder, chunk, uid, uid))
            uid += len(chunk)
    with Pool(os.cpu_count(), initializer=load_bases, initargs=(bases_dir,)) as pool:
        written = sum(pool.imap_unordered(write_chunk, jobs))
    print(f"{written} files in {len(folders)} folders")


if __name__ == "__main__":
    main()
