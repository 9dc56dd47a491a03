"""Run by test_stuck_page.py with a short timeout (not collected by itself: no test_ prefix): a
page whose main thread spins, as a Chromium renderer in CI did, and a test after it."""
from __future__ import annotations

SPIN = """<div id=x>here</div><script>
console.log('about to spin');
setTimeout(() => { const t = Date.now(); while (Date.now() - t < 1e9) {} }, 300);
</script>"""


def test_stuck(browser):
    page = browser.new_page()
    page.set_content(SPIN)
    page.wait_for_timeout(1000)
    page.locator("#x").count()  # no timeout: waits on the spinning page


def test_next(browser):
    page = browser.new_page()
    page.set_content("<p>fine</p>")
    assert page.locator("p").count() == 1
