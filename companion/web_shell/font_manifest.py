"""Leave out of Flet's font list the fonts no screen of ours can use.

Flet 1.0.5's web client lists in `assets/FontManifest.json` the 20 KaTeX fonts of its
Markdown maths renderer, and Flutter fetches every listed font before it draws the first
frame. Measured at 20 Mbit/s and 20 ms: 20 requests and 400 KB on every phone's first
load, about 0.3 s on the way to the table. Companion shows no Markdown, so no maths.
"""
from __future__ import annotations

import json

from starlette.types import ASGIApp

from companion.web_shell.rewrite import RewriteMiddleware

PATH = "/assets/FontManifest.json"
UNUSED = ("packages/flutter_math_fork/",)  # family name prefixes


def without_unused(manifest: bytes) -> bytes:
    families = json.loads(manifest)
    return json.dumps([f for f in families if not f.get("family", "").startswith(UNUSED)]).encode()


class FontManifestMiddleware(RewriteMiddleware):
    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app, lambda path: path == PATH, lambda kind: True, without_unused)
