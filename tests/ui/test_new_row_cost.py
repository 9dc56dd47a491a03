"""A row that every change adds (the history's, Kleos' Glory log's) is one Semantics, one Text
and one span: Flet walks every field of every control and span it has not seen, on every device
that shows the list (bench/row_cost.py counts them), so these rows are kept to what they say."""
from __future__ import annotations

import asyncio
import dataclasses

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import TABLET, Device, kleos_at_play, label

HOST = Access("host")
MOST = 3  # controls in a new row: its Semantics, its Text, the Text's one span


def controls(value: object) -> list[ft.BaseControl]:
    """Every control (spans too) Flet configures when it first sees `value`."""
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in controls(v)]
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return []
    own = [value] if isinstance(value, ft.BaseControl) else []
    return own + [c for f in dataclasses.fields(value) if not f.metadata.get("skip", False)
                  for c in controls(getattr(value, f.name))]


def said(row: ft.Semantics) -> str:
    """The words a row draws: its Text's value, then its spans."""
    text = row.content
    return text.value + "".join(span.text for span in text.spans)


def test_a_kleos_change_adds_a_history_row_and_a_log_row_of_one_text_and_one_span(server: ServerInfo):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        await tablet.tap("glory-log-open")  # the Glory log is shut until opened
        await tablet.settle()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        parts = tablet.app.ui.parts
        new = {key: parts.built[key].control for key in parts.rebuilt if key in (f"history-{live.seq}", "glory-log-0")}
        assert set(new) == {f"history-{live.seq}", "glory-log-0"}
        for key, row in new.items():
            assert len(controls(row)) <= MOST, f"{key}: {[type(c).__name__ for c in controls(row)]}"
        # What is read stays: the label is what happened, and the row draws who and what
        history = new[f"history-{live.seq}"]
        assert label(tablet, f"history-{live.seq}") == "Athena +1 Glory (kill)"
        assert said(history).endswith("Tablet  Athena +1 Glory (kill)")
        assert label(tablet, "glory-log-0") == "Day 1: Athena +1 (kill)" and said(new["glory-log-0"]).endswith(
            "Day 1: Athena +1 (kill)")
        seq = live.seq
        live.undo(HOST)
        await tablet.settle()
        undone = tablet.app.ui.parts.built[f"history-{seq}"].control
        assert len(controls(undone)) <= MOST
        assert undone.content.spans[0].style.decoration == ft.TextDecoration.LINE_THROUGH
    asyncio.run(go())
