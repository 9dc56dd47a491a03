"""Our lines in the `index.html` that Flet serves: the comeback script and download hints.

Flet 1.0.5's page asks for the web client as a chain: `flutter_bootstrap.js` (at the end
of the body) picks a build, imports `main.dart.mjs`, only then fetches `main.dart.wasm`, and
the renderer's `.js` only then its `.wasm`. On a phone's Wi-Fi each link of the chain costs
round trips while the line sits idle; then the engine reads its font list and fetches each
font, and the app names our text font later still. The hints below make the same choice the
loader will make (the same feature tests as its `flutter_bootstrap.js`) and ask for all of
those files at once, from the head of the page; each is then found downloaded or on its way.
Measured at 20 Mbit/s and 20 ms: the client files started at 440 ms, now at about 50 ms
after the page; the fonts at 2.7 s (after the engine started), now with the client files.
"""
from __future__ import annotations

import re

from starlette.types import ASGIApp

from companion.web_shell.rewrite import RewriteMiddleware

# Flutter's loader: skwasm on Blink with WasmGC and WebGL, CanvasKit (dart2js) elsewhere;
# the "heavy"/full variants where the browser lacks image codecs or v8's break iterators.
# Modules it import()s get modulepreload; files it fetch()es get a fetch preload, whose
# anonymous CORS mode is what fetch() uses for the same origin, so the two requests match.
PRELOAD = """<script>
(function () {
  var blink = navigator.vendor === "Google Inc." || navigator.userAgent.indexOf("Edg/") !== -1;
  var gc = false, gl = false;
  try { gc = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0])); } catch (e) {}
  try { var c = document.createElement("canvas"); gl = !!(c.getContext("webgl2") || c.getContext("webgl")); } catch (e) {}
  var lean = typeof ImageDecoder !== "undefined" && blink &&
             typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
  var files = gc && gl && blink
    ? [["main.dart.mjs", "modulepreload"], ["main.dart.wasm", "fetch"],
       ["canvaskit/" + (lean ? "skwasm" : "skwasm_heavy") + ".js", "modulepreload"],
       ["canvaskit/" + (lean ? "skwasm" : "skwasm_heavy") + ".wasm", "fetch"]]
    : [["main.dart.js", "script"],
       ["canvaskit/" + (lean ? "chromium/" : "") + "canvaskit.js", "modulepreload"],
       ["canvaskit/" + (lean ? "chromium/" : "") + "canvaskit.wasm", "fetch"]];
  // The engine reads its font list and fetches every font on it before the first frame, and
  // our text font only once the app has said so over its socket: all of them at once, now.
  files.push(["assets/FontManifest.json", "fetch"], ["assets/fonts/MaterialIcons-Regular.otf", "fetch"],
             ["assets/fonts/roboto.woff2", "fetch"],
             ["assets/packages/cupertino_icons/assets/CupertinoIcons.ttf", "fetch"],
             ["fonts/DejaVuSans.ttf", "fetch"]);
  files.forEach(function (f) {
    var link = document.createElement("link");
    link.href = f[0];
    if (f[1] === "modulepreload") { link.rel = "modulepreload"; }
    else { link.rel = "preload"; link.as = f[1]; if (f[1] === "fetch") { link.crossOrigin = "anonymous"; } }
    document.head.appendChild(link);
  });
})();
</script>"""


BASE = re.compile(rb"<base\b[^>]*>", re.IGNORECASE)


def insert(page: bytes, snippet: bytes) -> bytes:
    """Right after `<base>`, so relative links resolve as Flet's do and our hints come before
    the page's blocking `python.js`; before `</head>` on a page without one."""
    base = BASE.search(page)
    if base:
        return page[:base.end()] + snippet + page[base.end():]
    return page.replace(b"</head>", snippet + b"</head>", 1)


class IndexPageMiddleware(RewriteMiddleware):
    """Insert `head` into every HTML page the web client is served (all routes of the app
    answer with Flet's index.html)."""

    def __init__(self, app: ASGIApp, head: str) -> None:
        snippet = head.encode()
        super().__init__(app, lambda path: not path.startswith("/api"), lambda kind: kind.startswith("text/html"),
                         lambda page: insert(page, snippet))
