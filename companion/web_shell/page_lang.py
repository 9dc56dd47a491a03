"""The page's declared language (`<html lang>`), set before the web client starts.

Flet's index.html declares none and Flutter then declared "en-US" on every screen, so a screen
reader read a Portuguese screen with an English voice. This script declares the device's language
the way the app picks it (ui/locale.py, ui/app.py): the choice saved by the language button (kept
by Flutter's SharedPreferences as "flutter." + key), else the browser's first language we speak.
Once the app runs, its locale (`page.locale_configuration`) keeps the declaration, a switch included.
"""
from __future__ import annotations

import json

from companion.i18n import DEFAULT_LANG, LANGS, REGIONS

SAVED = "flutter.companion.lang"  # ui/appbar.py's PREF_LANG, as SharedPreferences stores it in the browser

SCRIPT = """<script>
(function () {
  var regions = %(regions)s, saved = "";
  try { saved = localStorage.getItem(%(saved)s) || ""; saved = JSON.parse(saved); } catch (e) {}
  var asked = saved ? [saved] : (navigator.languages || [navigator.language || ""]);
  var lang = %(default)s;
  for (var i = 0; i < asked.length; i++) {
    var base = String(asked[i]).split(/[-_]/)[0].toLowerCase();
    if (regions[base]) { lang = base; break; }
  }
  document.documentElement.lang = lang + "-" + regions[lang];
})();
</script>""" % {"regions": json.dumps({code: REGIONS[code] for code in LANGS}), "saved": json.dumps(SAVED),
                "default": json.dumps(DEFAULT_LANG)}
