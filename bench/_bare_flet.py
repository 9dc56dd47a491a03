"""The yardstick for bench/fanout.py: a bare Flet app doing the same fan-out.

Three `Text` counters per session, a pubsub subscription, and `POST /bump` that
sends one new value to every session, which sets one counter and updates it: the
issue's yardstick. `POST /bump?row=1` is the like-for-like line: each session also
puts a new row at the head of a log of eight, as a Kleos Glory change does on a
device that shows its Glory log (one Semantics-tagged Text: a coloured dot and a
line), so the bench can tell our own overhead from Flet's cost for a new row.
A session opened on `/h/<table>` is one of a hall's: `POST /bump?table=<table>` reaches that
table's sessions only (a pubsub topic), as a change on a hall's table does.
Run by the bench as `python bench/_bare_flet.py PORT`.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("FLET_WEB_NO_CDN", "1")

import flet as ft  # noqa: E402
import flet_web.fastapi as flet_fastapi  # noqa: E402
import uvicorn  # noqa: E402
from flet_web.fastapi.flet_app_manager import app_manager  # noqa: E402


LOG = 8  # rows a log keeps


def row(value: int) -> ft.Control:
    return ft.Semantics(content=ft.Text(spans=[ft.TextSpan("●  ", ft.TextStyle(color=ft.Colors.RED, size=12)),
                                               ft.TextSpan(f"Day 1: Ares +{value} (kill)")], size=15),
                        identifier=f"row-{value}")


async def main(page: ft.Page) -> None:
    counters = [ft.Text("0", size=40) for _ in range(3)]
    log = ft.Column([], spacing=12)
    column = ft.Column([*counters, log])

    async def on_message(message: tuple[int, bool]) -> None:
        value, with_row = message
        counters[0].value = str(value)
        if not with_row:
            counters[0].update()
            return
        log.controls.insert(0, row(value))
        del log.controls[LOG:]
        column.update()  # the counter and the log in one patch

    async def on_topic(topic: str, message: tuple[int, bool]) -> None:
        await on_message(message)

    if page.route.startswith("/h/"):  # a session of the hall: its table's changes only
        page.pubsub.subscribe_topic(page.route, on_topic)
    else:
        page.pubsub.subscribe(on_message)
    page.add(column)


def build() -> flet_fastapi.FastAPI:
    app = flet_fastapi.FastAPI()
    state = {"n": 0}

    @app.post("/bump")
    async def bump(row: bool = False, table: str | None = None) -> dict:
        state["n"] += 1
        hub = app_manager.get_pubsubhub(main)
        if table is None:
            hub.send_all((state["n"], row))
        else:  # the sessions opened on /h/<table> only, as a hall's change reaches one table
            hub.send_all_on_topic(f"/h/{table}", (state["n"], row))
        return {"n": state["n"]}

    @app.get("/health")
    async def health() -> dict:
        return {"ok": True}

    app.mount("/", flet_fastapi.app(main, no_cdn=True))
    return app


if __name__ == "__main__":
    uvicorn.run(build(), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
