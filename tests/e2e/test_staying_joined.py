"""A long evening: closed tabs, sleeping phones and a restarted server."""
from drive import PHONE, el, expect_label, goto, open_app, settle, until
from playwright.sync_api import expect


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
    assert until(lambda: server.listeners() == 0, timeout=30)


def test_a_phone_asleep_past_its_session_comes_back_to_its_seat(server, browser):
    """A sleeping phone's browser drops the page; an hour later the server has forgotten the
    session. Opening the app again (even the bare address) must land on the same seat, current.

    Rather than wait for Flet to evict the session (a sweep every 10 s once it timed out), the
    woken tab holds a Flet session id (kept in the tab's sessionStorage) that the server does
    not know: the server takes the same path at once (no such session: a new one)."""
    table = _table(server)
    phone = open_app(browser, f"{server.url}/t/{table['id']}?k={table['seats']['bia']['token']}", PHONE)
    expect_label(phone, "score-bia", "0")
    assert phone.evaluate("sessionStorage.getItem('_flet_session_id')")  # where Flet keeps it
    context = phone.context
    phone.close()
    assert until(lambda: server.listeners() == 0)
    _add(server, table, 3)  # the table moves on while the phone sleeps
    again = context.new_page()
    again.goto(f"{server.url}/api/health")  # the same origin without the app, to reach the tab's storage
    again.evaluate("sessionStorage.setItem('_flet_session_id', 'forgotten000000')")
    goto(again, f"{server.url}/")
    expect_label(again, "identity", "Bia", timeout=30_000)
    expect_label(again, "score-bia", "3", timeout=30_000)
    _add(server, table, 1)
    expect_label(again, "score-bia", "4")  # and it is live again


def test_a_killed_server_restarts_with_everything_shown_as_done(server, browser):
    """The open tablet page comes back by itself, exactly as last shown, and live again."""
    table = _table(server)
    tablet = open_app(browser, f"{server.url}/t/{table['id']}?k={table['host_token']}")
    _add(server, table, 7)
    expect_label(tablet, "score-bia", "7")
    server.stop()  # SIGKILL
    expect(tablet.locator("#companion-connection")).to_contain_text("Reconnecting")
    tablet.evaluate("window.beforeRestart = true")
    server.start()
    # The page reloads itself once the server is back: wait for the new document itself, as
    # Flutter's own route updates (history API) count as navigations too.
    tablet.wait_for_function("!window.beforeRestart", timeout=60_000)
    settle(tablet)
    expect(tablet.locator("#companion-connection")).to_be_hidden()
    expect_label(tablet, "score-bia", "7", timeout=30_000)
    _add(server, table, 1)
    expect_label(tablet, "score-bia", "8", timeout=30_000)





# The sockets a page opens; once `__hold` is set, a new socket passes on its first message (Flet's
# answer to the page's return) and keeps the rest until `__release()`: a redraw that is slow to come.
SOCKETS = """(() => {
  const Real = window.WebSocket;
  Object.assign(window, {__sockets: [], __hold: false, __held: [], __heard: 0});
  window.__release = () => { window.__hold = false; window.__held.splice(0).forEach(f => f()); };
  window.WebSocket = function (...args) {
    const s = new Real(...args);
    window.__sockets.push(s);
    if (window.__hold) {
      const listen = s.addEventListener.bind(s);
      s.addEventListener = (type, fn, ...rest) => type !== 'message' ? listen(type, fn, ...rest) :
        listen(type, ev => {
          if (window.__heard++ === 0 || !window.__hold) { fn(ev); } else { window.__held.push(() => fn(ev)); }
        }, ...rest);
    }
    return s;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();"""


def _bias_phone(server, browser, table: dict):
    """Bia's phone on `table`, drawn, its sockets within the test's reach (SOCKETS)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(SOCKETS)
    phone = context.new_page()
    goto(phone, f"{server.url}/t/{table['id']}?k={table['seats']['bia']['token']}")
    expect_label(phone, "score-bia", "0", timeout=30_000)
    return context, phone


def test_a_phone_whose_connection_drops_inside_the_window_is_drawn_again_current(server, browser):
    """The server lets a dropped phone's screen go at once (issue 29: memory); the same session,
    back within the reconnect window, shows the table as it is now and follows it again."""
    table = _table(server)
    context, phone = _bias_phone(server, browser, table)
    session = phone.evaluate("sessionStorage.getItem('_flet_session_id')")
    following = server.listeners()  # the server's count: screens of earlier tests may still be letting go
    phone.evaluate("window.__sockets.forEach(s => s.close())")  # the Wi-Fi went for a moment
    assert until(lambda: server.listeners() < following)
    _add(server, table, 3)  # the table moves on meanwhile
    expect_label(phone, "score-bia", "3", timeout=30_000)
    assert phone.evaluate("sessionStorage.getItem('_flet_session_id')") == session  # the same session
    _add(server, table, 1)
    expect_label(phone, "score-bia", "4")  # and it follows the table again
    context.close()



def test_a_phone_back_inside_the_window_says_it_is_reconnecting_until_its_screen_is_drawn(server, browser):
    """The dropped phone's screen is let go on the server; Flet answers its return with the page as
    it stands, and the browser shows that until the redraw arrives: a line that says so, not a blank page."""
    table = _table(server)
    context, phone = _bias_phone(server, browser, table)
    phone.evaluate("window.__hold = true; window.__sockets.forEach(s => s.close())")
    assert until(lambda: phone.evaluate("window.__heard") >= 1, timeout=30)  # back, its redraw held
    expect_label(phone, "reconnecting", "Reconnecting", timeout=30_000)
    expect(el(phone, "score-bia")).to_have_count(0)
    phone.evaluate("window.__release()")
    expect_label(phone, "score-bia", "0", timeout=30_000)
    expect(el(phone, "reconnecting")).to_have_count(0)
    context.close()
