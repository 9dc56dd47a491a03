"""The QR codes on the tablet decode (as a phone camera would) to each open invitation only."""

import pytest
from drive import PHONE, el, expect_label, open_app, scan_qrs
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def test_join_codes_scan_to_open_invitations_and_a_joined_seat_drops_out(server, browser, tmp_path):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expected = {"ana": table["seats"]["ana"]["token"], "bia": table["seats"]["bia"]["token"],
                "spectator": table["spectator_token"]}
    for who, token in expected.items():
        code = el(tablet, f"join-{who}")
        code.scroll_into_view_if_needed()
        [decoded] = scan_qrs(tablet, code, tmp_path / f"{who}.png")
        assert decoded.endswith(f"/t/{table['id']}?k={token}")
        assert decoded.startswith(f"{server.url}/t/")  # the tablet is on localhost: the detected address

    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={expected['ana']}", PHONE)
    expect_label(phone, "identity", "Ana")
    expect(el(tablet, "joined-ana")).to_be_attached()
    card = el(tablet, "join-card")
    card.scroll_into_view_if_needed()
    links = scan_qrs(tablet, card, tmp_path / "card.png", count=2)
    assert sorted(link.split("?k=")[1] for link in links) == sorted([expected["bia"], expected["spectator"]])
    assert el(tablet, "join-ana").count() == 0

