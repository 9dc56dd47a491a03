"""Issue 42 in a real browser at 390x844: an odds calculator's results stay in view after a tap on
its deepest input; a roll shows on a phone that is not looking at the dice, on the tablet's news
line, and right where the roller tapped; a phone's quick buttons are its own god's, the others'
one tap away; the shared Dusk sheet lists the gods in seat order on every device. Boxes are read
from Flutter's semantics tree, no screenshot."""
from __future__ import annotations

import re

import pytest
from drive import PHONE, TABLET, el, expect_label, in_view, kleos_table, open_app, still_box, tap, until
from playwright.sync_api import expect


def _tapped_above(page, ident: str, floor: float) -> None:
    """Wheel the page until `ident` sits wholly between the top and `floor` (a pinned bar's top
    edge: the page scrolls above it), then click its middle as a finger would."""
    page.mouse.move(PHONE["width"] / 2, floor / 2)
    seen: dict = {}

    def placed() -> bool:
        box = el(page, ident).bounding_box()
        seen["box"] = box
        if box and box["y"] >= 56 and box["y"] + box["height"] <= floor:
            return True
        page.mouse.wheel(0, 150 if box is None or box["y"] + box["height"] > floor else -150)
        return False
    assert until(placed), seen
    box = still_box(page, ident)
    assert box["y"] >= 56 and box["y"] + box["height"] <= floor, box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.shares_server
def test_the_kleos_odds_stay_in_view_after_a_tap_on_the_last_input(server, browser):
    table = kleos_table(server, 3, ["ares", "hermes"])
    page = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['hermes']['token']}", PHONE)
    tap(page, "kleos-tab-odds")
    expect_label(page, "odds-bar", "Nobody dies 54.9%")
    bar = still_box(page, "odds-bar")
    _tapped_above(page, "defender-tactics-plus", bar["y"])
    expect_label(page, "defender-tactics-value", "1")
    expect(el(page, "odds-bar")).not_to_contain_text("54.9%")
    assert in_view(page, "odds-bar") and in_view(page, "defender-tactics-plus")
    page.context.close()


@pytest.mark.shares_server
def test_the_cyclades_odds_stay_in_view_after_a_tap_on_the_last_input(server, browser):
    table = server.api("POST", "/api/tables", {"game": "cyclades", "options": {"players": ["ana", "bia"]}})
    page = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}", PHONE)
    tap(page, "cyc-odds-toggle")
    expect(el(page, "cyc-odds-bar")).to_contain_text(re.compile(r"\d+%"))
    before = el(page, "cyc-odds-bar").get_attribute("aria-label") or el(page, "cyc-odds-bar").text_content()
    bar = still_box(page, "cyc-odds-bar")
    _tapped_above(page, "cyc-odds-defender-bonus-plus", bar["y"])  # the fortresses: the last stepper
    expect_label(page, "cyc-odds-defender-bonus-value", "1")
    expect(el(page, "cyc-odds-bar")).not_to_contain_text(before)
    assert in_view(page, "cyc-odds-bar")
    page.context.close()


@pytest.mark.shares_server
def test_a_roll_shows_on_a_phone_looking_elsewhere_on_the_tablet_and_where_the_roller_tapped(server, browser):
    table = kleos_table(server, 3, ["ares", "hermes", "athena"])
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)
    roller = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['hermes']['token']}", PHONE)
    other = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ares']['token']}", PHONE)
    expect_label(other, "identity", "Ares")  # on its Glory section, far from the dice
    tap(roller, "kleos-tab-dice")
    _tapped_above(roller, "dice-roll", PHONE["height"])  # a finger on the button where it shows
    expect_label(tablet, "news", "Hermes rolled 3 dice:")  # first: the news line goes out after 4 s
    news, side = el(tablet, "news").bounding_box(), el(tablet, "undo").bounding_box()
    assert news["x"] + news["width"] <= side["x"], (news, side)  # wrapped in its column, not run on past it
    expect_label(other, "roll-banner", "Hermes rolled 3 dice:")
    assert in_view(other, "roll-banner")
    expect_label(roller, "dice-by", "Hermes rolled 3 dice")
    # once the new result has been laid out (its faces are pictures that load): in view, not under the fold
    assert until(lambda: in_view(roller, "dice-successes") and in_view(roller, "dice-roll")), \
        (el(roller, "dice-successes").bounding_box(), el(roller, "dice-roll").bounding_box())
    seq = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["seq"]
    expect_label(tablet, f"history-{seq}", "Hermes rolled 3 dice")  # kept in the history
    for page in (tablet, roller, other):
        page.context.close()


@pytest.mark.shares_server
def test_a_kleos_phone_scores_its_own_god_and_the_others_one_tap_away(server, browser):
    table = kleos_table(server, 3, ["ares", "hermes", "athena"])
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['hermes']['token']}", PHONE)
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)
    expect(el(phone, "quick-kill-hermes")).to_be_attached()
    assert el(phone, "quick-kill-ares").count() == 0 and el(phone, "quick-kill-athena").count() == 0
    for god in ("ares", "hermes", "athena"):
        expect(el(tablet, f"quick-kill-{god}")).to_be_attached()
    tap(phone, "others-quick-open")
    expect(el(phone, "quick-kill-ares")).to_be_attached()
    assert el(phone, "quick-kill-ares").bounding_box()["y"] > el(phone, "quick-kill-hermes").bounding_box()["y"]
    for page in (phone, tablet):
        page.context.close()


@pytest.mark.shares_server
def test_the_dusk_sheet_lists_the_gods_in_seat_order_on_every_device(server, browser):
    gods = ["ares", "hermes", "athena"]
    table = kleos_table(server, 3, gods)
    pages = [open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}", TABLET)]
    pages += [open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats'][g]['token']}", PHONE)
              for g in ("athena", "hermes")]
    for page in pages:
        tap(page, "kleos-tab-dusk")
        rows = [f"dusk-port-{g}-value" for g in gods]
        for ident in rows:
            expect(el(page, ident)).to_be_attached()
        ys = [el(page, ident).bounding_box()["y"] for ident in rows]
        assert ys == sorted(ys), (page.viewport_size, ys)
    for page in pages:
        page.context.close()
