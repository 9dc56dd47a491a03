"""Live updates in the browser: no lost taps, no jumps, no lost typing while others play."""
from __future__ import annotations

import threading
import time

import pytest
from drive import PHONE, TABLET, el, expect_label, in_view, open_app, still_box, type_into, until

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

CHANGES_PER_SECOND = 10


def scorer(server, table: dict, player: str, stop: threading.Event) -> threading.Thread:
    """Another device scoring through the API, CHANGES_PER_SECOND times a second, until stopped."""
    url = f"/api/tables/{table['id']}/events?k={table['host_token']}"

    def run() -> None:
        while not stop.is_set():
            server.api("POST", url, {"type": "points.add", "player": player, "amount": 1})
            time.sleep(1 / CHANGES_PER_SECOND)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def centre(page, ident: str) -> tuple[float, float]:
    box = still_box(page, ident)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_thirty_taps_all_count_while_another_device_scores(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}", PHONE)
    expect_label(phone, "score-ana", "0")
    x, y = centre(phone, "add-ana-1")
    stop = threading.Event()
    other = scorer(server, table, "bia", stop)
    try:
        for _ in range(30):
            phone.mouse.click(x, y)  # raw taps on the same spot: no waiting, no retrying
            phone.wait_for_timeout(150)
    finally:
        stop.set()
        other.join()
    expect_label(phone, "score-ana", "Ana 30")
    state = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["state"]
    assert state["scores"]["ana"] == 30 and state["scores"]["bia"] >= 20


def test_a_scrolled_tablet_stays_put_and_typing_survives_ten_changes(server, browser):
    players = [f"P{n}" for n in range(1, 13)]  # twelve cards: the tablet's board scrolls
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": players}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)
    expect_label(tablet, "score-p12", "0")
    unscrolled = el(tablet, "score-p12").bounding_box()
    tablet.mouse.move(300, 500)
    tablet.mouse.wheel(0, 900)
    before = still_box(tablet, "score-p12", moved_from=unscrolled)["y"]
    assert before < TABLET["height"] - 100  # scrolled to the bottom cards

    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['p1']['token']}", PHONE)
    type_into(phone, "reason", "won the")
    for _ in range(10):  # another device scores ten times while the tablet is scrolled and Ana types
        server.api("POST", f"/api/tables/{table['id']}/events?k={table['host_token']}",
                   {"type": "points.add", "player": "p12", "amount": 1})
        time.sleep(1 / CHANGES_PER_SECOND)
    expect_label(tablet, "score-p12", "P12 10")
    expect_label(phone, "score-p12", "P12 10")
    assert abs(el(tablet, "score-p12").bounding_box()["y"] - before) < 2  # no jump to the top

    phone.keyboard.type(" race")  # the field still has the focus and the caret at its end
    field = el(phone, "reason").locator("input").first
    assert field.input_value() == "won the race"
    phone.mouse.move(200, 400)
    phone.mouse.wheel(0, -4000)  # back up to P1's tile, above the twelve cards and the field
    assert until(lambda: el(phone, "add-p1-5").count() and in_view(phone, "add-p1-5"))
    box = still_box(phone, "add-p1-5")
    phone.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect_label(phone, "score-p1", "P1 5")
    last = server.table_file(table["id"])["events"]
    assert list(last.values())[-1]["reason"] == "won the race"
