"""A browser test stuck on a page that never answers fails, with a diagnosis, and the next test
goes on (tests/watch.py); CI hung at 99% on such a page instead."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TIMEOUT_S = 20  # the inner tests' timeout: a Chromium start on a loaded machine fits


def test_a_stuck_page_fails_with_what_it_was_doing():
    root = Path(__file__).parents[2]
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
                             f"timeout={TIMEOUT_S}", "tests/e2e/stuck_case.py"],
                            cwd=root, capture_output=True, text=True, timeout=TIMEOUT_S + 200)
    out = result.stdout
    assert "1 failed, 1 passed" in out, out
    assert "Locator.count: Target crashed" in out, out
    assert f"stuck_case.py::test_stuck still runs after {TIMEOUT_S} s" in out
    assert 'page.locator("#x").count()  # no timeout' in out  # the waiting call
    assert "does not answer" in out  # the page's main thread, asked through DevTools
    assert "console.log: about to spin" in out  # the page's console
