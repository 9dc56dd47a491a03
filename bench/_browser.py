"""Shared by the browser benches: the real server (from the e2e helpers) and async Chromium."""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))

from drive import ARGS, CHROMIUM, PHONE, TABLET, Server  # noqa: E402

__all__ = ["ARGS", "CHROMIUM", "PHONE", "TABLET", "Server", "settle", "wait_text", "summary"]


async def settle(page) -> None:
    await page.wait_for_selector("#loading", state="detached", timeout=60_000)
    placeholder = page.locator("flt-semantics-placeholder")
    await placeholder.wait_for(state="attached", timeout=10_000)
    await placeholder.evaluate("e => e.click()")


async def wait_text(page, ident: str, text: str, timeout: int = 20_000) -> float:
    """Wait until the control `ident` shows `text`; return the moment it did (perf_counter)."""
    await page.wait_for_function(
        """([ident, text]) => {
            const el = document.querySelector(`[flt-semantics-identifier='${ident}']`);
            return el && el.textContent.includes(text);
        }""", arg=[ident, text], polling="raf", timeout=timeout)
    return time.perf_counter()


def summary(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f} ms   p95 {p95:6.1f} ms   (n={len(ordered)})"
