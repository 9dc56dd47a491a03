"""The QR codes on the tablet decode (as a phone camera would) to each open invitation only."""
import subprocess

from drive import PHONE, el, expect_label, open_app
from playwright.sync_api import expect


def test_join_codes_scan_to_open_invitations_and_a_joined_seat_drops_out(server, browser, tmp_path):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expected = {"ana": table["seats"]["ana"]["token"], "bia": table["seats"]["bia"]["token"],
                "spectator": table["spectator_token"]}
    for who, token in expected.items():
        code = el(tablet, f"join-{who}")
        code.scroll_into_view_if_needed()
        [decoded] = _scan(tablet, code, tmp_path / f"{who}.png")
        assert decoded.endswith(f"/t/{table['id']}?k={token}")
        assert decoded.startswith(f"{server.url}/t/")  # the tablet is on localhost: the detected address

    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={expected['ana']}", PHONE)
    expect_label(phone, "identity", "Ana")
    expect(el(tablet, "joined-ana")).to_be_attached()
    card = el(tablet, "join-card")
    card.scroll_into_view_if_needed()
    links = _scan(tablet, card, tmp_path / "card.png", count=2)
    assert sorted(link.split("?k=")[1] for link in links) == sorted([expected["bia"], expected["spectator"]])
    assert el(tablet, "join-ana").count() == 0


def _scan(page, code, shot, count: int = 1) -> list[str]:
    """Screenshot and decode every code in it; the SVGs may still be painting on the first try."""
    for _ in range(10):
        code.screenshot(path=str(shot))
        result = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True)
        found = result.stdout.split()
        if result.returncode == 0 and len(found) >= count:
            return found
        page.wait_for_timeout(500)
    raise AssertionError(f"{count} QR code(s) could not be read from {shot}")
