"""The Kleos scoreboard on a 1280x800 tablet with five gods: every Glory number and the last god's
quick buttons are on screen without scrolling; the Dusk sheet keeps its place while others score."""
from __future__ import annotations

import re

import pytest
from drive import TABLET, el, expect_label, kleos_table, open_app, post, still_box
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


def inside(page, ident: str) -> dict:
    box = el(page, ident).bounding_box()
    assert box is not None, ident
    assert 0 <= box["x"] and box["x"] + box["width"] <= TABLET["width"], (ident, box)
    assert 0 <= box["y"] and box["y"] + box["height"] <= TABLET["height"], (ident, box)
    return box


def scroll_to(page, ident: str) -> None:
    """Wheel the board until `ident` is on screen (Flutter draws on a canvas: the DOM cannot scroll it).

    A wheel that overshoots (the page above still settling) takes the control far enough off
    screen for Flutter to drop it from its semantics tree: then wheel back the way we came."""
    page.mouse.move(400, 500)
    el(page, ident).wait_for(state="attached", timeout=30_000)
    step = 0.0
    for _ in range(20):
        if el(page, ident).count() == 0:
            page.mouse.wheel(0, -step / 2)
            step /= 2
            page.wait_for_timeout(400)
            continue
        box = el(page, ident).bounding_box()
        if 100 <= box["y"] <= TABLET["height"] - 150:
            box = still_box(page, ident)  # where the wheel's scroll came to rest
            if 100 <= box["y"] <= TABLET["height"] - 150:
                return
        step = box["y"] - TABLET["height"] / 2
        page.mouse.wheel(0, step)
        page.wait_for_timeout(400)
    raise AssertionError(f"{ident} did not come into view")


def test_five_scores_and_the_last_gods_quick_kill_fit_above_the_fold(server, browser):
    table = kleos_table(server, 3, GODS)  # the first player's Play phase, day 1
    turn = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["state"]["turn"]
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)
    expect_label(tablet, "score-dionysus", "Dionysus 0")
    for god in GODS:
        inside(tablet, f"score-{god}")
    expect(el(tablet, f"tile-{turn}")).to_have_attribute("aria-label", re.compile(r"\bactive\b"))  # whose turn
    box = inside(tablet, "quick-kill-dionysus")
    tablet.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # no scroll, no retry
    expect_label(tablet, "score-dionysus", "Dionysus 1")
    box = inside(tablet, "quick-kill_slaughter-dionysus")
    expect(el(tablet, "quick-kill_slaughter-dionysus")).to_contain_text(re.compile(r"\+2"))  # its name, on the button
    tablet.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect_label(tablet, "score-dionysus", "Dionysus 3")
    state = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["state"]
    assert [(e["player"], e["reason"]) for e in state["glory_log"]] == [
        ("dionysus", "kill"), ("dionysus", "kill"), ("dionysus", "slaughter")]


def test_the_dusk_sheet_keeps_its_scroll_and_counts_while_another_device_scores(server, browser):
    table = kleos_table(server, 13, GODS)  # Dusk of day 1
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)
    expect_label(tablet, "dusk-theater-controller", "Theater")
    scroll_to(tablet, "dusk-theater-dionysus-plus")
    box = inside(tablet, "dusk-theater-dionysus-plus")
    tablet.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect_label(tablet, "dusk-theater-controller", "Dionysus")
    before = el(tablet, "dusk-theater-dionysus-value").bounding_box()["y"]
    for _ in range(5):
        post(server, table, {"type": "glory.add", "player": "hermes", "reason": "recruit"})
    expect_label(tablet, "score-hermes", "Hermes 5")
    assert abs(el(tablet, "dusk-theater-dionysus-value").bounding_box()["y"] - before) < 2  # no jump
    expect_label(tablet, "dusk-theater-dionysus-value", "Dionysus 1")
