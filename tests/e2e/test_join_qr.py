"""The QR codes on the tablet decode (as a phone camera would) to each seat's own link."""
import subprocess

from drive import el, open_app


def test_join_codes_scan_to_seat_and_spectator_links(server, browser, tmp_path):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    expected = {"ana": table["seats"]["ana"]["token"], "bia": table["seats"]["bia"]["token"],
                "spectator": table["spectator_token"]}
    for who, token in expected.items():
        code = el(tablet, f"join-{who}")
        code.scroll_into_view_if_needed()
        decoded = _scan(tablet, code, tmp_path / f"{who}.png")
        assert decoded.endswith(f"/t/{table['id']}?k={token}")
        assert decoded.startswith("http://")


def _scan(page, code, shot) -> str:
    """Screenshot the code and decode it; the SVG may still be painting on the first try."""
    for _ in range(10):
        code.screenshot(path=str(shot))
        result = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.strip()
        page.wait_for_timeout(500)
    raise AssertionError(f"no QR code could be read from {shot}")
