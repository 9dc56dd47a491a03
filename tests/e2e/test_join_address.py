"""The codes carry the address the tablet itself opened, `--url` beats it, and the host can
switch the codes from the Join card. `tablet.lan` is a made-up LAN name that Chromium maps to
127.0.0.1, so no traffic reaches this machine's real network addresses."""
from __future__ import annotations

from pathlib import Path

from drive import Server, el, open_app, scan_qrs, tap, until
from playwright.sync_api import expect


def _serve(tmp_path: Path, url_option: str | None = None) -> Server:
    srv = Server(tmp_path / "data")
    if url_option:
        srv.args = ["--url", url_option.format(port=srv.port)]
    srv.start()
    return srv


# A tablet stood on its long side: the whole Join card fits, so no scroll has to land on a code.
TALL = {"width": 1280, "height": 1600}


def _codes(page, table: dict, tmp_path: Path) -> dict[str, str | None]:
    """The link each code on the Join card holds, read off the whole screen as a camera would: a
    code's own accessibility box can lag behind where it is painted after the card redraws."""
    links = scan_qrs(page, page, tmp_path / "codes.png", count=len(table["seats"]) + 1)
    tokens = {"ana": table["seats"]["ana"]["token"], "spectator": table["spectator_token"]}
    return {who: next((link for link in links if link.endswith(f"?k={token}")), None)
            for who, token in tokens.items()}


def _table(srv: Server) -> dict:
    return srv.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})


def test_codes_use_the_lan_name_the_tablet_opened(lan_browser, tmp_path):
    srv = _serve(tmp_path)
    try:
        table = _table(srv)
        lan = f"http://tablet.lan:{srv.port}"
        tablet = open_app(lan_browser, f"{lan}/t/{table['id']}?k={table['host_token']}", TALL)
        assert _codes(tablet, table, tmp_path) == {
            "ana": f"{lan}/t/{table['id']}?k={table['seats']['ana']['token']}",
            "spectator": f"{lan}/t/{table['id']}?k={table['spectator_token']}",
        }
    finally:
        srv.stop()


def test_url_option_wins_and_the_host_can_switch_the_codes(lan_browser, tmp_path):
    srv = _serve(tmp_path, "http://phones.lan:{port}")
    try:
        table = _table(srv)
        lan = f"http://tablet.lan:{srv.port}"
        tablet = open_app(lan_browser, f"{lan}/t/{table['id']}?k={table['host_token']}", TALL)
        ana = f"/t/{table['id']}?k={table['seats']['ana']['token']}"
        assert _codes(tablet, table, tmp_path)["ana"] == f"http://phones.lan:{srv.port}{ana}"

        tap(tablet, "join-trouble")
        choice = el(tablet, "join-address-0")
        expect(choice).to_contain_text(lan)
        expect(el(tablet, "join-address-1")).to_have_count(0)  # 127.0.0.1 is never offered
        choice.click()
        expect(el(tablet, "join-address-0")).to_have_count(0)  # redrawn: the list folds away
        now: dict = {}

        def repainted() -> bool:  # the new code may still be painting
            now.update(_codes(tablet, table, tmp_path))
            return now["ana"] == f"{lan}{ana}"

        until(repainted)
        assert now == {"ana": f"{lan}{ana}", "spectator": f"{lan}/t/{table['id']}?k={table['spectator_token']}"}
    finally:
        srv.stop()
