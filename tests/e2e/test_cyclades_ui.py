"""Cyclades in the browser: one offering round bid from two phones, with an outbid, and gold kept secret.

Ana and Bia each hold a phone; Caio's pawn is moved from the tablet. The purse
amounts are chosen so no other number on these screens can equal them, so
"this number appears nowhere on that page" really means the purse never arrived.
"""
from __future__ import annotations

import re

import pytest
from drive import PHONE, TABLET, el, expect_label, in_view, settle, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def page_text(page) -> str:
    """Every text and accessible label the page draws, less join links (tokens) and clock times."""
    text = page.evaluate(
        "() => document.querySelector('flt-semantics-host').innerText + ' ' + "
        "[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(' ')")
    text = re.sub(r"https?://\S+", " ", text)
    return re.sub(r"\b\d\d:\d\d\b", " ", text)


def shows_number(page, number: int) -> bool:
    """A number standing alone: not part of a larger one, a decimal or a clock time (a history
    row stamped 03:14 holds no 14 of gold)."""
    return re.search(rf"(?<![\d.:]){number}(?![\d.:])", page_text(page)) is not None


def synced(seq: int, *pages) -> None:
    """Wait until each page lists event `seq` in its history, so no re-render is pending under a tap."""
    for page in pages:
        el(page, f"history-{seq}").wait_for(state="attached")


def open_together(browser, *targets: tuple[str, dict], history: bool = True) -> list:
    """Several devices loading at once: the Flutter boots overlap instead of queueing. With
    `history`, each phone opens its history (folded on phones), which synced() reads."""
    pages = []
    for url, size in targets:
        page = browser.new_context(viewport=size).new_page()
        page.goto(url, wait_until="commit")
        pages.append(page)
    for page in pages:
        settle(page)
        if history and page.viewport_size["width"] < 700:
            tap(page, "history-open")
            el(page, "history-close").wait_for(state="attached")
    return pages


def step_to(page, ident: str, target: int, start: int = 0) -> None:
    """Tap + until the stepper shows `target`, waiting for each re-render so no tap is lost."""
    for value in range(start + 1, target + 1):
        tap(page, f"{ident}-plus")
        expect_label(page, f"{ident}-value", str(value))


def test_one_offering_round_from_two_phones(server, browser):
    created = server.api("POST", "/api/tables", {"game": "cyclades", "options": {"players": ["ana", "bia", "caio"]}})
    table, host = created["id"], created["host_token"]
    server.api("POST", f"/api/tables/{table}/events?k={host}",
               {"type": "start", "order": ["ana", "bia", "caio"], "gods": ["athena", "ares"]})
    seat = created["seats"]
    tablet, ana, bia = open_together(browser, (f"{server.url}/t/{table}?k={host}", TABLET),
                                     (f"{server.url}/t/{table}?k={seat['ana']['token']}", PHONE),
                                     (f"{server.url}/t/{table}?k={seat['bia']['token']}", PHONE))
    expect_label(ana, "cyc-gold", "5")

    tap(tablet, "cyc-next")  # the placement is done: round 1 begins with income
    synced(2, ana, bia)
    expect_label(ana, "cyc-phase", "Income")
    tap(ana, "cyc-income-ana-7")
    expect_label(ana, "cyc-income-ana-send", "Collect 7")
    tap(ana, "cyc-income-ana-send")
    synced(3, bia)
    tap(bia, "cyc-income-bia-9")
    expect_label(bia, "cyc-income-bia-send", "Collect 9")
    tap(bia, "cyc-income-bia-send")
    synced(4, tablet)
    tap(tablet, "cyc-income-caio-send")
    expect_label(ana, "cyc-gold", "12")
    expect_label(bia, "cyc-gold", "14")
    expect_label(tablet, "cyc-income-caio-done", "Caio")
    assert not shows_number(ana, 14) and not shows_number(bia, 12)
    assert not any(shows_number(tablet, n) for n in (12, 14))

    synced(5, tablet)
    tap(tablet, "cyc-next")
    synced(6, ana)
    expect_label(ana, "cyc-bidder", "Your pawn")
    expect_label(tablet, "cyc-bidder", "Ana")
    step_to(ana, "cyc-bid-amount", 2, start=1)  # event 7: the bid is a draft every device shows
    expect_label(tablet, "cyc-bid-amount-value", "2")
    expect_label(tablet, "cyc-bid-by", "Ana")
    tap(ana, "cyc-bid-athena")
    synced(8, bia)
    expect_label(bia, "cyc-bidder", "Your pawn")
    step_to(bia, "cyc-bid-amount", 3, start=1)  # events 9 and 10: each pawn's bid starts afresh
    tap(bia, "cyc-bid-athena")

    # Bia's higher offer pushes Ana off Athena: her pawn moves again before Caio's.
    synced(11, ana, tablet)
    expect_label(ana, "cyc-bidder", "Outbid on Athena")
    expect_label(tablet, "cyc-bidder", "Ana lost Athena")
    expect_label(tablet, "cyc-offer-athena", "3 Bia")
    step_to(ana, "cyc-bid-amount", 2, start=1)  # event 12
    tap(ana, "cyc-bid-ares")
    synced(13, tablet)
    expect_label(tablet, "cyc-offer-ares", "2 Ana")
    expect_label(tablet, "cyc-bidder", "Caio")
    tap(tablet, "cyc-bid-apollo")
    expect_label(tablet, "cyc-offer-apollo", "Caio")
    assert el(tablet, "cyc-canpay-ana").count() == 0  # no public chip says whose purse covers its bids
    expect_label(bia, "cyc-owed", "3")

    synced(14, bia)
    tap(tablet, "cyc-pay")
    synced(15, ana, bia)
    expect_label(ana, "cyc-phase", "upkeep")
    expect_label(ana, "cyc-gold", "10")
    expect_label(bia, "cyc-gold", "11")
    assert not any(shows_number(ana, n) for n in (14, 11)) and shows_number(ana, 10)
    assert not any(shows_number(bia, n) for n in (12, 10)) and shows_number(bia, 11)
    assert not any(shows_number(tablet, n) for n in (12, 14, 10, 11))
    assert el(tablet, "cyc-gold").count() == 0


FIVE = ["ana", "bia", "caio", "dino", "eva"]


def test_five_players_scoreboard_fits_the_tablet_and_the_last_quick_action_works(server, browser):
    created = server.api("POST", "/api/tables", {"game": "cyclades", "options": {"players": FIVE}})
    table, host = created["id"], created["host_token"]
    for event in ({"type": "start", "order": FIVE, "gods": ["athena", "ares", "zeus", "hera"]},
                  {"type": "phase.next"}):
        server.api("POST", f"/api/tables/{table}/events?k={host}", event)
    eva = created["seats"]["eva"]["token"]
    tablet, phone = open_together(browser, (f"{server.url}/t/{table}?k={host}", TABLET),
                                  (f"{server.url}/t/{table}?k={eva}", PHONE), history=False)
    expect_label(tablet, "tile-eva", "Eva")
    assert tablet.evaluate("() => window.scrollY") == 0
    for seat in FIVE:
        assert in_view(tablet, f"score-{seat}"), seat
    assert in_view(tablet, "quick-priestesses-eva")
    tap(tablet, "quick-priestesses-eva")  # no scrolling, one tap
    synced(3, tablet)
    expect(el(phone, "quick-priestesses-eva")).to_be_visible()
    assert in_view(phone, "score-eva") and in_view(phone, "quick-philosophers-eva")  # own tile first on a phone
    assert el(phone, "quick-priestesses-ana").count() == 0  # not this phone's to change
    tap(phone, "quick-philosophers-eva")
    synced(4, tablet)
    record = server.api("GET", f"/api/tables/{table}?k={host}")["state"]["tracker"]["eva"]
    assert (record["priestesses"], record["philosophers"]) == (1, 1)
