"""Fleecing Olympus in the browser: two phones settle a wager and each sees only its own gems.

The tablet and the phones are separate browser profiles on the real server;
a turn is played from the phones' own buttons, and each page's accessible
text is then searched for the counts it must not hold.
"""
import re

import pytest
from drive import PHONE, el, expect_label, in_view, open_app, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

# Powers that only touch cards, so the turn moves no gems before the wager.
DEITIES = {"ana": "athena", "bia": "hades", "caio": "poseidon"}


def page_text(page) -> str:
    """Everything the page exposes as text: visible strings and accessible labels."""
    return page.evaluate("""() => {
        const parts = [];
        for (const e of document.querySelectorAll('flt-semantics, [aria-label]')) {
            parts.push(e.innerText || '', e.getAttribute('aria-label') || '');
        }
        return parts.join('\\n');
    }""")


def tap_when_enabled(page, ident: str) -> None:
    """A button drawn before the last tap's redraw may still be greyed out: wait for the fresh one."""
    expect(el(page, ident).locator("[role='button']:not([aria-disabled='true'])")).to_have_count(1)
    tap(page, ident)


def holds(text: str, number: int) -> bool:
    """`number` standing alone, not inside a longer number, a port, a join token or a clock
    time (the history's "11:20" once made this test fail at twenty past the hour)."""
    return re.search(rf"(?<![\w:-]){number}(?![\w:-])", text) is not None


def test_one_phone_pays_the_other_and_no_screen_shows_a_hidden_count(server, browser):
    created = server.api("POST", "/api/tables", {"game": "fleecing_olympus", "options": {
        "players": ["ana", "bia", "caio"], "deities": DEITIES}})
    table = created["id"]
    # Opening roll entered by hand: Ana starts, Bia takes the Judgment token.
    rounds = [{"ana": [5, 5], "bia": [4, 5], "caio": [1, 2]}]
    server.api("POST", f"/api/tables/{table}/events?k={created['host_token']}",
               {"type": "opening_roll", "rounds": rounds})

    tablet = open_app(browser, f"{server.url}/t/{table}?k={created['host_token']}")
    ana = open_app(browser, f"{server.url}/t/{table}?k={created['seats']['ana']['token']}", PHONE)
    bia = open_app(browser, f"{server.url}/t/{table}?k={created['seats']['bia']['token']}", PHONE)
    expect_label(ana, "fo-my-gems", "20")
    expect_label(bia, "fo-my-gems", "20")
    expect(el(tablet, "fo-my-gems")).to_have_count(0)

    # Ana takes the Even side, targets Bia and copies a 6 and a 4: Bia owes Ana 6.
    tap(ana, "fo-power-even")
    expect_label(tablet, "fo-token", "Even")
    for ident in ("fo-roll-target-bia", "fo-roll-d0-6", "fo-roll-d1-4"):  # one tap each: none may be lost
        tap(ana, ident)
        ana.wait_for_timeout(300)  # a player's pace between taps
    tap_when_enabled(ana, "fo-roll-enter")
    expect_label(tablet, "fo-wager", "Bia owes Ana 6")

    # Bia plays a Fate card that raises the wager by two (her first card: free), then Ana settles.
    tap(bia, "fo-card-kind-fate")
    tap(bia, "fo-card-wager-plus")
    expect_label(bia, "fo-card-wager-value", "2")
    tap(bia, "fo-card-play")
    expect_label(tablet, "fo-wager", "Bia owes Ana 8")
    expect_label(ana, "fo-wager", "Bia owes Ana 8")
    tap(ana, "fo-resolve")

    expect_label(ana, "fo-my-gems", "28")
    expect_label(bia, "fo-my-gems", "12")
    expect_label(ana, "fo-last", "You received 8 from Bia")
    expect_label(bia, "fo-last", "You handed over 8 to Ana")
    expect_label(tablet, "fo-last", "Bia lost a wager of 8 to Ana")

    ana_text, bia_text, tablet_text = page_text(ana), page_text(bia), page_text(tablet)
    assert holds(ana_text, 28) and not holds(ana_text, 12)
    assert holds(bia_text, 12) and not holds(bia_text, 28)
    for hidden in (28, 12, 20):  # Caio never showed his 20 either
        assert not holds(tablet_text, hidden), hidden
    assert "You received" not in tablet_text and "handed over" not in tablet_text


SIX = ["ana", "bia", "caio", "dino", "eva", "fay"]


def test_six_players_scoreboard_fits_the_tablet_and_the_last_seat_settles_with_one_tap(server, browser):
    deities = dict(DEITIES, dino="aphrodite", eva="hermes", fay="zeus")
    created = server.api("POST", "/api/tables", {"game": "fleecing_olympus", "options": {
        "players": SIX, "deities": deities}})
    table, host = created["id"], created["host_token"]
    # Fay starts (highest opening sum); Eva holds Judgment; Fay uses Zeus' Even side and rolls against Ana.
    rolls = {p: [1, 2] for p in SIX} | {"fay": [6, 6], "eva": [5, 6]}
    for event in ({"type": "opening_roll", "rounds": [rolls]}, {"type": "power", "side": "even"},
                  {"type": "roll", "target": "ana", "dice": [6, 4]}):
        server.api("POST", f"/api/tables/{table}/events?k={host}", event)
    tablet = open_app(browser, f"{server.url}/t/{table}?k={host}")
    expect_label(tablet, "tile-fay", "Fay")
    assert tablet.evaluate("() => window.scrollY") == 0
    for seat in SIX:
        assert in_view(tablet, f"score-{seat}"), seat
    assert in_view(tablet, "quick-resolve-fay")
    tap(tablet, "quick-resolve-fay")  # no scrolling, one tap: Ana pays Fay 6
    expect_label(tablet, "fo-last", "Ana lost a wager of 6 to Fay")
    assert server.api("GET", f"/api/tables/{table}?k={host}")["state"]["active"] == "ana"
