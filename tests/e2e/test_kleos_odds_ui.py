"""The Kleos odds panel and dice tray in a real browser, on a Kleos table of the real server.

A roll's faces are drawn by the server (dice.roll), so the test reads them from the
table's state and checks the tray shows those.
"""
from __future__ import annotations

import pytest
from drive import PHONE, Server, el, expect_label, open_app, tap
from playwright.sync_api import expect

from companion.games.kleos.dice import count_successes
from companion.games.kleos.odds import Fighter, combat
from companion.i18n import t
from companion.ui.games.kleos.odds import percent

@pytest.fixture(scope="module")
def kleos_table(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("kleos_odds") / "data")
    server.start()
    try:
        created = server.api("POST", "/api/tables", {"game": "kleos", "options": {"players": ["ares", "athena"]}})
        host = f"{server.url}/t/{created['id']}?k={created['host_token']}"
        seat = f"{server.url}/t/{created['id']}?k={created['seats']['athena']['token']}"
        yield host, seat, lambda: server.api("GET", f"/api/tables/{created['id']}?k={created['host_token']}")
    finally:
        server.stop()


def test_a_combat_set_on_the_panel_shows_its_odds(kleos_table, browser):
    host, _, read = kleos_table
    page = open_app(browser, host)
    tap(page, "kleos-tab-odds")
    expect_label(page, "odds-outcome_defender_only", "19.2%")
    # Each tap re-renders the panel, so wait for its effect before the next one.
    for ident, shown, text in (("attacker-attack-plus", "attacker-attack-value", "4"),
                               ("attacker-attack-plus", "attacker-attack-value", "5"),
                               ("defender-defense-plus", "defender-defense-value", "3"),
                               # 5 Godly dice need 3 successes: 16/32, and the attacker lives through
                               # the strike back (3 dice against Defense 2) 20/27 of those times: 37.0%.
                               ("attacker-godly", "odds-outcome_defender_only", "37.0%"),
                               # A beaten Champion is worth 2 Glory: 2 x 1/2.
                               ("defender-champion", "odds-attacker_glory", "1.00")):
        tap(page, ident)
        expect_label(page, shown, text)
    odds = combat(Fighter(5, 2, godly=True), Fighter(3, 3, champion=True))
    expect_label(page, "odds-outcome_slaughter", "0.0%")
    for name, chance in odds.exclusive().items():
        expect_label(page, f"odds-outcome_{name}", percent(chance, "en"))

    # The dice tray offers the attacker just set up, and rolls the seeded faces.
    tap(page, "kleos-tab-dice")
    tap(page, "dice-preset-attacker")
    expect_label(page, "dice-count-value", "5")
    tap(page, "dice-roll")
    expect_label(page, "dice-by", "The tablet rolled 5 Godly dice")
    faces = read()["state"]["roll"]["faces"]
    # The faces are pictures, so they are named rather than written out.
    expect(el(page, "dice-faces")).to_have_accessible_name(" ".join(t(f"kleos_tools.face_{f}") for f in faces))
    expect_label(page, "dice-successes", f"{t('kleos_tools.successes')} {count_successes(faces, True)}")


def test_recruit_odds_on_a_phone(kleos_table, browser):
    _, seat, _ = kleos_table
    page = open_app(browser, seat, PHONE)
    tap(page, "kleos-tab-odds")
    tap(page, "odds-tab-recruit")
    expect_label(page, "odds-recruit_chance", "70.4%")  # 1 - (2/3)^3 = 19/27
    expect_label(page, "recruit-disposition-value", "1")
    tap(page, "recruit-disposition-plus")
    expect_label(page, "odds-recruit_chance", "25.9%")  # two of three: 7/27
