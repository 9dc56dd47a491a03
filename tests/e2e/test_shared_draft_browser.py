"""In Chromium, through the real server: two devices fill one Lords of Hellas battle form (a table-held
draft, core/drafts.py). Each entry shows on both screens with who made it, and the tablet's Resolve
takes exactly the two sides both screens show."""
from __future__ import annotations

import pytest
from drive import PHONE, el, expect_label, open_app, tap
from playwright.sync_api import expect

from companion.games.lords_of_hellas import army_strength

pytestmark = pytest.mark.shares_server  # only its own table, made through the API

OPTIONS = {"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}}


def bump(page, ident: str, to: int) -> None:
    """Tap a stepper's + until it shows `to`, each tap after the last one's value came back."""
    for value in range(1, to + 1):
        tap(page, f"{ident}-plus")
        expect_label(page, f"{ident}-value", str(value))


def test_two_devices_fill_one_battle_and_resolve_takes_both_sides(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": OPTIONS})
    tid, host = created["id"], created["host_token"]
    ana = server.claim(tid, created["seats"]["ana"]["token"])
    tablet = open_app(browser, f"{server.url}/t/{tid}?k={host}")
    phone = open_app(browser, f"{server.url}/t/{tid}?k={ana}", PHONE)
    for page in (tablet, phone):
        tap(page, "loh-tab-battle")
    expect_label(tablet, "loh-battle-by", "Shared form")

    bump(phone, "loh-attacker-base", 2)  # Ana, on her phone, her own side
    bump(tablet, "loh-defender-base", 1)  # the tablet, for Bia
    tap(tablet, "loh-defender-fortified-plus")
    for page in (tablet, phone):  # both entries survive, on both screens, with who made them
        expect_label(page, "loh-attacker-base-value", "2")
        expect_label(page, "loh-defender-base-value", "1")
        expect_label(page, "loh-defender-fortified-value", "1")
        expect(el(page, "loh-battle-by")).to_contain_text("Ana")
        expect(el(page, "loh-battle-by")).to_contain_text("Tablet")

    tap(tablet, "loh-battle-resolve")
    expect_label(phone, "loh-battle-winner", "wins")
    battle = server.api("GET", f"/api/tables/{tid}?k={host}")["state"]["last_battle"]
    attacker = {"player": "ana", "base": 2, "hoplites": 1, "fortified": 0, "can_retreat": True, "cards": []}
    defender = {"player": "bia", "base": 1, "hoplites": 1, "fortified": 1, "can_retreat": True, "cards": []}
    assert battle["strength"] == {"attacker": army_strength(attacker), "defender": army_strength(defender)}
    for page in (tablet, phone):  # the form is empty again for the next battle
        expect_label(page, "loh-attacker-base-value", "0")
