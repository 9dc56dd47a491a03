"""A long evening: closed tabs, sleeping phones and a restarted server."""
import time

from drive import PHONE, Server, expect_label, goto, open_app, settle
from playwright.sync_api import expect


def _wait(predicate, timeout=15.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()


def _table(server):
    return server.api("POST", "/api/tables", {"game": "scorepad", "options": {"players": ["Ana", "Bia"]}})


def _add(server, table, amount):
    server.api("POST", f"/api/tables/{table['id']}/events?k={table['host_token']}",
               {"type": "points.add", "player": "bia", "amount": amount})


def test_a_closed_tab_leaves_the_subscriber_list_at_once(server, browser):
    table = _table(server)
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['bia']['token']}", PHONE)
    expect_label(phone, "identity", "Bia")
    assert server.listeners() == 1
    phone.context.close()
    assert _wait(lambda: server.listeners() == 0, timeout=10)


def test_a_phone_asleep_past_its_session_comes_back_to_its_seat(tmp_path, browser):
    """A sleeping phone's browser drops the page; an hour later the server has forgotten the
    session. Opening the app again (even the bare address) must land on the same seat, current."""
    server = Server(tmp_path / "data", env={"COMPANION_SESSION_TIMEOUT": "2"})
    server.start()
    try:
        table = _table(server)
        phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['bia']['token']}", PHONE)
        expect_label(phone, "score-bia", "0")
        context = phone.context
        phone.close()
        assert _wait(lambda: server.listeners() == 0)
        _add(server, table, 3)  # the table moves on while the phone sleeps
        time.sleep(4)  # longer than the session timeout: the server forgot this session
        again = context.new_page()
        goto(again, f"{server.url}/")
        expect_label(again, "identity", "Bia", timeout=30_000)
        expect_label(again, "score-bia", "3", timeout=30_000)
        _add(server, table, 1)
        expect_label(again, "score-bia", "4")  # and it is live again
    finally:
        server.stop()


def test_a_killed_server_restarts_with_everything_shown_as_done(server, browser):
    """The open tablet page comes back by itself, exactly as last shown, and live again."""
    table = _table(server)
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    _add(server, table, 7)
    expect_label(tablet, "score-bia", "7")
    server.stop()  # SIGKILL
    expect(tablet.locator("#companion-connection")).to_contain_text("Reconnecting", timeout=15_000)
    tablet.evaluate("window.beforeRestart = true")
    server.start()
    # The page reloads itself once the server is back: wait for the new document itself, as
    # Flutter's own route updates (history API) count as navigations too.
    tablet.wait_for_function("!window.beforeRestart", timeout=60_000)
    settle(tablet)
    expect(tablet.locator("#companion-connection")).to_be_hidden(timeout=15_000)
    expect_label(tablet, "score-bia", "7", timeout=30_000)
    _add(server, table, 1)
    expect_label(tablet, "score-bia", "8", timeout=30_000)
