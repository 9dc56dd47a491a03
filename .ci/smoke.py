"""The installed package serves what a table needs: run by .ci/run with the venv holding the wheel.

Started from a folder outside the clone, so only the installed package can answer: the
health route, one rules answer in English and one in Portuguese read off the tablet's
screen in Chromium, the bundled font and the NoSleep script. A wheel missing its data
folders failed exactly these (no rules, boxes for letters, a screen that goes dark).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

import companion
from companion.bundled import assets_dir
from companion.rules import contents

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.read()


def wait_healthy(url: str, proc: subprocess.Popen, seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"smoke: companion exited with {proc.returncode} before answering")
        try:
            return json.loads(get(f"{url}/api/health"))
        except OSError:
            time.sleep(0.2)
    sys.exit(f"smoke: no answer from {url}/api/health within {seconds:.0f} s")


def check_rules(url: str, host_token: str, table: str) -> None:
    """Open the rules on the tablet and read the first topic in each language."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{url}/t/{table}?k={host_token}")
        page.wait_for_selector("#loading", state="detached", timeout=60_000)
        page.locator("flt-semantics-placeholder").evaluate("e => e.click()")

        def el(ident: str):
            return page.locator(f"[flt-semantics-identifier='{ident}']").first

        el("rules-open").click()
        for lang in ("en", "pt"):
            first = contents("kleos", lang)[0]
            expect(el(f"rules-toc-kleos-{first.id}")).to_contain_text(first.title, timeout=30_000)
            el(f"rules-toc-kleos-{first.id}").click()
            expect(el("rules-entry-answer")).to_contain_text(first.answer[:60], timeout=30_000)
            print(f"smoke: rules answer in {lang}: {first.title!r}")
            el("rules-back").click()
            if lang == "en":
                el("lang").click()
        browser.close()


def main() -> None:
    where = Path(companion.__file__).parent
    print(f"smoke: companion {companion.__version__} from {where}")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        command = Path(sys.executable).parent / "companion"  # the console script the wheel installed
        proc = subprocess.Popen([str(command), "--host", "127.0.0.1", "--port", str(port),
                                 "--data-dir", str(Path(tmp) / "data"), "--quiet"],
                                cwd=tmp, stdout=subprocess.DEVNULL)
        print(f"smoke: server pid {proc.pid} on {url}")
        try:
            health = wait_healthy(url, proc)
            assert health["ok"] and health["version"] == companion.__version__, health
            font = get(f"{url}/fonts/DejaVuSans.ttf")
            assert font == (assets_dir() / "fonts" / "DejaVuSans.ttf").read_bytes() and font[:4] == b"\0\1\0\0"
            script = get(f"{url}/nosleep/NoSleep.min.js")
            assert b"NoSleep" in script and script == (assets_dir() / "nosleep" / "NoSleep.min.js").read_bytes()
            assert b"/nosleep/NoSleep.min.js" in get(f"{url}/")
            print(f"smoke: health ok, font ({len(font)} bytes) and NoSleep ({len(script)} bytes) served")
            req = urllib.request.Request(f"{url}/api/tables", method="POST", headers={"Content-Type": "application/json"},
                                         data=json.dumps({"game": "kleos", "options": {"players": ["ares", "athena"]}}).encode())
            with urllib.request.urlopen(req, timeout=10) as resp:
                created = json.loads(resp.read())
            check_rules(url, created["host_token"], created["id"])
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print("smoke: ok")


if __name__ == "__main__":
    main()
