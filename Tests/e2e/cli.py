"""Running the binary as a person would, with a home folder of its own and no PHOTOLALA_* settings
from outside, so defaults under $XDG_DATA_HOME can be checked."""
import os
import pathlib
import subprocess

from conftest import binary


def clean_env(home: pathlib.Path, **extra: str) -> dict:
    # (in English, whatever the terminal running the tests speaks, unless a test asks for another)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PHOTOLALA_") and k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update({"HOME": str(home), "XDG_DATA_HOME": str(home / "share"), "LANG": "C.UTF-8", **extra})
    return env


def photolala(home: pathlib.Path, *args: str, env: dict | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([str(binary()), *args], env=clean_env(home, **(env or {})), cwd=home, input=stdin,
                          capture_output=True, text=True, timeout=120)


def make_photos(folder: pathlib.Path, count: int, color: str) -> None:
    folder.mkdir(parents=True)
    for i in range(count):
        subprocess.run(["convert", "-size", "64x48", f"xc:{color}", "-fill", "white", "-draw", f"point {i},{i}",
                        str(folder / f"IMG_{i:03d}.jpg")], check=True)
