"""The Griffin in the browser: red's phone cannot rob before buying the card, buys it, robs blue,
cannot take it back; blue's phone is told who took how much, and green's phone is not."""
from __future__ import annotations

import os
import re

from drive import PHONE, el, expect_label, settle, tap
from playwright.sync_api import expect

BLUE_GOLD = 983


def _setup(server) -> tuple[str, dict]:
    """Round 1, actions, red (Ares) first; blue's purse 983. The tablet runs it through the API."""
    admin = server.admin
    made = server.api("POST", f"/api/tables?admin={admin}",
                      {"game": "cyclades", "options": {"players": ["red", "blue", "green"]}})
    tid, host = made["id"], made["host_token"]
    keys = {s: server.claim(tid, v["token"]) for s, v in made["seats"].items()}

    def send(**command) -> None:
        server.api("POST", f"/api/tables/{tid}/events?k={host}", command)

    send(type="start", order=["red", "blue", "green"], gods=["ares", "athena"])
    send(type="phase.next")
    for player, prosperity in (("red", 1), ("blue", BLUE_GOLD - 4), ("green", 3)):
        send(type="income", player=player, prosperity=prosperity)
    send(type="phase.next")
    send(type="offering.bid", faction="red", god="ares", amount=1)
    send(type="offering.bid", faction="blue", god="athena", amount=1)
    send(type="offering.bid", faction="green", god="apollo")
    send(type="offering.pay")
    send(type="phase.next")
    return tid, keys


def expect_disabled(page, ident: str, disabled: bool = True) -> None:
    state = "[aria-disabled='true']" if disabled else ":not([aria-disabled='true'])"
    expect(el(page, ident).locator(f"[role='button']{state}")).to_have_count(1)


def _phone(browser, server, tid: str, key: str):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server.url}/t/{tid}?k={key}")
    settle(page)
    return page


def test_red_buys_the_griffin_then_robs_blue_who_is_told(server, browser, tmp_path):
    tid, keys = _setup(server)
    red = _phone(browser, server, tid, keys["red"])
    expect_disabled(red, "cyc-griffin-blue")
    expect_label(red, "cyc-griffin-why", "Buy the Griffin card first")
    shots = os.environ.get("COMPANION_SHOTS")  # a folder: keep the screens for a look
    if shots:
        _shot(red, "cyc-griffin-why", f"{shots}/griffin-red-before.png")

    tap(red, "cyc-buy-griffin")
    expect_disabled(red, "cyc-griffin-blue", False)
    tap(red, "cyc-griffin-blue")
    expect_label(red, "cyc-gold", str(5 + 1 - 1 - 2 + BLUE_GOLD // 2))

    blue = _phone(browser, server, tid, keys["blue"])
    expect_label(blue, "told", f"Red's Griffin took {BLUE_GOLD // 2} of your gold")
    expect(el(blue, "told-banner")).to_have_attribute(  # at once, at the top
        "aria-label", re.compile(f"Red's Griffin took {BLUE_GOLD // 2} of your gold"))
    box = el(blue, "told-banner").bounding_box()
    assert box is not None and box["y"] < 120
    expect_label(blue, "cyc-gold", str(BLUE_GOLD - BLUE_GOLD // 2))
    green = _phone(browser, server, tid, keys["green"])
    el(green, "cyc-gold").wait_for(state="attached")
    assert el(green, "told").count() == 0
    expect_label(red, "undo", "Undo is off: why?")  # red's own phone cannot unsee it, and can ask why
    tap(red, "undo")
    expect_label(red, "toast", "only the tablet can undo it")
    if shots:
        _shot(red, "cyc-griffin-why", f"{shots}/griffin-red-after.png")
        _shot(blue, "told", f"{shots}/griffin-blue-told.png")


def _shot(page, ident: str, path: str) -> None:
    """Wheel the phone's column until `ident` is on screen, then keep the screen."""
    for _ in range(20):
        box = el(page, ident).bounding_box()
        if box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]:
            break
        page.mouse.move(195, 400)
        page.mouse.wheel(0, 300 if not box or box["y"] > 0 else -300)
        page.wait_for_timeout(150)
    page.screenshot(path=path)
