"""The yardstick for bench/fanout.py: a bare Flet app doing the same fan-out.

Three `Text` counters per session, a pubsub subscription, and `POST /bump` that
sends one new value to every session, which sets one counter and updates it.
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


async def main(page: ft.Page) -> None:
    counters = [ft.Text("0", size=40) for _ in range(3)]

    async def on_message(value: int) -> None:
        counters[0].value = str(value)
        counters[0].update()

    page.pubsub.subscribe(on_message)
    page.add(ft.Column(counters))


def build() -> flet_fastapi.FastAPI:
    app = flet_fastapi.FastAPI()
    state = {"n": 0}

    @app.post("/bump")
    async def bump() -> dict:
        state["n"] += 1
        app_manager.get_pubsubhub(main).send_all(state["n"])
        return {"n": state["n"]}

    @app.get("/health")
    async def health() -> dict:
        return {"ok": True}

    app.mount("/", flet_fastapi.app(main, no_cdn=True))
    return app


if __name__ == "__main__":
    uvicorn.run(build(), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
