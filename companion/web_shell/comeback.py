"""Bring a tab back by itself after a server restart or a long sleep.

Flet's web client cannot re-attach the widgets it kept to a session the server
no longer has (after a restart, or once a sleeping phone outlived its session):
it stays blank until reloaded. A few lines of script in the page fix that
without any Flet change: they watch the server's boot id on /api/health and
reload when it changes, and reload a tab that was hidden for longer than its
session can survive. The link in the address bar brings the device straight
back to its table and seat. The same watch shows a "Reconnecting…" banner
while the server cannot be reached. `index_page` puts the script in the page.
"""
from __future__ import annotations

SCRIPT = """<script>
(function () {
  var boot = null, hiddenAt = null, limit = %(limit_ms)d, leaving = false;
  function fresh() {
    // Once only: a second check answering during the reload would reload the new page again.
    if (leaving) { return; }
    leaving = true;
    // Forget Flet's session id too, or the reload re-attaches to the session that failed.
    try { sessionStorage.clear(); } catch (e) {}
    try {
      Object.keys(localStorage).forEach(function (k) {
        if (k.indexOf("flet_session_id") !== -1) { localStorage.removeItem(k); }
      });
    } catch (e) {}
    location.reload();
  }
  var banner = null;
  function offline(lost) {
    // Our own words over Flet's spinner, in the language this device chose.
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "companion-connection";
      banner.setAttribute("role", "status");
      banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;padding:12px;" +
        "text-align:center;font:600 18px sans-serif;background:#B00020;color:#fff;display:none";
      document.body.appendChild(banner);
    }
    var pt = (localStorage.getItem("flutter.companion.lang") || "").indexOf("pt") !== -1;
    banner.textContent = pt ? "Reconectando\u2026 nada do que foi salvo se perde." :
                              "Reconnecting\u2026 nothing saved is lost.";
    banner.style.display = lost ? "block" : "none";
  }
  function check() {
    if (leaving) { return; }
    // A server that accepts but never answers must not stop the watch: give up after a while.
    var stop = new AbortController(), late = setTimeout(function () { stop.abort(); }, %(answer_ms)d);
    fetch("/api/health", {cache: "no-store", signal: stop.signal}).then(function (r) { return r.json(); }).then(function (h) {
      clearTimeout(late);
      offline(false);
      if (boot === null) { boot = h.boot; } else if (h.boot !== boot) { fresh(); }
      setTimeout(check, %(poll_ms)d);
    }).catch(function () {
      clearTimeout(late);
      // Ask more often while the server is away, so the table is back soon after it is.
      offline(true);
      setTimeout(check, %(offline_poll_ms)d);
    });
  }
  check();
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { hiddenAt = Date.now(); }
    else if (hiddenAt !== null && Date.now() - hiddenAt > limit) { fresh(); }
  });
})();
</script>"""


def script(session_timeout_s: int, poll_ms: int = 3000, offline_poll_ms: int = 1000) -> str:
    """Reload a hidden tab a little before the server forgets its session."""
    limit_ms = max(1000, (session_timeout_s - 60) * 1000 if session_timeout_s > 120 else session_timeout_s * 500)
    return SCRIPT % {"limit_ms": limit_ms, "poll_ms": poll_ms, "offline_poll_ms": min(poll_ms, offline_poll_ms),
                     "answer_ms": max(poll_ms, 5000)}
