"""One device's property updates change nothing on any other device, whatever it sends: frames go
through the same check as on the websocket (companion/server/device_frames.py), then to Flet's own session
as its transport hands them over. Also: no module of the UI holds a Flet object that sessions could
share, and a browser follows a seat from one tab at a time."""
from __future__ import annotations

import asyncio
import dataclasses
import importlib
import pkgutil
from enum import Enum

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl

from companion import ui
from companion.server import device_frames
from companion.server.device_frames import CONTROL_EVENT, UPDATE_PROPS, Verdict
from companion.i18n import t
from companion.ui.devices import CROWDED, CROWDED_ADDRESS, REPLACED
from flet_private import browser_id, control_id
from live_device import TABLET, Device

ATTACKS = [
    {"style": {"size": 333, "color": "#ff00ff", "bgcolor": "#000000"}},
    {"style": {"weight": {"nested": ["junk"]}}},
    {"size": 333}, {"color": "#ff00ff"}, {"text": "pwned"}, {"spans": []}, {"visible": False},
    {"value": "pwned"}, {"value": "x" * 5000}, {"controls": []}, {"content": None},
]


def run(coro):
    return asyncio.run(coro)


def tree(value: object) -> object:
    """Every public property of every control and value object under `value`, as plain data."""
    if isinstance(value, (list, tuple)):
        return [tree(v) for v in value]
    if isinstance(value, dict):
        return {k: tree(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict = {"type": type(value).__name__, "id": browser_id(value)}
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                v = getattr(value, f.name, None)
                out[f.name] = bool(v) if callable(v) else tree(v)
        return out
    return value.value if isinstance(value, Enum) else value


def screen(device: Device) -> object:
    page = device.page
    return tree([page.controls, page.appbar, page.theme, page.dark_theme])


async def send(device: Device, action: int, body: dict) -> None:
    """What Flet's websocket handler does with a frame that passed the check."""
    verdict, _ = device_frames.check(b"\x00" + msgpack.packb([action, body]), registered=True)
    if verdict is not Verdict.PASS:
        return
    if action == UPDATE_PROPS:
        device.flet.apply_patch(body["id"], body["props"])
    else:
        await device.flet.dispatch_event(body["target"], body["name"], body["data"])


async def ask_rules(device: Device, query: str) -> None:
    """Open the rules, type `query` as a browser would, and wait for the hits."""
    await device.tap("rules-open")
    await device.settle()
    field = device.find("rules-query")
    await send(device, UPDATE_PROPS, {"id": control_id(field), "props": {"value": query}})
    await send(device, CONTROL_EVENT, {"target": control_id(field), "name": "change", "data": query})
    for _ in range(1000):
        if any(i.startswith(("rules-hit-", "rules-refused")) for i in device.ids()):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no answer to {query!r}")


async def three_devices(server):
    live = server.hub.create("kleos", {"players": ["ares", "athena", "hermes"]})
    seats = live.table.seats
    phones = [await Device(server, f"/t/{live.table.id}?k={live.claim(s.token)[1]}").open() for s in seats[:2]]
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    for device in [*phones, tablet]:
        await ask_rules(device, "can a champion be cursed")
    return live, phones[0], phones[1], tablet


def test_property_updates_from_one_device_leave_every_other_tree_unchanged(server):
    async def go():
        _, attacker, other, tablet = await three_devices(server)
        before = [screen(other), screen(tablet)]
        for ident in list(attacker.flet.index):
            for props in ATTACKS:
                await send(attacker, UPDATE_PROPS, {"id": ident, "props": props})
        await attacker.tap("rules-close")
        await attacker.settle()
        assert [screen(other), screen(tablet)] == before
    run(go())


def test_even_a_style_patched_straight_into_flet_stays_on_its_own_page(server):
    """Past the check, too: a device's highlight style is its own object, not one every device shares."""
    async def go():
        _, attacker, other, tablet = await three_devices(server)
        before = [screen(other), screen(tablet)]
        marks = [c for c in list(attacker.flet.index.values()) if isinstance(c, ft.TextSpan) and c.style]
        assert marks, "the hits show marked words"
        for span in marks:
            attacker.flet.apply_patch(control_id(span), {"style": {"size": 333, "color": "#ff00ff", "bgcolor": "#000000"}})
        assert marks[0].style.size == 333  # the attacker's own page did change
        assert [screen(other), screen(tablet)] == before
    run(go())


def test_no_ui_module_holds_a_flet_object_sessions_could_share():
    shared = []
    for module in pkgutil.walk_packages(ui.__path__, "companion.ui."):
        for name, value in vars(importlib.import_module(module.name)).items():
            values = value if isinstance(value, (tuple, list)) else [value]
            if any(isinstance(v, BaseControl) or (dataclasses.is_dataclass(v) and not isinstance(v, type)
                                                  and type(v).__module__.startswith("flet")) for v in values):
                shared.append(f"{module.name}.{name}")
    assert not shared


def test_a_question_past_its_bound_is_refused_at_once_with_a_message(server):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await ask_rules(phone, "champion " * 30)  # 270 characters: within what the websocket takes
        words = phone.find("rules-refused").value
        assert words == "Too long: at most 200 characters."
    run(go())


def test_a_browser_follows_a_seat_from_one_tab_and_a_seat_from_a_few(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        key = live.claim(live.table.seats[0].token)[1]
        route = f"/t/{live.table.id}?k={key}"
        browser: dict = {}
        first = await Device(server, route, storage=browser).open()
        second = await Device(server, route, storage=browser).open()
        await first.settle()
        assert live.listener_count == 1
        assert first.find("no-access-reason").value.startswith("This seat is now open in another tab")
        assert first.app.notice == REPLACED and second.app.ui.live is live
        others = [await Device(server, route, storage={}).open() for _ in range(6)]
        await others[-1].settle()
        assert live.listener_count == server.screens.per_seat
        assert second.app.notice == CROWDED and others[0].app.notice == CROWDED
        await first.tap("follow-here")  # the way back: this tab follows the seat again
        await first.settle()
        assert first.app.ui.live is live and live.listener_count == server.screens.per_seat
    run(go())


def test_one_address_opens_only_so_many_sessions_and_the_next_is_refused_saying_why(server):
    """Fake browser ids from one address: past its bound a new session is refused, claims nothing
    and says why; the sessions already there, other addresses and the tablet are never touched."""
    async def go():
        server.screens.per_address = 3
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET,
                              address="10.0.0.5").open()
        spectate = f"/t/{live.table.id}?k={live.table.spectator_token}"
        crowd = [await Device(server, spectate, storage={}, address="10.0.0.5").open() for _ in range(3)]
        invitation = live.table.seats[1].token
        refused = await Device(server, f"/t/{live.table.id}?k={invitation}", storage={}, address="10.0.0.5").open()
        neighbour = await Device(server, spectate, storage={}, address="10.0.0.6").open()
        await neighbour.settle()
        assert refused.app.notice == CROWDED_ADDRESS and refused.app.ui.live is None
        assert refused.find("no-access-reason").value == t(CROWDED_ADDRESS, "en")
        assert t(CROWDED_ADDRESS, "pt").startswith("Telas demais do endereço de rede")
        assert live.claim(invitation) is not None  # the refused screen spent no invitation
        assert all(d.app.ui.live is live and d.app.notice is None for d in [tablet, *crowd, neighbour])
        assert live.listener_count == 5
        crowd[0].flet.close()  # one of them ends (Flet closes it once its reconnect window passes)
        await crowd[0].settle()
        await refused.tap("follow-here")  # trying again now opens the table's link (spent meanwhile)
        await refused.settle()
        assert refused.app.notice != CROWDED_ADDRESS
        assert refused.find("no-access-reason").value != t(CROWDED_ADDRESS, "en")
    run(go())


def test_the_default_bound_leaves_room_for_a_full_table_behind_one_address(server):
    """8 phones, the tablet and a dozen spectators, all through one hotspot: nobody is set aside."""
    async def go():
        players = [f"p{n}" for n in range(8)]
        live = server.hub.create("scorepad", {"players": players})
        seats = [live.claim(s.token)[1] for s in live.table.seats]
        routes = [f"/t/{live.table.id}?k={key}" for key in seats]
        routes += [f"/t/{live.table.id}?k={live.table.spectator_token}"] * 12
        devices = [await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()]
        devices += [await Device(server, route, storage={}).open() for route in routes]
        await devices[-1].settle()
        assert [d.app.notice for d in devices] == [None] * 21
        assert live.listener_count == 21
    run(go())
