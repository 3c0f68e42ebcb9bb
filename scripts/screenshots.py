"""Takes the README's screenshots: serves the generated demo library and captures pages at
phone (390 px) and desktop (1280 px) widths into docs/screenshots/.

    .venv-e2e/bin/python scripts/screenshots.py [path/to/photolala]
"""
import os
import pathlib
import sys
import tempfile
import time
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
from conftest import ACCOUNTS, DESKTOP, PHONE, free_port, make_driver, sign_in  # noqa: E402

binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "photolala")
home = tempfile.mkdtemp(prefix="photolala-shots-")
port = free_port()
env = dict(os.environ, XDG_DATA_HOME=home)
subprocess.run([binary, "users", "add", "ada", "--role", "admin"], env=env, input=ACCOUNTS["ada"][1] + "\n", text=True, check=True)
log = pathlib.Path(home) / "server.log"
proc = subprocess.Popen([binary, "serve", "--port", str(port)], env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
base = f"http://127.0.0.1:{port}"
try:
    for _ in range(600):
        if "scan finished" in log.read_text():
            break
        time.sleep(0.5)
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    pages = {"home": "/", "group": "/folders/2023/Lake%20weekend",
             "photo": "/photos/2023/Lake%20weekend/PXL_20230812_194512031.jpg"}
    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        driver = make_driver(size, javascript=False)
        try:
            driver.get(base + "/")
            target = out / f"login-{name}.png"
            driver.save_screenshot(str(target))
            if size == PHONE:
                subprocess.run(["convert", str(target), "-resize", "50%", str(target)], check=True)
            sign_in(driver, base, "ada")
            for page, path in pages.items():
                driver.get(base + path)
                target = out / f"{page}-{name}.png"
                driver.save_screenshot(str(target))
                if size == PHONE:  # captured at 2x; 1x keeps the repository small
                    subprocess.run(["convert", str(target), "-resize", "50%", str(target)], check=True)
        finally:
            driver.quit()
finally:
    proc.terminate()
    proc.wait(timeout=20)
