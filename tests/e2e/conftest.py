"""Fixtures for browser tests; the helpers they use live in drive.py."""
from __future__ import annotations

from pathlib import Path

import pytest
from drive import ARGS, CHROMIUM, WAIT_MS, Server
from browsers import WatchedBrowser
from playwright.sync_api import expect, sync_playwright
from watch import debug_args, forget_port

expect.set_options(timeout=WAIT_MS)  # Playwright's 5 s is short for a loaded 2-core machine


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One server for every browser test that only creates its own tables through the API and
    reads them back: a start costs seconds on a busy machine, and such tests cannot meet (each
    table has its own id and keys)."""
    srv = Server(tmp_path_factory.mktemp("shared") / "data")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def server(request, tmp_path):
    """A server of the test's own; the shared one for a test marked `shares_server`, which only
    creates its own tables through the API and never stops the server, writes into its data
    folder, counts its listeners or reads the start screen's list of every table."""
    if request.node.get_closest_marker("shares_server"):
        yield request.getfixturevalue("shared_server")
        return
    srv = Server(tmp_path / "data")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    """Per module: sync Playwright keeps an event loop running in this thread while open,
    which would break any later test that calls asyncio.run()."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Browser tests need Chromium at {CHROMIUM} (apt-get install chromium)")
    yield from _chromium(ARGS)


@pytest.fixture(scope="module")
def lan_browser():
    """Chromium that resolves the made-up name `tablet.lan` to 127.0.0.1: a LAN-like origin
    (not localhost, so not a secure context) without touching this machine's real addresses."""
    yield from _chromium([*ARGS, "--host-resolver-rules=MAP tablet.lan 127.0.0.1"])


def _chromium(args: list[str]):
    """Chromium for a module's tests (browsers.py), with a DevTools port the rescue of a stuck
    test looks through (tests/watch.py)."""
    args = [*args, *debug_args()]
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=args)
            yield WatchedBrowser(b)
            b.close()
    finally:
        forget_port(args)


@pytest.fixture(autouse=True)
def _close_pages(request):
    """Close the pages a test opened when it ends (browsers.py says why)."""
    yield
    for name in ("browser", "lan_browser"):
        if isinstance(browser := request.node.funcargs.get(name), WatchedBrowser):
            browser.close_contexts()


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
