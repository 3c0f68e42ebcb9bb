"""A data folder belongs to one library: each library gets a data folder of its own by default, a
data folder is never used for another library, and a library that moved is recorded with
`photolala library move`, keeping its catalog (in a data folder or in PostgreSQL)."""
import os
import pathlib
import sqlite3
import subprocess
import time
import urllib.parse

import pytest

from cli import clean_env, make_photos, photolala
from conftest import binary, free_port
from test_operations import wait_served


def catalog(data: pathlib.Path) -> tuple[str, int]:
    """The recorded library and the number of files in the catalog, read without writing."""
    with sqlite3.connect(f"file:{data / 'catalog.sqlite'}?mode=ro", uri=True) as db:
        path = db.execute("SELECT path FROM libraryIdentity").fetchone()[0]
        return path, db.execute("SELECT COUNT(*) FROM file").fetchone()[0]


def serve_once(home: pathlib.Path, library: pathlib.Path) -> str:
    """Serves `library` with the default data folder until its scan is done; returns the log."""
    log = home / f"serve-{library.name}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([str(binary()), "serve", "--library", str(library), "--port", str(free_port())],
                                env=clean_env(home), cwd=home, stdout=out, stderr=subprocess.STDOUT)
    try:
        return wait_served(log, 0)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_each_library_keeps_its_own_data_folder_and_another_is_refused(tmp_path):
    # given two small libraries
    holiday, work = tmp_path / "Holiday", tmp_path / "Work"
    make_photos(holiday, 3, "orange")
    make_photos(work, 2, "teal")
    share = tmp_path / "share" / "photolala"
    # when each is served in turn without --data
    serve_once(tmp_path, holiday)
    serve_once(tmp_path, work)
    # then each has a catalog of its own, and the first one is untouched by the second
    [holiday_data] = (share / "libraries").glob("Holiday-*")
    [work_data] = (share / "libraries").glob("Work-*")
    assert catalog(holiday_data) == (str(holiday), 3)
    assert catalog(work_data) == (str(work), 2)
    assert not (share / "catalog.sqlite").exists()

    # when the second library is served with the first one's data folder
    refused = photolala(tmp_path, "serve", "--library", str(work), "--data", str(holiday_data))
    # then it is refused, naming both folders and what to do, and the catalog is as it was
    assert refused.returncode == 64, refused.stderr
    for text in [str(holiday), str(work), str(holiday_data), "photolala library move"]:
        assert text in refused.stderr, refused.stderr
    assert catalog(holiday_data) == (str(holiday), 3)

    # when a data folder is scanned without --library
    scanned = photolala(tmp_path, "scan", "--data", str(holiday_data))
    # then its recorded library is scanned, and said so
    assert scanned.returncode == 0, scanned.stderr
    assert f"Library: {holiday}" in scanned.stdout and "0 removed" in scanned.stdout


def test_a_moved_library_is_recorded_and_keeps_its_catalog(tmp_path):
    # given a scanned library that is then moved
    old, new = tmp_path / "Pictures", tmp_path / "Photos"
    make_photos(old, 3, "navy")
    data = tmp_path / "data"
    assert photolala(tmp_path, "scan", "--library", str(old), "--data", str(data)).returncode == 0
    old.rename(new)
    # when it is scanned at its new place, it is refused until the move is recorded
    refused = photolala(tmp_path, "scan", "--library", str(new), "--data", str(data))
    assert refused.returncode == 64 and "photolala library move" in refused.stderr
    elsewhere = tmp_path / "Elsewhere"
    make_photos(elsewhere, 1, "plum")
    wrong = photolala(tmp_path, "library", "move", str(elsewhere), "--data", str(data))
    assert wrong.returncode == 64 and "not in" in wrong.stderr
    moved = photolala(tmp_path, "library", "move", str(new), "--data", str(data))
    assert moved.returncode == 0, moved.stderr
    rescanned = photolala(tmp_path, "scan", "--library", str(new), "--data", str(data))
    # then every photo is still there and nothing was removed
    assert rescanned.returncode == 0, rescanned.stderr
    assert "0 removed" in rescanned.stdout and "3 unchanged" in rescanned.stdout
    assert catalog(data) == (str(new), 3)


def test_the_shared_data_folder_of_earlier_versions_keeps_serving_its_library(tmp_path):
    # given the data folder earlier versions used for every library, holding one library
    pictures, other = tmp_path / "Pictures", tmp_path / "Other"
    make_photos(pictures, 2, "gold")
    make_photos(other, 1, "plum")
    legacy = tmp_path / "share" / "photolala"
    assert photolala(tmp_path, "scan", "--library", str(pictures), "--data", str(legacy)).returncode == 0
    # when that library and another are scanned without --data
    again = photolala(tmp_path, "scan", "--library", str(pictures))
    second = photolala(tmp_path, "scan", "--library", str(other))
    # then the first keeps its old data folder and the other gets one of its own
    assert f"Scanning {pictures} into {legacy}." in again.stdout, again.stdout
    assert f"{legacy}/libraries/Other-" in second.stdout, second.stdout
    assert catalog(legacy) == (str(pictures), 2)


def test_a_moved_library_is_found_again_without_data(tmp_path):
    # given a library with its default data folder, moved and recorded as moved
    old, new = tmp_path / "Pictures", tmp_path / "Photos"
    make_photos(old, 2, "gold")
    assert photolala(tmp_path, "scan", "--library", str(old)).returncode == 0
    [data] = (tmp_path / "share" / "photolala" / "libraries").glob("Pictures-*")
    old.rename(new)
    assert photolala(tmp_path, "library", "move", str(new), "--data", str(data)).returncode == 0
    # when it is scanned at its new place without --data
    scanned = photolala(tmp_path, "scan", "--library", str(new))
    # then the data folder that records it is used, and nothing is removed
    assert f"Scanning {new} into {data}." in scanned.stdout, scanned.stdout
    assert "0 removed" in scanned.stdout and catalog(data) == (str(new), 2)


POSTGRES = os.environ.get("PHOTOLALA_TEST_POSTGRES", "")


@pytest.mark.skipif(not POSTGRES, reason="needs the test PostgreSQL cluster (PHOTOLALA_TEST_POSTGRES)")
def test_a_moved_library_is_recorded_in_a_postgresql_catalog(tmp_path):
    name = f"libmove_{os.getpid()}_{int(time.time())}"
    parts = urllib.parse.urlsplit(POSTGRES)
    # A password the cluster does not ask for (it trusts loopback), to see that it is never shown.
    url = urllib.parse.urlunsplit(parts._replace(netloc=parts.netloc.replace("@", ":never-shown@", 1), path="/" + name))

    def psql(sql: str) -> None:
        subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", POSTGRES, "-c", sql], check=True, capture_output=True, text=True)

    psql(f'CREATE DATABASE "{name}"')
    try:
        # given a library scanned into a PostgreSQL catalog, then moved
        old, new = tmp_path / "Pictures", tmp_path / "Photos"
        make_photos(old, 3, "olive")
        assert photolala(tmp_path, "scan", "--library", str(old), "--catalog", url).returncode == 0
        old.rename(new)
        # when it is scanned at its new place, it is refused until the move is recorded
        refused = photolala(tmp_path, "scan", "--library", str(new), "--catalog", url)
        assert refused.returncode == 64 and "photolala library move" in refused.stderr, refused.stderr
        # and a place without its photos is refused, naming it, with nothing changed
        elsewhere = tmp_path / "Elsewhere"
        make_photos(elsewhere, 1, "plum")
        wrong = photolala(tmp_path, "library", "move", str(elsewhere), "--catalog", url)
        assert wrong.returncode == 64 and "not in" in wrong.stderr and str(elsewhere) in wrong.stderr, wrong.stderr
        moved = photolala(tmp_path, "library", "move", str(new), "--catalog", url)
        assert moved.returncode == 0, moved.stderr
        # and the password never shows in what it says
        assert "never-shown" not in moved.stdout + moved.stderr and str(new) in moved.stdout, moved.stdout
        shown = photolala(tmp_path, "library", "show", "--catalog", url)
        assert shown.returncode == 0 and f"library:     {new}" in shown.stdout, shown.stdout + shown.stderr
        rescanned = photolala(tmp_path, "scan", "--library", str(new), "--catalog", url)
        # then every photo is still there and nothing was removed
        assert rescanned.returncode == 0, rescanned.stderr
        assert "0 removed" in rescanned.stdout and "3 unchanged" in rescanned.stdout, rescanned.stdout
    finally:
        psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


S3_ENDPOINT = os.environ.get("PHOTOLALA_TEST_S3_ENDPOINT", "")


@pytest.mark.skipif(not (POSTGRES and S3_ENDPOINT), reason="needs the test PostgreSQL cluster and S3 server")
def test_a_library_moved_within_a_bucket_is_recorded(tmp_path):
    import boto3
    name = f"bucketmove_{os.getpid()}_{int(time.time())}"
    bucket = name.replace("_", "-")
    url = urllib.parse.urlunsplit(urllib.parse.urlsplit(POSTGRES)._replace(path="/" + name))
    aws = {"AWS_ACCESS_KEY_ID": "move", "AWS_SECRET_ACCESS_KEY": "move-secret", "AWS_REGION": "us-east-1"}
    s3 = boto3.client("s3", endpoint_url=S3_ENDPOINT, aws_access_key_id="move", aws_secret_access_key="move-secret", region_name="us-east-1")
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", POSTGRES, "-c", f'CREATE DATABASE "{name}"'], check=True, capture_output=True)
    s3.create_bucket(Bucket=bucket)
    try:
        # given a library in a bucket, scanned into a PostgreSQL catalog, then moved to another prefix
        photos = tmp_path / "photos"
        make_photos(photos, 3, "maroon")
        for path in photos.iterdir():
            s3.put_object(Bucket=bucket, Key=f"old/{path.name}", Body=path.read_bytes())
        where = ["--s3-endpoint", S3_ENDPOINT, "--catalog", url]
        assert photolala(tmp_path, "scan", "--library", f"s3://{bucket}/old", *where, env=aws).returncode == 0
        for path in photos.iterdir():
            s3.copy_object(Bucket=bucket, Key=f"new/{path.name}", CopySource={"Bucket": bucket, "Key": f"old/{path.name}"})
            s3.delete_object(Bucket=bucket, Key=f"old/{path.name}")
        # when the move is recorded: an empty prefix is refused, the new one taken
        empty = photolala(tmp_path, "library", "move", f"s3://{bucket}/empty", *where, env=aws)
        assert empty.returncode == 64 and "not in" in empty.stderr, empty.stderr
        moved = photolala(tmp_path, "library", "move", f"s3://{bucket}/new", *where, env=aws)
        assert moved.returncode == 0, moved.stderr
        # then a scan of the new place keeps every photo
        rescanned = photolala(tmp_path, "scan", "--library", f"s3://{bucket}/new", *where, env=aws)
        assert rescanned.returncode == 0 and "0 removed" in rescanned.stdout, rescanned.stdout + rescanned.stderr
    finally:
        for item in s3.list_objects_v2(Bucket=bucket).get("Contents", []):
            s3.delete_object(Bucket=bucket, Key=item["Key"])
        s3.delete_bucket(Bucket=bucket)
        subprocess.run(["psql", "-X", "-q", POSTGRES, "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], capture_output=True)
