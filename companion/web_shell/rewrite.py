"""Edit whole bodies of some of the files Flet serves, keeping the headers true to the result."""
from __future__ import annotations

from typing import Callable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class RewriteMiddleware:
    """Pass `edit` the body of each uncompressed response whose path `path` accepts and whose
    content type `kind` accepts; every other response, and every other request, passes untouched.

    The path is asked first, before the response is watched: a request whose path no rewrite
    wants (every API call, every file of the web client but the one or two rewritten) reaches
    the app with the server's own `send`, not through a wrapper that looks at each message."""

    def __init__(self, app: ASGIApp, path: Callable[[str], bool], kind: Callable[[str], bool],
                 edit: Callable[[bytes], bytes]) -> None:
        self.app = app
        self.path = path
        self.kind = kind
        self.edit = edit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.path(scope["path"]):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if (message["status"] != 200 or "content-encoding" in headers
                        or not self.kind(headers.get("content-type", ""))):
                    start = None
                    await send(message)
                    return
                start = message
                return
            if start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                body = self.edit(b"".join(chunks))
                headers = MutableHeaders(scope=start)
                headers["content-length"] = str(len(body))
                del headers["etag"]  # the body differs from the file the tag was made for
                await send(start)
                await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, capture)
