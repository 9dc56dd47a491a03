"""The tablet's key never shows: once its page opens the address bar holds no key, and neither
that address nor a photo of the tablet's link gives another device the tablet's powers."""
from drive import PHONE, el, expect_label, open_app, settle, tap, type_into
from playwright.sync_api import expect


def test_the_tablets_address_holds_no_key_and_gives_another_device_nothing(server, browser):
    created = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    table, host = created["id"], created["host_token"]
    link = f"{server.url}/t/{table}?k={host}"
    tablet = open_app(browser, link)
    expect(el(tablet, "end-game")).to_be_attached()  # a tablet-only control: the tablet's powers
    tablet.wait_for_url(f"{server.url}/t/{table}")
    assert host not in tablet.url and "k=" not in tablet.url
    tablet.reload(wait_until="commit")  # the key lives in the tablet's own storage
    settle(tablet)
    expect(el(tablet, "end-game")).to_be_attached()
    assert host not in tablet.url
    # The address as the tablet shows it, typed into a phone: nothing of the table.
    typed = open_app(browser, tablet.url, PHONE)
    expect(el(typed, "no-access")).to_be_attached()
    expect(el(typed, "end-game")).to_have_count(0)
    # A photo of the tablet's link, opened after the tablet used it: no tablet powers either.
    photo = open_app(browser, link, PHONE)
    expect_label(photo, "no-access-reason", "already opened on another device")
    expect(el(photo, "end-game")).to_have_count(0)
    # The admin key still opens the table as the tablet, and leaves the address bar too.
    admin = open_app(browser, f"{server.url}/t/{table}?admin={server.admin}")
    expect(el(admin, "end-game")).to_be_attached()
    admin.wait_for_url(f"{server.url}/t/{table}")
    assert server.admin not in admin.url


def test_a_table_made_on_the_tablet_opens_without_a_key_in_the_address(server, browser):
    tablet = open_app(browser, f"{server.url}/?admin={server.admin}")
    tablet.wait_for_url(f"{server.url}/")
    assert server.admin not in tablet.url
    tap(tablet, "game-scorepad")
    type_into(tablet, "player-0", "Ana")
    tap(tablet, "create-table")
    tablet.wait_for_url("**/t/**")
    expect(el(tablet, "end-game")).to_be_attached()
    assert "k=" not in tablet.url and "admin=" not in tablet.url
