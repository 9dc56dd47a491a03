"""In Chromium, on the tablet: taps on a shared form (the Cyclades bid) are no moves (core/drafts.py).

The Undo button keeps naming the last real change while the bid is set with +, the history gains
no "Bid being set" line, the confirmed bid reads once, and Undo of it brings the form back as it
was confirmed."""
from __future__ import annotations

import pytest
from drive import el, expect_label, open_app, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own table, made through the API

OPTIONS = {"players": ["red", "blue", "green"]}


def test_bid_taps_leave_the_tablets_undo_on_the_last_change_and_undo_of_the_bid_brings_the_form_back(server, browser):
    created = server.api("POST", "/api/tables", {"game": "cyclades", "options": OPTIONS})
    tid, host = created["id"], created["host_token"]
    events = f"/api/tables/{tid}/events?k={host}"
    server.api("POST", events, {"type": "start", "gods": ["athena", "ares"]})
    server.api("POST", events, {"type": "phase.next"})
    for player in OPTIONS["players"]:
        server.api("POST", events, {"type": "income", "player": player, "prosperity": 0})
    server.api("POST", events, {"type": "phase.next"})
    tablet = open_app(browser, f"{server.url}/t/{tid}?k={host}")
    last_change = "Undo: Round 1: Offerings."
    expect_label(tablet, "undo", last_change)
    for amount in (2, 3, 4):  # each + waits for the last one's value to come back
        tap(tablet, "cyc-bid-amount-plus")
        expect_label(tablet, "cyc-bid-amount-value", str(amount))
    expect_label(tablet, "undo", last_change)  # the taps are not what Undo would take back
    expect(el(tablet, "history")).not_to_contain_text("Bid being set")
    expect(el(tablet, "history")).not_to_contain_text("gold")

    tap(tablet, "cyc-bid-athena")
    expect_label(tablet, "undo", "4 gold to Athena")  # the bid, once, in words
    expect(el(tablet, "history")).to_contain_text("4 gold to Athena")
    tap(tablet, "undo")
    expect_label(tablet, "undo", last_change)
    expect_label(tablet, "cyc-bid-amount-value", "4")  # the form as it was confirmed
    assert server.api("GET", f"/api/tables/{tid}?k={host}")["state"]["offerings"]["bids"] == {}
