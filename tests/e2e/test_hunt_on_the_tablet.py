"""A Lords of Hellas hunt under way on the tablet lying on the table: the wound spaces and the
buttons that place them are all on the 1280x800 screen without scrolling, in both languages;
the phone keeps its one column within its 390 px width."""
from __future__ import annotations

import pytest
from drive import PHONE, TABLET, el, goto, still_box, tap

SLOTS = ["priest", "artifact", "none", "priest", "none"]
BUTTONS = [*(f"loh-wound-{i}" for i in range(len(SLOTS))), "loh-hunt-attack", "loh-hunt-miss"]


def boxes(page) -> dict[str, dict]:
    """Each button's box once it is at rest: read as the panel grew in, one was 4 px high."""
    el(page, "loh-hunt-miss").wait_for(state="attached")
    return {i: still_box(page, i) for i in BUTTONS}


@pytest.mark.shares_server
@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_the_wounds_and_their_confirm_fit_the_tablet_and_the_phone(server, browser, locale):
    players = ["ana", "bia", "caio"]
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas", "options": {
        "players": players, "names": {p: p.title() for p in players}}})
    host = f"/api/tables/{created['id']}/events?k={created['host_token']}"
    server.api("POST", host, {"type": "hunt.start", "monster": "Chimera", "slots": SLOTS})
    server.api("POST", host, {"type": "hunt.attack", "wounds": [0]})
    for size, key in ((TABLET, created["host_token"]), (PHONE, created["seats"]["ana"]["token"])):
        page = browser.new_context(viewport=size, locale=locale).new_page()
        goto(page, f"{server.url}/t/{created['id']}?k={key}")
        tap(page, "loh-tab-hunt")
        seen = boxes(page)
        if size is TABLET:
            low = {i: b for i, b in seen.items() if b is None or b["y"] < 0 or b["y"] + b["height"] > size["height"]}
            assert low == {}, low
            assert min(b["height"] for b in seen.values()) >= 48, seen  # (a phone's clips at its edge)
        assert all(b is not None and b["x"] >= 0 and b["x"] + b["width"] <= size["width"] for b in seen.values()), seen
        page.context.close()
