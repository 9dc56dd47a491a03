"""The Chromium a browser test gets (conftest.py's `browser` fixtures): every context it makes
prints its pages' console, keeps their sockets for drive.type_into, and is closed when the test
that made it ends.

pytest captures a test's output and shows it only when the test fails (or times out, see
tests/watch.py), so a failing browser test tells what Flutter said meanwhile: an exception
thrown on every frame, a lost connection. The address on every line tells the pages apart.

The browser lives for a module, its contexts for a test: a page left open keeps drawing (a
Flutter page costs a renderer several percent of a core even when nothing changes) and, once
its test's server is gone, keeps trying to reconnect, on the two cores CI shares.
"""
from __future__ import annotations

import time

from drive import follow_page, follow_sockets
from playwright.sync_api import Browser, BrowserContext, Error, Page

_START = time.monotonic()


def log_console(context: BrowserContext) -> BrowserContext:
    context.on("console", lambda msg: _say(msg.page, f"console.{msg.type}: {msg.text}"))
    context.on("weberror", lambda err: _say(err.page, f"page error: {err.error}"))
    return context


def _say(page: Page | None, text: str) -> None:
    url = page.url if page is not None else "?"
    print(f"[{time.monotonic() - _START:8.3f} {url}] {text}", flush=True)


class WatchedBrowser:
    """A Browser whose new contexts (and pages made without one) log their console and keep
    their pages' sockets; `close_contexts` closes those made since the last call."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser
        self._made: list[BrowserContext] = []

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_context(self, **kwargs) -> BrowserContext:
        context = follow_sockets(log_console(self._browser.new_context(**kwargs)))
        self._made.append(context)
        return context

    def new_page(self, **kwargs) -> Page:
        page = self._browser.new_page(**kwargs)
        self._made.append(log_console(page.context))
        return follow_page(page)

    def close_contexts(self) -> None:
        made, self._made = self._made, []
        for context in made:
            try:
                context.close()
            except Error:
                pass  # closed already, or the browser is gone
