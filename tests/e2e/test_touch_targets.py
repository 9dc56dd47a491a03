"""Touch targets a finger can hit: switches and the language button are at least 48 px high,
measured in the browser (their drawn boxes), on the phone and on the tablet."""
from __future__ import annotations

import pytest
from drive import PHONE, TABLET, drawn, el, expect_label, open_app, tap, until

TOUCH = 48


def height(page, ident: str) -> float:
    box = el(page, ident).bounding_box()
    assert box is not None, ident
    return box["height"]


def in_sight(page, ident: str) -> dict:
    """Wheel the page down until `ident` is wholly on screen (Flutter draws on a canvas), then its box."""
    page.mouse.move(page.viewport_size["width"] / 2, page.viewport_size["height"] / 2)
    seen: dict = {}

    def shown() -> bool:
        seen["box"] = box = el(page, ident).bounding_box()
        if box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]:
            return True
        page.mouse.wheel(0, 150)
        return False
    assert until(shown), seen
    return seen["box"]


@pytest.mark.shares_server
def test_lords_of_hellas_retreat_switches_and_the_language_button_are_a_fingers_height(server, browser):
    created = server.api("POST", "/api/tables", {"game": "lords_of_hellas",
                                                  "options": {"players": ["ana", "bia"],
                                                              "names": {"ana": "Ana", "bia": "Bia"}}})
    phone = open_app(browser, f"{server.url}/t/{created['id']}?k={created['seats']['bia']['token']}", PHONE)
    expect_label(phone, "identity", "Bia")
    tap(phone, "loh-tab-battle")
    el(phone, "loh-defender-retreat").wait_for()
    heights = {i: height(phone, i) for i in ("lang", "loh-attacker-retreat", "loh-defender-retreat")}
    assert min(heights.values()) >= TOUCH, heights
    # The added height takes the tap: a finger 2 px inside the top edge turns the switch over.
    box = in_sight(phone, "loh-attacker-retreat")
    drawn(phone)
    phone.mouse.click(box["x"] + box["width"] / 2, box["y"] + 2)
    url = f"/api/tables/{created['id']}?k={created['host_token']}"

    def retreat() -> object:
        entries = ((server.api("GET", url)["state"].get("drafts") or {}).get("battle") or {}).get("entries") or {}
        return (entries.get("attacker") or {}).get("can_retreat")
    assert until(lambda: retreat() is False), retreat()
    phone.context.close()


@pytest.mark.shares_server
def test_the_show_my_gems_and_keep_awake_switches_are_a_fingers_height(server, browser):
    created = server.api("POST", "/api/tables", {"game": "fleecing_olympus",
                                                  "options": {"players": ["ana", "bia", "caio"]}})
    phone = open_app(browser, f"{server.url}/t/{created['id']}?k={created['seats']['bia']['token']}", PHONE)
    el(phone, "fo-reveal").wait_for()
    assert height(phone, "fo-reveal") >= TOUCH, height(phone, "fo-reveal")
    tablet = open_app(browser, f"{server.url}/t/{created['id']}?k={created['host_token']}", TABLET)
    el(tablet, "keep-awake").wait_for()
    heights = {i: height(tablet, i) for i in ("keep-awake", "lang")}
    assert min(heights.values()) >= TOUCH, heights
    for page in (phone, tablet):
        page.context.close()
