"""A message is sent as Flet sends it, without being written out for a log that is off
(companion/flet_patches/send_log.py)."""
from __future__ import annotations

import asyncio
import logging

import flet as ft
import msgpack
from flet.messaging.protocol import Message, MessageAction
from flet_web.fastapi.flet_app import FletApp, transport_log

from companion.flet_patches import send_log


class Loud(ft.Text):
    def __repr__(self) -> str:
        raise AssertionError("formatted for a log that is off")


def test_the_same_bytes_go_out_and_nothing_is_formatted():
    send_log.apply()
    app = FletApp.__new__(FletApp)
    app._FletApp__send_queue = asyncio.Queue()
    transport_log.setLevel(logging.WARNING)
    message = Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": [[0], [1, 0, "value", "7"]], "c": Loud("x")})
    app.send_message(message)
    sent = app._FletApp__send_queue.get_nowait()
    assert sent[:1] == b"\x00"
    action, body = msgpack.unpackb(sent[1:], strict_map_key=False)
    assert action == MessageAction.PATCH_CONTROL.value and body["patch"] == [[0], [1, 0, "value", "7"]]
    assert body["c"]["value"] == "x"
