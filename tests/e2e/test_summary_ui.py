"""After the game in the browser: the tablet's BG Stats QR scans to the push link; a phone leads with its own line."""
import re

import pytest
from drive import PHONE, TABLET, el, expect_label, goto, open_app, scan_qr, tap
from playwright.sync_api import expect

from companion.core.bgstats import push_link

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


def test_the_summary_qr_scans_to_the_bgstats_link_and_the_phone_sees_itself_first(server, browser, tmp_path):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia", "Caio"]}})
    events = f"/api/tables/{table['id']}/events?k={table['host_token']}"
    for player, amount in (("ana", 4), ("bia", 9), ("caio", 6)):
        server.api("POST", events, {"type": "points.add", "player": player, "amount": amount})
    server.api("POST", events, {"type": "game.end"})
    summary = server.api("GET", f"/api/tables/{table['id']}/summary?k={table['host_token']}")
    link = push_link(summary)

    # A portrait tablet, so the whole code is on screen without wheeling the canvas.
    context = browser.new_context(viewport={"width": TABLET["width"], "height": 1600}, device_scale_factor=2)
    tablet = context.new_page()
    goto(tablet, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    code = el(tablet, "summary-bgstats-qr")
    code.scroll_into_view_if_needed()
    assert scan_qr(tablet, code, tmp_path / "bgstats.png") == link
    context.close()

    phone_context = browser.new_context(viewport=PHONE)
    phone = phone_context.new_page()
    goto(phone, f"{server.url}/t/{table['id']}?k={table['seats']['ana']['token']}")
    expect_label(phone, "summary-ana", "You · Ana")
    first = phone.locator("[flt-semantics-identifier^='summary-']").first
    assert first.get_attribute("flt-semantics-identifier") in {"summary", "summary-ana"}
    boxes = {who: el(phone, f"summary-{who}").bounding_box() for who in ("ana", "bia", "caio")}
    assert boxes["ana"]["y"] < boxes["bia"]["y"] < boxes["caio"]["y"]
    expect(el(phone, "summary-bgstats-link")).to_have_text(link)  # the button's name, on the button
    phone_context.close()




def test_the_turn_clock_starts_from_the_tablet_and_ticks_on_its_own(server, browser):
    table = server.api("POST", "/api/tables", {"game": "kleos", "options": {
        "players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}}})
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    tap(tablet, "clock-start")
    expect(el(tablet, "turn-clock")).to_be_attached()  # the tablet's tap has started the clock
    events = f"/api/tables/{table['id']}/events?k={table['host_token']}"
    for _ in range(3):  # to the Play phase: Ares' turn
        server.api("POST", events, {"type": "phase.next"})
    expect(el(tablet, "turn-clock")).to_contain_text(re.compile(r"▶ Ares 0:0[2-9]"))
    tap(tablet, "clock-pause")
    expect(el(tablet, "turn-clock")).to_contain_text("paused")
