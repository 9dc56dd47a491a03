"""The JSON API: the same tables as the screens, for overlays, scripts and tests.

Every file access runs in the thread pool (plain `def` endpoints, or
`run_in_threadpool`): a write waits for fsync, and that must not stall the
event loop that serves every screen.
"""
from __future__ import annotations

import ipaddress
import json

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from companion import __version__
from companion.core.access import Access, is_admin
from companion.core.hub import Hub, LiveTable, ReadOnly
from companion.core.model import RuleError

API_FIELDS = ("id", "game", "seq", "role", "seat", "state")


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def refused(err: RuleError) -> JSONResponse:
    """422 with the English text in "error" (older clients read only that) plus the key and
    values, so a client can word the refusal in its own language."""
    values = {k: v if isinstance(v, (str, int, float, bool, type(None))) else str(v) for k, v in err.values.items()}
    return JSONResponse({"error": err.message, "key": err.key, "values": values}, status_code=422)


def is_loopback(host: str | None) -> bool:
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def router(hub: Hub, admin_token: str, boot_id: str = "") -> APIRouter:
    """`boot_id` changes on every server start; open pages reload when they see it change."""
    api = APIRouter(prefix="/api")

    def join(table_id: str, token: str | None) -> tuple[LiveTable, Access] | JSONResponse:
        try:
            live, access = hub.join(table_id, token)
        except (KeyError, FileNotFoundError):
            return error(404, "There is no such table.")
        if access is None:
            return error(403, "This link's key does not open this table.")
        return live, access

    def body(raw: bytes) -> dict | JSONResponse:
        try:
            data = json.loads(raw or b"null")
        except ValueError:
            return error(422, "The request body is not valid JSON.")
        if not isinstance(data, dict):
            return error(422, "The request body must be a JSON object.")
        return data

    def change(live: LiveTable, access: Access, act) -> JSONResponse:
        try:
            event = act()
        except ReadOnly as err:
            return error(403, str(err))
        except RuleError as err:
            return refused(err)
        return JSONResponse({"seq": event["seq"], "state": live.snapshot(access)["state"]})

    @api.get("/health")
    def health() -> dict:
        return {"ok": True, "version": __version__, "tables": len(hub.store.table_ids()),
                "listeners": hub.listener_count(), "boot": boot_id}

    @api.post("/tables")
    async def create(request: Request) -> JSONResponse:
        token = request.query_params.get("admin") or request.headers.get("x-companion-admin")
        client = request.client.host if request.client else None
        if not (is_loopback(client) or is_admin(token, admin_token)):
            return error(403, "Only the table's own machine, or the admin token, may create tables.")
        data = body(await request.body())
        if isinstance(data, JSONResponse):
            return data
        options = data.get("options") or {}
        if not isinstance(data.get("game"), str) or not isinstance(options, dict):
            return error(422, 'Send {"game": "<id>", "options": {...}}.')
        try:
            live = await run_in_threadpool(hub.create, data["game"], options)
        except RuleError as err:
            return refused(err)
        table = live.table
        return JSONResponse({
            "id": table.id,
            "host_token": table.host_token,
            "spectator_token": table.spectator_token,
            "seats": {s.id: {"token": s.token} for s in table.seats},
        }, status_code=201)

    @api.get("/tables/{table_id}")
    def read(table_id: str, k: str | None = None):
        joined = join(table_id, k)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        snap = live.snapshot(access)
        return {key: snap[key] for key in API_FIELDS}

    @api.post("/tables/{table_id}/events")
    async def post_event(table_id: str, request: Request, k: str | None = None):
        raw = await request.body()
        return await run_in_threadpool(_write, table_id, k, raw, "event")

    def _write(table_id: str, k: str | None, raw: bytes, kind: str) -> JSONResponse:
        joined = join(table_id, k)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        if kind == "undo":
            return change(live, access, lambda: live.undo(access))
        if kind == "redo":
            return change(live, access, lambda: live.redo(access))
        data = body(raw)
        if isinstance(data, JSONResponse):
            return data
        return change(live, access, lambda: live.dispatch(data, access))

    @api.post("/tables/{table_id}/undo")
    def undo(table_id: str, k: str | None = None):
        return _write(table_id, k, b"", "undo")

    @api.post("/tables/{table_id}/redo")
    def redo(table_id: str, k: str | None = None):
        return _write(table_id, k, b"", "redo")

    @api.get("/tables/{table_id}/events")
    def export(table_id: str, k: str | None = None):
        joined = join(table_id, k)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        if access.role != "host":
            return error(403, "Only the host's key may export the whole log.")
        return live.events()

    return api
