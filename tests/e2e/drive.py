"""Helpers for browser tests: the real server in a temporary data folder, driven in Debian's Chromium.

Flutter draws on a canvas, so tests switch on its accessibility tree and find
controls by their Semantics identifier (`[flt-semantics-identifier=…]`).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from urllib.parse import urlsplit
from pathlib import Path
from weakref import WeakKeyDictionary

import msgpack
from playwright.sync_api import BrowserContext, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.core.table_file import inspect

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# How long a browser test waits for a condition before it fails (Playwright's `expect` default too,
# set in conftest.py). Generous: CI runs two workers, each with its Chromium and servers, on two
# cores, and at a load of 20 a render has taken seconds. A wait that holds returns at once.
WAIT_MS = 30_000
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, args: list[str] | None = None) -> None:
        self.data_dir = data_dir
        self.env = {**os.environ, **(env or {})}
        self.args = args or []  # more `companion` options, e.g. ["--url", ...]
        self.port = _free_port()
        self.log = data_dir.parent / f"server-{self.port}.log"  # read it when a test fails
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(self.port),
             "--data-dir", str(self.data_dir), "--quiet",
             # the LAN-like name the lan_browser fixture maps to 127.0.0.1 (conftest.py)
             "--allow-host", "tablet.lan", *self.args],
            stdout=subprocess.DEVNULL, stderr=self.log.open("ab"), env=self.env)
        deadline = time.time() + 60  # a restart on a busy 2-core machine has taken over 30 s
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/api/health", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        """SIGKILL, like a tablet that dies: nothing acknowledged may be lost."""
        if self.proc:
            self.proc.kill()
            self.proc.wait()

    def listeners(self) -> int:
        return self.api("GET", "/api/health")["listeners"]

    @property
    def admin(self) -> str:
        return (self.data_dir / "admin.txt").read_text().strip()

    def table_file(self, table_id: str) -> dict:
        return inspect((self.data_dir / "tables" / f"{table_id}.json").read_bytes())[0]

    def seat_token(self, table_id: str, seat: str) -> str:
        [table] = self.table_file(table_id)["table"].values()
        return next(s["token"] for s in table["seats"] if s["id"] == seat)

    def host_token(self, table_id: str) -> str:
        """The tablet's key, read from the table's file: the tablet's address no longer shows it."""
        [table] = self.table_file(table_id)["table"].values()
        return table["host_token"]

    def claim(self, table_id: str, invitation: str) -> str:
        """Claim a seat as a script would (POST /claim) and return the device key it gets."""
        return self.api("POST", f"/api/tables/{table_id}/claim?k={invitation}")["key"]

    def api(self, method: str, path: str, body: dict | None = None) -> dict:
        """One JSON request. A command posted to a table's events names the step the same key reads
        now, as a screen does (core/steps.py), unless the test gives one itself."""
        url = urlsplit(path)
        if method == "POST" and url.path.endswith("/events") and isinstance(body, dict) and "from_step" not in body:
            body = {"from_step": self.api("GET", f"{url.path.removesuffix('/events')}?{url.query}")["step"], **body}
        req = urllib.request.Request(f"{self.url}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=WAIT_MS / 1000) as resp:
            return json.loads(resp.read())


def until(predicate, timeout: float = WAIT_MS / 1000) -> bool:
    """Whether `predicate()` came true within `timeout` seconds, asked every 50 ms: a wait on
    the condition itself, for what no locator expresses (a server's counters, a decoded QR code)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def open_app(browser, url: str, size: dict = TABLET) -> Page:
    """A fresh browser profile (its own storage) on `url`, with the semantics tree on."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    goto(page, url)
    return page


def goto(page: Page, url: str) -> None:
    page.goto(url)
    settle(page)


def settle(page: Page) -> None:
    """Wait for Flutter, then switch on its accessibility tree (again, if the first click came
    too early for the engine: then no control with an identifier shows up)."""
    page.wait_for_selector("#loading", state="detached", timeout=2 * WAIT_MS)
    for attempt in range(3):
        placeholder = page.locator("flt-semantics-placeholder")
        if placeholder.count():
            placeholder.evaluate("e => e.click()")
        try:
            page.wait_for_selector("[flt-semantics-identifier]", state="attached", timeout=10_000)
            return
        except PlaywrightTimeout:
            if attempt == 2:
                raise


def el(page: Page, ident: str):
    return page.locator(f"[flt-semantics-identifier='{ident}']").first


def tap(page: Page, ident: str) -> None:
    """A person's tap: made once the page has drawn the step it shows (see `drawn`). Tests of
    exactly that race click with the mouse instead."""
    drawn(page)
    el(page, ident).click()


def drawn(page: Page) -> None:
    """Wait until the page has drawn the step it shows (ui/widgets/step_shield.py's mark is tagged
    "step-drawing-N" until its browser reports it): a step command tapped sooner counts as aimed at
    the step before."""
    if page.locator("[flt-semantics-identifier^='step-draw']").count():
        expect(page.locator("[flt-semantics-identifier^='step-drawn-']")).to_have_count(1)


def type_into(page: Page, ident: str, text: str) -> None:
    """Type `text` into the field; return once the page has sent the field's change event with
    it, on the socket any later tap goes through. Flutter takes a field's text input over some
    time after the field has the focus, and then writes its own text (empty, for a new field)
    into the browser's input: a `fill` that came first is wiped, no change is ever sent, and a
    tap right after it found the name missing (1 run in 16 of a new table's form). So the text
    is filled again whenever the input no longer holds it. The field needs an `on_change`, as
    every field the app reads does."""
    field = el(page, ident).locator("input, textarea").first
    field.click()
    expect(field).to_be_focused()  # Flutter has taken the tap: a fill before it is dropped
    socket = socket_of(page)
    sent: list[bool] = []

    def change(frame: str | bytes) -> bool:
        if _is_change(frame, text):
            sent.append(True)
        return bool(sent)

    socket.on("framesent", change)
    try:
        deadline = time.monotonic() + WAIT_MS / 1000
        while not sent:
            if time.monotonic() > deadline:
                raise AssertionError(f"{ident}: no change to {text!r} reached the socket in {WAIT_MS} ms "
                                     f"(the input holds {field.input_value()!r})")
            if field.input_value() != text:
                field.fill(text)
            try:  # a wait on the frame, bounded so that a wiped input is seen and filled again
                socket.wait_for_event("framesent", predicate=change, timeout=1_000)
            except PlaywrightTimeout:
                pass
    finally:
        socket.remove_listener("framesent", change)


_SOCKETS: WeakKeyDictionary[Page, WebSocket] = WeakKeyDictionary()


def follow_sockets(context: BrowserContext) -> BrowserContext:
    """Keep each page's newest socket (Flet's connection to the server) for `type_into`; the
    browser fixtures do it for every context they make."""
    context.on("page", follow_page)
    return context


def follow_page(page: Page) -> Page:
    """`follow_sockets` for one page, before it opens anything."""
    page.on("websocket", lambda ws: _SOCKETS.__setitem__(page, ws))
    return page


def socket_of(page: Page) -> WebSocket:
    socket = _SOCKETS.get(page)
    if socket is None:
        raise AssertionError("no socket seen for this page: make its context with the `browser` "
                             "fixture (or drive.follow_sockets) before the page opens")
    return socket


def _is_change(frame: str | bytes, text: str) -> bool:
    """Whether a frame from Flet's client is a control's change event carrying `text` (a
    msgpack message whose event name is "change" and whose data is the text)."""
    data = frame.encode() if isinstance(frame, str) else frame
    return msgpack.packb("change") in data and msgpack.packb("data") + msgpack.packb(text) in data


def expect_label(page: Page, ident: str, text: str, timeout: int = WAIT_MS) -> None:
    """The control's accessible text (label or content) contains `text`."""
    expect(el(page, ident)).to_contain_text(text, timeout=timeout)




def scan_qrs(page: Page, area, shot: Path, count: int = 1) -> list[str]:
    """Screenshot `area` and decode every code in it as a phone camera would, until exactly `count`
    read: the SVGs may still be painting on the first try (for up to 30 s on a busy machine), and a
    code that is going away (its seat just joined) may still be painted for a frame or two."""
    found: list[str] = []

    def readable() -> bool:
        nonlocal found
        area.screenshot(path=str(shot))
        result = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True)
        found = result.stdout.split()
        return result.returncode == 0 and len(found) == count

    if not until(readable, timeout=30):
        raise AssertionError(f"{count} QR code(s) could not be read from {shot}")
    return found


def scan_qr(page: Page, code, shot: Path) -> str:
    [link] = scan_qrs(page, code, shot)
    return link


def still_box(page: Page, ident: str, moved_from: dict | None = None) -> dict:
    """The control's box once a wheel has moved it (from `moved_from`, if given) and it has kept
    still and its size for three reads in a row: a box read while the page still scrolls is
    somewhere else, and one read while it grows in (a new panel) is a sliver of it."""
    boxes: list[dict | None] = []

    def settled() -> bool:
        boxes.append(el(page, ident).bounding_box())
        last = boxes[-3:]
        if len(last) < 3 or None in last or (moved_from is not None and last[-1]["y"] == moved_from["y"]):
            return False
        return all(abs(b[side] - last[-1][side]) < 0.5 for b in last for side in ("x", "y", "width", "height"))

    if not until(settled):
        raise AssertionError(f"{ident} did not come to rest: {boxes[-3:]}")
    return boxes[-1]


def in_view(page: Page, ident: str) -> bool:
    """The control is wholly inside the window: seen without scrolling."""
    box = el(page, ident).bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["x"] >= 0 and \
        box["y"] + box["height"] <= view["height"] and box["x"] + box["width"] <= view["width"]


def kleos_table(server: Server, presses: int = 0, players: list[str] | tuple[str, ...] = ("ares", "athena")) -> dict:
    """A Kleos table made through the API (its `create` answer), moved on by `presses` Nexts from the tablet."""
    table = server.api("POST", "/api/tables", {"game": "kleos", "options": {"players": list(players)}})
    for _ in range(presses):
        post(server, table, {"type": "phase.next"})
    return table


def post(server: Server, table: dict, event: dict) -> dict:
    """One command from the tablet, sent from the step it reads now (Server.api adds it)."""
    return server.api("POST", f"/api/tables/{table['id']}/events?k={table['host_token']}", event)
