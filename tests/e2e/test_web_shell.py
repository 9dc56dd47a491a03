"""What we add around the Flet web app does what it is for, in a real browser
(companion/web_shell/, companion/server/socket_watch.py via companion/server/ws_guard.py)."""
from __future__ import annotations

import asyncio
import socket
import threading

import flet as ft
import flet_web.fastapi as flet_fastapi
import pytest
import uvicorn
from drive import settle, until
from playwright.sync_api import expect
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.websockets import WebSocket

from companion.server.socket_watch import current
from companion.web_shell import comeback
from companion.web_shell.index_page import IndexPageMiddleware
from companion.server.ws_guard import WebSocketGuard


class Background:
    """An ASGI app served by uvicorn in a thread of this process, on a free loopback port."""

    def __init__(self, app) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Background:
        self.thread.start()
        assert until(lambda: self.server.started, 30)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def watched():
    """A page carrying the comeback script and a health answer the test steers. It asks every
    5 s while the server answers and every 0.2 s while it does not: the tests move the page's
    clock (Playwright's page.clock) rather than wait, and count the checks in the page."""
    health = {"boot": "first", "up": True, "loads": 0}

    async def page(request: Request) -> Response:
        health["loads"] += 1
        loads = health["loads"]
        return HTMLResponse(f'<html><head><title>t</title></head><body><p id="n">load {loads}</p></body></html>')

    async def status(request: Request) -> Response:
        return JSONResponse({"boot": health["boot"]}) if health["up"] else Response(status_code=502)

    app = Starlette(routes=[Route("/t/x", page), Route("/api/health", status)])
    wrapped = IndexPageMiddleware(app, head=comeback.script(session_timeout_s=2, poll_ms=5000, offline_poll_ms=200))
    with Background(wrapped) as served:
        yield served, health


# Counts the page's health checks asked and answered (or failed). The page schedules its next
# check in the same run of promise callbacks that handles an answer, so when the counts are equal
# no check is on its way and the next one waits on the page's clock. Moving a paused clock before
# that fires nothing: an answer arriving afterwards puts its next check on the stopped clock,
# where it never runs (so the restart test once waited in vain for a reload).
COUNT_CHECKS = """(() => {
  const counts = window.__healthChecks = {asked: 0, answered: 0};
  const fetch = window.fetch;
  window.fetch = function (...args) {
    const asked = fetch.apply(this, args);
    counts.asked++;
    asked.then(r => {
      const json = r.json;
      r.json = function () { return json.call(this).finally(() => { counts.answered++; }); };
    }, () => { counts.answered++; });
    return asked;
  };
})();"""


START = 1_700_000_000  # any fixed moment (s): the page's clock starts there


def _counting(browser):
    """A page whose clock stands still from the start: its time moves only when the test moves it."""
    page = browser.new_page()
    page.add_init_script(COUNT_CHECKS)
    page.clock.install(time=START)
    page.clock.pause_at(START + 1)
    return page


def _between_checks(page, answered: int = 1) -> None:
    """At least `answered` checks answered since the page loaded, and none on its way: the
    next one waits on the page's clock."""
    counts = "window.__healthChecks"
    assert until(lambda: page.evaluate(f"{counts}.answered >= {answered} && {counts}.asked === {counts}.answered"))


def test_a_new_boot_reloads_the_page_once_and_forgets_flets_session(watched, browser):
    served, health = watched
    page = _counting(browser)
    page.goto(f"{served.url}/t/x")
    page.evaluate("localStorage.setItem('flet_session_id_x', 'old')")
    _between_checks(page)  # the script has seen the first boot
    health["boot"] = "second"
    with page.expect_navigation():
        page.clock.run_for(5_000)
    expect(page.locator("#n")).to_have_text("load 2")
    assert page.evaluate("localStorage.getItem('flet_session_id_x')") is None
    # The new page's second check sees the same new boot: no reload, so a third check follows.
    _between_checks(page)
    for answered in (2, 3):
        page.clock.run_for(5_000)
        _between_checks(page, answered)
    assert health["loads"] == 2
    page.context.close()


def _gone_offline(watched, browser):
    """A page that has checked the server once, then finds it down: its banner shows."""
    served, health = watched
    page = _counting(browser)
    page.goto(f"{served.url}/t/x")
    _between_checks(page)
    health["up"] = False
    page.clock.run_for(5_000)
    _between_checks(page, 2)
    expect(page.locator("#companion-connection")).to_be_visible()
    return page, health


def test_an_unreachable_server_shows_the_banner_until_it_answers(watched, browser):
    page, health = _gone_offline(watched, browser)
    banner = page.locator("#companion-connection")
    expect(banner).to_contain_text("Reconnecting")
    health["up"] = True
    page.clock.run_for(250)  # the next check, at the offline pace
    _between_checks(page, 3)
    expect(banner).to_be_hidden()
    assert health["loads"] == 1  # same boot: nothing to reload
    page.context.close()


def test_a_restarted_server_gets_the_page_back_soon_after_it_answers(watched, browser):
    page, health = _gone_offline(watched, browser)
    # Polled at the offline pace, a quarter of a second brings the page back; the 5 s pace of a
    # live server would not.
    health.update(up=True, boot="restarted")
    with page.expect_navigation():
        page.clock.run_for(250)
    expect(page.locator("#n")).to_have_text("load 2")
    page.context.close()


def test_a_tab_hidden_longer_than_its_session_reloads_when_shown(watched, browser):
    served, health = watched
    page = _counting(browser)
    page.goto(f"{served.url}/t/x")

    def visibility(hidden: bool) -> None:
        page.evaluate("""h => {
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
            document.dispatchEvent(new Event('visibilitychange'));
        }""", hidden)

    _between_checks(page)
    visibility(True)
    page.clock.fast_forward(300)
    visibility(False)  # back within the limit (1 s for a 2 s session): stays
    visibility(True)
    page.clock.fast_forward(1_500)
    with page.expect_navigation():
        visibility(False)
    expect(page.locator("#n")).to_have_text("load 2")  # one reload: the first return did not reload
    assert health["loads"] == 2
    page.context.close()


@pytest.mark.shares_server
def test_the_served_page_downloads_the_client_files_at_once_and_once_each(server, browser):
    """The hints guess the same build as Flutter's loader: every hinted file is used, none twice."""
    requested: list[str] = []
    context = browser.new_context()
    context.on("request", lambda r: requested.append(r.url.removeprefix(server.url + "/").split("?")[0]))
    page = context.new_page()
    page.goto(f"{server.url}/")
    settle(page)
    hinted = page.evaluate("""[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]
                              .map(l => l.getAttribute('href'))""")
    assert "main.dart.wasm" in hinted or "main.dart.js" in hinted
    head = page.evaluate("document.head.innerHTML")
    assert "/api/health" in head and head.index("modulepreload") < head.index("/api/health")
    client = {u for u in requested if u.startswith(("main.dart.", "canvaskit/"))}
    assert client == {h for h in hinted if h.startswith(("main.dart.", "canvaskit/"))}  # the loader's choice
    # Each is used as it came: a hint that does not match its consumer is fetched twice. (The
    # renderer's worker imports its .js once more, from the cache: requested, not downloaded.)
    assert {h: requested.count(h) for h in hinted if not h.endswith(".js")} == {
        h: 1 for h in hinted if not h.endswith(".js")}
    assert not [u for u in requested if "katex" in u.lower()]  # fonts no screen of ours uses
    context.close()


@pytest.fixture
def bare_flet():
    """A bare Flet app served in this process behind the websocket guard (and so its socket watch), recording its sessions,
    Flet's disconnects and the ends of their sockets as the watch reports them."""
    state = {"pages": [], "gone": threading.Event(), "ended": threading.Event(), "loop": None}

    async def main(page: ft.Page) -> None:
        state["loop"] = asyncio.get_running_loop()
        page.on_disconnect = lambda e: state["gone"].set()
        current().on_end(state["ended"].set)
        page.add(ft.Text("hello"))
        state["pages"].append(page)

    app = flet_fastapi.FastAPI()
    app.mount("/", flet_fastapi.app(main, no_cdn=True, session_timeout_seconds=60))
    app.add_middleware(WebSocketGuard)
    with Background(app) as served:
        yield served, state


def _a_write_fails_then_the_tab_closes(served, state, browser, monkeypatch) -> None:
    """A send that raises mid-write, then the tab closes."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(served.url)
    assert until(lambda: state["pages"], 60), "the Flet page never connected"

    async def broken(self, data):  # the socket died while the server was writing to it
        raise RuntimeError("Cannot call send once a close message has been sent.")

    monkeypatch.setattr(WebSocket, "send_bytes", broken)

    async def change() -> None:
        state["pages"][0].add(ft.Text("more"))

    asyncio.run_coroutine_threadsafe(change(), state["loop"]).result(10)
    context.close()


def test_a_tab_whose_socket_died_mid_write_is_reported_gone(bare_flet, browser, monkeypatch):
    served, state = bare_flet
    _a_write_fails_then_the_tab_closes(served, state, browser, monkeypatch)
    assert state["ended"].wait(30)


def test_flet_itself_still_loses_such_a_tab(bare_flet, browser, monkeypatch):
    """Why the watch exists. When this fails, Flet tells the session itself: drop socket_watch.py."""
    served, state = bare_flet
    _a_write_fails_then_the_tab_closes(served, state, browser, monkeypatch)
    assert state["ended"].wait(30)
    assert not state["gone"].is_set()
