"""How fast a change on one device shows on the others (issue #2).

One leader page taps "+1" on a Score pad table; N follower pages (1, 5, 10)
wait for the new number. Prints median and p95 of the time from the tap to the
number on each follower, and of the slowest follower per change.
Run: python bench/sync_latency.py [--changes 20]
"""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from _browser import ARGS, CHROMIUM, PHONE, Server, settle, summary, wait_text
from playwright.async_api import async_playwright


async def measure(browser, server: Server, followers: int, changes: int) -> tuple[list[float], list[float]]:
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    key = server.claim(table["id"], table["seats"]["ana"]["token"])
    url = f"{server.url}/t/{table['id']}?k={key}"  # the seat's key: every page here is Ana's
    pages = []
    for _ in range(followers + 1):
        context = await browser.new_context(viewport=PHONE)
        page = await context.new_page()
        await page.goto(url)
        await settle(page)
        await wait_text(page, "score-ana", "0")
        pages.append(page)
    leader, rest = pages[0], pages[1:]
    box = await leader.locator("[flt-semantics-identifier='add-ana-1']").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    each, slowest = [], []
    for n in range(1, changes + 1):
        waits = [asyncio.create_task(wait_text(p, "score-ana", f"\n{n}")) for p in rest]
        start = time.perf_counter()
        await leader.mouse.click(x, y)  # a raw tap: no waiting for actionability checks
        done = await asyncio.gather(*waits)
        lat = [(t - start) * 1000 for t in done]
        each += lat
        slowest.append(max(lat))
        await asyncio.sleep(0.05)
    for page in pages:
        await page.context.close()
    return each, slowest


async def main(changes: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data")
        server.start()
        try:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                print(f"sync latency, {changes} changes each (tap on the leader -> number on followers)")
                for followers in (1, 5, 10):
                    each, slowest = await measure(browser, server, followers, changes)
                    print(f"{followers:2d} follower(s): each  {summary(each)}")
                    print(f"{'':14s} slowest {summary(slowest)}")
                await browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--changes", type=int, default=20)
    asyncio.run(main(parser.parse_args().changes))
