"""The tablet's screen stays on over plain http on the LAN, where browsers refuse the Wake Lock
API: the page falls back to NoSleep's muted looping video, started by the first tap."""
from __future__ import annotations

import pytest
from drive import PHONE, expect_label, goto, open_app, tap

pytestmark = pytest.mark.shares_server  # only its own tables, made through the API


PLAYING = ("() => { const n = window.companionNoSleep;"
           " return !!(n && n.isEnabled && n.noSleepVideo && !n.noSleepVideo.paused); }")


def _video_playing(page) -> bool:
    return page.evaluate(PLAYING)


def test_a_tablet_on_a_lan_address_keeps_its_screen_on_after_the_first_tap(server, lan_browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    lan = f"http://tablet.lan:{server.port}"
    tablet = open_app(lan_browser, f"{lan}/t/{table['id']}?k={table['host_token']}")
    assert tablet.evaluate("() => window.isSecureContext") is False  # the case the fallback is for
    assert tablet.evaluate("() => 'wakeLock' in navigator") is False
    tablet.wait_for_function("() => localStorage.getItem('flutter.companion.awake.now') === 'true'")
    tap(tablet, "add-ana-1")
    tablet.wait_for_function("() => window.companionAwake === 'video'")
    tablet.wait_for_function(PLAYING)


def test_a_video_that_stops_on_its_own_is_played_again_while_the_screen_is_wanted_on(server, lan_browser):
    """A busy tablet can miss NoSleep's rewind and let the video end: the screen would then dim."""
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    tablet = open_app(lan_browser, f"http://tablet.lan:{server.port}/t/{table['id']}?k={table['host_token']}")
    tablet.wait_for_function("() => localStorage.getItem('flutter.companion.awake.now') === 'true'")
    tap(tablet, "add-ana-1")
    tablet.wait_for_function(PLAYING)
    tablet.evaluate("() => window.companionNoSleep.noSleepVideo.pause()")
    tablet.wait_for_function(PLAYING)
    assert tablet.evaluate("() => window.companionAwake") == "video"


def test_a_phone_stays_dimmable_until_its_player_asks(server, lan_browser):
    table = server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})
    lan = f"http://tablet.lan:{server.port}"
    seat = server.seat_token(table["id"], "ana")
    phone = lan_browser.new_context(viewport=PHONE).new_page()
    goto(phone, f"{lan}/t/{table['id']}?k={seat}")
    phone.wait_for_function("() => localStorage.getItem('flutter.companion.awake.now') === 'false'")
    tap(phone, "add-ana-1")
    expect_label(phone, "score-ana", "1")  # the tap went through, and the page saw it as a gesture
    assert phone.evaluate("() => window.companionAwake") == "idle" and not _video_playing(phone)
    tap(phone, "keep-awake")
    phone.wait_for_function("() => localStorage.getItem('flutter.companion.awake.now') === 'true'")
    tap(phone, "add-ana-1")
    phone.wait_for_function("() => window.companionAwake === 'video'")
    phone.wait_for_function(PLAYING)
