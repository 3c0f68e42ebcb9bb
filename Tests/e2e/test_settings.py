"""A bad setting stops every command before it does anything: exit status 64 (EX_USAGE), a message
naming the flag or variable, the value and what is expected, and no demo library, data folder or
catalog made."""
import pathlib

import pytest

from cli import photolala


def nothing_made(home: pathlib.Path) -> bool:
    return not (home / "share").exists()


SERVE_CASES = [
    (["serve", "--port", "notaport"], {}, ["--port", "“notaport”", "whole number from 0 to 65535"]),
    (["serve"], {"PHOTOLALA_PORT": "80a"}, ["PHOTOLALA_PORT", "“80a”", "whole number"]),
    (["serve", "--page-size", "0"], {}, ["--page-size", "“0”", "from 1 to 500"]),
    (["serve", "--guest", "admin"], {}, ["--guest", "none, viewer or member", "“admin”"]),
    (["serve"], {"PHOTOLALA_SCAN": "maybe"}, ["PHOTOLALA_SCAN", "“maybe”", "0/false/no/off"]),
    (["serve", "--public-url", "ftp://photos"], {}, ["--public-url", "ftp://photos", "http:// or https://"]),
    (["serve", "--base-path", "photos?"], {}, ["--base-path", "“photos?”", "/photos"]),
    (["serve"], {"PHOTOLALA_BASE_PATH": "photos?"}, ["PHOTOLALA_BASE_PATH", "“photos?”"]),
    (["serve"], {"PHOTOLALA_TRUSTED_PROXIES": "10.0.0.0/99"}, ["PHOTOLALA_TRUSTED_PROXIES", "10.0.0.0/99"]),
    (["serve", "--rescan-interval", "soon"], {}, ["--rescan-interval", "“soon”", "whole number"]),
    (["serve", "--metrics-token", "short"], {}, ["--metrics-token", "16 characters"]),
    (["serve", "--library", "/nowhere/photos"], {}, ["--library", "/nowhere/photos", "does not exist"]),
    (["serve"], {"PHOTOLALA_LIBRARY": "/nowhere/photos"}, ["PHOTOLALA_LIBRARY", "/nowhere/photos", "does not exist"]),
    (["scan", "--library", "/nowhere/photos"], {}, ["--library", "/nowhere/photos", "does not exist"]),
    (["serve", "--cache", "renditions"], {}, ["--cache", "“renditions”", "s3://bucket/prefix or an absolute folder"]),
    (["serve", "--cache", "s3://Not_A_Bucket/r"], {}, ["--cache", "s3://Not_A_Bucket/r", "bucket"]),
    (["serve", "--cache", "s3://photos/renditions"], {}, ["--cache", "s3://photos/renditions", "AWS_ACCESS_KEY_ID"]),
    (["serve", "--library", "s3://photos/family", "--cache", "s3://photos/family/renditions"],
     {"AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"}, ["--cache", "s3://photos/family/renditions", "overlap", "s3://photos/family"]),
    (["serve", "--s3-endpoint", "http://127.0.0.1:9"], {}, ["--s3-endpoint", "only for a bucket"]),
]


@pytest.mark.parametrize("args,env,expected", SERVE_CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_a_bad_setting_is_refused_before_anything_happens(tmp_path, args, env, expected):
    # given a home with nothing in it
    # when a command runs with one bad setting
    result = photolala(tmp_path, *args, env=env)
    # then it exits 64 naming the setting, the value and what is expected, and made nothing (no demo library)
    assert result.returncode == 64, result.stderr
    for text in expected:
        assert text in result.stderr, result.stderr
    assert nothing_made(tmp_path)


def test_data_inside_the_library_or_a_file_is_refused(tmp_path):
    # given a library and a file where a data folder would go
    library = tmp_path / "photos"
    library.mkdir()
    file = tmp_path / "notes.txt"
    file.write_text("x")
    for args, env, expected in [
        (["serve", "--library", str(library), "--data", str(library / "data")], {}, "must not be inside the library"),
        (["scan", "--library", str(library), "--data", str(library / "data")], {}, "must not be inside the library"),
        (["serve", "--library", str(library), "--data", str(file)], {}, "--data “"),
        (["scan", "--library", str(library)], {"PHOTOLALA_DATA": str(file)}, "PHOTOLALA_DATA"),
    ]:
        # when a command is given it
        result = photolala(tmp_path, *args, env=env)
        # then it is refused and no data folder is made
        assert result.returncode == 64, result.stderr
        assert expected in result.stderr, result.stderr
        assert not (library / "data").exists() and nothing_made(tmp_path)


def test_users_and_backup_check_their_arguments_first(tmp_path):
    # given an empty data folder location
    data = tmp_path / "data"
    for args, stdin, expected in [
        (["users", "add", "bad name!", "--data", str(data)], "secret password\n", "1 to 32 letters"),
        (["users", "add", "ada", "--role", "king", "--data", str(data)], "secret password\n", "king"),
        (["users", "add", "ada", "--data", str(data)], "", "No password given on standard input"),
        (["users", "passwd", "ada", "--data", str(data)], "secret password\n", "no catalog"),
        (["users", "remove", "ada", "--data", str(data)], "", "no catalog"),
        (["backup", "--data", str(data), str(tmp_path / "missing" / "out.sqlite")], "", "not a folder"),
        (["backup", "--data", str(data), str(tmp_path / "out.sqlite")], "", "no catalog"),
        (["library", "move", str(tmp_path / "nowhere"), "--data", str(data)], "", "does not exist"),
    ]:
        # when a command runs with a bad argument
        result = photolala(tmp_path, *args, stdin=stdin)
        # then it exits 64 with the reason, and no data folder was made
        assert result.returncode == 64, (args, result.stderr)
        assert expected in result.stderr, (args, result.stderr)
        assert not data.exists() and nothing_made(tmp_path), args


def test_looking_at_a_data_folder_makes_nothing(tmp_path):
    # given a data folder that does not exist yet
    data = tmp_path / "data"
    # when its accounts and library are asked for
    listed = photolala(tmp_path, "users", "list", "--data", str(data))
    shown = photolala(tmp_path, "library", "--data", str(data))
    # then the answers say so, and nothing was made
    assert listed.returncode == 0 and "No accounts yet" in listed.stdout and f"--data {data}" in listed.stdout
    assert shown.returncode == 64 and "no catalog" in shown.stderr
    assert not data.exists() and nothing_made(tmp_path)
