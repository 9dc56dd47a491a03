"""Joining is claiming: the first phone to open a seat's link keeps it; the tablet can move it.

Also: a phone's Undo says what it will take back and touches only its own seat's changes,
and a player called Host is one more seat.
"""
import pytest
from drive import PHONE, el, expect_label, open_app, settle, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

ALREADY = "This seat has already joined on another phone. Ask the tablet to move it to this one."


def test_the_first_phone_claims_the_seat_and_the_old_link_shows_nothing(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    link = f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}"
    ana = open_app(browser, link, PHONE)
    expect_label(ana, "identity", "Ana")
    assert table["seats"]["ana"]["token"] not in ana.url  # the address now holds the device's key
    ana.reload(wait_until="commit")
    settle(ana)
    expect_label(ana, "identity", "Ana")  # a reload keeps the seat

    rival = open_app(browser, link, PHONE)
    expect_label(rival, "no-access-reason", ALREADY)
    expect(el(rival, "identity")).to_have_count(0)
    expect(el(rival, "score-ana")).to_have_count(0)


def test_the_tablet_moves_a_seat_and_the_old_phone_is_told(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    old = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}", PHONE)
    expect_label(old, "identity", "Ana")
    tap(tablet, "move-ana")  # it throws Ana's phone out, so the tablet asks first and says so
    expect_label(tablet, "move-confirm", "Move to another phone")
    expect(tablet.get_by_text("leaves the table at once")).to_be_visible()
    assert server.seat_token(table["id"], "ana") == table["seats"]["ana"]["token"]  # nothing moved yet
    tap(tablet, "move-confirm")
    expect_label(old, "no-access-reason", "Your seat moved to another phone")
    expect(el(old, "score-ana")).to_have_count(0)
    expect(el(tablet, "join-ana")).to_be_attached()
    fresh = server.seat_token(table["id"], "ana")
    assert fresh != table["seats"]["ana"]["token"]
    new = open_app(browser, f"{server.url}/t/{table['id']}?k={fresh}", PHONE)
    expect_label(new, "identity", "Ana")
    expect(el(tablet, "joined-ana")).to_be_attached()


def test_when_everyone_joined_the_card_folds_into_a_button(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expect(el(tablet, "join-ana")).to_be_attached()
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}", PHONE)
    expect_label(phone, "identity", "Ana")
    expect(el(tablet, "join-unfold")).to_be_attached()
    expect(el(tablet, "join-spectator")).to_have_count(0)
    tap(tablet, "join-unfold")
    expect(el(tablet, "join-spectator")).to_be_attached()  # the spectator code stays


def test_undo_says_what_it_takes_back_and_is_the_owners(server, browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Host", "Bia"]}})
    [host_seat] = [s for s in table["seats"] if s != "bia"]
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    host = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats'][host_seat]['token']}", PHONE)
    bia = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['bia']['token']}", PHONE)
    expect_label(host, "identity", "Host")
    tap(bia, "add-bia-5")
    expect_label(bia, "undo", "Undo: Bia +5")
    # not Host's: a few words on the button, and a tap on it reads the whole reason
    expect_label(host, "undo", "Undo is off: why?")
    tap(host, "undo")
    expect_label(host, "toast", "only Bia's phone or the tablet can undo it")
    expect_label(bia, "score-bia", "5")  # the tap undid nothing
    expect_label(tablet, "undo", "Undo: Bia +5")
    tap(tablet, "undo")
    expect_label(bia, "score-bia", "0")
    tap(bia, "redo")
    expect_label(tablet, "score-bia", "5")

