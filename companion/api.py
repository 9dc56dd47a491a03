"""The JSON API: the same tables as the screens, for overlays, scripts and tests.

Every file access runs in the thread pool (plain `def` endpoints, or
`run_in_threadpool`): a write waits for fsync, and that must not stall the
event loop that serves every screen.

Whatever arrives, a table is never hurt: a body is read only up to 64 KB, only
as JSON, only from this server's own pages when a browser sends it, and then
checked against the game's declared schema by the hub. Every refusal is a
message key, answered as `{"error": <text in the asker's language>, "key"}`.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import math
from typing import Any, Callable
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from companion import __version__
from companion.core.access import Access, is_admin
from companion.core.export import to_csv
from companion.core import pace, tickets
from companion.core.hub import Hub, LiveTable, ReadOnly
from companion.core.model import RuleError
from companion.core.steps import Stale
from companion.core.append_storage import BrokenFile, NotSaved
from companion.core.table_file import Damaged
from companion.i18n import t
from companion.ui.offload import off_loop

API_FIELDS = ("id", "game", "seq", "step", "role", "seat", "state", "told", "read_only")
MAX_BODY = 64 * 1024
# The header has its own bound (companion/server/connections.py); a body that stalls half-way is timed here.
BODY_SECONDS = 5
# An export or summary of even a 2,000-event table is built in well under a second; past this the
# server is in trouble, and the download says so instead of hanging.
EXPORT_SECONDS = 10.0
# Every answer: never framed by another page, never sniffed as HTML, never cached (some carry keys).
SAFE_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def language(request: Request) -> str:
    """`?lang=pt`, else the browser's first language, else English."""
    chosen = request.query_params.get("lang") or request.headers.get("accept-language", "")
    return "pt" if chosen[:2].lower() == "pt" else "en"


def answer(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=SAFE_HEADERS)


def error(status: int, key: str, lang: str = "en", **values: object) -> JSONResponse:
    return answer({"error": t(key, lang, **values), "key": key}, status)


def too_fast(wait: float, lang: str) -> JSONResponse:
    """Past a device's share of changes (core/pace.py): 429, and when to try again."""
    seconds = max(1, math.ceil(wait))
    reply = error(429, "limits.slow_down", lang, seconds=seconds)
    reply.headers["Retry-After"] = str(seconds)
    return reply


def refused(status: int, err: RuleError, lang: str) -> JSONResponse:
    """The refusal worded in the asker's language, plus its key and values, so a client can
    word it in any other."""
    values = {k: v if isinstance(v, (str, int, float, bool, type(None))) or _worded(v) else str(v)
              for k, v in err.values.items()}
    return answer({"error": err.text(lang), "key": err.key, "values": values}, status)


def _worded(value: object) -> bool:
    """A value already worded in each language (see RuleError), sent as it is."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def is_loopback(host: str | None) -> bool:
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def foreign_origin(request: Request) -> bool:
    """A browser names the page that sent a write; anything but this server's own pages is refused."""
    origin = request.headers.get("origin")
    if origin is None:
        return False  # not a browser (a script or a test): the key still decides
    return urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower()


def is_json(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json"


async def read_body(request: Request) -> bytes | None:
    """The body, or None once it passes MAX_BODY (the rest is never read into memory)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _no_constants(name: str) -> float:
    raise RuleError("validation.not_a_number")


def parse(raw: bytes) -> dict:
    """A JSON object from the body; RuleError with a key for anything else."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
    except RecursionError:
        raise RuleError("validation.too_deep", depth=16) from None
    except (ValueError, UnicodeDecodeError):
        raise RuleError("validation.not_json") from None
    if not isinstance(data, dict):
        raise RuleError("validation.not_object")
    return data


def router(hub: Hub, admin_token: str, boot_id: str = "") -> APIRouter:
    """`boot_id` changes on every server start; open pages reload when they see it change."""
    api = APIRouter(prefix="/api")

    def join(table_id: str, token: str | None, lang: str) -> tuple[LiveTable, Access] | JSONResponse:
        """An unknown table and a wrong key get the same answer: a key cannot be tested for tables."""
        try:
            live, access = hub.join(table_id, token)
        except Damaged as err:
            return error(409, "validation.damaged_table", lang, problem=err.describe(lang))
        except (KeyError, FileNotFoundError):
            return error(404, "validation.no_table", lang)
        if access is None:
            return refusal(live, token, lang)
        return live, access

    def refusal(live: LiveTable, token: str | None, lang: str) -> JSONResponse:
        """Why a key opens nothing: a seat's invitation (open or spent) or a moved seat say so;
        any other key gets the same answer as an unknown table."""
        seat = live.invitation(token)
        if seat is not None:
            if seat.joined:
                return error(403, "seats.already_joined", lang)
            return error(403, "seats.is_invitation", lang, id=live.table.id)
        if live.moved_seat(token) is not None:
            return error(403, "seats.seat_moved", lang)
        return error(404, "validation.no_table", lang)

    def guarded(act: Callable[[], JSONResponse], lang: str) -> JSONResponse:
        try:
            return act()
        except ReadOnly:
            return error(403, "ui.read_only", lang)
        except (Stale, BrokenFile) as err:
            return refused(409, err, lang)
        except RuleError as err:
            return refused(422, err, lang)
        except NotSaved as err:
            return error(503, err.key, lang)

    async def write_checks(request: Request, lang: str, needs_body: bool) -> bytes | JSONResponse:
        """What every write passes before anything else: origin, media type, size."""
        if foreign_origin(request):
            return error(403, "validation.foreign_origin", lang)
        try:
            async with asyncio.timeout(BODY_SECONDS):  # no task of its own, unlike wait_for
                raw = await read_body(request)
        except TimeoutError:
            reply = error(408, "limits.request_too_slow", lang, seconds=BODY_SECONDS)
            reply.headers["Connection"] = "close"  # the rest of the body may still come: not on this connection
            return reply
        if raw is None:
            return error(413, "validation.too_large_body", lang, kb=MAX_BODY // 1024)
        if (needs_body or raw) and not is_json(request):
            return error(415, "validation.json_only", lang)
        return raw

    @api.get("/health")
    def health() -> JSONResponse:
        """Counts from the saved-tables index: its cost does not grow with the tables saved."""
        tables, damaged = hub.index.counts()
        return answer({"ok": True, "version": __version__, "tables": tables, "damaged": damaged,
                       "read_only": hub.index.read_only_count(), "listeners": hub.listener_count(), "boot": boot_id})

    @api.post("/tables")
    async def create(request: Request) -> JSONResponse:
        lang = language(request)
        token = request.query_params.get("admin") or request.headers.get("x-companion-admin")
        client = request.client.host if request.client else None
        if not (is_loopback(client) or is_admin(token, admin_token)):
            return error(403, "validation.admin_only", lang)
        if wait := hub.pace.take(pace.address(client)):
            return too_fast(wait, lang)
        raw = await write_checks(request, lang, needs_body=True)
        if isinstance(raw, JSONResponse):
            return raw

        def make() -> JSONResponse:
            data = parse(raw)
            extra = sorted(set(data) - {"game", "options"})
            if extra:
                raise RuleError("validation.unknown_field", field=extra[0][:40])
            table = hub.create(data.get("game"), data.get("options")).table
            return answer({
                "id": table.id,
                "host_token": table.host_token,
                "spectator_token": table.spectator_token,
                "seats": {s.id: {"token": s.token} for s in table.seats},
            }, 201)

        return await run_in_threadpool(guarded, make, lang)

    @api.post("/tables/{table_id}/claim")
    async def claim(table_id: str, request: Request, k: str | None = None, device: str | None = None) -> JSONResponse:
        """Opening a seat's invitation: the first caller gets the seat's key, later ones a 403,
        except the caller that claimed it (same `device`), which gets its key again."""
        lang = language(request)
        raw = await write_checks(request, lang, needs_body=False)
        if isinstance(raw, JSONResponse):
            return raw
        return await run_in_threadpool(_claim, table_id, k, device, lang)

    def _claim(table_id: str, k: str | None, device: str | None, lang: str) -> JSONResponse:
        try:
            if not hub.admits(table_id, k):  # checked before the table's file is read
                return error(404, "validation.no_table", lang)
            live = hub.get(table_id)
            claimed = live.claim(k, device)
        except (KeyError, FileNotFoundError):
            return error(404, "validation.no_table", lang)
        except Damaged as err:
            return error(409, "validation.damaged_table", lang, problem=err.describe(lang))
        except RuleError as err:
            return refused(403, err, lang)
        except NotSaved as err:
            return error(503, err.key, lang)
        if claimed is None:
            return refusal(live, k, lang)
        seat, key = claimed
        return answer({"seat": seat.id, "key": key})

    @api.post("/tables/{table_id}/seats/{seat_id}/tablet")
    async def on_tablet(table_id: str, seat_id: str, request: Request) -> JSONResponse:
        """{"on": bool}: the tablet marks a seat as played on it (no phone), or takes the mark back.
        The tablet's key only: the mark is what lets the tablet open that seat's private screen."""
        lang = language(request)
        raw = await write_checks(request, lang, needs_body=True)
        if isinstance(raw, JSONResponse):
            return raw
        return await run_in_threadpool(_on_tablet, table_id, seat_id, request.query_params.get("k"), raw, lang)

    def _on_tablet(table_id: str, seat_id: str, k: str | None, raw: bytes, lang: str) -> JSONResponse:
        joined = join(table_id, k, lang)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        if access.role != "host":
            return error(403, "seats.private_tablet_only", lang)

        def act() -> JSONResponse:
            data = parse(raw)
            if set(data) != {"on"} or not isinstance(data["on"], bool):
                raise RuleError("validation.unknown_field", field="on")
            live.mark_tablet(seat_id, data["on"])
            return answer({"seat": seat_id, "tablet": data["on"]})

        return guarded(act, lang)

    @api.get("/tables/{table_id}")
    def read(table_id: str, request: Request, k: str | None = None) -> JSONResponse:
        joined = join(table_id, k, language(request))
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        snap = live.snapshot(access, language(request))
        return answer({key: snap[key] for key in API_FIELDS})

    async def write(request: Request, kind: str) -> JSONResponse:
        """A change. Its two parameters are read from the request here, not declared to FastAPI:
        declared, FastAPI validates them with pydantic on every request (22 us per change for
        two strings, issue #26), and a key or a table id needs no more than being a string."""
        table_id, k = request.path_params["table_id"], request.query_params.get("k")
        lang = language(request)
        raw = await write_checks(request, lang, needs_body=kind == "event")
        if isinstance(raw, JSONResponse):
            return raw
        return await run_in_threadpool(_write, table_id, k, raw, kind, lang)

    def _write(table_id: str, k: str | None, raw: bytes, kind: str, lang: str) -> JSONResponse:
        joined = join(table_id, k, lang)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        if wait := hub.pace.take(pace.device(table_id, access.role, access.seat)):
            return too_fast(wait, lang)

        def act() -> JSONResponse:
            with live.answering():  # the screens are told once this answer is ready
                if kind == "event":
                    event = live.dispatch(parse(raw), access)
                elif raw:  # {"client_id": …}: a retry of this Undo or Redo is not applied twice
                    event = live.dispatch({**parse(raw), "type": kind}, access)
                else:
                    event = live.undo(access) if kind == "undo" else live.redo(access)
                step, view = live.reading(access)
                return answer({"seq": event["seq"], "step": step, "state": view})

        return guarded(act, lang)

    @api.post("/tables/{table_id}/events")
    async def post_event(request: Request) -> JSONResponse:
        return await write(request, "event")

    @api.post("/tables/{table_id}/undo")
    async def undo(request: Request) -> JSONResponse:
        return await write(request, "undo")

    @api.post("/tables/{table_id}/redo")
    async def redo(request: Request) -> JSONResponse:
        return await write(request, "redo")

    async def bounded(work: Callable[[], Response], lang: str) -> Response:
        """An export is built in a worker, and given up past its bound with a plain 503: a table's
        whole log must neither stall the loop nor keep a download waiting for ever."""
        try:
            return await off_loop(work, seconds=EXPORT_SECONDS)
        except RuleError:
            return error(503, "limits.export_too_slow", lang, seconds=EXPORT_SECONDS)

    @api.get("/tables/{table_id}/events")
    async def export(table_id: str, request: Request, k: str | None = None) -> Response:
        """The tablet's export holds no seat's secret; the admin key gets the raw log."""
        return await bounded(lambda: _export(table_id, request, k), language(request))

    def _export(table_id: str, request: Request, k: str | None) -> JSONResponse:
        lang = language(request)
        admin = request.query_params.get("admin") or request.headers.get("x-companion-admin")
        if is_admin(admin, admin_token):
            try:
                return answer(hub.get(table_id).events())
            except (KeyError, FileNotFoundError):
                return error(404, "validation.no_table", lang)
            except Damaged as err:
                return error(409, "validation.damaged_table", lang, problem=err.describe(lang))
        joined = join(table_id, k, lang)
        if isinstance(joined, JSONResponse):
            return joined
        live, access = joined
        if access.role != "host":
            return error(403, "validation.host_only", lang)
        return answer(live.export())

    @api.get("/tables/{table_id}/summary")
    async def play_summary(table_id: str, request: Request, k: str | None = None,
                           fmt: str | None = Query(None, alias="format"), ticket: str | None = None) -> Response:
        """Any key of the table may read it: the summary is built from the public view only. The
        screens' download links carry a ticket instead of a key (core/tickets.py)."""
        return await bounded(lambda: _summary(table_id, request, k, fmt, ticket), language(request))

    def _summary(table_id: str, request: Request, k: str | None, fmt: str | None, ticket: str | None) -> Response:
        if ticket is not None and k is None:
            if not tickets.valid(ticket, table_id, admin_token):  # checked before any table file is read
                return error(404, "validation.no_table", language(request))
            try:
                live = hub.get(table_id)
            except (Damaged, KeyError, FileNotFoundError):
                return error(404, "validation.no_table", language(request))
        else:
            joined = join(table_id, k, language(request))
            if isinstance(joined, JSONResponse):
                return joined
            live, _ = joined
        data = live.summary()
        wants_csv = fmt == "csv" or (fmt is None and "text/csv" in request.headers.get("accept", ""))
        name = f"{data['game']}-{data['date'][:10]}-{table_id}"
        if wants_csv:
            return Response(to_csv(data), media_type="text/csv; charset=utf-8",
                            headers={**SAFE_HEADERS, "Content-Disposition": f'attachment; filename="{name}.csv"'})
        reply = answer(data)
        if fmt == "json":  # the summary's "Download JSON" saves a file, as its CSV does
            reply.headers["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return reply

    return api
