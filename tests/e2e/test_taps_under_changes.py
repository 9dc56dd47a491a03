"""A tap on the tablet still counts when other devices change the table while it is in flight.

The app promises that no tap is lost. Each change from elsewhere is broadcast and redraws part of
the tablet's screen while the tablet's own tap may be on its way: pressed but not yet released,
released but not yet sent, or sent but not yet handled by the server. These tests press a button
with the mouse while another thread posts several changes through the API, tightly timed, at a
range of moments around the press, and check each time that the tap's effect happened once.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Callable

import pytest
from drive import drawn, el, expect_label, kleos_table, open_app, post, until
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

# The scenario's own timing, not waits for anything: where the other devices' changes start,
# relative to the press (negative: before it), so that they meet the tap at every stage of its way.
LEADS_S = (-0.05, 0.0, 0.02, 0.05, 0.1, 0.2)
ROUNDS = 1  # each lead once per button: about 20 s a button on an idle 2-core machine
HOLD_S = 0.06  # how long a finger rests on the glass between press and release


def centre(page, ident: str) -> tuple[float, float]:
    target = el(page, ident)
    expect(target).to_be_visible()
    expect(target).to_be_enabled()
    box = target.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_while(page, ident: str, changes: Callable[[], None], lead_s: float) -> None:
    """Press and release `ident` as a finger does while `changes()` runs on another thread,
    starting `lead_s` after the press (before it when negative)."""
    drawn(page)
    x, y = centre(page, ident)
    page.mouse.move(x, y)
    pressed = threading.Event()
    failed: list[BaseException] = []

    def others() -> None:
        if lead_s >= 0:
            pressed.wait(10)
        time.sleep(abs(lead_s))
        try:
            changes()
        except BaseException as err:  # noqa: BLE001 - reported on the test's thread
            failed.append(err)

    thread = threading.Thread(target=others)
    thread.start()
    if lead_s < 0:
        time.sleep(-lead_s / 2)  # the changes are on their way when the finger lands
    page.mouse.down()
    pressed.set()
    time.sleep(HOLD_S)
    page.mouse.up()
    thread.join(30)
    assert not failed, failed


def shows_now(page, server, table: dict) -> None:
    """The page has drawn the table's current step: a Next pressed now is aimed at it."""
    step = server.api("GET", f"/api/tables/{table['id']}?k={table['host_token']}")["step"]
    expect(el(page, f"step-drawn-{step}")).to_be_attached()


def events(server, table: dict) -> list[dict]:
    return server.api("GET", f"/api/tables/{table['id']}/events?k={table['host_token']}")


def count(server, table: dict, kind: str, **match) -> int:
    return sum(1 for e in events(server, table)
               if e["type"] == kind and all(e.get(k) == v for k, v in match.items()))


def phone_key(server, table: dict, seat: str) -> str:
    return server.claim(table["id"], table["seats"][seat]["token"])


def from_phone(server, table: dict, key: str, event: dict) -> None:
    """A change from a player's phone: the tablet shows it as news, and the tile glows."""
    server.api("POST", f"/api/tables/{table['id']}/events?k={key}", event)


def scores_thrice(server, table: dict, athena: str) -> Callable[[], None]:
    """Athena's phone adds three Glory, one request after another: the changes a tap races."""
    def athena_scores() -> None:
        for _ in range(3):
            from_phone(server, table, athena, {"type": "glory.add", "player": "athena", "reason": "kill"})
    return athena_scores


def test_start_the_turn_clock_while_the_table_moves_on(server, browser):
    """The CI case: the tablet, just opened from its link, starts the clock while three Nexts come
    through the API. (It was lost: the tablet's own push of its address without the key came back
    from the browser as a route change, and the app left the table and joined it again across
    several browser round trips; a tap landing meanwhile found no table.)"""
    for lead in LEADS_S * ROUNDS:
        table = server.api("POST", "/api/tables", {"game": "kleos", "options": {
            "players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}}})
        tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")

        def three_nexts() -> None:
            for _ in range(3):
                post(server, table, {"type": "phase.next"})

        tap_while(tablet, "clock-start", three_nexts, lead)  # as soon as it is drawn
        assert until(lambda: count(server, table, "clock.start") == 1), f"the Start tap was lost (lead {lead} s)"
        expect(el(tablet, "turn-clock")).to_contain_text(re.compile(r"▶ \w+"))
        assert count(server, table, "phase.next") == 3
        tablet.context.close()


def test_glory_taps_count_while_phones_score(server, browser):
    table = kleos_table(server, 3)  # the first Play phase: Glory counts
    athena = phone_key(server, table, "athena")
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expect_label(tablet, "score-ares", "0")

    athena_scores = scores_thrice(server, table, athena)

    taps = 0
    for _ in range(ROUNDS):
        for lead in LEADS_S:
            tap_while(tablet, "quick-kill-ares", athena_scores, lead)
            taps += 1
            assert until(lambda: count(server, table, "glory.add", player="ares") == taps), \
                f"a Glory tap was lost (lead {lead} s)"
    expect(el(tablet, "score-ares")).to_contain_text(str(taps))
    assert count(server, table, "glory.add", player="athena") == 3 * taps
    tablet.context.close()


def test_next_taps_count_while_phones_score(server, browser):
    """Glory from a phone never makes a Next stale (core/steps.py): every Next tapped meanwhile
    takes its step. A table has four free Nexts from its first Play turn (then Dusk asks for its
    sheet), so each round starts a table of its own."""
    leads = list(LEADS_S) * ROUNDS
    while leads:
        table = kleos_table(server, 3)
        athena = phone_key(server, table, "athena")
        tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
        expect_label(tablet, "kleos-phase", "Play")

        athena_scores = scores_thrice(server, table, athena)

        for presses in range(1, 5):
            if not leads:
                break
            lead = leads.pop()
            expect(el(tablet, "kleos-next")).to_be_enabled()
            tap_while(tablet, "kleos-next", athena_scores, lead)
            assert until(lambda: count(server, table, "phase.next") == 3 + presses), \
                f"a Next tap was lost (lead {lead} s)"
            shows_now(tablet, server, table)  # the new step is on screen before the next press
        tablet.context.close()

