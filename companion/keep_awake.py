"""Keep the screen on where the browser refuses the Wake Lock API.

Browsers grant `navigator.wakeLock` only on secure pages (https or localhost), and phones
reach the tablet over plain http on the LAN. There, NoSleep.js (vendored in
`assets/nosleep/`, MIT) plays a muted, looping inline video, which keeps the screen on.
A browser starts media only from a tap, so the script tries on every tap until it runs. Once
started, the video may still stop on its own (a busy device misses the moment NoSleep rewinds
it, and it ends): while the screen is wanted on, the script plays it again at once.
The Python side says whether this device wants its screen kept on by saving the
preference `PREF` (Flet's SharedPreferences, which the browser keeps in localStorage
under `flutter.<key>`); the script follows it on the next tap.
"""
from __future__ import annotations

PREF = "companion.awake.now"

SCRIPT = """<script src="/nosleep/NoSleep.min.js"></script>
<script>
(function () {
  var noSleep = null, on = false, starting = false;
  window.companionAwake = "idle";
  function wanted() {
    try { return localStorage.getItem("flutter.%(pref)s") === "true"; } catch (e) { return false; }
  }
  function sync() {
    if ((window.isSecureContext && "wakeLock" in navigator) || !window.NoSleep || starting) return;
    if (!noSleep) {
      noSleep = window.companionNoSleep = new NoSleep();
      if (noSleep.noSleepVideo) noSleep.noSleepVideo.addEventListener("pause", resume);
    }
    if (wanted() && !on) {
      starting = true;
      Promise.resolve(noSleep.enable()).then(function () {
        on = true; window.companionAwake = "video";
      }).catch(function () { window.companionAwake = "refused"; }).then(function () { starting = false; });
    } else if (!wanted() && on) {
      on = false; noSleep.disable(); window.companionAwake = "off";
    }
  }
  function resume() {
    if (on && wanted()) noSleep.noSleepVideo.play().catch(function () {
      on = false; window.companionAwake = "refused";
    });
  }
  ["pointerdown", "touchend", "click", "keydown"].forEach(function (kind) {
    document.addEventListener(kind, sync, true);
  });
})();
</script>
""" % {"pref": PREF}
