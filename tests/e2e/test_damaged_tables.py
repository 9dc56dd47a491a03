"""Damaged table files are shown, not hidden: the tablet lists each with what is wrong and can move
it to deleted/, a phone on its link says the file is damaged, and the good tables still list."""
import re

from drive import PHONE, el, expect_label, open_app, tap
from playwright.sync_api import expect


def test_damaged_files_are_listed_movable_and_explained_on_a_phone(server, browser):
    good = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana"]}})
    tables = server.data_dir / "tables"
    (tables / "dead0001.json").write_bytes(b"\x00garbage\xff")
    (tables / "list0001.json").write_text("[1, 2, 3]")

    tablet = open_app(browser, f"{server.url}/?admin={server.admin}")
    expect(el(tablet, f"table-{good['id']}")).to_be_attached()
    expect(el(tablet, "damaged-dead0001")).to_have_attribute("aria-label", re.compile("damaged.*not JSON", re.I))
    expect(el(tablet, "damaged-list0001")).to_have_attribute("aria-label", re.compile("not a table"))
    assert server.api("GET", "/api/health")["damaged"] == 2

    phone = open_app(browser, f"{server.url}/t/list0001?k=whatever", PHONE)
    expect_label(phone, "damaged-table", "damaged")

    tap(tablet, "move-damaged-dead0001")
    expect(el(tablet, "damaged-dead0001")).not_to_be_attached()
    expect(el(tablet, f"table-{good['id']}")).to_be_attached()
    assert not (tables / "dead0001.json").exists()
    assert len(list((server.data_dir / "deleted").glob("dead0001-*.json"))) == 1
    assert server.api("GET", "/api/health")["damaged"] == 1
