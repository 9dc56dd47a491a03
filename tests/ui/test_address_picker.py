"""Which base URL the tablet's codes use: a pick beats `--url`, which beats the tablet's own
address, which beats detection; the picker offers the rest and never localhost."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft

from companion.ui.context import UI, ServerInfo
from companion.ui.widgets.address_picker import address_picker, other_bases, phone_base
from live_device import children

DETECTED = ("http://192.168.1.20:8550", "http://172.17.0.1:8550")


def tablet(page_url: str | None, fixed: str | None = None, lang: str = "en") -> UI:
    server = ServerInfo(hub=None, admin_token="a", base_url=fixed or DETECTED[0], addresses=DETECTED,
                        fixed=bool(fixed))
    return UI(page=SimpleNamespace(url=page_url, width=1280), server=server, lang=lang)


def test_the_tablets_lan_host_beats_detection():
    assert phone_base(tablet("ws://tablet.lan:8550")) == "http://tablet.lan:8550"


def test_a_tablet_on_localhost_falls_back_to_detection():
    assert phone_base(tablet("ws://127.0.0.1:8550")) == DETECTED[0]
    assert phone_base(tablet("ws://localhost:8550")) == DETECTED[0]


def test_a_page_without_a_connection_falls_back_to_detection():
    class Gone:
        @property
        def url(self):
            raise AttributeError("'NoneType' object has no attribute 'page_url'")

    ui = tablet(None)
    ui.page = Gone()
    assert phone_base(ui) == DETECTED[0]


def test_url_option_beats_the_tablets_own_host():
    assert phone_base(tablet("ws://tablet.lan:8550", fixed="http://phones.lan:9000")) == "http://phones.lan:9000"


def test_the_hosts_pick_beats_everything():
    ui = tablet("ws://tablet.lan:8550", fixed="http://phones.lan:9000")
    ui.picked_base = DETECTED[1]
    assert phone_base(ui) == DETECTED[1]


def test_others_list_every_address_but_the_current_one_and_never_localhost():
    ui = tablet("ws://tablet.lan:8550")
    assert other_bases(ui) == list(DETECTED)
    ui.server.addresses = ("http://127.0.0.1:8550",)
    ui.server.base_url = "http://127.0.0.1:8550"
    assert other_bases(ui) == []
    ui = tablet("ws://tablet.lan:8550", fixed="http://phones.lan:9000")
    assert other_bases(ui) == ["http://tablet.lan:8550", *DETECTED]


def _find(control: ft.Control, ident: str) -> ft.Control | None:
    if isinstance(control, ft.Semantics) and control.identifier == ident:
        return control.content
    for child in children(control):
        if (found := _find(child, ident)):
            return found
    return None


def test_picking_an_address_switches_the_codes_and_redraws():
    ui = tablet("ws://tablet.lan:8550")
    redraws = []

    async def refresh() -> None:
        redraws.append(phone_base(ui))

    ui.refresh = refresh
    picker = address_picker(ui, opened=False)
    assert _find(picker, "join-addresses") is None  # folded until asked
    asyncio.run(_find(picker, "join-trouble").on_click(None))
    assert ui.local.trouble_open is True and len(redraws) == 1
    redraws.clear()
    picker = address_picker(ui, opened=True)
    assert _find(picker, "join-addresses") is not None
    docker = _find(picker, "join-address-1")
    assert docker.content == DETECTED[1]
    asyncio.run(docker.on_click(None))
    assert redraws == [DETECTED[1]]


def test_picker_speaks_portuguese_and_explains_when_there_is_no_other_address():
    ui = tablet("ws://tablet.lan:8550", lang="pt")
    ui.server.addresses = ()
    ui.server.base_url = "http://tablet.lan:8550"
    picker = address_picker(ui, opened=True)
    assert _find(picker, "join-trouble").content == "Os celulares não conectam?"
    [text] = _find(picker, "join-addresses").controls
    assert "--url" in text.value and "http://tablet.lan:8550" in text.value
