"""In Chromium, through the real server: a double tap on Next and two devices pressing it together
take exactly one step, and the slower device is told why nothing more happened."""
import re

from drive import PHONE, el, expect_label, open_app
from playwright.sync_api import expect

TAP_GAP_MS = 150  # the scenario itself: the second tap of a double tap, not a wait for anything
MOVED_ON = re.compile("Already moved on: Day 1: Deployment|The table just moved on")


def kleos_table(server) -> tuple[str, dict]:
    created = server.api("POST", "/api/tables", {"game": "kleos", "options": {"players": ["ares", "athena"]}})
    return created["id"], created


def next_presses(server, table_id: str, host: str) -> int:
    return [e["type"] for e in server.api("GET", f"/api/tables/{table_id}/events?k={host}")].count("phase.next")


def centre(page, ident: str) -> tuple[float, float]:
    target = el(page, ident)
    expect(target).to_be_visible()
    box = target.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_double_tap_on_the_tablets_next_takes_one_step(server, browser):
    table_id, created = kleos_table(server)
    tablet = open_app(browser, f"{server.url}/t/{table_id}?k={created['host_token']}")
    expect_label(tablet, "kleos-next", "Deployment")
    x, y = centre(tablet, "kleos-next")
    tablet.mouse.move(x, y)
    tablet.mouse.down()
    tablet.mouse.up()
    tablet.wait_for_timeout(TAP_GAP_MS)
    tablet.mouse.down()
    tablet.mouse.up()
    # Told in either place: the screen's shield caught it, or the table refused it as sent from Setup.
    expect(el(tablet, "toast")).to_contain_text(MOVED_ON, timeout=10_000)
    expect_label(tablet, "kleos-phase", "Deployment")
    assert next_presses(server, table_id, created["host_token"]) == 1


def test_a_phone_and_the_tablet_pressing_next_together_take_one_step(server, browser):
    table_id, created = kleos_table(server)
    key = server.claim(table_id, created["seats"]["athena"]["token"])
    tablet = open_app(browser, f"{server.url}/t/{table_id}?k={created['host_token']}")
    phone = open_app(browser, f"{server.url}/t/{table_id}?k={key}", PHONE)
    expect_label(tablet, "kleos-next", "Deployment")
    expect_label(phone, "kleos-next", "Deployment")
    at_tablet, at_phone = centre(tablet, "kleos-next"), centre(phone, "kleos-next")
    tablet.mouse.click(*at_tablet)
    phone.mouse.click(*at_phone)
    expect(el(phone, "toast")).to_contain_text(MOVED_ON, timeout=10_000)
    expect_label(phone, "kleos-phase", "Deployment")
    expect_label(tablet, "kleos-phase", "Deployment")
    assert next_presses(server, table_id, created["host_token"]) == 1
    expect(el(tablet, "toast")).to_have_count(0)
