"""The Join card's QR images are made in a worker thread, not on the event loop every device shares:
four codes took 100-180 ms there the first time a tablet drew a table (bench/open_lag.py)."""
from __future__ import annotations

import asyncio
import threading

import flet as ft

from companion.ui.kept import Read
from companion.ui.widgets import join_card
from live_device import TABLET, Device, walk


def test_a_tablet_draws_its_codes_once_a_worker_has_made_them(server, monkeypatch):
    made_on: list[str] = []
    real = join_card.qr_svg

    def recorded(text: str) -> str:
        made_on.append(threading.current_thread().name)
        return real(text)

    monkeypatch.setattr(join_card, "qr_svg", recorded)

    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena", "hermes"]})
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        loop_thread = threading.current_thread().name
        await tablet.settle()
        card = tablet.find("join-card")
        images = [c for c in walk(card) if isinstance(c, ft.Image)]
        assert len(images) == 4 and all(i.src.startswith("<svg") for i in images)  # three seats, spectators
        assert len(made_on) == 4 and loop_thread not in made_on

    asyncio.run(go())


def test_codes_a_worker_took_too_long_over_are_made_on_the_spot_not_left_blank(server, monkeypatch):
    """A read past its bound is kept as slow and not asked again (ui/kept.py): blank codes would stay."""
    monkeypatch.setattr(join_card, "kept", lambda ui, name, query, work: Read(query, slow=True))

    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        images = [c for c in walk(tablet.find("join-card")) if isinstance(c, ft.Image)]
        assert len(images) == 3 and all(i.src.startswith("<svg") for i in images)

    asyncio.run(go())
