"""How fast a phone joins over home Wi-Fi, and whether closed tabs slow broadcasts (issue #9).

Loads a seat page in Chromium throttled to 20 Mbit/s and 20 ms latency (Chrome
DevTools Protocol Network.emulateNetworkConditions), cold and then warm cache,
printing bytes transferred and the time until the table's data is on screen.
Then measures broadcast latency to one phone with no stale sessions and with
60 sessions left behind by closed tabs.
Run: python bench/phone_load.py [--first-start] [--waterfall] [--load-only]
  --first-start  an empty compression cache, measured at once: a brand-new install's first phone
  --waterfall    each request of the cold load: when it started and ended, and its bytes
  --load-only    skip the broadcast measurements
"""
from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from _browser import ARGS, CHROMIUM, PHONE, Server, settle, summary, wait_text
from playwright.async_api import async_playwright

from companion.server.app import web_files

MBIT = 1_000_000 / 8


async def throttled_load(context, url: str, waterfall: bool = False) -> tuple[int, float]:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 20 * MBIT, "uploadThroughput": 20 * MBIT})
    received = 0
    requests: dict[str, list] = {}  # id -> [url, started, ended, bytes] in CDP seconds

    def on_sent(params: dict) -> None:
        requests.setdefault(params["requestId"], [params["request"]["url"], params["timestamp"], None, 0])

    def on_finished(params: dict) -> None:
        nonlocal received
        received += int(params.get("encodedDataLength", 0))
        if params["requestId"] in requests:
            requests[params["requestId"]][2:] = [params["timestamp"], int(params.get("encodedDataLength", 0))]

    cdp.on("Network.requestWillBeSent", on_sent)
    cdp.on("Network.loadingFinished", on_finished)
    start = time.perf_counter()
    await page.goto(url, timeout=120_000, wait_until="commit")
    await settle(page)
    shown = await wait_text(page, "score-ana", "0", timeout=60_000)
    await page.close()
    if waterfall and requests:
        zero = min(r[1] for r in requests.values())
        print("    start    end      KB  request")
        for name, started, ended, size in sorted(requests.values(), key=lambda r: r[1]):
            end = f"{(ended - zero) * 1000:6.0f}" if ended else "     -"
            print(f"  {(started - zero) * 1000:6.0f} {end} {size / 1e3:7.1f}  {name.split('/', 3)[-1][:60]}")
    return received, shown - start


def wait_compressed() -> None:
    """The first start compresses the web client in the background; measure once it is done."""
    files = web_files()
    deadline = time.time() + 300
    while files.pending_best() and time.time() < deadline:
        time.sleep(2)


async def broadcast(browser, server: Server, table: dict, url: str, changes: int = 15) -> list[float]:
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    await page.goto(url)
    await settle(page)
    current = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["state"]["scores"]["ana"]
    samples = []
    for _ in range(changes):
        current += 1
        waiting = asyncio.create_task(wait_text(page, "score-ana", f"Ana {current}"))
        start = time.perf_counter()
        await asyncio.to_thread(server.api, "POST", f"/api/tables/{table['id']}/events?k={table['host_token']}",
                                {"type": "points.add", "player": "ana", "amount": 1})
        samples.append((await waiting - start) * 1000)
    await context.close()
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-start", action="store_true")
    parser.add_argument("--waterfall", action="store_true")
    parser.add_argument("--load-only", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.first_start:
            os.environ["COMPANION_CACHE_DIR"] = str(Path(tmp) / "cache")  # the server inherits it
        server = Server(Path(tmp) / "data")
        server.start()
        try:
            if not args.first_start:
                wait_compressed()
            table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
            key = server.claim(table["id"], table["seats"]["ana"]["token"])
            url = f"{server.url}/t/{table['id']}?k={key}"  # the seat's key: every page here is Ana's
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                context = await browser.new_context(viewport=PHONE)
                cold_bytes, cold_s = await throttled_load(context, url, args.waterfall)
                warm_bytes, warm_s = await throttled_load(context, url)
                await context.close()
                print("seat page at 20 Mbit/s, 20 ms latency" + (", first start (empty cache)" if args.first_start else ""))
                print(f"  cold cache: {cold_bytes / 1e6:6.2f} MB transferred, {cold_s:5.2f} s to the table on screen")
                print(f"  warm cache: {warm_bytes / 1e3:6.1f} KB transferred, {warm_s:5.2f} s to the table on screen")
                if args.load_only:
                    await browser.close()
                    return

                fresh = await broadcast(browser, server, table, url)
                for _ in range(60):
                    ctx = await browser.new_context(viewport=PHONE)
                    page = await ctx.new_page()
                    await page.goto(url)
                    await settle(page)
                    await ctx.close()
                closed_at = time.perf_counter()
                while server.api("GET", "/api/health")["listeners"] and time.perf_counter() - closed_at < 30:
                    await asyncio.sleep(0.05)
                drained = time.perf_counter() - closed_at
                left = server.api("GET", "/api/health")["listeners"]
                stale = await broadcast(browser, server, table, url)
                print("broadcast latency to one phone (API change -> number on screen)")
                print(f"  no closed tabs:       {summary(fresh)}")
                print(f"  60 closed tabs since: {summary(stale)}")
                print(f"  listeners left by the 60 closed tabs: {left} ({drained:.2f} s after the last closed)")
                await browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
