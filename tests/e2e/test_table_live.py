"""The table server as players use it: tablet creates, phone joins, changes flow both ways."""
import pytest
from drive import PHONE, el, expect_label, goto, open_app, settle, tap, type_into
from playwright.sync_api import expect


def test_create_join_add_undo_and_reload(server, browser):
    tablet = open_app(browser, f"{server.url}/?admin={server.admin}")
    tap(tablet, "game-scorepad")
    type_into(tablet, "player-0", "Ana")
    type_into(tablet, "player-1", "Bia")
    tap(tablet, "create-table")
    tablet.wait_for_url("**/t/**")
    table_id = tablet.url.split("/t/")[1].split("?")[0]
    expect(el(tablet, "join-card")).to_be_attached()
    expect(el(tablet, "join-bia")).to_be_attached()

    seat_url = f"{server.url}/t/{table_id}?k={server.seat_token(table_id, 'bia')}"
    phone = open_app(browser, seat_url, PHONE)
    expect_label(phone, "identity", "Bia")
    tap(phone, "add-bia-5")
    expect_label(phone, "score-bia", "5")
    expect_label(tablet, "score-bia", "5")  # live, no reload

    tap(tablet, "undo")
    expect_label(tablet, "score-bia", "0")
    expect_label(phone, "score-bia", "0")

    tap(phone, "redo")
    expect_label(tablet, "score-bia", "5")

    # A reload (or a phone that slept) comes back to the same table and seat.
    goto(phone, f"{server.url}/")
    expect_label(phone, "identity", "Bia")
    expect_label(phone, "score-bia", "5")
    phone.reload(wait_until="commit")
    settle(phone)
    expect_label(phone, "identity", "Bia")


@pytest.mark.shares_server
def test_a_refused_action_is_explained(server, browser):
    created = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    tablet = open_app(browser, f"{server.url}/t/{created['id']}?k={created['host_token']}")
    tap(tablet, "undo") if el(tablet, "undo").is_enabled() else None
    spectator = open_app(browser, f"{server.url}/t/{created['id']}?k={created['spectator_token']}", PHONE)
    expect_label(spectator, "identity", "Watching")
    tap(spectator, "add-ana-1")
    expect_label(spectator, "toast", "Spectators")
    expect_label(tablet, "score-ana", "0")


@pytest.mark.shares_server
def test_a_link_without_a_valid_key_shows_nothing(server, browser):
    created = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    page = open_app(browser, f"{server.url}/t/{created['id']}?k=wrong")
    expect(el(page, "no-access")).to_be_attached()
    expect(el(page, "score-ana")).to_have_count(0)
