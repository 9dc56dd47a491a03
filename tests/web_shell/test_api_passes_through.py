"""An API call passes every middleware the server adds untouched (issue #26): each hands the
request on at its first line with the server's own `receive` and `send`, so no wrapper watches
the answer of a change. The web client's files and pages still go through them."""
from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from companion.server.app import build_app
from companion.web_shell.font_manifest import PATH as FONT_MANIFEST


def _handed_on(middleware, path: str, kind: str = "http"):
    """The (receive, send) the app below `middleware` gets for a request of `path`."""
    got = {}

    async def app(scope, receive, send):
        got["receive"], got["send"] = receive, send

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        pass

    scope = {"type": kind, "method": "POST", "path": path, "headers": [], "query_string": b""}
    instance = middleware.cls(app, *middleware.args, **middleware.kwargs)
    asyncio.run(instance(scope, receive, send))
    return got["receive"] is receive, got["send"] is send


def test_every_middleware_of_the_server_hands_an_api_call_on_untouched():
    app, _ = build_app(Path(tempfile.mkdtemp()) / "data", "http://127.0.0.1:8550")
    ours = [m for m in app.user_middleware if m.cls.__module__.startswith("companion.")]
    assert len(ours) == 5
    for middleware in ours:
        assert _handed_on(middleware, "/api/tables/abc/events") == (True, True), middleware.cls.__name__


def test_the_rewrites_still_watch_the_files_they_edit():
    app, _ = build_app(Path(tempfile.mkdtemp()) / "data", "http://127.0.0.1:8550")
    by_name = {m.cls.__name__: m for m in app.user_middleware}
    assert _handed_on(by_name["FontManifestMiddleware"], FONT_MANIFEST)[1] is False
    assert _handed_on(by_name["IndexPageMiddleware"], "/t/abc")[1] is False
