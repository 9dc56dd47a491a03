"""A change made on another device shows on the tablet: the number glows and a line says what and who.
And a phone turned sideways still leads with its own score."""
from __future__ import annotations

import re

import pytest
from drive import PHONE, el, expect_label, goto, in_view, open_app, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

GLOWING = re.compile(r"\bchanged\b")


def test_a_kill_scored_on_a_phone_glows_and_is_named_on_the_tablet(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expect(el(tablet, "tile-bia")).not_to_have_attribute("aria-label", GLOWING)
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}", PHONE)
    expect_label(phone, "identity", "Ana")
    tap(phone, "others-quick-open")  # another player's buttons: one tap away on a phone
    tap(phone, "add-bia-5")
    expect_label(tablet, "score-bia", "Bia 5")
    expect(el(tablet, "tile-bia")).to_have_attribute("aria-label", GLOWING)  # the glow, for a couple of seconds
    expect_label(tablet, "news", "from Ana's phone")
    expect(el(tablet, "tile-bia")).not_to_have_attribute("aria-label", GLOWING)  # then it fades
    expect_label(tablet, "news", "—")

    server.api("POST", f"/api/tables/{table['id']}/events?k={table['host_token']}",
               {"type": "points.add", "player": "ana", "amount": 1})
    expect_label(tablet, "score-ana", "Ana 1")  # the tablet's own change: no news line about itself
    expect_label(tablet, "news", "—")  # drawn by the same render as the score


def test_a_phone_turned_sideways_keeps_its_own_score_in_view(server, browser):
    players = ["Ana", "Bia", "Caio", "Dani", "Eva", "Fabi"]
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": players}})
    page = browser.new_context(viewport={"width": 844, "height": 390}).new_page()
    goto(page, f"{server.url}/t/{table['id']}?k={table['seats']['fabi']['token']}")
    expect_label(page, "identity", "Fabi")
    expect_label(page, "score-fabi", "Fabi 0")
    assert in_view(page, "score-fabi") and in_view(page, "undo")  # the last seat's own score, no scrolling
