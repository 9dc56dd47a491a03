"""Every page's console messages and uncaught errors, printed as they come.

pytest captures a test's output and shows it only when the test fails (or times out, see
tests/watch.py), so a failing browser test tells what Flutter said meanwhile: an exception
thrown on every frame, a lost connection. Pages of the module's earlier tests may still be
open, hence the page's address on every line.
"""
from __future__ import annotations

import time

from playwright.sync_api import Browser, BrowserContext

_START = time.monotonic()


def watch_context(context: BrowserContext) -> BrowserContext:
    context.on("console", lambda msg: _say(msg.page, f"console.{msg.type}: {msg.text}"))
    context.on("weberror", lambda err: _say(err.page, f"page error: {err.error}"))
    return context


def _say(page, text: str) -> None:
    url = page.url if page is not None else "?"
    print(f"[{time.monotonic() - _START:8.3f} {url}] {text}", flush=True)


class LoggedBrowser:
    """A Browser whose new contexts (and pages made without one) log their console."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_context(self, **kwargs) -> BrowserContext:
        return watch_context(self._browser.new_context(**kwargs))

    def new_page(self, **kwargs):
        page = self._browser.new_page(**kwargs)
        watch_context(page.context)
        return page
