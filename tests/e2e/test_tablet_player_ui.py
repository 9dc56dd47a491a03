"""A player without a phone, in the browser (issue 41): Ana plays on the tablet, Bia on her phone.

Ana's purse (917, a number no other screen holds) shows on the tablet only after a tap on
"Ana's screen" and a confirm that the others look away, hides again with a tap, and never
reaches Bia's phone: not on its screen, not in any frame its socket received. The mark
"plays on the tablet" is the table's: the tablet reloaded still has it, and still offers
Ana's screen.
"""
from __future__ import annotations

import msgpack
import pytest
from drive import PHONE, TABLET, el, expect_label, settle, tap
from playwright.sync_api import expect

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API

ANA_GOLD = 917


def _table(server) -> tuple[str, str, dict]:
    made = server.api("POST", "/api/tables", {"game": "cyclades", "options": {"players": ["ana", "bia", "caio"]}})
    tid, host = made["id"], made["host_token"]
    assert server.api("POST", f"/api/tables/{tid}/seats/ana/tablet?k={host}", {"on": True}) == \
        {"seat": "ana", "tablet": True}

    def send(**command) -> None:
        server.api("POST", f"/api/tables/{tid}/events?k={host}", command)

    send(type="start", order=["ana", "bia", "caio"], gods=["athena", "ares"])
    send(type="phase.next")
    for player, prosperity in (("ana", ANA_GOLD - 5), ("bia", 1), ("caio", 2)):
        send(type="income", player=player, prosperity=prosperity)
    send(type="phase.next")
    return tid, host, made["seats"]


def _recorded(page) -> list[bytes]:
    """Every frame the page's sockets receive from now on."""
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived",
                                          lambda f: frames.append(f.encode() if isinstance(f, str) else f)))
    return frames


def test_the_tablet_players_screen_shows_behind_a_confirm_and_never_reaches_a_phone(server, browser):
    tid, host, seats = _table(server)
    bia_page = browser.new_context(viewport=PHONE).new_page()
    bia_frames = _recorded(bia_page)
    bia_page.goto(f"{server.url}/t/{tid}?k={seats['bia']['token']}")
    settle(bia_page)
    tablet = browser.new_context(viewport=TABLET).new_page()
    tablet.goto(f"{server.url}/t/{tid}?k={host}")
    settle(tablet)

    tap(tablet, "private-open-ana")
    expect_label(tablet, "private-ask", "Ana's screen: others look away")
    assert el(tablet, "cyc-gold").count() == 0  # nothing shows before the confirm
    tap(tablet, "private-show")
    expect_label(tablet, "private-title", "Ana's screen: others look away")
    expect_label(tablet, "cyc-gold", str(ANA_GOLD))
    expect_label(tablet, "cyc-bidder", "Your pawn")  # her own bid, from her own screen
    tap(tablet, "cyc-bid-athena")
    expect_label(bia_page, "cyc-offer-athena", "1 Ana")
    tap(tablet, "private-hide")
    expect(el(tablet, "private-open-ana")).to_have_count(1)
    assert el(tablet, "cyc-gold").count() == 0

    tablet.reload()  # the mark is the table's: the reloaded tablet still knows Ana plays here
    settle(tablet)
    el(tablet, "tablet-ana").wait_for(state="attached")
    el(tablet, "private-open-ana").wait_for(state="attached")
    assert el(tablet, "join-ana").count() == 0

    expect_label(bia_page, "cyc-bidder", "Your pawn")
    packed = (msgpack.packb(str(ANA_GOLD)), msgpack.packb(ANA_GOLD))
    assert bia_frames and not any(p in f for f in bia_frames for p in packed)
    assert "Ana's screen" not in bia_page.evaluate("() => document.body.innerText")
