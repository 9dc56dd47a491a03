"""A screen is built from the device's snapshot alone: no hub, no table, no clock, no file.

Every game's table screen is drawn for every device kind (the tablet, each seat's phone, a
spectator; English and Portuguese) after a random run of changes with the turn clock on, and
a finished Score pad with its summary; then the start screen and the Stats page. Each screen
is first drawn as usual (the snapshot is read, reads off the event loop come in), then built
again from that snapshot while the live table, the hub, the clocks and the file functions
raise when touched. A render that reaches for any of them fails here, naming what it touched.
"""
from __future__ import annotations

import asyncio
import builtins
import io
import os
import pathlib
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.ui.context import ServerInfo
from companion.ui.ending import extras
from companion.ui.live import Parts
from companion.ui.start import start_screen
from companion.ui.stats import stats_screen
from companion.ui.table import table_view
from live_device import TABLET, Device, every_device, walk
from test_live_equals_fresh import OPTIONS, apply, commands

HOST = Access("host")
EXAMPLES = 2


class Touched(AssertionError):
    """A render reached past the snapshot."""


class Forbidden:
    """Stands for the live table or the hub while a screen is built: any use of it fails."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str):
        raise Touched(f"a render read {self._name}.{attribute}")


def _refuse(what: str):
    def refused(*args, **kwargs):
        raise Touched(f"a render called {what}")
    return refused


@contextmanager
def sealed(ui, monkeypatch: pytest.MonkeyPatch):
    """The device's table and hub gone, the clocks and files raising, a fresh memo of parts (so
    every piece is built, none reused): what is built inside read only what it was given."""
    live, server, parts = ui.live, ui.server, ui.parts
    ui.live = Forbidden("the live table")
    ui.server = replace(server, hub=Forbidden("the hub"))
    ui.parts = Parts()
    with monkeypatch.context() as patch:
        for module, name in ((time, "time"), (time, "monotonic"), (time, "perf_counter"), (time, "time_ns")):
            patch.setattr(module, name, _refuse(f"time.{name}"))
        for module, name in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat"), (sqlite3, "connect")):
            patch.setattr(module, name, _refuse(f"{module.__name__}.{name}"))
        patch.setattr(pathlib.Path, "open", _refuse("Path.open"))
        try:
            ui.parts.begin((ui.lang, ui.dark, ui.is_phone))
            yield
        finally:
            ui.parts.end()
    ui.live, ui.server, ui.parts = live, server, parts


def build_table(device: Device, monkeypatch: pytest.MonkeyPatch) -> list:
    ui = device.app.ui
    snap = ui.snapshot()  # the render's one read of the table, as table_screen makes it
    snap.update(extras(ui))
    with sealed(ui, monkeypatch):
        return list(walk(table_view(ui, snap)))


def test_the_seal_catches_a_render_that_reads_the_table_the_clock_or_a_file(server, monkeypatch):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana"]})
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        ui = tablet.app.ui
        for reach in (lambda: ui.live.table, lambda: ui.server.hub.plays, lambda: time.time(), lambda: time.monotonic(),
                      lambda: open(__file__), lambda: pathlib.Path(__file__).read_text()):
            with sealed(ui, monkeypatch), pytest.raises(Touched):
                reach()
        assert ui.live is live and time.time() > 0  # and all is back afterwards
    asyncio.run(go())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_table_screen_is_built_from_the_snapshot_alone(tmp_path_factory, monkeypatch, game_id):
    server = ServerInfo(hub=Hub(tmp_path_factory.mktemp("sealed") / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550")

    # No shrinking: a touch is named by the failure itself, and shrinking a run of renders takes minutes.
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        async def go():
            live = server.hub.create(game_id, OPTIONS[game_id])
            live.dispatch({"type": "clock.start"}, HOST)  # the clock's line is on every screen that shows it
            players = [p.lower() for p in OPTIONS[game_id]["players"]]
            shown = await every_device(server, live)
            for _ in range(data.draw(st.integers(1, 6), label="changes")):
                for _ in range(12):
                    if apply(live, data.draw(commands(game_id, players))):
                        break
            for name, device in shown:
                await device.settle()
                assert build_table(device, monkeypatch), name
        asyncio.run(go())

    check()


def test_a_finished_table_its_summary_the_start_screen_and_stats_are_built_from_kept_reads(server, monkeypatch):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        live.dispatch({"type": "clock.start"}, HOST)
        live.dispatch({"type": "points.add", "player": "bia", "amount": 4}, HOST)
        live.dispatch({"type": "game.end", "from_step": live.step}, HOST)
        for name, device in await every_device(server, live):
            await device.settle()
            ui = device.app.ui
            snap = ui.snapshot()
            assert snap["summary"] is not None, f"{name}: the summary was built off the event loop and kept"
            snap.update(extras(ui))
            assert snap["ticket"], f"{name}: its download ticket was minted off the event loop"
            with sealed(ui, monkeypatch):
                built = list(walk(table_view(ui, snap)))
            assert any(getattr(c, "identifier", None) == "summary-bia" for c in built), name
        for route, screen, ident in (("/", start_screen, f"table-{live.table.id}"),
                                     ("/stats", stats_screen, "stats-plays")):
            tablet = await Device(server, f"{route}?admin={server.admin_token}", TABLET).open()
            await tablet.settle()
            with sealed(tablet.app.ui, monkeypatch):
                built = list(walk(screen(tablet.app.ui)))
            assert any(getattr(c, "identifier", None) == ident for c in built), route
    asyncio.run(go())
