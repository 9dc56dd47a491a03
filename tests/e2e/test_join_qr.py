"""The QR codes on the tablet decode (as a phone camera would) to each seat's own link."""
from drive import el, open_app, scan_qr


def test_join_codes_scan_to_seat_and_spectator_links(server, browser, tmp_path):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expected = {"ana": table["seats"]["ana"]["token"], "bia": table["seats"]["bia"]["token"],
                "spectator": table["spectator_token"]}
    for who, token in expected.items():
        code = el(tablet, f"join-{who}")
        code.scroll_into_view_if_needed()
        decoded = scan_qr(tablet, code, tmp_path / f"{who}.png")
        assert decoded.endswith(f"/t/{table['id']}?k={token}")
        assert decoded.startswith(f"{server.url}/t/")  # the tablet is on localhost: the detected address

