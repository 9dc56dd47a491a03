"""What a device may say over Flet's websocket, checked before Flet reads it.

Flet applies a device's property updates to the named control as they come
(`Session.apply_patch`), nested values included: one phone's update for its own
search highlight once rewrote a style object every device shared. So a frame
passes only when it is a message a screen really sends: a registration first and
once; then events, answers to the page's own calls and property updates that
change only what a player changes from a screen (a field's value, a switch, a
choice) or what the browser reports about its page (size, route, brightness).
Every string is bounded on the way in, so no text a device types can make
later work (a rules search, a name) long.
"""
from __future__ import annotations

import math
from enum import Enum
from typing import Any

import msgpack

# Flet's wire format: one byte of packet type, then the msgpack body (see flet_web's FletApp).
PROTOCOL, DATA_CHANNEL = 0x00, 0x01
REGISTER, CONTROL_EVENT, UPDATE_PROPS, METHOD_RESULT = 1, 3, 4, 5
PAGE_ID = 1  # Flet numbers the page 1 in every session
MAX_TEXT = 1000  # characters in any one text a device sends: above every field's own bound (notes: 500)
MAX_ROUTE = 2048
MAX_LIST = 64
MAX_NESTING = 4
# What a player changes from a screen: a field's text, a switch or checkbox, a dropdown's or a
# segmented button's choice, a tab.
PLAYER_PROPS = frozenset({"value", "selected", "selected_index"})
# What the browser reports about the page itself, at registration and on resize or rotation.
PAGE_PROPS = frozenset({"route", "pwa", "web", "debug", "wasm", "test", "multi_view", "pyodide",
                        "platform_brightness", "platform", "width", "height", "window", "media"})


class Verdict(Enum):
    PASS = "pass"  # hand it to Flet
    DROP = "drop"  # ignore it: a well-behaved screen never sends it, and ignoring it harms nothing
    CLOSE = "close"  # end the connection: nothing that follows can be trusted


def unpack(data: bytes) -> Any:
    """The message, with every string, list and map bounded while it is decoded (not after)."""
    return msgpack.unpackb(data, max_str_len=4 * MAX_TEXT + MAX_ROUTE, max_bin_len=4 * MAX_TEXT,
                           max_array_len=MAX_LIST, max_map_len=MAX_LIST, max_ext_len=4 * MAX_TEXT,
                           strict_map_key=False)


def check(data: bytes | None, registered: bool) -> tuple[Verdict, int | None]:
    """Whether a frame may reach Flet, and its action. Before registering only a registration passes;
    Flet's own handler cannot answer anything else then (it has no session yet)."""
    if data is None or not data:
        return (Verdict.CLOSE, None) if data is None else (Verdict.DROP, None)
    if data[0] != PROTOCOL:
        return (Verdict.DROP if registered and data[0] == DATA_CHANNEL else Verdict.CLOSE), None
    try:
        message = unpack(data[1:])
    except (ValueError, msgpack.exceptions.ExtraData, msgpack.exceptions.StackError, TypeError):
        return Verdict.CLOSE, None
    if not (isinstance(message, list) and len(message) == 2 and isinstance(message[1], dict)):
        return Verdict.CLOSE, None
    action, body = message
    if action == REGISTER:
        return (Verdict.PASS if not registered and _registration(body) else Verdict.CLOSE), action
    if not registered or action not in (CONTROL_EVENT, UPDATE_PROPS, METHOD_RESULT):
        return Verdict.CLOSE, action
    if action == UPDATE_PROPS:
        return (Verdict.PASS if _props_update(body) else Verdict.DROP), action
    if action == CONTROL_EVENT:
        ok = (_is_int(body.get("target")) and isinstance(body.get("name"), str) and len(body["name"]) <= 64
              and _plain(body.get("data")))
        return (Verdict.PASS if ok else Verdict.DROP), action
    ok = _is_int(body.get("control_id")) and isinstance(body.get("call_id"), str) and _plain(body.get("result"))
    return (Verdict.PASS if ok else Verdict.DROP), action


def _registration(body: dict) -> bool:
    session_id, page = body.get("session_id"), body.get("page")
    return ((session_id is None or (isinstance(session_id, str) and len(session_id) <= 64))
            and isinstance(body.get("page_name", ""), str) and isinstance(page, dict) and _page_props(page))


def _props_update(body: dict) -> bool:
    target, props = body.get("id"), body.get("props")
    if not (_is_int(target) and isinstance(props, dict) and props):
        return False
    if target == PAGE_ID:
        return _page_props(props)
    return all(name in PLAYER_PROPS and _player_value(value) for name, value in props.items())


def _page_props(props: dict) -> bool:
    for name, value in props.items():
        if name not in PAGE_PROPS:
            return False
        if name == "route":
            if not (isinstance(value, str) and len(value) <= MAX_ROUTE):
                return False
        elif not _plain(value):
            return False
    return True


def _player_value(value: Any) -> bool:
    """A scalar (text within MAX_TEXT), or a short list of them (a segmented button's choices)."""
    if isinstance(value, list):
        return len(value) <= MAX_LIST and all(_scalar(v) for v in value)
    return _scalar(value)


def _scalar(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (bool, int))


def _plain(value: Any, depth: int = 0) -> bool:
    """Scalars, and lists and maps of them a few levels deep: an event's details, a browser's
    measurements, a stored preference."""
    if isinstance(value, msgpack.ExtType):  # first: an ExtType is a tuple too
        return value.code == 4 and len(value.data) <= 4 * MAX_TEXT  # Flet's tagged string
    if isinstance(value, (list, tuple)):
        return depth < MAX_NESTING and all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return depth < MAX_NESTING and all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return _scalar(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53
